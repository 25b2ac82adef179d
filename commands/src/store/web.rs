//! The web page's links (`web_links`): one unguessable token per game for spectators
//! and one per player.

use rules::Seat;

use super::{Db, StorageError};
use super::backend::on;
use crate::base::ids::GameId;

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
}
