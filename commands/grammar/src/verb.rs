//! The command words: [`Verb`] and [`VERBS`], each verb's English name and its German
//! words (`help`'s list, the slash commands' names, the nearest word to a typo).

/// A command word. Each has an English name (used by `help`) and German aliases.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verb {
    New,
    Join,
    Start,
    Move,
    Board,
    Hand,
    Moves,
    Resign,
    Abort,
    Games,
    Help,
    Rules,
    Export,
    Claim,
    Vacation,
    Undo,
    Rematch,
    Reminders,
    History,
    /// `replay [#id]`: the game as an animated GIF (features/info.rs).
    Replay,
    /// `review [#id]`: a finished game's review (features/review.rs).
    Review,
    Leaderboard,
    Stats,
    Settings,
    Language,
    /// `daily <game>`: today's challenge (challenge.rs).
    Daily,
    /// `decline [#id]`: turn down an invitation that names me (invitations.rs).
    Decline,
    /// `if <their move> then <my move> …`, `conditional [clear]`: conditional moves
    /// (features/conditional.rs).
    Conditional,
    /// `tournament …`: Swiss and round-robin tournaments (tournaments.rs).
    Tournament,
    /// `dashboard [off]`: the channel's living list of games (features/dashboard.rs).
    Dashboard,
}

/// Every command word with the words that call it (English first, then German; the
/// German ones follow the glossary). One table: the parser and `help` read it.
pub const VERBS: [(Verb, &[&str]); 30] = [
    (Verb::New, &["new", "neu"]),
    (Verb::Join, &["join", "beitreten"]),
    (Verb::Start, &["start", "starten"]),
    (Verb::Move, &["move", "zug", "ziehen"]),
    (Verb::Board, &["board", "brett", "spielplan", "spielbrett"]),
    (Verb::Hand, &["hand"]),
    (Verb::Moves, &["moves", "züge", "zuege"]),
    // `if c3 red then d4 blue` (`wenn c3 rot dann d4 blau`) plans; `conditional` lists.
    (Verb::Conditional, &["conditional", "bedingt", "if", "wenn"]),
    (Verb::Resign, &["resign", "aufgeben"]),
    (Verb::Abort, &["abort", "abbrechen"]),
    (Verb::Decline, &["decline", "ablehnen"]),
    // Not "spiele": that is Artifälschungen's German move word (`spiele 17 zahl uzs`).
    (Verb::Games, &["games", "partien"]),
    (Verb::Help, &["help", "hilfe"]),
    (Verb::Rules, &["rules", "regeln"]),
    (Verb::Export, &["export", "exportieren"]),
    (Verb::Claim, &["claim", "reklamieren", "einfordern"]),
    (Verb::Vacation, &["vacation", "urlaub"]),
    (Verb::Undo, &["undo", "zurücknehmen", "zuruecknehmen"]),
    (Verb::Rematch, &["rematch", "revanche"]),
    (Verb::Reminders, &["reminders", "erinnerungen"]),
    (Verb::History, &["history", "verlauf"]),
    (Verb::Replay, &["replay", "nachspielen"]),
    (Verb::Review, &["review", "analyse", "analysieren"]),
    (Verb::Leaderboard, &["leaderboard", "rangliste", "bestenliste"]),
    (Verb::Stats, &["stats", "statistik"]),
    (Verb::Settings, &["settings", "einstellungen"]),
    (Verb::Language, &["language", "sprache"]),
    (Verb::Daily, &["daily", "täglich", "taeglich", "tagesaufgabe"]),
    (Verb::Tournament, &["tournament", "turnier"]),
    (Verb::Dashboard, &["dashboard", "übersicht", "uebersicht"]),
];

impl Verb {
    /// Whether the command takes a game id (`board #5`), so that `#5 board` means it too.
    pub fn takes_game(self) -> bool {
        match self {
            Verb::Join
            | Verb::Start
            | Verb::Move
            | Verb::Board
            | Verb::Hand
            | Verb::Moves
            | Verb::Resign
            | Verb::Abort
            | Verb::Export
            | Verb::Claim
            | Verb::Undo
            | Verb::Rematch
            | Verb::History
            | Verb::Replay
            | Verb::Conditional
            | Verb::Review
            | Verb::Decline => true,
            Verb::New
            | Verb::Games
            | Verb::Help
            | Verb::Rules
            | Verb::Vacation
            | Verb::Reminders
            | Verb::Leaderboard
            | Verb::Stats
            | Verb::Settings
            | Verb::Language
            | Verb::Daily
            | Verb::Tournament => false,
            | Verb::Dashboard => false,
        }
    }

    /// The verb a word names (case-insensitive), if any.
    pub fn from_word(word: &str) -> Option<Verb> {
        let word = word.to_lowercase();
        VERBS.iter().find(|(_, words)| words.contains(&word.as_str())).map(|(v, _)| *v)
    }

    /// The command word nearest to a mistyped `word` (`mvoes` → `moves`, `hilf` →
    /// `hilfe`), by Damerau-Levenshtein distance (one swap, or a missing, extra or wrong
    /// letter; two for words of seven letters or more), in the language of the word it
    /// is nearest to; `None` when no word is that near, or `word` is one.
    pub fn nearest_word(word: &str) -> Option<&'static str> {
        let word = word.to_lowercase();
        if word.chars().count() < 3 || Verb::from_word(&word).is_some() {
            return None;
        }
        let (distance, best) = VERBS
            .iter()
            .flat_map(|(_, words)| words.iter())
            .map(|w| (strsim::damerau_levenshtein(&word, w), *w))
            .min_by_key(|(d, _)| *d)?;
        let allowed = if word.chars().count() >= 7 { 2 } else { 1 };
        (distance <= allowed).then_some(best)
    }

    /// Every command word, English and German (`move`, `zug`, …), for completion.
    pub fn all_words() -> impl Iterator<Item = &'static str> {
        VERBS.iter().flat_map(|(_, words)| words.iter().copied())
    }

    /// Every command, in the order of [`VERBS`].
    pub fn all() -> impl Iterator<Item = Verb> {
        VERBS.iter().map(|(v, _)| *v)
    }

    /// The English command word.
    pub fn name(self) -> &'static str {
        VERBS.iter().find(|(v, _)| *v == self).and_then(|(_, w)| w.first()).copied().unwrap_or("help")
    }

    /// The command word in `lang` ([`Verb::german_name`] in German, else [`Verb::name`]),
    /// for the examples a reply gives.
    pub fn word(self, lang: crate::base::i18n::Lang) -> &'static str {
        match lang {
            crate::base::i18n::Lang::De => self.german_name(),
            _ => self.name(),
        }
    }

    /// The German command word: the first German word of [`VERBS`], else the English
    /// one when German uses the same (`hand`). Discord's German slash-command names are
    /// these.
    pub fn german_name(self) -> &'static str {
        VERBS.iter().find(|(v, _)| *v == self).and_then(|(_, w)| w.get(1).or(w.first())).copied().unwrap_or("hilfe")
    }
}
