//! A tidy channel (issue 40, server setting `tidy=on`): a channel message about a game
//! that has moved on carries a [`SlotAction::Clear`] of the game's turn ping, so the
//! adapter deletes (Discord) or redacts (Matrix) the ping posted at an earlier move.
//! Turn pings themselves are marked [`SlotAction::Replace`] by the scheduler.

use std::collections::HashMap;

use crate::{
    base::{
        ids::GameId,
        reply::{Audience, Reply, Slot, SlotAction},
    },
    store::{Db, StorageError, settings::channel_settings},
};

/// Whether `tidy=on` holds for game `id`'s scope (its server, else its channel).
///
/// # Errors
/// [`StorageError`] when a read fails.
pub async fn tidy_for(db: &Db, id: GameId) -> Result<bool, StorageError> {
    let Some(row) = db.game(id).await? else { return Ok(false) };
    Ok(channel_settings(db, &row.platform, row.scope()).await?.tidy.unwrap_or(false))
}

/// Marks every channel reply about a game in a `tidy=on` scope, that carries no slot of
/// its own, to clear the game's older turn ping. A failed read leaves the replies as
/// they are (logged): tidying is a comfort, never a reason to lose an answer.
pub async fn mark_moves(db: &Db, replies: Vec<&mut Reply>) {
    let mut tidy: HashMap<GameId, bool> = HashMap::new();
    for reply in replies.into_iter().filter(|r| r.audience == Audience::Channel && r.slot.is_none()) {
        let Some(game) = reply.game else { continue };
        let on = match tidy.get(&game.id) {
            Some(&on) => on,
            None => {
                let on = tidy_for(db, game.id).await.unwrap_or_else(|e| {
                    tracing::warn!(game = %game.id, error = %e, "could not read the tidy setting");
                    false
                });
                tidy.insert(game.id, on);
                on
            }
        };
        if on {
            reply.slot = Some(Slot { key: Slot::ping_key(game.id), action: SlotAction::Clear });
        }
    }
}
