//! Which game a command means, in storage: the invitations and running games of a
//! channel, the choice among a user's games (`Db::choose_games`), the newest running game
//! not played yet, the last finished one, the invitations naming a user, a game's
//! invitees, whether a seat has left, a user's open games.

use crate::base::ids::GameId;

use backend::{on, StoredRow};

use super::*;

impl Db {
    /// The invitations and running games of a channel, oldest first.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn open_games_in(&self, platform: &str, channel: &str) -> Result<Vec<GameRow>, StorageError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE platform = $1 AND channel = $2 \
             AND status IN ('invited', 'running') ORDER BY id"
        );
        on!(self.exec(), |c| { let rows =
            sqlx::query(sqlx::AssertSqlSafe(sql)).bind(platform).bind(channel).fetch_all(c).await?;
        rows.iter().map(game_row).collect()
        })
    }

    /// The games of a channel that a command without `#id` may mean, for one user, in
    /// one query however many games the channel has (game selection runs it for every
    /// line that may be a move), returning at most `limit` whole rows (the chosen game
    /// needs no second read): the fitting games first (the user's own first, then oldest
    /// first), then one invitation that does not fit (the user's own first). Games of an
    /// open challenge that are not the user's are left out, for admins too
    /// (`hidden`). The counts and the
    /// waiting invitation are windows over the whole visible set (`OVER ()`, without a
    /// partition: in SQLite a tenth of the time of the partitioned ranking before).
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn choose_games(
        &self,
        platform: &str,
        channel: &str,
        user_id: &str,
        filter: ChoiceFilter,
        limit: u32,
    ) -> Result<GameChoice, StorageError> {
        // The limit is written into the SQL, not bound: SQLite marks a statement whose
        // LIMIT is a parameter as depending on that parameter's value, and sqlx clears the
        // bindings before each run, so the statement would be compiled again every time
        // (most of this query's cost). One statement per limit is cached.
        let columns = G_GAME_COLUMNS.as_str();
        let sql = format!(
            "SELECT {columns}, counted.plays, counted.fits, counted.fitting_count, counted.fitting_played FROM (
                 SELECT id, plays, fits,
                        SUM(CASE WHEN fits THEN 1 ELSE 0 END) OVER () AS fitting_count,
                        SUM(CASE WHEN fits AND plays THEN 1 ELSE 0 END) OVER () AS fitting_played,
                        COALESCE(MIN(CASE WHEN NOT fits AND status = 'invited' AND plays THEN id END) OVER (),
                                 MIN(CASE WHEN NOT fits AND status = 'invited' THEN id END) OVER ()) AS waiting
                 FROM (
                     SELECT id, status, plays, ($4 IS NULL OR status = $4) AND (NOT $5 OR plays) AS fits
                     FROM (
                         SELECT g.id, g.status,
                                EXISTS (SELECT 1 FROM players p WHERE p.game_id = g.id AND p.user_id = $1) AS plays
                         FROM games g
                         LEFT JOIN challenge_games cg ON cg.game_id = g.id
                              AND EXISTS (SELECT 1 FROM challenges c WHERE c.id = cg.challenge_id AND c.closed_at IS NULL)
                         WHERE g.platform = $2 AND g.channel = $3 AND g.status IN ('invited', 'running')
                           AND (cg.challenge_id IS NULL OR cg.user_id = $1)
                     ) AS visible
                 ) AS fitted
             ) AS counted
             JOIN games g ON g.id = counted.id
             WHERE counted.fits OR counted.id = counted.waiting
             ORDER BY counted.fits DESC, counted.plays DESC, counted.id
             LIMIT {limit}"
        );
        on!(self.exec(), |c| { let rows = sqlx::query(sqlx::AssertSqlSafe(sql.as_str()))
            .bind(user_id)
            .bind(platform)
            .bind(channel)
            .bind(filter.status)
            .bind(filter.plays)
            .fetch_all(c)
            .await?;
        let mut choice = GameChoice::default();
        for r in &rows {
            choice.fitting_count = u64::try_from(r.get::<i64>("fitting_count")?).unwrap_or(0);
            choice.fitting_played = u64::try_from(r.get::<i64>("fitting_played")?).unwrap_or(0);
            let game = OpenGame { id: r.get("id")?, kind: r.get("kind")?, row: game_row(r).ok(), plays: r.get("plays")? };
            if r.get::<bool>("fits")? {
                choice.fitting.push(game);
            } else if choice.waiting.is_none() {
                choice.waiting = Some(game.id);
            }
        }
        Ok(choice)
        })
    }

    /// The newest running game of each kind in a channel that `user_id` does not play,
    /// leaving out games of open challenges (at most one row per game kind, however
    /// many games the channel has): what a line that reads as a move may have meant
    /// when the user plays nothing here.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn newest_running_not_played(
        &self,
        platform: &str,
        channel: &str,
        user_id: &str,
    ) -> Result<Vec<GameRow>, StorageError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE id IN (
                 SELECT MAX(g.id) FROM games g
                 WHERE g.platform = $1 AND g.channel = $2 AND g.status = 'running'
                   AND NOT EXISTS (SELECT 1 FROM players p WHERE p.game_id = g.id AND p.user_id = $3)
                   AND NOT EXISTS (SELECT 1 FROM challenge_games cg JOIN challenges c ON c.id = cg.challenge_id
                                   WHERE cg.game_id = g.id AND c.closed_at IS NULL)
                 GROUP BY g.kind)
             ORDER BY id DESC"
        );
        on!(self.exec(), |c| { let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(platform)
            .bind(channel)
            .bind(user_id)
            .fetch_all(c)
            .await?;
        rows.iter().map(game_row).collect()
        })
    }

    /// The game of `channel` on `platform` that finished last, if any (for `history` and
    /// `export` right after a game ends).
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn last_finished_in(&self, platform: &str, channel: &str) -> Result<Option<GameRow>, StorageError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE platform = $1 AND channel = $2 \
             AND status = 'finished' ORDER BY finished_at DESC NULLS LAST, id DESC LIMIT 1"
        );
        on!(self.exec(), |c| { let row =
            sqlx::query(sqlx::AssertSqlSafe(sql)).bind(platform).bind(channel).fetch_optional(c).await?;
        row.as_ref().map(game_row).transpose()
        })
    }

    /// The open invitations on `platform` with an invitee that may be `user_id` or
    /// `name` (equal ignoring ASCII case; the caller decides with the invitation rules
    /// whether it is them) and no seat taken by `user_id`, with that invitee, oldest
    /// first.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn invitations_naming(
        &self,
        platform: &str,
        user_id: &str,
        name: &str,
    ) -> Result<Vec<(GameRow, String)>, StorageError> {
        let columns = G_GAME_COLUMNS.as_str();
        let sql = format!(
            "SELECT {columns}, i.user_id AS invitee FROM games g JOIN invitees i ON i.game_id = g.id \
             WHERE g.platform = $1 AND g.status = 'invited' AND (lower(i.user_id) = lower($2) OR lower(i.user_id) = lower($3)) \
             AND NOT EXISTS (SELECT 1 FROM players p WHERE p.game_id = g.id AND p.user_id = $4) ORDER BY g.id"
        );
        on!(self.exec(), |c| { let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(platform)
            .bind(user_id)
            .bind(name)
            .bind(user_id)
            .fetch_all(c)
            .await?;
        rows.iter().map(|r| Ok((game_row(r)?, r.get("invitee")?))).collect()
        })
    }

    /// The invitees of game `id` as they were named (user ids or typed names), in the
    /// order named; empty: anyone may join.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn invitees(&self, id: GameId) -> Result<Vec<String>, StorageError> {
        Ok(on!(self.exec(), |c| sqlx::query_scalar("SELECT user_id FROM invitees WHERE game_id = $1 ORDER BY rowid")
            .bind(id)
            .fetch_all(c)
            .await)?)
    }

    /// Whether `seat` has left game `id` (a `@resign` or `@timeout` of that seat is in
    /// its log).
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn has_left(&self, id: GameId, seat: usize) -> Result<bool, StorageError> {
        let found: bool = on!(self.exec(), |c| sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM log WHERE game_id = $1 AND text IN ($2, $3))")
            .bind(id)
            .bind(format!("@resign {seat}"))
            .bind(format!("@timeout {seat}"))
            .fetch_one(c)
            .await)?;
        Ok(found)
    }

    /// The invitations and running games `user_id` plays on `platform`, with the
    /// user's seat, oldest first.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn open_games_of(&self, platform: &str, user_id: &str) -> Result<Vec<(GameRow, usize)>, StorageError> {
        let columns = G_GAME_COLUMNS.as_str();
        let sql = format!(
            "SELECT {columns}, p.seat FROM games g JOIN players p ON p.game_id = g.id \
             WHERE g.platform = $1 AND p.user_id = $2 AND g.status IN ('invited', 'running') ORDER BY g.id"
        );
        on!(self.exec(), |c| { let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(platform).bind(user_id).fetch_all(c).await?;
        rows.iter()
            .map(|r| {
                let seat: i64 = r.get("seat")?;
                Ok((game_row(r)?, usize::try_from(seat).map_err(|_| StorageError::Damaged("negative seat".into()))?))
            })
            .collect()
        })
    }
}
