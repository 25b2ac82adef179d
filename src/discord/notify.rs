//! Messages nobody asked for in an interaction: the scheduler's notices (turn
//! reminders, "time is up", expired invitations, vacation notes for other channels) and
//! the results of Hathor challenges that closed by time. They go out as ordinary channel
//! messages (a reminder about a running game gets its buttons) or as DMs.

use std::sync::Arc;

use commands::{Audience, Host, Lang, Origin, Reply, User};
use serenity::all::{ChannelId, Http};

use super::{
    components,
    deliver::{self, discord_code, CANNOT_DM},
    redact::redact,
    session::PLATFORM,
};

/// Posts notices to Discord channels and users. Cheap to clone.
#[derive(Clone)]
pub struct Notifier {
    http: Arc<Http>,
}

impl Notifier {
    pub(super) fn new(http: Arc<Http>) -> Notifier {
        Notifier { http }
    }

    /// Posts `reply` for the channel with id `channel` (decimal snowflake, as the command
    /// layer stores it): a channel reply as a message there (with the game's buttons when
    /// it names a running game), a private one as a DM — or, when the user does not accept
    /// DMs, a note in the channel without the private content. Failures are logged, never
    /// returned: a notice that cannot be posted must not stop the others.
    pub async fn post(&self, host: &Host, channel: &str, reply: Reply) {
        let Ok(channel_id) = channel.parse::<std::num::NonZeroU64>().map(ChannelId::from) else {
            tracing::warn!(channel, "a notice for a channel id that is not a Discord id was dropped");
            return;
        };
        // The game's server (when the notice is about a game) decides the language.
        let row = match reply.game {
            Some(game) => host.db().game(game.id).await.ok().flatten(),
            None => None,
        };
        let server = row.as_ref().and_then(|r| r.server.clone());
        let scope = row.as_ref().map_or(channel, |r| r.scope());
        let settings = commands::channels::channel_settings(host.db(), PLATFORM, scope).await.ok();
        let lang = settings.and_then(|s| s.lang).unwrap_or_else(|| host.language());
        let result = match reply.audience.clone() {
            Audience::Channel => {
                let rows = match reply.game {
                    Some(game) => components::for_game(host, &bystander(channel, server, lang), game).await,
                    None => Vec::new(),
                };
                deliver::post(&self.http, channel_id, &reply, rows).await
            }
            Audience::User(user) => match deliver::discord_user(&user) {
                Some(id) => match deliver::send_dm(&self.http, id, &reply).await {
                    Err(e) if discord_code(&e) == Some(CANNOT_DM) => {
                        deliver::post(&self.http, channel_id, &deliver::dm_closed(host, lang, &user), Vec::new()).await
                    }
                    other => other,
                },
                None => {
                    tracing::warn!(user, "a notice for a user id that is not a Discord id was dropped");
                    return;
                }
            },
        };
        if let Err(e) = result {
            tracing::warn!(channel, error = %redact(&e.to_string(), ""), "Discord: a notice could not be posted");
        }
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
