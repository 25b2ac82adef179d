//! The two databases the store runs on: SQLite (the embedded default, one file) and
//! PostgreSQL (shared by several bot processes). One storage interface, [`super::Db`],
//! with each query written once in SQL both understand (`$1`-style parameters,
//! `ON CONFLICT`, `RETURNING`) and run on the concrete driver of the database it was
//! opened on; where the two dialects differ, [`Dialect`] gives the piece of SQL.
//!
//! Not sqlx's `Any` driver: it loses 64-bit integers and booleans on SQLite. Here each
//! query is instantiated for both drivers by [`on!`], so every value keeps its type.
//!
//! Writes that read first run in [`Tx`] transactions opened by [`super::Db::begin`]:
//! - [`Lock::Store`]: writers of this kind run one after the other (SQLite:
//!   `BEGIN IMMEDIATE`, the database's write lock; PostgreSQL: a transaction-scoped
//!   advisory lock, [`STORE_LOCK`]), so what such a writer read stays true until it
//!   commits. Each statement after the lock sees everything committed before it, also
//!   under PostgreSQL's READ COMMITTED.
//! - [`Lock::Row`]: the transaction's first statement is a conditional `UPDATE` of one
//!   row (a move's `UPDATE games ... WHERE seq = $n`), whose row lock orders it against
//!   every other writer of that row; a writer that waited re-checks the condition on the
//!   row as committed (PostgreSQL's READ COMMITTED does), so of two racing moves one
//!   updates and the other finds nothing. SQLite has only the database's lock.

use sqlx::{
    pool::PoolConnection,
    postgres::{PgConnection, PgPool, PgRow},
    sqlite::{SqliteConnection, SqlitePool, SqliteRow},
    ColumnIndex, Decode, Postgres, Row, Sqlite, Type,
};

/// The advisory lock key that [`Lock::Store`] writers take on PostgreSQL (any fixed
/// number no other program uses on the same database; this one spells "SPTI").
pub const STORE_LOCK: i64 = 0x5350_5449;

/// A pool of connections to one of the two databases.
#[derive(Debug, Clone)]
pub(crate) enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Where a statement runs: a pool (each statement on a connection of its own) or the
/// connection of a transaction. [`on!`] runs one body for whichever it is.
pub enum Exec<'a> {
    SqlitePool(&'a SqlitePool),
    SqliteConn(&'a mut SqliteConnection),
    PgPool(&'a PgPool),
    PgConn(&'a mut PgConnection),
    /// The database is known to be down ([`super::health`]): the statement fails at
    /// once with [`sqlx::Error::PoolTimedOut`] instead of waiting for a connection.
    Down,
}

/// A transaction on either database ([`super::Db::begin`]): a pooled connection on which
/// `BEGIN` ran. Dropped without [`Tx::commit`], it is rolled back before its connection
/// goes back to the pool.
///
/// The transaction is the store's own, not sqlx's `Transaction`: when a `COMMIT` fails
/// (a full disk, an I/O error) SQLite may already have rolled back, so sqlx's `ROLLBACK`
/// fails too and its connection stayed "inside a transaction" for good ("attempted to
/// call begin_with at non-zero transaction depth" on every later write, issue 38). Here a
/// connection whose transaction did not end cleanly is closed instead of reused, so the
/// next command works as soon as the fault is gone.
pub struct Tx {
    inner: Option<TxInner>,
}

enum TxInner {
    Sqlite(PoolConnection<Sqlite>),
    Postgres(PoolConnection<Postgres>),
}

impl TxInner {
    /// Runs `sql` (`BEGIN …`, `COMMIT`, `ROLLBACK`) on the connection.
    async fn run(&mut self, sql: &'static str) -> Result<(), sqlx::Error> {
        match self {
            TxInner::Sqlite(c) => sqlx::raw_sql(sql).execute(&mut **c).await.map(drop),
            TxInner::Postgres(c) => sqlx::raw_sql(sql).execute(&mut **c).await.map(drop),
        }
    }

    /// Has the connection closed instead of returned to the pool when it is dropped.
    fn close_on_drop(&mut self) {
        match self {
            TxInner::Sqlite(c) => c.close_on_drop(),
            TxInner::Postgres(c) => c.close_on_drop(),
        }
    }
}

/// What a transaction's writes are ordered by (module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lock {
    /// One such writer at a time.
    Store,
    /// The row lock of the transaction's first statement, a conditional update.
    Row,
}

/// The SQL dialect of a database, for the few pieces the two write differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

impl Dialect {
    /// The values of the JSON array of strings in parameter `param` (e.g. `$2`) as a
    /// one-column table named `value`, for `x IN (SELECT value FROM ...)`.
    pub fn json_strings(self, param: &str) -> String {
        match self {
            Dialect::Sqlite => format!("json_each({param})"),
            Dialect::Postgres => format!("jsonb_array_elements_text(CAST({param} AS jsonb)) AS value"),
        }
    }

    /// The function giving the larger of two values (`MAX(a, b)` in SQLite; there
    /// `GREATEST` does not exist, and in PostgreSQL `MAX` is only the aggregate).
    pub fn greatest(self) -> &'static str {
        match self {
            Dialect::Sqlite => "MAX",
            Dialect::Postgres => "GREATEST",
        }
    }
}

impl Pool {
    pub(crate) fn exec(&self) -> Exec<'_> {
        match self {
            Pool::Sqlite(p) => Exec::SqlitePool(p),
            Pool::Postgres(p) => Exec::PgPool(p),
        }
    }

    pub(crate) fn dialect(&self) -> Dialect {
        match self {
            Pool::Sqlite(_) => Dialect::Sqlite,
            Pool::Postgres(_) => Dialect::Postgres,
        }
    }

    pub(crate) async fn begin(&self, lock: Lock) -> Result<Tx, sqlx::Error> {
        let (mut inner, begin) = match self {
            Pool::Sqlite(p) => (TxInner::Sqlite(p.acquire().await?), "BEGIN IMMEDIATE"),
            // READ COMMITTED whatever the server's default: each statement after the lock
            // then sees everything committed before it (REPEATABLE READ would keep the
            // snapshot taken while waiting for the lock).
            Pool::Postgres(p) => (TxInner::Postgres(p.acquire().await?), "BEGIN ISOLATION LEVEL READ COMMITTED"),
        };
        // A failed BEGIN (a busy database) leaves no transaction: the connection goes back
        // to the pool as it is.
        inner.run(begin).await?;
        let mut tx = Tx { inner: Some(inner) };
        if lock == Lock::Store
            && let Some(TxInner::Postgres(c)) = tx.inner.as_mut()
        {
            sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(STORE_LOCK).execute(&mut **c).await?;
        }
        Ok(tx)
    }

    /// Whether the pool was closed ([`Pool::close`]).
    pub(crate) fn is_closed(&self) -> bool {
        match self {
            Pool::Sqlite(p) => p.is_closed(),
            Pool::Postgres(p) => p.is_closed(),
        }
    }

    /// Runs `SELECT 1` on a connection of the pool (waiting at most the pool's acquire
    /// timeout for one): whether the database answers.
    pub(crate) async fn ping(&self) -> Result<(), sqlx::Error> {
        match self {
            Pool::Sqlite(p) => sqlx::raw_sql("SELECT 1").execute(p).await.map(drop),
            Pool::Postgres(p) => sqlx::raw_sql("SELECT 1").execute(p).await.map(drop),
        }
    }

    pub(crate) async fn close(&self) {
        match self {
            Pool::Sqlite(p) => p.close().await,
            Pool::Postgres(p) => p.close().await,
        }
    }
}

impl Tx {
    /// The transaction's connection, for [`on!`].
    ///
    /// # Panics
    /// Never: the connection is only taken out by [`Tx::commit`] and drop, which consume
    /// the transaction.
    pub fn exec(&mut self) -> Exec<'_> {
        match self.inner.as_mut() {
            Some(TxInner::Sqlite(c)) => Exec::SqliteConn(c),
            Some(TxInner::Postgres(c)) => Exec::PgConn(c),
            None => unreachable!("a transaction keeps its connection until it ends"),
        }
    }

    /// Commits the transaction. When the `COMMIT` fails, its connection is closed rather
    /// than returned to the pool: the database may or may not have rolled back by itself,
    /// and the next transaction must start on a connection in a known state.
    ///
    /// # Errors
    /// The driver's error when the commit fails (then nothing of it is stored).
    pub async fn commit(mut self) -> Result<(), sqlx::Error> {
        let Some(mut inner) = self.inner.take() else { return Ok(()) };
        let committed = inner.run("COMMIT").await;
        if let Err(e) = &committed {
            tracing::warn!(error = %e, "a commit failed; its connection is closed, not reused");
            inner.close_on_drop();
        }
        committed
    }
}

impl Drop for Tx {
    /// Rolls back a transaction that was not committed (a stale move, an error on the
    /// way): on the runtime, before its connection goes back to the pool; a connection
    /// whose rollback fails, or that cannot be rolled back here (no runtime), is closed.
    fn drop(&mut self) {
        let Some(mut inner) = self.inner.take() else { return };
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            inner.close_on_drop();
            return;
        };
        runtime.spawn(async move {
            if inner.run("ROLLBACK").await.is_err() {
                inner.close_on_drop();
            }
        });
    }
}

/// Runs `$body` with `$c` bound to the executor of `$exec` (an [`Exec`]), once written
/// and instantiated for each driver: `on!(self.exec(), |c| sqlx::query("...").bind(x)
/// .fetch_one(c).await)`. The body must have the same type for both drivers (decode
/// rows inside it, e.g. with [`StoredRow`]).
macro_rules! on {
    ($exec:expr, |$c:ident| $body:expr) => {
        match $exec {
            $crate::backend::Exec::SqlitePool($c) => $body,
            $crate::backend::Exec::SqliteConn($c) => $body,
            $crate::backend::Exec::PgPool($c) => $body,
            $crate::backend::Exec::PgConn($c) => $body,
            $crate::backend::Exec::Down => Err(::sqlx::Error::PoolTimedOut.into()),
        }
    };
}
pub(crate) use on;

/// A value both drivers decode from a column.
pub trait Column: for<'r> Decode<'r, Sqlite> + Type<Sqlite> + for<'r> Decode<'r, Postgres> + Type<Postgres> {}
impl<T> Column for T where T: for<'r> Decode<'r, Sqlite> + Type<Sqlite> + for<'r> Decode<'r, Postgres> + Type<Postgres> {}

/// A column name or position both drivers' rows accept.
pub trait Index: ColumnIndex<SqliteRow> + ColumnIndex<PgRow> {}
impl<I> Index for I where I: ColumnIndex<SqliteRow> + ColumnIndex<PgRow> {}

/// A row of either driver, read the same way: the store's row readers are written once.
pub trait StoredRow {
    /// The value of column `col`.
    ///
    /// # Errors
    /// The driver's error when the column is missing or of another type.
    fn get<T: Column>(&self, col: impl Index) -> Result<T, sqlx::Error>;
}

impl StoredRow for SqliteRow {
    fn get<T: Column>(&self, col: impl Index) -> Result<T, sqlx::Error> {
        self.try_get(col)
    }
}

impl StoredRow for PgRow {
    fn get<T: Column>(&self, col: impl Index) -> Result<T, sqlx::Error> {
        self.try_get(col)
    }
}
