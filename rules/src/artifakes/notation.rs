//! Artifakes' moves and their text notation (spec `artifakes.md`, "Notation"):
//! `bury block 17`, `play 17 number cw`, `play 17 colour ccw`, `play 17 waste`, and the
//! German `vergrabe scheibe 3`, `spiele 17 zahl uzs`, `spiele 17 farbe guzs`,
//! `spiele 17 verschwenden`.

use std::fmt;

use super::ring::{Direction, FIELDS};
use crate::words::Worded;
use crate::Refusal;

/// A fake from a player's supply: a block is worth 2 points, a disc 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    Block,
    Disc,
}

impl Piece {
    /// Blocks first.
    pub const ALL: [Piece; 2] = [Piece::Block, Piece::Disc];

    /// The piece's value in points (block 2, disc 1).
    pub fn value(self) -> u8 {
        match self {
            Piece::Block => 2,
            Piece::Disc => 1,
        }
    }

    /// The canonical word: `block` or `disc`.
    pub fn word(self) -> &'static str {
        match self {
            Piece::Block => "block",
            Piece::Disc => "disc",
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// How a card gives movement points: by its colour or by its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Way {
    Colour,
    Number,
}

impl Way {
    /// Colour first.
    pub const ALL: [Way; 2] = [Way::Colour, Way::Number];

    /// The canonical word: `colour` or `number`.
    pub fn word(self) -> &'static str {
        self.word_in(crate::Lang::En)
    }
}

crate::word_table!(Way {
    Way::Colour => "colour", "farbe", "color";
    Way::Number => "number", "zahl", "nummer";
});

impl fmt::Display for Way {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A move. Cards and fields are numbers 1-30. `Display` prints the canonical notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ArtifakesMove {
    /// `bury block 17`: a piece from the supply onto a field (burying phase).
    Bury { piece: Piece, field: u8 },
    /// `play 17 number cw`: a card moves the inspector (excavating phase).
    Play { card: u8, way: Way, direction: Direction },
    /// `play 17 waste`: the card is laid face up, the inspector stays.
    Waste { card: u8 },
}

impl fmt::Display for ArtifakesMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArtifakesMove::Bury { piece, field } => write!(f, "bury {piece} {field}"),
            ArtifakesMove::Play { card, way, direction } => write!(f, "play {card} {way} {direction}"),
            ArtifakesMove::Waste { card } => write!(f, "play {card} waste"),
        }
    }
}

/// A keyword of the notation, English or German.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Word {
    Bury,
    Play,
    Piece(Piece),
    Way(Way),
    Direction(Direction),
    Waste,
}

/// The keyword `word` stands for (lower-case input), with the canonical English spelling.
fn keyword(word: &str) -> Option<(Word, &'static str)> {
    if let Some(way) = Way::from_word(word) {
        return Some((Word::Way(way), way.word()));
    }
    if let Some(direction) = Direction::from_word(word) {
        return Some((Word::Direction(direction), direction.word()));
    }
    Some(match word {
        "bury" | "vergrabe" | "vergraben" => (Word::Bury, "bury"),
        "play" | "spiele" | "spielen" | "spiel" => (Word::Play, "play"),
        "block" | "blocks" | "blöcke" | "bloecke" => (Word::Piece(Piece::Block), "block"),
        "disc" | "disk" | "discs" | "scheibe" | "scheiben" => (Word::Piece(Piece::Disc), "disc"),
        "waste" | "verschwenden" | "verschwende" => (Word::Waste, "waste"),
        _ => return None,
    })
}

/// Rewrites German (and other accepted) keywords to the canonical English ones, leaving
/// other words as they are; used to match a `moves` filter against printed moves.
pub fn canonical_word(word: &str) -> String {
    let lower = word.to_lowercase();
    keyword(&lower).map_or(lower, |(_, canonical)| canonical.to_string())
}

fn not_a_move(text: &str) -> Refusal {
    Refusal::new(
        "artifakes-not-a-move",
        format!("\"{text}\" is not an Artifakes move: write e.g. \"bury block 17\", \"play 17 number cw\" or \"play 17 waste\""),
    )
    .arg("text", text)
}

/// Reads a field or card number 1-30; `what` is `field` or `card`.
fn number(word: &str, what: &'static str) -> Result<u8, Refusal> {
    let key = if what == "field" { "artifakes-bad-field" } else { "artifakes-bad-card" };
    match word.parse::<u32>() {
        Ok(n) if (1..=u32::from(FIELDS)).contains(&n) => Ok(u8::try_from(n).unwrap_or(1)),
        _ => Err(Refusal::new(key, format!("there is no {what} \"{word}\": {what}s are numbered 1-30")).arg(what, word)),
    }
}

/// Parses a move (keywords case-insensitive, English or German, extra spaces ignored).
///
/// # Errors
/// A [`Refusal`] when the text is not a move: unknown words (`artifakes-not-a-move`), a
/// field or card outside 1-30 (`artifakes-bad-field`, `artifakes-bad-card`), or a play
/// that lacks the way or the direction (`artifakes-which-way`, `artifakes-which-direction`).
pub fn parse(text: &str) -> Result<ArtifakesMove, Refusal> {
    let trimmed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let lower = trimmed.to_lowercase();
    let words: Vec<&str> = lower.split(' ').filter(|w| !w.is_empty()).collect();
    let kw = |i: usize| words.get(i).and_then(|w| keyword(w)).map(|(k, _)| k);
    match (kw(0), words.len()) {
        (Some(Word::Bury), 3) => {
            let Some(Word::Piece(piece)) = kw(1) else { return Err(not_a_move(&trimmed)) };
            let field = number(words[2], "field")?;
            Ok(ArtifakesMove::Bury { piece, field })
        }
        (Some(Word::Play), 2..=4) => {
            let card = number(words[1], "card")?;
            match (kw(2), kw(3), words.len()) {
                (Some(Word::Waste), None, 3) => Ok(ArtifakesMove::Waste { card }),
                (Some(Word::Way(way)), Some(Word::Direction(direction)), 4)
                | (Some(Word::Direction(direction)), Some(Word::Way(way)), 4) => {
                    Ok(ArtifakesMove::Play { card, way, direction })
                }
                (Some(Word::Way(way)), None, 3) => Err(Refusal::new(
                    "artifakes-which-direction",
                    format!("say which way the inspector goes: \"play {card} {way} cw\" or \"play {card} {way} ccw\""),
                )
                .arg("card", card)
                .arg("way", way)),
                (None, None, 2) | (Some(Word::Direction(_)), None, 3) => Err(Refusal::new(
                    "artifakes-which-way",
                    format!("say how card {card} moves the inspector: by \"number\" or \"colour\", then \"cw\" or \"ccw\""),
                )
                .arg("card", card)),
                _ => Err(not_a_move(&trimmed)),
            }
        }
        _ => Err(not_a_move(&trimmed)),
    }
}
