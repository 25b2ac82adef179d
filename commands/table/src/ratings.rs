//! Rating a finished game (spec README, "Ratings"): a Weng-Lin rating (the
//! `skillratings` crate; it handles two or more players, each player a one-person team
//! ranked by place, ties sharing a place) per player, game and scope (the game's server
//! when known, else its channel/room: [`GameRow::scope`](crate::store::GameRow::scope)),
//! updated once after each finished game that has a result, whichever command ended it.

use skillratings::{
    weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating},
    MultiTeamOutcome,
};

use crate::{
    store::{Db, StorageError},
    context::Loaded,
};

/// The new ratings of players ranked by `ranking` (tiers of seats, best first), from
/// their `old` ratings (by seat). Seats not in the ranking keep theirs.
pub fn rate(old: &[WengLinRating], ranking: &[Vec<usize>]) -> Vec<WengLinRating> {
    let mut teams = Vec::new();
    let mut place = 1;
    for tier in ranking {
        for &seat in tier {
            if let Some(r) = old.get(seat) {
                teams.push((seat, [*r], place));
            }
        }
        place += tier.len();
    }
    let input: Vec<(&[WengLinRating], MultiTeamOutcome)> =
        teams.iter().map(|(_, r, place)| (&r[..], MultiTeamOutcome::new(*place))).collect();
    let rated = weng_lin_multi_team(&input, &WengLinConfig::new());
    let mut new = old.to_vec();
    for ((seat, _, _), r) in teams.iter().zip(rated) {
        if let (Some(slot), Some(r)) = (new.get_mut(*seat), r.first()) {
            *slot = *r;
        }
    }
    new
}

/// Who is rated for a game of `players` (user id, name; by seat) ranked by `ranking`:
/// each person, and each AI level once (README, "Playing against the bot": a level is
/// one player on the leaderboard, `ai:normal`, named as its first seat is, e.g.
/// "Spieltisch (AI)"), at the best place one of its seats reached; its other seats are
/// left out. Returns the entrants and the ranking by their indices.
fn entrants(players: &[(String, String)], ranking: &[Vec<usize>]) -> (Vec<(String, String)>, Vec<Vec<usize>>) {
    let identity = |user_id: &str| match crate::base::ai_seat::level_of(user_id) {
        Some(level) => crate::base::ai_seat::user_id(level, 1),
        None => user_id.to_string(),
    };
    let mut entrants: Vec<(String, String)> = Vec::new();
    let mut tiers = Vec::new();
    for tier in ranking {
        let mut placed = Vec::new();
        for &seat in tier {
            let Some((user_id, name)) = players.get(seat) else { continue };
            let id = identity(user_id);
            if entrants.iter().any(|(e, _)| *e == id) {
                continue;
            }
            let name = players.iter().find(|(u, _)| *u == id).map_or(name, |(_, n)| n).clone();
            placed.push(entrants.len());
            entrants.push((id, name));
        }
        if !placed.is_empty() {
            tiers.push(placed);
        }
    }
    (entrants, tiers)
}

/// Puts the result of the finished game `loaded` into the ratings, once (a game
/// already rated changes nothing; an aborted game, or one with fewer than two
/// entrants, is marked as counted and changes no rating).
///
/// Called right after a game's last move is stored, and by the scheduler's sweep
/// ([`rate_unrated`]) for a game whose process stopped in between: the rating and its
/// marker in `rated_games` are one transaction, so a game is counted exactly once
/// however many processes try.
///
/// # Errors
/// [`StorageError`] when a read or write fails.
pub(crate) async fn record_result(db: &Db, loaded: &Loaded, now: i64) -> Result<(), StorageError> {
    let Some(game) = &loaded.game else { return Ok(()) };
    let Some(ranking) = game.ranking() else { return Ok(()) };
    if game.aborted() || ranking.is_empty() || loaded.players.len() < 2 {
        return db.mark_rated(loaded.row.id, now).await;
    }
    let players: Vec<(String, String)> = loaded.players.iter().map(|p| (p.user_id.clone(), p.name.clone())).collect();
    let (players, ranking) = entrants(&players, &ranking);
    if players.len() < 2 {
        return db.mark_rated(loaded.row.id, now).await;
    }
    let rated = db
        .record_ratings(&loaded.row, &players, now, |old| {
            let old: Vec<WengLinRating> = old
                .iter()
                .map(|s| s.map_or_else(WengLinRating::new, |(rating, uncertainty)| WengLinRating { rating, uncertainty }))
                .collect();
            rate(&old, &ranking).into_iter().map(|r| (r.rating, r.uncertainty)).collect()
        })
        .await?;
    if rated {
        tracing::info!(game = %loaded.row.id, "ratings updated");
    }
    Ok(())
}

/// How many unrated finished games one sweep of [`rate_unrated`] rates at most (the rest
/// wait for the next poll).
pub(crate) const SWEEP_GAMES: u32 = 50;

/// The scheduler's rating sweep: rates the finished games that are not yet in the ratings
/// (issue 38: a process stopped between a game's last move and its rating), at most
/// [`SWEEP_GAMES`] per call. Returns how many it looked at.
///
/// # Errors
/// [`StorageError`] when a read or write fails.
pub async fn rate_unrated(table: &crate::Table, now: i64) -> Result<usize, StorageError> {
    let ids = table.db.unrated_games(SWEEP_GAMES).await?;
    for &id in &ids {
        let Some(row) = table.db.game(id).await? else { continue };
        let loaded = table.load(row).await?;
        tracing::info!(game = %id, "rating a finished game whose rating was left undone");
        record_result(&table.db, &loaded, now).await?;
    }
    Ok(ids.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats(names: &[(&str, &str)]) -> Vec<(String, String)> {
        names.iter().map(|(u, n)| (u.to_string(), n.to_string())).collect()
    }

    #[test]
    fn an_ai_level_is_rated_once_at_its_best_seat() {
        let players = seats(&[("ai:normal", "Spieltisch (AI)"), ("alice", "alice"), ("ai:normal:2", "Spieltisch (AI) 2"), ("ai:hard", "Spieltisch (AI, hard)")]);
        // The second normal seat won, alice came second, the first normal seat and the
        // hard one shared the last place.
        let (rated, ranking) = entrants(&players, &[vec![2], vec![1], vec![0, 3]]);
        assert_eq!(rated, seats(&[("ai:normal", "Spieltisch (AI)"), ("alice", "alice"), ("ai:hard", "Spieltisch (AI, hard)")]));
        assert_eq!(ranking, vec![vec![0], vec![1], vec![2]]);
        // People are rated as they sit.
        let players = seats(&[("alice", "alice"), ("bob", "bob")]);
        assert_eq!(entrants(&players, &[vec![1, 0]]), (seats(&[("bob", "bob"), ("alice", "alice")]), vec![vec![0, 1]]));
        // Two seats of one level alone are one entrant: nothing to rate.
        let players = seats(&[("ai:easy", "Spieltisch (AI, easy)"), ("ai:easy:2", "Spieltisch (AI, easy) 2")]);
        assert_eq!(entrants(&players, &[vec![0], vec![1]]).0.len(), 1);
    }

    #[test]
    fn the_winner_gains_and_the_loser_loses() {
        let old = vec![WengLinRating::new(), WengLinRating::new()];
        let new = rate(&old, &[vec![1], vec![0]]);
        assert!(new[1].rating > 25.0 && new[0].rating < 25.0, "{new:?}");
        // Equal players: the changes mirror each other.
        assert!((new[1].rating - 25.0 - (25.0 - new[0].rating)).abs() < 1e-9);
        assert!(new[0].uncertainty < 25.0 / 3.0, "a game makes a rating surer");
    }

    #[test]
    fn a_tie_between_equals_changes_no_rating_and_a_middle_place_little() {
        let old = vec![WengLinRating::new(); 3];
        let new = rate(&old, &[vec![2], vec![0], vec![1]]);
        assert!(new[2].rating > new[0].rating && new[0].rating > new[1].rating, "{new:?}");
        let tie = rate(&old[..2], &[vec![0, 1]]);
        assert!((tie[0].rating - 25.0).abs() < 1e-9 && (tie[1].rating - 25.0).abs() < 1e-9, "{tie:?}");
    }
}
