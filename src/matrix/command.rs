//! Recognising a command in a room message: the prefix (`!st board`), a leading mention
//! of the bot (`Spieltisch: board`, a pill, `@bot:example.org board`), or any message in a
//! direct-message room with the bot.

/// Who the bot is, for recognising messages addressed to it.
#[derive(Debug, Clone)]
pub struct Addressing {
    /// The command prefix, e.g. `!st` (matched case-insensitively, followed by a space or
    /// the end of the message).
    pub prefix: String,
    /// The bot's full user id, e.g. `@spieltisch:example.org`.
    pub user_id: String,
    /// The bot's display name, if it has one.
    pub display_name: Option<String>,
}

impl Addressing {
    /// The bot's user id localpart (`spieltisch` for `@spieltisch:example.org`).
    fn localpart(&self) -> &str {
        let id = self.user_id.strip_prefix('@').unwrap_or(&self.user_id);
        id.split(':').next().unwrap_or(id)
    }
}

/// A message as far as command recognition needs it.
#[derive(Debug, Clone, Copy)]
pub struct MessageText<'a> {
    /// The plain `body`.
    pub body: &'a str,
    /// The HTML `formatted_body`, if any.
    pub formatted: Option<&'a str>,
    /// Whether the room is a direct-message room of the sender and the bot.
    pub is_direct: bool,
}

/// The command line of a message addressed to the bot (without prefix or mention,
/// trimmed; empty when only the prefix or the mention was written), or `None` when the
/// message is not for the bot.
pub fn command_line(message: MessageText<'_>, me: &Addressing) -> Option<String> {
    let body = with_pill_ids(strip_reply_fallback(message.body), message.formatted);
    let body = body.trim();
    if let Some(rest) = strip_word_prefix(body, &me.prefix) {
        return Some(rest.trim().to_string());
    }
    if let Some(rest) = strip_leading_mention(body, me) {
        // a command may still carry the prefix after the mention: "@bot !st board"
        let rest = rest.trim();
        return Some(strip_word_prefix(rest, &me.prefix).unwrap_or(rest).trim().to_string());
    }
    if message.is_direct && !body.is_empty() {
        return Some(body.to_string());
    }
    None
}

/// `body` with the text of each user pill of `formatted` (`<a href="https://matrix.to/#/
/// @bob:example.org">Bob</a>`) replaced by the user id, in order: `new carat Bob` with a
/// pill for Bob reads `new carat @bob:example.org`, so a pill names a player anywhere in
/// a command (and `Spieltisch:hard` with a pill for the bot reads as its id and level).
/// A pill whose text is not found in the rest of the body is skipped.
fn with_pill_ids(body: &str, formatted: Option<&str>) -> String {
    let Some(html) = formatted else { return body.to_string() };
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    for (user_id, text) in user_pills(html) {
        if text.is_empty() {
            continue;
        }
        if let Some(at) = rest.find(&text) {
            out.push_str(&rest[..at]);
            out.push_str(&user_id);
            rest = &rest[at + text.len()..];
        }
    }
    out.push_str(rest);
    out
}

/// The user pills of an HTML body in order: (user id, the link's text).
fn user_pills(html: &str) -> Vec<(String, String)> {
    let mut pills = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<a ") {
        rest = &rest[start..];
        match pill_at(rest) {
            Some((user_id, text, len)) => {
                if user_id.starts_with('@') {
                    pills.push((user_id, text));
                }
                rest = &rest[len..];
            }
            None => rest = &rest[3..],
        }
    }
    pills
}

/// The `matrix.to` link at the start of `html` (`<a href="https://matrix.to/#/X">T</a>`):
/// its target X (decoded, without a query), its text T (unescaped) and its length in
/// bytes.
fn pill_at(html: &str) -> Option<(String, String, usize)> {
    let rest = html.strip_prefix("<a ")?;
    let tag_end = rest.find('>')?;
    let attrs = &rest[..tag_end];
    let href_start = attrs.find("href=")? + "href=".len();
    let quote = attrs[href_start..].chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let href_rest = &attrs[href_start + 1..];
    let href = &href_rest[..href_rest.find(quote)?];
    let target = percent_decode(href.strip_prefix("https://matrix.to/#/")?);
    let target = target.split('?').next().unwrap_or_default().to_string();
    let inner = &rest[tag_end + 1..];
    let text_len = inner.find("</a>")?;
    let len = "<a ".len() + tag_end + 1 + text_len + "</a>".len();
    Some((target, unescape_html(&inner[..text_len]), len))
}

/// Removes a rich-reply fallback (leading `> ` quote lines and the blank line after them)
/// that older clients put in front of a reply's body.
fn strip_reply_fallback(body: &str) -> &str {
    if !body.starts_with("> ") {
        return body;
    }
    let mut rest = body;
    while rest.starts_with('>') {
        match rest.find('\n') {
            Some(i) => rest = &rest[i + 1..],
            None => return "",
        }
    }
    rest.strip_prefix('\n').unwrap_or(rest)
}

/// `text` without a leading `word` (ASCII case-insensitive) that is followed by
/// whitespace, `:`/`,` and whitespace, or the end.
fn strip_word_prefix<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    if word.is_empty() || text.len() < word.len() || !text.is_char_boundary(word.len()) {
        return None;
    }
    let (head, rest) = text.split_at(word.len());
    if !head.eq_ignore_ascii_case(word) && head.to_lowercase() != word.to_lowercase() {
        return None;
    }
    let rest = rest.strip_prefix([':', ',']).unwrap_or(rest);
    (rest.is_empty() || rest.starts_with(char::is_whitespace)).then_some(rest)
}

/// `body` without a leading mention of the bot: the user id (which a pill of the bot has
/// become, [`with_pill_ids`]), `@`display name, display name, `@`localpart or localpart
/// (longest match first). A bare name (display name or localpart, no `@`) addresses the
/// bot only as people address someone in a chat, with `:` or `,` after it
/// (`Spieltisch: board`), alone, or before the prefix: "spieltisch is a great bot" is
/// talk about the bot, not a command `is`.
fn strip_leading_mention<'a>(body: &'a str, me: &Addressing) -> Option<&'a str> {
    let mut names: Vec<(String, bool)> = vec![(me.user_id.clone(), false)];
    if let Some(name) = me.display_name.as_deref().filter(|n| !n.trim().is_empty()) {
        names.push((format!("@{name}"), false));
        names.push((name.to_string(), true));
    }
    names.push((format!("@{}", me.localpart()), false));
    names.push((me.localpart().to_string(), true));
    names.sort_by_key(|(n, _)| std::cmp::Reverse(n.len()));
    names.iter().find_map(|(name, bare)| {
        let rest = strip_word_prefix(body, name)?;
        let addressed = !bare
            || body[name.len()..].starts_with([':', ','])
            || rest.trim().is_empty()
            || strip_word_prefix(rest.trim_start(), &me.prefix).is_some();
        addressed.then_some(rest)
    })
}

/// Decodes `%XX` escapes (invalid ones are kept as written).
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok()).and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn unescape_html(text: &str) -> String {
    text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&")
}
