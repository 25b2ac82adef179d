//! The replays posted at a game's end (issue 44, `replay=on`; migration
//! `20261208030000_review_fixes.sql`): asked for by the game's last move (in its
//! transaction, `Advance::replay`), drawn and posted by a
//! scheduler under a claim, marked posted by exactly one process.

use crate::base::ids::GameId;

use super::{backend::on, platforms::Platforms, Db, StorageError};

/// A replay waiting to be posted: game `game` in `channel` of `platform`, in `lang`.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ReplayRequest {
    pub game_id: GameId,
    pub platform: String,
    pub channel: String,
    pub lang: String,
}

impl Db {
    /// The replays asked for in `platforms` and not posted yet, oldest request first.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn replays_pending(&self, platforms: Platforms<'_>) -> Result<Vec<ReplayRequest>, StorageError> {
        let sql = format!(
            "SELECT game_id, platform, channel, lang FROM replay_posts WHERE posted_at IS NULL AND {} ORDER BY requested_at, game_id",
            Platforms::sql(self.dialect(), "platform", "channel", 1)
        );
        let (list, channel) = (platforms.list(), platforms.channel());
        Ok(on!(self.exec(), |c| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(list).bind(channel).fetch_all(c).await)?)
    }

    /// Claims the drawing of game `id`'s replay at `now`: `true` for the one caller that
    /// gets it (not posted, and unclaimed or claimed `lease_ms` or more ago: its process
    /// stopped), `false` otherwise. One statement, so of several processes one gets it.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn claim_replay(&self, id: GameId, now: i64, lease_ms: i64) -> Result<bool, StorageError> {
        let claimed = on!(self.exec(), |c| sqlx::query(
            "UPDATE replay_posts SET claimed_at = $2 WHERE game_id = $1 AND posted_at IS NULL
             AND (claimed_at IS NULL OR claimed_at <= $3)"
        )
        .bind(id)
        .bind(now)
        .bind(now.saturating_sub(lease_ms))
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
        Ok(claimed == 1)
    }

    /// Marks game `id`'s replay posted at `now`: `true` for the one caller that marks it
    /// (and posts it), `false` when it was posted already.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn mark_replay_posted(&self, id: GameId, now: i64) -> Result<bool, StorageError> {
        let marked = on!(self.exec(), |c| sqlx::query("UPDATE replay_posts SET posted_at = $2 WHERE game_id = $1 AND posted_at IS NULL")
            .bind(id)
            .bind(now)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
        Ok(marked == 1)
    }
}
