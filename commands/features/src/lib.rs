//! The command families. A feature imports the layers below (`table` and down, each
//! a crate of its own), never another feature (checked by `commands/tests/layers.rs`)
//! and never the host above it (it cannot: `commands` depends on this crate).

// The layers below, under their names in the `commands` crate.
use commands_base as base;
use commands_grammar as grammar;
use commands_store as store;
use commands_table as table;

pub mod challenges;
pub mod conditional;
pub mod dashboard;
pub mod info;
pub mod invitations;
pub mod lobby;
pub mod play;
pub mod review;
pub mod ratings;
pub mod reminders;
pub mod settings;
pub mod takeback;
pub mod timeouts;
pub mod tournaments;
pub mod vacation;
