//! Messages the bot keeps track of in a channel (issue 40), kept in the command layer's
//! `tracked_messages` so they survive restarts:
//!
//! - a game's **board with buttons** (`board:<game>`): when the game has moved on and a
//!   newer message about it is posted, the old one's buttons and move menu are edited
//!   away (a click on one would be refused anyway, politely);
//! - its **turn ping** (`ping:<game>`, server setting `tidy=on`): deleted when the game
//!   moves on or the next ping comes;
//! - the channel's **dashboard** (`dashboard`): edited in place; a new one is pinned when
//!   the bot may pin (Manage Messages). Without that permission the channel is told once;
//! - a review's **progress** (`review:<game>`): edited in place as the review goes on.
//!
//! The bot edits and deletes only its own messages, which needs no permission. Every
//! failure is logged and the message forgotten: tidying never loops and never stops a
//! game's message.

use commands::{Host, Lang, Msg, Reply, Slot, SlotAction};
use serenity::all::{ChannelId, CreateAllowedMentions, CreateMessage, EditMessage, Http, MessageId};

use super::{
    text::{discord_code, render},
    PLATFORM,
};

/// Discord's JSON error code for "Missing Permissions".
const MISSING_PERMISSIONS: isize = 50013;

/// The key of a game's board with buttons.
fn board_key(game: commands::GameId) -> String {
    format!("board:{game}")
}

/// The key that remembers that pins are refused in a channel (said once).
const PIN_REFUSED: &str = "dashboard-pin-refused";

/// Delivers `reply` by editing the message kept under its slot, for a
/// [`SlotAction::Edit`] (the dashboard) or [`SlotAction::Progress`] (a review under
/// way). `true` when it was delivered so; `false` when it must be posted (nothing
/// kept, or the kept message is gone: then it is forgotten).
pub async fn edit_in_place(http: &Http, host: &Host, channel: ChannelId, reply: &Reply) -> bool {
    let Some(slot) = reply.slot.as_ref().filter(|s| s.action.edits()) else { return false };
    let channel_key = channel.to_string();
    let Some(kept) = host.db().tracked(PLATFORM, &channel_key, &slot.key).await.ok().flatten() else { return false };
    let Some(id) = message_id(&kept.message_id) else { return false };
    let edit = EditMessage::new().content(render(&reply.text)).allowed_mentions(CreateAllowedMentions::new());
    match channel.edit_message(http, id, edit).await {
        Ok(_) => true,
        Err(e) => {
            tracing::info!(channel = %channel, key = slot.key, code = ?discord_code(&e), "the kept message could not be edited: posting it anew");
            forget(host, &channel_key, &slot.key, &kept.message_id).await;
            false
        }
    }
}

/// What follows the posting of `reply` as message `posted` in `channel`, `with_buttons`
/// or not: the game's older board loses its buttons, a ping or dashboard is kept (the
/// ping kept before deleted), a game that moved on clears its older ping.
pub async fn after_post(http: &Http, host: &Host, channel: ChannelId, reply: &Reply, posted: MessageId, with_buttons: bool, lang: Lang) {
    let channel_key = channel.to_string();
    let seq = reply.game.map_or(0, |g| g.seq);
    if let Some(game) = reply.game {
        strip_older_board(http, host, channel, &board_key(game.id), seq, posted, with_buttons).await;
    }
    let Some(slot) = &reply.slot else { return };
    let kept = host.db().tracked(PLATFORM, &channel_key, &slot.key).await.ok().flatten();
    match slot.action {
        SlotAction::Replace => {
            if let Some(kept) = kept {
                delete(http, channel, &kept.message_id).await;
            }
            keep(host, &channel_key, slot, posted, seq).await;
        }
        SlotAction::Clear => {
            if let Some(kept) = kept.filter(|k| k.seq < seq) {
                delete(http, channel, &kept.message_id).await;
                forget(host, &channel_key, &slot.key, &kept.message_id).await;
            }
        }
        SlotAction::Edit => {
            keep(host, &channel_key, slot, posted, seq).await;
            pin(http, host, channel, posted, lang).await;
        }
        SlotAction::Progress => keep(host, &channel_key, slot, posted, seq).await,
    }
}

/// Takes the buttons off the board kept under `key` (posted at move `seq` or before:
/// only the newest message about a game keeps its buttons), and keeps `posted` instead
/// when it has buttons.
async fn strip_older_board(http: &Http, host: &Host, channel: ChannelId, key: &str, seq: u64, posted: MessageId, with_buttons: bool) {
    let channel_key = channel.to_string();
    let kept = host.db().tracked(PLATFORM, &channel_key, key).await.ok().flatten();
    if let Some(kept) = kept.as_ref().filter(|k| k.seq <= seq && k.message_id != posted.to_string()) {
        if let Some(id) = message_id(&kept.message_id)
            && let Err(e) = channel.edit_message(http, id, EditMessage::new().components(Vec::new())).await
        {
            tracing::info!(channel = %channel, key, code = ?discord_code(&e), "an old board's buttons could not be removed");
        }
        forget(host, &channel_key, key, &kept.message_id).await;
    }
    let newer = kept.as_ref().is_none_or(|k| k.seq <= seq);
    if with_buttons && newer {
        let slot = Slot { key: key.to_string(), action: SlotAction::Replace };
        keep(host, &channel_key, &slot, posted, seq).await;
    }
}

/// Pins the dashboard; when the bot may not, says so in the channel once.
async fn pin(http: &Http, host: &Host, channel: ChannelId, posted: MessageId, lang: Lang) {
    let Err(e) = channel.pin(http, posted).await else { return };
    let channel_key = channel.to_string();
    tracing::info!(channel = %channel, code = ?discord_code(&e), "the dashboard could not be pinned");
    if discord_code(&e) != Some(MISSING_PERMISSIONS) {
        return;
    }
    if host.db().tracked(PLATFORM, &channel_key, PIN_REFUSED).await.ok().flatten().is_some() {
        return;
    }
    let note = host.texts().text(lang, &Msg::new("dashboard-no-pin"));
    let message = CreateMessage::new().content(render(&note)).allowed_mentions(CreateAllowedMentions::new());
    let said = channel.send_message(http, message).await;
    let id = said.map_or_else(|_| "-".to_string(), |m| m.id.to_string());
    let _ = host.db().track(PLATFORM, &channel_key, PIN_REFUSED, &id, 0).await;
}

async fn delete(http: &Http, channel: ChannelId, message: &str) {
    let Some(id) = message_id(message) else { return };
    if let Err(e) = channel.delete_message(http, id).await {
        tracing::info!(channel = %channel, code = ?discord_code(&e), "an old turn ping could not be deleted");
    }
}

async fn keep(host: &Host, channel: &str, slot: &Slot, posted: MessageId, seq: u64) {
    if let Err(e) = host.db().track(PLATFORM, channel, &slot.key, &posted.to_string(), seq).await {
        tracing::warn!(channel, key = slot.key, error = %e, "a message could not be kept track of");
    }
}

async fn forget(host: &Host, channel: &str, key: &str, message: &str) {
    if let Err(e) = host.db().untrack(PLATFORM, channel, key, message).await {
        tracing::warn!(channel, key, error = %e, "a kept message could not be forgotten");
    }
}

fn message_id(text: &str) -> Option<MessageId> {
    text.parse::<std::num::NonZeroU64>().ok().map(MessageId::from)
}
