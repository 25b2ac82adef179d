//! # Spieltisch command layer
//!
//! Platform-neutral: an adapter (terminal, Discord, Matrix) hands a [`Host`] the
//! [`Origin`] of a request (platform, channel, user, admin flag, language) and a typed
//! line ([`Host::handle`]) or a [`Command`] it built itself ([`Host::run`]), and gets
//! [`Reply`]s back: texts in the user's language with structured mentions, an optional
//! PNG, each addressed to the channel or to one user.
//!
//! * [`command`]: the command grammar ([`Command`], [`Command::parse`]).
//! * [`host`]: the entry point, game selection, permissions.
//! * `lobby`, `play`, `info`: the command families; [`challenge`]: Hathor challenges.
//! * [`storage`]: SQLite (games, players, the append-only log).
//! * [`reply`], [`i18n`]: what comes back, and the Fluent translations.
//! * [`clock`]: the injectable clock.
//!
//! ```no_run
//! # async fn demo() -> Result<(), commands::storage::StorageError> {
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

pub mod channels;
pub mod challenge;
pub mod clock;
pub mod command;
pub mod games;
pub mod host;
pub mod i18n;
mod info;
pub mod invitations;
mod lobby;
mod play;
pub mod ratings;
pub mod replay;
pub mod reply;
pub mod scheduler;
pub mod settings;
pub mod storage;
mod takeback;
pub mod timing;
mod timeouts;
pub mod vacation;

pub use command::{Command, GameId, NewOptions, Verb};
pub use host::{Host, HostOptions, Origin};
pub use i18n::{Lang, Msg, Texts};
pub use scheduler::Notice;
pub use timing::ClockOptions;
pub use reply::{Attachment, Audience, GameRef, Reply, Segment, Text, User};
