//! What the command layer answers: texts with structured mentions, an optional file
//! (the board PNG), addressed to the channel or to one user.


use crate::ids::GameId;

pub use crate::{
    names::MAX_NAME_CHARS,
    text::{Segment, Text, User},
};

/// Who sees a reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Audience {
    /// Everyone in the channel the request came from.
    Channel,
    /// Only this user (by platform user id): a Discord ephemeral reply or DM, a Matrix
    /// direct-message room.
    User(String),
}

/// A file attached to a reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    /// A file name for the upload, e.g. `game-3-move-12.png`.
    pub name: String,
    /// `image/png` or `application/json`.
    pub mime: &'static str,
    pub bytes: Vec<u8>,
}

/// The game a reply is about and its move number, so an adapter can put both into
/// buttons and recognise a stale click (`Command::Move { at, .. }`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameRef {
    pub id: GameId,
    /// The number of moves and events applied so far.
    pub seq: u64,
}

/// A link a reply carries (the game's web page): Discord shows it as a link button
/// labelled `label`; Matrix and the terminal append `text` (a sentence with the URL).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub url: String,
    /// The button's label, e.g. "Game page".
    pub label: String,
    /// The link as a sentence for platforms without buttons, e.g.
    /// "Game page (every move, live): https://…/g/…".
    pub text: String,
}

/// A message the platform keeps track of under a key per channel, so that a later
/// message can tidy it away or replace it (issue 40: a tidy channel, the dashboard).
/// Adapters keep the message ids in `tracked_messages` (`tracked`);
/// a platform that can neither delete nor edit (the terminal) posts as usual.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    /// The key within the channel: `ping:<game id>`, `dashboard` or `review:<game id>`.
    pub key: String,
    pub action: SlotAction,
}

/// What a reply does with the message kept under its [`Slot`]'s key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlotAction {
    /// A turn ping (`tidy=on`): delete the ping kept before, then keep this message.
    Replace,
    /// A game moved on (`tidy=on`): delete the ping kept under the key if it was posted
    /// at an earlier move than the reply's [`GameRef::seq`]; keep nothing.
    Clear,
    /// The dashboard: edit the kept message into this reply; post (and keep, and pin
    /// where the platform pins) a new one when there is none or it is gone.
    Edit,
    /// A review's progress (issue 44): edit the kept message into this reply; post (and
    /// keep) a new one when there is none or it is gone; never pinned.
    Progress,
}

impl SlotAction {
    /// Whether the reply edits the message kept under its key ([`SlotAction::Edit`],
    /// [`SlotAction::Progress`]) rather than being posted anew.
    pub fn edits(self) -> bool {
        matches!(self, SlotAction::Edit | SlotAction::Progress)
    }
}

impl Slot {
    /// The key of game `id`'s turn ping.
    pub fn ping_key(id: GameId) -> String {
        format!("ping:{id}")
    }

    /// The key of a channel's dashboard.
    pub const DASHBOARD: &'static str = "dashboard";

    /// The key of the progress message of game `id`'s review.
    pub fn review_key(id: GameId) -> String {
        format!("review:{id}")
    }
}

/// One message of the bot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    pub audience: Audience,
    pub text: Text,
    pub file: Option<Attachment>,
    pub game: Option<GameRef>,
    /// A refusal (the command changed nothing); Discord shows it only to the requester.
    pub refusal: bool,
    /// A link to show with the text (the game's web page), when `[web]` is configured.
    pub link: Option<Link>,
    /// The message tidies or replaces an earlier one ([`Slot`]).
    pub slot: Option<Slot>,
    /// Games that want a thread of their own in the message's channel (a tournament
    /// round's games where the scope has `threads=on`, issue 39). Only Discord opens
    /// them, before posting this message; Matrix and the terminal ignore the list.
    pub threads: Vec<GameThread>,
}

/// A game that should move into a new thread ([`Reply::threads`]): the game, the
/// thread's name (at most 100 characters, Discord's limit, are used) and the language of
/// the post that asks for it, in which the adapter writes its line about the threads
/// (their links, or that they could not be opened), so the post speaks one language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameThread {
    pub game: GameId,
    pub name: String,
    pub lang: crate::i18n::Lang,
}

impl Reply {
    /// A reply to the channel.
    pub fn channel(text: Text) -> Reply {
        Reply { audience: Audience::Channel, text, file: None, game: None, refusal: false, link: None, slot: None, threads: Vec::new() }
    }

    /// A reply only for `user_id`.
    pub fn private(user_id: &str, text: Text) -> Reply {
        Reply { audience: Audience::User(user_id.to_string()), text, file: None, game: None, refusal: false, link: None, slot: None, threads: Vec::new() }
    }

    /// A refusal for the requester.
    pub fn refusal(user_id: &str, text: Text) -> Reply {
        Reply { refusal: true, ..Reply::private(user_id, text) }
    }

    /// Attaches a file.
    pub fn with_file(mut self, file: Option<Attachment>) -> Reply {
        self.file = file;
        self
    }

    /// Adds a link (the game's web page).
    pub fn with_link(mut self, link: Option<Link>) -> Reply {
        self.link = link;
        self
    }

    /// The text with the link's sentence on a line of its own (for platforms without
    /// link buttons: Matrix, the terminal).
    pub fn text_with_link(&self) -> Text {
        let mut text = self.text.clone();
        if let Some(link) = &self.link {
            text.push_line(Text::plain_text(link.text.clone()));
        }
        text
    }

    /// Names the game and its move number.
    pub fn about(mut self, game: GameRef) -> Reply {
        self.game = Some(game);
        self
    }

    /// Asks for a thread of its own for each of `threads` ([`Reply::threads`]).
    pub fn with_threads(mut self, threads: Vec<GameThread>) -> Reply {
        self.threads = threads;
        self
    }

    /// Marks the message as kept under `key` with `action` ([`Slot`]).
    pub fn in_slot(mut self, key: impl Into<String>, action: SlotAction) -> Reply {
        self.slot = Some(Slot { key: key.into(), action });
        self
    }

    /// Whether `user_id` may see this reply.
    pub fn visible_to(&self, user_id: &str) -> bool {
        match &self.audience {
            Audience::Channel => true,
            Audience::User(u) => u == user_id,
        }
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn commands_in_code_spans_are_written_the_platforms_way() {
        // Three command words of the grammar (the layer above), as a slash command.
        let slash = |w: &str| ["join", "vacation", "claim"].contains(&w).then(|| format!("/{w}"));
        let text = Text::from_segments(vec![
            Segment::Plain("type `join` to accept; `vacation <days>` pauses; place with `C5`, ".into()),
            Segment::Mention(User::new("u1", "bob")),
            Segment::Plain(" may `claim`; an open `join".into()),
        ]);
        let written = text.with_commands(slash);
        assert_eq!(
            written.plain(),
            "type `/join` to accept; `/vacation <days>` pauses; place with `C5`, @bob may `/claim`; an open `join"
        );
        assert_eq!(written.mentions(), vec![&User::new("u1", "bob")]);
        let prefixed = Text::plain_text("tippe `zurücknehmen`").with_commands(|w| Some(format!("!st {w}")));
        assert_eq!(prefixed.plain(), "tippe `!st zurücknehmen`");
        let fenced = Text::plain_text("```\njoin\n``` and `join`");
        assert_eq!(fenced.with_commands(slash), fenced, "code blocks are left alone");
    }

    use super::*;

    #[test]
    fn names_are_cleaned_and_bounded() {
        let user = User::new("7", "  bob\u{E000}\n  ");
        assert_eq!(user.name, "bob");
        assert_eq!(User::new("7", "").name, "7");
        assert_eq!(User::new("7", "x".repeat(500)).name.chars().count(), MAX_NAME_CHARS);
    }

    #[test]
    fn texts_render_mentions_per_platform() {
        let bob = User::new("42", "bob");
        let text = Text::from_segments(vec![Segment::Plain("over to ".into()), Segment::Mention(bob.clone())]);
        assert_eq!(text.plain(), "over to @bob");
        assert_eq!(text.render(|u| format!("<@{}>", u.id)), "over to <@42>");
        assert_eq!(text.mentions(), vec![&bob]);
    }

    #[test]
    fn private_replies_are_visible_to_their_owner_only() {
        let reply = Reply::private("alice", Text::plain_text("your hand"));
        assert!(reply.visible_to("alice"));
        assert!(!reply.visible_to("bob"));
        assert!(Reply::channel(Text::default()).visible_to("bob"));
    }
}
