//! Whether the database answers (issue 38: no long waits while PostgreSQL is down).
//!
//! A statement that cannot get a connection waits at most [`CONNECT_TIMEOUT`] (the pool's
//! acquire timeout on PostgreSQL). When one fails for want of a connection (the server is
//! down or unreachable), the store is marked down: from then on every statement fails at
//! once ([`super::backend::Exec::Down`]) instead of waiting again, so a command is refused
//! within one bounded wait and the next ones at once. A probe tries to connect every
//! [`PROBE_INTERVAL`] and marks the store up again as soon as the server answers, so the
//! bot recovers by itself. SQLite is never marked down (a file has no connection to lose).

use std::{
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc,
    },
    time::Duration,
};

use super::{backend::Pool, StorageError};

/// How long a statement waits for a connection to PostgreSQL before it fails, and how
/// long the start-up waits for the server.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);

/// How often the probe tries to reach a database marked down.
pub const PROBE_INTERVAL: Duration = Duration::from_secs(1);

/// The store's view of its database: up, or known to be down (shared by its clones).
#[derive(Debug, Default)]
pub(crate) struct Health {
    down: AtomicBool,
    probing: AtomicBool,
}

impl Health {
    /// Whether the database is known to be down (statements then fail at once).
    pub(crate) fn is_down(&self) -> bool {
        self.down.load(Ordering::Acquire)
    }

    /// Marks the database down after `error`, when the error says no connection could be
    /// had, and starts the probe (one at a time) that marks it up again.
    pub(crate) fn saw(self: &Arc<Self>, pool: &Pool, error: &StorageError) {
        if !matches!(pool, Pool::Postgres(_)) || !is_connection_error(error) {
            return;
        }
        if !self.down.swap(true, Ordering::AcqRel) {
            tracing::error!(error = %error, "the database cannot be reached: commands are refused at once until it answers again");
        }
        if self.probing.swap(true, Ordering::AcqRel) {
            return;
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            self.probing.store(false, Ordering::Release);
            return;
        };
        let (health, pool) = (Arc::clone(self), pool.clone());
        runtime.spawn(async move {
            loop {
                tokio::time::sleep(PROBE_INTERVAL).await;
                if pool.is_closed() {
                    break;
                }
                if pool.ping().await.is_ok() {
                    health.down.store(false, Ordering::Release);
                    tracing::info!("the database answers again");
                    break;
                }
            }
            health.probing.store(false, Ordering::Release);
        });
    }
}

/// Whether `error` means the database could not be reached (no connection within the
/// timeout, a refused or broken connection, the server shutting down), rather than a
/// statement's own failure.
pub fn is_connection_error(error: &StorageError) -> bool {
    let StorageError::Sqlx(e) = error else { return false };
    match e {
        sqlx::Error::PoolTimedOut | sqlx::Error::Io(_) | sqlx::Error::Tls(_) | sqlx::Error::Protocol(_) => true,
        // SQLSTATE class 08 (connection exception), 57P01-57P03 (the server shuts down or
        // cannot take connections yet).
        sqlx::Error::Database(db) => db.code().is_some_and(|code| code.starts_with("08") || matches!(&*code, "57P01" | "57P02" | "57P03")),
        _ => false,
    }
}
