//! Every text the bot says, in English and German, from the Fluent files
//! `commands/i18n/<lang>/*.ftl` (all of them are compiled in by `build.rs`).

use std::{collections::HashMap, fmt};

use fluent_bundle::{concurrent::FluentBundle, FluentArgs, FluentResource, FluentValue};

use crate::{
    ids::{ChallengeId, GameId, TournamentId},
    text::{Segment, Text, User},
};

pub use crate::names::{clean_text, is_private_use};

mod files {
    include!(concat!(env!("OUT_DIR"), "/i18n_files.rs"));
}

pub use rules::Lang;

/// `value` with `places` decimals as `lang` writes it: `25.3` in English, `25,3` in
/// German (Fluent's own number formatting has no locale's separators).
pub fn decimal(value: f64, places: usize, lang: Lang) -> String {
    let text = format!("{value:.places$}");
    match lang {
        Lang::De => text.replace('.', ","),
        _ => text,
    }
}

/// A value for a message argument.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    Text(String),
    Number(i64),
    /// A user, rendered as a proper mention by each platform.
    Mention(User),
    /// Several users, as mentions separated by ", ".
    Mentions(Vec<User>),
    /// A game, written by its name in the text's language ("Aratoth's Revenge",
    /// "Aratoths Rache"): for messages made before the language is known.
    Game(rules::GameKind),
    /// Words given in each language (a Hathor stone as its board names it: `blue-lotus`,
    /// `blau-lotus`); the text's language picks, else the first.
    PerLang(Vec<(Lang, String)>),
}

impl Arg {
    /// [`Arg::PerLang`] with the words of every language from `words`.
    pub fn per_lang(words: impl Fn(Lang) -> String) -> Arg {
        Arg::PerLang(Lang::ALL.iter().map(|&lang| (lang, words(lang))).collect())
    }
}

impl From<rules::GameKind> for Arg {
    fn from(kind: rules::GameKind) -> Arg {
        Arg::Game(kind)
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<i64> for Arg {
    fn from(n: i64) -> Arg {
        Arg::Number(n)
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Number(i64::from(n))
    }
}

impl From<u64> for Arg {
    fn from(n: u64) -> Arg {
        Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

/// A message to translate: a Fluent message id and its arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct Msg {
    pub key: String,
    pub args: Vec<(String, Arg)>,
}

impl Msg {
    /// The message `key` without arguments.
    pub fn new(key: impl Into<String>) -> Msg {
        Msg { key: key.into(), args: Vec::new() }
    }

    /// Adds an argument (`{ $name }` in the Fluent text).
    pub fn arg(mut self, name: impl Into<String>, value: impl Into<Arg>) -> Msg {
        self.args.push((name.into(), value.into()));
        self
    }
}

/// The argument names that carry words a user typed (echoed back in refusals). Their
/// values are cut to [`USER_TEXT_MAX`] characters when a message is formatted, as are
/// all text args of rules refusals (`rule-…`, which quote the user's move), so a long
/// line cannot make a reply longer than a chat message may be.
const USER_TEXT_ARGS: &[&str] = &["word", "text", "option", "name", "topic", "filter"];

/// The arguments that are amounts (a score), written with thousands separators from
/// 10 000 on ("134,100 points", German "134.100 Punkte"); every other number (a game's
/// id, a move number, a seed) is written plainly.
const AMOUNT_ARGS: &[&str] = &["points", "total"];

/// The smallest amount written with thousands separators (4 digits read well without).
const GROUPING_FROM: i64 = 10_000;

/// An amount (a score) as the texts write it in `lang`: grouped by thousands from
/// 10 000 on ("134,100", German "134.100"), plainly below ("9500", "-500").
pub fn amount(n: i64, lang: Lang) -> String {
    if n.abs() >= GROUPING_FROM {
        grouped(n, if lang == Lang::De { '.' } else { ',' })
    } else {
        n.to_string()
    }
}

/// `n` with `separator` between groups of three digits: `134100` → `134,100`.
fn grouped(n: i64, separator: char) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
    if n < 0 {
        out.push('-');
    }
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(separator);
        }
        out.push(c);
    }
    out
}

/// How many characters of a user's words a reply quotes; longer ones end in "…".
pub const USER_TEXT_MAX: usize = 40;

/// `text` cut to [`USER_TEXT_MAX`] characters plus "…" when it is longer (after
/// [`clean_text`]).
pub fn cap_user_text(text: &str) -> String {
    let text = clean_text(text);
    match text.char_indices().nth(USER_TEXT_MAX) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text,
    }
}

/// Where a mention sits in a formatted string before it is split into segments:
/// private-use characters that cannot come from a Fluent file or a user's name
/// (names are cleaned by [`crate::reply::User::new`]).
const MENTION_OPEN: char = '\u{E000}';
const MENTION_CLOSE: char = '\u{E001}';

/// The compiled-in translations.
pub struct Texts {
    bundles: HashMap<Lang, FluentBundle<FluentResource>>,
}

impl fmt::Debug for Texts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Texts").field("languages", &self.bundles.keys().collect::<Vec<_>>()).finish()
    }
}

impl Texts {
    /// Loads every compiled-in `.ftl` file. A file that does not parse, or a message
    /// defined twice, is logged and the rest still loads (the unit tests make sure the
    /// shipped files are clean).
    pub fn load() -> Texts {
        let mut bundles = HashMap::new();
        for lang in Lang::ALL {
            let id = lang.code().parse().unwrap_or_default();
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            bundle.set_use_isolating(false);
            for (file_lang, name, source) in files::FILES {
                if *file_lang != lang.code() {
                    continue;
                }
                let resource = match FluentResource::try_new((*source).to_string()) {
                    Ok(r) => r,
                    Err((r, errors)) => {
                        tracing::error!(file = %format!("{file_lang}/{name}"), ?errors, "Fluent syntax errors");
                        r
                    }
                };
                if let Err(errors) = bundle.add_resource(resource) {
                    tracing::error!(file = %format!("{file_lang}/{name}"), ?errors, "Fluent messages defined twice");
                }
            }
            bundles.insert(lang, bundle);
        }
        Texts { bundles }
    }

    /// Whether `lang` has a message `key`.
    pub fn has(&self, lang: Lang, key: &str) -> bool {
        self.bundles.get(&lang).is_some_and(|b| b.has_message(key))
    }

    /// Formats `msg` in `lang`, falling back to English, then to the key itself.
    pub fn text(&self, lang: Lang, msg: &Msg) -> Text {
        self.try_text(lang, msg)
            .or_else(|| self.try_text(Lang::En, msg))
            .unwrap_or_else(|| Text::plain_text(msg.key.clone()))
    }

    /// Formats `msg` in `lang` only; `None` when `lang` lacks the message.
    pub fn try_text(&self, lang: Lang, msg: &Msg) -> Option<Text> {
        let bundle = self.bundles.get(&lang)?;
        let pattern = bundle.get_message(&msg.key)?.value()?;
        let mut args = FluentArgs::new();
        let mut mentions = Vec::new();
        let refusal = msg.key.starts_with("rule-");
        for (name, value) in &msg.args {
            let value = match value {
                Arg::Text(t) if refusal || USER_TEXT_ARGS.contains(&name.as_str()) => {
                    FluentValue::from(cap_user_text(t))
                }
                Arg::Text(t) => FluentValue::from(clean_text(t)),
                // A large amount is written grouped; as a string it takes the plural
                // `other`, which is every such number's in English and German.
                Arg::Number(n) if n.abs() >= GROUPING_FROM && AMOUNT_ARGS.contains(&name.as_str()) => {
                    FluentValue::from(amount(*n, lang))
                }
                Arg::Number(n) => FluentValue::from(*n),
                Arg::Mention(user) => {
                    mentions.push(user.clone());
                    FluentValue::from(format!("{MENTION_OPEN}{}{MENTION_CLOSE}", mentions.len() - 1))
                }
                Arg::Game(kind) => FluentValue::from(lang.game_name(*kind)),
                Arg::PerLang(words) => FluentValue::from(
                    words.iter().find(|(l, _)| *l == lang).or(words.first()).map(|(_, w)| clean_text(w)).unwrap_or_default(),
                ),
                Arg::Mentions(users) => {
                    let mut placeholders = Vec::new();
                    for user in users {
                        mentions.push(user.clone());
                        placeholders.push(format!("{MENTION_OPEN}{}{MENTION_CLOSE}", mentions.len() - 1));
                    }
                    FluentValue::from(placeholders.join(", "))
                }
            };
            args.set(name.clone(), value);
        }
        let mut errors = Vec::new();
        let formatted = bundle.format_pattern(pattern, Some(&args), &mut errors);
        if !errors.is_empty() {
            tracing::warn!(key = %msg.key, lang = %lang, ?errors, "Fluent formatting errors");
        }
        Some(split_mentions(&formatted, &mentions))
    }

    /// Shorthand: formats `msg` in `lang` as plain text (mentions as `@name`).
    pub fn plain(&self, lang: Lang, msg: &Msg) -> String {
        self.text(lang, msg).plain()
    }

    /// Every message id of `lang` (for the completeness tests).
    pub fn ids(lang: Lang) -> Vec<String> {
        let mut ids = Vec::new();
        for (file_lang, _, source) in files::FILES {
            if *file_lang != lang.code() {
                continue;
            }
            let resource = match FluentResource::try_new((*source).to_string()) {
                Ok(r) | Err((r, _)) => r,
            };
            for entry in resource.entries() {
                if let fluent_syntax::ast::Entry::Message(m) = entry {
                    ids.push(m.id.name.to_string());
                }
            }
        }
        ids
    }
}

fn split_mentions(formatted: &str, mentions: &[User]) -> Text {
    let mut segments = Vec::new();
    let mut rest = formatted;
    while let Some(open) = rest.find(MENTION_OPEN) {
        let after = &rest[open + MENTION_OPEN.len_utf8()..];
        let Some(close) = after.find(MENTION_CLOSE) else { break };
        let user = after[..close].parse::<usize>().ok().and_then(|i| mentions.get(i));
        if open > 0 {
            segments.push(Segment::Plain(rest[..open].to_string()));
        }
        match user {
            Some(user) => segments.push(Segment::of_user(user.clone())),
            None => segments.push(Segment::Plain(after[..close].to_string())),
        }
        rest = &after[close + MENTION_CLOSE.len_utf8()..];
    }
    if !rest.is_empty() {
        segments.push(Segment::Plain(rest.to_string()));
    }
    Text::from_segments(segments)
}

/// Ids are numbers in messages (`#{ $game }`).
macro_rules! id_args {
    ($($id:ty),*) => {
        $(impl From<$id> for Arg {
            fn from(id: $id) -> Self {
                Arg::Number(id.0)
            }
        })*
    };
}

id_args!(GameId, ChallengeId, TournamentId);

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn decimals_are_written_as_each_language_writes_them() {
        assert_eq!(decimal(25.0 + 1.0 / 3.0, 1, Lang::En), "25.3");
        assert_eq!(decimal(25.0 + 1.0 / 3.0, 1, Lang::De), "25,3");
        assert_eq!(decimal(8.333, 2, Lang::De), "8,33");
        assert_eq!(decimal(-0.05, 1, Lang::En), "-0.1");
    }

    #[test]
    fn scores_from_ten_thousand_get_thousands_separators_and_ids_never() {
        assert_eq!(grouped(134_100, ','), "134,100");
        assert_eq!(grouped(-1_234_567, '.'), "-1.234.567");
        assert_eq!(grouped(999, ','), "999");
        let texts = Texts::load();
        let solo = |lang, id: i64, points: i64| {
            texts.plain(lang, &Msg::new("game-over-solo-early").arg("id", id).arg("player", "alice").arg("points", points))
        };
        assert_eq!(solo(Lang::En, 12_345, 134_100), "Game #12345 was ended early: alice has 134,100 points.");
        assert_eq!(solo(Lang::De, 12_345, 134_100), "Partie #12345 wurde vorzeitig beendet: alice hat 134.100 Punkte.");
        // Four digits read well without; the plural still follows the number.
        assert_eq!(solo(Lang::En, 3, 9_500), "Game #3 was ended early: alice has 9500 points.");
        assert_eq!(solo(Lang::En, 3, 1), "Game #3 was ended early: alice has 1 point.");
        assert_eq!(solo(Lang::De, 3, -10_500), "Partie #3 wurde vorzeitig beendet: alice hat -10.500 Punkte.");
    }

    #[test]
    fn a_challenges_finish_line_counts_who_still_plays_in_the_plural_rules() {
        let texts = Texts::load();
        let line = |lang, playing: i64| {
            texts.plain(lang, &Msg::new("challenge-finished").arg("player", "bob").arg("id", 1_i64).arg("points", 0_i64).arg("playing", playing))
        };
        assert_eq!(line(Lang::De, 1), "bob hat Herausforderung #1 mit 0 Punkten beendet (1 spielt noch).");
        assert_eq!(line(Lang::De, 2), "bob hat Herausforderung #1 mit 0 Punkten beendet (2 spielen noch).");
        assert_eq!(line(Lang::De, 0), "bob hat Herausforderung #1 mit 0 Punkten beendet (niemand spielt mehr).");
        assert_eq!(line(Lang::En, 1), "bob has finished challenge #1 with 0 points (1 still playing).");
    }

    #[test]
    fn an_ordinary_end_names_who_won_in_both_languages() {
        let texts = Texts::load();
        let end = |lang, winners: &str, count: i64| {
            texts.plain(lang, &Msg::new("game-over-won").arg("id", 3_i64).arg("winners", winners).arg("count", count))
        };
        assert_eq!(end(Lang::En, "alice", 1), "Game #3 is over: alice wins. Ranking:");
        assert_eq!(end(Lang::De, "alice", 1), "Partie #3 ist vorbei: alice gewinnt. Rangfolge:");
        assert_eq!(end(Lang::En, "alice, bob", 2), "Game #3 is over: alice, bob share the first place. Ranking:");
        assert_eq!(end(Lang::De, "alice, bob", 2), "Partie #3 ist vorbei: alice, bob teilen sich den ersten Platz. Rangfolge:");
    }

    #[test]
    fn every_file_parses_and_no_message_is_defined_twice() {
        for (lang, name, source) in files::FILES {
            assert!(FluentResource::try_new((*source).to_string()).is_ok(), "{lang}/{name} has syntax errors");
        }
        for lang in Lang::ALL {
            let ids = Texts::ids(lang);
            let unique: BTreeSet<_> = ids.iter().collect();
            assert_eq!(unique.len(), ids.len(), "{lang}: a message is defined twice");
        }
    }

    #[test]
    fn english_and_german_define_the_same_messages() {
        let en: BTreeSet<String> = Texts::ids(Lang::En).into_iter().collect();
        let de: BTreeSet<String> = Texts::ids(Lang::De).into_iter().collect();
        assert!(en.len() > 40, "the general texts are loaded");
        assert_eq!(en.difference(&de).collect::<Vec<_>>(), Vec::<&String>::new(), "missing in German");
        assert_eq!(de.difference(&en).collect::<Vec<_>>(), Vec::<&String>::new(), "missing in English");
    }

    /// Every message id written in the command layer's source (a string literal such as
    /// `"cmd-not-your-turn"` with one of the message prefixes; the `src` folders of
    /// `commands` and of its layer crates beside this one) exists in both languages.
    #[test]
    fn every_message_the_code_uses_exists() {
        const PREFIXES: [&str; 19] = [
            "challenge-",
            "cmd-", "new-", "join-", "start-", "turn-", "game-", "ranking-", "invitation-", "board-", "hand-",
            "moves-", "games-", "export-", "rules-", "help-", "local-", "helofag-", "aratoth-",
        ];
        let mut used = BTreeSet::new();
        // `commands/src` and `commands/<layer>/src`, with their subfolders (e.g. games/).
        let commands = std::path::PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into())).join("..");
        let mut dirs = vec![commands.join("src")];
        for layer in std::fs::read_dir(&commands).expect("commands") {
            let src = layer.expect("entry").path().join("src");
            if src.is_dir() {
                dirs.push(src);
            }
        }
        assert!(dirs.len() >= 5, "commands/src and the layers' src folders: {dirs:?}");
        let mut files = Vec::new();
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).expect("src") {
                let path = entry.expect("entry").path();
                if path.is_dir() {
                    dirs.push(path);
                } else {
                    files.push(path);
                }
            }
        }
        for path in files {
            let source = std::fs::read_to_string(path).expect("source");
            for (i, piece) in source.split('"').enumerate() {
                let id_like = piece.len() > 3 && piece.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
                if i % 2 == 1 && id_like && !piece.ends_with('-') && PREFIXES.iter().any(|p| piece.starts_with(p)) {
                    used.insert(piece.to_string());
                }
            }
        }
        assert!(used.len() > 40, "found the messages used in code: {used:?}");
        let texts = Texts::load();
        for lang in Lang::ALL {
            for key in &used {
                assert!(texts.has(lang, key), "{lang} lacks the message {key}");
            }
        }
    }

    /// Every refusal key of the implemented games (found in the rules crate's source)
    /// has a `rule-<key>` message in both languages.
    #[test]
    fn every_refusal_of_the_rules_is_translated() {
        let dir = std::path::PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into())).join("../../rules/src");
        let mut keys = BTreeSet::new();
        let mut stack = vec![dir];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).expect("rules/src") {
                let path = entry.expect("entry").path();
                // Nim is the registry's test game (feature `test-game`), never offered.
                if path.is_dir() && path.ends_with("nim") {
                    continue;
                }
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                let source = std::fs::read_to_string(&path).expect("source");
                for piece in source.split("Refusal::new(").skip(1) {
                    let piece = piece.trim_start();
                    if let Some(rest) = piece.strip_prefix('"')
                        && let Some(end) = rest.find('"')
                    {
                        keys.insert(rest[..end].to_string());
                    }
                }
            }
        }
        assert!(keys.contains("carat-first-edge"), "found the rules' refusals: {keys:?}");
        let texts = Texts::load();
        let available: Vec<&str> =
            rules::GameKind::ALL.iter().map(|k| k.id()).collect();
        for key in keys {
            let game = key.split('-').next().unwrap_or_default();
            let of_available_game = available.contains(&game) || !rules::GameKind::ALL.iter().any(|k| k.id() == game);
            if !of_available_game {
                continue;
            }
            for lang in Lang::ALL {
                assert!(texts.has(lang, &format!("rule-{key}")), "{lang} lacks rule-{key}");
            }
        }
    }

    #[test]
    fn a_mention_becomes_its_own_segment() {
        let texts = Texts::load();
        let bob = User::new("u2", "bob");
        let both = vec![User::new("u1", "alice"), bob.clone()];
        let invite = Msg::new("new-invitation-named")
            .arg("creator", Arg::Mention(User::new("u3", "carol")))
            .arg("invited", Arg::Mentions(both.clone()))
            .arg("game", "Carat")
            .arg("id", 4_i64)
            .arg("players", 3_i64);
        let text = texts.text(Lang::En, &invite);
        let mentioned: Vec<User> = text.mentions().into_iter().cloned().collect();
        assert_eq!(mentioned, vec![User::new("u3", "carol"), both[0].clone(), both[1].clone()]);
        assert!(text.plain().starts_with("@carol invites @alice, @bob to a game of Carat (#4)"), "{}", text.plain());
        let text = texts.text(Lang::En, &Msg::new("turn-next").arg("player", Arg::Mention(bob.clone())));
        assert!(text.segments().contains(&Segment::Mention(bob)), "{text:?}");
        assert_eq!(text.plain(), "It is @bob's turn.");
        let de = texts.text(Lang::De, &Msg::new("turn-next").arg("player", Arg::Mention(User::new("u2", "bob"))));
        assert_eq!(de.plain(), "@bob ist am Zug.");
    }

    #[test]
    fn languages_parse_from_tags() {
        assert_eq!("de-DE".parse::<Lang>(), Ok(Lang::De));
        assert_eq!("en_GB".parse::<Lang>(), Ok(Lang::En));
        assert!("fr".parse::<Lang>().is_err());
    }

    #[test]
    fn a_missing_message_falls_back_to_its_key() {
        let texts = Texts::load();
        assert_eq!(texts.plain(Lang::De, &Msg::new("no-such-message")), "no-such-message");
    }
}
