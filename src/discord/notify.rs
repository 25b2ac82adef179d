//! Messages nobody asked for in an interaction: the scheduler's notices (turn
//! reminders, "time is up", expired invitations, vacation notes for other channels) and
//! the results of Hathor challenges that closed by time. They go out as ordinary channel
//! messages (a reminder about a running game gets its buttons) or as DMs.

use std::sync::Arc;

use commands::{Audience, Host, Lang, Origin, Reply, User};
use serenity::all::{ChannelId, Http};

use super::{
    components,
    deliver::{self, CANNOT_DM},
    text::{discord_code, discord_user},
    redact::redact,
    round_threads, PLATFORM,
};

/// Posts notices to Discord channels and users. Cheap to clone.
#[derive(Clone)]
pub struct Notifier {
    http: Arc<Http>,
    /// Tournament games moved into threads of their own by a round's post (issue 39):
    /// their start posts, which name the tournament's channel, follow them there.
    moved: Arc<std::sync::Mutex<round_threads::Moved>>,
}

/// How many moved games [`Notifier`] remembers (their start posts follow at once).
const MOVED_KEPT: usize = 1024;

impl Notifier {
    pub(super) fn new(http: Arc<Http>) -> Notifier {
        Notifier { http, moved: Arc::default() }
    }

    /// Posts `reply` for the channel with id `channel` (decimal snowflake, as the command
    /// layer stores it): a channel reply as a message there (with the game's buttons when
    /// it names a running game), a private one as a DM — or, when the user does not accept
    /// DMs, a note in the channel without the private content. Failures are logged; the
    /// answer says whether trying again later may help (network errors, Discord's 5xx and
    /// 429) or not (a channel the bot may not write to, an id that is no Discord id).
    pub async fn post(&self, host: &Host, channel: &str, reply: &Reply) -> Delivery {
        let Ok(channel_id) = channel.parse::<std::num::NonZeroU64>().map(ChannelId::from) else {
            tracing::warn!(channel, "a notice for a channel id that is not a Discord id was dropped");
            return Delivery::Done;
        };
        // The game's server (when the notice is about a game) decides the language.
        let row = match reply.game {
            Some(game) => host.db().game(game.id).await.ok().flatten(),
            None => None,
        };
        let server = row.as_ref().and_then(|r| r.server.clone());
        let scope = row.as_ref().map_or(channel, |r| r.scope());
        let settings = commands::store::settings::channel_settings(host.db(), PLATFORM, scope).await.ok();
        let lang = settings.and_then(|s| s.lang).unwrap_or_else(|| host.language());
        let result = match reply.audience.clone() {
            Audience::Channel => {
                let rows = match reply.game {
                    Some(game) => components::for_game(host, &bystander(channel, server, lang), game).await,
                    None => Vec::new(),
                };
                if reply.threads.is_empty() {
                    let moved = reply.game.and_then(|g| self.moved.lock().ok()?.get(&g.id).copied());
                    deliver::post(&self.http, host, moved.unwrap_or(channel_id), reply, rows, lang).await
                } else {
                    let mut reply = reply.clone();
                    let opened = round_threads::open(&self.http, host, channel_id, &mut reply, lang).await;
                    if let Ok(mut moved) = self.moved.lock() {
                        if moved.len() + opened.len() > MOVED_KEPT {
                            moved.clear();
                        }
                        moved.extend(opened);
                    }
                    deliver::post(&self.http, host, channel_id, &reply, rows, lang).await
                }
            }
            Audience::User(user) => match discord_user(&user) {
                Some(id) => match deliver::send_dm(&self.http, id, reply).await {
                    Err(e) if discord_code(&e) == Some(CANNOT_DM) => {
                        deliver::post(&self.http, host, channel_id, &deliver::dm_closed(host, lang, &user), Vec::new(), lang).await
                    }
                    other => other,
                },
                None => {
                    tracing::warn!(user, "a notice for a user id that is not a Discord id was dropped");
                    return Delivery::Done;
                }
            },
        };
        match result {
            Ok(()) => Delivery::Done,
            Err(e) => {
                let again = passing(&e);
                tracing::warn!(channel, again, error = %redact(&e.to_string(), ""), "Discord: a notice could not be posted");
                if again { Delivery::TryAgain } else { Delivery::Done }
            }
        }
    }
}

/// What became of a notice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    /// Posted, or dropped for good (logged).
    Done,
    /// Not posted for a passing reason: try again later.
    TryAgain,
}

/// Whether a failed request may succeed later: no answer at all, Discord's 5xx, or 429.
fn passing(error: &serenity::all::Error) -> bool {
    use serenity::all::{Error, HttpError};
    match error {
        Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            response.status_code.is_server_error() || response.status_code.as_u16() == 429
        }
        Error::Http(HttpError::Request(_)) => true,
        _ => false,
    }
}

/// The origin of a message the bot posts by itself: nobody in particular in `channel`
/// (so a move menu under it lists nothing private).
fn bystander(channel: &str, server: Option<String>, lang: Lang) -> Origin {
    Origin {
        platform: PLATFORM.to_string(),
        channel: channel.to_string(),
        server,
        user: User::new("", ""),
        is_admin: false,
        lang: Some(lang),
    }
}
