//! The six shapes and three colours of the pieces (spec `aratoth.md`, "Pieces").
//!
//! The shapes are one data table, [`SHAPES`]: a different shape set is a change of that
//! table alone.

use std::fmt;

use crate::words::Worded;

use serde::{Deserialize, Serialize};

use super::geometry::Site;

/// A piece's shape. The order is the order of [`SHAPES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Shape {
    Formula,
    Bird,
    Mage,
    Fish,
    Snake,
    Dragon,
}

/// One row of the shape table.
#[derive(Debug, Clone, Copy)]
pub struct ShapeSpec {
    pub shape: Shape,
    /// German word (notation and German texts).
    pub de: &'static str,
    /// English word (canonical notation).
    pub en: &'static str,
    /// Number of balls, 3 or 4.
    pub balls: usize,
    /// The form in a few English words (used in refusals).
    pub form: &'static str,
    /// Every pairwise squared distance of the ball centres, in ball diameters squared,
    /// sorted ascending (3 values for 3 balls, 6 for 4).
    pub distances: &'static [u32],
}

/// The six shapes (spec "Pieces", the **Interpretation** table). A site set is a shape
/// when its pairwise squared distances are exactly `distances` and every ball touches at
/// least one other ball of the piece.
pub const SHAPES: [ShapeSpec; 6] = [
    ShapeSpec {
        shape: Shape::Formula,
        de: "formel",
        en: "formula",
        balls: 3,
        form: "three balls in a straight line",
        distances: &[1, 1, 4],
    },
    ShapeSpec {
        shape: Shape::Bird,
        de: "vogel",
        en: "bird",
        balls: 3,
        form: "a chain of three balls bent at 120°",
        distances: &[1, 1, 3],
    },
    ShapeSpec {
        shape: Shape::Mage,
        de: "magier",
        en: "mage",
        balls: 4,
        form: "a tetrahedron of four balls that all touch each other",
        distances: &[1, 1, 1, 1, 1, 1],
    },
    ShapeSpec {
        shape: Shape::Fish,
        de: "fisch",
        en: "fish",
        balls: 4,
        form: "a flat rhombus of two touching triangles",
        distances: &[1, 1, 1, 1, 1, 3],
    },
    ShapeSpec {
        shape: Shape::Snake,
        de: "schlange",
        en: "snake",
        balls: 4,
        form: "a flat zigzag chain of four balls",
        distances: &[1, 1, 1, 3, 3, 7],
    },
    ShapeSpec {
        shape: Shape::Dragon,
        de: "drache",
        en: "dragon",
        balls: 4,
        form: "a flat Y: one centre ball touching three others at 120°",
        distances: &[1, 1, 1, 3, 3, 3],
    },
];

impl Shape {
    /// All shapes, in table order.
    pub const ALL: [Shape; 6] = [Shape::Formula, Shape::Bird, Shape::Mage, Shape::Fish, Shape::Snake, Shape::Dragon];

    /// The position in [`SHAPES`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The shape's row of the table.
    pub fn spec(self) -> &'static ShapeSpec {
        &SHAPES[self.index()]
    }

    /// The English word (canonical notation).
    pub fn word(self) -> &'static str {
        self.spec().en
    }

    /// Number of balls.
    pub fn balls(self) -> usize {
        self.spec().balls
    }

    /// Parses an English or German shape word, case-insensitive.
    pub fn parse(word: &str) -> Option<Shape> {
        let word = word.to_lowercase();
        SHAPES.iter().find(|s| s.en == word || s.de == word).map(|s| s.shape)
    }

    /// Whether these sites form this shape: the pairwise distances match the table and
    /// every ball touches another ball of the piece. The order of `sites` is free.
    pub fn fits(self, sites: &[Site]) -> bool {
        let spec = self.spec();
        if sites.len() != spec.balls {
            return false;
        }
        let mut distances = Vec::with_capacity(spec.distances.len());
        for (k, a) in sites.iter().enumerate() {
            for b in &sites[k + 1..] {
                let d12 = a.distance12(*b);
                if d12 % 12 != 0 {
                    return false;
                }
                distances.push(d12 / 12);
            }
        }
        distances.sort_unstable();
        distances == spec.distances && glued(sites)
    }

    /// The shape these sites form, if any.
    pub fn identify(sites: &[Site]) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.fits(sites))
    }
}

/// Whether every ball touches at least one other (spec: "one glued body").
fn glued(sites: &[Site]) -> bool {
    sites.iter().enumerate().all(|(k, a)| sites.iter().enumerate().any(|(l, b)| k != l && a.touches(*b)))
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A piece colour. In the three-player game seat *i* owns colour *i*.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Red,
    Green,
    Black,
}

impl Colour {
    /// Red, green, black (seat order in the three-player game).
    pub const ALL: [Colour; 3] = [Colour::Red, Colour::Green, Colour::Black];

    /// 0 red, 1 green, 2 black.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The English word (canonical notation).
    pub fn word(self) -> &'static str {
        self.word_in(crate::Lang::En)
    }

    /// The German word.
    pub fn word_de(self) -> &'static str {
        self.word_in(crate::Lang::De)
    }

    /// Parses `red`/`rot`, `green`/`grün`/`gruen`, `black`/`schwarz`, case-insensitive.
    pub fn parse(word: &str) -> Option<Colour> {
        Colour::from_word(word)
    }
}

crate::word_table!(Colour {
    Colour::Red => "red", "rot";
    Colour::Green => "green", "grün", "gruen";
    Colour::Black => "black", "schwarz";
});

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}
