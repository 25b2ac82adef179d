//! The sync loop.
//!
//! First start (no first sync recorded in the store, see [`FIRST_SYNC_MARKER`]): one
//! sync *before* anything is handled, so the backlog of rooms the account is already in is not answered.
//! Later starts: the sync continues from the stored token, so exactly the commands sent
//! while the bot was down are handled. matrix-sdk saves the token of a sync response
//! before the loop looks at its events, so a command is never handled twice (after a
//! crash at the wrong moment it may be missed, never repeated).
//!
//! The loop reads each joined room's timeline itself (no event handler), in order:
//! - Only events after the bot's own latest join to a room count (see [`is_own_join`]):
//!   when the bot is invited to a room, or invited again after a kick, the history the
//!   homeserver sends with the join is not answered. This check needs no memory of its
//!   own (the join is in the room's timeline), so it holds across restarts.
//! - A timeline the homeserver cut short (`limited`, e.g. more than ten events in a
//!   room while the bot was down) is completed first: `/messages` backwards from the
//!   timeline's `prev_batch` to the previous sync's token (or to the bot's join, or at
//!   most [`GAP_CAP`] events), so the gap's commands are handled, in order, before the
//!   new ones.
//!
//! A failed sync (lost connection, homeserver restart) is retried with backoff; the loop
//! ends only on shutdown or when the homeserver refuses the session.

use std::{future::Future, path::Path, sync::Arc, time::Duration};

use matrix_sdk::{
    Client, Room,
    config::SyncSettings,
    deserialized_responses::TimelineEvent,
    room::MessagesOptions,
    ruma::{
        UInt, UserId,
        api::error::ErrorKind,
        events::{
            AnySyncStateEvent, AnySyncTimelineEvent, SyncStateEvent,
            room::{member::MembershipState, message::OriginalSyncRoomMessageEvent},
        },
    },
    store::{StateStoreDataKey, StateStoreDataValue},
    sync::{JoinedRoomUpdate, SyncResponse},
};

use super::{
    handlers::{Shared, join_with_retry, on_invite, on_room_message},
    ratelimit::{Verdict, retry, verdict, wait_after},
};

/// The most events fetched to fill one room's gap: a gap longer than this (a very busy
/// room during a long downtime) loses its oldest events, with a warning, rather than
/// stalling the bot.
pub const GAP_CAP: usize = 3000;
/// Events per `/messages` request while filling a gap.
const GAP_PAGE: u32 = 100;

/// A file in the store directory, written once the first sync (the one that skips the
/// backlog) has completed.
pub const FIRST_SYNC_MARKER: &str = "first-sync-done";

/// Registers the handlers (after an initial sync on a fresh store) and syncs until
/// `shutdown` completes.
pub async fn run(
    client: &Client,
    store: &Path,
    shared: Arc<Shared>,
    timeout: Duration,
    shutdown: impl Future<Output = ()>,
) -> anyhow::Result<()> {
    let settings = SyncSettings::default().timeout(timeout);
    tokio::pin!(shutdown);

    let marker = store.join(FIRST_SYNC_MARKER);
    if !marker.exists() {
        tracing::info!("first sync on a fresh store: skipping the backlog");
        let mut attempt = 0;
        loop {
            let error = tokio::select! {
                result = client.sync_once(settings.clone()) => match result {
                    Ok(_) => {
                        std::fs::write(&marker, b"")?;
                        break;
                    }
                    Err(error) => error,
                },
                () = &mut shutdown => return Ok(()),
            };
            attempt += 1;
            check_fatal(&error)?;
            let wait = wait_after(backoff_verdict(&error), attempt);
            tracing::warn!(attempt, wait_ms = wait.as_millis() as u64, "initial sync failed: {error}");
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                () = &mut shutdown => return Ok(()),
            }
        }
    }

    client.add_event_handler_context(shared.clone());
    client.add_event_handler(on_invite);
    let Some(me) = client.user_id().map(ToOwned::to_owned) else { anyhow::bail!("not logged in") };
    // where the previous sync ended: the gaps of limited timelines end there
    let mut since = stored_sync_token(client).await;

    // invitations that arrived before the handlers were registered
    for room in client.invited_rooms() {
        let stats = shared.stats.clone();
        tokio::spawn(async move { join_with_retry(room, &stats).await });
    }

    let mut attempt = 0;
    loop {
        let result = tokio::select! {
            result = client.sync_once(settings.clone()) => result,
            () = &mut shutdown => return Ok(()),
        };
        match result {
            Ok(response) => {
                handle_response(client, &me, &shared, &response, since.as_deref()).await;
                since = Some(response.next_batch.clone());
                if attempt > 0 {
                    tracing::info!("sync recovered after {attempt} failed attempts");
                }
                attempt = 0;
            }
            Err(error) => {
                attempt += 1;
                shared.stats.sync_failures.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                check_fatal(&error)?;
                let wait = wait_after(backoff_verdict(&error), attempt.min(8));
                tracing::warn!(attempt, wait_ms = wait.as_millis() as u64, "sync failed: {error}");
                tokio::select! {
                    () = tokio::time::sleep(wait) => {}
                    () = &mut shutdown => return Ok(()),
                }
            }
        }
    }
}

/// A sync error retrying cannot fix: the access token was revoked.
fn check_fatal(error: &matrix_sdk::Error) -> anyhow::Result<()> {
    if let Some(ErrorKind::UnknownToken(_)) = error.client_api_error_kind() {
        anyhow::bail!("the homeserver no longer accepts the bot's session ({error}); delete the store directory to log in anew");
    }
    Ok(())
}

/// Any sync failure is retried: as the server asked, else with backoff.
fn backoff_verdict(error: &matrix_sdk::Error) -> Verdict {
    match verdict(error) {
        Verdict::Permanent => Verdict::Network,
        other => other,
    }
}

/// The sync token matrix-sdk stored (where the next sync continues), if any.
async fn stored_sync_token(client: &Client) -> Option<String> {
    match client.state_store().get_kv_data(StateStoreDataKey::SyncToken).await {
        Ok(Some(StateStoreDataValue::SyncToken(token))) => Some(token),
        Ok(_) => None,
        Err(error) => {
            tracing::warn!("cannot read the stored sync token: {error}");
            None
        }
    }
}

/// Hands the commands of one sync response to the worker, room by room, each room's in
/// timeline order (a gap first).
async fn handle_response(client: &Client, me: &UserId, shared: &Shared, response: &SyncResponse, since: Option<&str>) {
    for (room_id, update) in &response.rooms.joined {
        let Some(room) = client.get_room(room_id) else { continue };
        for event in room_events(&room, me, update, since, &shared.stats).await {
            if let Some(message) = as_message(&event) {
                on_room_message(message, &room, me, shared).await;
            }
        }
    }
}

/// The events of `update` the bot may answer, in order: those after its latest join in
/// this timeline; if it was joined before and the timeline is `limited`, the gap since
/// `since` first.
async fn room_events(room: &Room, me: &UserId, update: &JoinedRoomUpdate, since: Option<&str>, stats: &super::RetryStats) -> Vec<TimelineEvent> {
    let timeline = &update.timeline;
    let newest = match timeline.events.iter().rposition(|e| is_own_join(e, me)) {
        // joined (again) in this batch: what came before is history
        Some(join) => return timeline.events[join + 1..].to_vec(),
        None => &timeline.events[..],
    };
    let mut events = Vec::new();
    if timeline.limited
        && let (Some(from), Some(to)) = (timeline.prev_batch.as_deref(), since)
    {
        events = gap(room, me, from, to, stats).await;
    }
    events.extend_from_slice(newest);
    events
}

/// The events between the sync token `to` and the timeline token `from` (oldest first),
/// but none from before the bot's latest join and at most [`GAP_CAP`] (the newest).
async fn gap(room: &Room, me: &UserId, from: &str, to: &str, stats: &super::RetryStats) -> Vec<TimelineEvent> {
    let mut found = Vec::new();
    let mut from = from.to_owned();
    'pages: loop {
        let options = || {
            let mut options = MessagesOptions::backward().from(Some(from.as_str()));
            options.to = Some(to.to_owned());
            options.limit = UInt::from(GAP_PAGE);
            options
        };
        let page = match retry("fill a timeline gap", stats, || room.messages(options())).await {
            Ok(page) => page,
            Err(error) => {
                tracing::warn!(room = %room.room_id(), events = found.len(), "the gap in the timeline could not be read to its start: {error}");
                break;
            }
        };
        for event in page.chunk.iter().cloned() {
            if is_own_join(&event, me) {
                break 'pages;
            }
            if found.len() >= GAP_CAP {
                tracing::warn!(room = %room.room_id(), cap = GAP_CAP, "the gap in the timeline is longer than the cap: its older events are not handled");
                break 'pages;
            }
            found.push(event);
        }
        match page.end {
            Some(end) if !page.chunk.is_empty() => from = end,
            _ => break,
        }
    }
    if !found.is_empty() {
        tracing::info!(room = %room.room_id(), events = found.len(), "read a gap in the timeline");
    }
    found.reverse();
    found
}

/// Whether `event` is the bot joining the room (not a profile change of a member
/// already joined). An own join whose previous membership is unknown counts as a join.
pub fn is_own_join(event: &TimelineEvent, me: &UserId) -> bool {
    let Ok(AnySyncTimelineEvent::State(AnySyncStateEvent::RoomMember(SyncStateEvent::Original(member)))) = event.raw().deserialize() else {
        return false;
    };
    member.state_key == me
        && member.content.membership == MembershipState::Join
        && member.unsigned.prev_content.is_none_or(|previous| previous.membership != MembershipState::Join)
}

/// `event` as a room message (decrypted, where it was encrypted), if it is one.
fn as_message(event: &TimelineEvent) -> Option<OriginalSyncRoomMessageEvent> {
    let raw = event.raw();
    if raw.get_field::<String>("type").ok().flatten().as_deref() != Some("m.room.message") {
        return None;
    }
    raw.deserialize_as_unchecked::<OriginalSyncRoomMessageEvent>().ok()
}
