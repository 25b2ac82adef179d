//! The bot's outgoing messages, sent one after another by a single task so that the
//! bot never bursts (Synapse limits messages per sender, not per room) and messages keep
//! their order. Every request goes through [`ratelimit::retry`](super::ratelimit::retry).
//! A failed message is logged and skipped: it never stops the bot.

use std::{io::Cursor, sync::Arc};

use anyhow::{Context, anyhow};
use matrix_sdk::{
    Client, Room,
    ruma::{
        OwnedEventId, OwnedRoomId, OwnedUserId, UInt,
        events::{
            Mentions,
            room::{
                ImageInfo, MediaSource,
                message::{
                    FileInfo, FileMessageEventContent, FormattedBody, ImageMessageEventContent, MessageType, ReplacementMetadata,
                    RoomMessageEventContent,
                },
            },
        },
    },
};
use matrix_sdk::RoomMemberships;
use commands::SlotAction;
use tokio::sync::{mpsc, oneshot};

use super::{
    message::{Destination, Outgoing, Piece, ReplyTarget, Upload, as_reply, png_size, render, text_content},
    ratelimit::{RetryStats, no_sdk_retry, retry},
};

enum Job {
    Send(Box<Outgoing>),
    Flush(oneshot::Sender<()>),
}

/// A handle to the outbox: queue messages, or wait until everything queued is sent.
#[derive(Clone)]
pub struct Outbox {
    jobs: mpsc::UnboundedSender<Job>,
    book: Book,
}

/// Where the ids of tracked messages are kept: the command layer's storage, once known.
type Book = Arc<std::sync::OnceLock<Arc<commands::Host>>>;

impl Outbox {
    /// Starts the sending task for `client`.
    pub fn start(client: Client, stats: Arc<RetryStats>) -> Outbox {
        let (jobs, mut queue) = mpsc::unbounded_channel::<Job>();
        let book = Book::default();
        let kept = book.clone();
        tokio::spawn(async move {
            let sender = Sender { client, stats, book: kept };
            while let Some(job) = queue.recv().await {
                match job {
                    Job::Send(message) => {
                        if let Err(error) = sender.send(&message).await {
                            tracing::warn!(to = ?message.to, "could not send a message: {error:#}");
                        }
                    }
                    Job::Flush(done) => {
                        let _ = done.send(());
                    }
                }
            }
        });
        Outbox { jobs, book }
    }

    /// Keeps the ids of tracked messages (turn pings, the dashboard) in `host`'s storage,
    /// so that later messages can redact or edit them, also after a restart.
    pub fn keep_messages_with(&self, host: Arc<commands::Host>) {
        let _ = self.book.set(host);
    }

    /// Queues a message.
    pub fn send(&self, message: Outgoing) {
        if self.jobs.send(Job::Send(Box::new(message))).is_err() {
            tracing::warn!("the outbox is closed; a message was dropped");
        }
    }

    /// Waits until every message queued before this call has been sent (or given up).
    pub async fn flush(&self) {
        let (done, wait) = oneshot::channel();
        if self.jobs.send(Job::Flush(done)).is_ok() {
            let _ = wait.await;
        }
    }
}

struct Sender {
    client: Client,
    stats: Arc<RetryStats>,
    book: Book,
}

impl Sender {
    async fn send(&self, message: &Outgoing) -> anyhow::Result<()> {
        let (room, text) = match &message.to {
            Destination::Room(room_id) => (self.joined_room(room_id)?, message.text.clone()),
            Destination::Direct { user, origin } => {
                let room = match self.direct_room(user).await {
                    Ok(room) => room,
                    Err(error) => return self.report_unreachable(user, origin.as_ref(), error).await,
                };
                (room, self.with_origin(origin.as_ref(), &message.text))
            }
        };
        let text = with_member_names(&room, text).await;
        if self.edited(&room, message, &text).await {
            return Ok(());
        }
        let sent = match &message.file {
            // one event: the file with the text as its caption (Matrix 1.10 media captions)
            Some(file) => self.send_file(&room, file, &text, message.reply_to.as_ref()).await?,
            None if text.is_empty() => return Ok(()),
            None => self.send_content(&room, text_content(&text, message.reply_to.as_ref())).await?,
        };
        self.after_send(&room, message, &sent).await;
        Ok(())
    }

    fn joined_room(&self, room_id: &OwnedRoomId) -> anyhow::Result<Room> {
        self.client.get_room(room_id).ok_or_else(|| anyhow!("the bot is not in room {room_id}"))
    }

    /// Sends `content`; the new event's id.
    async fn send_content(&self, room: &Room, content: RoomMessageEventContent) -> anyhow::Result<OwnedEventId> {
        let sent = retry("send message", &self.stats, || room.send(content.clone()).with_request_config(no_sdk_retry()).into_future())
            .await
            .with_context(|| format!("sending to {}", room.room_id()))?;
        Ok(sent.response.event_id)
    }

    /// For a message that edits the one kept under its slot (the dashboard, a review's
    /// progress): sends the text as an `m.replace` edit of the kept event; whether it
    /// did. Nothing kept, or an edit that fails: `false`, the message is sent anew (and the old one forgotten).
    async fn edited(&self, room: &Room, message: &Outgoing, text: &[Piece]) -> bool {
        let (Some(host), Some((slot, _))) = (self.book.get(), &message.slot) else { return false };
        if !slot.action.edits() || message.file.is_some() || text.is_empty() {
            return false;
        }
        let channel = room.room_id().as_str();
        let Ok(Some(kept)) = host.db().tracked(super::bridge::PLATFORM, channel, &slot.key).await else { return false };
        let Ok(event_id) = OwnedEventId::try_from(kept.message_id.as_str()) else { return false };
        let content = text_content(text, None).make_replacement(ReplacementMetadata::new(event_id, None));
        match self.send_content(room, content).await {
            Ok(_) => true,
            Err(error) => {
                tracing::info!(room = channel, key = slot.key, "the kept message could not be edited, posting anew: {error:#}");
                let _ = host.db().untrack(super::bridge::PLATFORM, channel, &slot.key, &kept.message_id).await;
                false
            }
        }
    }

    /// After `sent` went out for `message`: its slot's bookkeeping. A turn ping
    /// redacts the one kept before and is kept; a game that moved on redacts its older
    /// ping; a dashboard is kept. Failures are logged, never retried.
    async fn after_send(&self, room: &Room, message: &Outgoing, sent: &OwnedEventId) {
        let (Some(host), Some((slot, seq))) = (self.book.get(), &message.slot) else { return };
        let db = host.db();
        let channel = room.room_id().as_str();
        let platform = super::bridge::PLATFORM;
        let kept = db.tracked(platform, channel, &slot.key).await.ok().flatten();
        let redact = |event: String| async move {
            let Ok(event_id) = OwnedEventId::try_from(event.as_str()) else { return };
            if let Err(error) = room.redact(&event_id, None, None).await {
                tracing::info!(room = %room.room_id(), "an old turn ping could not be redacted: {error}");
            }
        };
        let result = match slot.action {
            SlotAction::Replace => {
                if let Some(kept) = kept {
                    redact(kept.message_id).await;
                }
                db.track(platform, channel, &slot.key, sent.as_str(), *seq).await
            }
            SlotAction::Clear => match kept.filter(|k| k.seq < *seq) {
                Some(kept) => {
                    redact(kept.message_id.clone()).await;
                    db.untrack(platform, channel, &slot.key, &kept.message_id).await.map(drop)
                }
                None => Ok(()),
            },
            SlotAction::Edit | SlotAction::Progress => db.track(platform, channel, &slot.key, sent.as_str(), *seq).await,
        };
        if let Err(error) = result {
            tracing::warn!(room = channel, key = slot.key, "a tracked message could not be stored: {error}");
        }
    }

    /// Uploads the file (encrypted first in an encrypted room) and posts it as `m.image`
    /// or `m.file`, with `caption` (if not empty) as its caption: one event for a board
    /// and its text, as Matrix 1.10 captions media: `body` is the caption (plain, mentions
    /// as names), `formatted_body` the caption with pills, `filename` the file's name,
    /// `m.mentions` the mentioned users. Clients without captions show the caption as the
    /// file's name.
    async fn send_file(&self, room: &Room, file: &Upload, caption: &[Piece], reply_to: Option<&ReplyTarget>) -> anyhow::Result<OwnedEventId> {
        let mime: mime::Mime = file.mime.parse().unwrap_or(mime::APPLICATION_OCTET_STREAM);
        let encrypted = room.latest_encryption_state().await.map(|s| s.is_encrypted()).unwrap_or(true);
        let source = if encrypted {
            let encrypted_file = retry("upload encrypted file", &self.stats, || {
                let mut reader = Cursor::new(file.bytes.as_slice());
                async move { self.client.upload_encrypted_file(&mut reader).with_request_config(no_sdk_retry()).await }
            })
            .await
            .with_context(|| format!("uploading {}", file.name))?;
            MediaSource::Encrypted(Box::new(encrypted_file))
        } else {
            let response = retry("upload file", &self.stats, || {
                self.client.media().upload(&mime, file.bytes.clone(), Some(no_sdk_retry())).into_future()
            })
            .await
            .with_context(|| format!("uploading {}", file.name))?;
            MediaSource::Plain(response.content_uri)
        };
        let size = UInt::new(file.bytes.len() as u64);
        let caption = (!caption.is_empty()).then(|| render(caption));
        let (body, formatted, filename) = match &caption {
            Some(caption) => (caption.body.clone(), caption.html.clone().map(FormattedBody::html), Some(file.name.clone())),
            None => (file.name.clone(), None, None),
        };
        let msgtype = if file.is_image() {
            let mut info = ImageInfo::new();
            info.mimetype = Some(file.mime.clone());
            info.size = size;
            if let Some((w, h)) = png_size(&file.bytes) {
                info.width = Some(UInt::from(w));
                info.height = Some(UInt::from(h));
            }
            let mut content = match source {
                MediaSource::Plain(uri) => ImageMessageEventContent::plain(body, uri),
                MediaSource::Encrypted(f) => ImageMessageEventContent::encrypted(body, *f),
            };
            content.formatted = formatted;
            content.filename = filename;
            MessageType::Image(content.info(Box::new(info)))
        } else {
            let mut info = FileInfo::new();
            info.mimetype = Some(file.mime.clone());
            info.size = size;
            let mut content = match source {
                MediaSource::Plain(uri) => FileMessageEventContent::plain(body, uri),
                MediaSource::Encrypted(f) => FileMessageEventContent::encrypted(body, *f),
            };
            content.formatted = formatted;
            content.filename = filename;
            MessageType::File(content.info(Box::new(info)))
        };
        let mentions = caption.map_or_else(Mentions::new, |c| Mentions::with_user_ids(c.users));
        let content = as_reply(RoomMessageEventContent::new(msgtype).add_mentions(mentions), reply_to);
        self.send_content(room, content).await
    }

    /// The bot's direct-message room with `user`: an existing one where the user is still
    /// joined or invited, else a new (encrypted) one with the user invited.
    async fn direct_room(&self, user: &OwnedUserId) -> anyhow::Result<Room> {
        for room in self.client.get_dm_rooms(user) {
            let members = room.members_no_sync(RoomMemberships::JOIN | RoomMemberships::INVITE).await?;
            if members.iter().any(|m| m.user_id().as_str() == user.as_str()) {
                return Ok(room);
            }
        }
        tracing::info!(%user, "creating a direct-message room");
        let room = retry("create direct room", &self.stats, || self.client.create_dm(user)).await?;
        Ok(room)
    }

    /// The text with a first line naming the room it belongs to (a link and its name).
    fn with_origin(&self, origin: Option<&OwnedRoomId>, text: &[Piece]) -> Vec<Piece> {
        let Some(origin) = origin.filter(|_| !text.is_empty()) else { return text.to_vec() };
        let name = self
            .client
            .get_room(origin)
            .and_then(|room| room.name().or_else(|| room.cached_display_name().map(|n| n.to_string())))
            .unwrap_or_else(|| origin.to_string());
        let mut out = vec![Piece::Text(format!("[{name}] "))];
        out.extend(text.iter().cloned());
        out
    }

    /// The direct room could not be had: say so in the origin room (both languages, as
    /// the command layer's language is not known here), so the failure is not silent.
    async fn report_unreachable(&self, user: &OwnedUserId, origin: Option<&OwnedRoomId>, error: anyhow::Error) -> anyhow::Result<()> {
        tracing::warn!(%user, "no direct-message room: {error:#}");
        let Some(room) = origin.and_then(|o| self.client.get_room(o)) else { return Err(error) };
        let text = vec![
            Piece::Mention { user_id: user.clone(), name: user.localpart().to_string() },
            Piece::Text(
                ": I could not open a direct chat with you; please accept my invitation or invite me. \
                 / Ich konnte keinen Direktchat mit dir öffnen; nimm bitte meine Einladung an oder lade mich ein."
                    .into(),
            ),
        ];
        self.send_content(&room, text_content(&text, None)).await.map(drop)
    }
}

/// `pieces` with each mention that carries only its user id as its name (an invitee
/// named by id or pill: `bob:example.org`) named as the room shows that member: the
/// display name, else the id's localpart (also when they are not in the room).
async fn with_member_names(room: &Room, pieces: Vec<Piece>) -> Vec<Piece> {
    let mut named = Vec::with_capacity(pieces.len());
    for piece in pieces {
        named.push(match piece {
            Piece::Mention { user_id, name } if name.is_empty() || user_id.as_str().trim_start_matches('@') == name.trim_start_matches('@') => {
                let member = room.get_member_no_sync(&user_id).await.ok().flatten();
                let name = member.map_or_else(|| user_id.localpart().to_string(), |m| m.name().to_string());
                Piece::Mention { user_id, name }
            }
            other => other,
        });
    }
    named
}
