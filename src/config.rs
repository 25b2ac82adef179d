//! The configuration file (`config.example.toml` documents every key). Unknown keys and
//! bad values are errors that name the key; secrets may also come from the environment
//! and are never printed.

use std::{fmt, path::Path};

use serde::{Deserialize, Deserializer};

pub use crate::secret::Secret;

use commands::Lang;

/// The database URL when the config names none.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://spieltisch.db";

/// Environment variables that override secrets of the file.
pub const ENV_DISCORD_TOKEN: &str = "SPIELTISCH_DISCORD_TOKEN";
pub const ENV_MATRIX_PASSWORD: &str = "SPIELTISCH_MATRIX_PASSWORD";
pub const ENV_HATHOR_SECRET: &str = "SPIELTISCH_HATHOR_SECRET";
/// The database URL, when it holds a password better kept out of the file
/// (`postgres://user:password@host/db`).
pub const ENV_DATABASE_URL: &str = "SPIELTISCH_DATABASE_URL";

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
    pub web: Option<WebConfig>,
}

/// `[web]`: the web page per game (`spieltisch::web`), off unless this section is set.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WebConfig {
    /// The address to listen on, e.g. `127.0.0.1:8080` (put a TLS proxy in front for
    /// the public).
    pub listen: std::net::SocketAddr,
    /// The address the links in chat use, e.g. `https://spiele.example.org` (a path is
    /// allowed: `https://example.org/spieltisch`); default: `http://<listen>`.
    pub public_url: Option<String>,
}

impl WebConfig {
    /// What is wrong with `public_url`, if anything: it must be an http(s) URL (shown
    /// without its password).
    pub fn public_url_problem(&self) -> Option<String> {
        let url = self.public_url.as_deref()?;
        let http = url.starts_with("http://") || url.starts_with("https://");
        (!http).then(|| format!("[web] public_url must start with http:// or https://, not {:?}", redact_url(url)))
    }

    /// The links' base address, without a trailing slash.
    pub fn base_url(&self) -> String {
        match &self.public_url {
            Some(url) => url.trim_end_matches('/').to_string(),
            None => format!("http://{}", self.listen),
        }
    }
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
    commands::base::time::parse_duration(&text)
        .ok_or_else(|| serde::de::Error::custom(format!("\"{text}\" is not a duration like \"3d\", \"12h\" or \"1d12h\"")))
}

fn duration_or_off<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    let text = String::deserialize(d)?;
    if matches!(text.trim(), "off" | "0") {
        return Ok(0);
    }
    commands::base::time::parse_duration(&text)
        .ok_or_else(|| serde::de::Error::custom(format!("\"{text}\" is not a duration like \"12h\" (or \"off\")")))
}

/// `[database]`.
#[derive(Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DatabaseConfig {
    /// `sqlite://FILE` (relative to the working directory), `sqlite:///ABSOLUTE`, or
    /// `postgres://user:password@host:port/database` (PostgreSQL 14 or newer, shared by
    /// several processes); or `SPIELTISCH_DATABASE_URL`.
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

/// The URL without its password, if it has one (`scheme://user:***@host/…`).
impl fmt::Debug for DatabaseConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DatabaseConfig").field("url", &redact_url(&self.url)).finish()
    }
}

/// `url` with its secrets (the password of its user part, `?password=…`) replaced by
/// `***`, for messages and logs ([`commands::store::url::redact`]).
pub fn redact_url(url: &str) -> String {
    commands::store::url::redact(url)
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
    /// The shards this process runs, `"0-3/8"` or `"2/8"`; unset: all shards, as many as
    /// Discord recommends (autosharding).
    pub shards: Option<ShardRange>,
}

/// `[discord] shards`: which of how many shards this process runs, written `"0-3/8"`
/// (shards 0, 1, 2 and 3 of 8) or `"2/8"` (shard 2 of 8 alone). Always
/// `first <= last < total`, so at least one shard and `total >= 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardRange {
    first: u32,
    last: u32,
    total: u32,
}

/// Why a text is not a [`ShardRange`]; each names the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardRangeError {
    #[error("\"{0}\" is not a shard range like \"0-3/8\" (shards 0 to 3 of 8) or \"2/8\" (shard 2 of 8)")]
    Form(String),
    #[error("\"{text}\": the total number of shards must be at least 1")]
    NoShards { text: String },
    #[error("\"{text}\": the first shard ({first}) comes after the last ({last})")]
    FirstAfterLast { text: String, first: u32, last: u32 },
    #[error("\"{text}\": there is no shard {shard} of {total} (they are numbered 0 to {})", .total.saturating_sub(1))]
    PastTotal { text: String, shard: u32, total: u32 },
}

impl ShardRange {
    /// Shards `first` to `last` (both included) of `total`.
    ///
    /// # Errors
    /// [`ShardRangeError`] (naming `text`) unless `first <= last < total`.
    pub fn new(first: u32, last: u32, total: u32, text: &str) -> Result<ShardRange, ShardRangeError> {
        let text = text.to_string();
        if total == 0 {
            Err(ShardRangeError::NoShards { text })
        } else if first > last {
            Err(ShardRangeError::FirstAfterLast { text, first, last })
        } else if last >= total {
            Err(ShardRangeError::PastTotal { text, shard: last, total })
        } else {
            Ok(ShardRange { first, last, total })
        }
    }

    /// The first shard this process runs.
    pub fn first(&self) -> u32 {
        self.first
    }

    /// The last shard this process runs (included).
    pub fn last(&self) -> u32 {
        self.last
    }

    /// How many shards the bot has in all processes together.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// In words, for logs: "shards 0 to 3 of 8", "shard 2 of 8".
    pub fn describe(&self) -> String {
        if self.first == self.last {
            format!("shard {} of {}", self.first, self.total)
        } else {
            format!("shards {} to {} of {}", self.first, self.last, self.total)
        }
    }
}

impl std::str::FromStr for ShardRange {
    type Err = ShardRangeError;

    /// `"FIRST-LAST/TOTAL"` or `"SHARD/TOTAL"`: decimal numbers, spaces around them
    /// allowed.
    fn from_str(text: &str) -> Result<ShardRange, ShardRangeError> {
        let form = || ShardRangeError::Form(text.to_string());
        let number = |part: &str| {
            let part = part.trim();
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            part.parse::<u32>().ok()
        };
        let (range, total) = text.split_once('/').ok_or_else(form)?;
        let total = number(total).ok_or_else(form)?;
        let (first, last) = match range.split_once('-') {
            Some((first, last)) => (number(first).ok_or_else(form)?, number(last).ok_or_else(form)?),
            None => {
                let shard = number(range).ok_or_else(form)?;
                (shard, shard)
            }
        };
        ShardRange::new(first, last, total, text)
    }
}

/// As written in the config: `"0-3/8"`, or `"2/8"` for one shard.
impl fmt::Display for ShardRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.last {
            write!(f, "{}/{}", self.first, self.total)
        } else {
            write!(f, "{}-{}/{}", self.first, self.last, self.total)
        }
    }
}

impl<'de> Deserialize<'de> for ShardRange {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ShardRange, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = ShardRange;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a shard range like \"0-3/8\" or \"2/8\"")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<ShardRange, E> {
                text.parse().map_err(E::custom)
            }
        }
        d.deserialize_str(Visitor)
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

/// The lines of a config text that hold a secret's value: the line of a secret key (see
/// [`SECRET_KEYS`]) and the further lines of a multi-line string begun there (also when it
/// is never closed).
struct SecretLines {
    /// Per line (0-based): the secret key whose value is on it.
    keys: Vec<Option<&'static str>>,
    /// The texts of the values (quotes stripped), which no message may contain.
    values: Vec<String>,
}

impl SecretLines {
    fn of(text: &str) -> SecretLines {
        let mut keys = Vec::new();
        let mut values = Vec::new();
        let mut open: Option<(&'static str, &'static str)> = None;
        for line in text.split('\n') {
            if let Some((key, delimiter)) = open {
                keys.push(Some(key));
                values.push(line.trim().trim_end_matches(delimiter).trim().to_string());
                if line.contains(delimiter) {
                    open = None;
                }
                continue;
            }
            let found = secret_key_on(line);
            keys.push(found.map(|(key, _)| key));
            if let Some((key, value)) = found {
                let value = value.trim();
                for delimiter in ["\"\"\"", "'''"] {
                    if let Some(rest) = value.strip_prefix(delimiter) {
                        if !rest.contains(delimiter) {
                            open = Some((key, delimiter));
                        }
                        break;
                    }
                }
                values.push(value.trim_matches(|c| c == '"' || c == '\'').trim().to_string());
            }
        }
        SecretLines { keys, values }
    }

    /// The secret key whose value lies on a line that `span` touches.
    fn touched(&self, text: &str, span: Option<&std::ops::Range<usize>>) -> Option<&'static str> {
        let span = span?;
        let first = line_of(text, span.start);
        let last = line_of(text, span.end.saturating_sub(1).max(span.start));
        (first..=last).find_map(|line| self.keys.get(line - 1).copied().flatten())
    }

    /// Whether `message` quotes a secret value.
    fn leaks(&self, message: &str) -> bool {
        self.values.iter().any(|v| v.chars().count() >= 4 && message.contains(v.as_str()))
    }

    /// A TOML syntax error: line and column and TOML's message (which names what was
    /// expected, not the text), or about a secret's line only the key and the line.
    fn syntax_error(&self, text: &str, message: &str, span: Option<std::ops::Range<usize>>) -> String {
        let Some(at) = span else {
            return if self.leaks(message) { "a value cannot be read (not shown: it may hold a secret)".into() } else { message.into() };
        };
        let line = line_of(text, at.start);
        let column = text[..at.start.min(text.len())].rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        if let Some(key) = self.touched(text, Some(&at)) {
            let reason = if message == "duplicate key" {
                format!("`{key}` is set twice")
            } else if self.leaks(message) {
                format!("the value of `{key}` is not valid TOML")
            } else {
                format!("the value of `{key}` is not valid TOML ({message})")
            };
            return format!("line {line}: {reason} (the value is not shown)");
        }
        let mut out = format!("line {line}, column {column}: {message}");
        if message == "duplicate key"
            && let Some(name) = text.get(at.clone()).filter(|k| !k.contains('\n'))
        {
            out = format!("line {line}, column {column}: `{name}` is set twice");
        }
        if self.leaks(&out) { format!("line {line}: a value cannot be read (not shown: it may hold a secret)") } else { out }
    }

    /// A bad value at `path` (`discord.token`): the line and serde's message, or, for a
    /// secret, what was expected and the kind of value found, without the value.
    fn value_error(&self, text: &str, path: &str, message: &str, span: Option<std::ops::Range<usize>>) -> String {
        let line = span.as_ref().map(|s| line_of(text, s.start));
        let prefix = line.map_or_else(String::new, |l| format!("line {l}: "));
        let leaf = path.rsplit('.').next().unwrap_or(path);
        // A bad entry of `guilds` is not quoted either: what is pasted there by mistake
        // is often the bot's token (issue 38).
        let pasted = leaf.split('[').next().is_some_and(|key| UNQUOTED_KEYS.contains(&key));
        let secret = SECRET_KEYS.contains(&leaf) || pasted || self.touched(text, span.as_ref()).is_some();
        if !secret {
            return format!("{prefix}{message}");
        }
        let hidden = match type_mismatch(message) {
            Some((found, expected)) => format!("expected {expected}, found {found}"),
            None => "the value cannot be used".to_string(),
        };
        let out = format!("{prefix}{hidden} (the value is not shown)");
        if self.leaks(&out) { format!("{prefix}the value cannot be used (the value is not shown)") } else { out }
    }
}

/// The keys whose bad values are not quoted back in errors, though they are no secret:
/// a token is easily pasted there by mistake.
const UNQUOTED_KEYS: &[&str] = &["guilds"];

/// The 1-based line of `url = …` in the `[database]` table of a config text.
fn database_url_line(text: &str) -> Option<usize> {
    let mut in_database = false;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('[') {
            in_database = line.trim_start_matches('[').trim_end_matches(']').trim() == "database";
        } else if in_database && line.split('=').next().is_some_and(|key| key.trim().trim_matches('"') == "url") {
            return Some(i + 1);
        }
    }
    None
}

/// The 1-based line of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

/// The secret key set on `line` (as `key =`, `"key" =`, `table.key =` or inside an
/// inline table) and the text after its `=`.
fn secret_key_on(line: &str) -> Option<(&'static str, &str)> {
    for &key in SECRET_KEYS {
        for (at, _) in line.match_indices(key) {
            let before = line[..at].chars().next_back();
            if !before.is_none_or(|c| c.is_whitespace() || matches!(c, '.' | '{' | ',' | '"' | '\'')) {
                continue;
            }
            let after = line[at + key.len()..].trim_start_matches(['"', '\'']).trim_start();
            if let Some(value) = after.strip_prefix('=') {
                return Some((key, value));
            }
        }
    }
    None
}

/// serde's "invalid type: integer `98765432123`, expected a string" as the kind of value
/// found ("integer") and what was expected ("a string"), without the value.
fn type_mismatch(message: &str) -> Option<(&str, &str)> {
    let rest = message.strip_prefix("invalid type: ").or_else(|| message.strip_prefix("invalid value: "))?;
    let (found, expected) = rest.rsplit_once(", expected ")?;
    // serde's names of kinds of values, which come before the value itself; what was
    // expected comes from the program (a type's description), never from the file
    const KINDS: &[&str] = &[
        "boolean", "integer", "floating point", "character", "string", "byte array", "unit value", "Option value",
        "newtype struct", "sequence", "map", "enum", "unit variant", "newtype variant", "tuple variant",
        "struct variant",
    ];
    let found = KINDS.iter().copied().filter(|k| found == *k || found.starts_with(&format!("{k} "))).max_by_key(|k| k.len());
    Some((found.unwrap_or("another kind of value"), expected))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every secret key: its section with the other keys it needs, the key, and the
    /// line (1-based) the key is set on in [`with`].
    const SECRETS: &[(&str, &str)] = &[
        ("[discord]\nguilds = [1]\n", "token"),
        ("[matrix]\nhomeserver = \"https://h.example\"\nuser = \"@bot:h.example\"\n", "password"),
        ("[hathor]\n", "daily_secret"),
        ("[database]\n", "url"),
    ];

    /// A config text: a comment line, then `section`, then `body`; and the line `body`
    /// begins on.
    fn with(section: &str, body: &str) -> (String, usize) {
        let text = format!("# config\n{section}{body}\n[bot]\nlanguage = \"en\"\n");
        (text, 2 + section.matches('\n').count())
    }

    fn error_of(text: &str) -> String {
        match Config::parse(text, "config.toml") {
            Ok(_) => panic!("accepted:\n{text}"),
            Err(e) => e.to_string(),
        }
    }

    /// The kinds of errors, each as the key's lines with `SECRET` for the secret text,
    /// and the line (counted from the key's first line) the error must name.
    const KINDS: &[(&str, &str, usize)] = &[
        ("an unclosed quote", "KEY = \"SECRET", 0),
        ("an unclosed single quote", "KEY = 'SECRET", 0),
        ("an unquoted value", "KEY = SECRET", 0),
        ("a duplicated key", "KEY = \"SECRET-one\"\nKEY = \"SECRET-two\"", 1),
        ("a bad escape", "KEY = \"SEC\\qRET\"", 0),
        ("something after the value", "KEY = \"SECRET\" SECRET", 0),
        ("an unclosed multi-line string", "KEY = \"\"\"SECRET\nSECRET-more", 0),
        ("an integer", "KEY = 98765432123", 0),
        ("a boolean", "KEY = true", 0),
        ("a float", "KEY = 12345.678", 0),
        ("an array", "KEY = [\"SECRET\"]", 0),
        ("an inline table", "KEY = { value = \"SECRET\" }", 0),
    ];

    #[test]
    fn errors_about_secrets_name_the_key_and_the_line_and_never_the_value() {
        for &(section, key) in SECRETS {
            for &(kind, body, line_offset) in KINDS {
                let secret = "Xy7-TOPSECRET-Qz9";
                let body = body.replace("KEY", key).replace("SECRET", secret);
                let (text, first_line) = with(section, &body);
                let error = error_of(&text);
                let context = format!("{key}, {kind}:\n{text}\n=> {error}");
                let value = body.split_once(" = ").map_or("", |(_, v)| v);
                for leaked in [secret, "TOPSECRET", "98765432123", "12345.678", "SEC\\qRET", value] {
                    assert!(!error.contains(leaked), "the error shows `{leaked}`: {context}");
                }
                assert!(error.contains(&format!("`{key}`")) || error.contains(&format!(".{key}`")), "the error names the key: {context}");
                let line = first_line + line_offset;
                let told = error.contains(&format!("line {line}:")) || error.contains(&format!("line {line},"));
                // an unclosed multi-line string ends where the file ends: its first line or any after
                assert!(told || (line_offset == 0 && kind.contains("multi-line") && error.contains("line ")), "line {line}: {context}");
                assert!(error.contains("config.toml"), "the file: {context}");
            }
        }
    }

    #[test]
    fn a_secret_in_an_inline_table_or_a_dotted_key_is_hidden_too() {
        for text in [
            "discord = { token = \"Xy7-TOPSECRET",
            "discord = { token = Xy7-TOPSECRET }",
            "discord.token = Xy7-TOPSECRET",
            "discord.token = 98765432123",
            "[hathor]\n\"daily_secret\" = Xy7-TOPSECRET",
        ] {
            let error = error_of(text);
            assert!(!error.contains("TOPSECRET") && !error.contains("98765432123"), "{text} => {error}");
            assert!(error.contains("line "), "{text} => {error}");
        }
    }

    #[test]
    fn errors_elsewhere_still_say_what_is_wrong() {
        let error = error_of("[bot]\nlanguage = \"fr\"\n");
        assert!(error.contains("`bot.language`") && error.contains("line 2") && error.contains("fr"), "{error}");
        let error = error_of("[clock]\nmove_time = \"soon\"\n");
        assert!(error.contains("clock.move_time") && error.contains("\"soon\""), "{error}");
        let error = error_of("[bot]\nlanguage = \"en\"\nlanguage = \"de\"\n");
        assert!(error.contains("line 3") && error.contains("`language` is set twice"), "{error}");
        let error = error_of("[bot]\nlanguage = en\n");
        assert!(error.contains("line 2, column 12"), "{error}");
        let error = error_of("[discord]\ntokn = \"x\"\n");
        assert!(error.contains("tokn"), "{error}");
    }

    #[test]
    fn a_wrong_typed_secret_says_what_was_expected() {
        let error = error_of("[discord]\ntoken = 98765432123\n");
        assert!(error.contains("`discord.token`") && error.contains("line 2") && error.contains("expected a string, found integer"), "{error}");
    }

    #[test]
    fn debug_output_hides_every_secret() {
        let text = "[database]\nurl = \"postgres://bot:db-pass-1@db.example/games\"\n\
                    [hathor]\ndaily_secret = \"daily-2\"\n[discord]\ntoken = \"token-3\"\n\
                    [matrix]\nhomeserver = \"https://h\"\nuser = \"@b:h\"\npassword = \"password-4\"\n";
        let config = Config::parse(text, "config.toml").expect("a valid config");
        let shown = format!("{config:?} {config:#?}");
        for secret in ["db-pass-1", "daily-2", "token-3", "password-4"] {
            assert!(!shown.contains(secret), "{secret} in {shown}");
        }
        assert!(shown.contains("postgres://bot:***@db.example/games"), "{shown}");
    }

    #[test]
    fn the_hosts_options_hide_the_daily_secret() {
        let options = commands::HostOptions { hathor_daily_secret: Some("daily-5".into()), ..Default::default() };
        let shown = format!("{options:?}");
        assert!(!shown.contains("daily-5") && shown.contains("hathor_daily_secret: Some(\"***\")"), "{shown}");
    }

    #[test]
    fn urls_lose_only_their_password() {
        assert_eq!(redact_url("sqlite://games.db"), "sqlite://games.db");
        assert_eq!(redact_url("sqlite:///var/lib/a@b.db"), "sqlite:///var/lib/a@b.db");
        assert_eq!(redact_url("postgres://bot:pw@h:5432/db?x=1"), "postgres://bot:***@h:5432/db?x=1");
        assert_eq!(redact_url("postgres://bot@h/db"), "postgres://bot@h/db");
        assert_eq!(redact_url("sqlite::memory:"), "sqlite::memory:");
        assert_eq!(redact_url("postgres://bot@h/db?password=pw&sslmode=require"), "postgres://bot@h/db?password=***&sslmode=require");
        assert_eq!(redact_url("postgres:/bot:pw@h/db"), "postgres:/bot:***@h/db");
        assert_eq!(redact_url("bot:pw@h/db"), "bot:***@h/db");
    }

    /// Issue 38: a token pasted into `guilds` is not quoted back; a password in the user
    /// part of `[matrix] homeserver` or `[discord] api_url` is not shown at start-up, and
    /// every secret of the configuration is hidden from the log.
    #[test]
    fn no_secret_of_the_configuration_is_shown() {
        let token = "MTA4NzY1.GhXyZ1.pasted-token-value";
        let error = Config::parse(&format!("[discord]\nguilds = [\"{token}\"]\n"), "config.toml").expect_err("a string").to_string();
        assert!(!error.contains(token), "{error}");
        assert_eq!(error, "the config file config.toml has a bad value at `discord.guilds[0]`: line 2: expected u64, found string (the value is not shown)");
        let text = "[discord]\napi_url = \"http://proxy:Pr0xyPass@127.0.0.1:9/api\"\n\
                    [matrix]\nhomeserver = \"https://bot:HsPassw0rd@matrix.example\"\nuser = \"@b:matrix.example\"\n\
                    password = \"MatrixPass-1\"\n[web]\nlisten = \"127.0.0.1:9\"\npublic_url = \"https://web:WebPass-22@spiele.example\"\n";
        let mut config = Config::parse(text, "config.toml").expect("valid");
        config.apply_env(|name| (name == ENV_DATABASE_URL).then(|| "postgres://bot@db/games?pass%77ord=DbPass-333".to_string()));
        let shown = config.platforms().join("\n");
        for secret in ["Pr0xyPass", "HsPassw0rd", "MatrixPass-1"] {
            assert!(!shown.contains(secret), "{shown}");
        }
        assert!(shown.contains("API http://proxy:***@127.0.0.1:9/api") && shown.contains("on https://bot:***@matrix.example"), "{shown}");
        let line = "trace: frame {\"d\":{\"token\":\"MatrixPass-1\"}} to https://bot:HsPassw0rd@matrix.example, \
                    web:WebPass-22@spiele, proxy:Pr0xyPass@, password=DbPass-333";
        assert_eq!(
            crate::logging::scrub(line),
            "trace: frame {\"d\":{\"token\":\"***\"}} to https://bot:***@matrix.example, web:***@spiele, proxy:***@, password=***"
        );
    }

    /// The `[discord] shards` of a config text, or its error as the loader reports it.
    fn shards_of(value: &str) -> Result<Option<ShardRange>, String> {
        let text = format!("[discord]\nshards = {value}\n");
        Config::parse(&text, "config.toml").map(|c| c.discord.and_then(|d| d.shards)).map_err(|e| e.to_string())
    }

    #[test]
    fn shards_are_a_range_or_one_shard_of_a_total() {
        let range = |first, last, total| Ok(Some(ShardRange { first, last, total }));
        assert_eq!(shards_of("\"0-3/8\""), range(0, 3, 8));
        assert_eq!(shards_of("\"2/8\""), range(2, 2, 8));
        assert_eq!(shards_of("\"7-7/8\""), range(7, 7, 8));
        assert_eq!(shards_of("\"0/1\""), range(0, 0, 1));
        assert_eq!(shards_of("\" 4 - 7 / 8 \""), range(4, 7, 8));
        let config = Config::parse("[discord]\nguilds = []\n", "config.toml").expect("valid");
        assert_eq!(config.discord.and_then(|d| d.shards), None, "absent: autosharded");
    }

    #[test]
    fn shards_are_shown_as_written_and_in_words() {
        let parsed = |text: &str| text.parse::<ShardRange>().expect(text);
        assert_eq!(parsed("0-3/8").to_string(), "0-3/8");
        assert_eq!(parsed("2/8").to_string(), "2/8");
        assert_eq!(parsed("2-2/8").to_string(), "2/8");
        assert_eq!(parsed("0-3/8").describe(), "shards 0 to 3 of 8");
        assert_eq!(parsed("2/8").describe(), "shard 2 of 8");
        let config = Config::parse("[discord]\nshards = \"4-7/8\"\n", "config.toml").expect("valid");
        assert_eq!(config.platforms(), vec!["Discord (no token, commands registered globally, API discord.com, shards 4 to 7 of 8)"]);
        let config = Config::parse("[discord]\n", "config.toml").expect("valid");
        assert_eq!(config.platforms(), vec!["Discord (no token, commands registered globally, API discord.com, autosharded)"]);
    }

    #[test]
    fn bad_shards_say_what_is_wrong_with_the_key_and_the_line() {
        let at = "the config file config.toml has a bad value at `discord.shards`: line 2: ";
        let cases = [
            ("\"4-3/8\"", "\"4-3/8\": the first shard (4) comes after the last (3)"),
            ("\"0-8/8\"", "\"0-8/8\": there is no shard 8 of 8 (they are numbered 0 to 7)"),
            ("\"9/8\"", "\"9/8\": there is no shard 9 of 8 (they are numbered 0 to 7)"),
            ("\"0-3/0\"", "\"0-3/0\": the total number of shards must be at least 1"),
            ("\"abc\"", "\"abc\" is not a shard range like \"0-3/8\" (shards 0 to 3 of 8) or \"2/8\" (shard 2 of 8)"),
            ("\"0-3\"", "\"0-3\" is not a shard range like \"0-3/8\" (shards 0 to 3 of 8) or \"2/8\" (shard 2 of 8)"),
            ("\"-1/8\"", "\"-1/8\" is not a shard range like \"0-3/8\" (shards 0 to 3 of 8) or \"2/8\" (shard 2 of 8)"),
            ("\"+1/8\"", "\"+1/8\" is not a shard range like \"0-3/8\" (shards 0 to 3 of 8) or \"2/8\" (shard 2 of 8)"),
            ("\"0-3/99999999999\"", "\"0-3/99999999999\" is not a shard range like \"0-3/8\" (shards 0 to 3 of 8) or \"2/8\" (shard 2 of 8)"),
            ("8", "invalid type: integer `8`, expected a shard range like \"0-3/8\" or \"2/8\""),
        ];
        for (value, error) in cases {
            assert_eq!(shards_of(value), Err(format!("{at}{error}")), "shards = {value}");
        }
    }

    #[test]
    fn the_environment_applies_without_a_file() {
        let mut config = Config::default();
        config.apply_env(|name| (name == ENV_HATHOR_SECRET).then(|| "env-secret".to_string()));
        assert_eq!(config.hathor.daily_secret.as_ref().map(Secret::expose), Some("env-secret"));
    }

    #[test]
    fn the_database_url_may_come_from_the_environment_and_its_password_is_never_shown() {
        let mut config: Config = toml::from_str("[database]\nurl = \"sqlite://file.db\"\n").expect("parses");
        config.apply_env(|name| (name == ENV_DATABASE_URL).then(|| "postgres://bot:hunter2@db.example:5432/games".to_string()));
        assert_eq!(config.database.url, "postgres://bot:hunter2@db.example:5432/games");
        let shown = format!("{:?}", config.database);
        assert_eq!(shown, "DatabaseConfig { url: \"postgres://bot:***@db.example:5432/games\" }");
    }
}
