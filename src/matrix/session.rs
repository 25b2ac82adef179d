//! Logging in once and restoring the session afterwards.
//!
//! `store_path/session.json` (mode 0600) keeps the user id, device id and access token;
//! `store_path/sdk/` holds matrix-sdk's SQLite state store (rooms, the sync token) and
//! crypto store (the device's encryption keys). A restart restores the same device, so
//! encrypted rooms stay readable and no device piles up. The bot never logs out: logging
//! out would delete the device and its keys.

use std::{
    future::IntoFuture,
    path::{Path, PathBuf},
};

use anyhow::{Context, bail};
use matrix_sdk::{
    Client, SessionMeta, SessionTokens,
    authentication::matrix::MatrixSession,
    ruma::{OwnedDeviceId, OwnedUserId},
};
use serde::{Deserialize, Serialize};

use super::{
    config::MatrixConfig,
    ratelimit::{RetryStats, retry_at_most},
};
use crate::secret::Secret;

const SESSION_FILE: &str = "session.json";
const SDK_DIR: &str = "sdk";
/// Attempts of the login (or session check) at start-up: about 7 s when the homeserver
/// cannot be reached, then the start fails with a clear error.
const START_ATTEMPTS: u32 = 5;

/// What `session.json` holds.
/// What the store keeps of a login. `Debug` never prints the access token (a
/// [`Secret`]).
#[derive(Debug, Clone, Serialize, Deserialize)]
struct SavedSession {
    homeserver: String,
    user_id: OwnedUserId,
    device_id: OwnedDeviceId,
    #[serde(serialize_with = "Secret::serialize_exposed")]
    access_token: Secret,
}

fn session_file(store: &Path) -> PathBuf {
    store.join(SESSION_FILE)
}

fn load(store: &Path) -> anyhow::Result<Option<SavedSession>> {
    let path = session_file(store);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    // serde's message could quote the file: name the file, not its content
    let session = serde_json::from_str(&text).map_err(|e| {
        anyhow::anyhow!("{} is damaged (line {}, column {}): delete the store directory to log in anew", path.display(), e.line(), e.column())
    })?;
    Ok(Some(session))
}

fn save(store: &Path, session: &SavedSession) -> anyhow::Result<()> {
    let path = session_file(store);
    let tmp = store.join(format!("{SESSION_FILE}.tmp"));
    let text = serde_json::to_string_pretty(session)?;
    write_private(&tmp, text.as_bytes()).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, &path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

#[cfg(unix)]
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::{io::Write, os::unix::fs::OpenOptionsExt};
    let mut file = std::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(not(unix))]
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    std::fs::write(path, bytes)
}

fn create_private_dir(path: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        std::fs::DirBuilder::new().recursive(true).mode(0o700).create(path)
    }
    #[cfg(not(unix))]
    std::fs::create_dir_all(path)
}

/// Whether `store` holds a saved session (then no password is needed to start).
pub fn has_saved_session(store: &Path) -> bool {
    store.join(SESSION_FILE).is_file()
}

/// A logged-in client: the saved session restored, or (first start) a fresh login with
/// the password whose session is then saved.
pub async fn connect(config: &MatrixConfig, stats: &RetryStats) -> anyhow::Result<Client> {
    let store = &config.store_path;
    create_private_dir(store).with_context(|| format!("cannot create the store directory {}", store.display()))?;
    let saved = load(store)?;
    let sdk_dir = store.join(SDK_DIR);
    if saved.is_none() && sdk_dir.exists() {
        // keys of a device whose session is gone are of no use and would not match a new one
        tracing::warn!(dir = %sdk_dir.display(), "no saved session: removing the old matrix-sdk store");
        std::fs::remove_dir_all(&sdk_dir).with_context(|| format!("cannot remove {}", sdk_dir.display()))?;
    }
    if saved.is_none() {
        // a new login starts a new store: its first sync skips the backlog again
        let _ = std::fs::remove_file(store.join(super::sync::FIRST_SYNC_MARKER));
    }
    let client = Client::builder()
        .homeserver_url(&config.homeserver)
        .sqlite_store(&sdk_dir, None)
        .build()
        .await
        .with_context(|| format!("cannot set up the Matrix client for {}", config.homeserver))?;

    match saved {
        Some(saved) => {
            if saved.homeserver != config.homeserver {
                bail!(
                    "the store {} belongs to {} on {}, not to {}: use another store_path",
                    store.display(),
                    saved.user_id,
                    saved.homeserver,
                    config.homeserver
                );
            }
            let session = MatrixSession {
                meta: SessionMeta { user_id: saved.user_id.clone(), device_id: saved.device_id.clone() },
                tokens: SessionTokens { access_token: saved.access_token.expose().to_string(), refresh_token: None },
            };
            client.restore_session(session).await.context("cannot restore the saved Matrix session")?;
            let whoami = retry_at_most("whoami", stats, START_ATTEMPTS, || async { client.whoami().await.map_err(matrix_sdk::Error::from) }).await.map_err(|e| {
                anyhow::anyhow!(
                    "the homeserver refused the saved session of {} ({e}); if it was logged out elsewhere, delete {} to log in anew",
                    saved.user_id,
                    store.display()
                )
            })?;
            if whoami.user_id != saved.user_id {
                bail!("the saved session belongs to {}, the homeserver says {}", saved.user_id, whoami.user_id);
            }
            tracing::info!(user = %saved.user_id, device = %saved.device_id, "restored the Matrix session");
        }
        None => {
            let Some(password) = config.password() else {
                bail!("no Matrix password: set `password` in [matrix] or SPIELTISCH_MATRIX_PASSWORD for the first login, or leave the [matrix] section out to run without Matrix");
            };
            let auth = client.matrix_auth();
            let response = retry_at_most("login", stats, START_ATTEMPTS, || {
                auth.login_username(&config.user, &password).initial_device_display_name(&config.device_name).into_future()
            })
            .await
            .map_err(|e| anyhow::anyhow!("login as {} on {} failed: {e}", config.user, config.homeserver))?;
            save(
                store,
                &SavedSession {
                    homeserver: config.homeserver.clone(),
                    user_id: response.user_id.clone(),
                    device_id: response.device_id.clone(),
                    access_token: Secret::new(response.access_token.clone()),
                },
            )?;
            tracing::info!(user = %response.user_id, device = %response.device_id, "logged in; session saved");
        }
    }
    Ok(client)
}
