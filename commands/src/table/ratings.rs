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
    table::context::Loaded,
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

/// Puts the result of the finished game `loaded` into the ratings, once (a game
/// already rated, aborted, or with fewer than two players changes nothing).
///
/// # Errors
/// [`StorageError`] when a read or write fails.
pub(crate) async fn record_result(db: &Db, loaded: &Loaded, now: i64) -> Result<(), StorageError> {
    let Some(game) = &loaded.game else { return Ok(()) };
    let Some(ranking) = game.ranking() else { return Ok(()) };
    if game.aborted() || ranking.is_empty() || loaded.players.len() < 2 {
        return Ok(());
    }
    let players: Vec<(String, String)> = loaded.players.iter().map(|p| (p.user_id.clone(), p.name.clone())).collect();
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

#[cfg(test)]
mod tests {
    use super::*;

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
