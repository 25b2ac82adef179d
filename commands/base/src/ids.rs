//! Ids shared by every layer: a game's and a challenge's number, as players see it
//! (`#12`, `challenge #3`) and as storage keeps it (a 64-bit integer; the store maps
//! both to and from SQL).

use std::{fmt, num::ParseIntError, str::FromStr};

#[cfg(feature = "sqlx")]
mod sql;

/// `bytes` random bytes from the thread's CSPRNG as lower-case hex (`2 * bytes`
/// digits): secrets and unguessable tokens (the daily challenge's secret, the web
/// page's links).
pub fn random_hex(bytes: usize) -> String {
    (0..bytes).map(|_| format!("{:02x}", rand::random::<u8>())).collect()
}

macro_rules! id {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub i64);

        /// The bare number (`12`); texts put `#` or `challenge #` before it.
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        /// Reads the bare number (`12`, without `#`).
        impl FromStr for $name {
            type Err = ParseIntError;
            fn from_str(s: &str) -> Result<Self, ParseIntError> {
                s.parse().map($name)
            }
        }
    };
}

id! {
    /// A game's id in storage (shown as `#12`).
    GameId
}

id! {
    /// A challenge's id (shown as `challenge #3`).
    ChallengeId
}

id! {
    /// A tournament's id (shown as `tournament #2`).
    TournamentId
}

/// The prefix of every AI seat's user id (`ai:normal`, `ai:hard:2`; see
/// [`crate::ai_seat`]).
pub const AI_PREFIX: &str = "ai:";

/// Whether `user_id` is an AI seat's.
pub fn is_ai(user_id: &str) -> bool {
    user_id.starts_with(AI_PREFIX)
}
