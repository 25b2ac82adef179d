//! Taking a move back by consent (spec README, "undo"): the table `undo_votes` and the
//! take-back itself, and the finished game a `rematch` means.

use crate::base::ids::GameId;

use super::{Db, StorageError};

impl Db {
    /// Stores `user`'s vote to take back move `seq` of `game` (once); returns whether it
    /// is new and everyone who has voted. (The take-back itself is guarded by the move
    /// number, so of concurrent last votes only one takes the move back.)
    ///
    /// # Errors
    /// [`StorageError`] when the read or write fails.
    pub async fn vote_undo(&self, game: GameId, seq: u64, user: &str, now: i64) -> Result<(bool, Vec<String>), StorageError> {
        let inserted = sqlx::query("INSERT OR IGNORE INTO undo_votes (game_id, seq, user_id, at) VALUES (?, ?, ?, ?)")
            .bind(game)
            .bind(seq.cast_signed())
            .bind(user)
            .bind(now)
            .execute(self.pool())
            .await?
            .rows_affected()
            == 1;
        let votes: Vec<String> = sqlx::query_scalar("SELECT user_id FROM undo_votes WHERE game_id = ? AND seq = ?")
            .bind(game)
            .bind(seq.cast_signed())
            .fetch_all(self.pool())
            .await?;
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
        let mut tx = self.pool().begin_with("BEGIN IMMEDIATE").await?;
        let to_move = to_move.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
        let done = sqlx::query(
            "UPDATE games SET seq = ?, to_move = ?, updated_at = ?, turn_reset_at = ?, takebacks = takebacks + 1
             WHERE id = ? AND seq = ? AND status = 'running'",
        )
        .bind(back_to)
        .bind(to_move)
        .bind(now)
        .bind(now)
        .bind(id)
        .bind(seq.cast_signed())
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        sqlx::query("DELETE FROM log WHERE game_id = ? AND seq > ?").bind(id).bind(back_to).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM undo_votes WHERE game_id = ?").bind(id).execute(&mut *tx).await?;
        // The turn begins again: its reminders may come again.
        sqlx::query("DELETE FROM notices_sent WHERE game_id = ? AND seq >= ?")
            .bind(id)
            .bind(back_to)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The game `user_id` finished last in a channel, if any.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn last_finished_of(&self, platform: &str, channel: &str, user_id: &str) -> Result<Option<GameId>, StorageError> {
        Ok(sqlx::query_scalar(
            "SELECT g.id FROM games g JOIN players p ON p.game_id = g.id WHERE g.platform = ? AND g.channel = ?
             AND g.status = 'finished' AND p.user_id = ? ORDER BY g.finished_at DESC, g.id DESC LIMIT 1",
        )
        .bind(platform)
        .bind(channel)
        .bind(user_id)
        .fetch_optional(self.pool())
        .await?)
    }
}
