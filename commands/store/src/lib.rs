//! Storage: games, their players and the append-only log of moves and events, in SQLite
//! (one file, the default) or PostgreSQL (shared by several processes): schemas in
//! `migrations/sqlite/` and `migrations/postgres/` at the workspace root, applied by
//! [`Db::open`]; how one interface runs on both is in [`backend`].
//!
//! Writes that depend on what they read run in transactions whose writers are ordered
//! ([`backend::Lock`]): on SQLite two writers (two tasks, two processes) serialise on
//! the write lock, and a busy database makes a writer wait up to [`BUSY_TIMEOUT`], not
//! fail. A move is stored together with the game's new move number in one transaction,
//! guarded by the number the mover saw: a second move for the same number is refused
//! ([`Appended::Stale`]), never applied twice, on either database and from any number
//! of processes.
//!
//! Here: the database handle and its errors; in `rows` the rows and requests, in
//! `opening` opening and migrating, in `games` a game's life.

// The layer below, under its name in the `commands` crate.
use commands_base as base;

pub mod backend;
pub mod challenges;
pub mod health;
mod status_sql;
pub mod notices;
pub mod plans;
pub mod platforms;
pub mod ratings;
pub mod replays;
pub mod reviews;
pub mod series;
pub mod settings;
pub mod takeback;
pub mod tournaments;
pub mod tracked;
mod tournament_steps;
pub mod turns;
pub mod url;
pub mod web;

mod choice;
mod games;
mod vacations;
mod opening;
mod rows;

pub use opening::{is_postgres_url, sqlite_file, url_problem};
pub use rows::*;
use games::{game_row, insert_game};

use std::time::Duration;

use backend::Pool;

/// How long a writer waits for a busy database before giving up.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// A storage failure (the database cannot be opened, migrated, read or written).
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("database error: {0}")]
    Sqlx(#[from] sqlx::Error),
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored data is damaged: {0}")]
    Damaged(String),
}

/// The database: a pool of SQLite connections in WAL mode, or of PostgreSQL connections.
#[derive(Debug, Clone)]
pub struct Db {
    pool: Pool,
    health: std::sync::Arc<health::Health>,
}

const GAME_COLUMNS: &str = "id, kind, platform, channel, server, creator, options, seed, seeded, setup, status, seq, \
                            to_move, created_at, updated_at, takebacks, bank_ms";

/// [`GAME_COLUMNS`] of the table named `g` in a query (`g.id, g.kind, …`), built once.
static G_GAME_COLUMNS: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    GAME_COLUMNS.split(", ").map(|c| format!("g.{}", c.trim())).collect::<Vec<_>>().join(", ")
});

/// PostgreSQL's SQLSTATE for a database that does not exist (`invalid_catalog_name`).
const UNDEFINED_DATABASE: &str = "3D000";

/// How many connections a process keeps to PostgreSQL (SQLite: 4, as one file has one
/// writer at a time anyway).
const POSTGRES_CONNECTIONS: u32 = 8;
