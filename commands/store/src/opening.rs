//! Opening the database: the URL's checks, SQLite files in WAL mode or a PostgreSQL
//! pool, the migrations, the terminal's clock offset.

use std::{str::FromStr, time::Duration};

use sqlx::{
    migrate::MigrateDatabase,
    postgres::{PgConnectOptions, PgPoolOptions},
    sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous},
};

use backend::{on, Dialect, Exec, Lock, Pool, Tx};

use super::*;

/// How often opening the database is tried again after a failure (another process
/// setting up or migrating the same new file at the same moment).
const OPEN_RETRIES: u64 = 3;

/// The file part and the parameters of an SQLite URL (`sqlite://games.db?mode=rwc` →
/// `games.db`, `mode=rwc`); `None` for a URL of another database.
fn sqlite_parts(url: &str) -> Option<(&str, &str)> {
    let rest = url.trim().strip_prefix("sqlite://").or_else(|| url.trim().strip_prefix("sqlite:"))?;
    Some(rest.split_once('?').unwrap_or((rest, "")))
}

/// The file an SQLite URL keeps its games in; `None` for another database, an
/// in-memory one or a URL naming no file (see [`Db::open`]'s refusals).
pub fn sqlite_file(url: &str) -> Option<&str> {
    let (path, _) = sqlite_parts(url)?;
    unusable_url(url).is_none().then_some(path)
}

/// Why `url` cannot keep the games: it names no file (`sqlite://`) or an in-memory
/// database (`sqlite::memory:`, `?mode=memory`). Either way each pooled connection would
/// open a database of its own, empty, so a game stored through one is missing through
/// the next, and everything is lost at the end.
fn unusable_url(url: &str) -> Option<String> {
    let shown = url::redact(url);
    let (path, params) = sqlite_parts(url)?;
    let instead = "write a file, e.g. `sqlite://spieltisch.db` (relative to the working directory) or \
                   `sqlite:///absolute/path/games.db`";
    if path == ":memory:" || params.split('&').any(|p| p == "mode=memory") {
        Some(format!("`{shown}` is an in-memory database, which would not keep the games (each connection sees its own); {instead}"))
    } else if path.trim().is_empty() {
        Some(format!("`{shown}` names no database file; {instead}"))
    } else {
        None
    }
}

/// Why `url` cannot be the bot's database, before anything is opened: a foreign or
/// misspelt scheme ([`url::check`]), an in-memory SQLite database or one without a file.
/// The reason shows the URL without its password. `None`: it may be opened.
pub fn url_problem(url: &str) -> Option<String> {
    if let Err(problem) = url::check(url) {
        return Some(problem);
    }
    if is_postgres_url(url) { None } else { unusable_url(url) }
}

/// Whether `url` names a PostgreSQL database (`postgres://` or `postgresql://`);
/// every other URL is SQLite's.
pub fn is_postgres_url(url: &str) -> bool {
    let url = url.trim();
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

impl Db {
    /// Opens the database at `url` and applies the migrations:
    /// - SQLite (`sqlite://spieltisch.db`, `sqlite:///abs/path.db`): the file is created
    ///   if missing, in WAL mode with a busy timeout and foreign keys on;
    /// - PostgreSQL 14 or newer (`postgres://user:password@host:port/database`): the
    ///   database is created if missing (the user needs the right to), and several
    ///   processes may open it at once (sqlx migrates under an advisory lock).
    ///
    /// # Errors
    /// [`StorageError`] when the URL is bad (also a misspelt scheme, which SQLite would
    /// take for a file name: [`url::check`]), the database cannot be opened or created,
    /// or a migration fails. The error never contains the URL's password.
    pub async fn open(url: &str) -> Result<Db, StorageError> {
        url::check(url).map_err(|problem| sqlx::Error::Configuration(problem.into()))?;
        if is_postgres_url(url) {
            return Db::open_postgres(url.trim()).await;
        }
        if let Some(problem) = unusable_url(url) {
            return Err(sqlx::Error::Configuration(problem.into()).into());
        }
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(BUSY_TIMEOUT)
            .foreign_keys(true);
        // Two processes opening a new file at once meet while one sets up WAL or applies
        // a migration (sqlx takes no lock on SQLite): "database is locked", or a table the
        // other just created. Each migration is one transaction, so the loser only has to
        // look again; what the other applied is then skipped.
        retrying(|| Db::connect_and_migrate_sqlite(options.clone())).await
    }

    async fn connect_and_migrate_sqlite(options: SqliteConnectOptions) -> Result<Db, StorageError> {
        let pool = SqlitePoolOptions::new().max_connections(4).test_before_acquire(false).connect_with(options).await?;
        if let Err(e) = sqlx::migrate!("../../migrations/sqlite").run(&pool).await {
            pool.close().await;
            return Err(e.into());
        }
        Ok(Db { pool: Pool::Sqlite(pool), health: Default::default() })
    }

    async fn open_postgres(url: &str) -> Result<Db, StorageError> {
        // A writer waits for a lock (the store's, a game's row) at most as long as on
        // SQLite, and a transaction left open by a stuck process is ended, so one process
        // cannot stop the others' writes.
        let wait = format!("{}ms", BUSY_TIMEOUT.as_millis());
        let options = PgConnectOptions::from_str(url)?
            .options([("lock_timeout", wait.as_str()), ("idle_in_transaction_session_timeout", "60s")]);
        // A statement waits for a connection at most `CONNECT_TIMEOUT` (a few seconds, not
        // the lock's wait): a server that is down is found out within one bounded wait.
        let pool_options = || PgPoolOptions::new().max_connections(POSTGRES_CONNECTIONS).acquire_timeout(health::CONNECT_TIMEOUT);
        // Two processes creating the same new database at once: the loser's CREATE fails,
        // and its next try finds the database.
        retrying(|| async {
            let pool = match pool_options().connect_with(options.clone()).await {
                Ok(pool) => pool,
                // Only a missing database is created (which needs the maintenance database
                // `postgres`); a user of an existing one needs no right beyond it.
                Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some(UNDEFINED_DATABASE) => {
                    sqlx::Postgres::create_database(url).await?;
                    pool_options().connect_with(options.clone()).await?
                }
                Err(e) => return Err(e.into()),
            };
            if let Err(e) = sqlx::migrate!("../../migrations/postgres").run(&pool).await {
                pool.close().await;
                return Err(e.into());
            }
            Ok(Db { pool: Pool::Postgres(pool), health: Default::default() })
        })
        .await
    }

    /// Where the store's statements run: the pool. For the store's own modules, and for
    /// tests that inspect or damage the database directly. The rest of this crate never
    /// calls it (nothing outside `store/` writes SQL; `commands/tests/layers.rs` checks
    /// that).
    pub fn exec(&self) -> Exec<'_> {
        if self.health.is_down() {
            return Exec::Down;
        }
        self.pool.exec()
    }

    /// Takes note of a storage failure: one that means the database cannot be reached
    /// marks it down, so that the statements after it fail at once until a probe reaches
    /// it again ([`health`]). Called wherever a failure is caught.
    pub fn saw(&self, error: &StorageError) {
        self.health.saw(&self.pool, error);
    }

    /// Whether the database is known to be down ([`Db::saw`]).
    pub fn is_down(&self) -> bool {
        self.health.is_down()
    }

    /// The database's SQL dialect.
    pub fn dialect(&self) -> Dialect {
        self.pool.dialect()
    }

    /// Begins a transaction whose writes are ordered by `lock` ([`backend`]): for the
    /// store's modules, and for tests that hold a lock.
    ///
    /// # Errors
    /// [`StorageError`] when the database cannot begin one (within [`BUSY_TIMEOUT`]).
    pub async fn begin(&self, lock: Lock) -> Result<Tx, StorageError> {
        if self.health.is_down() {
            return Err(sqlx::Error::PoolTimedOut.into());
        }
        self.pool.begin(lock).await.map_err(|e| {
            let e = StorageError::from(e);
            self.saw(&e);
            e
        })
    }

    /// How far the terminal's clock runs ahead of the system clock (ms; 0 until the
    /// first `wait`), as stored in this database.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn terminal_offset(&self) -> Result<i64, StorageError> {
        let offset: Option<i64> = on!(self.exec(), |c| sqlx::query_scalar("SELECT offset_ms FROM terminal_clock WHERE id = 1").fetch_optional(c).await)?;
        Ok(offset.unwrap_or(0))
    }

    /// Moves the stored terminal clock forward by `ms` (at least 0) and returns the new
    /// offset: one statement, so two terminals waiting at once add both waits.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn add_terminal_offset(&self, ms: i64) -> Result<i64, StorageError> {
        let offset: i64 = on!(self.exec(), |c| sqlx::query_scalar(
            "INSERT INTO terminal_clock (id, offset_ms) VALUES (1, $1) \
             ON CONFLICT (id) DO UPDATE SET offset_ms = terminal_clock.offset_ms + excluded.offset_ms RETURNING offset_ms",
        )
        .bind(ms.max(0))
        .fetch_one(c)
        .await)?;
        Ok(offset)
    }

    /// Closes every connection.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// Runs `open` until it succeeds, at most [`OPEN_RETRIES`] times more after a failure.
async fn retrying<F, Fut>(mut open: F) -> Result<Db, StorageError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<Db, StorageError>>,
{
    let mut tries = 0;
    loop {
        match open().await {
            Ok(db) => return Ok(db),
            // A server that cannot be reached is reported after one bounded wait
            // (`health::CONNECT_TIMEOUT`), not tried again.
            Err(e) if tries < OPEN_RETRIES && !health::is_connection_error(&e) => {
                tries += 1;
                tracing::info!(error = %e, tries, "opening the database failed; trying again");
                tokio::time::sleep(Duration::from_millis(200 * tries)).await;
            }
            Err(e) => return Err(e),
        }
    }
}
