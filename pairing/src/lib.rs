//! Tournament pairings for Spieltisch (issue 39): pure, deterministic functions, no I/O.
//! (Full crate documentation below.)

pub mod berger;
pub mod blossom;
pub mod dutch;
pub mod trf;

pub use berger::{Game, berger_tables};
pub use dutch::{Colour, Outcome, Pairing, Player, RoundEntry, Tournament, pair_dutch};
pub use trf::{format_pairings, pair_trf, parse_trf};

/// Everything that can go wrong; no function of this crate panics.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A round robin needs 2 to [`berger::MAX_ROUND_ROBIN_PLAYERS`] players.
    #[error("a round robin needs 2 to {max} players, not {0}", max = berger::MAX_ROUND_ROBIN_PLAYERS)]
    RoundRobinSize(u32),
    /// Two players share a starting rank.
    #[error("starting rank {0} is given twice")]
    DuplicateRank(u32),
    /// A starting rank outside 1..=9999.
    #[error("starting rank {0} is not valid (1 to 9999)")]
    BadRank(u32),
    /// A history names an opponent who is not in the tournament (or the player).
    #[error("player {player} has an unknown opponent {opponent}")]
    UnknownOpponent {
        /// The player's starting rank.
        player: u32,
        /// The opponent's starting rank as given.
        opponent: u32,
    },
    /// The absolute criteria (C1–C3: no repeat pairing, at most one bye, colours) cannot
    /// all hold: no pairing exists.
    #[error("no pairing satisfies the absolute criteria (no rematch, one bye at most, colours)")]
    NoValidPairing,
    /// Beyond the sizes this crate handles.
    #[error("too large: {0}")]
    TooLarge(String),
    /// A TRF line that cannot be read.
    #[error("TRF line {line}: {reason}")]
    Trf {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
}
