//! The stone circle's outer ring: 30 fields numbered 1-30 clockwise, each with one of
//! six colours (spec `artifakes.md`, "Board and components").

use std::fmt;

use crate::words::Worded;

use serde::{Deserialize, Serialize};

/// Fields on the outer ring.
pub const FIELDS: u8 = 30;

/// The six field colours (their German words in the [`crate::words::Worded`] table below).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    White,
    Grey,
    Blue,
    Green,
    Yellow,
    Red,
}

impl Colour {
    /// Every colour, in the order of the ring's first fields.
    pub const ALL: [Colour; 6] = [Colour::White, Colour::Grey, Colour::Blue, Colour::Green, Colour::Yellow, Colour::Red];

    /// The English word (also the Fluent argument value).
    pub fn word(self) -> &'static str {
        self.word_in(crate::Lang::En)
    }
}

crate::word_table!(Colour {
    Colour::White => "white", "weiß", "weiss";
    Colour::Grey => "grey", "grau", "gray";
    Colour::Blue => "blue", "blau";
    Colour::Green => "green", "grün", "gruen";
    Colour::Yellow => "yellow", "gelb";
    Colour::Red => "red", "rot";
});

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// THE table of the ring: the colour of field `n` is `RING[n - 1]`.
///
/// **Interpretation** (spec): white 1-5, grey 6·12·18·24·30, blue 7-11, green 13-17,
/// yellow 19-23, red 25-29. A card's colour is the colour of the field with its number.
/// A correction to the board is a change to this table only.
pub const RING: [Colour; FIELDS as usize] = {
    use Colour::{Blue as Bl, Green as Gn, Grey as Gy, Red as Rd, White as Wh, Yellow as Ye};
    [
        Wh, Wh, Wh, Wh, Wh, // 1-5
        Gy, Bl, Bl, Bl, Bl, Bl, // 6-11
        Gy, Gn, Gn, Gn, Gn, Gn, // 12-17
        Gy, Ye, Ye, Ye, Ye, Ye, // 18-23
        Gy, Rd, Rd, Rd, Rd, Rd, // 24-29
        Gy, // 30
    ]
};

/// The colour of field (or card) `n`, `None` outside 1-30.
pub fn colour_of(n: u8) -> Option<Colour> {
    RING.get(usize::from(n).checked_sub(1)?).copied()
}

/// The fields of each colour (in [`Colour::ALL`]'s order), ascending: [`RING`] read
/// once, when compiling.
const FIELDS_BY_COLOUR: [[u8; 5]; 6] = {
    let mut table = [[0u8; 5]; 6];
    let mut filled = [0usize; 6];
    let mut f = 0;
    while f < RING.len() {
        let colour = RING[f] as usize;
        table[colour][filled[colour]] = f as u8 + 1;
        filled[colour] += 1;
        f += 1;
    }
    table
};

/// The fields of `colour`, ascending (five of them).
pub fn fields_of(colour: Colour) -> impl Iterator<Item = u8> {
    FIELDS_BY_COLOUR.get(colour as usize).copied().unwrap_or_default().into_iter()
}

/// A direction around the ring: clockwise counts up (30 -> 1), counter-clockwise down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Direction {
    #[serde(rename = "cw")]
    Clockwise,
    #[serde(rename = "ccw")]
    CounterClockwise,
}

impl Direction {
    /// Both directions, clockwise first.
    pub const ALL: [Direction; 2] = [Direction::Clockwise, Direction::CounterClockwise];

    /// The canonical word: `cw` or `ccw`.
    pub fn word(self) -> &'static str {
        self.word_in(crate::Lang::En)
    }
}

crate::word_table!(Direction {
    Direction::Clockwise => "cw", "uzs", "clockwise";
    Direction::CounterClockwise => "ccw", "guzs", "counterclockwise", "counter-clockwise", "anticlockwise";
});

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// The field reached from `field` (1-30) after exactly `steps` fields in `direction`,
/// wrapping between 30 and 1.
pub fn step(field: u8, steps: u8, direction: Direction) -> u8 {
    let n = u32::from(FIELDS);
    let from = u32::from(field.clamp(1, FIELDS)) - 1;
    let by = u32::from(steps) % n;
    let to = match direction {
        Direction::Clockwise => (from + by) % n,
        Direction::CounterClockwise => (from + n - by) % n,
    };
    // `to` < 30, so the conversion cannot fail; 1 is never reached otherwise.
    u8::try_from(to + 1).unwrap_or(1)
}
