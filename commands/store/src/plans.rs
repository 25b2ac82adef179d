//! Conditional moves (issue 40, docs "Conditional moves"): the table `conditional_moves`,
//! one row per step of a player's plan in a game. What a plan means at a given moment is
//! read from the game's log by `plans`; here it is only stored, read and
//! deleted.

use crate::base::ids::GameId;

use super::backend::on;
use super::{platforms::Platforms, Db, StorageError};

/// A stored plan: `user_id` (at `seat`) made it at move number `from_seq` after
/// `takebacks` take-backs; `steps` are (their move, my move) pairs in canonical or typed
/// notation, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredPlan {
    pub game: GameId,
    pub user_id: String,
    pub seat: usize,
    pub from_seq: u64,
    pub takebacks: i64,
    pub steps: Vec<(String, String)>,
}

type PlanRow = (GameId, String, i64, i64, i64, i64, String, String);

fn plans_of(rows: Vec<PlanRow>) -> Vec<StoredPlan> {
    let mut out: Vec<StoredPlan> = Vec::new();
    for (game, user_id, seat, _step, from_seq, takebacks, their, mine) in rows {
        match out.last_mut() {
            Some(plan) if plan.game == game && plan.user_id == user_id => plan.steps.push((their, mine)),
            _ => out.push(StoredPlan {
                game,
                user_id,
                seat: usize::try_from(seat).unwrap_or(usize::MAX),
                from_seq: from_seq.cast_unsigned(),
                takebacks,
                steps: vec![(their, mine)],
            }),
        }
    }
    out
}

const COLUMNS: &str = "game_id, user_id, seat, step, from_seq, takebacks, their_move, my_move";

impl Db {
    /// Stores `plan` in place of the plan its player had in its game (one
    /// transaction: the old plan is gone and the new one complete, or nothing changed).
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn save_plan(&self, plan: &StoredPlan, now: i64) -> Result<(), StorageError> {
        let mut tx = self.begin(super::backend::Lock::Store).await?;
        on!(tx.exec(), |c| sqlx::query("DELETE FROM conditional_moves WHERE game_id = $1 AND user_id = $2")
            .bind(plan.game)
            .bind(&plan.user_id)
            .execute(c)
            .await
            .map(drop))?;
        for (step, (their, mine)) in plan.steps.iter().enumerate() {
            on!(tx.exec(), |c| sqlx::query(
                "INSERT INTO conditional_moves (game_id, user_id, seat, step, from_seq, takebacks, their_move, my_move, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
            )
            .bind(plan.game)
            .bind(&plan.user_id)
            .bind(i64::try_from(plan.seat).unwrap_or(i64::MAX))
            .bind(i64::try_from(step).unwrap_or(i64::MAX))
            .bind(plan.from_seq.cast_signed())
            .bind(plan.takebacks)
            .bind(their)
            .bind(mine)
            .bind(now)
            .execute(c)
            .await
            .map(drop))?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The plan `user_id` has in game `game`, if any.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn plan_of(&self, game: GameId, user_id: &str) -> Result<Option<StoredPlan>, StorageError> {
        let sql = format!("SELECT {COLUMNS} FROM conditional_moves WHERE game_id = $1 AND user_id = $2 ORDER BY step");
        let rows: Vec<PlanRow> =
            on!(self.exec(), |c| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(game).bind(user_id).fetch_all(c).await)?;
        Ok(plans_of(rows).pop())
    }

    /// Every plan in game `game`.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn plans_in(&self, game: GameId) -> Result<Vec<StoredPlan>, StorageError> {
        let sql = format!("SELECT {COLUMNS} FROM conditional_moves WHERE game_id = $1 ORDER BY user_id, step");
        let rows: Vec<PlanRow> = on!(self.exec(), |c| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(game).fetch_all(c).await)?;
        Ok(plans_of(rows))
    }

    /// Every plan of `user_id` in the running games of `platform`, by game.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn plans_of_user(&self, platform: &str, user_id: &str) -> Result<Vec<StoredPlan>, StorageError> {
        let columns = COLUMNS.split(", ").map(|c| format!("c.{c}")).collect::<Vec<_>>().join(", ");
        let sql = format!(
            "SELECT {columns} FROM conditional_moves c JOIN games g ON g.id = c.game_id \
             WHERE g.platform = $1 AND c.user_id = $2 AND g.status = 'running' ORDER BY c.game_id, c.step"
        );
        let rows: Vec<PlanRow> =
            on!(self.exec(), |c| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(platform).bind(user_id).fetch_all(c).await)?;
        Ok(plans_of(rows))
    }

    /// Deletes the plan `plan` stands for (its player's in its game, made at its move
    /// number after its take-backs); `true` when this call deleted it (of several
    /// processes deleting at once, one gets `true`: it tells the player).
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn drop_plan(&self, plan: &StoredPlan) -> Result<bool, StorageError> {
        let deleted = on!(self.exec(), |c| sqlx::query(
            "DELETE FROM conditional_moves WHERE game_id = $1 AND user_id = $2 AND from_seq = $3 AND takebacks = $4"
        )
        .bind(plan.game)
        .bind(&plan.user_id)
        .bind(plan.from_seq.cast_signed())
        .bind(plan.takebacks)
        .execute(c)
        .await
        .map(|done| done.rows_affected()))?;
        Ok(deleted > 0)
    }

    /// Deletes `user_id`'s plan in game `game`; `true` when there was one.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn clear_plan(&self, game: GameId, user_id: &str) -> Result<bool, StorageError> {
        let deleted = on!(self.exec(), |c| sqlx::query("DELETE FROM conditional_moves WHERE game_id = $1 AND user_id = $2")
            .bind(game)
            .bind(user_id)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
        Ok(deleted > 0)
    }

    /// The games on `platforms` with a plan whose player is to move (a planned reply
    /// may be due, or the plan is broken or used up), and the games no longer running
    /// that still have plans (to be deleted), oldest first. One query.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn planned_games(&self, platforms: Platforms<'_>) -> Result<Vec<GameId>, StorageError> {
        let sql = format!(
            "SELECT DISTINCT g.id FROM games g JOIN conditional_moves c ON c.game_id = g.id \
             WHERE (g.status <> 'running' OR (',' || g.to_move || ',') LIKE ('%,' || c.seat || ',%')) AND {} ORDER BY g.id",
            Platforms::sql(self.dialect(), "g.platform", "g.channel", 1),
        );
        let (list, channel) = (platforms.list(), platforms.channel());
        Ok(on!(self.exec(), |c| sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(list).bind(channel).fetch_all(c).await)?)
    }

    /// Whether a player of game `game` other than `user_id` has a plan (after
    /// `user_id`'s move one of them may be due at once).
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn others_plan(&self, game: GameId, user_id: &str) -> Result<bool, StorageError> {
        let found: Option<i64> = on!(self.exec(), |c| sqlx::query_scalar(
            "SELECT 1 FROM conditional_moves WHERE game_id = $1 AND user_id <> $2 LIMIT 1"
        )
        .bind(game)
        .bind(user_id)
        .fetch_optional(c)
        .await)?;
        Ok(found.is_some())
    }
}
