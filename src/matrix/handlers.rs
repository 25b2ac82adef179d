//! Event handlers: free async functions that matrix-sdk calls during a sync. They only
//! check and hand over (guard clauses first); the work happens in the bot's worker, so a
//! slow reply never holds up the sync.

use std::{
    collections::{HashSet, VecDeque},
    sync::{Arc, Mutex, RwLock},
    time::Duration,
};

use matrix_sdk::{
    Client, Room, RoomState,
    event_handler::Ctx,
    ruma::{
        OwnedEventId, UserId,
        events::room::{
            member::{MembershipState, StrippedRoomMemberEvent},
            message::{MessageType, OriginalSyncRoomMessageEvent, Relation},
            power_levels::UserPowerLevel,
        },
    },
};
use tokio::sync::mpsc;

use super::{
    Incoming,
    command::{Addressing, MessageText, command_line},
    ratelimit::{RetryStats, verdict, Verdict},
};

/// Power level from which a room member counts as a room admin.
pub const ADMIN_POWER_LEVEL: i64 = 50;
/// How many recent event ids are remembered to drop a redelivered event.
const SEEN_CAPACITY: usize = 4096;
/// Joining right after an invite may fail with 403 while the homeserver catches up.
const JOIN_ATTEMPTS: u32 = 8;

/// What the handlers share (registered as matrix-sdk event handler context).
pub struct Shared {
    pub addressing: RwLock<Addressing>,
    incoming: Mutex<Option<mpsc::UnboundedSender<Incoming>>>,
    pub stats: Arc<RetryStats>,
    seen: Mutex<Seen>,
}

impl Shared {
    pub fn new(addressing: Addressing, incoming: mpsc::UnboundedSender<Incoming>, stats: Arc<RetryStats>) -> Shared {
        Shared { addressing: RwLock::new(addressing), incoming: Mutex::new(Some(incoming)), stats, seen: Mutex::new(Seen::default()) }
    }

    /// Hands a command to the worker; false once [`close`](Shared::close)d.
    fn hand_over(&self, incoming: Incoming) -> bool {
        let Ok(guard) = self.incoming.lock() else { return false };
        guard.as_ref().is_some_and(|tx| tx.send(incoming).is_ok())
    }

    /// Takes no more commands: the worker finishes those it has and ends.
    pub fn close(&self) {
        if let Ok(mut guard) = self.incoming.lock() {
            guard.take();
        }
    }

    /// Records `event_id`; false if it was seen before.
    fn first_sight(&self, event_id: &OwnedEventId) -> bool {
        self.seen.lock().map(|mut seen| seen.insert(event_id.clone())).unwrap_or(true)
    }
}

/// A bounded set of recently handled event ids.
#[derive(Default)]
struct Seen {
    ids: HashSet<OwnedEventId>,
    order: VecDeque<OwnedEventId>,
}

impl Seen {
    fn insert(&mut self, id: OwnedEventId) -> bool {
        if !self.ids.insert(id.clone()) {
            return false;
        }
        self.order.push_back(id);
        if self.order.len() > SEEN_CAPACITY
            && let Some(old) = self.order.pop_front()
        {
            self.ids.remove(&old);
        }
        true
    }
}

/// An invitation for the bot: join (in the background, with retries).
pub async fn on_invite(event: StrippedRoomMemberEvent, room: Room, client: Client, shared: Ctx<Arc<Shared>>) {
    let Some(me) = client.user_id() else { return };
    if event.state_key != me || event.content.membership != MembershipState::Invite {
        return;
    }
    if room.state() != RoomState::Invited {
        return;
    }
    let stats = shared.stats.clone();
    tokio::spawn(async move { join_with_retry(room, &stats).await });
}

/// Joins `room`, retrying the 403 that a homeserver may answer right after the invite,
/// rate limits and network errors, with backoff.
pub async fn join_with_retry(room: Room, stats: &RetryStats) {
    let room_id = room.room_id().to_owned();
    let mut wait = Duration::from_millis(500);
    for attempt in 1..=JOIN_ATTEMPTS {
        let error = match room.join().await {
            Ok(()) => {
                tracing::info!(room = %room_id, "joined after an invitation");
                return;
            }
            Err(error) => error,
        };
        if let Verdict::RateLimited(Some(after)) = verdict(&error) {
            stats.rate_limited.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            wait = wait.max(after);
        }
        tracing::warn!(room = %room_id, attempt, "joining failed: {error}");
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(Duration::from_secs(60));
    }
    tracing::warn!(room = %room_id, "gave up joining");
}

/// A message in a room: if it is a command for the bot, hand it to the worker. Called by
/// the sync loop (see [`super::sync`]) for each message after the bot's latest join, in
/// timeline order, a gap that the sync left out first.
pub async fn on_room_message(event: OriginalSyncRoomMessageEvent, room: &Room, me: &UserId, shared: &Shared) {
    if room.state() != RoomState::Joined {
        return;
    }
    if event.sender == me {
        return;
    }
    let MessageType::Text(text) = &event.content.msgtype else { return };
    if matches!(event.content.relates_to, Some(Relation::Replacement(_))) {
        return; // edits are not commands (the original was handled already)
    }
    let is_direct = room.direct_targets().iter().any(|t| t.as_str() == event.sender.as_str());
    let formatted = text.formatted.as_ref().map(|f| f.body.as_str());
    let line = {
        let Ok(addressing) = shared.addressing.read() else { return };
        command_line(MessageText { body: &text.body, formatted, is_direct }, &addressing)
    };
    let Some(line) = line else { return };
    if !shared.first_sight(&event.event_id) {
        return;
    }
    let (sender_name, is_admin) = match room.get_member_no_sync(&event.sender).await {
        Ok(Some(member)) => {
            let admin = match member.power_level() {
                UserPowerLevel::Infinite => true,
                UserPowerLevel::Int(level) => i64::from(level) >= ADMIN_POWER_LEVEL,
                _ => false,
            };
            (member.name().to_string(), admin)
        }
        _ => (event.sender.localpart().to_string(), false),
    };
    let incoming = Incoming {
        room_id: room.room_id().to_owned(),
        event_id: event.event_id.clone(),
        sender: event.sender.clone(),
        sender_name,
        is_admin,
        is_direct,
        line,
    };
    tracing::debug!(room = %incoming.room_id, event = %incoming.event_id, "command received");
    if !shared.hand_over(incoming) {
        tracing::warn!("shutting down; a command was dropped");
    }
}
