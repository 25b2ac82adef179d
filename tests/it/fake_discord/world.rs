//! What the fake Discord knows: its bot user and application, the channels, messages and
//! interactions it has seen, and which users have closed their DMs.

use std::{
    collections::{HashMap, HashSet},
    sync::{
        atomic::{AtomicU64, Ordering},
        Mutex,
    },
};

use serde_json::{json, Value};

use super::recorder::Upload;

/// The application (and bot user) id of the fake.
pub const APP_ID: u64 = 900_000_000_000_000_001;
/// The bot user's name.
pub const BOT_NAME: &str = "Spieltisch";
/// The guild every scripted interaction comes from.
pub const GUILD_ID: u64 = 910_000_000_000_000_001;
/// The guild text channel every scripted interaction comes from, unless told otherwise.
pub const CHANNEL_ID: u64 = 920_000_000_000_000_001;
/// Timestamp used for every object (Discord's ISO 8601 form).
pub const TIMESTAMP: &str = "2026-11-29T12:00:00.000000+00:00";

/// Discord's error for a DM to a user who does not accept them.
pub const CANNOT_DM: (u16, u64, &str) = (403, 50007, "Cannot send messages to this user");

/// A user of the fake.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FakeUser {
    pub id: u64,
    pub name: String,
    /// The member's permissions in the guild (Discord's bit set, as a decimal string).
    pub permissions: &'static str,
}

/// A member's usual permissions (no Manage Server).
pub const MEMBER_PERMISSIONS: &str = "2248473465835073";
/// The same plus Manage Server (bit 5), as the guild's admins have.
pub const ADMIN_PERMISSIONS: &str = "2248473465835105";

impl FakeUser {
    pub fn new(id: u64, name: &str) -> FakeUser {
        FakeUser { id, name: name.to_string(), permissions: MEMBER_PERMISSIONS }
    }

    /// A member who may manage the server.
    pub fn admin(id: u64, name: &str) -> FakeUser {
        FakeUser { permissions: ADMIN_PERMISSIONS, ..FakeUser::new(id, name) }
    }

    /// The user object as Discord sends it.
    pub fn json(&self) -> Value {
        json!({
            "id": self.id.to_string(), "username": self.name, "global_name": self.name,
            "discriminator": "0", "avatar": null, "bot": false, "public_flags": 0
        })
    }

    /// The guild member object (as inside an interaction).
    pub fn member_json(&self) -> Value {
        json!({
            "user": self.json(), "nick": null, "avatar": null, "roles": [],
            "joined_at": TIMESTAMP, "premium_since": null, "deaf": false, "mute": false,
            "flags": 0, "pending": false, "permissions": self.permissions
        })
    }
}

/// The bot user object.
pub fn bot_user_json() -> Value {
    json!({
        "id": APP_ID.to_string(), "username": BOT_NAME, "global_name": null, "discriminator": "0",
        "avatar": null, "bot": true, "verified": true, "mfa_enabled": false, "flags": 0
    })
}

/// Mutable state behind the REST routes.
#[derive(Default)]
pub struct World {
    next_id: AtomicU64,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    /// Message id → message object as returned to the bot.
    messages: HashMap<u64, Value>,
    /// Interaction token → channel id.
    interaction_channels: HashMap<String, u64>,
    /// Interaction token → the message id of its original response.
    originals: HashMap<String, u64>,
    /// DM channel id → user id.
    dm_channels: HashMap<u64, u64>,
    /// Thread channel id → (parent channel id, name).
    threads: HashMap<u64, (u64, String)>,
    closed_dms: HashSet<u64>,
    /// Interaction tokens answered with a deferral (type 5) whose original is still "thinking".
    deferred: HashSet<String>,
    /// Interaction tokens whose follow-ups and edits the fake answers only after a delay
    /// (a slow upload: the bot's task for that interaction is held up).
    stalled: HashSet<String>,
    /// A channel and how many more messages in it fail with 503 (a Discord outage).
    outage: Option<(u64, usize)>,
    /// The shard count `GET /gateway/bot` recommends; `None`: 1.
    recommended_shards: Option<u32>,
    /// Messages deleted through `DELETE /channels/{c}/messages/{m}`, in order.
    deleted: Vec<u64>,
    /// Pinned message ids.
    pinned: HashSet<u64>,
    /// Pins fail with 50013 Missing Permissions (the bot may not pin), counting attempts.
    refuse_pins: Option<usize>,
    /// New threads fail with 50013 Missing Permissions, counting attempts.
    refuse_threads: Option<usize>,
}

impl World {
    /// A fresh snowflake.
    pub fn new_id(&self) -> u64 {
        950_000_000_000_000_000 + self.next_id.fetch_add(1, Ordering::SeqCst)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Makes `GET /gateway/bot` recommend `shards` shards (at least 1).
    pub fn set_recommended_shards(&self, shards: u32) {
        self.lock().recommended_shards = Some(shards.max(1));
    }

    /// The shard count `GET /gateway/bot` recommends (1 unless set).
    pub fn recommended_shards(&self) -> u32 {
        self.lock().recommended_shards.unwrap_or(1)
    }

    /// Remembers where an interaction happened, for its follow-ups.
    pub fn remember_interaction(&self, token: &str, channel_id: u64) {
        self.lock().interaction_channels.insert(token.to_string(), channel_id);
    }

    /// The channel of an interaction token.
    pub fn interaction_channel(&self, token: &str) -> u64 {
        self.lock().interaction_channels.get(token).copied().unwrap_or(CHANNEL_ID)
    }

    /// Makes DMs to this user fail with 50007.
    pub fn close_dms(&self, user_id: u64) {
        self.lock().closed_dms.insert(user_id);
    }

    /// Opens (or returns) the DM channel with a user.
    pub fn dm_channel(&self, user_id: u64) -> u64 {
        let mut inner = self.lock();
        if let Some((&channel, _)) = inner.dm_channels.iter().find(|(_, u)| **u == user_id) {
            return channel;
        }
        let channel = self.new_id();
        inner.dm_channels.insert(channel, user_id);
        channel
    }

    /// The user a DM channel belongs to.
    pub fn dm_recipient(&self, channel_id: u64) -> Option<u64> {
        self.lock().dm_channels.get(&channel_id).copied()
    }

    /// Whether sending into this channel must fail with 50007.
    /// Makes the next `n` messages in `channel_id` fail with 503 Service Unavailable
    /// (messages elsewhere, such as DMs, still arrive).
    pub fn fail_next_messages_in(&self, channel_id: u64, n: usize) {
        self.lock().outage = Some((channel_id, n));
    }

    /// Whether this message in `channel_id` falls into an outage (counting it down).
    pub fn in_outage(&self, channel_id: u64) -> bool {
        let mut inner = self.lock();
        match &mut inner.outage {
            Some((channel, left)) if *channel == channel_id && *left > 0 => {
                *left -= 1;
                true
            }
            _ => false,
        }
    }

    pub fn refuses_messages(&self, channel_id: u64) -> bool {
        let inner = self.lock();
        inner.dm_channels.get(&channel_id).is_some_and(|u| inner.closed_dms.contains(u))
    }

    /// Creates a thread under `parent`.
    pub fn create_thread(&self, parent: u64, name: &str) -> Value {
        let id = self.new_id();
        self.lock().threads.insert(id, (parent, name.to_string()));
        thread_json(id, parent, name)
    }

    /// The channel object for an id (a thread, a DM or a guild text channel).
    pub fn channel_json(&self, id: u64) -> Value {
        let inner = self.lock();
        if let Some((parent, name)) = inner.threads.get(&id) {
            return thread_json(id, *parent, name);
        }
        if let Some(user) = inner.dm_channels.get(&id) {
            return json!({"id": id.to_string(), "type": 1, "last_message_id": null,
                "recipients": [FakeUser::new(*user, "user").json()]});
        }
        json!({"id": id.to_string(), "type": 0, "guild_id": GUILD_ID.to_string(), "name": "spiele",
            "position": 0, "permission_overwrites": [], "nsfw": false, "parent_id": null})
    }

    /// Stores a message the bot posted and returns the object Discord would answer with.
    pub fn post_message(&self, channel_id: u64, body: &Value, uploads: &[Upload]) -> Value {
        let id = self.new_id();
        let message = message_json(id, channel_id, body, uploads);
        self.lock().messages.insert(id, message.clone());
        message
    }

    /// Stores the original response of an interaction (a callback with a message, or the
    /// first follow-up after a deferral) and returns it.
    pub fn set_original(&self, token: &str, body: &Value, uploads: &[Upload]) -> Value {
        let channel = self.interaction_channel(token);
        let existing = self.lock().originals.get(token).copied();
        match existing {
            Some(id) => self.edit_message(id, body, uploads),
            None => {
                let message = self.post_message(channel, body, uploads);
                let id = message["id"].as_str().and_then(|s| s.parse().ok()).unwrap_or_default();
                self.lock().originals.insert(token.to_string(), id);
                message
            }
        }
    }

    /// Notes a deferred response (callback type 5): its first follow-up becomes the original.
    pub fn mark_deferred(&self, token: &str) {
        self.lock().deferred.insert(token.to_string());
    }

    /// Whether a follow-up for this token fills the deferred original (the first one after a
    /// deferral does, as on Discord, whatever its flags say); consumes the deferral.
    pub fn take_deferred(&self, token: &str) -> bool {
        self.lock().deferred.remove(token)
    }

    /// Holds up every follow-up and edit of the interaction with `token` (see
    /// [`World::is_stalled`]).
    pub fn stall(&self, token: &str) {
        self.lock().stalled.insert(token.to_string());
    }

    /// Whether requests for this interaction token are held up.
    pub fn is_stalled(&self, token: &str) -> bool {
        self.lock().stalled.contains(token)
    }

    /// Whether the interaction already has an original response message.
    pub fn has_original(&self, token: &str) -> bool {
        self.lock().originals.contains_key(token)
    }

    /// Edits a stored message (content, components, attachments) and returns it.
    pub fn edit_message(&self, id: u64, body: &Value, uploads: &[Upload]) -> Value {
        let mut inner = self.lock();
        let old = inner.messages.get(&id).cloned();
        let channel = old
            .as_ref()
            .and_then(|m| m["channel_id"].as_str())
            .and_then(|s| s.parse().ok())
            .unwrap_or(CHANNEL_ID);
        let mut message = message_json(id, channel, body, uploads);
        if let Some(old) = old {
            for key in ["content", "components", "attachments"] {
                if body.get(key).is_none() {
                    message[key] = old[key].clone();
                }
            }
        }
        inner.messages.insert(id, message.clone());
        message
    }

    /// The original response of an interaction.
    pub fn original(&self, token: &str) -> Option<u64> {
        self.lock().originals.get(token).copied()
    }

    /// The newest stored message that matches.
    pub fn find_message(&self, matches: impl Fn(&Value) -> bool) -> Option<Value> {
        let inner = self.lock();
        inner.messages.iter().filter(|(_, m)| matches(m)).max_by_key(|(id, _)| **id).map(|(_, m)| m.clone())
    }

    /// A stored message.
    pub fn message(&self, id: u64) -> Option<Value> {
        self.lock().messages.get(&id).cloned()
    }

    /// Deletes a message; whether it existed.
    pub fn delete_message(&self, id: u64) -> bool {
        let mut inner = self.lock();
        let existed = inner.messages.remove(&id).is_some();
        if existed {
            inner.deleted.push(id);
        }
        existed
    }

    /// The messages deleted so far, in order.
    pub fn deleted(&self) -> Vec<u64> {
        self.lock().deleted.clone()
    }

    /// Pins a message, unless pins are refused: whether it was pinned.
    pub fn pin(&self, id: u64) -> bool {
        let mut inner = self.lock();
        if let Some(tries) = inner.refuse_pins.as_mut() {
            *tries += 1;
            return false;
        }
        inner.pinned.insert(id)
    }

    /// Whether a message is pinned.
    pub fn is_pinned(&self, id: u64) -> bool {
        self.lock().pinned.contains(&id)
    }

    /// From now on pins fail with 50013 (the bot lacks Manage Messages).
    pub fn refuse_pins(&self) {
        self.lock().refuse_pins = Some(0);
    }

    /// From now on new threads fail with 50013 (the bot lacks Create Public Threads).
    pub fn refuse_threads(&self) {
        self.lock().refuse_threads = Some(0);
    }

    /// Whether a new thread may be made (else the refusal is counted).
    pub fn may_create_thread(&self) -> bool {
        match self.lock().refuse_threads.as_mut() {
            Some(tries) => {
                *tries += 1;
                false
            }
            None => true,
        }
    }

    /// How many new threads were refused.
    pub fn refused_threads(&self) -> usize {
        self.lock().refuse_threads.unwrap_or(0)
    }

    /// How many pins were refused.
    pub fn refused_pins(&self) -> usize {
        self.lock().refuse_pins.unwrap_or(0)
    }
}

fn thread_json(id: u64, parent: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(), "type": 11, "guild_id": GUILD_ID.to_string(), "name": name,
        "parent_id": parent.to_string(), "owner_id": APP_ID.to_string(), "last_message_id": null,
        "position": 0, "permission_overwrites": [], "nsfw": false, "rate_limit_per_user": 0,
        "message_count": 0, "member_count": 1,
        "thread_metadata": {"archived": false, "auto_archive_duration": 10080,
            "archive_timestamp": TIMESTAMP, "locked": false}
    })
}

/// A message object as Discord returns it for a posted message.
pub fn message_json(id: u64, channel_id: u64, body: &Value, uploads: &[Upload]) -> Value {
    let attachments: Vec<Value> = uploads
        .iter()
        .map(|u| {
            json!({"id": (id + 1).to_string(), "filename": u.filename, "size": u.bytes.len(),
                "url": format!("https://cdn.invalid/{id}/{}", u.filename),
                "proxy_url": format!("https://cdn.invalid/{id}/{}", u.filename),
                "content_type": u.content_type})
        })
        .collect();
    json!({
        "id": id.to_string(), "channel_id": channel_id.to_string(), "author": bot_user_json(),
        "content": body.get("content").cloned().unwrap_or(json!("")),
        "timestamp": TIMESTAMP, "edited_timestamp": null, "tts": false,
        "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": attachments,
        "embeds": [], "pinned": false, "type": 0,
        "flags": body.get("flags").cloned().unwrap_or(json!(0)),
        "components": body.get("components").cloned().unwrap_or(json!([])),
        "application_id": APP_ID.to_string(), "webhook_id": null
    })
}
