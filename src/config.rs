//! The configuration file (`config.example.toml` documents every key). Unknown keys and
//! bad values are errors that name the key; secrets may also come from the environment
//! and are never printed.

use std::{fmt, path::Path};

use serde::{Deserialize, Deserializer};

use commands::Lang;

/// The database URL when the config names none.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://spieltisch.db";

/// Environment variables that override secrets of the file.
pub const ENV_DISCORD_TOKEN: &str = "SPIELTISCH_DISCORD_TOKEN";
pub const ENV_MATRIX_PASSWORD: &str = "SPIELTISCH_MATRIX_PASSWORD";
pub const ENV_HATHOR_SECRET: &str = "SPIELTISCH_HATHOR_SECRET";

/// A secret (token, password): `Debug` and `Display` print `***`, so it never reaches a
/// log or an error message; [`Secret::expose`] gives the value to the one place that
/// needs it.
#[derive(Clone, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Secret {
        Secret(value.into())
    }

    /// The secret value itself.
    #[cfg_attr(not(feature = "discord"), allow(dead_code, reason = "the platform adapters read it"))]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

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
    pub discord: Option<DiscordConfig>,
    pub matrix: Option<MatrixConfig>,
    #[serde(default)]
    pub clock: ClockConfig,
}

/// `[clock]`: turn clocks, reminders, invitations and vacations. Durations are written
/// like `3d`, `12h`, `1d12h`, `90m`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockConfig {
    /// The time per move when `new` names none.
    #[serde(default = "default_move_time", deserialize_with = "duration")]
    pub move_time: i64,
    /// Whether the player to move is reminded when half the time has passed.
    #[serde(default = "yes")]
    pub half_time_reminder: bool,
    /// How long before the time runs out the second reminder comes (`"off"`: none).
    #[serde(default = "default_reminder_before", deserialize_with = "duration_or_off")]
    pub reminder_before: i64,
    /// How long an invitation stays open.
    #[serde(default = "default_invitation_expiry", deserialize_with = "duration")]
    pub invitation_expiry: i64,
    /// How many open invitations one user may have at once.
    #[serde(default = "default_max_open_invitations")]
    pub max_open_invitations: usize,
    /// Vacation days a user may take in any 365 days.
    #[serde(default = "default_vacation_days")]
    pub vacation_days_per_year: u32,
}

impl ClockConfig {
    /// The command layer's clock options.
    pub fn options(&self) -> commands::ClockOptions {
        commands::ClockOptions {
            move_ms: self.move_time,
            half_reminder: self.half_time_reminder,
            soon_ms: self.reminder_before,
            invitation_ms: self.invitation_expiry,
            max_open_invitations: self.max_open_invitations,
            vacation_days_per_year: self.vacation_days_per_year,
        }
    }
}

impl Default for ClockConfig {
    fn default() -> Self {
        let d = commands::ClockOptions::default();
        ClockConfig {
            move_time: d.move_ms,
            half_time_reminder: d.half_reminder,
            reminder_before: d.soon_ms,
            invitation_expiry: d.invitation_ms,
            max_open_invitations: d.max_open_invitations,
            vacation_days_per_year: d.vacation_days_per_year,
        }
    }
}

fn default_move_time() -> i64 {
    commands::ClockOptions::default().move_ms
}

fn default_reminder_before() -> i64 {
    commands::ClockOptions::default().soon_ms
}

fn default_invitation_expiry() -> i64 {
    commands::ClockOptions::default().invitation_ms
}

fn default_max_open_invitations() -> usize {
    commands::ClockOptions::default().max_open_invitations
}

fn default_vacation_days() -> u32 {
    commands::ClockOptions::default().vacation_days_per_year
}

fn yes() -> bool {
    true
}

fn duration<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    let text = String::deserialize(d)?;
    commands::timing::parse_duration(&text)
        .ok_or_else(|| serde::de::Error::custom(format!("\"{text}\" is not a duration like \"3d\", \"12h\" or \"1d12h\"")))
}

fn duration_or_off<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    let text = String::deserialize(d)?;
    if matches!(text.trim(), "off" | "0") {
        return Ok(0);
    }
    commands::timing::parse_duration(&text)
        .ok_or_else(|| serde::de::Error::custom(format!("\"{text}\" is not a duration like \"12h\" (or \"off\")")))
}

/// `[database]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DatabaseConfig {
    /// `sqlite://FILE` (relative to the working directory) or `sqlite:///ABSOLUTE`.
    #[serde(default = "default_database_url")]
    pub url: String,
}

impl Default for DatabaseConfig {
    fn default() -> Self {
        DatabaseConfig { url: default_database_url() }
    }
}

fn default_database_url() -> String {
    DEFAULT_DATABASE_URL.to_string()
}

/// `[bot]`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotConfig {
    /// The language when a user's is unknown: `en` or `de`.
    #[serde(default, deserialize_with = "language")]
    pub language: Lang,
    /// Bot owners: platform user ids (Discord snowflakes, Matrix `@user:server`), admins
    /// everywhere.
    #[serde(default)]
    pub admins: Vec<String>,
}

/// `[hathor]`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HathorConfig {
    /// The secret the daily challenge's stones are derived from (or
    /// `SPIELTISCH_HATHOR_SECRET`); unset: one is generated on first use and kept in the
    /// database.
    pub daily_secret: Option<Secret>,
}

fn language<'de, D: Deserializer<'de>>(d: D) -> Result<Lang, D::Error> {
    let text = String::deserialize(d)?;
    text.parse().map_err(serde::de::Error::custom)
}

/// `[discord]`: the Discord adapter (`spieltisch::discord`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiscordConfig {
    /// The bot token (or `SPIELTISCH_DISCORD_TOKEN`).
    pub token: Option<Secret>,
    /// Guild ids to register the slash commands in at once (global registration takes
    /// up to an hour); empty: global.
    #[serde(default)]
    pub guilds: Vec<u64>,
    /// Another Discord API base URL (a test double); unset: Discord itself.
    pub api_url: Option<String>,
}

#[cfg(feature = "discord")]
impl DiscordConfig {
    /// The adapter's view of this section (the adapter checks the token and URL).
    pub fn adapter_config(&self) -> spieltisch::discord::DiscordConfig {
        spieltisch::discord::DiscordConfig {
            token: self.token.as_ref().map(|t| spieltisch::discord::Token::new(t.expose())),
            api_url: self.api_url.clone(),
            guilds: self.guilds.clone(),
        }
    }
}

/// `[matrix]`: the Matrix adapter (`src/matrix/`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatrixConfig {
    /// The homeserver URL, e.g. `https://matrix.example.org`.
    pub homeserver: String,
    /// The bot's user id, e.g. `@spieltisch:example.org`.
    pub user: String,
    /// The password (or `SPIELTISCH_MATRIX_PASSWORD`).
    pub password: Option<Secret>,
    /// Where the session and encryption keys are kept (must survive restarts).
    #[serde(default = "default_store_path")]
    pub store_path: String,
    /// The prefix of text commands in rooms.
    #[serde(default = "default_command_prefix")]
    pub command_prefix: String,
}

fn default_store_path() -> String {
    "matrix-store".to_string()
}

fn default_command_prefix() -> String {
    "!st".to_string()
}

/// A configuration that cannot be used; the text names the file and the key.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read the config file {file}: {error}")]
    Read { file: String, error: std::io::Error },
    #[error("the config file {file} is not valid TOML: {error}")]
    Syntax { file: String, error: String },
    #[error("the config file {file} has a bad value at `{key}`: {error}")]
    Key { file: String, key: String, error: String },
}

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
        Ok(config)
    }

    /// Parses TOML text (`file` names it in errors).
    ///
    /// # Errors
    /// [`ConfigError`] naming the key.
    pub fn parse(text: &str, file: &str) -> Result<Config, ConfigError> {
        let deserializer = toml::de::Deserializer::parse(text)
            .map_err(|e| ConfigError::Syntax { file: file.to_string(), error: e.to_string() })?;
        serde_path_to_error::deserialize(deserializer).map_err(|e| {
            let key = e.path().to_string();
            let error = e.into_inner().message().to_string();
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
    /// `[hathor] daily_secret`).
    pub fn apply_env(&mut self, var: impl Fn(&str) -> Option<String>) {
        if let Some(token) = var(ENV_DISCORD_TOKEN).filter(|t| !t.is_empty()) {
            self.discord.get_or_insert_with(DiscordConfig::default).token = Some(Secret::new(token));
        }
        if let Some(secret) = var(ENV_HATHOR_SECRET).filter(|s| !s.is_empty()) {
            self.hathor.daily_secret = Some(Secret::new(secret));
        }
        if let (Some(password), Some(matrix)) = (var(ENV_MATRIX_PASSWORD).filter(|p| !p.is_empty()), &mut self.matrix) {
            matrix.password = Some(Secret::new(password));
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
            let api = d.api_url.as_deref().unwrap_or("discord.com");
            out.push(format!("Discord ({token}, {guilds}, API {api})"));
        }
        if let Some(m) = &self.matrix {
            let password = if m.password.is_some() { "password set" } else { "no password" };
            out.push(format!(
                "Matrix ({} on {}, {password}, store {}, prefix {})",
                m.user, m.homeserver, m.store_path, m.command_prefix
            ));
        }
        out
    }
}
