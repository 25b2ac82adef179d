//! Ratings (README, the command table: `leaderboard`, `stats`): a Weng-Lin rating (the `skillratings` crate; it handles two or
//! more players, each player a one-person team ranked by place, ties sharing a place)
//! per player, game and scope (the game's server when known, else its channel/room:
//! [`GameRow::scope`](crate::store::GameRow::scope)), updated once after each
//! finished game that has a result (`table::ratings`); `leaderboard <game>` and `stats [@player]` read the
//! requester's [`Origin::scope`](crate::Origin::scope).

use rules::GameKind;

use crate::{
    base::i18n::{Arg, Msg},
    base::reply::{Reply, User},
    store::ratings::{known_name, leaderboard_of, ratings_of},
    table::context::{Ctx, Outcome},
};

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
    let ctx = &ctx.in_channel();
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
