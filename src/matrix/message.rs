//! What the bot sends: texts with mentions (pills), board images, replies, and where
//! they go (the room, or a player's direct-message room).

use std::collections::BTreeSet;

use matrix_sdk::ruma::{
    OwnedEventId, OwnedRoomId, OwnedUserId,
    events::{
        Mentions,
        room::message::{AddMentions, ForwardThread, ReplyMetadata, RoomMessageEventContent},
    },
};

/// A piece of a text: plain text, or a mention of a user that clients show as a pill and
/// that notifies the user (`m.mentions` plus a `matrix.to` link in `formatted_body`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    Text(String),
    Mention { user_id: OwnedUserId, name: String },
}

/// A file to post: `m.image` for images (a board PNG), `m.file` for anything else (a
/// game record's JSON).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Upload {
    /// The file name shown by clients (the event's `body`), e.g. `game-3-move-12.png`.
    pub name: String,
    /// The MIME type, e.g. `image/png` or `application/json`.
    pub mime: String,
    pub bytes: Vec<u8>,
}

impl Upload {
    /// A PNG image.
    pub fn png(name: impl Into<String>, bytes: Vec<u8>) -> Upload {
        Upload { name: name.into(), mime: "image/png".into(), bytes }
    }

    /// Whether clients should show it as an image.
    pub fn is_image(&self) -> bool {
        self.mime.starts_with("image/")
    }
}

/// Where a message goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    /// A room the bot is in.
    Room(OwnedRoomId),
    /// The direct-message room of the bot and `user` (created on first need, reused
    /// afterwards). `origin` is the room the message is about: the message gets a first
    /// line linking to it, so the player knows which table it belongs to.
    Direct { user: OwnedUserId, origin: Option<OwnedRoomId> },
}

/// The message a reply answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplyTarget {
    pub event_id: OwnedEventId,
    pub sender: OwnedUserId,
}

/// One message of the bot: an optional file (image) and an optional text, sent as one
/// event (the text is the file's caption).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outgoing {
    pub to: Destination,
    pub text: Vec<Piece>,
    pub file: Option<Upload>,
    /// Send the text as a reply to this message (e.g. a refusal answers the command).
    pub reply_to: Option<ReplyTarget>,
    /// The message tidies or replaces one the bot keeps track of in the room (a turn
    /// ping, the dashboard: [`commands::Slot`]), with the game's move number (0 for none).
    pub slot: Option<(commands::Slot, u64)>,
}

impl Outgoing {
    /// A plain text to a room.
    pub fn text(room: OwnedRoomId, text: impl Into<String>) -> Outgoing {
        Outgoing { to: Destination::Room(room), text: vec![Piece::Text(text.into())], file: None, reply_to: None, slot: None }
    }
}

/// What a text of `pieces` says, in both of Matrix's forms: `body` writes mentions as the
/// display name, `html` (the `formatted_body`) as `matrix.to` pills and `users` lists the
/// mentioned users (and only them, so nobody else is notified: `m.mentions`). `html` is
/// `None` where the plain body says it all (no pill, no line break, no code span).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    pub body: String,
    pub html: Option<String>,
    pub users: BTreeSet<OwnedUserId>,
}

/// `pieces` rendered as [`Rendered`].
pub fn render(pieces: &[Piece]) -> Rendered {
    let mut body = String::new();
    let mut html = String::new();
    let mut users = BTreeSet::new();
    for piece in pieces {
        match piece {
            Piece::Text(text) => {
                body.push_str(text);
                html.push_str(&code_spans(&escape_html(text)).replace('\n', "<br>"));
            }
            Piece::Mention { user_id, name } => {
                let name = if name.trim().is_empty() { user_id.as_str() } else { name.as_str() };
                body.push_str(name);
                html.push_str(&format!(
                    r#"<a href="https://matrix.to/#/{}">{}</a>"#,
                    escape_html(user_id.as_str()),
                    escape_html(name)
                ));
                users.insert(user_id.clone());
            }
        }
    }
    let plain = users.is_empty() && !body.contains('\n') && !html.contains("<code>");
    Rendered { body, html: (!plain).then_some(html), users }
}

/// The `m.text` content of `pieces` ([`render`]); with `reply_to` a rich reply.
pub fn text_content(pieces: &[Piece], reply_to: Option<&ReplyTarget>) -> RoomMessageEventContent {
    let Rendered { body, html, users } = render(pieces);
    let content = match html {
        None => RoomMessageEventContent::text_plain(body),
        Some(html) => RoomMessageEventContent::text_html(body, html),
    };
    as_reply(content.add_mentions(Mentions::with_user_ids(users)), reply_to)
}

/// `content` made a rich reply to `reply_to`, if any.
pub fn as_reply(content: RoomMessageEventContent, reply_to: Option<&ReplyTarget>) -> RoomMessageEventContent {
    match reply_to {
        Some(target) => content.make_reply_to(
            ReplyMetadata::new(&target.event_id, &target.sender, None),
            ForwardThread::No,
            AddMentions::Yes,
        ),
        None => content,
    }
}

/// `text` escaped for HTML element content and double-quoted attribute values (`& < > "`),
/// by `maud`'s escaper, as the web pages are.
pub fn escape_html(text: &str) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(text.len());
    let _ = maud::Escaper::new(&mut out).write_str(text);
    out
}

/// `text` (already escaped) with each pair of backticks made a `<code>` span, as the
/// bot's texts mark commands (`` `join` ``); an odd backtick left over stays as it is.
fn code_spans(text: &str) -> String {
    let parts: Vec<&str> = text.split('`').collect();
    if parts.len() < 3 {
        return text.to_string();
    }
    let pairs = (parts.len() - 1) / 2;
    let mut out = String::with_capacity(text.len() + 13 * pairs);
    for (i, part) in parts.iter().enumerate() {
        match i {
            0 => {}
            i if i <= 2 * pairs => out.push_str(if i % 2 == 1 { "<code>" } else { "</code>" }),
            _ => out.push('`'),
        }
        out.push_str(part);
    }
    out
}

/// The width and height of a PNG from its IHDR chunk, or `None` if `bytes` is no PNG.
pub fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    if bytes.get(..8)? != SIGNATURE || bytes.get(12..16)? != b"IHDR" {
        return None;
    }
    let width = u32::from_be_bytes(bytes.get(16..20)?.try_into().ok()?);
    let height = u32::from_be_bytes(bytes.get(20..24)?.try_into().ok()?);
    Some((width, height))
}
