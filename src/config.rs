//! The configuration file of `spieltisch run --config FILE` (TOML). Sections of
//! platforms this build does not know are ignored.
//!
//! ```toml
//! database = "sqlite://spieltisch.db"
//! [bot]
//! language = "de"          # when the platform does not tell the user's language
//! admins = ["123456789"]   # platform user ids of bot owners
//! [discord]
//! token = "..."            # or SPIELTISCH_DISCORD_TOKEN
//! ```

use serde::Deserialize;

/// The whole file.
#[derive(Debug, Deserialize)]
pub struct Config {
    /// The SQLite database (a sqlx URL).
    #[serde(default = "default_database")]
    pub database: String,
    #[serde(default)]
    pub bot: BotConfig,
    #[cfg(feature = "discord")]
    pub discord: Option<spieltisch::discord::DiscordConfig>,
}

/// `[bot]`: settings of every platform.
#[derive(Debug, Default, Deserialize)]
pub struct BotConfig {
    /// `en` or `de`.
    pub language: Option<String>,
    #[serde(default)]
    pub admins: Vec<String>,
}

fn default_database() -> String {
    "sqlite://spieltisch.db".to_string()
}

/// Reads and parses the file.
///
/// # Errors
/// The file cannot be read or is not valid TOML for [`Config`] (the message names the key).
pub fn load(path: &std::path::Path) -> anyhow::Result<Config> {
    let text = std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    toml::from_str(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}
