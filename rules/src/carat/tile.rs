//! Carat's colours, tiles, spaces and chips (spec `carat.md`, "Board" and "Tiles").

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::words::Worded;
use crate::Refusal;

/// The four diamond colours; player *i* owns colour *i* (red, blue, green, yellow).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Red,
    Blue,
    Green,
    Yellow,
}

impl Colour {
    /// In seat order: red, blue, green, yellow.
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Blue, Colour::Green, Colour::Yellow];

    /// 0 red, 1 blue, 2 green, 3 yellow.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The English word (canonical notation).
    pub fn word(self) -> &'static str {
        self.word_in(crate::Lang::En)
    }

    /// The letter in tile codes: R, B, G, Y.
    pub fn letter(self) -> char {
        match self {
            Colour::Red => 'R',
            Colour::Blue => 'B',
            Colour::Green => 'G',
            Colour::Yellow => 'Y',
        }
    }

    fn from_letter(c: char) -> Option<Colour> {
        match c.to_ascii_uppercase() {
            'R' => Some(Colour::Red),
            'B' => Some(Colour::Blue),
            'G' => Some(Colour::Green),
            'Y' => Some(Colour::Yellow),
            _ => None,
        }
    }

    /// Parses an English or German colour word (`red`/`rot`, `blue`/`blau`,
    /// `green`/`grün`/`gruen`, `yellow`/`gelb`), case-insensitive.
    pub fn parse(word: &str) -> Option<Colour> {
        Colour::from_word(word)
    }
}

crate::word_table!(Colour {
    Colour::Red => "red", "rot";
    Colour::Blue => "blue", "blau";
    Colour::Green => "green", "grün", "gruen";
    Colour::Yellow => "yellow", "gelb";
});

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A diamond tile: four diamonds of one value (1-6), one of each colour; `order` lists
/// the colours clockwise starting from red.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile {
    pub value: u8,
    pub order: [Colour; 4],
}

impl Tile {
    /// The six cyclic orders, as the spec lists them (`RBGY RBYG RGBY RGYB RYBG RYGB`).
    pub const ORDERS: [[Colour; 4]; 6] = {
        use Colour::*;
        [
            [Red, Blue, Green, Yellow],
            [Red, Blue, Yellow, Green],
            [Red, Green, Blue, Yellow],
            [Red, Green, Yellow, Blue],
            [Red, Yellow, Blue, Green],
            [Red, Yellow, Green, Blue],
        ]
    };

    /// All 36 tiles, value by value, orders as in [`Tile::ORDERS`].
    pub fn all() -> Vec<Tile> {
        (1..=6).flat_map(|value| Tile::ORDERS.iter().map(move |&order| Tile { value, order })).collect()
    }

    /// Parses a tile code such as `5RGBY` or `5gbyr` (any starting colour).
    ///
    /// # Errors
    /// A [`Refusal`] when the code is not a value 1-6 and the four letters R, B, G, Y.
    pub fn parse(code: &str) -> Result<Tile, Refusal> {
        let bad = || {
            Refusal::new(
                "carat-bad-tile",
                format!("\"{code}\" is not a tile: write its value 1-6 and the letters R, B, G, Y, e.g. 5RGBY"),
            )
            .arg("text", code)
        };
        let mut chars = code.chars();
        let value = chars.next().and_then(|c| c.to_digit(10)).filter(|v| (1..=6).contains(v)).ok_or_else(bad)?;
        let colours: Vec<Colour> = chars.map(Colour::from_letter).collect::<Option<_>>().ok_or_else(bad)?;
        let mut seen = [false; 4];
        for c in &colours {
            seen[c.index()] = true;
        }
        if colours.len() != 4 || seen.contains(&false) {
            return Err(bad());
        }
        let start = colours.iter().position(|&c| c == Colour::Red).unwrap_or(0);
        let mut order = [Colour::Red; 4];
        for (k, slot) in order.iter_mut().enumerate() {
            *slot = colours[(start + k) % 4];
        }
        Ok(Tile { value: value as u8, order })
    }

    /// The colours at the corners NW, NE, SE, SW when `north_west` is turned to the
    /// north-west corner (clockwise order is kept).
    pub fn corners(self, north_west: Colour) -> [Colour; 4] {
        let start = self.order.iter().position(|&c| c == north_west).unwrap_or(0);
        let mut corners = [Colour::Red; 4];
        for (k, slot) in corners.iter_mut().enumerate() {
            *slot = self.order[(start + k) % 4];
        }
        corners
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.value)?;
        for c in self.order {
            write!(f, "{}", c.letter())?;
        }
        Ok(())
    }
}

/// A tile space: `col` 0-5 is `a`-`f`, `row` 0-5 is `1`-`6` (`a1` top left).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Space {
    pub col: u8,
    pub row: u8,
}

impl Space {
    /// Parses `a1`..`f6` (case-insensitive).
    ///
    /// # Errors
    /// A [`Refusal`] naming the text when it is not a space of the 6x6 grid.
    pub fn parse(text: &str) -> Result<Space, Refusal> {
        let lower = text.to_lowercase();
        let mut chars = lower.chars();
        let (Some(c), Some(r), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(bad_space(text));
        };
        if !('a'..='f').contains(&c) || !('1'..='6').contains(&r) {
            return Err(bad_space(text));
        }
        Ok(Space { col: c as u8 - b'a', row: r as u8 - b'1' })
    }

    /// Whether the space lies on the edge of the grid.
    pub fn on_edge(self) -> bool {
        self.col == 0 || self.row == 0 || self.col == 5 || self.row == 5
    }

    /// The chips at this space's corners, NW, NE, SE, SW, as (col, row) 0-6.
    pub fn corner_chips(self) -> [(usize, usize); 4] {
        let (c, r) = (self.col as usize, self.row as usize);
        [(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)]
    }
}

fn bad_space(text: &str) -> Refusal {
    Refusal::new("carat-bad-space", format!("\"{text}\" is not a space: columns a-f, rows 1-6, e.g. c3"))
        .arg("text", text)
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col) as char, self.row + 1)
    }
}
