//! # Spieltisch rules core
//!
//! Pure, deterministic and total game rules for the five Spieltisch games
//! (spec: `README.md`, "The rules core contract"). No I/O, no async, no platform types.
//!
//! * [`Game`] is the interface each game implements (one module per game).
//! * [`Played`] wraps a [`Game`] with the move log and the `@resign` / `@timeout` /
//!   `@abort` events, and implements the object-safe [`Match`] that the layers above use.
//! * [`for_each_game`] is the registry of games; [`GameKind`], [`AnyView`] and [`open`]
//!   (a game of any kind) are made from it.
//! * [`record`] reads and replays game records (the `replay` command's JSON).
//!
//! ```
//! use rules::{open, GameKind, Match};
//! let mut game = open(GameKind::Carat, &serde_json::json!({"players": 2}), 2, None, Some(7)).unwrap();
//! assert_eq!(game.to_move(), vec![game.to_move()[0]]);
//! let first = game.legal_moves()[0].clone();
//! game.play(&first).unwrap();
//! assert_eq!(game.moves_applied(), 1);
//! ```

pub mod aratoth;
pub mod artifakes;
pub mod carat;
pub mod hathor;
mod game;
pub mod helofag;
mod kind;
mod lang;
#[cfg(any(test, feature = "test-game"))]
pub mod nim;
mod played;
pub mod plan;
pub mod record;
mod refusal;
pub mod rng;
mod view;
pub mod words;

pub use game::{Chance, Game, Seat, Viewer};
pub use kind::{open, GameKind};
pub use lang::Lang;
pub use played::{Event, Match, PlayError, PlayErrorKind, Played};
pub use refusal::{Refusal, SetupError};
pub use view::{AnyView, GameView};
