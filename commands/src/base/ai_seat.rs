//! AI seats (README, "Playing against the bot"): the user id that marks a seat as one
//! of the bot's own AI players, the strength level it carries, its name, and which
//! invitee means the bot.
//!
//! An AI seat is a row of `players` like any other; its user id is `ai:<level>` (the
//! first AI seat of that level in a game) or `ai:<level>:<n>` (the n-th, n ≥ 2), e.g.
//! `ai:normal`, `ai:hard:2`. No platform gives a user such an id (Discord ids are
//! digits, Matrix ids begin with `@`, and the terminal refuses names with `:` and the
//! name `bot`), and [`crate::Host::run`] refuses every request from one.

use ai::Level;

use crate::base::i18n::{Lang, Msg, Texts};

/// The prefix of every AI seat's user id.
pub const PREFIX: &str = "ai:";

/// The name that invites the bot in the terminal (`new carat @bot`, `@bot:hard`).
pub const TERMINAL_BOT: &str = "bot";

/// The user id of the `n`-th (1-based) AI seat of `level` in a game: `ai:normal`,
/// `ai:normal:2`.
pub fn user_id(level: Level, n: usize) -> String {
    if n <= 1 { format!("{PREFIX}{level}") } else { format!("{PREFIX}{level}:{n}") }
}

/// Whether `user_id` is an AI seat's.
pub fn is_ai(user_id: &str) -> bool {
    user_id.starts_with(PREFIX)
}

/// The level of the AI seat `user_id`; `None` for a user who is no AI seat.
pub fn level_of(user_id: &str) -> Option<Level> {
    user_id.strip_prefix(PREFIX)?.split(':').next()?.parse().ok()
}

/// Whether a terminal user may take `name`: `bot` and names with `:` (the shape of
/// the AI seats' ids) are reserved.
pub fn reserved_name(name: &str) -> bool {
    let name = name.trim();
    name.eq_ignore_ascii_case(TERMINAL_BOT) || name.contains(':')
}

/// The name of the `n`-th AI seat of `level` in `lang`, as texts and pictures show it:
/// "Spieltisch (AI)", "Spieltisch (AI, hard)", "Spieltisch (KI, leicht) 2".
pub fn name(texts: &Texts, lang: Lang, level: Level, n: usize) -> String {
    texts.plain(lang, &Msg::new("ai-seat-name").arg("level", level.word()).arg("n", n))
}

/// The AI level an invitee names, when it names the bot: `bot_id` (the bot's own user
/// id on the platform; the terminal's is [`TERMINAL_BOT`]) with an optional `:level`
/// (`bot:hard`, `123:easy` from `<@123>:easy`, `@spieltisch:example.org:hard`).
/// `Some(None)`: the bot without a level; `None`: another user.
pub fn invitee_level(invitee: &str, bot_id: &str) -> Option<Option<Level>> {
    let bare = |s: &str| s.strip_prefix('@').filter(|_| !bot_id.starts_with('@')).unwrap_or(s).to_string();
    if bare(invitee).eq_ignore_ascii_case(bot_id) {
        return Some(None);
    }
    let (base, level) = invitee.rsplit_once(':')?;
    let level = level.parse::<Level>().ok()?;
    bare(base).eq_ignore_ascii_case(bot_id).then_some(Some(level))
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
        assert_eq!(invitee_level("bot", "bot"), Some(None));
        assert_eq!(invitee_level("@bot:hard", "bot"), Some(Some(Level::Hard)));
        assert_eq!(invitee_level("@bot:schwer", "bot"), Some(Some(Level::Hard)));
        assert_eq!(invitee_level("@bot:master", "bot"), None);
        assert_eq!(invitee_level("bob", "bot"), None);
        // Discord: `<@123>` is read as `123`, `<@123>:easy` as `123:easy`.
        assert_eq!(invitee_level("123", "123"), Some(None));
        assert_eq!(invitee_level("123:easy", "123"), Some(Some(Level::Easy)));
        assert_eq!(invitee_level("124:easy", "123"), None);
        // Matrix: the whole id, a level after it; a server's port is no level.
        let me = "@spieltisch:example.org";
        assert_eq!(invitee_level("@spieltisch:example.org", me), Some(None));
        assert_eq!(invitee_level("@spieltisch:example.org:hard", me), Some(Some(Level::Hard)));
        assert_eq!(invitee_level("@spieltisch:example.org:8448", me), None);
        assert_eq!(invitee_level("@eve:example.org:hard", me), None);
    }

    #[test]
    fn terminal_names_of_the_ai_are_reserved() {
        assert!(reserved_name("bot") && reserved_name(" Bot ") && reserved_name("ai:normal"));
        assert!(!reserved_name("bob") && !reserved_name("robot"));
    }

    #[test]
    fn ai_seats_are_named_in_both_languages() {
        let texts = Texts::load();
        assert_eq!(name(&texts, Lang::En, Level::Normal, 1), "Spieltisch (AI)");
        assert_eq!(name(&texts, Lang::En, Level::Hard, 1), "Spieltisch (AI, hard)");
        assert_eq!(name(&texts, Lang::De, Level::Normal, 2), "Spieltisch (KI) 2");
        assert_eq!(name(&texts, Lang::De, Level::Easy, 1), "Spieltisch (KI, leicht)");
    }
}
