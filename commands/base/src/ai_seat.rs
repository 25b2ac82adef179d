//! AI seats (README, "Playing against the bot"): the user id that marks a seat as one
//! of the bot's own AI players, the strength level it carries, its name, and which
//! invitee means the bot.
//!
//! An AI seat is a row of `players` like any other; its user id is `ai:<level>` (the
//! first AI seat of that level in a game) or `ai:<level>:<n>` (the n-th, n ≥ 2), e.g.
//! `ai:normal`, `ai:hard:2`. No platform gives a user such an id (Discord ids are
//! digits, Matrix ids begin with `@`, and the terminal refuses names with `:` and the
//! name `bot`), and `Host::run` refuses every request from one.

use ai::Level;

use crate::i18n::{Lang, Msg, Texts};

/// The prefix of every AI seat's user id.
pub use crate::ids::{AI_PREFIX as PREFIX, is_ai};

/// The name that invites the bot in the terminal (`new carat @bot`, `@bot:hard`).
pub const TERMINAL_BOT: &str = "bot";

/// The user id of the `n`-th (1-based) AI seat of `level` in a game: `ai:normal`,
/// `ai:normal:2`.
pub fn user_id(level: Level, n: usize) -> String {
    if n <= 1 { format!("{PREFIX}{level}") } else { format!("{PREFIX}{level}:{n}") }
}

/// The level of the AI seat `user_id`; `None` for a user who is no AI seat.
pub fn level_of(user_id: &str) -> Option<Level> {
    user_id.strip_prefix(PREFIX)?.split(':').next()?.parse().ok()
}

/// Whether a terminal user may not take `name`: `bot`, names with `:` (the shape of the
/// AI seats' ids), names that begin with `@` (a mention, not a name) and names that
/// begin with "Spieltisch" (the AI seats' names: nobody may pass for the AI).
pub fn reserved_name(name: &str) -> bool {
    let name = name.trim();
    name.eq_ignore_ascii_case(TERMINAL_BOT)
        || name.contains(':')
        || name.starts_with('@')
        || name.to_lowercase().starts_with("spieltisch")
}

/// The name of the `n`-th AI seat of `level` in `lang`, as texts and pictures show it:
/// "Spieltisch (AI)", "Spieltisch (AI, hard)", "Spieltisch (KI, leicht) 2".
pub fn name(texts: &Texts, lang: Lang, level: Level, n: usize) -> String {
    texts.plain(lang, &Msg::new("ai-seat-name").arg("level", level.word()).arg("n", n))
}

/// The name of the AI seat `user_id` in `lang` (its level and number are read from the
/// id, [`user_id`]), or `stored` for a user who is no AI seat. An AI seat's name is
/// not data: it is shown in the reader's language whatever language its game began in
/// (issue 41), so a German `rangliste` says "Spieltisch (KI, schwer)" of a seat stored
/// as "Spieltisch (AI, hard)".
pub fn shown_name(texts: &Texts, lang: Lang, user_id: &str, stored: &str) -> String {
    let Some(level) = level_of(user_id) else { return stored.to_string() };
    let n = user_id.strip_prefix(PREFIX).and_then(|rest| rest.split(':').nth(1)).and_then(|n| n.parse().ok()).unwrap_or(1);
    name(texts, lang, level, n)
}

/// The AI seats of `levels`, in order, as (user id, name in `lang`): numbered per level
/// ("Spieltisch (AI)", "Spieltisch (AI) 2").
pub fn seats(texts: &Texts, lang: Lang, levels: &[Level]) -> Vec<(String, String)> {
    levels
        .iter()
        .enumerate()
        .map(|(i, &level)| {
            let n = levels[..i].iter().filter(|&&l| l == level).count() + 1;
            (user_id(level, n), name(texts, lang, level, n))
        })
        .collect()
}

/// Whom an invitee names: the bot (with the level it names, if any) or a person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Invitee {
    /// The bot: an AI seat, at the level named (`None`: the default or `level=`).
    Bot(Option<Level>),
    /// Someone else.
    Person,
    /// The bot with a word after it that is no level (`@bot:hardd`), or a level after
    /// someone who is not the bot (`<@555>:hard`): the word, for the refusal.
    BadLevel(String),
}

/// The bot's own name, which invites it too (`new carat @Spieltisch`, `@spieltisch:hard`):
/// the AI seats are called so, and nobody may take the name in the terminal
/// ([`reserved_name`]).
pub const BOT_NAME: &str = "spieltisch";

/// Whom `invitee` names, given `bot_id` (the bot's own user id on the platform; the
/// terminal's is [`TERMINAL_BOT`]): the bot, by its id or its name [`BOT_NAME`], with an
/// optional `:level` (`bot:hard`, `123:easy` from `<@123>:easy`,
/// `@spieltisch:example.org:hard`); a word after it that is no level (`bot:hardd`,
/// `bot:normal:hard`) is refused; else a person. A Matrix server's port after the bot's
/// id (`@spieltisch:example.org:8448`) is part of the id, not a level.
pub fn invitee(invitee: &str, bot_id: &str) -> Invitee {
    let bare = |s: &str| s.strip_prefix('@').filter(|_| !bot_id.starts_with('@')).unwrap_or(s).to_string();
    let name = bare(invitee);
    let is_bot = |s: &str| s.eq_ignore_ascii_case(bot_id) || (!bot_id.starts_with('@') && s.eq_ignore_ascii_case(BOT_NAME));
    if is_bot(&name) {
        return Invitee::Bot(None);
    }
    // The bot, then `:` and a word: the first `:` after its id or name.
    let after_bot = [bot_id, BOT_NAME].into_iter().find_map(|base| {
        let head = name.get(..base.len()).filter(|head| is_bot(head))?;
        name.get(head.len()..)?.strip_prefix(':')
    });
    if let Some(word) = after_bot {
        return match word.parse::<Level>() {
            Ok(level) => Invitee::Bot(Some(level)),
            Err(_) if word.chars().any(char::is_alphabetic) || word.is_empty() => Invitee::BadLevel(word.to_string()),
            Err(_) => Invitee::Person,
        };
    }
    // A level after a Discord id that is not the bot's (`<@555>:hard`).
    match invitee.rsplit_once(':') {
        Some((base, word))
            if !base.is_empty() && base.chars().all(|c| c.is_ascii_digit()) && word.parse::<Level>().is_ok() =>
        {
            Invitee::BadLevel(word.to_string())
        }
        _ => Invitee::Person,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ai_ids_carry_their_level() {
        assert_eq!(user_id(Level::Normal, 1), "ai:normal");
        assert_eq!(user_id(Level::Hard, 2), "ai:hard:2");
        assert_eq!(level_of("ai:hard:2"), Some(Level::Hard));
        assert_eq!(level_of("ai:easy"), Some(Level::Easy));
        assert_eq!(level_of("alice"), None);
        assert!(is_ai("ai:normal") && !is_ai("alice") && !is_ai("@ai:example.org"));
    }

    #[test]
    fn the_bot_is_invited_with_or_without_a_level() {
        use Invitee::{BadLevel, Bot, Person};
        assert_eq!(invitee("bot", "bot"), Bot(None));
        assert_eq!(invitee("@bot:hard", "bot"), Bot(Some(Level::Hard)));
        assert_eq!(invitee("@bot:schwer", "bot"), Bot(Some(Level::Hard)));
        assert_eq!(invitee("@bot:master", "bot"), Bot(Some(Level::Master)));
        assert_eq!(invitee("@bot:meister", "bot"), Bot(Some(Level::Master)));
        assert_eq!(invitee("@bot:grandmaster", "bot"), BadLevel("grandmaster".into()));
        assert_eq!(invitee("bob", "bot"), Person);
        // Discord: `<@123>` is read as `123`, `<@123>:easy` as `123:easy`.
        assert_eq!(invitee("123", "123"), Bot(None));
        assert_eq!(invitee("123:easy", "123"), Bot(Some(Level::Easy)));
        assert_eq!(invitee("124:easy", "123"), BadLevel("easy".into()));
        // Matrix: the whole id, a level after it; a server's port is no level.
        let me = "@spieltisch:example.org";
        assert_eq!(invitee("@spieltisch:example.org", me), Bot(None));
        assert_eq!(invitee("@spieltisch:example.org:hard", me), Bot(Some(Level::Hard)));
        assert_eq!(invitee("@spieltisch:example.org:8448", me), Person);
        assert_eq!(invitee("@eve:example.org:hard", me), Person);
        assert_eq!(invitee("@eve:example.org", me), Person);
        // The bot's name invites it; words after the bot that are no level are refused.
        assert_eq!(invitee("@Spieltisch", "bot"), Bot(None));
        assert_eq!(invitee("spieltisch:schwer", "123"), Bot(Some(Level::Hard)));
        assert_eq!(invitee("@bot:normal:hard", "bot"), BadLevel("normal:hard".into()));
        assert_eq!(invitee("@bot:hard:", "bot"), BadLevel("hard:".into()));
        assert_eq!(invitee("@bot:", "bot"), BadLevel(String::new()));
        assert_eq!(invitee("@botany", "bot"), Person);
        assert_eq!(invitee("@spieltischler", "bot"), Person);
        // On Matrix a name is no id: `@spieltisch` is someone on the user's server.
        assert_eq!(invitee("@spieltisch", me), Person);
    }

    #[test]
    fn terminal_names_of_the_ai_are_reserved() {
        assert!(reserved_name("bot") && reserved_name(" Bot ") && reserved_name("ai:normal"));
        assert!(reserved_name("Spieltisch (AI)") && reserved_name("@bot") && reserved_name("@alice"));
        assert!(!reserved_name("bob") && !reserved_name("robot") && !reserved_name("tisch"));
    }

    #[test]
    fn ai_seats_are_named_in_both_languages() {
        let texts = Texts::load();
        assert_eq!(name(&texts, Lang::En, Level::Normal, 1), "Spieltisch (AI)");
        assert_eq!(name(&texts, Lang::En, Level::Hard, 1), "Spieltisch (AI, hard)");
        assert_eq!(name(&texts, Lang::De, Level::Normal, 2), "Spieltisch (KI) 2");
        assert_eq!(name(&texts, Lang::De, Level::Easy, 1), "Spieltisch (KI, leicht)");
        assert_eq!(name(&texts, Lang::En, Level::Master, 1), "Spieltisch (AI, master)");
        assert_eq!(name(&texts, Lang::De, Level::Master, 2), "Spieltisch (KI, Meister) 2");
    }

    #[test]
    fn an_ai_seat_is_named_in_the_readers_language_whatever_was_stored() {
        let texts = Texts::load();
        assert_eq!(shown_name(&texts, Lang::De, "ai:hard", "Spieltisch (AI, hard)"), "Spieltisch (KI, schwer)");
        assert_eq!(shown_name(&texts, Lang::En, "ai:normal:2", "Spieltisch (KI) 2"), "Spieltisch (AI) 2");
        assert_eq!(shown_name(&texts, Lang::En, "ai:easy", "whatever"), "Spieltisch (AI, easy)");
        // People keep their names.
        assert_eq!(shown_name(&texts, Lang::De, "alice", "Alice"), "Alice");
    }
}
