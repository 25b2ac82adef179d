//! The configuration file (`config.example.toml` documents every key). Unknown keys and
//! bad values are errors that name the key; secrets may also come from the environment
//! and are never printed.
//!
//! The sections' types are in `sections` (and `shards` for `[discord] shards`); how an
//! error names a key and its line without quoting a secret, in `errors`.

use std::path::Path;

use serde::Deserialize;

pub use crate::secret::Secret;


/// The database URL when the config names none.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://spieltisch.db";

/// Environment variables that override secrets of the file.
pub const ENV_DISCORD_TOKEN: &str = "SPIELTISCH_DISCORD_TOKEN";
pub const ENV_MATRIX_PASSWORD: &str = "SPIELTISCH_MATRIX_PASSWORD";
pub const ENV_HATHOR_SECRET: &str = "SPIELTISCH_HATHOR_SECRET";
/// The database URL, when it holds a password better kept out of the file
/// (`postgres://user:password@host/db`).
pub const ENV_DATABASE_URL: &str = "SPIELTISCH_DATABASE_URL";

mod errors;
mod sections;
mod shards;
#[cfg(test)]
mod tests;

pub use sections::{AiConfig, BotConfig, ClockConfig, DatabaseConfig, DiscordConfig, HathorConfig, MatrixConfig, WebConfig, redact_url};
pub use shards::{ShardRange, ShardRangeError};
use errors::{database_url_line, SecretLines};

/// The whole configuration.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    #[serde(default)]
    pub database: DatabaseConfig,
    #[serde(default)]
    pub bot: BotConfig,
    #[serde(default)]
    pub hathor: HathorConfig,
    #[serde(default)]
    pub ai: AiConfig,
    pub discord: Option<DiscordConfig>,
    pub matrix: Option<MatrixConfig>,
    #[serde(default)]
    pub clock: ClockConfig,
    pub web: Option<WebConfig>,
}

/// A configuration that cannot be used; the text names the file, the key and the line,
/// and never the value of a secret (see [`SECRET_KEYS`]).
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read the config file {file}: {error}")]
    Read { file: String, error: std::io::Error },
    #[error("the config file {file} is not valid TOML: {error}")]
    Syntax { file: String, error: String },
    #[error("the config file {file} has a bad value at `{key}`: {error}")]
    Key { file: String, key: String, error: String },
    #[error("the environment variable {name} has a bad value: {error}")]
    Env { name: &'static str, error: String },
}

/// The keys whose values are secret (tokens, passwords, the daily challenge's secret, the
/// database URL, which may hold a password), in whatever table: an error about one of
/// them, or on a line that sets one, names the key and the line, never the value.
pub const SECRET_KEYS: &[&str] = &["token", "password", "access_token", "daily_secret", "secret", "url"];

impl Config {
    /// Reads `path`, then applies the secrets from the environment.
    ///
    /// # Errors
    /// [`ConfigError`] naming the file and, for a bad or unknown key, the key.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|error| ConfigError::Read { file: file.clone(), error })?;
        let mut config = Config::parse(&text, &file)?;
        config.apply_env(|name| std::env::var(name).ok());
        config.check_database_url(Some((&text, &file)), std::env::var_os(ENV_DATABASE_URL).is_some())?;
        Ok(config)
    }

    /// Refuses a database URL that cannot be the bot's database (issue 41: these errors
    /// named neither file, key nor line), as every other bad value: with the file, the key
    /// `database.url` and its line in `file` (the text and name of the config file), or
    /// with the environment variable when the URL came from there (`from_env`). The URL
    /// is shown without its password.
    ///
    /// # Errors
    /// [`ConfigError::Key`] or [`ConfigError::Env`].
    pub fn check_database_url(&self, file: Option<(&str, &str)>, from_env: bool) -> Result<(), ConfigError> {
        let Some(problem) = commands::store::url_problem(&self.database.url) else { return Ok(()) };
        match file {
            Some((text, name)) if !from_env => {
                let line = database_url_line(text).map_or_else(String::new, |n| format!("line {n}: "));
                Err(ConfigError::Key { file: name.to_string(), key: "database.url".into(), error: format!("{line}{problem}") })
            }
            _ => Err(ConfigError::Env { name: ENV_DATABASE_URL, error: problem }),
        }
    }

    /// No file: the defaults, with the secrets from the environment (as [`Config::load`]
    /// applies them to a file's).
    pub fn from_env() -> Config {
        let mut config = Config::default();
        config.apply_env(|name| std::env::var(name).ok());
        config
    }

    /// Parses TOML text (`file` names it in errors). Errors give the line; about a secret
    /// they never quote the text (TOML's own messages show the line, serde's the value).
    ///
    /// # Errors
    /// [`ConfigError`] naming the key.
    pub fn parse(text: &str, file: &str) -> Result<Config, ConfigError> {
        let secrets = SecretLines::of(text);
        let deserializer = toml::de::Deserializer::parse(text).map_err(|e| ConfigError::Syntax {
            file: file.to_string(),
            error: secrets.syntax_error(text, e.message(), e.span()),
        })?;
        serde_path_to_error::deserialize(deserializer).map_err(|e| {
            let key = e.path().to_string();
            let inner = e.into_inner();
            let error = secrets.value_error(text, &key, inner.message(), inner.span());
            if key == "." || key.is_empty() {
                ConfigError::Syntax { file: file.to_string(), error }
            } else {
                ConfigError::Key { file: file.to_string(), key, error }
            }
        })
    }

    /// Takes secrets from the environment (`SPIELTISCH_DISCORD_TOKEN` configures
    /// Discord even without a `[discord]` section; `SPIELTISCH_MATRIX_PASSWORD` fills in
    /// the password of a `[matrix]` section; `SPIELTISCH_HATHOR_SECRET` sets
    /// `[hathor] daily_secret`; `SPIELTISCH_DATABASE_URL` sets `[database] url`).
    pub fn apply_env(&mut self, var: impl Fn(&str) -> Option<String>) {
        if let Some(url) = var(ENV_DATABASE_URL).filter(|u| !u.trim().is_empty()) {
            self.database.url = url;
        }
        if let Some(token) = var(ENV_DISCORD_TOKEN).filter(|t| !t.is_empty()) {
            self.discord.get_or_insert_with(DiscordConfig::default).token = Some(Secret::new(token));
        }
        if let Some(secret) = var(ENV_HATHOR_SECRET).filter(|s| !s.is_empty()) {
            self.hathor.daily_secret = Some(Secret::new(secret));
        }
        if let (Some(password), Some(matrix)) = (var(ENV_MATRIX_PASSWORD).filter(|p| !p.is_empty()), &mut self.matrix) {
            matrix.password = Some(Secret::new(password));
        }
        self.hide_url_secrets();
    }

    /// Registers the secrets inside the configured URLs (a password in `user:password@`,
    /// a `?password=`) with the log's redaction ([`crate::logging::hide`]): the database
    /// URL, `[matrix] homeserver`, `[discord] api_url` and `[web] public_url`. Messages
    /// show these URLs through [`redact_url`].
    pub fn hide_url_secrets(&self) {
        let urls = [
            Some(self.database.url.as_str()),
            self.matrix.as_ref().map(|m| m.homeserver.as_str()),
            self.discord.as_ref().and_then(|d| d.api_url.as_deref()),
            self.web.as_ref().and_then(|w| w.public_url.as_deref()),
        ];
        for url in urls.into_iter().flatten() {
            for secret in commands::store::url::secrets(url) {
                crate::logging::hide(&secret);
            }
        }
    }

    /// The configured platforms this build has no adapter for (`Discord` without the
    /// `discord` feature, `Matrix` without the `matrix` feature).
    pub fn unavailable_platforms(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        if self.discord.is_some() && !cfg!(feature = "discord") {
            out.push("Discord");
        }
        if self.matrix.is_some() && !cfg!(feature = "matrix") {
            out.push("Matrix");
        }
        out
    }

    /// The platforms this configuration sets up, each described in a few words
    /// (never with a secret).
    pub fn platforms(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(d) = &self.discord {
            let guilds = if d.guilds.is_empty() {
                "commands registered globally".to_string()
            } else {
                format!("commands in guilds {:?}", d.guilds)
            };
            let token = if d.token.is_some() { "token set" } else { "no token" };
            let api = d.api_url.as_deref().map_or_else(|| "discord.com".to_string(), redact_url);
            let shards = d.shards.map_or_else(|| "autosharded".to_string(), |s| s.describe());
            out.push(format!("Discord ({token}, {guilds}, API {api}, {shards})"));
        }
        if let Some(m) = &self.matrix {
            let password = if m.password.is_some() { "password set" } else { "no password" };
            out.push(format!(
                "Matrix ({} on {}, {password}, store {}, prefix {})",
                m.user,
                redact_url(&m.homeserver),
                m.store_path,
                m.command_prefix
            ));
        }
        out
    }
}
