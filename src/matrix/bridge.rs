//! The command layer seen from Matrix: an [`Incoming`] command becomes a request to the
//! [`Host`], its [`Reply`]s become [`Outgoing`] messages. No game logic here.
//!
//! Matrix has no ephemeral messages, so a refusal is a reply to the command in its room,
//! and other private replies go to the player's direct-message room (naming the room
//! the game belongs to).

use std::sync::Arc;

use commands::{Audience, Host, Origin, Reply, Segment, Text, User};
use matrix_sdk::ruma::{OwnedRoomId, OwnedUserId};

use super::{Destination, Handler, Incoming, Outgoing, Piece, Upload};

/// The platform name the command layer stores with each game.
pub const PLATFORM: &str = "matrix";

/// Answers commands through the command layer.
#[derive(Clone)]
pub struct HostHandler {
    host: Arc<Host>,
    /// The command prefix, written before commands the texts name.
    prefix: String,
}

impl HostHandler {
    /// Answers with `host`; texts name commands with the default prefix (`!st join`).
    pub fn new(host: Arc<Host>) -> HostHandler {
        HostHandler { host, prefix: super::config::DEFAULT_PREFIX.to_string() }
    }

    /// Texts name commands with `prefix` (the bot's `command_prefix`).
    #[must_use]
    pub fn with_prefix(mut self, prefix: &str) -> HostHandler {
        self.prefix = prefix.to_string();
        self
    }
}

/// `reply` with the commands its text names written as they are typed in a Matrix room:
/// `` `join` `` → `` `!st join` ``.
pub fn with_prefix(mut reply: Reply, prefix: &str) -> Reply {
    if !prefix.is_empty() {
        reply.text = reply.text.with_commands(|word| commands::Verb::from_word(word).map(|_| format!("{prefix} {word}")));
    }
    reply
}

/// Posts the scheduler's notices in Matrix rooms (through the bot's outbox), naming
/// commands with the bot's prefix.
#[derive(Clone)]
pub struct Notifier {
    outbox: super::Outbox,
    prefix: String,
}

impl Notifier {
    pub fn new(outbox: super::Outbox, prefix: &str) -> Notifier {
        Notifier { outbox, prefix: prefix.to_string() }
    }

    /// Queues `reply` for the room `channel` (or its player's direct room); a notice
    /// for an id that is no Matrix id is logged and dropped.
    pub fn post(&self, channel: &str, reply: Reply) {
        if let Some(message) = notice(channel, with_prefix(reply, &self.prefix)) {
            self.outbox.send(message);
        }
    }
}

impl Handler for HostHandler {
    fn host(&self) -> Option<Arc<Host>> {
        Some(self.host.clone())
    }

    async fn handle(&self, incoming: Incoming) -> Vec<Outgoing> {
        let origin = Origin {
            platform: PLATFORM.to_string(),
            channel: incoming.room_id.to_string(),
            // The room is the scope of ratings and settings.
            server: None,
            user: User::new(incoming.sender.as_str(), incoming.sender_name.as_str()),
            is_admin: incoming.is_admin,
            lang: None,
        };
        let line = if incoming.line.is_empty() { "help" } else { incoming.line.as_str() };
        let replies = self.host.handle(&origin, line).await;
        replies.into_iter().filter_map(|reply| outgoing(with_prefix(reply, &self.prefix), &incoming)).collect()
    }
}

/// Where and how a reply to `incoming` goes out; `None` (logged) if it names a user id
/// that is no Matrix user id.
pub fn outgoing(reply: Reply, incoming: &Incoming) -> Option<Outgoing> {
    let here = Destination::Room(incoming.room_id.clone());
    let (to, reply_to) = match &reply.audience {
        _ if reply.refusal => (here, Some(incoming.reply_target())),
        Audience::Channel => (here, None),
        Audience::User(user) if incoming.is_direct && *user == incoming.sender.as_str() => (here, None),
        Audience::User(user) => match OwnedUserId::try_from(user.as_str()) {
            Ok(user) => (Destination::Direct { user, origin: Some(incoming.room_id.clone()) }, None),
            Err(_) => {
                tracing::warn!(user, "a private reply for a user id that is not a Matrix user id was dropped");
                return None;
            }
        },
    };
    let slot = slot_of(&reply);
    Some(Outgoing { to, text: pieces(&reply.text_with_link()), file: upload(reply.file), reply_to, slot })
}

/// A scheduler notice (reminder, "time is up", expired invitation) for the Matrix room
/// `channel`; `None` (logged) if `channel` or the addressed user is no Matrix id.
pub fn notice(channel: &str, reply: Reply) -> Option<Outgoing> {
    let Ok(room) = OwnedRoomId::try_from(channel) else {
        tracing::warn!(channel, "a notice for a channel that is no Matrix room id was dropped");
        return None;
    };
    let to = match &reply.audience {
        Audience::Channel => Destination::Room(room),
        Audience::User(user) => match OwnedUserId::try_from(user.as_str()) {
            Ok(user) => Destination::Direct { user, origin: Some(room) },
            Err(_) => {
                tracing::warn!(user, "a notice for a user id that is not a Matrix user id was dropped");
                return None;
            }
        },
    };
    let slot = slot_of(&reply);
    Some(Outgoing { to, text: pieces(&reply.text_with_link()), file: upload(reply.file), reply_to: None, slot })
}

/// A channel reply's slot with its game's move number (private replies keep nothing).
fn slot_of(reply: &Reply) -> Option<(commands::Slot, u64)> {
    let slot = reply.slot.clone().filter(|_| reply.audience == Audience::Channel)?;
    Some((slot, reply.game.map_or(0, |g| g.seq)))
}

fn upload(file: Option<commands::Attachment>) -> Option<Upload> {
    file.map(|a| Upload { name: a.name, mime: a.mime.to_string(), bytes: a.bytes })
}

/// A command-layer text as pieces: mentions of Matrix users become pills.
pub fn pieces(text: &Text) -> Vec<Piece> {
    text.segments()
        .iter()
        .map(|segment| match segment {
            Segment::Plain(t) => Piece::Text(t.clone()),
            Segment::Mention(user) => match OwnedUserId::try_from(user.id.as_str()) {
                Ok(user_id) => Piece::Mention { user_id, name: user.name.clone() },
                Err(_) => Piece::Text(format!("@{}", user.name)),
            },
        })
        .collect()
}
