//! Ratings (README, the command table: `leaderboard`, `stats`): a Weng-Lin rating (the `skillratings` crate; it handles two or
//! more players, each player a one-person team ranked by place, ties sharing a place)
//! per player, game and scope (the game's server when known, else its channel/room:
//! [`GameRow::scope`](crate::store::GameRow::scope)), updated once after each
//! finished game that has a result; `leaderboard <game>` and `stats [@player]` read the
//! requester's [`Origin::scope`](crate::Origin::scope).

use rules::GameKind;
use skillratings::{
    weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating},
    MultiTeamOutcome,
};
use sqlx::Row;

use crate::{
    table::context::{Ctx, Loaded, Outcome},
    base::i18n::{Arg, Msg},
    base::reply::{Reply, User},
    store::{Db, StorageError},
};

/// How many players a leaderboard shows.
pub const LEADERBOARD_SIZE: i64 = 10;

/// A stored rating.
#[derive(Debug, Clone, PartialEq)]
pub struct Rated {
    pub user_id: String,
    pub name: String,
    pub kind: String,
    pub rating: f64,
    pub uncertainty: f64,
    pub games: i64,
}

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
    let row = &loaded.row;
    let mut tx = db.pool().begin_with("BEGIN IMMEDIATE").await?;
    let marked = sqlx::query("INSERT OR IGNORE INTO rated_games (game_id, at) VALUES (?, ?)")
        .bind(row.id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    if marked.rows_affected() != 1 {
        return Ok(());
    }
    let mut old = Vec::new();
    for p in &loaded.players {
        let stored: Option<(f64, f64)> = sqlx::query_as(
            "SELECT rating, uncertainty FROM ratings WHERE platform = ? AND scope = ? AND kind = ? AND user_id = ?",
        )
        .bind(&row.platform)
        .bind(row.scope())
        .bind(&row.kind)
        .bind(&p.user_id)
        .fetch_optional(&mut *tx)
        .await?;
        old.push(stored.map_or_else(WengLinRating::new, |(rating, uncertainty)| WengLinRating { rating, uncertainty }));
    }
    let new = rate(&old, &ranking);
    for (p, r) in loaded.players.iter().zip(&new) {
        sqlx::query(
            "INSERT INTO ratings (platform, scope, kind, user_id, name, rating, uncertainty, games, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?)
             ON CONFLICT (platform, scope, kind, user_id) DO UPDATE SET name = excluded.name,
                 rating = excluded.rating, uncertainty = excluded.uncertainty, games = games + 1,
                 updated_at = excluded.updated_at",
        )
        .bind(&row.platform)
        .bind(row.scope())
        .bind(&row.kind)
        .bind(&p.user_id)
        .bind(&p.name)
        .bind(r.rating)
        .bind(r.uncertainty)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    tracing::info!(game = row.id, "ratings updated");
    Ok(())
}

fn rated(r: &sqlx::sqlite::SqliteRow) -> Result<Rated, sqlx::Error> {
    Ok(Rated {
        user_id: r.try_get("user_id")?,
        name: r.try_get("name")?,
        kind: r.try_get("kind")?,
        rating: r.try_get("rating")?,
        uncertainty: r.try_get("uncertainty")?,
        games: r.try_get("games")?,
    })
}

/// The ratings of `user_id` (or a player called `name`) in a scope, best first.
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn ratings_of(db: &Db, platform: &str, scope: &str, who: &str) -> Result<Vec<Rated>, StorageError> {
    let rows = sqlx::query(
        "SELECT user_id, name, kind, rating, uncertainty, games FROM ratings
         WHERE platform = ? AND scope = ? AND (user_id = ? OR lower(name) = lower(?)) ORDER BY rating DESC",
    )
    .bind(platform)
    .bind(scope)
    .bind(who)
    .bind(who)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.iter().map(rated).collect::<Result<_, _>>()?)
}

/// The best-rated players of `kind` in a scope.
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn leaderboard_of(db: &Db, platform: &str, scope: &str, kind: &str) -> Result<Vec<Rated>, StorageError> {
    let rows = sqlx::query(
        "SELECT user_id, name, kind, rating, uncertainty, games FROM ratings
         WHERE platform = ? AND scope = ? AND kind = ? ORDER BY rating DESC, games DESC LIMIT ?",
    )
    .bind(platform)
    .bind(scope)
    .bind(kind)
    .bind(LEADERBOARD_SIZE)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.iter().map(rated).collect::<Result<_, _>>()?)
}

/// A rating as players read it: one decimal.
fn shown(r: f64) -> String {
    format!("{r:.1}")
}

/// `leaderboard <game>`: the best players of a game on this server (else channel/room).
pub(crate) async fn leaderboard(ctx: &Ctx<'_>, kind: GameKind) -> Outcome {
    let list = leaderboard_of(&ctx.table.db, &ctx.origin.platform, ctx.origin.scope(), kind.id()).await?;
    if list.is_empty() {
        return Err(Msg::new("cmd-no-ratings").arg("game", ctx.game_name(kind)).arg("scope", ctx.scope_word()).into());
    }
    let mut text = ctx.text(&Msg::new("leaderboard-header").arg("game", ctx.game_name(kind)));
    for (i, r) in list.iter().enumerate() {
        let line = Msg::new("leaderboard-line")
            .arg("place", i + 1)
            .arg("player", r.name.as_str())
            .arg("rating", shown(r.rating))
            .arg("games", r.games);
        text.push_line(ctx.text(&line));
    }
    Ok(vec![Reply::channel(text)])
}

/// The name `user_id` last played under on `platform` (the newest `players` row), if
/// they ever sat at a game there.
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn known_name(db: &Db, platform: &str, user_id: &str) -> Result<Option<String>, StorageError> {
    Ok(sqlx::query_scalar(
        "SELECT p.name FROM players p JOIN games g ON g.id = p.game_id
         WHERE g.platform = ? AND p.user_id = ? ORDER BY p.joined_at DESC, p.game_id DESC LIMIT 1",
    )
    .bind(platform)
    .bind(user_id)
    .fetch_optional(db.pool())
    .await?)
}

/// `stats [@player]`: a player's ratings on this server (else channel/room), one per game.
pub(crate) async fn stats(ctx: &Ctx<'_>, who: Option<&str>) -> Outcome {
    let db = &ctx.table.db;
    let platform = &ctx.origin.platform;
    let list = ratings_of(db, platform, ctx.origin.scope(), who.unwrap_or_else(|| ctx.user_id())).await?;
    let Some(first) = list.first() else {
        // A mention (a Discord `stats @x` passes x's id): the requester, else the best
        // name known for the id, else the id itself.
        let user = match who {
            None => ctx.origin.user.clone(),
            Some(id) => User::new(id, known_name(db, platform, id).await?.unwrap_or_else(|| id.to_string())),
        };
        return Err(Msg::new("cmd-no-stats").arg("player", Arg::Mention(user)).arg("scope", ctx.scope_word()).into());
    };
    let mut text = ctx.text(&Msg::new("stats-header").arg("player", first.name.as_str()));
    for r in &list {
        let game = r.kind.parse::<GameKind>().map_or(r.kind.clone(), |k| ctx.game_name(k).to_string());
        let line = Msg::new("stats-line")
            .arg("game", game)
            .arg("rating", shown(r.rating))
            .arg("uncertainty", shown(r.uncertainty))
            .arg("games", r.games);
        text.push_line(ctx.text(&line));
    }
    Ok(vec![Reply::private(ctx.user_id(), text)])
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
