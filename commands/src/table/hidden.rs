//! What an open Hathor challenge hides (spec hathor.md "Playing together in a
//! channel"): while it is open, a player's game is seen by that player alone (its board
//! and legal fields would give the pile away), and by an admin who has not entered it.

use crate::{
    base::i18n::Msg,
    base::ids::GameId,
    store::{challenges::ChallengeRow, ChallengeLink, StorageError},
    table::context::Ctx,
};

/// Why the requester may not see game `id` of the open `challenge` played by `player`
/// (`None`: they may: its player, or an admin who does not play in the challenge).
pub(crate) async fn hidden(ctx: &Ctx<'_>, challenge: &ChallengeRow, player: &str, id: GameId) -> Result<Option<Msg>, StorageError> {
    let user_entered = ctx.table.db.game_in_challenge(challenge.id, ctx.user_id()).await?.is_some();
    let link = ChallengeLink { challenge: challenge.id, player: player.to_string(), user_entered };
    Ok(hides(ctx, &link).then(|| Msg::new("challenge-board-hidden").arg("id", challenge.id).arg("game", id)))
}

/// Whether a game of an open challenge (`link`) is hidden from the requester: it is,
/// unless it is their own or they are an admin who has not entered that challenge
/// (the legal fields of another player's game give its board away).
pub(crate) fn hides(ctx: &Ctx<'_>, link: &ChallengeLink) -> bool {
    let may_look = link.player == ctx.user_id() || (ctx.admin && !link.user_entered);
    !may_look
}

/// Why the requester may not see game `id` (the legal fields of another player's game
/// in an open challenge give its board away); `None` when they may. A storage failure
/// counts as hidden.
pub(crate) async fn hidden_game(ctx: &Ctx<'_>, id: GameId) -> Option<Msg> {
    match ctx.table.challenge_of_game(id).await {
        Ok(Some((challenge, player))) if challenge.is_open() => {
            hidden(ctx, &challenge, &player, id).await.unwrap_or_else(|_| Some(Msg::new("cmd-storage")))
        }
        Ok(_) => None,
        Err(e) => {
            tracing::error!(error = %e, game = %id, "reading the game's challenge failed");
            Some(Msg::new("cmd-storage"))
        }
    }
}
