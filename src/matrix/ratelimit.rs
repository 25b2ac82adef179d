//! Retrying the bot's own requests: a homeserver's `429 M_LIMIT_EXCEEDED` is honoured by
//! waiting `retry_after_ms` (Synapse's defaults allow a burst of 10 messages, then one
//! every 5 s), and a lost connection is retried with exponential backoff.
//!
//! The bot's sends run with matrix-sdk's own retrying switched off
//! ([`no_sdk_retry`]) so that this module is the one place that decides, and counts, how
//! long the bot waits.

use std::{
    future::Future,
    sync::atomic::{AtomicU64, Ordering},
    time::{Duration, SystemTime},
};

use matrix_sdk::{
    HttpError,
    config::RequestConfig,
    ruma::api::error::{ErrorKind, RetryAfter},
};

/// Give up after this many attempts of one request.
pub const MAX_ATTEMPTS: u32 = 12;
/// The longest single wait, whatever the server asks for.
pub const MAX_WAIT: Duration = Duration::from_secs(120);
/// The first backoff after a network error or a 429 without `retry_after_ms`.
const FIRST_BACKOFF: Duration = Duration::from_millis(500);

/// Counters of what the retry loop did (shared, for logs and tests).
#[derive(Debug, Default)]
pub struct RetryStats {
    /// Responses with 429 `M_LIMIT_EXCEEDED`.
    pub rate_limited: AtomicU64,
    /// Total milliseconds waited because of them.
    pub rate_limited_ms: AtomicU64,
    /// Requests that failed for a network error and were retried.
    pub network_retries: AtomicU64,
    /// Sync requests that failed (lost connection, homeserver down) and were retried.
    pub sync_failures: AtomicU64,
}

impl RetryStats {
    /// The number of 429 answers seen so far.
    pub fn rate_limited(&self) -> u64 {
        self.rate_limited.load(Ordering::Relaxed)
    }

    /// The number of failed sync requests so far.
    pub fn sync_failures(&self) -> u64 {
        self.sync_failures.load(Ordering::Relaxed)
    }
}

/// The request configuration of the bot's sends: matrix-sdk does not retry by itself.
pub fn no_sdk_retry() -> RequestConfig {
    RequestConfig::new().disable_retry()
}

/// What to do after a failed attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The homeserver limited us: wait this long (if it said), then try again.
    RateLimited(Option<Duration>),
    /// The connection failed: back off, then try again.
    Network,
    /// Retrying will not help.
    Permanent,
}

/// Classifies an error of matrix-sdk.
pub fn verdict(error: &matrix_sdk::Error) -> Verdict {
    if let Some(ErrorKind::LimitExceeded(data)) = error.client_api_error_kind() {
        let wait = data.retry_after.as_ref().map(|after| match after {
            RetryAfter::Delay(d) => *d,
            RetryAfter::DateTime(at) => at.duration_since(SystemTime::now()).unwrap_or_default(),
        });
        return Verdict::RateLimited(wait);
    }
    match error {
        matrix_sdk::Error::Http(http) if matches!(**http, HttpError::Reqwest(_)) => Verdict::Network,
        _ => Verdict::Permanent,
    }
}

/// The wait before attempt `attempt + 1` (1-based `attempt` failed with `verdict`):
/// the server's `retry_after` plus a little slack, else exponential backoff; at most
/// [`MAX_WAIT`].
pub fn wait_after(verdict: Verdict, attempt: u32) -> Duration {
    let backoff = FIRST_BACKOFF.saturating_mul(1 << attempt.saturating_sub(1).min(10));
    let wait = match verdict {
        Verdict::RateLimited(Some(after)) => after + Duration::from_millis(50),
        Verdict::RateLimited(None) | Verdict::Network => backoff,
        Verdict::Permanent => Duration::ZERO,
    };
    wait.min(MAX_WAIT)
}

/// Runs `op` until it succeeds, fails permanently, or [`MAX_ATTEMPTS`] attempts failed.
/// `what` names the request in the logs (no secrets in it).
pub async fn retry<T, F, Fut>(what: &str, stats: &RetryStats, op: F) -> Result<T, matrix_sdk::Error>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, matrix_sdk::Error>>,
{
    retry_at_most(what, stats, MAX_ATTEMPTS, op).await
}

/// [`retry`] with at most `attempts` attempts (e.g. a login at start-up, which should
/// fail within seconds when the homeserver is unreachable).
pub async fn retry_at_most<T, F, Fut>(what: &str, stats: &RetryStats, attempts: u32, mut op: F) -> Result<T, matrix_sdk::Error>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, matrix_sdk::Error>>,
{
    let mut attempt = 0;
    loop {
        attempt += 1;
        let error = match op().await {
            Ok(value) => return Ok(value),
            Err(error) => error,
        };
        let verdict = verdict(&error);
        if verdict == Verdict::Permanent || attempt >= attempts {
            return Err(error);
        }
        let wait = wait_after(verdict, attempt);
        match verdict {
            Verdict::RateLimited(_) => {
                stats.rate_limited.fetch_add(1, Ordering::Relaxed);
                stats.rate_limited_ms.fetch_add(wait.as_millis() as u64, Ordering::Relaxed);
                tracing::info!(what, attempt, wait_ms = wait.as_millis() as u64, "rate limited by the homeserver; waiting");
            }
            _ => {
                stats.network_retries.fetch_add(1, Ordering::Relaxed);
                tracing::warn!(what, attempt, wait_ms = wait.as_millis() as u64, %error, "request failed; retrying");
            }
        }
        tokio::time::sleep(wait).await;
    }
}
