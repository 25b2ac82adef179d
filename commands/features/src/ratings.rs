//! Ratings (README, the command table: `leaderboard`, `stats`): a Weng-Lin rating (the `skillratings` crate; it handles two or
//! more players, each player a one-person team ranked by place, ties sharing a place)
//! per player, game and scope (the game's server when known, else its channel/room:
//! [`GameRow::scope`](crate::store::GameRow::scope)), updated once after each
//! finished game that has a result (`table::ratings`); `leaderboard <game>` and `stats [@player]` read the
//! requester's [`Origin::scope`](crate::base::origin::Origin::scope).

use rules::GameKind;

use crate::{
    base::ai_seat,
    base::i18n::{Arg, Msg},
    base::reply::{Reply, User},
    store::ratings::{known_name, leaderboard_of, ratings_of},
    table::context::{Ctx, Outcome},
};

/// A rating as players read it: one decimal, in the reader's way of writing it.
fn shown(r: f64, lang: crate::base::i18n::Lang) -> String {
    crate::base::i18n::decimal(r, 1, lang)
}

/// `leaderboard <game>`: the best players of a game on this server (else channel/room).
pub async fn leaderboard(ctx: &Ctx<'_>, kind: GameKind) -> Outcome {
    // A game for one is never rated (its challenges have a leaderboard of points).
    if *kind.players().end() < 2 {
        return Err(Msg::new("cmd-no-ratings-solo").arg("game", ctx.game_name(kind)).into());
    }
    let list = leaderboard_of(&ctx.table.db, &ctx.origin.platform, ctx.origin.scope(), kind.id()).await?;
    if list.is_empty() {
        return Err(Msg::new("cmd-no-ratings").arg("game", ctx.game_name(kind)).arg("scope", ctx.scope_word()).into());
    }
    let ctx = &ctx.in_channel();
    let mut text = ctx.text(&Msg::new("leaderboard-header").arg("game", ctx.game_name(kind)));
    for (i, r) in list.iter().enumerate() {
        let line = Msg::new("leaderboard-line")
            .arg("place", i + 1)
            .arg("player", crate::base::ai_seat::shown_name(&ctx.table.texts, ctx.lang, &r.user_id, &r.name))
            .arg("rating", shown(r.rating, ctx.lang))
            .arg("games", r.games);
        text.push_line(ctx.text(&line));
    }
    Ok(vec![Reply::channel(text)])
}

/// `stats [@player]`: a player's ratings on this server (else channel/room), one per game.
pub async fn stats(ctx: &Ctx<'_>, who: Option<&str>) -> Outcome {
    let db = &ctx.table.db;
    let platform = &ctx.origin.platform;
    // The bot named (`stats @bot`, `stats @bot:hard`): its AI seats' ratings, a level each.
    let bot = ctx.table.bot_user(platform);
    if let (Some(named), Some(bot)) = (who, bot.as_deref())
        && let ai_seat::Invitee::Bot(level) = ai_seat::invitee(named, bot)
    {
        return ai_stats(ctx, level).await;
    }
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
    Ok(vec![Reply::private(ctx.user_id(), stats_text(ctx, &first.name, &list))])
}

/// The ratings of the bot's AI seats at `level` (`None`: every level that has one).
async fn ai_stats(ctx: &Ctx<'_>, level: Option<ai::Level>) -> Outcome {
    let levels = level.map_or(ai::Level::ALL.to_vec(), |l| vec![l]);
    let mut text: Option<crate::base::reply::Text> = None;
    for level in levels {
        let id = ai_seat::user_id(level, 1);
        let list = ratings_of(&ctx.table.db, &ctx.origin.platform, ctx.origin.scope(), &id).await?;
        if list.is_empty() {
            continue;
        }
        let block = stats_text(ctx, &ai_seat::name(&ctx.table.texts, ctx.lang, level, 1), &list);
        match &mut text {
            None => text = Some(block),
            Some(t) => t.push_line(block),
        }
    }
    let Some(text) = text else {
        let name = ai_seat::name(&ctx.table.texts, ctx.lang, level.unwrap_or_default(), 1);
        return Err(Msg::new("cmd-no-stats").arg("player", name).arg("scope", ctx.scope_word()).into());
    };
    Ok(vec![Reply::private(ctx.user_id(), text)])
}

/// `player`'s ratings `list` as `stats` shows them: a header, then a line per game.
fn stats_text(ctx: &Ctx<'_>, player: &str, list: &[crate::store::ratings::Rated]) -> crate::base::reply::Text {
    let mut text = ctx.text(&Msg::new("stats-header").arg("player", player));
    for r in list {
        let game = r.kind.parse::<GameKind>().map_or(r.kind.clone(), |k| ctx.game_name(k).to_string());
        let line = Msg::new("stats-line")
            .arg("game", game)
            .arg("rating", shown(r.rating, ctx.lang))
            .arg("uncertainty", shown(r.uncertainty, ctx.lang))
            .arg("games", r.games);
        text.push_line(ctx.text(&line));
    }
    text
}
