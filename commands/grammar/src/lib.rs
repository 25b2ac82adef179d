//! The command grammar: what a typed line or a slash command means ([`Command`]).
//! Imports only [`crate::base`].

// The layer below, under its name in the `commands` crate.
use commands_base as base;

pub mod challenges;
pub mod command;
pub mod mentions;
mod parse;
pub mod tournaments;
pub mod verb;

pub use command::{game_list, parse_game_id, Command, NewOptions, PlanAction, Verb, VERBS};
