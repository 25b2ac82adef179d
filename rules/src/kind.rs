//! The enum over the five games, their metadata, and [`open`].

use std::{fmt, ops::RangeInclusive, str::FromStr};

use serde_json::Value;

use crate::{Match, Played, SetupError};

/// The five games (spec README, the table of games).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameKind {
    Aratoth,
    Hathor,
    Artifakes,
    Helofag,
    Carat,
}

impl GameKind {
    /// Every game, in the order of the spec's table.
    pub const ALL: [GameKind; 5] =
        [GameKind::Aratoth, GameKind::Hathor, GameKind::Artifakes, GameKind::Helofag, GameKind::Carat];

    /// The id used in records, storage and commands (`carat`, ...).
    pub fn id(self) -> &'static str {
        match self {
            GameKind::Aratoth => "aratoth",
            GameKind::Hathor => "hathor",
            GameKind::Artifakes => "artifakes",
            GameKind::Helofag => "helofag",
            GameKind::Carat => "carat",
        }
    }

    /// The English name.
    pub fn name_en(self) -> &'static str {
        match self {
            GameKind::Aratoth => "Aratoth's Revenge",
            GameKind::Hathor => "Hathor",
            GameKind::Artifakes => "Artifakes",
            GameKind::Helofag => "Helofag",
            GameKind::Carat => "Carat",
        }
    }

    /// The German name.
    pub fn name_de(self) -> &'static str {
        match self {
            GameKind::Aratoth => "Aratoths Rache",
            GameKind::Hathor => "Hathor",
            GameKind::Artifakes => "Artifälschungen",
            GameKind::Helofag => "Helofag",
            GameKind::Carat => "Carat",
        }
    }

    /// The allowed player counts.
    pub fn players(self) -> RangeInclusive<usize> {
        match self {
            GameKind::Aratoth => 2..=3,
            GameKind::Hathor => 1..=1,
            GameKind::Artifakes => 2..=2,
            GameKind::Helofag => 2..=6,
            GameKind::Carat => 2..=4,
        }
    }

    /// The player count when the options name none.
    pub fn default_players(self) -> usize {
        *self.players().start()
    }

    /// Whether this game is implemented in this build.
    pub fn available(self) -> bool {
        matches!(self, GameKind::Aratoth | GameKind::Carat | GameKind::Hathor | GameKind::Helofag | GameKind::Artifakes)
    }

    /// Maps a bare word after `new <game>` to an option (see [`crate::Game::option_word`]).
    pub fn option_word(self, word: &str) -> Option<(&'static str, Value)> {
        use crate::Game;
        match self {
            GameKind::Aratoth => crate::aratoth::Aratoth::option_word(word),
            GameKind::Carat => crate::carat::Carat::option_word(word),
            GameKind::Hathor => crate::hathor::Hathor::option_word(word),
            GameKind::Helofag => crate::helofag::Helofag::option_word(word),
            GameKind::Artifakes => crate::artifakes::Artifakes::option_word(word),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for GameKind {
    type Err = SetupError;

    /// Accepts the id and the English or German name, case-insensitive
    /// (`carat`, `aratoth`, `aratoths rache`, `artifälschungen`, ...).
    fn from_str(s: &str) -> Result<Self, SetupError> {
        let wanted = s.trim().to_lowercase();
        let squash = |t: &str| t.to_lowercase().replace(['\'', ' '], "").replace('ä', "ae");
        GameKind::ALL
            .into_iter()
            .find(|k| {
                k.id() == wanted || squash(k.name_en()) == squash(&wanted) || squash(k.name_de()) == squash(&wanted)
            })
            .ok_or_else(|| SetupError::new(format!("unknown game \"{}\"", s.trim())))
    }
}

/// Creates a game of `kind` for `players` players.
///
/// `options` is the record's `options` object (its `players`, if present, must equal
/// `players`). `setup` may be omitted or partial when `seed` is given: the missing
/// top-level keys are generated from the seed ([`crate::rng::setup_rng`]). With a seed the
/// game also draws chance during play from it ([`crate::rng::play_rng`]).
///
/// # Errors
/// [`SetupError`] for an unavailable game, a bad player count, bad options or an
/// inconsistent setup.
pub fn open(
    kind: GameKind,
    options: &Value,
    players: usize,
    setup: Option<Value>,
    seed: Option<u64>,
) -> Result<Box<dyn Match>, SetupError> {
    match kind {
        GameKind::Aratoth => Ok(Box::new(Played::<crate::aratoth::Aratoth>::open(options, players, setup, seed)?)),
        GameKind::Carat => Ok(Box::new(Played::<crate::carat::Carat>::open(options, players, setup, seed)?)),
        GameKind::Hathor => Ok(Box::new(Played::<crate::hathor::Hathor>::open(options, players, setup, seed)?)),
        GameKind::Helofag => Ok(Box::new(Played::<crate::helofag::Helofag>::open(options, players, setup, seed)?)),
        GameKind::Artifakes => {
            Ok(Box::new(Played::<crate::artifakes::Artifakes>::open(options, players, setup, seed)?))
        }
    }
}
