//! # Spieltisch command layer
//!
//! Platform-neutral: an adapter (terminal, Discord, Matrix) hands a [`Host`] the
//! [`Origin`] of a request (platform, channel, user, admin flag, language) and a typed
//! line ([`Host::handle`]) or a [`Command`] it built itself ([`Host::run`]), and gets
//! [`Reply`]s back: texts in the user's language with structured mentions, an optional
//! PNG, each addressed to the channel or to one user.
//!
//! The command layer is in layers, each a crate that depends only on the crates above
//! it in this list (so an import against them does not compile); this crate re-exports
//! them under these names:
//!
//! * [`base`] (`commands-base`): ids, time, the injectable clock, replies ([`Reply`])
//!   and the Fluent translations ([`Texts`]).
//! * [`grammar`] (`commands-grammar`): the command grammar ([`Command`],
//!   [`Command::parse`]).
//! * [`store`] (`commands-store`): SQLite or PostgreSQL (games, players, the
//!   append-only log, settings, ratings); the only crate with SQL.
//! * [`table`] (`commands-table`): a game's chat texts, loading and caching games,
//!   pictures.
//! * [`features`] (`commands-features`): the command families (lobby, play, info,
//!   invitations, takeback, timeouts, vacation, ratings, settings, reminders, Hathor
//!   challenges, tournaments, reviews); a feature never names another.
//! * This crate: [`scheduler`] and [`host`] (what is due when, and the entry point that
//!   dispatches a command to its feature) and [`web`] (the game pages).
//!
//! ```no_run
//! # async fn demo() -> Result<(), commands::store::StorageError> {
//! use commands::{Host, HostOptions, Origin, User};
//! let host = Host::open("sqlite://spieltisch.db", HostOptions::default()).await?;
//! let origin = Origin {
//!     platform: "terminal".into(),
//!     channel: "local".into(),
//!     server: None,
//!     user: User::new("alice", "alice"),
//!     is_admin: true,
//!     lang: None,
//! };
//! for reply in host.handle(&origin, "new carat seed=7").await {
//!     println!("{}", reply.text);
//! }
//! # Ok(()) }
//! ```

pub use commands_base as base;
pub use commands_grammar as grammar;
pub use commands_store as store;
pub use commands_features as features;
pub use commands_table as table;

pub mod host;
pub mod scheduler;
pub mod web;

pub use base::{
    i18n::{Lang, Msg, Texts},
    ids::{ChallengeId, GameId, TournamentId},
    reply::{Attachment, Audience, GameRef, GameThread, Link, Reply, Segment, Slot, SlotAction, Text, User},
    time::ClockOptions,
};
pub use grammar::{Command, NewOptions, PlanAction, Verb};
pub use host::{Host, HostOptions, Origin};
pub use scheduler::Notice;
