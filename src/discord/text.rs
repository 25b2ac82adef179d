//! Discord's side of a text: the markdown it is sent as (mentions, slash commands,
//! escaped user text), splitting at Discord's length limit, the user ids it mentions,
//! and the error codes of failed requests. A leaf of the adapter: posting
//! ([`super::deliver`]) and the tracked messages ([`super::tracked`]) use it.

use commands::{Segment, Text, Verb};
use serenity::all::UserId;

/// Discord's limit for a message's text.
const MAX_CONTENT: usize = 2000;

/// The JSON error code of a failed Discord request.
pub fn discord_code(error: &serenity::Error) -> Option<isize> {
    match error {
        serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(response)) => Some(response.error.code),
        _ => None,
    }
}

/// A text with Discord mentions (`<@id>`) and commands as slash commands: a command
/// named in a code span becomes the slash command (`` `join` `` → `` `/join` ``,
/// `` `zuege 3` `` → `` `/züge 3` ``, see [`slash_name`]).
///
/// Everything outside code spans is data, not markup: Discord's markdown characters in it
/// (a user's name `**x**` or `||spoiler||`, an echoed word) are escaped with `\\`, so they
/// show as typed ([`escape_markdown`]). A web address in it (`https://…`, up to the next
/// space or closing bracket) is sent as `<https://…>`, unescaped: Discord links it without
/// a preview card (a round's post names a page per game).
pub fn render(text: &Text) -> String {
    let text = text.with_commands(|word| slash_name(word).map(|name| format!("/{name}")));
    let mut markdown = Markdown::default();
    let mut out = String::new();
    for segment in text.segments() {
        match segment {
            Segment::Plain(plain) => out.push_str(&markdown.escape(plain)),
            Segment::Mention(user) => match discord_user(&user.id) {
                Some(id) => out.push_str(&format!("<@{id}>")),
                None => out.push_str(&markdown.escape(&format!("@{}", user.name))),
            },
        }
    }
    out
}

/// `text` with Discord's markdown characters escaped outside code spans (see
/// [`render`]), for a text on its own.
#[cfg(test)]
fn escape_markdown(text: &str) -> String {
    Markdown::default().escape(text)
}

/// Where a text being escaped stands: inside a code span (between backticks, whose
/// content Discord shows as typed), and at the start of a line (where `>`, `#` and `-`
/// begin a quote, a heading or a list).
#[derive(Debug, Clone, Copy)]
struct Markdown {
    in_code: bool,
    line_start: bool,
}

impl Default for Markdown {
    fn default() -> Markdown {
        Markdown { in_code: false, line_start: true }
    }
}

impl Markdown {
    fn escape(&mut self, text: &str) -> String {
        let mut out = String::with_capacity(text.len() + 4);
        let mut rest = text;
        while let Some(at) = rest.find("https://").or_else(|| rest.find("http://")).filter(|_| !self.in_code) {
            out.push_str(&self.escape_words(&rest[..at]));
            if self.in_code {
                // The text before the address opened a code span: shown as typed.
                out.push_str(&self.escape_words(&rest[at..]));
                return out;
            }
            let url = &rest[at..];
            let len = url.find(|c: char| c.is_whitespace() || matches!(c, ')' | '>' | '<')).unwrap_or(url.len());
            out.push('<');
            out.push_str(&url[..len]);
            out.push('>');
            self.line_start = false;
            rest = &url[len..];
        }
        out.push_str(&self.escape_words(rest));
        out
    }

    /// [`Markdown::escape`] of a text without web addresses.
    fn escape_words(&mut self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            // `> `, `# `, `## `, `- ` at a line's start: a quote, heading or list item
            // (`#3` or `-5` is none).
            let block = self.line_start && matches!(c, '>' | '#' | '-') && matches!(chars.peek(), Some(' ' | '#'));
            if c == '`' {
                self.in_code = !self.in_code;
            } else if !self.in_code && (matches!(c, '\\' | '*' | '_' | '~' | '|' | '[' | ']') || block) {
                out.push('\\');
            }
            out.push(c);
            if c == '\n' {
                self.line_start = true;
            } else if !c.is_whitespace() {
                self.line_start = false;
            }
        }
        out
    }
}

/// The Discord users a text mentions (only they are pinged).
pub(super) fn mentioned(text: &Text) -> Vec<UserId> {
    text.mentions().into_iter().filter_map(|u| discord_user(&u.id)).collect()
}

/// The Discord user a stored user id names: a non-zero snowflake (serenity refuses 0
/// with a panic, and typed text can say `<@0>`).
pub fn discord_user(id: &str) -> Option<UserId> {
    id.parse::<std::num::NonZeroU64>().ok().map(UserId::from)
}

/// Cuts a text to Discord's limit (for private answers, which are short by nature).
pub(super) fn clip(text: &str) -> String {
    let mut chunks = split(text);
    if chunks.len() > 1 {
        chunks.truncate(1);
        let mut first = chunks.remove(0);
        first.truncate(first.char_indices().nth(MAX_CONTENT - 1).map(|(i, _)| i).unwrap_or(first.len()));
        first.push('…');
        return first;
    }
    chunks.pop().unwrap_or_default()
}

/// Splits a text into messages of at most [`MAX_CONTENT`] characters, at line ends where
/// possible.
pub fn split(text: &str) -> Vec<String> {
    let mut chunks = vec![String::new()];
    for line in text.split_inclusive('\n') {
        let mut line = line;
        loop {
            let current = chunks.last_mut().map(|c| c.chars().count()).unwrap_or(0);
            let room = MAX_CONTENT - current;
            let len = line.chars().count();
            if len <= room {
                if let Some(last) = chunks.last_mut() {
                    last.push_str(line);
                }
                break;
            }
            if current > 0 {
                chunks.push(String::new());
                continue;
            }
            let cut = line.char_indices().nth(MAX_CONTENT).map(|(i, _)| i).unwrap_or(line.len());
            if let Some(last) = chunks.last_mut() {
                last.push_str(&line[..cut]);
            }
            chunks.push(String::new());
            line = &line[cut..];
        }
    }
    chunks.retain(|c| !c.is_empty());
    if chunks.is_empty() {
        chunks.push(String::new());
    }
    chunks
}

/// The slash command (without `/`) for a typed command word: the English name for an
/// English word, the German name for a German one (`zuege` → `züge`, `ziehen` → `zug`);
/// `None` for a word that is no command.
pub fn slash_name(word: &str) -> Option<&'static str> {
    let verb = Verb::from_word(word)?;
    Some(if word.eq_ignore_ascii_case(verb.name()) { verb.name() } else { verb.german_name() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_words_name_their_slash_command() {
        assert_eq!(slash_name("join"), Some("join"));
        assert_eq!(slash_name("beitreten"), Some("beitreten"));
        assert_eq!(slash_name("zuege"), Some("züge"));
        assert_eq!(slash_name("ziehen"), Some("zug"));
        assert_eq!(slash_name("bestenliste"), Some("rangliste"));
        assert_eq!(slash_name("hand"), Some("hand"));
        assert_eq!(slash_name("hint"), None);
    }

    #[test]
    fn long_texts_split_at_lines_within_the_limit() {
        let line = format!("{}\n", "x".repeat(999));
        let text = line.repeat(5);
        let chunks = split(&text);
        assert_eq!(chunks.len(), 3);
        assert!(chunks.iter().all(|c| c.chars().count() <= MAX_CONTENT));
        assert_eq!(chunks.concat(), text);
        let long = "ü".repeat(4500);
        let chunks = split(&long);
        assert_eq!(chunks.iter().map(|c| c.chars().count()).collect::<Vec<_>>(), vec![2000, 2000, 500]);
        assert_eq!(split(""), vec![String::new()]);
        assert_eq!(clip(&long).chars().count(), MAX_CONTENT);
    }

    #[test]
    fn commands_in_texts_become_slash_commands() {
        let plain = |t: &str| render(&Text::plain_text(t));
        assert_eq!(plain("type `join` to accept, then `move c3 red`"), "type `/join` to accept, then `/move c3 red`");
        assert_eq!(plain("`zuege drache` oder `taeglich hathor`"), "`/züge drache` oder `/täglich hathor`");
        assert_eq!(plain("`Join`; place with `C5`"), "`/join`; place with `C5`");
    }

    #[test]
    fn web_addresses_are_sent_without_a_preview_and_unescaped() {
        let plain = |t: &str| render(&Text::plain_text(t));
        assert_eq!(
            plain("#1: a_b – c (https://x.example/my_bot/g/0f3a)\n#2: d – e 1–0 (http://h:8080/g/77)"),
            "#1: a\\_b – c (<https://x.example/my_bot/g/0f3a>)\n#2: d – e 1–0 (<http://h:8080/g/77>)"
        );
        assert_eq!(plain("Game page (every move, live): https://x.example/g/ab"), "Game page (every move, live): <https://x.example/g/ab>");
        // In a code span it stays as typed.
        assert_eq!(plain("`see https://x.example/g/ab`"), "`see https://x.example/g/ab`");
    }

    #[test]
    fn only_non_zero_snowflakes_are_discord_users() {
        assert_eq!(discord_user("80351110224678912"), Some(UserId::new(80_351_110_224_678_912)));
        assert_eq!(discord_user("0"), None);
        assert_eq!(discord_user("00"), None);
        assert_eq!(discord_user("bob"), None);
        assert_eq!(discord_user("-5"), None);
        let text = Text::from_segments(vec![
            commands::Segment::Mention(commands::User::new("0", "zero")),
            commands::Segment::Plain(" and ".into()),
            commands::Segment::Mention(commands::User::new("42", "bob")),
        ]);
        assert_eq!(render(&text), "@zero and <@42>");
        assert_eq!(mentioned(&text), vec![UserId::new(42)]);
    }

    #[test]
    fn markdown_in_names_and_words_shows_as_typed() {
        let text = Text::from_segments(vec![
            commands::Segment::Plain("**x** moved; ".into()),
            commands::Segment::Mention(commands::User::new("bob", "||spoiler|| _it_ ~~s~~")),
            commands::Segment::Plain(" type `move c3_red *` or [link](x)\n> quote\n# head\n- item, 3-4\n#3 Carat -5".into()),
        ]);
        assert_eq!(
            render(&text),
            "\\*\\*x\\*\\* moved; @\\|\\|spoiler\\|\\| \\_it\\_ \\~\\~s\\~\\~ type `/move c3_red *` or \\[link\\](x)\n\\> quote\n\\# head\n\\- item, 3-4\n#3 Carat -5"
        );
        assert_eq!(escape_markdown("a\\b"), "a\\\\b");
        // Nothing to escape: unchanged.
        assert_eq!(escape_markdown("Carat #3: Bob to move (c3)."), "Carat #3: Bob to move (c3).");
    }
}
