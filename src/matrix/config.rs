//! The adapter's settings (filled from the `[matrix]` section of the configuration file,
//! see `src/config/` and `config.example.toml`).

use std::{fmt, path::PathBuf, time::Duration};

/// The default command prefix (`!st new carat`).
pub const DEFAULT_PREFIX: &str = "!st";

/// How the bot reaches its Matrix account.
#[derive(Clone)]
pub struct MatrixConfig {
    /// The homeserver's base URL (no `.well-known` discovery: give the client API URL).
    pub homeserver: String,
    /// The bot account: a full user id (`@bot:example.org`) or its localpart.
    pub user: String,
    /// The account's password; used only for the first login (afterwards the saved
    /// session is restored). Never printed.
    pub password: Option<String>,
    /// A directory for the session file and matrix-sdk's SQLite state and crypto stores.
    /// It must survive restarts: losing it means a new device and lost encryption keys.
    pub store_path: PathBuf,
    /// The prefix that marks a message as a command for the bot [`DEFAULT_PREFIX`].
    pub command_prefix: String,
    /// The display name of the bot's device, shown in other users' device lists.
    pub device_name: String,
    /// Seconds the homeserver may hold a sync request open (long polling) [30].
    pub sync_timeout_secs: u64,
}

impl MatrixConfig {
    /// Settings with the defaults for everything but the account and the store.
    pub fn new(homeserver: impl Into<String>, user: impl Into<String>, store_path: impl Into<PathBuf>) -> MatrixConfig {
        MatrixConfig {
            homeserver: homeserver.into(),
            user: user.into(),
            password: None,
            store_path: store_path.into(),
            command_prefix: DEFAULT_PREFIX.to_string(),
            device_name: "Spieltisch".to_string(),
            sync_timeout_secs: 30,
        }
    }

    /// The password, if one is set and not empty.
    pub fn password(&self) -> Option<String> {
        self.password.clone().filter(|p| !p.is_empty())
    }

    /// The long-polling timeout of a sync request (1 s to 5 min).
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
            .field("password", &self.password.as_ref().map(|_| "***"))
            .field("store_path", &self.store_path)
            .field("command_prefix", &self.command_prefix)
            .field("device_name", &self.device_name)
            .field("sync_timeout_secs", &self.sync_timeout_secs)
            .finish()
    }
}
