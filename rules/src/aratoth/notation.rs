//! The move notation (spec "Notation"): `<shape> [<colour>] <site> <site> <site> [<site>]`.

use std::fmt;

use super::{
    geometry::{Site, SiteSet},
    pieces::{Colour, Shape},
};
use crate::Refusal;

/// A move: a piece (shape and colour) and the sites its balls occupy.
///
/// Prints canonically in English with the sites sorted by layer, then number:
/// `dragon red a5 a9 a10 a13`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placement {
    pub shape: Shape,
    pub colour: Colour,
    pub sites: SiteSet,
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.shape, self.colour, self.sites)
    }
}

fn example() -> &'static str {
    "e.g. \"dragon red a5 a9 a10 a13\""
}

/// Whether a word looks like a site name (a letter followed by digits), right or wrong.
fn looks_like_site(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic()) && {
        let rest = chars.as_str();
        !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit())
    }
}

impl Placement {
    /// Parses a move. Words are separated by spaces (or commas) and may come in any
    /// order; shape and colour words are English or German, case-insensitive. Without a
    /// colour the move takes `own_colour` (the mover's colour in the three-player game).
    /// Whether the sites form the shape is checked when the move is applied.
    ///
    /// # Errors
    /// A [`Refusal`] when the text is not a move: no shape, two shapes or colours, no
    /// colour in the two-player game, an unknown word, a site outside the pyramid, a
    /// site named twice.
    pub fn parse(text: &str, own_colour: Option<Colour>) -> Result<Placement, Refusal> {
        let mut shape = None;
        let mut colour = None;
        let mut sites = SiteSet::EMPTY;
        for word in text.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()) {
            if let Some(s) = Shape::parse(word) {
                if shape.is_some_and(|old| old != s) {
                    return Err(Refusal::new("aratoth-one-shape", format!("name one shape only, {}", example())));
                }
                shape = Some(s);
            } else if let Some(c) = Colour::parse(word) {
                if colour.is_some_and(|old| old != c) {
                    return Err(Refusal::new("aratoth-one-colour", format!("name one colour only, {}", example())));
                }
                colour = Some(c);
            } else if looks_like_site(word) {
                let site = Site::parse(word)?;
                if sites.contains(site) {
                    return Err(Refusal::new("aratoth-site-twice", format!("{site} is named twice")).arg("site", site));
                }
                sites = sites.with(site);
            } else {
                let word: String = word.chars().take(40).collect();
                return Err(Refusal::new(
                    "aratoth-unknown-word",
                    format!(
                        "\"{word}\" is not a shape (formula, bird, mage, fish, snake, dragon), \
                         a colour (red, green, black) or a site (a1-a36 … h1)"
                    ),
                )
                .arg("word", word));
            }
        }
        let Some(shape) = shape else {
            return Err(Refusal::new(
                "aratoth-shape-needed",
                format!("name the piece's shape and its sites, {}", example()),
            ));
        };
        let Some(colour) = colour.or(own_colour) else {
            return Err(Refusal::new(
                "aratoth-colour-needed",
                format!("name the piece's colour (red, green or black), {}", example()),
            ));
        };
        if sites.is_empty() {
            return Err(Refusal::new(
                "aratoth-sites-needed",
                format!("name the sites the {shape}'s balls go to, {}", example()),
            )
            .arg("shape", shape));
        }
        Ok(Placement { shape, colour, sites })
    }
}
