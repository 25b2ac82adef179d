//! Texts with structured mentions: the [`User`] a platform names, a [`Text`] of plain
//! pieces and mentions that each platform renders its own way. Below the translations
//! (which build texts) and the replies (which carry them).

use std::fmt;

use crate::ids::is_ai;

/// A chat user as the platform identifies them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct User {
    /// The platform's stable id (a Discord snowflake, a Matrix user id, the terminal name).
    pub id: String,
    /// The display name, for texts and boards.
    pub name: String,
}

impl User {
    /// A user, their name normalised once here, where it enters
    /// ([`crate::names::normalise`]: invisible characters removed, NFKC, at most
    /// `MAX_NAME_CHARS`). A name that is empty then, or that would pass for the bot's AI
    /// seats ([`crate::names::passes_for_the_bot`]) unless this is an AI seat, is
    /// replaced by the user's id: nobody is shown as the AI.
    pub fn new(id: impl Into<String>, name: impl Into<String>) -> User {
        let id = id.into();
        let name = crate::names::normalise(&name.into());
        let fake = !is_ai(&id) && crate::names::passes_for_the_bot(&name);
        let name = if name.is_empty() || fake { crate::names::normalise(&id) } else { name };
        User { id, name }
    }
}

/// A piece of a text: plain text, or a mention each platform renders its own way
/// (Discord `<@id>`, a Matrix pill, `@name` in the terminal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Segment {
    Plain(String),
    Mention(User),
}

impl Segment {
    /// A mention of `user`, or their name as plain text when `user` is an AI seat: an AI
    /// seat has nobody to ping.
    pub fn of_user(user: User) -> Segment {
        if is_ai(&user.id) { Segment::Plain(user.name) } else { Segment::Mention(user) }
    }
}

/// `text` with the first word of each closed inline code span replaced by
/// `command(word)` where that gives one (see [`Text::with_commands`]).
fn commands_in_spans(text: &str, command: &impl Fn(&str) -> Option<String>) -> String {
    let parts: Vec<&str> = text.split('`').collect();
    let mut out = String::with_capacity(text.len() + 8);
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            out.push('`');
        }
        let closed_span = i % 2 == 1 && i + 1 < parts.len();
        let first = part.split_whitespace().next().unwrap_or_default();
        match command(first).filter(|_| closed_span && !first.is_empty() && part.starts_with(first)) {
            Some(written) => {
                out.push_str(&written);
                out.push_str(&part[first.len()..]);
            }
            None => out.push_str(part),
        }
    }
    out
}

/// A text in the user's language, possibly with mentions.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Text(Vec<Segment>);

impl Text {
    /// A text without mentions.
    pub fn plain_text(text: impl Into<String>) -> Text {
        Text(vec![Segment::Plain(text.into())])
    }

    /// The text as plain text, mentions written `@name` (the terminal's way).
    pub fn plain(&self) -> String {
        self.render(|u| format!("@{}", u.name))
    }

    /// Builds a text from segments.
    pub fn from_segments(segments: Vec<Segment>) -> Text {
        Text(segments)
    }

    /// The text with each command named in an inline code span written the platform's
    /// way: `command(word)` gives the replacement for a span's first word when it is a
    /// command word (Discord: `` `join` `` → `` `/join` ``; Matrix: `` `!st join` ``).
    /// Unclosed spans, spans around mentions and texts with code blocks stay as they are.
    pub fn with_commands(&self, command: impl Fn(&str) -> Option<String>) -> Text {
        let fenced = self.0.iter().any(|s| matches!(s, Segment::Plain(t) if t.contains("```")));
        if fenced {
            return self.clone();
        }
        let segments = self
            .0
            .iter()
            .map(|segment| match segment {
                Segment::Plain(t) => Segment::Plain(commands_in_spans(t, &command)),
                mention => mention.clone(),
            })
            .collect();
        Text(segments)
    }

    /// `users` as mentions separated by ", ".
    pub fn mention_list(users: Vec<User>) -> Text {
        let mut segments = Vec::new();
        for (i, user) in users.into_iter().enumerate() {
            if i > 0 {
                segments.push(Segment::Plain(", ".into()));
            }
            segments.push(Segment::of_user(user));
        }
        Text(segments)
    }

    /// The segments, in order.
    pub fn segments(&self) -> &[Segment] {
        &self.0
    }

    /// The users mentioned, in order.
    pub fn mentions(&self) -> Vec<&User> {
        self.0
            .iter()
            .filter_map(|s| match s {
                Segment::Mention(u) => Some(u),
                Segment::Plain(_) => None,
            })
            .collect()
    }

    /// Renders the text, each mention through `mention`.
    pub fn render(&self, mut mention: impl FnMut(&User) -> String) -> String {
        self.0
            .iter()
            .map(|s| match s {
                Segment::Plain(t) => t.clone(),
                Segment::Mention(u) => mention(u),
            })
            .collect()
    }

    /// Appends another text.
    pub fn push(&mut self, other: Text) {
        self.0.extend(other.0);
    }

    /// Appends another text on a new line.
    pub fn push_line(&mut self, other: Text) {
        if !self.0.is_empty() {
            self.0.push(Segment::Plain("\n".into()));
        }
        self.0.extend(other.0);
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.plain())
    }
}
