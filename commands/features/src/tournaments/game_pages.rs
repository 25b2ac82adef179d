//! The game pages of a round's games in the tournament's chat posts (issue 39, "every
//! game linking to its game page", `[web]`): the round's announcement gives each game's
//! page after its pairing ("#12: alice – bob (https://…/g/<token>)"), and the post of the
//! standings after a round (and the final one) lists the round's games with their
//! results and pages. The spectators' page of each game ([`Table::web_url`]), the same
//! one the game's own posts link; without `[web]` nothing changes.

use std::collections::HashMap;

use crate::{
    base::i18n::Msg,
    base::ids::GameId,
    base::reply::Text,
    store::tournaments::{Entrant, PairingRow},
    store::web::WebLink,
    table::context::Ctx,
    table::Table,
};

use super::{page::result_words, texts::name_of};

/// The spectators' page of each of `games` (made the first time), by game; empty when
/// `[web]` is not configured (or a link could not be stored: logged, the post goes out
/// without it).
pub(super) async fn urls(table: &Table, games: &[GameId]) -> HashMap<GameId, String> {
    let mut urls = HashMap::new();
    if table.options.web_url.is_none() {
        return urls;
    }
    for game in games {
        if let Some(url) = table.web_url(WebLink { game: *game, seat: None }).await {
            urls.insert(*game, url);
        }
    }
    urls
}

/// The games of round `round` with their results and pages, for the standings' post
/// after it: a header ("Round 2's games:"), then "#3: dave – carol 1–0 (url)" per game
/// in board order (`pairings` with the round counted); `None` without `[web]` or when
/// the round had no game (byes and forfeits only).
pub(super) async fn round_results(ctx: &Ctx<'_>, entrants: &[Entrant], pairings: &[PairingRow], round: u32) -> Option<Text> {
    let mut games: Vec<&PairingRow> = pairings.iter().filter(|p| p.round == round && p.game.is_some() && p.black.is_some()).collect();
    games.sort_by_key(|p| (p.board, p.leg));
    let ids: Vec<GameId> = games.iter().filter_map(|p| p.game).collect();
    let urls = urls(ctx.table, &ids).await;
    if urls.is_empty() {
        return None;
    }
    let mut text = ctx.text(&Msg::new("tournament-round-games").arg("round", round));
    for p in games {
        let (Some(game), Some(black)) = (p.game, p.black.as_deref()) else { continue };
        let Some(url) = urls.get(&game) else { continue };
        let msg = Msg::new("tournament-game-page")
            .arg("game", game)
            .arg("white", name_of(ctx, entrants, &p.white))
            .arg("black", name_of(ctx, entrants, black))
            .arg("result", p.result.as_deref().map(result_words).unwrap_or_default())
            .arg("url", url.as_str());
        text.push_line(ctx.text(&msg));
    }
    Some(text)
}
