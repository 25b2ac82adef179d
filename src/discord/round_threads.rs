//! A thread per game of a tournament round (issue 39): a reply that lists games wanting
//! a thread ([`Reply::threads`], set by the command layer where the scope has
//! `threads=on`) gets them opened in its channel before it is posted. Each game moves
//! into its thread in the store, so its board, turn pings and reminders go there and
//! commands there find it; the reply gains a line linking each thread, or one note
//! naming the games that stay in the channel when Discord refuses (no permission to
//! create public threads) — after a refusal no further thread is tried.
//!
//! Opening is idempotent: a game already moved (a retried post) is linked to its thread
//! again, not given a second one.

use std::collections::HashMap;

use commands::{GameId, GameThread, Host, Lang, Msg, Reply};
use serenity::all::{AutoArchiveDuration, ChannelId, ChannelType, CreateThread, Http};

use super::redact::redact;

/// Where the games of a round went: game → its thread.
pub type Moved = HashMap<GameId, ChannelId>;

/// Opens the threads `reply` asks for in `parent` (the tournament's channel), moves
/// each game there and adds the links (or the note) to `reply`'s text, in the post's
/// own language as the threads asked for carry it (`lang`, the adapter's guess, only
/// for a list without one); the list of wanted threads is emptied. Returns where each
/// game went.
pub async fn open(http: &Http, host: &Host, parent: ChannelId, reply: &mut Reply, lang: Lang) -> Moved {
    let wanted = std::mem::take(&mut reply.threads);
    // The requester's locale (a slash command) or the channel's setting (the scheduler's
    // post, which names no game and so no server) may differ from the post's language.
    let lang = wanted.first().map_or(lang, |w| w.lang);
    let mut moved = Moved::new();
    let mut stayed: Vec<GameId> = Vec::new();
    let mut refused = false;
    let from = parent.get().to_string();
    for GameThread { game, name, .. } in wanted {
        match host.db().game(game).await {
            Ok(Some(row)) if row.channel != from => {
                // Moved by an earlier try of this post: link the thread it has.
                if let Ok(id) = row.channel.parse::<std::num::NonZeroU64>() {
                    moved.insert(game, ChannelId::from(id));
                }
                continue;
            }
            Ok(Some(_)) => {}
            Ok(None) => continue,
            Err(e) => {
                tracing::warn!(game = %game, error = %e, "could not read a tournament game; it stays in the channel");
                stayed.push(game);
                continue;
            }
        }
        if refused {
            stayed.push(game);
            continue;
        }
        let builder = CreateThread::new(name.chars().take(100).collect::<String>())
            .kind(ChannelType::PublicThread)
            .auto_archive_duration(AutoArchiveDuration::OneWeek);
        let thread = match parent.create_thread(http, builder).await {
            Ok(thread) => thread.id,
            Err(e) => {
                tracing::warn!(game = %game, error = %redact(&e.to_string(), ""), "could not open a thread for a tournament game; the round's games stay in the channel");
                refused = true;
                stayed.push(game);
                continue;
            }
        };
        match host.db().move_game(game, &from, &thread.get().to_string()).await {
            Ok(true) => {
                moved.insert(game, thread);
            }
            Ok(false) | Err(_) => {
                // Moved meanwhile, or the store failed: the game is not in this thread.
                tracing::warn!(game = %game, "a tournament game could not be moved into its new thread");
                if let Err(e) = thread.delete(http).await {
                    tracing::warn!(error = %redact(&e.to_string(), ""), "could not delete an unused thread");
                }
                stayed.push(game);
            }
        }
    }
    let mut links: Vec<(GameId, ChannelId)> = moved.iter().map(|(g, t)| (*g, *t)).collect();
    links.sort_by_key(|(g, _)| *g);
    if !links.is_empty() {
        let list: Vec<String> = links.iter().map(|(g, t)| format!("#{g} <#{}>", t.get())).collect();
        reply.text.push_line(host.texts().text(lang, &Msg::new("discord-round-threads").arg("threads", list.join(", "))));
    }
    if !stayed.is_empty() {
        let list: Vec<String> = stayed.iter().map(|g| format!("#{g}")).collect();
        let msg = Msg::new("discord-round-no-threads").arg("count", list.len()).arg("games", list.join(", "));
        reply.text.push_line(host.texts().text(lang, &msg));
    }
    moved
}
