//! Tournaments (issue 39): the tables `tournaments`, `tournament_entrants` and
//! `tournament_pairings` (migration `20261206010000_tournaments.sql`). A round's games
//! are ordinary rows of `games`, stored with the round's pairings in one transaction.
//!
//! Exactly once across processes: every step of a tournament (its start, a round's
//! pairing with its games, the results of the round before, the end) is one
//! transaction in the store's order of writers ([`Lock::Store`]) whose first statement
//! moves the tournament on from the round the caller saw (`WHERE round = $seen`): of
//! any number of schedulers doing the same step at once, one stores it and the others
//! get `false` and announce nothing.

use serde_json::Value;

use super::backend::{on, Lock, StoredRow};
use super::series::{close_series_challenges, write_points, CountedPoints};
use super::tournament_steps::{finish_when_round_over, move_on};
use super::{insert_game, platforms::Platforms, Db, NewGame, PlayerRow, Start, StorageError};
use crate::base::ids::{GameId, TournamentId};

/// How a tournament pairs its rounds (the stored word: `swiss`, `roundrobin`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum System {
    /// FIDE Dutch Swiss ([`pairing::pair_dutch`]).
    Swiss,
    /// Berger tables ([`pairing::berger_tables`]).
    RoundRobin,
    /// A Hathor series: every round each entrant plays the round's deal alone (a
    /// same-deal challenge per round), the total points decide.
    Series,
}

impl System {
    /// The stored word.
    pub fn word(self) -> &'static str {
        match self {
            System::Swiss => "swiss",
            System::RoundRobin => "roundrobin",
            System::Series => "series",
        }
    }

    fn from_word(word: &str) -> Result<System, StorageError> {
        match word {
            "swiss" => Ok(System::Swiss),
            "roundrobin" => Ok(System::RoundRobin),
            "series" => Ok(System::Series),
            other => Err(StorageError::Damaged(format!("tournament pairing system {other:?}"))),
        }
    }
}

/// Where a tournament stands (the stored word).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Open for sign-up.
    Signup,
    Running,
    Finished,
    Cancelled,
}

impl Stage {
    /// The stored word: `signup`, `running`, `finished`, `cancelled`.
    pub fn word(self) -> &'static str {
        match self {
            Stage::Signup => "signup",
            Stage::Running => "running",
            Stage::Finished => "finished",
            Stage::Cancelled => "cancelled",
        }
    }

    fn from_word(word: &str) -> Result<Stage, StorageError> {
        [Stage::Signup, Stage::Running, Stage::Finished, Stage::Cancelled]
            .into_iter()
            .find(|s| s.word() == word)
            .ok_or_else(|| StorageError::Damaged(format!("tournament status {word:?}")))
    }
}

/// A stored tournament (a row of `tournaments`).
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentRow {
    pub id: TournamentId,
    /// `rules::GameKind::id()`.
    pub kind: String,
    pub platform: String,
    pub channel: String,
    pub server: Option<String>,
    /// The organiser's user id.
    pub organiser: String,
    pub system: System,
    /// The rounds to play; `None` until the start when `rounds=` was not given.
    pub rounds: Option<u32>,
    /// Every pairing is played twice, the first move swapped (`double`).
    pub twice: bool,
    /// The most entrants (`players=N`), if limited.
    pub max_players: Option<u32>,
    /// The time per move of every game, ms.
    pub move_ms: i64,
    /// The games' options (a JSON object without `players`).
    pub options: Value,
    pub stage: Stage,
    /// The round being played (0 before the first).
    pub round: u32,
    /// When sign-up ends (Unix ms): then it starts by itself with three or more (a
    /// Hathor series with two or more).
    pub signup_ends: i64,
    /// A Hathor series' seed: round r deals from `rules::rng::series_round_seed(seed,
    /// r)`. `None` for a Swiss or round robin.
    pub seed: Option<u64>,
}

impl TournamentRow {
    /// Where its settings count: the server, else the channel.
    pub fn scope(&self) -> &str {
        self.server.as_deref().unwrap_or(&self.channel)
    }
}

/// An entrant (a row of `tournament_entrants`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    /// The starting rank, from 1 (the order of sign-up).
    pub rank: u32,
    pub user_id: String,
    pub name: String,
    pub lang: Option<String>,
    /// When they left after the start (Unix ms); `None`: still in.
    pub left_at: Option<i64>,
}

/// A pairing of a round (a row of `tournament_pairings`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingRow {
    pub round: u32,
    pub board: u32,
    /// 0, or 1 for the return game of a `double` tournament.
    pub leg: u32,
    /// The user id of the player who moves first (seat 0).
    pub white: String,
    /// The other player's; `None` for the bye.
    pub black: Option<String>,
    pub game: Option<GameId>,
    /// The stored result once the round is counted ([`crate::tournaments`] docs
    /// of the migration: `1-0`, `0-1`, `1/2`, `0-0`, `bye`, `+-`, `-+`; `points` for a
    /// series game, whose points are in [`PairingRow::points`]).
    pub result: Option<String>,
    /// The points of a series game once its round is counted (Hathor points, may be
    /// negative); `None` otherwise.
    pub points: Option<i64>,
}

/// A tournament to store ([`Db::create_tournament`]).
#[derive(Debug, Clone)]
pub struct NewTournament<'a> {
    pub kind: &'a str,
    pub platform: &'a str,
    pub channel: &'a str,
    pub server: Option<&'a str>,
    pub organiser: &'a str,
    pub system: System,
    pub rounds: Option<u32>,
    pub twice: bool,
    pub max_players: Option<u32>,
    pub move_ms: i64,
    pub options: &'a Value,
    pub created_at: i64,
    pub signup_ends: i64,
    /// A Hathor series' seed ([`TournamentRow::seed`]).
    pub seed: Option<u64>,
}

/// Someone signing up: (user id, name, language).
pub type Signup<'a> = (&'a str, &'a str, Option<&'a str>);

/// What [`Db::join_tournament`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignedUp {
    /// Entered with this starting rank.
    Entered(u32),
    /// Already an entrant.
    Already,
    /// As many entrants as `players=N` allows.
    Full,
    /// Sign-up is over (it started, was cancelled or finished).
    Closed,
}

/// One pairing of a round to store ([`Db::store_round`]): with `game` a game is started
/// for it (the players: `white` in seat 0, then `black`), without one it is a bye or a
/// forfeit and gets `result` at once.
#[derive(Debug, Clone)]
pub struct RoundGame<'a> {
    pub board: u32,
    pub leg: u32,
    pub white: &'a str,
    pub black: Option<&'a str>,
    pub game: Option<(NewGame<'a>, Start<'a>, PlayerRow)>,
    pub result: Option<&'a str>,
}

/// A counted result: (round, board, leg, result word).
pub type Counted = (u32, u32, u32, String);

const TOURNAMENT_COLUMNS: &str = "id, kind, platform, channel, server, organiser, pairing, rounds, twice, max_players, \
                                  move_ms, options, status, round, signup_ends, seed";

fn tournament_row(r: &impl StoredRow) -> Result<TournamentRow, StorageError> {
    let options: String = r.get("options")?;
    let count = |v: Option<i64>| v.and_then(|n| u32::try_from(n).ok());
    Ok(TournamentRow {
        id: r.get("id")?,
        kind: r.get("kind")?,
        platform: r.get("platform")?,
        channel: r.get("channel")?,
        server: r.get("server")?,
        organiser: r.get("organiser")?,
        system: System::from_word(&r.get::<String>("pairing")?)?,
        rounds: count(r.get("rounds")?),
        twice: r.get("twice")?,
        max_players: count(r.get("max_players")?),
        move_ms: r.get("move_ms")?,
        options: serde_json::from_str(&options).map_err(|e| StorageError::Damaged(format!("bad JSON in tournaments: {e}")))?,
        stage: Stage::from_word(&r.get::<String>("status")?)?,
        round: count(Some(r.get("round")?)).unwrap_or(0),
        signup_ends: r.get("signup_ends")?,
        seed: r.get::<Option<i64>>("seed")?.map(i64::cast_unsigned),
    })
}

fn entrant_row(r: &impl StoredRow) -> Result<Entrant, StorageError> {
    Ok(Entrant {
        rank: u32::try_from(r.get::<i64>("rank")?).map_err(|e| StorageError::Damaged(format!("entrant rank: {e}")))?,
        user_id: r.get("user_id")?,
        name: r.get("name")?,
        lang: r.get("lang")?,
        left_at: r.get("left_at")?,
    })
}

fn pairing_row(r: &impl StoredRow) -> Result<PairingRow, StorageError> {
    let number = |col: &str| -> Result<u32, StorageError> {
        u32::try_from(r.get::<i64>(col)?).map_err(|e| StorageError::Damaged(format!("pairing {col}: {e}")))
    };
    Ok(PairingRow {
        round: number("round")?,
        board: number("board")?,
        leg: number("leg")?,
        white: r.get("white")?,
        black: r.get("black")?,
        game: r.get("game_id")?,
        result: r.get("result")?,
        points: r.get("points")?,
    })
}

impl Db {
    /// Stores a tournament open for sign-up with `entrants` signed up (ranks 1, 2, …).
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn create_tournament(&self, new: &NewTournament<'_>, entrants: &[Signup<'_>]) -> Result<TournamentId, StorageError> {
        let mut tx = self.begin(Lock::Store).await?;
        let id: TournamentId = on!(tx.exec(), |c| sqlx::query_scalar(
            "INSERT INTO tournaments (kind, platform, channel, server, organiser, pairing, rounds, twice, max_players,
                                      move_ms, options, status, round, created_at, signup_ends, seed)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'signup', 0, $12, $13, $14) RETURNING id",
        )
        .bind(new.kind)
        .bind(new.platform)
        .bind(new.channel)
        .bind(new.server)
        .bind(new.organiser)
        .bind(new.system.word())
        .bind(new.rounds.map(i64::from))
        .bind(new.twice)
        .bind(new.max_players.map(i64::from))
        .bind(new.move_ms)
        .bind(new.options.to_string())
        .bind(new.created_at)
        .bind(new.signup_ends)
        .bind(new.seed.map(u64::cast_signed))
        .fetch_one(c)
        .await)?;
        for (i, (user_id, name, lang)) in entrants.iter().enumerate() {
            let rank = i64::try_from(i + 1).unwrap_or(i64::MAX);
            on!(tx.exec(), |c| sqlx::query(
                "INSERT INTO tournament_entrants (tournament_id, rank, user_id, name, lang, joined_at) VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(id)
            .bind(rank)
            .bind(*user_id)
            .bind(*name)
            .bind(*lang)
            .bind(new.created_at)
            .execute(c)
            .await
            .map(drop))?;
        }
        tx.commit().await?;
        Ok(id)
    }

    /// Tournament `id`, if stored.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn tournament(&self, id: TournamentId) -> Result<Option<TournamentRow>, StorageError> {
        let sql = format!("SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = $1");
        on!(self.exec(), |c| sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(c).await?.as_ref().map(tournament_row).transpose())
    }

    /// The tournaments of a channel, newest first; only those still in sign-up or
    /// running when `open_only`.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn tournaments_in(&self, platform: &str, channel: &str, open_only: bool) -> Result<Vec<TournamentRow>, StorageError> {
        let sql = format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE platform = $1 AND channel = $2 \
             AND ($3 = 0 OR status IN ('signup', 'running')) ORDER BY id DESC"
        );
        on!(self.exec(), |c| sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(platform)
            .bind(channel)
            .bind(i64::from(open_only))
            .fetch_all(c)
            .await?
            .iter()
            .map(tournament_row)
            .collect())
    }

    /// The tournaments on `platforms` that the scheduler has to look at: in sign-up
    /// with sign-up over at `now` (Unix ms), and running.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn tournaments_to_drive(&self, platforms: Platforms<'_>, now: i64) -> Result<Vec<TournamentRow>, StorageError> {
        let sql = format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE \
             (status = 'running' OR (status = 'signup' AND signup_ends <= $1)) AND {} ORDER BY id",
            Platforms::sql(self.dialect(), "platform", "channel", 2)
        );
        let (list, channel) = (platforms.list(), platforms.channel());
        on!(self.exec(), |c| sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(now)
            .bind(list)
            .bind(channel)
            .fetch_all(c)
            .await?
            .iter()
            .map(tournament_row)
            .collect())
    }

    /// The entrants of tournament `id` by starting rank.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn entrants(&self, id: TournamentId) -> Result<Vec<Entrant>, StorageError> {
        on!(self.exec(), |c| sqlx::query(
            "SELECT rank, user_id, name, lang, left_at FROM tournament_entrants WHERE tournament_id = $1 ORDER BY rank"
        )
        .bind(id)
        .fetch_all(c)
        .await?
        .iter()
        .map(entrant_row)
        .collect())
    }

    /// The rating each entrant of tournament `id` had when it started (the rating
    /// tie-break; `tournament_entrants.start_rating`), by user id: the rated ones only
    /// (unrated at the start, or not started yet: absent).
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn start_ratings(&self, id: TournamentId) -> Result<std::collections::HashMap<String, f64>, StorageError> {
        let rows: Vec<(String, f64)> = on!(self.exec(), |c| sqlx::query_as(
            "SELECT user_id, start_rating FROM tournament_entrants WHERE tournament_id = $1 AND start_rating IS NOT NULL"
        )
        .bind(id)
        .fetch_all(c)
        .await)?;
        Ok(rows.into_iter().collect())
    }

    /// The pairings of tournament `id`, by round and board.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn pairings(&self, id: TournamentId) -> Result<Vec<PairingRow>, StorageError> {
        on!(self.exec(), |c| sqlx::query(
            "SELECT round, board, leg, white, black, game_id, result, points FROM tournament_pairings
             WHERE tournament_id = $1 ORDER BY round, board, leg"
        )
        .bind(id)
        .fetch_all(c)
        .await?
        .iter()
        .map(pairing_row)
        .collect())
    }

    /// Signs `who` up for tournament `id` at `at` with the next starting rank, in the
    /// store's order of writers (so `players=N` holds against concurrent sign-ups).
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn join_tournament(&self, id: TournamentId, (user_id, name, lang): Signup<'_>, at: i64) -> Result<SignedUp, StorageError> {
        let mut tx = self.begin(Lock::Store).await?;
        let row: Option<(String, Option<i64>)> =
            on!(tx.exec(), |c| sqlx::query_as("SELECT status, max_players FROM tournaments WHERE id = $1").bind(id).fetch_optional(c).await)?;
        let Some((status, max)) = row else { return Ok(SignedUp::Closed) };
        if status != Stage::Signup.word() {
            return Ok(SignedUp::Closed);
        }
        let (count, top, mine): (i64, Option<i64>, i64) = on!(tx.exec(), |c| sqlx::query_as(
            "SELECT COUNT(*), MAX(rank), COALESCE(SUM(CASE WHEN user_id = $2 THEN 1 ELSE 0 END), 0) FROM tournament_entrants WHERE tournament_id = $1"
        )
        .bind(id)
        .bind(user_id)
        .fetch_one(c)
        .await)?;
        if mine > 0 {
            return Ok(SignedUp::Already);
        }
        if max.is_some_and(|max| count >= max) {
            return Ok(SignedUp::Full);
        }
        let rank = top.unwrap_or(0) + 1;
        on!(tx.exec(), |c| sqlx::query(
            "INSERT INTO tournament_entrants (tournament_id, rank, user_id, name, lang, joined_at) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(rank)
        .bind(user_id)
        .bind(name)
        .bind(lang)
        .bind(at)
        .execute(c)
        .await
        .map(drop))?;
        tx.commit().await?;
        Ok(SignedUp::Entered(u32::try_from(rank).unwrap_or(u32::MAX)))
    }

    /// Takes `user_id` off tournament `id` while it is in sign-up: `false` when they
    /// were not signed up or it has started. The ranks after theirs move up by one.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn unjoin_tournament(&self, id: TournamentId, user_id: &str) -> Result<bool, StorageError> {
        let mut tx = self.begin(Lock::Store).await?;
        let rank: Option<i64> = on!(tx.exec(), |c| sqlx::query_scalar(
            "DELETE FROM tournament_entrants WHERE tournament_id = $1 AND user_id = $2
             AND (SELECT status FROM tournaments WHERE id = $3) = 'signup' RETURNING rank"
        )
        .bind(id)
        .bind(user_id)
        .bind(id)
        .fetch_optional(c)
        .await)?;
        let Some(rank) = rank else { return Ok(false) };
        // One rank at a time upwards, so that the unique ranks never collide.
        let later: Vec<i64> = on!(tx.exec(), |c| sqlx::query_scalar(
            "SELECT rank FROM tournament_entrants WHERE tournament_id = $1 AND rank > $2 ORDER BY rank"
        )
        .bind(id)
        .bind(rank)
        .fetch_all(c)
        .await)?;
        for r in later {
            on!(tx.exec(), |c| sqlx::query("UPDATE tournament_entrants SET rank = rank - 1 WHERE tournament_id = $1 AND rank = $2")
                .bind(id)
                .bind(r)
                .execute(c)
                .await
                .map(drop))?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Marks `user_id` as gone from running tournament `id` at `at`: `false` when they
    /// are no entrant or left before.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn withdraw_entrant(&self, id: TournamentId, user_id: &str, at: i64) -> Result<bool, StorageError> {
        let done = on!(self.exec(), |c| sqlx::query(
            "UPDATE tournament_entrants SET left_at = $1 WHERE tournament_id = $2 AND user_id = $3 AND left_at IS NULL"
        )
        .bind(at)
        .bind(id)
        .bind(user_id)
        .execute(c)
        .await
        .map(|d| d.rows_affected()))?;
        Ok(done == 1)
    }

    /// Cancels tournament `id` (in sign-up or running) at `at` on behalf of `by` (a user
    /// id), and aborts its games still running (an `@abort` log entry each, without a
    /// seat): one transaction. The aborted games, by id; `None` (nothing stored) when it
    /// was over already.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn cancel_tournament(&self, id: TournamentId, by: &str, at: i64) -> Result<Option<Vec<GameId>>, StorageError> {
        let mut tx = self.begin(Lock::Store).await?;
        let done = on!(tx.exec(), |c| sqlx::query(
            "UPDATE tournaments SET status = 'cancelled', finished_at = $1 WHERE id = $2 AND status IN ('signup', 'running')"
        )
        .bind(at)
        .bind(id)
        .execute(c)
        .await
        .map(|d| d.rows_affected()))?;
        if done != 1 {
            return Ok(None);
        }
        let running: Vec<GameId> = on!(tx.exec(), |c| sqlx::query_scalar(
            "SELECT g.id FROM tournament_pairings tp JOIN games g ON g.id = tp.game_id
             WHERE tp.tournament_id = $1 AND g.status = 'running' ORDER BY g.id"
        )
        .bind(id)
        .fetch_all(c)
        .await)?;
        let mut aborted = Vec::with_capacity(running.len());
        for game in running {
            // Whatever the position: the row's own move number, under its row lock.
            let seq: Option<i64> = on!(tx.exec(), |c| sqlx::query_scalar(
                "UPDATE games SET seq = seq + 1, status = 'finished', to_move = '', updated_at = $1, finished_at = $2
                 WHERE id = $3 AND status = 'running' RETURNING seq"
            )
            .bind(at)
            .bind(at)
            .bind(game)
            .fetch_optional(c)
            .await)?;
            let Some(seq) = seq else { continue };
            on!(tx.exec(), |c| sqlx::query("INSERT INTO log (game_id, seq, seat, user_id, text, at) VALUES ($1, $2, NULL, $3, '@abort', $4)")
                .bind(game)
                .bind(seq)
                .bind(by)
                .bind(at)
                .execute(c)
                .await
                .map(drop))?;
            aborted.push(game);
        }
        close_series_challenges(&mut tx, id, at).await?;
        tx.commit().await?;
        Ok(Some(aborted))
    }

    /// The tournaments of a channel that `user_id` organises or entered (also after
    /// leaving), newest first.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn tournaments_of(&self, platform: &str, channel: &str, user_id: &str) -> Result<Vec<TournamentRow>, StorageError> {
        let sql = format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments t WHERE platform = $1 AND channel = $2 \
             AND (organiser = $3 OR EXISTS (SELECT 1 FROM tournament_entrants e WHERE e.tournament_id = t.id AND e.user_id = $4)) \
             ORDER BY id DESC"
        );
        on!(self.exec(), |c| sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(platform)
            .bind(channel)
            .bind(user_id)
            .bind(user_id)
            .fetch_all(c)
            .await?
            .iter()
            .map(tournament_row)
            .collect())
    }

    /// Whether `user_id` is an entrant (who has not left) of a tournament on `platform`
    /// in sign-up or running.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn in_open_tournament(&self, platform: &str, user_id: &str) -> Result<bool, StorageError> {
        let n: i64 = on!(self.exec(), |c| sqlx::query_scalar(
            "SELECT COUNT(*) FROM tournament_entrants e JOIN tournaments t ON t.id = e.tournament_id
             WHERE t.platform = $1 AND t.status IN ('signup', 'running') AND e.user_id = $2 AND e.left_at IS NULL"
        )
        .bind(platform)
        .bind(user_id)
        .fetch_one(c)
        .await)?;
        Ok(n > 0)
    }

    /// Moves tournament `id` from round `seen` to `seen + 1` and stores that round's
    /// pairings with their games (started at `at`), together with the `counted` results
    /// of the round before; for the first round (`seen == 0`) it also starts the
    /// tournament with `rounds` and keeps each entrant's rating of the game in its scope
    /// as it stands now (`start_rating`, the rating tie-break). One transaction: `false` (nothing stored) when the
    /// tournament is no longer at round `seen`, no longer open, or a game of round
    /// `seen` still runs.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn store_round(
        &self,
        id: TournamentId,
        seen: u32,
        rounds: u32,
        counted: &[Counted],
        games: &[RoundGame<'_>],
        at: i64,
    ) -> Result<bool, StorageError> {
        let mut tx = self.begin(Lock::Store).await?;
        if !move_on(&mut tx, id, seen, Some(rounds), at).await? {
            return Ok(false);
        }
        if seen == 0 {
            on!(tx.exec(), |c| sqlx::query(
                "UPDATE tournament_entrants SET start_rating = (
                     SELECT r.rating FROM ratings r, tournaments t
                     WHERE t.id = tournament_entrants.tournament_id AND r.platform = t.platform
                       AND r.scope = COALESCE(t.server, t.channel) AND r.kind = t.kind
                       AND r.user_id = tournament_entrants.user_id)
                 WHERE tournament_id = $1"
            )
            .bind(id)
            .execute(c)
            .await
            .map(drop))?;
        }
        write_results(&mut tx, id, counted).await?;
        let round = i64::from(seen + 1);
        for g in games {
            let game_id = match &g.game {
                Some((new, start, black)) => Some(insert_game(&mut tx, new, Some(*start), std::slice::from_ref(black)).await?),
                None => None,
            };
            on!(tx.exec(), |c| sqlx::query(
                "INSERT INTO tournament_pairings (tournament_id, round, board, leg, white, black, game_id, result)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
            )
            .bind(id)
            .bind(round)
            .bind(i64::from(g.board))
            .bind(i64::from(g.leg))
            .bind(g.white)
            .bind(g.black)
            .bind(game_id)
            .bind(g.result)
            .execute(c)
            .await
            .map(drop))?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Ends tournament `id` after its last round `seen` with the `counted` results of
    /// that round, at `at`; `false` (nothing stored) when it is no longer running at
    /// round `seen` or a game of that round still runs.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn finish_tournament(&self, id: TournamentId, seen: u32, counted: &[Counted], at: i64) -> Result<bool, StorageError> {
        let mut tx = self.begin(Lock::Store).await?;
        if !finish_when_round_over(&mut tx, id, seen, at).await? {
            return Ok(false);
        }
        write_results(&mut tx, id, counted).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Ends series `id` after its round `seen` with that round's `counted` points and
    /// closes its challenge, at `at`; `false` (nothing stored) when it is no longer
    /// running at round `seen` or a game of that round still runs.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn finish_series(&self, id: TournamentId, seen: u32, counted: &[CountedPoints], at: i64) -> Result<bool, StorageError> {
        let mut tx = self.begin(Lock::Store).await?;
        if !finish_when_round_over(&mut tx, id, seen, at).await? {
            return Ok(false);
        }
        write_points(&mut tx, id, counted).await?;
        close_series_challenges(&mut tx, id, at).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The tournament game `game` is played in, if any.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn tournament_of_game(&self, game: GameId) -> Result<Option<TournamentId>, StorageError> {
        Ok(on!(self.exec(), |c| sqlx::query_scalar("SELECT tournament_id FROM tournament_pairings WHERE game_id = $1")
            .bind(game)
            .fetch_optional(c)
            .await)?)
    }
}


/// Writes each result of `counted` that is not written yet.
async fn write_results(tx: &mut super::backend::Tx, id: TournamentId, counted: &[Counted]) -> Result<(), StorageError> {
    for (round, board, leg, result) in counted {
        on!(tx.exec(), |c| sqlx::query(
            "UPDATE tournament_pairings SET result = $1
             WHERE tournament_id = $2 AND round = $3 AND board = $4 AND leg = $5 AND result IS NULL"
        )
        .bind(result.as_str())
        .bind(id)
        .bind(i64::from(*round))
        .bind(i64::from(*board))
        .bind(i64::from(*leg))
        .execute(c)
        .await
        .map(drop))?;
    }
    Ok(())
}
