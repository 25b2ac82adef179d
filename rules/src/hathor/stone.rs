//! Hathor's stones: six colours × six symbols (spec `hathor.md`, "Components").

use std::fmt;

use crate::words::Worded;

use serde::{Deserialize, Serialize};

/// The six stone colours, in the spec's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Blue,
    Red,
    Green,
    Yellow,
    White,
    Purple,
}

impl Colour {
    /// In the spec's order: blue, red, green, yellow, white, purple.
    pub const ALL: [Colour; 6] = [Colour::Blue, Colour::Red, Colour::Green, Colour::Yellow, Colour::White, Colour::Purple];

    /// The English word (canonical notation).
    pub fn word(self) -> &'static str {
        self.word_in(crate::Lang::En)
    }

    /// Parses an English or German colour word, case-insensitive: `blue`/`blau`,
    /// `red`/`rot`, `green`/`grün`/`gruen`, `yellow`/`gelb`, `white`/`weiß`/`weiss`,
    /// `purple`/`violett`/`lila`.
    pub fn parse(word: &str) -> Option<Colour> {
        Colour::from_word(word)
    }
}

crate::word_table!(Colour {
    Colour::Blue => "blue", "blau";
    Colour::Red => "red", "rot";
    Colour::Green => "green", "grün", "gruen";
    Colour::Yellow => "yellow", "gelb";
    Colour::White => "white", "weiß", "weiss";
    Colour::Purple => "purple", "violett", "lila";
});

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// The six stone symbols, in the spec's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symbol {
    Hathor,
    Ankh,
    Scarab,
    Eye,
    Lotus,
    Falcon,
}

impl Symbol {
    /// In the spec's order: hathor, ankh, scarab, eye, lotus, falcon. Variant 4's random
    /// symbols are drawn as an index into this list.
    pub const ALL: [Symbol; 6] = [Symbol::Hathor, Symbol::Ankh, Symbol::Scarab, Symbol::Eye, Symbol::Lotus, Symbol::Falcon];

    /// The English word (canonical notation).
    pub fn word(self) -> &'static str {
        self.word_in(crate::Lang::En)
    }

    /// Parses an English or German symbol word, case-insensitive: `hathor`, `ankh`/`anch`,
    /// `scarab`/`skarabäus`/`skarabaeus`, `eye`/`auge`, `lotus`, `falcon`/`falke`.
    pub fn parse(word: &str) -> Option<Symbol> {
        Symbol::from_word(word)
    }
}

crate::word_table!(Symbol {
    Symbol::Hathor => "hathor", "hathor";
    Symbol::Ankh => "ankh", "anch";
    Symbol::Scarab => "scarab", "skarabäus", "skarabaeus";
    Symbol::Eye => "eye", "auge";
    Symbol::Lotus => "lotus", "lotus";
    Symbol::Falcon => "falcon", "falke";
});

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl TryFrom<String> for Symbol {
    type Error = String;

    fn try_from(text: String) -> Result<Symbol, String> {
        Symbol::parse(&text).ok_or_else(|| format!("\"{text}\" is not a symbol (hathor, ankh, scarab, eye, lotus, falcon)"))
    }
}

impl Serialize for Symbol {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.word())
    }
}

impl<'de> Deserialize<'de> for Symbol {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Symbol, D::Error> {
        Symbol::try_from(String::deserialize(deserializer)?).map_err(serde::de::Error::custom)
    }
}

/// A stone: a colour and a symbol, written `colour-symbol` (e.g. `blue-hathor`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stone {
    pub colour: Colour,
    pub symbol: Symbol,
}

impl Stone {
    /// The stone of this colour and symbol.
    pub const fn new(colour: Colour, symbol: Symbol) -> Stone {
        Stone { colour, symbol }
    }

    /// The 36 distinct stones, colour by colour; the pile holds each twice.
    pub fn all() -> impl Iterator<Item = Stone> {
        Colour::ALL.into_iter().flat_map(|colour| Symbol::ALL.into_iter().map(move |symbol| Stone { colour, symbol }))
    }

    /// Whether the two stones agree in colour or in symbol (spec "Placing", rule 2).
    pub fn matches(self, other: Stone) -> bool {
        self.colour == other.colour || self.symbol == other.symbol
    }

    /// Parses `colour-symbol` in English or German (e.g. `green-lotus`, `Grün-Lotus`),
    /// case-insensitive; a space may stand for the hyphen.
    pub fn parse(text: &str) -> Option<Stone> {
        let (colour, symbol) = text.trim().split_once(['-', ' '])?;
        Some(Stone { colour: Colour::parse(colour)?, symbol: Symbol::parse(symbol)? })
    }
}

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.colour, self.symbol)
    }
}

impl Serialize for Stone {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Stone {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Stone, D::Error> {
        let text = String::deserialize(deserializer)?;
        Stone::parse(&text).ok_or_else(|| {
            serde::de::Error::custom(format!("\"{text}\" is not a stone: write colour-symbol, e.g. blue-hathor"))
        })
    }
}
