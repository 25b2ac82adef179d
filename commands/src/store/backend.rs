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
    postgres::{PgConnection, PgPool, PgRow},
    sqlite::{SqliteConnection, SqlitePool, SqliteRow},
    ColumnIndex, Decode, Postgres, Row, Sqlite, Transaction, Type,
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
}

/// A transaction on either database ([`super::Db::begin`]); dropped without
/// [`Tx::commit`], it is rolled back.
pub struct Tx {
    inner: TxInner,
}

enum TxInner {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
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
        let inner = match self {
            Pool::Sqlite(p) => TxInner::Sqlite(p.begin_with("BEGIN IMMEDIATE").await?),
            Pool::Postgres(p) => {
                // READ COMMITTED whatever the server's default: each statement after the
                // lock then sees everything committed before it (REPEATABLE READ would
                // keep the snapshot taken while waiting for the lock).
                let mut tx = p.begin_with("BEGIN ISOLATION LEVEL READ COMMITTED").await?;
                if lock == Lock::Store {
                    sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(STORE_LOCK).execute(&mut *tx).await?;
                }
                TxInner::Postgres(tx)
            }
        };
        Ok(Tx { inner })
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
    pub fn exec(&mut self) -> Exec<'_> {
        match &mut self.inner {
            TxInner::Sqlite(tx) => Exec::SqliteConn(tx),
            TxInner::Postgres(tx) => Exec::PgConn(tx),
        }
    }

    /// Commits the transaction.
    ///
    /// # Errors
    /// The driver's error when the commit fails (then nothing of it is stored).
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        match self.inner {
            TxInner::Sqlite(tx) => tx.commit().await,
            TxInner::Postgres(tx) => tx.commit().await,
        }
    }
}

/// Runs `$body` with `$c` bound to the executor of `$exec` (an [`Exec`]), once written
/// and instantiated for each driver: `on!(self.exec(), |c| sqlx::query("...").bind(x)
/// .fetch_one(c).await)`. The body must have the same type for both drivers (decode
/// rows inside it, e.g. with [`StoredRow`]).
macro_rules! on {
    ($exec:expr, |$c:ident| $body:expr) => {
        match $exec {
            $crate::store::backend::Exec::SqlitePool($c) => $body,
            $crate::store::backend::Exec::SqliteConn($c) => $body,
            $crate::store::backend::Exec::PgPool($c) => $body,
            $crate::store::backend::Exec::PgConn($c) => $body,
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
