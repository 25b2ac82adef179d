//! The web pages' links: one unguessable token per game for spectators and one per
//! player (`web_links`), one per tournament (`tournament_links`, migration
//! `20261207000000_tournament_pages.sql`).

use rules::Seat;

use super::{Db, StorageError};
use super::backend::on;
use crate::base::ids::{GameId, TournamentId};

/// The seat column's value for the spectators' link.
const SPECTATOR: i64 = -1;

/// Who a link is for: spectators (`seat: None`) or one player of game `game`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WebLink {
    pub game: GameId,
    pub seat: Option<Seat>,
}

fn seat_column(seat: Option<Seat>) -> i64 {
    seat.and_then(|s| i64::try_from(s).ok()).unwrap_or(SPECTATOR)
}

impl Db {
    /// The token of `link`, made from `fresh` (a new random token) the first time it
    /// is asked for; later calls (and racing ones) return the stored one.
    ///
    /// # Errors
    /// [`StorageError`] when the read or write fails (a game that does not exist is a
    /// foreign-key failure).
    pub async fn web_token(&self, link: WebLink, fresh: &str) -> Result<String, StorageError> {
        let seat = seat_column(link.seat);
        on!(self.exec(), |c| sqlx::query("INSERT INTO web_links (token, game_id, seat) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
            .bind(fresh)
            .bind(link.game)
            .bind(seat)
            .execute(c)
            .await.map(|done| done.rows_affected()))?;
        let token: String = on!(self.exec(), |c| sqlx::query_scalar("SELECT token FROM web_links WHERE game_id = $1 AND seat = $2")
            .bind(link.game)
            .bind(seat)
            .fetch_one(c)
            .await)?;
        Ok(token)
    }

    /// The link a token stands for; `None` for an unknown token.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn web_link(&self, token: &str) -> Result<Option<WebLink>, StorageError> {
        let row: Option<(GameId, i64)> = on!(self.exec(), |c| sqlx::query_as("SELECT game_id, seat FROM web_links WHERE token = $1")
            .bind(token)
            .fetch_optional(c)
            .await)?;
        Ok(row.map(|(game, seat)| WebLink { game, seat: usize::try_from(seat).ok() }))
    }

    /// The token of tournament `id`'s page, made from `fresh` (a new random token) the
    /// first time it is asked for; later calls (and racing ones) return the stored one.
    ///
    /// # Errors
    /// [`StorageError`] when the read or write fails (a tournament that does not exist
    /// is a foreign-key failure).
    pub async fn tournament_token(&self, id: TournamentId, fresh: &str) -> Result<String, StorageError> {
        on!(self.exec(), |c| sqlx::query("INSERT INTO tournament_links (token, tournament_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
            .bind(fresh)
            .bind(id)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
        Ok(on!(self.exec(), |c| sqlx::query_scalar("SELECT token FROM tournament_links WHERE tournament_id = $1")
            .bind(id)
            .fetch_one(c)
            .await)?)
    }

    /// The tournament whose page `token` is; `None` for an unknown token.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn tournament_of_token(&self, token: &str) -> Result<Option<TournamentId>, StorageError> {
        Ok(on!(self.exec(), |c| sqlx::query_scalar("SELECT tournament_id FROM tournament_links WHERE token = $1")
            .bind(token)
            .fetch_optional(c)
            .await)?)
    }

    /// The spectators' tokens of tournament `id`'s games that have one (a game's link is
    /// made when it is first given out), in one read.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn tournament_game_tokens(&self, id: TournamentId) -> Result<Vec<(GameId, String)>, StorageError> {
        Ok(on!(self.exec(), |c| sqlx::query_as(
            "SELECT w.game_id, w.token FROM tournament_pairings p JOIN web_links w ON w.game_id = p.game_id AND w.seat = $1
             WHERE p.tournament_id = $2"
        )
        .bind(SPECTATOR)
        .bind(id)
        .fetch_all(c)
        .await)?)
    }

    /// What changes on tournament `id`'s page, in one read: its stage word, round,
    /// entrants, entrants who left, games of it that have ended, and moves made in its
    /// games (the sum of their move numbers: PostgreSQL sums BIGINT to NUMERIC, hence
    /// the cast); `None` for no such tournament. A page that polls reloads when any of
    /// these changes.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn tournament_version(&self, id: TournamentId) -> Result<Option<TournamentVersion>, StorageError> {
        let row: Option<(String, i64, i64, i64, i64, i64)> = on!(self.exec(), |c| sqlx::query_as(
            "SELECT t.status, t.round,
                    (SELECT COUNT(*) FROM tournament_entrants e WHERE e.tournament_id = t.id),
                    (SELECT COUNT(*) FROM tournament_entrants e WHERE e.tournament_id = t.id AND e.left_at IS NOT NULL),
                    (SELECT COUNT(*) FROM tournament_pairings p JOIN games g ON g.id = p.game_id
                     WHERE p.tournament_id = t.id AND g.status <> 'running'),
                    (SELECT CAST(COALESCE(SUM(g.seq), 0) AS BIGINT) FROM tournament_pairings p JOIN games g ON g.id = p.game_id
                     WHERE p.tournament_id = t.id)
             FROM tournaments t WHERE t.id = $1"
        )
        .bind(id)
        .fetch_optional(c)
        .await)?;
        Ok(row.map(|(stage, round, entrants, left, ended, moves)| TournamentVersion { stage, round, entrants, left, ended, moves }))
    }
}

/// What changes on a tournament's page ([`Db::tournament_version`]); serialized for
/// the page's polling as `{stage, round, entrants, left, ended, moves}`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TournamentVersion {
    /// `signup`, `running`, `finished` or `cancelled`.
    pub stage: String,
    pub round: i64,
    pub entrants: i64,
    pub left: i64,
    pub ended: i64,
    pub moves: i64,
}
