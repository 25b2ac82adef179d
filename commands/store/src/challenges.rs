//! Hathor challenges (spec hathor.md "Playing together in a channel"): the tables
//! `challenges` (one row per challenge, with its options, seed and resolved setup) and
//! `challenge_games` (which stored game each player of a challenge plays).

use serde_json::Value;
use super::backend::StoredRow;
use super::backend::on;

use rules::GameKind;

use crate::base::ids::{ChallengeId, GameId, TournamentId};

use super::{
    backend::Lock,
    games::insert_game,
    platforms::Platforms,
    Db, Entered, NewGame, Start, StorageError,
};

/// A stored challenge (a row of `challenges`).
#[derive(Debug, Clone)]
pub struct ChallengeRow {
    pub id: ChallengeId,
    pub kind: GameKind,
    pub platform: String,
    pub channel: String,
    /// The UTC date (`YYYY-MM-DD`) of a daily challenge; `None` for another one.
    pub daily: Option<String>,
    /// The game's options (a JSON object, as `rules::Game::options` gives them).
    pub options: Value,
    pub seed: u64,
    /// Whether the creator chose `seed` (`seed=N`): then it is shown with the challenge.
    pub seeded: bool,
    /// The resolved setup every player's game is opened with.
    pub setup: Value,
    /// When it closes (Unix ms).
    pub closes_at: i64,
    /// When it was closed (Unix ms); `None` while it is open.
    pub closed_at: Option<i64>,
    /// The Hathor series and round it is ([`super::series`]); `None` for a challenge
    /// anyone here may join.
    pub series: Option<(TournamentId, u32)>,
}

impl ChallengeRow {
    /// Whether it has not been closed yet (its time may be up all the same).
    pub fn is_open(&self) -> bool {
        self.closed_at.is_none()
    }
}

/// A challenge to store: [`Db::create_challenge`].
#[derive(Debug, Clone)]
pub struct NewChallenge<'a> {
    pub kind: GameKind,
    pub platform: &'a str,
    pub channel: &'a str,
    /// The user who opened it (empty for a daily challenge, which nobody owns).
    pub creator: &'a str,
    pub daily: Option<&'a str>,
    pub options: &'a Value,
    pub seed: u64,
    /// Whether the creator chose `seed` ([`ChallengeRow::seeded`]).
    pub seeded: bool,
    pub setup: &'a Value,
    pub created_at: i64,
    pub closes_at: i64,
}

const CHALLENGE_COLUMNS: &str = "id, kind, platform, channel, daily, options, seed, seeded, setup, closes_at, closed_at, \
                                 tournament_id, tournament_round";

fn challenge_row(r: &impl StoredRow) -> Result<ChallengeRow, StorageError> {
    let json = |text: String| {
        serde_json::from_str::<Value>(&text).map_err(|e| StorageError::Damaged(format!("bad JSON in challenges: {e}")))
    };
    let kind: String = r.get("kind")?;
    Ok(ChallengeRow {
        id: r.get("id")?,
        kind: kind.parse().map_err(|e: rules::SetupError| StorageError::Damaged(format!("challenge: {e}")))?,
        platform: r.get("platform")?,
        channel: r.get("channel")?,
        daily: r.get("daily")?,
        options: json(r.get("options")?)?,
        seed: r.get::<i64>("seed")?.cast_unsigned(),
        seeded: r.get("seeded")?,
        setup: json(r.get("setup")?)?,
        closes_at: r.get("closes_at")?,
        closed_at: r.get("closed_at")?,
        series: r.get::<Option<TournamentId>>("tournament_id")?.zip(r.get::<Option<i64>>("tournament_round")?.and_then(|n| u32::try_from(n).ok())),
    })
}

impl Db {
    /// Challenge `id`, if there is one.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails or the row is damaged.
    pub async fn challenge(&self, id: ChallengeId) -> Result<Option<ChallengeRow>, StorageError> {
        let sql = format!("SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = $1");
        on!(self.exec(), |c| { let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(c).await?;
        row.as_ref().map(challenge_row).transpose()
        })
    }

    /// The challenges of a channel, newest first (`open_only`: not closed yet).
    ///
    /// # Errors
    /// [`StorageError`] when the read fails or a row is damaged.
    pub async fn challenges_in(&self, platform: &str, channel: &str, open_only: bool) -> Result<Vec<ChallengeRow>, StorageError> {
        let filter = if open_only { "AND closed_at IS NULL" } else { "" };
        let sql = format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE platform = $1 AND channel = $2 {filter} ORDER BY id DESC"
        );
        on!(self.exec(), |c| { let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(platform).bind(channel).fetch_all(c).await?;
        rows.iter().map(challenge_row).collect()
        })
    }

    /// The open challenges of `platforms` whose time is up at `now` (Unix ms), oldest first.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails or a row is damaged.
    pub async fn due_challenges(&self, platforms: Platforms<'_>, now: i64) -> Result<Vec<ChallengeRow>, StorageError> {
        let sql = format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE closed_at IS NULL AND closes_at <= $1 AND {} ORDER BY id",
            Platforms::sql(self.dialect(), "platform", "channel", 2)
        );
        on!(self.exec(), |c| {
            let query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now).bind(platforms.list()).bind(platforms.channel());
            query.fetch_all(c).await?.iter().map(challenge_row).collect()
        })
    }

    /// Stores a challenge; its id, or `None` when the channel's daily challenge of that
    /// date exists already (then [`Db::daily_challenge_id`] finds it).
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn create_challenge(&self, new: &NewChallenge<'_>) -> Result<Option<ChallengeId>, StorageError> {
        Ok(on!(self.exec(), |c| sqlx::query_scalar(
            "INSERT INTO challenges (kind, platform, channel, creator, daily, options, seed, setup, created_at, closes_at, seeded)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING RETURNING id",
        )
        .bind(new.kind.id())
        .bind(new.platform)
        .bind(new.channel)
        .bind(new.creator)
        .bind(new.daily)
        .bind(new.options.to_string())
        .bind(new.seed.cast_signed())
        .bind(new.setup.to_string())
        .bind(new.created_at)
        .bind(new.closes_at)
        .bind(new.seeded)
        .fetch_optional(c)
        .await)?)
    }

    /// The id of the daily challenge of `date` in a channel, if it was opened.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn daily_challenge_id(&self, platform: &str, channel: &str, date: &str) -> Result<Option<ChallengeId>, StorageError> {
        Ok(on!(self.exec(), |c| sqlx::query_scalar("SELECT id FROM challenges WHERE platform = $1 AND channel = $2 AND daily = $3")
            .bind(platform)
            .bind(channel)
            .bind(date)
            .fetch_optional(c)
            .await)?)
    }

    /// Marks challenge `id` closed at `now`; `false` when it was closed already (by
    /// another caller: each challenge closes once).
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn close_challenge(&self, id: ChallengeId, now: i64) -> Result<bool, StorageError> {
        // In the store's order of writers, as entering is ([`Db::enter_challenge`]): an
        // entry checked the challenge open and is stored before it closes, or sees it closed.
        let mut tx = self.begin(super::backend::Lock::Store).await?;
        let done = on!(tx.exec(), |c| sqlx::query("UPDATE challenges SET closed_at = $1 WHERE id = $2 AND closed_at IS NULL")
            .bind(now)
            .bind(id)
            .execute(c)
            .await.map(|done| done.rows_affected()))?;
        tx.commit().await?;
        Ok(done == 1)
    }

    /// Whether game `game` exists (`None`: no such game) and, if it does, the challenge
    /// it was entered in with its player's user id (`Some(None)`: no challenge game). The
    /// link is stored with the game in one transaction ([`Db::enter_challenge`]) and
    /// never changes, so a caller may keep it.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn challenge_link_of_game(&self, game: GameId) -> Result<Option<Option<(ChallengeId, String)>>, StorageError> {
        let row: Option<(Option<ChallengeId>, Option<String>)> = on!(self.exec(), |c| sqlx::query_as(
            "SELECT cg.challenge_id, cg.user_id FROM games g LEFT JOIN challenge_games cg ON cg.game_id = g.id WHERE g.id = $1"
        )
        .bind(game)
        .fetch_optional(c)
        .await)?;
        Ok(row.map(|(challenge, user)| challenge.zip(user)))
    }

    /// The game of `user_id` in challenge `id`, if they joined.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn game_in_challenge(&self, id: ChallengeId, user_id: &str) -> Result<Option<GameId>, StorageError> {
        Ok(on!(self.exec(), |c| sqlx::query_scalar("SELECT game_id FROM challenge_games WHERE challenge_id = $1 AND user_id = $2")
            .bind(id)
            .bind(user_id)
            .fetch_optional(c)
            .await)?)
    }

    /// The games of challenge `id` with their players' user ids, in the order joined.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn challenge_games(&self, id: ChallengeId) -> Result<Vec<(GameId, String)>, StorageError> {
        Ok(on!(self.exec(), |c| sqlx::query_as("SELECT game_id, user_id FROM challenge_games WHERE challenge_id = $1 ORDER BY game_id")
            .bind(id)
            .fetch_all(c)
            .await)?)
    }

    /// The server of challenge `id`'s games (they are all opened from its channel, so
    /// they share it), if they have one.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn challenge_server(&self, id: ChallengeId) -> Result<Option<String>, StorageError> {
        Ok(on!(self.exec(), |c| sqlx::query_scalar(
            "SELECT g.server FROM challenge_games cg JOIN games g ON g.id = cg.game_id
             WHERE cg.challenge_id = $1 AND g.server IS NOT NULL ORDER BY g.id LIMIT 1",
        )
        .bind(id)
        .fetch_optional(c)
        .await)?)
    }
}

impl Db {
    /// Gives the creator of `new` their own game in challenge `challenge`, running with
    /// `start`, in one transaction: refused when the challenge is closed or they already
    /// have a game in it, or, for a daily challenge, in the same day's daily challenge
    /// of another channel of the platform (concurrent requests of one user get one game;
    /// the others learn its id).
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn enter_challenge(&self, challenge: ChallengeId, new: &NewGame<'_>, start: Start<'_>) -> Result<Entered, StorageError> {
        let mut tx = self.begin(Lock::Store).await?;
        let open: Option<(bool, Option<TournamentId>)> =
            on!(tx.exec(), |c| sqlx::query_as("SELECT closed_at IS NULL, tournament_id FROM challenges WHERE id = $1")
                .bind(challenge)
                .fetch_optional(c)
                .await)?;
        let Some((true, series)) = open else { return Ok(Entered::Closed) };
        // A series round's games are started by its tournament, for its entrants only.
        if let Some(series) = series {
            return Ok(Entered::Series(series));
        }
        let had: Option<GameId> =
            on!(tx.exec(), |c| sqlx::query_scalar("SELECT game_id FROM challenge_games WHERE challenge_id = $1 AND user_id = $2")
                .bind(challenge)
                .bind(new.creator_id)
                .fetch_optional(c)
                .await)?;
        if let Some(had) = had {
            return Ok(Entered::Already(had));
        }
        // One board a day: the daily challenges of a date share their stones (an AI
        // seat learns nothing from one board for the next).
        let daily: Option<GameId> = if crate::base::ai_seat::is_ai(new.creator_id) { None } else { on!(tx.exec(), |c| sqlx::query_scalar(
            "SELECT cg.game_id FROM challenges today
             JOIN challenges c ON c.daily = today.daily AND c.platform = today.platform AND c.id <> today.id
             JOIN challenge_games cg ON cg.challenge_id = c.id AND cg.user_id = $2
             WHERE today.id = $1 AND today.daily IS NOT NULL
             LIMIT 1"
        )
        .bind(challenge)
        .bind(new.creator_id)
        .fetch_optional(c)
        .await)? };
        if let Some(daily) = daily {
            return Ok(Entered::DailyElsewhere(daily));
        }
        let id = insert_game(&mut tx, new, Some(start), &[]).await?;
        on!(tx.exec(), |c| sqlx::query("INSERT INTO challenge_games (challenge_id, game_id, user_id) VALUES ($1, $2, $3)")
            .bind(challenge)
            .bind(id)
            .bind(new.creator_id)
            .execute(c)
            .await.map(|done| done.rows_affected()))?;
        tx.commit().await?;
        Ok(Entered::Started(id))
    }
}
