//! The stored turns of running games (the turn clocks, README "Playing in the terminal"): nothing is stored per
//! tick: a turn starts at its game's last log entry (or the start), and how much of the
//! time is used is computed from that timestamp and the player's vacations
//! (`vacations` table), so a restart changes nothing.

use super::backend::StoredRow;
use super::backend::on;

use crate::base::{
    ids::GameId,
    time::{used_ms, SeatClock},
};

use super::{backend::Dialect, platforms::Platforms};

use super::{Db, StorageError};

/// A running game's current turn, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    pub game: GameId,
    pub kind: String,
    pub platform: String,
    pub channel: String,
    /// Whose settings apply: the game's server, else its channel
    /// (`coalesce(server, channel)`, see [`super::GameRow::scope`]).
    pub scope: String,
    /// The move number the turn follows.
    pub seq: u64,
    /// The seats to move.
    pub to_move: Vec<usize>,
    /// When the turn began (the last log entry, else the start; a takeback after them),
    /// Unix ms.
    pub since: i64,
    /// The game's own time per move, if it has one.
    pub move_ms: Option<i64>,
    /// The bank each player of the game started with (`time=1d+3d`), if it has one.
    pub bank_ms: Option<i64>,
}

/// The running games' turns, as `SELECT ... FROM games g WHERE ...` (more conditions
/// may follow with `AND`).
fn turn_sql(dialect: Dialect) -> String {
    format!(
        "SELECT g.id, g.kind, g.platform, g.channel, COALESCE(g.server, g.channel) AS scope, g.seq, g.to_move, g.move_ms, g.bank_ms, \
         {greatest}(COALESCE((SELECT l.at FROM log l WHERE l.game_id = g.id AND l.seq = g.seq), g.started_at, g.created_at), \
             COALESCE(g.turn_reset_at, 0)) AS since \
         FROM games g WHERE g.status = 'running'",
        greatest = dialect.greatest()
    )
}

fn turn(r: &impl StoredRow) -> Result<Turn, StorageError> {
    let to_move: String = r.get("to_move")?;
    Ok(Turn {
        game: r.get("id")?,
        kind: r.get("kind")?,
        platform: r.get("platform")?,
        channel: r.get("channel")?,
        scope: r.get("scope")?,
        seq: r.get::<i64>("seq")?.cast_unsigned(),
        to_move: to_move.split(',').filter_map(|s| s.parse().ok()).collect(),
        since: r.get("since")?,
        move_ms: r.get("move_ms")?,
        bank_ms: r.get("bank_ms")?,
    })
}

/// The condition that game `g` has at least two players still in it: seated and not
/// removed by a `@resign P` or `@timeout P` in its log. A game for one (Hathor solo,
/// challenge and daily games) has nobody waiting for a move, so no turn notices.
const OTHERS_WAIT_SQL: &str = "(SELECT COUNT(*) FROM players p WHERE p.game_id = g.id AND NOT EXISTS \
     (SELECT 1 FROM log l WHERE l.game_id = g.id AND l.text IN ('@resign ' || p.seat, '@timeout ' || p.seat))) >= 2";

/// The turns of the running games on `platforms` with at least two players still in
/// them (a game for one gets no turn notices) for which a turn notice may be due at
/// `now` (Unix ms): half the time per move has passed since the turn began (the
/// earliest notice; vacations only make the time used shorter) and not every seat to
/// move has had its `expired` notice. `default_ms` is the bot's time per move, for
/// games and channels without their own. One query: the scheduler's poll reads only
/// the turns it may have to speak about, however many games are running.
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn turns_maybe_due(
    db: &Db,
    platforms: Platforms<'_>,
    now: i64,
    default_ms: i64,
) -> Result<Vec<Turn>, StorageError> {
    let sql = format!(
        "SELECT t.* FROM ({turns} AND {OTHERS_WAIT_SQL} AND {platforms}) t \
         LEFT JOIN channel_settings cs ON cs.platform = t.platform AND cs.channel = t.scope \
         WHERE ($1 - t.since) * 2 >= COALESCE(t.move_ms, cs.move_ms, $2) \
         AND (SELECT COUNT(*) FROM notices_sent n WHERE n.game_id = t.id AND n.seq = t.seq AND n.kind = 'expired') \
             < LENGTH(t.to_move) - LENGTH(REPLACE(t.to_move, ',', '')) + 1",
        turns = turn_sql(db.dialect()),
        platforms = Platforms::sql(db.dialect(), "g.platform", "g.channel", 3)
    );
    let (list, channel) = (platforms.list(), platforms.channel());
    on!(db.exec(), |c| {
        let query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now).bind(default_ms).bind(list).bind(channel);
        query.fetch_all(c).await?.iter().map(turn).collect()
    })
}

/// The turn of running game `id`, if it runs.
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn turn_of(db: &Db, id: GameId) -> Result<Option<Turn>, StorageError> {
    let sql = format!("{} AND g.id = $1", turn_sql(db.dialect()));
    on!(db.exec(), |c| sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(c).await?.as_ref().map(turn).transpose())
}

/// The vacations of `user_id` on `platform` as (starts, ends), Unix ms, oldest first.
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn vacations(db: &Db, platform: &str, user_id: &str) -> Result<Vec<(i64, i64)>, StorageError> {
    let rows: Vec<(i64, i64)> =
        on!(db.exec(), |c| sqlx::query_as("SELECT starts, ends FROM vacations WHERE platform = $1 AND user_id = $2 ORDER BY starts")
            .bind(platform)
            .bind(user_id)
            .fetch_all(c)
            .await)?;
    Ok(rows)
}

/// The clock of the player `user_id` in `turn` at `now`; `default_ms` when the game has
/// no time of its own.
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn seat_clock(db: &Db, turn: &Turn, user_id: &str, default_ms: i64, now: i64) -> Result<SeatClock, StorageError> {
    let away = vacations(db, &turn.platform, user_id).await?;
    let bank_ms = match turn.bank_ms {
        Some(bank) => bank_left(db, turn.game, user_id).await?.unwrap_or(bank),
        None => 0,
    };
    Ok(SeatClock { move_ms: turn.move_ms.unwrap_or(default_ms), bank_ms, used_ms: used_ms(turn.since, now, &away) })
}

/// What `user_id`'s last move in game `id` left of their bank (ms; docs "Clocks with a
/// bank"), `None` before their first move in a game with a bank (then the whole bank is
/// left) and in games without one.
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn bank_left(db: &Db, id: GameId, user_id: &str) -> Result<Option<i64>, StorageError> {
    let left: Option<Option<i64>> = on!(db.exec(), |c| sqlx::query_scalar(
        "SELECT bank_left_ms FROM log WHERE game_id = $1 AND user_id = $2 AND bank_left_ms IS NOT NULL ORDER BY seq DESC LIMIT 1"
    )
    .bind(id)
    .bind(user_id)
    .fetch_optional(c)
    .await)?;
    Ok(left.flatten())
}

/// What each log entry of game `id` left of its mover's bank (ms), in order: `None` for
/// an entry with none recorded (an event, a game without a bank).
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn banks_by_entry(db: &Db, id: GameId) -> Result<Vec<Option<i64>>, StorageError> {
    Ok(on!(db.exec(), |c| sqlx::query_scalar("SELECT bank_left_ms FROM log WHERE game_id = $1 ORDER BY seq")
        .bind(id)
        .fetch_all(c)
        .await)?)
}

/// The running games on `platforms` in which an AI seat
/// ([`crate::base::ai_seat`]) is to move, oldest first. One query, however many
/// games are running.
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn ai_to_move(db: &Db, platforms: Platforms<'_>) -> Result<Vec<GameId>, StorageError> {
    let sql = format!(
        "SELECT DISTINCT g.id FROM games g JOIN players p ON p.game_id = g.id \
         WHERE g.status = 'running' AND substr(p.user_id, 1, {len}) = '{prefix}' \
         AND (',' || g.to_move || ',') LIKE ('%,' || p.seat || ',%') AND {} ORDER BY g.id",
        Platforms::sql(db.dialect(), "g.platform", "g.channel", 1),
        len = crate::base::ai_seat::PREFIX.len(),
        prefix = crate::base::ai_seat::PREFIX,
    );
    let (list, channel) = (platforms.list(), platforms.channel());
    Ok(on!(db.exec(), |c| sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(list).bind(channel).fetch_all(c).await)?)
}

/// Gives back this process's claim of the AI turn of game `id` at move `seq` after
/// `takebacks` take-backs (it stops before playing it): another scheduler may take it at
/// once.
///
/// # Errors
/// [`StorageError`] when the write fails.
pub async fn release_ai_turn(db: &Db, id: GameId, seq: u64, takebacks: i64) -> Result<(), StorageError> {
    on!(db.exec(), |c| sqlx::query("DELETE FROM ai_claims WHERE game_id = $1 AND seq = $2 AND takebacks = $3")
        .bind(id)
        .bind(seq.cast_signed())
        .bind(takebacks)
        .execute(c)
        .await
        .map(drop))?;
    Ok(())
}

/// Renews this process's claim of the AI turn of game `id` at move `seq` after
/// `takebacks` take-backs at `now` (Unix ms): a `master` search, queued or thinking for
/// longer than the claims' lease, keeps other schedulers off its turn
/// (`crate::table::master`). Only a claim that exists is renewed; its owner is not
/// stored, so the caller renews only what it claimed.
///
/// # Errors
/// [`StorageError`] when the write fails.
pub async fn renew_ai_turn(db: &Db, id: GameId, seq: u64, takebacks: i64, now: i64) -> Result<(), StorageError> {
    on!(db.exec(), |c| sqlx::query("UPDATE ai_claims SET claimed_at = $4 WHERE game_id = $1 AND seq = $2 AND takebacks = $3")
        .bind(id)
        .bind(seq.cast_signed())
        .bind(takebacks)
        .bind(now)
        .execute(c)
        .await
        .map(drop))?;
    Ok(())
}

/// Claims the AI turn of game `id` at move `seq` after `takebacks` take-backs for this
/// scheduler at `now` (Unix ms): `true` when it is this caller's to play (nobody claimed
/// it, or the last claim is `lease_ms` or more old: its process died while thinking),
/// `false` when another scheduler is thinking about it. One statement, so of any number
/// of processes asking at once one gets it. (Storing the move stays guarded by the move
/// number: a claim only saves the others the search.)
///
/// # Errors
/// [`StorageError`] when the write fails.
pub async fn claim_ai_turn(db: &Db, id: GameId, seq: u64, takebacks: i64, now: i64, lease_ms: i64) -> Result<bool, StorageError> {
    let claimed = on!(db.exec(), |c| sqlx::query(
        "INSERT INTO ai_claims (game_id, seq, takebacks, claimed_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (game_id, seq, takebacks) DO UPDATE SET claimed_at = excluded.claimed_at
         WHERE ai_claims.claimed_at <= $5",
    )
    .bind(id)
    .bind(seq.cast_signed())
    .bind(takebacks)
    .bind(now)
    .bind(now.saturating_sub(lease_ms))
    .execute(c)
    .await
    .map(|done| done.rows_affected()))?;
    if claimed == 1 {
        // The game's claims on earlier positions are done with.
        on!(db.exec(), |c| sqlx::query("DELETE FROM ai_claims WHERE game_id = $1 AND NOT (seq = $2 AND takebacks = $3)")
            .bind(id)
            .bind(seq.cast_signed())
            .bind(takebacks)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
    }
    Ok(claimed == 1)
}
