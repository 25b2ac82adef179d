//! The agents: the strength levels of the AI seat, the baselines and the `ismcts:N`
//! yardstick: what they are called and how they are parsed ([`Agent::choose`], the
//! move of one, is in the dispatch on top).

use std::{fmt, str::FromStr};


/// The strength of an AI seat (`@bot:easy`, `@bot`, `@bot:hard`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Level {
    /// A friendly opponent: the greedy move half of the time, else a random one.
    Easy,
    /// The default: determinized tree search, under a second per move (Helofag: the
    /// best turn by the race value at one ply).
    #[default]
    Normal,
    /// The same search with about four times the playouts (Helofag: with two players
    /// the best turn by the learnt value at one ply; with more, as `normal`).
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The level's word: `easy`, `normal`, `hard`.
    pub fn word(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for Level {
    type Err = String;

    /// Accepts `easy`/`leicht`, `normal`, `hard`/`schwer` (case-insensitive).
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_lowercase().as_str() {
            "easy" | "leicht" => Ok(Level::Easy),
            "normal" => Ok(Level::Normal),
            "hard" | "schwer" => Ok(Level::Hard),
            other => Err(format!("unknown level \"{other}\": use easy, normal or hard")),
        }
    }
}

/// Someone who can take a seat in the arena: an AI level or a baseline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Agent {
    /// A uniformly random legal move (Helofag: a random complete turn).
    Random,
    /// One ply: plays each legal move and keeps the one that scores best by the game's
    /// own points or position heuristic, ties broken by the seed.
    Greedy,
    /// `greedy-value`: in Helofag, one ply by the race value of the levels (each
    /// player's chance to win) instead of the game's simple progress score, the moves of
    /// Helofag's `normal`; in the other games the same as [`Agent::Greedy`].
    GreedyValue,
    /// The AI seat at a strength level.
    Level(Level),
    /// `ismcts:N`: the independent yardstick, a plain information-set MCTS with `N`
    /// iterations per move that shares nothing with the levels' search but the rules
    /// and the sampling of worlds ([`crate::ismcts`]'s module docs).
    Ismcts(u32),
}

impl fmt::Display for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Agent::Random => f.write_str("random"),
            Agent::Greedy => f.write_str("greedy"),
            Agent::GreedyValue => f.write_str("greedy-value"),
            Agent::Level(level) => level.fmt(f),
            Agent::Ismcts(n) => write!(f, "ismcts:{n}"),
        }
    }
}

impl FromStr for Agent {
    type Err = String;

    /// Accepts `random`, `greedy`, `greedy-value`, the level words and `ismcts:N` with
    /// `N` iterations per move, 1 to 4,294,967,295.
    fn from_str(s: &str) -> Result<Self, String> {
        let word = s.trim().to_lowercase();
        if let Some(n) = word.strip_prefix("ismcts:") {
            return match n.parse::<u32>() {
                Ok(n) if n > 0 => Ok(Agent::Ismcts(n)),
                _ => Err(format!("\"{word}\": ismcts:N needs a whole number of iterations N ≥ 1, e.g. ismcts:2000")),
            };
        }
        match word.as_str() {
            "random" | "zufall" => Ok(Agent::Random),
            "greedy" | "gierig" => Ok(Agent::Greedy),
            "greedy-value" => Ok(Agent::GreedyValue),
            other => other
                .parse::<Level>()
                .map(Agent::Level)
                .map_err(|_| format!("unknown agent \"{other}\": use random, greedy, greedy-value, easy, normal, hard or ismcts:N")),
        }
    }
}
