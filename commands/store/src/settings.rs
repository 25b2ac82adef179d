//! Settings per scope and per user (spec README, "Chat behaviour"): the table
//! `channel_settings` (its column `channel` holds the scope: a server, else a channel or
//! room) and `user_settings` (a user's own language).

use super::backend::StoredRow;
use super::backend::on;

use crate::base::{
    i18n::Lang,
    time::ClockOptions,
};

use super::{Db, StorageError};

/// The time per move a new game of `scope` on `platform` gets (ms): the scope's setting,
/// else the bot's `[clock] move_time` (`bot`). Stored with the game at its creation, so
/// a later change of the setting leaves running games alone.
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn new_game_move_ms(db: &Db, platform: &str, scope: &str, bot: &ClockOptions) -> Result<i64, StorageError> {
    Ok(channel_settings(db, platform, scope).await?.clock(bot).move_ms)
}

/// A scope's settings (a server's, else a channel's or room's); `None`: the bot's
/// configuration applies.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChannelSettings {
    pub lang: Option<Lang>,
    pub move_ms: Option<i64>,
    pub half_reminder: Option<bool>,
    pub soon_ms: Option<i64>,
    pub threads: Option<bool>,
    /// `tidy=on`: delete (Discord) or redact (Matrix) the previous turn ping of a game
    /// when it moves on or the next ping comes (issue 40).
    pub tidy: Option<bool>,
    /// `replay=on`: post the game's animated replay (GIF) in the channel when a game
    /// ends (issue 44); off by default.
    pub replay: Option<bool>,
}

impl ChannelSettings {
    /// The clock options of this scope: the bot's, overridden where the scope says.
    pub fn clock(&self, bot: &ClockOptions) -> ClockOptions {
        ClockOptions {
            move_ms: self.move_ms.unwrap_or(bot.move_ms),
            half_reminder: self.half_reminder.unwrap_or(bot.half_reminder),
            soon_ms: self.soon_ms.unwrap_or(bot.soon_ms),
            ..bot.clone()
        }
    }
}

/// What a request reads first about its requester and channel, in one statement
/// ([`request_settings`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RequestSettings {
    /// The scope's language setting (`settings language=…`).
    pub scope_lang: Option<Lang>,
    /// The requester's own choice (`language …`).
    pub user_lang: Option<Lang>,
    /// Whether an open challenge of the channel is due (its time is up, it is not yet
    /// closed): then the command closes it first.
    pub challenge_due: bool,
}

/// The languages that apply to `user_id`'s request in `channel` of `scope` on
/// `platform`, and whether a challenge of that channel is due at `now` (Unix ms): one
/// statement, as every command starts with it.
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn request_settings(
    db: &Db,
    platform: &str,
    scope: &str,
    channel: &str,
    user_id: &str,
    now: i64,
) -> Result<RequestSettings, StorageError> {
    on!(db.exec(), |c| { let row = sqlx::query(
        "SELECT (SELECT lang FROM channel_settings WHERE platform = $1 AND channel = $2) AS scope_lang,
                (SELECT lang FROM user_settings WHERE platform = $1 AND user_id = $3) AS user_lang,
                EXISTS (SELECT 1 FROM challenges
                        WHERE platform = $1 AND channel = $4 AND closed_at IS NULL AND closes_at <= $5) AS challenge_due",
    )
    .bind(platform)
    .bind(scope)
    .bind(user_id)
    .bind(channel)
    .bind(now)
    .fetch_one(c)
    .await?;
    let lang = |text: Option<String>| text.and_then(|l| l.parse().ok());
    Ok(RequestSettings {
        scope_lang: lang(row.get("scope_lang")?),
        user_lang: lang(row.get("user_lang")?),
        challenge_due: row.get("challenge_due")?,
    })
    })
}

/// The settings of `scope` (a server, else a channel or room: see the module docs) on
/// `platform`.
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn channel_settings(db: &Db, platform: &str, scope: &str) -> Result<ChannelSettings, StorageError> {
    on!(db.exec(), |c| { let row = sqlx::query(
        "SELECT lang, move_ms, half_reminder, soon_ms, threads, tidy, replay FROM channel_settings WHERE platform = $1 AND channel = $2",
    )
    .bind(platform)
    .bind(scope)
    .fetch_optional(c)
    .await?;
    let Some(r) = row else { return Ok(ChannelSettings::default()) };
    Ok(ChannelSettings {
        lang: r.get::<Option<String>>(0)?.and_then(|l| l.parse().ok()),
        move_ms: r.get(1)?,
        half_reminder: r.get::<Option<i64>>(2)?.map(|v| v != 0),
        soon_ms: r.get(3)?,
        threads: r.get::<Option<i64>>(4)?.map(|v| v != 0),
        tidy: r.get::<Option<i64>>(5)?.map(|v| v != 0),
        replay: r.get::<Option<i64>>(6)?.map(|v| v != 0),
    })
    })
}

/// Stores the settings of `scope` (in the column `channel`).
///
/// # Errors
/// [`StorageError`] when the write fails.
pub async fn set_channel_settings(db: &Db, platform: &str, scope: &str, s: &ChannelSettings) -> Result<(), StorageError> {
    on!(db.exec(), |c| sqlx::query(
        "INSERT INTO channel_settings (platform, channel, lang, move_ms, half_reminder, soon_ms, threads, tidy, replay)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (platform, channel) DO UPDATE SET lang = excluded.lang, move_ms = excluded.move_ms,
             half_reminder = excluded.half_reminder, soon_ms = excluded.soon_ms, threads = excluded.threads,
             tidy = excluded.tidy, replay = excluded.replay",
    )
    .bind(platform)
    .bind(scope)
    .bind(s.lang.map(Lang::code))
    .bind(s.move_ms)
    .bind(s.half_reminder.map(i64::from))
    .bind(s.soon_ms)
    .bind(s.threads.map(i64::from))
    .bind(s.tidy.map(i64::from))
    .bind(s.replay.map(i64::from))
    .execute(c)
    .await.map(|done| done.rows_affected()))?;
    Ok(())
}

/// The language `user_id` chose with `language`, if any.
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn user_lang(db: &Db, platform: &str, user_id: &str) -> Result<Option<Lang>, StorageError> {
    let lang: Option<Option<String>> =
        on!(db.exec(), |c| sqlx::query_scalar("SELECT lang FROM user_settings WHERE platform = $1 AND user_id = $2")
            .bind(platform)
            .bind(user_id)
            .fetch_optional(c)
            .await)?;
    Ok(lang.flatten().and_then(|l| l.parse().ok()))
}

/// Stores the language `user_id` chose (`None`: back to the scope's or platform's).
///
/// # Errors
/// [`StorageError`] when the write fails.
pub async fn set_user_lang(db: &Db, platform: &str, user_id: &str, lang: Option<Lang>) -> Result<(), StorageError> {
    on!(db.exec(), |c| sqlx::query(
        "INSERT INTO user_settings (platform, user_id, lang) VALUES ($1, $2, $3)
         ON CONFLICT (platform, user_id) DO UPDATE SET lang = excluded.lang",
    )
    .bind(platform)
    .bind(user_id)
    .bind(lang.map(Lang::code))
    .execute(c)
    .await.map(|done| done.rows_affected()))?;
    Ok(())
}

/// The value of `key` in the bot's own `settings` table, storing `fresh` first when the
/// key has none (so the first caller's value is kept, by every process).
///
/// # Errors
/// [`StorageError`] when the read or write fails.
pub async fn kept_setting(db: &Db, key: &str, fresh: &str) -> Result<String, StorageError> {
    on!(db.exec(), |c| sqlx::query("INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT DO NOTHING")
        .bind(key)
        .bind(fresh)
        .execute(c)
        .await.map(|done| done.rows_affected()))?;
    Ok(on!(db.exec(), |c| sqlx::query_scalar("SELECT value FROM settings WHERE key = $1").bind(key).fetch_one(c).await)?)
}

/// Whether `user_id` on `platform` wants turn reminders (yes unless switched off).
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn reminders_on(db: &Db, platform: &str, user_id: &str) -> Result<bool, StorageError> {
    let on: Option<i64> = on!(db.exec(), |c| sqlx::query_scalar("SELECT reminders FROM user_settings WHERE platform = $1 AND user_id = $2")
        .bind(platform)
        .bind(user_id)
        .fetch_optional(c)
        .await)?;
    Ok(on.is_none_or(|v| v != 0))
}

/// Switches `user_id`'s reminders on or off.
///
/// # Errors
/// [`StorageError`] when the write fails.
pub async fn set_reminders(db: &Db, platform: &str, user_id: &str, on: bool) -> Result<(), StorageError> {
    on!(db.exec(), |c| sqlx::query(
        "INSERT INTO user_settings (platform, user_id, reminders) VALUES ($1, $2, $3)
         ON CONFLICT (platform, user_id) DO UPDATE SET reminders = excluded.reminders",
    )
    .bind(platform)
    .bind(user_id)
    .bind(i64::from(on))
    .execute(c)
    .await.map(|done| done.rows_affected()))?;
    Ok(())
}
