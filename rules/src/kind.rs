//! The registry of games ([`for_each_game`]) and what is made from it: [`GameKind`],
//! [`GameKind::ALL`], the per-kind facts and [`open`] (spec README, the table of games).
//!
//! A game's facts are declared once, with the game, as associated items of
//! [`crate::Game`]; this file only lists the games.

use std::{fmt, ops::RangeInclusive, str::FromStr};

use serde_json::Value;

use crate::{Game, Match, Played, Seat, SetupError};

/// The registry: every game, one line each, in the order of the spec's table (variant of
/// [`GameKind`] and [`crate::AnyView`]: the game's type, its view's type).
///
/// Calls `$callback! { [extra tokens] lines... }`, one line per game written
/// `Variant: path::to::Game, path::to::View;` (with doc attributes before it), so that
/// each crate can make its per-game code from this one list: in `rules` the enum, its
/// facts, [`open`] and [`crate::AnyView`]; in `render` the drawing, in `commands` the
/// chat notes, in `ai` the players, in the Discord adapter the slash-command choice.
/// Every such match lists each game, so a game left out anywhere fails to compile.
///
/// Adding a game: its module `rules/src/<game>/` (with `impl Game` and `impl GameView`),
/// `pub mod <game>;` in `rules/src/lib.rs`, and one line here.
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident $($extra:tt)*) => {
        $crate::__with_test_games! {
            $callback [$($extra)*]
            /// Aratoths Rache (spec `aratoth.md`).
            Aratoth: $crate::aratoth::Aratoth, $crate::aratoth::AratothView;
            /// Hathor (spec `hathor.md`).
            Hathor: $crate::hathor::Hathor, $crate::hathor::HathorView;
            /// Artifälschungen (spec `artifakes.md`).
            Artifakes: $crate::artifakes::Artifakes, $crate::artifakes::ArtifakesView;
            /// Helofag (spec `helofag.md`).
            Helofag: $crate::helofag::Helofag, $crate::helofag::HelofagView;
            /// Carat (spec `carat.md`).
            Carat: $crate::carat::Carat, $crate::carat::CaratView;
        }
    };
}

/// Passes the registry's lines on to the callback, with the test game Nim added when
/// `rules` is built for its own unit tests (`nim/sixth_game.rs`) or with the
/// `test-game` feature.
#[cfg(not(any(test, feature = "test-game")))]
#[doc(hidden)]
#[macro_export]
macro_rules! __with_test_games {
    ($callback:ident [$($extra:tt)*] $($lines:tt)*) => {
        $callback! { [$($extra)*] $($lines)* }
    };
}

/// Passes the registry's lines on to the callback, with the test game Nim added when
/// `rules` is built for its own unit tests (`nim/sixth_game.rs`) or with the
/// `test-game` feature.
#[cfg(any(test, feature = "test-game"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __with_test_games {
    ($callback:ident [$($extra:tt)*] $($lines:tt)*) => {
        $callback! {
            [$($extra)*]
            $($lines)*
            /// Nim, the registry's test game (`rules/src/nim/`).
            Nim: $crate::nim::Nim, $crate::nim::NimView;
        }
    };
}

macro_rules! kinds {
    ([] $($(#[$meta:meta])* $variant:ident: $game:path, $view:path;)*) => {
        /// The games (spec README, the table of games), made from the registry
        /// ([`for_each_game`]).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum GameKind {
            $($(#[$meta])* $variant,)*
        }

        /// How many games there are.
        const COUNT: usize = [$(stringify!($variant)),*].len();

        impl GameKind {
            /// Every game, in the order of the spec's table.
            pub const ALL: [GameKind; COUNT] = [$(GameKind::$variant),*];

            /// The id used in records, storage and commands (`carat`, ...; [`Game::ID`]).
            pub fn id(self) -> &'static str {
                match self {
                    $(GameKind::$variant => <$game as Game>::ID,)*
                }
            }

            /// The English name ([`Game::NAME_EN`]).
            pub fn name_en(self) -> &'static str {
                match self {
                    $(GameKind::$variant => <$game as Game>::NAME_EN,)*
                }
            }

            /// The German name ([`Game::NAME_DE`]).
            pub fn name_de(self) -> &'static str {
                match self {
                    $(GameKind::$variant => <$game as Game>::NAME_DE,)*
                }
            }

            /// The allowed player counts ([`Game::PLAYERS`]).
            pub fn players(self) -> RangeInclusive<usize> {
                match self {
                    $(GameKind::$variant => <$game as Game>::PLAYERS,)*
                }
            }

            /// Whether `undo` is offered ([`Game::UNDO`]).
            pub fn undo(self) -> bool {
                match self {
                    $(GameKind::$variant => <$game as Game>::UNDO,)*
                }
            }

            /// Maps a bare word after `new <game>` to an option ([`Game::option_word`]).
            pub fn option_word(self, word: &str) -> Option<(&'static str, Value)> {
                match self {
                    $(GameKind::$variant => <$game as Game>::option_word(word),)*
                }
            }

            /// The setup (as the record's JSON) of a rematch after a game that ended with
            /// `ranking`, where the game fixes one ([`Game::rematch_setup`]).
            pub fn rematch_setup(self, ranking: &[Vec<Seat>]) -> Option<Value> {
                match self {
                    $(GameKind::$variant => <$game as Game>::rematch_setup(ranking)
                        .and_then(|setup| serde_json::to_value(setup).ok()),)*
                }
            }
        }

        /// Creates a game of `kind` for `players` players.
        ///
        /// `options` is the record's `options` object (its `players`, if present, must
        /// equal `players`). `setup` may be omitted or partial when `seed` is given: the
        /// missing top-level keys are generated from the seed ([`crate::rng::setup_rng`]).
        /// With a seed the game also draws chance during play from it
        /// ([`crate::rng::play_rng`]).
        ///
        /// # Errors
        /// [`SetupError`] for a bad player count, bad options or an inconsistent setup.
        pub fn open(
            kind: GameKind,
            options: &Value,
            players: usize,
            setup: Option<Value>,
            seed: Option<u64>,
        ) -> Result<Box<dyn Match>, SetupError> {
            match kind {
                $(GameKind::$variant => Ok(Box::new(Played::<$game>::open(options, players, setup, seed)?)),)*
            }
        }
    };
}

for_each_game!(kinds);

impl GameKind {
    /// The player count when the options name none.
    pub fn default_players(self) -> usize {
        *self.players().start()
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

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::{AnyView, Viewer};

    /// The registry is complete and consistent: every kind is in `ALL` once, round-trips
    /// through its id and both names, opens a game of its own kind whose view is of that
    /// kind, and ids and names are distinct.
    #[test]
    fn the_registry_is_complete() {
        let all: HashSet<GameKind> = GameKind::ALL.into_iter().collect();
        assert_eq!(all.len(), GameKind::ALL.len(), "ALL names each game once");
        let ids: HashSet<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
        assert_eq!(ids.len(), GameKind::ALL.len(), "ids are distinct");
        for kind in GameKind::ALL {
            assert_eq!(kind.id().parse::<GameKind>().ok(), Some(kind), "{kind} by id");
            assert_eq!(kind.name_en().parse::<GameKind>().ok(), Some(kind), "{kind} by English name");
            assert_eq!(kind.name_de().parse::<GameKind>().ok(), Some(kind), "{kind} by German name");
            assert_eq!(kind.to_string(), kind.id());
            assert!(kind.id().chars().all(|c| c.is_ascii_lowercase()), "{kind}: an id is lower-case ASCII");
            assert!(kind.players().contains(&kind.default_players()));
            let players = kind.default_players();
            let game = open(kind, &serde_json::json!({}), players, None, Some(1)).expect("opens");
            assert_eq!(game.kind(), kind, "{kind}: the game's KIND is its registry line");
            let view: AnyView = game.view(Viewer::Spectator);
            assert_eq!(view.kind(), kind, "{kind}: the view's variant is its registry line");
        }
        let names: HashSet<&str> = GameKind::ALL.iter().map(|k| k.name_en()).collect();
        assert_eq!(names.len(), GameKind::ALL.len(), "English names are distinct");
        // The spec's table, in its order; in `rules`' own tests the test game Nim follows.
        let ids = GameKind::ALL.map(GameKind::id);
        assert_eq!(ids[..5], ["aratoth", "hathor", "artifakes", "helofag", "carat"]);
        assert_eq!(ids[5..], ["nim"]);
    }

    #[test]
    fn undo_and_rematch_setups_are_where_the_games_declare_them() {
        // Nim, the registry's test game (here in `rules`' own tests), allows undo too.
        let undo: Vec<GameKind> = GameKind::ALL.into_iter().filter(|k| k.undo()).collect();
        assert_eq!(undo, [GameKind::Aratoth, GameKind::Nim]);
        let ranking = vec![vec![1], vec![0]];
        assert_eq!(GameKind::Aratoth.rematch_setup(&ranking), Some(serde_json::json!({"start_player": 0})));
        for kind in GameKind::ALL.into_iter().filter(|&k| k != GameKind::Aratoth) {
            assert_eq!(kind.rematch_setup(&ranking), None, "{kind}");
        }
    }
}
