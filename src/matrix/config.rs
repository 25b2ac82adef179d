//! The `[matrix]` section of the bot's configuration file.

use std::{fmt, path::PathBuf, time::Duration};

use serde::Deserialize;

/// The environment variable that may hold the bot account's password instead of the file.
pub const PASSWORD_ENV: &str = "SPIELTISCH_MATRIX_PASSWORD";

/// The default command prefix (`!st new carat`).
pub const DEFAULT_PREFIX: &str = "!st";

/// How the bot reaches its Matrix account.
///
/// ```toml
/// [matrix]
/// homeserver = "https://matrix.example.org"
/// user = "@spieltisch:example.org"      # or just the localpart
/// password = "..."                      # or SPIELTISCH_MATRIX_PASSWORD
/// store_path = "data/matrix"            # session, sync token and encryption keys
/// command_prefix = "!st"
/// ```
#[derive(Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatrixConfig {
    /// The homeserver's base URL (no `.well-known` discovery: give the client API URL).
    pub homeserver: String,
    /// The bot account: a full user id (`@bot:example.org`) or its localpart.
    pub user: String,
    /// The account's password; used only for the first login (afterwards the saved
    /// session is restored). [`PASSWORD_ENV`] overrides it.
    #[serde(default)]
    pub password: Option<String>,
    /// A directory for the session file and matrix-sdk's SQLite state and crypto stores.
    /// It must survive restarts: losing it means a new device and lost encryption keys.
    pub store_path: PathBuf,
    /// The prefix that marks a message as a command for the bot [`DEFAULT_PREFIX`].
    #[serde(default = "default_prefix")]
    pub command_prefix: String,
    /// The display name of the bot's device, shown in other users' device lists.
    #[serde(default = "default_device_name")]
    pub device_name: String,
    /// Seconds the homeserver may hold a sync request open (long polling) [30].
    #[serde(default = "default_sync_timeout")]
    pub sync_timeout_secs: u64,
}

fn default_prefix() -> String {
    DEFAULT_PREFIX.to_string()
}

fn default_device_name() -> String {
    "Spieltisch".to_string()
}

fn default_sync_timeout() -> u64 {
    30
}

impl MatrixConfig {
    /// A configuration with the defaults for everything but the account and the store.
    pub fn new(homeserver: impl Into<String>, user: impl Into<String>, store_path: impl Into<PathBuf>) -> MatrixConfig {
        MatrixConfig {
            homeserver: homeserver.into(),
            user: user.into(),
            password: None,
            store_path: store_path.into(),
            command_prefix: default_prefix(),
            device_name: default_device_name(),
            sync_timeout_secs: default_sync_timeout(),
        }
    }

    /// The password: [`PASSWORD_ENV`] if set and not empty, else the file's.
    pub fn password(&self) -> Option<String> {
        match std::env::var(PASSWORD_ENV) {
            Ok(p) if !p.is_empty() => Some(p),
            _ => self.password.clone().filter(|p| !p.is_empty()),
        }
    }

    /// The long-polling timeout of a sync request.
    pub fn sync_timeout(&self) -> Duration {
        Duration::from_secs(self.sync_timeout_secs.clamp(1, 300))
    }
}

/// Never prints the password.
impl fmt::Debug for MatrixConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MatrixConfig")
            .field("homeserver", &self.homeserver)
            .field("user", &self.user)
            .field("password", &self.password.as_ref().map(|_| "<redacted>"))
            .field("store_path", &self.store_path)
            .field("command_prefix", &self.command_prefix)
            .field("device_name", &self.device_name)
            .field("sync_timeout_secs", &self.sync_timeout_secs)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_fill_in_and_the_password_stays_out_of_debug_output() {
        let config: MatrixConfig = toml::from_str(
            r#"
            homeserver = "http://127.0.0.1:8008"
            user = "bot"
            password = "hunter2"
            store_path = "/var/lib/spieltisch/matrix"
            "#,
        )
        .expect("valid config");
        assert_eq!(config.command_prefix, "!st");
        assert_eq!(config.device_name, "Spieltisch");
        assert_eq!(config.sync_timeout(), Duration::from_secs(30));
        let shown = format!("{config:?}");
        assert!(!shown.contains("hunter2"), "{shown}");
        assert!(shown.contains("<redacted>"));
    }

    #[test]
    fn unknown_keys_are_refused() {
        let err = toml::from_str::<MatrixConfig>(
            r#"
            homeserver = "x"
            user = "bot"
            store_path = "s"
            pasword = "typo"
            "#,
        );
        assert!(err.is_err());
    }
}
