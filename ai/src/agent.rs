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
    /// The same search with more playouts, a few seconds per move at most (Helofag: with
    /// two players the best turn by the learnt value at one ply; with more, as `normal`).
    Hard,
    /// The correspondence level: `hard`'s search, repeated over more sampled worlds until
    /// a CPU budget per move is used ([`crate::MASTER_CPU`] by default; the host
    /// configures it, `[ai] master_seconds`); in Carat `hard`'s worlds, each searched
    /// for its share of the budget. Not deterministic: how far it gets depends on the
    /// machine (Helofag: as `hard`, at once).
    Master,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Normal, Level::Hard, Level::Master];

    /// The level's word: `easy`, `normal`, `hard`, `master`.
    pub fn word(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::Master => "master",
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

    /// Accepts `easy`/`leicht`, `normal`, `hard`/`schwer`, `master`/`meister`
    /// (case-insensitive).
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_lowercase().as_str() {
            "easy" | "leicht" => Ok(Level::Easy),
            "normal" => Ok(Level::Normal),
            "hard" | "schwer" => Ok(Level::Hard),
            "master" | "meister" => Ok(Level::Master),
            other => Err(format!("unknown level \"{other}\": use easy, normal, hard or master")),
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
    /// `master:S`: the `master` level with a CPU budget of `S` seconds per move instead
    /// of the default ([`crate::MASTER_CPU`]).
    Master(std::time::Duration),
}

impl fmt::Display for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Agent::Random => f.write_str("random"),
            Agent::Greedy => f.write_str("greedy"),
            Agent::GreedyValue => f.write_str("greedy-value"),
            Agent::Level(level) => level.fmt(f),
            Agent::Ismcts(n) => write!(f, "ismcts:{n}"),
            Agent::Master(cpu) => write!(f, "master:{}", cpu.as_secs_f64()),
        }
    }
}

impl FromStr for Agent {
    type Err = String;

    /// Accepts `random`, `greedy`, `greedy-value`, the level words, `ismcts:N` with
    /// `N` iterations per move, 1 to 4,294,967,295, and `master:S` with a CPU budget of
    /// `S` seconds per move (more than 0, at most a day).
    fn from_str(s: &str) -> Result<Self, String> {
        let word = s.trim().to_lowercase();
        if let Some(s) = word.strip_prefix("master:") {
            return match s.parse::<f64>() {
                Ok(seconds) if seconds > 0.0 && seconds <= 86_400.0 => Ok(Agent::Master(std::time::Duration::from_secs_f64(seconds))),
                _ => Err(format!("\"{word}\": master:S needs a CPU budget of S seconds per move, more than 0, e.g. master:5")),
            };
        }
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
                .map_err(|_| format!("unknown agent \"{other}\": use random, greedy, greedy-value, easy, normal, hard, master, master:S or ismcts:N")),
        }
    }
}
