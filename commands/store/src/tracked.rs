//! Messages the bot keeps track of (`tracked_messages`) and the channels' dashboards
//! (`dashboards`), issue 40: a game's board with buttons (whose buttons go when the next
//! board comes), its last turn ping (deleted with `tidy=on`) and the dashboard message
//! (edited in place). Message ids are the platform's (a Discord snowflake, a Matrix
//! event id), stored as text.

use super::backend::on;
use super::platforms::Platforms;
use super::{Db, GameRow, StorageError, game_row};

/// A message kept under a key of a channel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tracked {
    /// The platform's id of the message.
    pub message_id: String,
    /// The game's move number when it was posted (0 where no game is meant).
    pub seq: u64,
}

/// A channel's dashboard (`Db::dashboards`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dashboard {
    pub platform: String,
    pub channel: String,
    /// Whose games it lists: the server, else the channel (`Origin::scope`).
    pub scope: String,
    /// The language it is written in (`en`, `de`).
    pub lang: String,
    /// The text last posted (empty before the first).
    pub shown: String,
    /// When it was last posted or edited (Unix ms).
    pub edited_at: i64,
}

impl Db {
    /// The message kept under `slot` in `channel`, if any.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn tracked(&self, platform: &str, channel: &str, slot: &str) -> Result<Option<Tracked>, StorageError> {
        let row: Option<(String, i64)> = on!(self.exec(), |c| sqlx::query_as(
            "SELECT message_id, seq FROM tracked_messages WHERE platform = $1 AND channel = $2 AND slot = $3"
        )
        .bind(platform)
        .bind(channel)
        .bind(slot)
        .fetch_optional(c)
        .await)?;
        Ok(row.map(|(message_id, seq)| Tracked { message_id, seq: seq.max(0).cast_unsigned() }))
    }

    /// Keeps `message_id` (posted at move `seq`) under `slot` in `channel`, in place of
    /// whatever was kept there.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn track(&self, platform: &str, channel: &str, slot: &str, message_id: &str, seq: u64) -> Result<(), StorageError> {
        on!(self.exec(), |c| sqlx::query(
            "INSERT INTO tracked_messages (platform, channel, slot, message_id, seq) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (platform, channel, slot) DO UPDATE SET message_id = excluded.message_id, seq = excluded.seq"
        )
        .bind(platform)
        .bind(channel)
        .bind(slot)
        .bind(message_id)
        .bind(seq.cast_signed())
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
        Ok(())
    }

    /// Forgets the message kept under `slot` in `channel` if it still is `message_id`
    /// (another process may have kept a newer one meanwhile); whether it was.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn untrack(&self, platform: &str, channel: &str, slot: &str, message_id: &str) -> Result<bool, StorageError> {
        let done = on!(self.exec(), |c| sqlx::query(
            "DELETE FROM tracked_messages WHERE platform = $1 AND channel = $2 AND slot = $3 AND message_id = $4"
        )
        .bind(platform)
        .bind(channel)
        .bind(slot)
        .bind(message_id)
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
        Ok(done > 0)
    }

    /// Turns on `dashboard` as posted just now (its text `shown` at `edited_at`): the
    /// scheduler edits it when the text changes.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn set_dashboard(&self, dashboard: &Dashboard) -> Result<(), StorageError> {
        on!(self.exec(), |c| sqlx::query(
            "INSERT INTO dashboards (platform, channel, scope, lang, shown, edited_at) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (platform, channel) DO UPDATE SET scope = excluded.scope, lang = excluded.lang,
                 shown = excluded.shown, edited_at = excluded.edited_at"
        )
        .bind(&dashboard.platform)
        .bind(&dashboard.channel)
        .bind(&dashboard.scope)
        .bind(&dashboard.lang)
        .bind(&dashboard.shown)
        .bind(dashboard.edited_at)
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
        Ok(())
    }

    /// Turns off the dashboard of `channel` (and forgets its message); whether there was
    /// one.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn remove_dashboard(&self, platform: &str, channel: &str) -> Result<bool, StorageError> {
        let mut tx = self.begin(super::backend::Lock::Row).await?;
        let done = on!(tx.exec(), |c| sqlx::query("DELETE FROM dashboards WHERE platform = $1 AND channel = $2")
            .bind(platform)
            .bind(channel)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
        on!(tx.exec(), |c| sqlx::query("DELETE FROM tracked_messages WHERE platform = $1 AND channel = $2 AND slot = $3")
            .bind(platform)
            .bind(channel)
            .bind(crate::base::reply::Slot::DASHBOARD)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
        tx.commit().await?;
        Ok(done > 0)
    }

    /// The dashboards of `platforms` last posted at or before `limit` (Unix ms).
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn dashboards_before(&self, limit: i64, platforms: Platforms<'_>) -> Result<Vec<Dashboard>, StorageError> {
        let sql = format!(
            "SELECT platform, channel, scope, lang, shown, edited_at FROM dashboards WHERE edited_at <= $1 AND {} ORDER BY platform, channel",
            Platforms::sql(self.dialect(), "platform", "channel", 2)
        );
        let (list, channel) = (platforms.list(), platforms.channel());
        let rows: Vec<(String, String, String, String, String, i64)> =
            on!(self.exec(), |c| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(limit).bind(list).bind(channel).fetch_all(c).await)?;
        Ok(rows
            .into_iter()
            .map(|(platform, channel, scope, lang, shown, edited_at)| Dashboard { platform, channel, scope, lang, shown, edited_at })
            .collect())
    }

    /// Claims the edit of `dashboard` to `text` at `now`: true for exactly one caller
    /// (the row still holds what `dashboard` read), so two processes never post one
    /// change twice.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn claim_dashboard(&self, dashboard: &Dashboard, text: &str, now: i64) -> Result<bool, StorageError> {
        let done = on!(self.exec(), |c| sqlx::query(
            "UPDATE dashboards SET shown = $1, edited_at = $2
             WHERE platform = $3 AND channel = $4 AND shown = $5 AND edited_at = $6"
        )
        .bind(text)
        .bind(now)
        .bind(&dashboard.platform)
        .bind(&dashboard.channel)
        .bind(&dashboard.shown)
        .bind(dashboard.edited_at)
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
        Ok(done == 1)
    }

    /// The running games of `scope` on `platform` (the server's, else the channel's:
    /// [`GameRow::scope`]), oldest first.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn running_games_in(&self, platform: &str, scope: &str) -> Result<Vec<GameRow>, StorageError> {
        let sql = format!(
            "SELECT {} FROM games WHERE platform = $1 AND status = 'running' AND COALESCE(server, channel) = $2 ORDER BY id",
            super::GAME_COLUMNS
        );
        on!(self.exec(), |c| {
            let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(platform).bind(scope).fetch_all(c).await?;
            rows.iter().map(game_row).collect()
        })
    }
}
