//! Taking a move back by consent (spec README, "undo"): the table `undo_votes` and the
//! take-back itself, and the finished game a `rematch` means.

use crate::base::ids::GameId;

use super::{Db, StorageError};
use super::backend::on;

impl Db {
    /// Stores `user`'s vote to take back move `seq` of `game` (once); returns whether it
    /// is new and everyone who has voted. (The take-back itself is guarded by the move
    /// number, so of concurrent last votes only one takes the move back.)
    ///
    /// # Errors
    /// [`StorageError`] when the read or write fails.
    pub async fn vote_undo(&self, game: GameId, seq: u64, user: &str, now: i64) -> Result<(bool, Vec<String>), StorageError> {
        let inserted = on!(self.exec(), |c| sqlx::query("INSERT INTO undo_votes (game_id, seq, user_id, at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING")
            .bind(game)
            .bind(seq.cast_signed())
            .bind(user)
            .bind(now)
            .execute(c)
            .await.map(|done| done.rows_affected()))?
            
            == 1;
        let votes: Vec<String> = on!(self.exec(), |c| sqlx::query_scalar("SELECT user_id FROM undo_votes WHERE game_id = $1 AND seq = $2")
            .bind(game)
            .bind(seq.cast_signed())
            .fetch_all(c)
            .await)?;
        Ok((inserted, votes))
    }

    /// Removes the last `entries` log entries of game `id` (moves `seq - entries + 1`
    /// to `seq`; at least one) and sets the game back to move `seq - entries` with the
    /// seats `to_move`, in one transaction (the turn starts afresh at `now`, with fresh
    /// reminders); `false` when the game is no longer at move `seq`.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails (then nothing changed).
    pub async fn take_back(&self, id: GameId, seq: u64, entries: u64, to_move: &[usize], now: i64) -> Result<bool, StorageError> {
        let entries = entries.clamp(1, seq.max(1));
        let back_to = seq.saturating_sub(entries).cast_signed();
        let mut tx = self.begin(super::backend::Lock::Store).await?;
        let to_move = to_move.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
        let done = on!(tx.exec(), |c| sqlx::query(
            "UPDATE games SET seq = $1, to_move = $2, updated_at = $3, turn_reset_at = $4, takebacks = takebacks + 1
             WHERE id = $5 AND seq = $6 AND status = 'running'",
        )
        .bind(back_to)
        .bind(to_move)
        .bind(now)
        .bind(now)
        .bind(id)
        .bind(seq.cast_signed())
        .execute(c)
        .await.map(|done| done.rows_affected()))?;
        if done != 1 {
            return Ok(false);
        }
        on!(tx.exec(), |c| sqlx::query("DELETE FROM log WHERE game_id = $1 AND seq > $2").bind(id).bind(back_to).execute(c).await.map(|done| done.rows_affected()))?;
        on!(tx.exec(), |c| sqlx::query("DELETE FROM undo_votes WHERE game_id = $1").bind(id).execute(c).await.map(|done| done.rows_affected()))?;
        // The turn begins again: its reminders may come again.
        on!(tx.exec(), |c| sqlx::query("DELETE FROM notices_sent WHERE game_id = $1 AND seq >= $2")
            .bind(id)
            .bind(back_to)
            .execute(c)
            .await.map(|done| done.rows_affected()))?;
        tx.commit().await?;
        Ok(true)
    }

    /// The game `user_id` finished last in a channel, if any.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn last_finished_of(&self, platform: &str, channel: &str, user_id: &str) -> Result<Option<GameId>, StorageError> {
        Ok(on!(self.exec(), |c| sqlx::query_scalar(
            "SELECT g.id FROM games g JOIN players p ON p.game_id = g.id WHERE g.platform = $1 AND g.channel = $2
             AND g.status = 'finished' AND p.user_id = $3 ORDER BY g.finished_at DESC NULLS LAST, g.id DESC LIMIT 1",
        )
        .bind(platform)
        .bind(channel)
        .bind(user_id)
        .fetch_optional(c)
        .await)?)
    }
}
