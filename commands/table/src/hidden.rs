//! What an open Hathor challenge hides (spec hathor.md "Playing together in a
//! channel"): while it is open, a player's game is seen by that player alone. Its board,
//! its history, its legal fields and its record would give the shared pile away, to
//! someone who then enters the challenge, or plays the same day's daily challenge in
//! another channel; so admins, who may abort any game, do not see it either.

use crate::{
    base::i18n::Msg,
    base::ids::GameId,
    store::challenges::ChallengeRow,
    context::Ctx,
};

/// Why the requester may not see game `id` of the open `challenge` played by `player`
/// (`None`: they may: it is theirs).
pub fn hidden(ctx: &Ctx<'_>, challenge: &ChallengeRow, player: &str, id: GameId) -> Option<Msg> {
    (player != ctx.user_id()).then(|| Msg::new("challenge-board-hidden").arg("id", challenge.id).arg("game", id))
}

/// Why the requester may not see game `id` (another player's game in an open
/// challenge); `None` when they may. A storage failure counts as hidden.
pub async fn hidden_game(ctx: &Ctx<'_>, id: GameId) -> Option<Msg> {
    match ctx.table.challenge_of_game(id).await {
        Ok(Some((challenge, player))) if challenge.is_open() => hidden(ctx, &challenge, &player, id),
        Ok(_) => None,
        Err(e) => {
            tracing::error!(error = %e, game = %id, "reading the game's challenge failed");
            Some(Msg::new("cmd-storage"))
        }
    }
}
