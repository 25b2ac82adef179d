//! The sync loop.
//!
//! First start (no first sync recorded in the store, see [`FIRST_SYNC_MARKER`]): one
//! sync *before* the handlers are registered, so the backlog of rooms the account is already in is not answered.
//! Later starts: the handlers are registered first and the sync continues from the
//! stored token, so exactly the commands sent while the bot was down are handled. matrix-sdk
//! saves the token of a sync response before it calls the handlers, so a command is never
//! handled twice (after a crash at the wrong moment it may be missed, never repeated).
//!
//! A failed sync (lost connection, homeserver restart) is retried with backoff; the loop
//! ends only on shutdown or when the homeserver refuses the session.

use std::{future::Future, path::Path, sync::Arc, time::Duration};

use matrix_sdk::{
    Client,
    config::SyncSettings,
    ruma::api::error::ErrorKind,
};

use super::{
    handlers::{Shared, join_with_retry, on_invite, on_room_message},
    ratelimit::{Verdict, verdict, wait_after},
};

/// A file in the store directory, written once the first sync (the one that skips the
/// backlog) has completed.
pub const FIRST_SYNC_MARKER: &str = "first-sync-done";

/// Registers the handlers (after an initial sync on a fresh store) and syncs until
/// `shutdown` completes.
pub async fn run(
    client: &Client,
    store: &Path,
    shared: Arc<Shared>,
    timeout: Duration,
    shutdown: impl Future<Output = ()>,
) -> anyhow::Result<()> {
    let settings = SyncSettings::default().timeout(timeout);
    tokio::pin!(shutdown);

    let marker = store.join(FIRST_SYNC_MARKER);
    if !marker.exists() {
        tracing::info!("first sync on a fresh store: skipping the backlog");
        let mut attempt = 0;
        loop {
            let error = tokio::select! {
                result = client.sync_once(settings.clone()) => match result {
                    Ok(_) => {
                        std::fs::write(&marker, b"")?;
                        break;
                    }
                    Err(error) => error,
                },
                () = &mut shutdown => return Ok(()),
            };
            attempt += 1;
            check_fatal(&error)?;
            let wait = wait_after(backoff_verdict(&error), attempt);
            tracing::warn!(attempt, wait_ms = wait.as_millis() as u64, "initial sync failed: {error}");
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                () = &mut shutdown => return Ok(()),
            }
        }
    }

    client.add_event_handler_context(shared.clone());
    client.add_event_handler(on_room_message);
    client.add_event_handler(on_invite);

    // invitations that arrived before the handlers were registered
    for room in client.invited_rooms() {
        let stats = shared.stats.clone();
        tokio::spawn(async move { join_with_retry(room, &stats).await });
    }

    let mut attempt = 0;
    loop {
        let result = tokio::select! {
            result = client.sync_once(settings.clone()) => result,
            () = &mut shutdown => return Ok(()),
        };
        match result {
            Ok(_) => {
                if attempt > 0 {
                    tracing::info!("sync recovered after {attempt} failed attempts");
                }
                attempt = 0;
            }
            Err(error) => {
                attempt += 1;
                shared.stats.sync_failures.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                check_fatal(&error)?;
                let wait = wait_after(backoff_verdict(&error), attempt.min(8));
                tracing::warn!(attempt, wait_ms = wait.as_millis() as u64, "sync failed: {error}");
                tokio::select! {
                    () = tokio::time::sleep(wait) => {}
                    () = &mut shutdown => return Ok(()),
                }
            }
        }
    }
}

/// A sync error retrying cannot fix: the access token was revoked.
fn check_fatal(error: &matrix_sdk::Error) -> anyhow::Result<()> {
    if let Some(ErrorKind::UnknownToken(_)) = error.client_api_error_kind() {
        anyhow::bail!("the homeserver no longer accepts the bot's session ({error}); delete the store directory to log in anew");
    }
    Ok(())
}

/// Any sync failure is retried: as the server asked, else with backoff.
fn backoff_verdict(error: &matrix_sdk::Error) -> Verdict {
    match verdict(error) {
        Verdict::Permanent => Verdict::Network,
        other => other,
    }
}
