//! The guarded statements that make each step of a tournament (or a Hathor series)
//! happen once however many processes poll: moving on to the next round and finishing,
//! each only while the tournament stands at the round it was decided at and no game of
//! that round runs. Shared by `tournaments.rs` and `series.rs`.

use crate::base::ids::TournamentId;

use super::backend::{on, Tx};
use super::StorageError;

/// The guarded first statement of a tournament's step: from round `seen` to `seen + 1`
/// (`rounds` stored), only while it is open at round `seen` and no game of that round
/// runs. Whether it moved.
pub(super) async fn move_on(tx: &mut Tx, id: TournamentId, seen: u32, rounds: Option<u32>, at: i64) -> Result<bool, StorageError> {
    let moved = on!(tx.exec(), |c| sqlx::query(
        "UPDATE tournaments SET round = round + 1, status = 'running', rounds = COALESCE($1, rounds),
                                started_at = COALESCE(started_at, $2)
         WHERE id = $3 AND round = $4 AND status IN ('signup', 'running')
         AND NOT EXISTS (SELECT 1 FROM tournament_pairings tp JOIN games g ON g.id = tp.game_id
                         WHERE tp.tournament_id = $5 AND tp.round = $6 AND g.status = 'running')"
    )
    .bind(rounds.map(i64::from))
    .bind(at)
    .bind(id)
    .bind(i64::from(seen))
    .bind(id)
    .bind(i64::from(seen))
    .execute(c)
    .await
    .map(|d| d.rows_affected()))?;
    Ok(moved == 1)
}

/// Marks tournament `id` finished at `at`, inside `tx`, if it is still running at round
/// `seen` and no game of that round runs: `false` (nothing changed) otherwise. The guard
/// that makes a tournament's (or a series') end happen once.
pub(super) async fn finish_when_round_over(tx: &mut Tx, id: TournamentId, seen: u32, at: i64) -> Result<bool, StorageError> {
    let done = on!(tx.exec(), |c| sqlx::query(
        "UPDATE tournaments SET status = 'finished', finished_at = $1
         WHERE id = $2 AND round = $3 AND status = 'running'
         AND NOT EXISTS (SELECT 1 FROM tournament_pairings tp JOIN games g ON g.id = tp.game_id
                         WHERE tp.tournament_id = $4 AND tp.round = $5 AND g.status = 'running')"
    )
    .bind(at)
    .bind(id)
    .bind(i64::from(seen))
    .bind(id)
    .bind(i64::from(seen))
    .execute(c)
    .await
    .map(|d| d.rows_affected()))?;
    Ok(done == 1)
}
