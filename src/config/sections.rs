//! The configuration's sections (`[database]`, `[bot]`, `[hathor]`, `[ai]`, `[discord]`,
//! `[matrix]`, `[clock]`, `[web]`) and how their values are read.

use std::fmt;

use serde::{Deserialize, Deserializer};

use commands::Lang;

use super::{Secret, ShardRange, DEFAULT_DATABASE_URL};

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

/// `[ai]`: the AI seats (docs "AI players").
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AiConfig {
    /// The CPU seconds a `master` AI seat thinks about a move (issue 42), more than 0
    /// and at most a day; default 30.
    #[serde(default = "master_seconds", deserialize_with = "positive_seconds")]
    pub master_seconds: f64,
}

impl Default for AiConfig {
    fn default() -> Self {
        AiConfig { master_seconds: master_seconds() }
    }
}

impl AiConfig {
    /// The `master` level's CPU budget per move.
    pub fn master_cpu(&self) -> std::time::Duration {
        std::time::Duration::from_secs_f64(self.master_seconds)
    }
}

fn master_seconds() -> f64 {
    ai::MASTER_CPU.as_secs_f64()
}

fn positive_seconds<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    let seconds = f64::deserialize(d)?;
    if seconds > 0.0 && seconds <= 86_400.0 {
        Ok(seconds)
    } else {
        Err(serde::de::Error::custom(format!("{seconds} is no CPU budget: give seconds, more than 0 and at most 86400")))
    }
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
