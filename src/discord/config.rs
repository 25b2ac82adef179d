//! The `[discord]` section of the configuration file.

use std::fmt;

use serde::Deserialize;

pub use crate::config::ShardRange;
use crate::secret::Secret;

/// The environment variable that can hold the bot token instead of the file.
pub const TOKEN_ENV: &str = "SPIELTISCH_DISCORD_TOKEN";

/// `[discord]`: how to reach Discord.
///
/// ```toml
/// [discord]
/// token = "..."                     # or SPIELTISCH_DISCORD_TOKEN
/// guilds = [123456789012345678]     # register commands here (instant) instead of globally
/// # api_url = "http://127.0.0.1:8080" # another Discord-compatible API (tests, proxies)
/// # shards = "0-3/8"                  # run shards 0 to 3 of 8 here; unset: autosharded
/// ```
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiscordConfig {
    /// The bot token; when absent, [`TOKEN_ENV`] is read.
    #[serde(default)]
    pub token: Option<Secret>,
    /// Base URL of a Discord-compatible REST API (scheme and host, e.g.
    /// `http://127.0.0.1:8080`); its `GET /api/v10/gateway` names the gateway. Unset: the
    /// real Discord, with serenity's rate limiter on.
    #[serde(default)]
    pub api_url: Option<String>,
    /// Guild ids to register the slash commands in (immediately visible); empty: register
    /// globally (may take up to an hour to appear).
    #[serde(default)]
    pub guilds: Vec<u64>,
    /// The shards this process runs; `None`: all of them, as many as Discord recommends
    /// (`GET /gateway/bot`).
    #[serde(default)]
    pub shards: Option<ShardRange>,
}

/// The bot token as Discord's API takes it: without a leading `Bot ` (a token pasted
/// with it works too) and surrounding blanks.
fn bot_token(text: &str) -> Secret {
    let token = text.trim();
    Secret::new(token.strip_prefix("Bot ").unwrap_or(token).trim())
}

impl From<&crate::config::DiscordConfig> for DiscordConfig {
    /// The adapter's view of the configuration's `[discord]` section (the adapter checks
    /// the token and URL).
    fn from(config: &crate::config::DiscordConfig) -> DiscordConfig {
        DiscordConfig { token: config.token.clone(), api_url: config.api_url.clone(), guilds: config.guilds.clone(), shards: config.shards }
    }
}

/// Why the Discord section cannot be used.
#[derive(Debug, PartialEq, Eq)]
pub enum ConfigError {
    /// Neither `[discord] token` nor the environment variable holds a token.
    NoToken,
    /// `api_url` is not an `http://` or `https://` URL.
    BadApiUrl(String),
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::NoToken => {
                write!(f, "no Discord bot token: set [discord] token or {TOKEN_ENV}, or leave the [discord] section out to run without Discord")
            }
            ConfigError::BadApiUrl(url) => write!(f, "[discord] api_url must start with http:// or https://, not \"{}\"", commands::store::url::redact(url)),
        }
    }
}

impl std::error::Error for ConfigError {}

impl DiscordConfig {
    /// The token from the file, else from [`TOKEN_ENV`].
    ///
    /// # Errors
    /// [`ConfigError::NoToken`] when neither holds a non-empty token.
    pub fn token(&self) -> Result<Secret, ConfigError> {
        let from_env = || std::env::var(TOKEN_ENV).ok().map(|t| bot_token(&t));
        self.token
            .as_ref()
            .map(|t| bot_token(t.expose()))
            .filter(|t| !t.expose().is_empty())
            .or_else(from_env)
            .filter(|t| !t.expose().is_empty())
            .ok_or(ConfigError::NoToken)
    }

    /// The API base URL without a trailing slash or `/api/v10`, if one is set.
    ///
    /// # Errors
    /// [`ConfigError::BadApiUrl`] for anything but an http(s) URL.
    pub fn api_url(&self) -> Result<Option<String>, ConfigError> {
        match &self.api_url {
            None => Ok(None),
            Some(url) if url.starts_with("http://") || url.starts_with("https://") => {
                let url = url.trim_end_matches('/');
                let url = url.strip_suffix("/api/v10").unwrap_or(url).trim_end_matches('/');
                Ok(Some(url.to_string()))
            }
            Some(url) => Err(ConfigError::BadApiUrl(url.clone())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_never_shows() {
        let config: DiscordConfig = toml::from_str("token = \"Bot abc.def.ghi\"\nguilds = [5]").unwrap_or_default();
        assert_eq!(config.token().map(|t| t.expose().to_string()), Ok("abc.def.ghi".to_string()));
        assert_eq!(config.guilds, vec![5]);
        let shown = format!("{config:?} {}", config.token.clone().unwrap_or(Secret::new("")));
        assert!(!shown.contains("abc"), "{shown}");
    }

    #[test]
    fn api_url_must_be_http() {
        let with = |url: &str| DiscordConfig { api_url: Some(url.into()), ..DiscordConfig::default() };
        assert_eq!(with("http://127.0.0.1:9/").api_url(), Ok(Some("http://127.0.0.1:9".into())));
        assert_eq!(with("http://127.0.0.1:9/api/v10/").api_url(), Ok(Some("http://127.0.0.1:9".into())));
        assert_eq!(with("ftp://x").api_url(), Err(ConfigError::BadApiUrl("ftp://x".into())));
        assert_eq!(DiscordConfig::default().api_url(), Ok(None));
    }
}
