//! A Hathor series' rounds (issue 39: "Hathor tournaments are a series of same-deal
//! challenges (one per round, total points, ties by best single round)"): each round is
//! a row of `challenges` linked to its tournament (`challenges.tournament_id`,
//! `tournament_round`; migration `20261208010000_tournament_series.sql`), with one game
//! per entrant, each linked twice: in `challenge_games` (so the challenge rules hide it
//! from everyone but its player while the round runs) and in `tournament_pairings`
//! (`white` the entrant, no `black`, `board` the entrant's starting rank).
//!
//! Exactly once across processes, as the other tournaments' steps
//! ([`super::tournaments`]): a round is stored by one transaction whose first statement
//! moves the tournament on from the round the caller saw, and whose `challenges` row is
//! unique per (tournament, round); the points of a round are written once (`WHERE
//! result IS NULL`), in the transaction that starts the next round or ends the series.

use super::backend::{on, Lock, Tx};
use super::tournament_steps::move_on;
use super::challenges::NewChallenge;
use super::{insert_game, Db, NewGame, Start, StorageError};
use crate::base::ids::{ChallengeId, TournamentId};

/// One entrant's game of a series round to store ([`Db::store_series_round`]).
#[derive(Debug, Clone)]
pub struct SeriesGame<'a> {
    /// The entrant's starting rank (the pairing's board).
    pub rank: u32,
    /// The entrant's user id (the game's only seat).
    pub user_id: &'a str,
    pub game: NewGame<'a>,
    pub start: Start<'a>,
}

/// Points of a round being counted: (round, board = the entrant's rank, points).
pub type CountedPoints = (u32, u32, i64);

impl Db {
    /// Moves series `id` from round `seen` to `seen + 1` (starting it with `rounds` when
    /// `seen` is 0), writes the `counted` points of round `seen`, closes that round's
    /// challenge and stores round `seen + 1`: its challenge (`challenge`, linked to the
    /// series) and every entrant's game in it (`games`, started at `at`). One
    /// transaction: `false` (nothing stored) when the series is no longer at round
    /// `seen`, no longer open, or a game of round `seen` still runs.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn store_series_round(
        &self,
        id: TournamentId,
        seen: u32,
        rounds: u32,
        counted: &[CountedPoints],
        challenge: &NewChallenge<'_>,
        games: &[SeriesGame<'_>],
        at: i64,
    ) -> Result<bool, StorageError> {
        let mut tx = self.begin(Lock::Store).await?;
        if !move_on(&mut tx, id, seen, Some(rounds), at).await? {
            return Ok(false);
        }
        write_points(&mut tx, id, counted).await?;
        close_series_challenges(&mut tx, id, at).await?;
        let round = seen + 1;
        let challenge_id: ChallengeId = on!(tx.exec(), |c| sqlx::query_scalar(
            "INSERT INTO challenges (kind, platform, channel, creator, daily, options, seed, setup, created_at, closes_at, seeded,
                                     tournament_id, tournament_round)
             VALUES ($1, $2, $3, $4, NULL, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id",
        )
        .bind(challenge.kind.id())
        .bind(challenge.platform)
        .bind(challenge.channel)
        .bind(challenge.creator)
        .bind(challenge.options.to_string())
        .bind(challenge.seed.cast_signed())
        .bind(challenge.setup.to_string())
        .bind(challenge.created_at)
        .bind(challenge.closes_at)
        .bind(challenge.seeded)
        .bind(id)
        .bind(i64::from(round))
        .fetch_one(c)
        .await)?;
        for g in games {
            let game_id = insert_game(&mut tx, &g.game, Some(g.start), &[]).await?;
            on!(tx.exec(), |c| sqlx::query("INSERT INTO challenge_games (challenge_id, game_id, user_id) VALUES ($1, $2, $3)")
                .bind(challenge_id)
                .bind(game_id)
                .bind(g.user_id)
                .execute(c)
                .await
                .map(drop))?;
            on!(tx.exec(), |c| sqlx::query(
                "INSERT INTO tournament_pairings (tournament_id, round, board, leg, white, black, game_id, result)
                 VALUES ($1, $2, $3, 0, $4, NULL, $5, NULL)"
            )
            .bind(id)
            .bind(i64::from(round))
            .bind(i64::from(g.rank))
            .bind(g.user_id)
            .bind(game_id)
            .execute(c)
            .await
            .map(drop))?;
        }
        tx.commit().await?;
        Ok(true)
    }

}

/// Writes each of the `counted` points not written yet (`result` becomes `points`).
pub(super) async fn write_points(tx: &mut Tx, id: TournamentId, counted: &[CountedPoints]) -> Result<(), StorageError> {
    for (round, board, points) in counted {
        on!(tx.exec(), |c| sqlx::query(
            "UPDATE tournament_pairings SET result = 'points', points = $1
             WHERE tournament_id = $2 AND round = $3 AND board = $4 AND leg = 0 AND result IS NULL"
        )
        .bind(*points)
        .bind(id)
        .bind(i64::from(*round))
        .bind(i64::from(*board))
        .execute(c)
        .await
        .map(drop))?;
    }
    Ok(())
}

/// Closes the open challenges of series `id` at `at` (the round's, once it is counted,
/// or every one when the tournament is cancelled): their games' pages and boards are
/// then everyone's.
pub(super) async fn close_series_challenges(tx: &mut Tx, id: TournamentId, at: i64) -> Result<(), StorageError> {
    on!(tx.exec(), |c| sqlx::query("UPDATE challenges SET closed_at = $1 WHERE tournament_id = $2 AND closed_at IS NULL")
        .bind(at)
        .bind(id)
        .execute(c)
        .await
        .map(drop))?;
    Ok(())
}
