//! Counts of fakes: a supply, a field's pieces of one player, finds, destroyed pieces.

use std::{fmt, ops::AddAssign};

use serde::{Serialize, Serializer};

use super::notation::Piece;

/// Blocks and discs of one player. Serialises as `[blocks, discs]` (spec `details`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Pieces {
    pub blocks: u8,
    pub discs: u8,
}

impl Pieces {
    /// No pieces.
    pub const NONE: Pieces = Pieces { blocks: 0, discs: 0 };
    /// A player's 20 fakes: 10 blocks and 10 discs.
    pub const FULL_SET: Pieces = Pieces { blocks: 10, discs: 10 };

    /// `blocks` blocks and `discs` discs.
    pub const fn new(blocks: u8, discs: u8) -> Pieces {
        Pieces { blocks, discs }
    }

    /// The points they are worth: 2 per block, 1 per disc.
    pub fn value(self) -> u8 {
        self.blocks.saturating_mul(Piece::Block.value()).saturating_add(self.discs)
    }

    /// The number of pieces.
    pub fn count(self) -> u8 {
        self.blocks.saturating_add(self.discs)
    }

    /// Whether there are none.
    pub fn is_empty(self) -> bool {
        self.count() == 0
    }

    /// How many pieces of `kind`.
    pub fn of(self, kind: Piece) -> u8 {
        match kind {
            Piece::Block => self.blocks,
            Piece::Disc => self.discs,
        }
    }

    /// Removes one piece of `kind`; `false` (and nothing changes) when there is none.
    pub fn take(&mut self, kind: Piece) -> bool {
        let slot = match kind {
            Piece::Block => &mut self.blocks,
            Piece::Disc => &mut self.discs,
        };
        match slot.checked_sub(1) {
            Some(left) => {
                *slot = left;
                true
            }
            None => false,
        }
    }

    /// Adds one piece of `kind`.
    pub fn put(&mut self, kind: Piece) {
        *self += match kind {
            Piece::Block => Pieces::new(1, 0),
            Piece::Disc => Pieces::new(0, 1),
        };
    }
}

impl AddAssign for Pieces {
    fn add_assign(&mut self, other: Pieces) {
        self.blocks = self.blocks.saturating_add(other.blocks);
        self.discs = self.discs.saturating_add(other.discs);
    }
}

impl Serialize for Pieces {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        [self.blocks, self.discs].serialize(serializer)
    }
}

impl fmt::Display for Pieces {
    /// `2 blocks, 1 disc`, `1 block`, `nothing`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = |n: u8, word: &str| if n == 1 { format!("1 {word}") } else { format!("{n} {word}s") };
        match (self.blocks, self.discs) {
            (0, 0) => f.write_str("nothing"),
            (b, 0) => f.write_str(&plural(b, "block")),
            (0, d) => f.write_str(&plural(d, "disc")),
            (b, d) => write!(f, "{}, {}", plural(b, "block"), plural(d, "disc")),
        }
    }
}
