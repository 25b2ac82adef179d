//! The reviews of finished games (issue 44; migrations `20261206000000_reviews.sql`,
//! `20261207030000_review_progress.sql`): who asked where, the claim of the process
//! computing one, each move's chances as computed, the edits of its progress message and
//! the review's posting, each exactly once across processes.

use crate::base::ids::GameId;

use super::{backend::on, platforms::Platforms, Db, StorageError};

/// A review asked for: where and in which language the finished review is posted, and
/// whether it has been.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ReviewRequest {
    pub platform: String,
    pub channel: String,
    pub lang: String,
    pub posted_at: Option<i64>,
}

impl Db {
    /// Asks for the review of game `id`, to be posted in `channel` of `platform` in
    /// `lang`, at `now` (Unix ms): `true` when this is the first request (stored), `false`
    /// when the game's review was asked for before (nothing changes).
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn request_review(&self, id: GameId, platform: &str, channel: &str, lang: &str, now: i64) -> Result<bool, StorageError> {
        let added = on!(self.exec(), |c| sqlx::query(
            "INSERT INTO reviews (game_id, platform, channel, lang, requested_at, progress_at) VALUES ($1, $2, $3, $4, $5, $5)
             ON CONFLICT (game_id) DO NOTHING"
        )
        .bind(id)
        .bind(platform)
        .bind(channel)
        .bind(lang)
        .bind(now)
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
        Ok(added == 1)
    }

    /// The request of game `id`'s review, if it was asked for.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn review_request(&self, id: GameId) -> Result<Option<ReviewRequest>, StorageError> {
        Ok(on!(self.exec(), |c| sqlx::query_as("SELECT platform, channel, lang, posted_at FROM reviews WHERE game_id = $1")
            .bind(id)
            .fetch_optional(c)
            .await)?)
    }

    /// The games whose review is asked for in `platforms` and not posted yet, oldest
    /// request first.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn reviews_pending(&self, platforms: Platforms<'_>) -> Result<Vec<GameId>, StorageError> {
        let sql = format!(
            "SELECT game_id FROM reviews WHERE posted_at IS NULL AND {} ORDER BY requested_at, game_id",
            Platforms::sql(self.dialect(), "platform", "channel", 1)
        );
        let (list, channel) = (platforms.list(), platforms.channel());
        Ok(on!(self.exec(), |c| sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(list).bind(channel).fetch_all(c).await)?)
    }

    /// Claims (or renews this process's claim of) the computing of game `id`'s review at
    /// `now`: `true` when it is this caller's (unclaimed, or the claim is `lease_ms` or
    /// more old, or `renew` and it is this caller's own claim made at `held`), `false`
    /// when another process holds it or it was posted. One statement, so of several
    /// processes asking at once one gets it.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn claim_review(&self, id: GameId, now: i64, lease_ms: i64, held: Option<i64>) -> Result<bool, StorageError> {
        let claimed = on!(self.exec(), |c| sqlx::query(
            "UPDATE reviews SET claimed_at = $2 WHERE game_id = $1 AND posted_at IS NULL
             AND (claimed_at IS NULL OR claimed_at <= $3 OR claimed_at = $4)"
        )
        .bind(id)
        .bind(now)
        .bind(now.saturating_sub(lease_ms))
        .bind(held)
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
        Ok(claimed == 1)
    }

    /// Gives back a claim of game `id`'s review made at `held` (the process stops or
    /// paused the work): another scheduler may take it at once.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn release_review(&self, id: GameId, held: i64) -> Result<(), StorageError> {
        on!(self.exec(), |c| sqlx::query("UPDATE reviews SET claimed_at = NULL WHERE game_id = $1 AND claimed_at = $2")
            .bind(id)
            .bind(held)
            .execute(c)
            .await
            .map(drop))?;
        Ok(())
    }

    /// The chances stored for game `id`'s review: (log index, the chances as JSON), in
    /// log order.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn review_moves(&self, id: GameId) -> Result<Vec<(i64, String)>, StorageError> {
        Ok(on!(self.exec(), |c| sqlx::query_as("SELECT idx, chances FROM review_moves WHERE game_id = $1 ORDER BY idx")
            .bind(id)
            .fetch_all(c)
            .await)?)
    }

    /// Stores the chances (JSON) of log entry `idx` of game `id`'s review, unless they
    /// were stored already (by another process): a move is never stored twice.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn store_review_move(&self, id: GameId, idx: usize, chances: &str) -> Result<(), StorageError> {
        on!(self.exec(), |c| sqlx::query("INSERT INTO review_moves (game_id, idx, chances) VALUES ($1, $2, $3) ON CONFLICT (game_id, idx) DO NOTHING")
            .bind(id)
            .bind(idx as i64)
            .bind(chances)
            .execute(c)
            .await
            .map(drop))?;
        Ok(())
    }

    /// Claims the next edit of game `id`'s progress message at `now`: `true` for the one
    /// caller that may post it (the review is not posted yet and its progress was last
    /// shown `every_ms` or more ago, the request counting as shown), `false` otherwise.
    /// One statement, so of several processes at most one edits per interval.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn claim_review_progress(&self, id: GameId, now: i64, every_ms: i64) -> Result<bool, StorageError> {
        let claimed = on!(self.exec(), |c| sqlx::query(
            "UPDATE reviews SET progress_at = $2 WHERE game_id = $1 AND posted_at IS NULL
             AND (progress_at IS NULL OR progress_at <= $3)"
        )
        .bind(id)
        .bind(now)
        .bind(now.saturating_sub(every_ms))
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
        Ok(claimed == 1)
    }

    /// Marks game `id`'s review posted at `now`: `true` for the one caller that marks it
    /// (and posts it), `false` when it was posted already.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn mark_review_posted(&self, id: GameId, now: i64) -> Result<bool, StorageError> {
        let marked = on!(self.exec(), |c| sqlx::query("UPDATE reviews SET posted_at = $2, claimed_at = NULL WHERE game_id = $1 AND posted_at IS NULL")
            .bind(id)
            .bind(now)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
        Ok(marked == 1)
    }
}
