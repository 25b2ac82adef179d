//! What the scheduler sends once (spec README, "Play over days"): the markers of turn
//! notices sent (`notices_sent`), the outbox of messages for other platforms (`outbox`)
//! and the invitations whose time is up.

use crate::base::ids::GameId;

use super::{platforms::Platforms, Db, StorageError};
use super::backend::on;

/// An invitation whose time is up: (game id, game kind, platform, channel, scope: its
/// server, else its channel).
pub type ExpiredInvitation = (GameId, String, String, String, String);

impl Db {
    /// Takes the outbox messages of `platforms` (they are deleted as they are read, so
    /// each is delivered once): (platform, channel, text) each.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn take_outbox(&self, platforms: Platforms<'_>) -> Result<Vec<(String, String, String)>, StorageError> {
        let sql = format!(
            "DELETE FROM outbox WHERE {} RETURNING platform, channel, text",
            Platforms::sql(self.dialect(), "platform", "channel", 1)
        );
        let (list, channel) = (platforms.list(), platforms.channel());
        Ok(on!(self.exec(), |c| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(list).bind(channel).fetch_all(c).await)?)
    }

    /// Deletes the `unanswered_moves` rows of `moves` (game, move number): their answers
    /// were handed to the chat.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn answered(&self, moves: &[(GameId, u64)]) -> Result<(), StorageError> {
        for &(game, seq) in moves {
            on!(self.exec(), |c| sqlx::query("DELETE FROM unanswered_moves WHERE game_id = $1 AND seq = $2")
                .bind(game)
                .bind(seq.cast_signed())
                .execute(c)
                .await
                .map(drop))?;
        }
        Ok(())
    }

    /// Takes (deletes and returns) the `unanswered_moves` rows of `platforms` stored at or
    /// before `limit` (Unix ms): moves whose process stopped before it answered them.
    /// Each row is taken by one poller only. Returned as (game, move number, mover's
    /// user id, the move as stored), oldest first.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn take_unanswered(&self, limit: i64, platforms: Platforms<'_>) -> Result<Vec<(GameId, i64, String, String)>, StorageError> {
        let sql = format!(
            "DELETE FROM unanswered_moves WHERE at <= $1 AND game_id IN (SELECT id FROM games WHERE {})
             RETURNING game_id, seq, user_id, text",
            Platforms::sql(self.dialect(), "platform", "channel", 2)
        );
        let (list, channel) = (platforms.list(), platforms.channel());
        let mut rows: Vec<(GameId, i64, String, String)> =
            on!(self.exec(), |c| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(limit).bind(list).bind(channel).fetch_all(c).await)?;
        rows.sort_by_key(|r| (r.0, r.1));
        Ok(rows)
    }

    /// The open invitations of `platforms` created at or before `limit` (Unix ms),
    /// oldest first.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn invitations_before(&self, limit: i64, platforms: Platforms<'_>) -> Result<Vec<ExpiredInvitation>, StorageError> {
        let sql = format!(
            "SELECT id, kind, platform, channel, COALESCE(server, channel) FROM games WHERE status = 'invited' AND created_at <= $1 AND {} ORDER BY id",
            Platforms::sql(self.dialect(), "platform", "channel", 2)
        );
        let (list, channel) = (platforms.list(), platforms.channel());
        Ok(on!(self.exec(), |c| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(limit).bind(list).bind(channel).fetch_all(c).await)?)
    }

    /// Marks the turn notice `kind` (`"half"`, `"soon"`, `"expired"`) for `seat` at move
    /// `seq` of `game` as sent at `now`; `false` when it was marked before (so it goes
    /// out once, whichever poller gets there first).
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn mark_notice(&self, game: GameId, seq: u64, seat: usize, kind: &str, now: i64) -> Result<bool, StorageError> {
        let marked = on!(self.exec(), |c| sqlx::query("INSERT INTO notices_sent (game_id, seq, seat, kind, at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING")
            .bind(game)
            .bind(seq.cast_signed())
            .bind(i64::try_from(seat).unwrap_or(i64::MAX))
            .bind(kind)
            .bind(now)
            .execute(c)
            .await.map(|done| done.rows_affected()))?;
        Ok(marked == 1)
    }
}
