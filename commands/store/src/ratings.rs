//! Stored ratings (spec README, "Ratings"): the table `ratings` (one Weng-Lin rating
//! per platform, scope, game and player) and `rated_games` (the games already counted).


use super::{Db, GameRow, StorageError};
use super::backend::on;

/// How many players a leaderboard shows.
pub const LEADERBOARD_SIZE: i64 = 10;

/// A stored rating (a row of `ratings`).
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct Rated {
    pub user_id: String,
    pub name: String,
    pub kind: String,
    pub rating: f64,
    pub uncertainty: f64,
    pub games: i64,
}

/// A rating as stored: (rating, uncertainty), on Weng-Lin's scale (a new player has
/// 25 ± 25/3).
pub type Skill = (f64, f64);

impl Db {
    /// Counts finished game `row` into the ratings of its `players` (user id and name, by
    /// seat), once: `rate` gets each seat's stored skill (`None`: never rated in this
    /// game and scope) and gives the new ones by seat. Reading and writing are one
    /// transaction; `false` (and nothing changes) when the game was counted already.
    ///
    /// # Errors
    /// [`StorageError`] when a read or write fails.
    pub async fn record_ratings(
        &self,
        row: &GameRow,
        players: &[(String, String)],
        now: i64,
        rate: impl FnOnce(&[Option<Skill>]) -> Vec<Skill>,
    ) -> Result<bool, StorageError> {
        let mut tx = self.begin(super::backend::Lock::Store).await?;
        let marked = on!(tx.exec(), |c| sqlx::query("INSERT INTO rated_games (game_id, at) VALUES ($1, $2) ON CONFLICT DO NOTHING")
            .bind(row.id)
            .bind(now)
            .execute(c)
            .await.map(|done| done.rows_affected()))?;
        if marked != 1 {
            return Ok(false);
        }
        let mut old = Vec::new();
        for (user_id, _) in players {
            let stored: Option<Skill> = on!(tx.exec(), |c| sqlx::query_as(
                "SELECT rating, uncertainty FROM ratings WHERE platform = $1 AND scope = $2 AND kind = $3 AND user_id = $4",
            )
            .bind(&row.platform)
            .bind(row.scope())
            .bind(&row.kind)
            .bind(user_id)
            .fetch_optional(c)
            .await)?;
            old.push(stored);
        }
        let new = rate(&old);
        for ((user_id, name), (rating, uncertainty)) in players.iter().zip(new) {
            on!(tx.exec(), |c| sqlx::query(
                "INSERT INTO ratings (platform, scope, kind, user_id, name, rating, uncertainty, games, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8)
                 ON CONFLICT (platform, scope, kind, user_id) DO UPDATE SET name = excluded.name,
                     rating = excluded.rating, uncertainty = excluded.uncertainty, games = ratings.games + 1,
                     updated_at = excluded.updated_at",
            )
            .bind(&row.platform)
            .bind(row.scope())
            .bind(&row.kind)
            .bind(user_id)
            .bind(name)
            .bind(rating)
            .bind(uncertainty)
            .bind(now)
            .execute(c)
            .await.map(|done| done.rows_affected()))?;
        }
        tx.commit().await?;
        Ok(true)
    }
}

impl Db {
    /// Marks finished game `id` as counted without rating it (an aborted game, a game of
    /// one, or of one AI level alone: nothing to rate), so the rating sweep
    /// ([`Db::unrated_games`]) does not look at it again.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn mark_rated(&self, id: crate::base::ids::GameId, now: i64) -> Result<(), StorageError> {
        on!(self.exec(), |c| sqlx::query("INSERT INTO rated_games (game_id, at) VALUES ($1, $2) ON CONFLICT DO NOTHING")
            .bind(id)
            .bind(now)
            .execute(c)
            .await
            .map(drop))?;
        Ok(())
    }

    /// Finished games not yet counted into the ratings (nor marked as having nothing to
    /// rate), oldest first, at most `limit`: the games whose last move was stored by a
    /// process that stopped before it rated them.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn unrated_games(&self, limit: u32) -> Result<Vec<crate::base::ids::GameId>, StorageError> {
        // The limit is written into the SQL (see `leaderboard_of`).
        let sql = format!(
            "SELECT g.id FROM games g WHERE g.status = 'finished'
               AND NOT EXISTS (SELECT 1 FROM rated_games r WHERE r.game_id = g.id) ORDER BY g.id LIMIT {limit}"
        );
        Ok(on!(self.exec(), |c| sqlx::query_scalar(sqlx::AssertSqlSafe(sql.as_str())).fetch_all(c).await)?)
    }
}

/// The ratings of `user_id` (or a player called `name`) in a scope, best first.
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn ratings_of(db: &Db, platform: &str, scope: &str, who: &str) -> Result<Vec<Rated>, StorageError> {
    let rows = on!(db.exec(), |c| sqlx::query_as(
        "SELECT user_id, name, kind, rating, uncertainty, games FROM ratings
         WHERE platform = $1 AND scope = $2 AND (user_id = $3 OR lower(name) = lower($4)) ORDER BY rating DESC",
    )
    .bind(platform)
    .bind(scope)
    .bind(who)
    .bind(who)
    .fetch_all(c)
    .await)?;
    Ok(rows)
}

/// The best-rated players of `kind` in a scope.
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn leaderboard_of(db: &Db, platform: &str, scope: &str, kind: &str) -> Result<Vec<Rated>, StorageError> {
    // The size is written into the SQL: a bound LIMIT makes SQLite compile the statement
    // again on every run (see `Db::choose_games`).
    let sql = format!(
        "SELECT user_id, name, kind, rating, uncertainty, games FROM ratings
         WHERE platform = $1 AND scope = $2 AND kind = $3 ORDER BY rating DESC, games DESC LIMIT {LEADERBOARD_SIZE}"
    );
    let rows = on!(db.exec(), |c| sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str()))
    .bind(platform)
    .bind(scope)
    .bind(kind)
    .fetch_all(c)
    .await)?;
    Ok(rows)
}

/// The games with ratings in a scope (their ids, e.g. `carat`), in alphabetical order.
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn rated_kinds(db: &Db, platform: &str, scope: &str) -> Result<Vec<String>, StorageError> {
    Ok(on!(db.exec(), |c| sqlx::query_scalar("SELECT DISTINCT kind FROM ratings WHERE platform = $1 AND scope = $2 ORDER BY kind")
        .bind(platform)
        .bind(scope)
        .fetch_all(c)
        .await)?)
}

/// The name `user_id` last played under on `platform` (the newest `players` row), if
/// they ever sat at a game there.
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn known_name(db: &Db, platform: &str, user_id: &str) -> Result<Option<String>, StorageError> {
    Ok(on!(db.exec(), |c| sqlx::query_scalar(
        "SELECT p.name FROM players p JOIN games g ON g.id = p.game_id
         WHERE g.platform = $1 AND p.user_id = $2 ORDER BY p.joined_at DESC, p.game_id DESC LIMIT 1",
    )
    .bind(platform)
    .bind(user_id)
    .fetch_optional(c)
    .await)?)
}
