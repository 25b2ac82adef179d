//! The command grammar: [`Command`] and its text parser. Adapters either parse a typed
//! line ([`Command::parse`]) or build a [`Command`] directly from slash-command options.

use serde_json::{Map, Value};

use rules::GameKind;

use crate::base::i18n::Msg;

pub use crate::base::ids::{ChallengeId, GameId, TournamentId};
pub use crate::verb::{Verb, VERBS};

/// The options of `new <game> ...`: the record's `options` object (with `players` when
/// given) and the seed.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct NewOptions {
    pub options: Map<String, Value>,
    pub seed: Option<u64>,
    /// The time per move in milliseconds (`time=3d`), if given.
    pub move_ms: Option<i64>,
    /// Each player's bank in milliseconds (`time=1d+3d`: 3 days), used up when a move
    /// takes longer than the time per move (docs "Clocks with a bank"), if given.
    pub bank_ms: Option<i64>,
    /// The users invited by name (`@bob`), without the `@` (a Discord mention
    /// `<@123>` becomes `123`). The bot itself (`@bot`, `@bot:hard`, its own mention)
    /// is read here like anyone; the lobby seats it as an AI player.
    pub invite: Vec<String>,
    /// `level=easy|normal|hard`: the strength of the AI seats named without one.
    pub level: Option<ai::Level>,
}

impl NewOptions {
    /// Reads the words after `new <game>`: `key=value` pairs, `seed=N`, bare words the
    /// game knows ([`GameKind::option_word`], e.g. Carat's `hand3`, Hathor's `3` for
    /// variant 3), and else a bare number (the player count).
    ///
    /// # Errors
    /// A message naming the word that is not an option, or a bad seed.
    pub fn parse(kind: GameKind, words: &[&str]) -> Result<NewOptions, Msg> {
        let mut out = NewOptions::default();
        let bad = |word: &str| Msg::new("cmd-bad-option").arg("option", word).arg("game", kind);
        // Which word set each option, to refuse a second one (`hand3 two_colours`,
        // `3 players=4`, `seed=1 seed=2`): options are given once.
        let mut given: Vec<(String, String)> = Vec::new();
        let mut once = |option: &str, word: &str| -> Result<(), Msg> {
            if let Some((_, first)) = given.iter().find(|(o, _)| o == option) {
                return Err(Msg::new("cmd-option-twice").arg("first", first.as_str()).arg("second", word).arg("option", option));
            }
            given.push((option.to_string(), word.to_string()));
            Ok(())
        };
        for &word in words {
            if let Some((key, value)) = word.split_once('=') {
                let key = key.trim().to_lowercase();
                match key.as_str() {
                    "seed" | "startwert" => {
                        once("seed", word)?;
                        let seed = value.trim().parse::<u64>().map_err(|_| Msg::new("cmd-bad-seed").arg("text", value))?;
                        out.seed = Some(seed);
                    }
                    "time" | "zeit" => {
                        once("time", word)?;
                        let (move_ms, bank_ms) = crate::base::time::parse_time_control(value)?;
                        (out.move_ms, out.bank_ms) = (Some(move_ms), bank_ms);
                    }
                    "level" | "stufe" => {
                        once("level", word)?;
                        out.level = Some(value.parse().map_err(|_| Msg::new("cmd-bad-level").arg("text", value))?);
                    }
                    "players" | "spieler" => {
                        once("players", word)?;
                        let n = value.trim().parse::<u64>().map_err(|_| bad(word))?;
                        out.options.insert("players".into(), Value::from(n));
                    }
                    "" => return Err(bad(word)),
                    // A game's own option written with `=` in either language
                    // (`ziel=2` as `goal=2`).
                    _ if kind.option_word(word).is_some() => {
                        if let Some((key, value)) = kind.option_word(word) {
                            once(key, word)?;
                            out.options.insert(key.to_string(), value);
                        }
                    }
                    // A game's own option with a value it does not take (`ziel=9`).
                    _ if kind.option_word(&format!("{key}=1")).is_some() => {
                        return Err(Msg::new("cmd-bad-option-value").arg("option", word).arg("game", kind).arg("id", kind.id()));
                    }
                    _ => {
                        once(&key, word)?;
                        out.options.insert(key, option_value(value.trim()));
                    }
                }
            } else if let Some(invitees) = super::mentions::invitees_in(word) {
                out.invite.extend(invitees);
            } else if let Some((key, value)) = kind.option_word(word) {
                once(key, word)?;
                out.options.insert(key.to_string(), value);
            } else if let Ok(n) = word.parse::<u64>() {
                // A number the game does not take as an option word: the player count,
                // unless the game has one count only and numbers its variants (Hathor:
                // `new hathor 6` names no variant).
                let counts = kind.players();
                if counts.start() == counts.end() && kind.option_word("1").is_some_and(|(key, _)| key == "variant") {
                    return Err(Msg::new("cmd-bad-variant").arg("text", word).arg("game", kind).arg("id", kind.id()));
                }
                once("players", word)?;
                out.options.insert("players".into(), Value::from(n));
            } else {
                return Err(bad(word));
            }
        }
        Ok(out)
    }
}

fn option_value(text: &str) -> Value {
    if let Ok(n) = text.parse::<i64>() {
        return Value::from(n);
    }
    match text.to_lowercase().as_str() {
        "null" | "none" | "-" => Value::Null,
        "true" | "yes" | "ja" => Value::Bool(true),
        "false" | "no" | "nein" => Value::Bool(false),
        _ => Value::String(text.to_string()),
    }
}

/// What `conditional` / `if` asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlanAction {
    /// `conditional`: my plans, listed.
    List,
    /// `conditional clear`: my plans removed.
    Clear,
    /// `if A then B [if C then D …]`: (their move, my move) pairs, in order, as typed
    /// (words separated by single spaces).
    Plan(Vec<(String, String)>),
}

/// How a tournament pairs its rounds, as the grammar reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum System {
    #[default]
    Swiss,
    RoundRobin,
}

/// What `tournament new` asks for besides the game.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TournamentOptions {
    pub system: System,
    /// `rounds=N` (≥ 1).
    pub rounds: Option<u32>,
    /// `signup=48h`: how long sign-up stays open, ms.
    pub signup_ms: Option<i64>,
    /// `players=N`: the most entrants (`tournaments::MIN_PLAYERS` to `MAX_PLAYERS`).
    pub max_players: Option<u32>,
    /// `double`: every pairing twice, the first move swapped.
    pub twice: bool,
    /// The game's options, `time=`, `seed=` and the `@bot` entrants, as `new` reads them.
    pub game: NewOptions,
}

/// A command, platform-neutral. `game: None` means "the game the context implies"
/// (the only fitting game in the channel); `Some(id)` names one (`#12` in text).
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// `new <game> [options]`: an invitation in the channel; the creator takes seat 0.
    New { game: GameKind, options: NewOptions },
    /// `join [#id]`: take the next seat of an invitation.
    Join { game: Option<GameId> },
    /// `start [#id]`: start an invitation.
    Start { game: Option<GameId> },
    /// `decline [#id]`: an invitee turns down an invitation that names them; it is
    /// withdrawn.
    Decline { game: Option<GameId> },
    /// `move [#id] <notation>`, or a bare move (`bare`: the text was not a command
    /// word). `at` is the move number the player saw (a button's), to refuse stale
    /// clicks; `None` from typed text.
    Move { game: Option<GameId>, notation: String, at: Option<u64>, bare: bool },
    /// `board [#id]`: the board as everyone sees it.
    Board { game: Option<GameId> },
    /// `hand [#id]`: your hand, privately.
    Hand { game: Option<GameId> },
    /// `moves [#id] [filter] [page=N]`: the legal moves of the player to move, paged
    /// (`page` counts from 1).
    Moves { game: Option<GameId>, filter: String, page: usize },
    /// `resign [#id]`.
    Resign { game: Option<GameId> },
    /// `abort [#id]`.
    Abort { game: Option<GameId> },
    /// `games`: my games, the ones waiting for me first.
    Games,
    /// `help [command|game]`.
    Help { topic: Option<String> },
    /// `rules [game]`: a game's short rules (or the list of games).
    Rules { game: Option<GameKind> },
    /// `export [#id]`: the game's record (JSON), privately.
    Export { game: Option<GameId> },
    /// `claim [#id]`: the time of the player to move has run out; a waiting player
    /// claims it (`@timeout P`).
    Claim { game: Option<GameId> },
    /// `vacation [days]`: pause all my clocks for `days` days (none: show my allowance).
    Vacation { days: Option<u32> },
    /// `undo [#id]`: ask to take back the last move, or agree to it.
    Undo { game: Option<GameId> },
    /// `rematch [#id]`: the same game again with the same players.
    Rematch { game: Option<GameId> },
    /// `reminders on|off`: my turn reminders (`None`: show the setting).
    Reminders { on: Option<bool> },
    /// `dashboard` (on) or `dashboard off`.
    Dashboard { on: bool },
    /// `history [#id]`: the public move list.
    History { game: Option<GameId> },
    /// `replay [#id]`: the game so far as an animated GIF, in the channel.
    Replay { game: Option<GameId> },
    /// `if [#id] <their move> then <my move> [if … then …]`, `conditional [#id]`,
    /// `conditional clear [#id]`: conditional moves, privately.
    Conditional { game: Option<GameId>, action: PlanAction },
    /// `review [#id]`: a finished game's review (chances, marks, turning points, luck),
    /// in the channel.
    Review { game: Option<GameId> },
    /// `leaderboard <game>`: the best-rated players of a game here.
    Leaderboard { game: GameKind },
    /// `stats [@player]`: a player's ratings here (none: mine).
    Stats { player: Option<String> },
    /// `settings [key=value ...]`: the channel's settings (admins change them).
    Settings { words: Vec<String> },
    /// `language [en|de|default]`: my own language.
    Language { lang: Option<String> },
    /// `new <game> challenge [options] [hours=N]`: a challenge in the channel that
    /// anyone may join, each on their own board from the same setup (challenge.rs).
    NewChallenge { game: GameKind, options: NewOptions, hours: Option<u32> },
    /// `join challenge [#id]`: one's own game in a challenge of the channel.
    JoinChallenge { challenge: Option<ChallengeId> },
    /// `daily <game>`: joins today's challenge of the channel.
    Daily { game: GameKind },
    /// `leaderboard [#id]`: a challenge's players, scores and who has finished.
    ChallengeLeaderboard { challenge: Option<ChallengeId> },
    /// `tournament new <game> [options]`: opens sign-up for a tournament here.
    TournamentNew { game: GameKind, options: TournamentOptions },
    /// `tournament join [#T] [@bot …]`: signs me (or the bot, once per mention) up.
    TournamentJoin { id: Option<TournamentId>, bots: Vec<String> },
    /// `tournament leave [#T]`.
    TournamentLeave { id: Option<TournamentId> },
    /// `tournament start [#T]`: the organiser (or an admin) starts it.
    TournamentStart { id: Option<TournamentId> },
    /// `tournament cancel [#T]`.
    TournamentCancel { id: Option<TournamentId> },
    /// `tournament [#T]`: round, running games, standings.
    Tournament { id: Option<TournamentId> },
}

impl Command {
    /// The game this command names with `#N`, if it names one.
    pub fn named_game(&self) -> Option<GameId> {
        match self {
            Command::Join { game }
            | Command::Start { game }
            | Command::Decline { game }
            | Command::Move { game, .. }
            | Command::Board { game }
            | Command::Hand { game }
            | Command::Moves { game, .. }
            | Command::Resign { game }
            | Command::Abort { game }
            | Command::Export { game }
            | Command::Claim { game }
            | Command::Undo { game }
            | Command::Rematch { game }
            | Command::History { game }
            | Command::Replay { game }
            | Command::Conditional { game, .. }
            | Command::Review { game } => *game,
            _ => None,
        }
    }

    /// The command word of this command.
    pub fn verb(&self) -> Verb {
        match self {
            Command::New { .. } => Verb::New,
            Command::Join { .. } => Verb::Join,
            Command::Start { .. } => Verb::Start,
            Command::Decline { .. } => Verb::Decline,
            Command::Move { .. } => Verb::Move,
            Command::Board { .. } => Verb::Board,
            Command::Hand { .. } => Verb::Hand,
            Command::Moves { .. } => Verb::Moves,
            Command::Resign { .. } => Verb::Resign,
            Command::Abort { .. } => Verb::Abort,
            Command::Games => Verb::Games,
            Command::Help { .. } => Verb::Help,
            Command::Rules { .. } => Verb::Rules,
            Command::Export { .. } => Verb::Export,
            Command::Claim { .. } => Verb::Claim,
            Command::Vacation { .. } => Verb::Vacation,
            Command::Undo { .. } => Verb::Undo,
            Command::Rematch { .. } => Verb::Rematch,
            Command::Reminders { .. } => Verb::Reminders,
            Command::Dashboard { .. } => Verb::Dashboard,
            Command::History { .. } => Verb::History,
            Command::Replay { .. } => Verb::Replay,
            Command::Conditional { .. } => Verb::Conditional,
            Command::Review { .. } => Verb::Review,
            Command::Leaderboard { .. } => Verb::Leaderboard,
            Command::Stats { .. } => Verb::Stats,
            Command::Settings { .. } => Verb::Settings,
            Command::Language { .. } => Verb::Language,
            Command::NewChallenge { .. } => Verb::New,
            Command::JoinChallenge { .. } => Verb::Join,
            Command::Daily { .. } => Verb::Daily,
            Command::ChallengeLeaderboard { .. } => Verb::Leaderboard,
            Command::TournamentNew { .. }
            | Command::TournamentJoin { .. }
            | Command::TournamentLeave { .. }
            | Command::TournamentStart { .. }
            | Command::TournamentCancel { .. }
            | Command::Tournament { .. } => Verb::Tournament,
        }
    }
}

/// The ids of the games this build can play, comma-separated (for messages).
pub fn game_list() -> String {
    GameKind::ALL.iter().map(|k| k.id()).collect::<Vec<_>>().join(", ")
}

/// Parses `#12` (or `12` where a game id is expected).
///
/// # Errors
/// `cmd-bad-game-id` when the text is not a positive number.
pub fn parse_game_id(word: &str) -> Result<GameId, Msg> {
    word.trim_start_matches('#')
        .parse::<GameId>()
        .ok()
        .filter(|id| id.0 > 0)
        .ok_or_else(|| Msg::new("cmd-bad-game-id").arg("text", word))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::json;

    use super::*;

    fn parsed(line: &str) -> Command {
        Command::parse(line).unwrap_or_else(|e| panic!("{line:?} did not parse: {e:?}"))
    }

    fn refused(line: &str) -> String {
        match Command::parse(line) {
            Ok(c) => panic!("{line:?} parsed as {c:?}"),
            Err(m) => m.key,
        }
    }

    #[test]
    fn commands_parse() {
        let cases: Vec<(&str, Command)> = vec![
            ("join", Command::Join { game: None }),
            ("  BEITRETEN  #4 ", Command::Join { game: Some(GameId(4)) }),
            ("/start", Command::Start { game: None }),
            ("decline", Command::Decline { game: None }),
            ("ABLEHNEN #3", Command::Decline { game: Some(GameId(3)) }),
            ("move c3 red", Command::Move { game: None, notation: "c3 red".into(), at: None, bare: false }),
            ("zug #2 c3   rot", Command::Move { game: Some(GameId(2)), notation: "c3 rot".into(), at: None, bare: false }),
            ("c3 red", Command::Move { game: None, notation: "c3 red".into(), at: None, bare: true }),
            ("#7 c3 red", Command::Move { game: Some(GameId(7)), notation: "c3 red".into(), at: None, bare: true }),
            // A game named after the move names it as before it does.
            ("hint #5", Command::Move { game: Some(GameId(5)), notation: "hint".into(), at: None, bare: true }),
            ("c3 red  #12", Command::Move { game: Some(GameId(12)), notation: "c3 red".into(), at: None, bare: true }),
            ("move c3 red #2", Command::Move { game: Some(GameId(2)), notation: "c3 red".into(), at: None, bare: false }),
            ("hint #x", Command::Move { game: None, notation: "hint #x".into(), at: None, bare: true }),
            ("hint #0", Command::Move { game: None, notation: "hint #0".into(), at: None, bare: true }),
            ("board", Command::Board { game: None }),
            ("hand #3", Command::Hand { game: Some(GameId(3)) }),
            ("moves", Command::Moves { game: None, filter: String::new(), page: 1 }),
            ("züge #1 c3 page=2", Command::Moves { game: Some(GameId(1)), filter: "c3".into(), page: 2 }),
            ("resign", Command::Resign { game: None }),
            ("abbrechen #9", Command::Abort { game: Some(GameId(9)) }),
            ("games", Command::Games),
            ("help", Command::Help { topic: None }),
            ("hilfe move", Command::Help { topic: Some("move".into()) }),
            ("rules carat", Command::Rules { game: Some(GameKind::Carat) }),
            ("regeln", Command::Rules { game: None }),
            ("export #5", Command::Export { game: Some(GameId(5)) }),
            // `#N` before a command that takes a game names the game.
            ("#5 board", Command::Board { game: Some(GameId(5)) }),
            ("#5 Hand", Command::Hand { game: Some(GameId(5)) }),
            ("#5 moves c3 page=2", Command::Moves { game: Some(GameId(5)), filter: "c3".into(), page: 2 }),
            ("#7 undo", Command::Undo { game: Some(GameId(7)) }),
            ("#7 zug c3 rot", Command::Move { game: Some(GameId(7)), notation: "c3 rot".into(), at: None, bare: false }),
            ("conditional", Command::Conditional { game: None, action: PlanAction::List }),
            ("bedingt #4", Command::Conditional { game: Some(GameId(4)), action: PlanAction::List }),
            ("conditional clear", Command::Conditional { game: None, action: PlanAction::Clear }),
            ("#4 bedingt löschen", Command::Conditional { game: Some(GameId(4)), action: PlanAction::Clear }),
            ("if c3 red then d4  blue", Command::Conditional { game: None, action: plan(&[("c3 red", "d4 blue")]) }),
            ("Wenn #3 c3 rot DANN d4 blau wenn e5 grün dann f6 gelb", Command::Conditional { game: Some(GameId(3)), action: plan(&[("c3 rot", "d4 blau"), ("e5 grün", "f6 gelb")]) }),
            ("#3 if c3 red then d4 blue", Command::Conditional { game: Some(GameId(3)), action: plan(&[("c3 red", "d4 blue")]) }),
            ("if c3 red then d4 blue #3", Command::Conditional { game: Some(GameId(3)), action: plan(&[("c3 red", "d4 blue")]) }),
            ("conditional #3 c3 red then d4 blue", Command::Conditional { game: Some(GameId(3)), action: plan(&[("c3 red", "d4 blue")]) }),
            // `clear` after `if` is a move, not the command to clear.
            ("if clear then d4 blue", Command::Conditional { game: None, action: plan(&[("clear", "d4 blue")]) }),
        ];
        for (line, want) in cases {
            assert_eq!(parsed(line), want, "{line:?}");
        }
    }

    fn plan(steps: &[(&str, &str)]) -> PlanAction {
        PlanAction::Plan(steps.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect())
    }

    #[test]
    fn new_reads_counts_words_pairs_and_seeds() {
        let Command::New { game, options } = parsed("new carat 3 hand3 seed=42") else { panic!() };
        assert_eq!(game, GameKind::Carat);
        assert_eq!(Value::Object(options.options), json!({"players": 3, "variant": "hand3"}));
        assert_eq!(options.seed, Some(42));
        let Command::New { options, .. } = parsed("neu Carat players=2 variant=two_colours") else { panic!() };
        assert_eq!(Value::Object(options.options), json!({"players": 2, "variant": "two_colours"}));
        assert_eq!(options.seed, None);
        let Command::New { options, .. } = parsed("new carat two-colours") else { panic!() };
        assert_eq!(Value::Object(options.options), json!({"variant": "two_colours"}));
    }

    #[test]
    fn bad_commands_say_why() {
        let cases = [
            ("", "cmd-empty"),
            ("   ", "cmd-empty"),
            ("new", "cmd-new-needs-game"),
            ("new chess", "cmd-unknown-game"),
            ("new carat purple", "cmd-bad-option"),
            ("new carat seed=-1", "cmd-bad-seed"),
            ("new carat seed=18446744073709551616", "cmd-bad-seed"),
            ("new carat =3", "cmd-bad-option"),
            ("new carat @<@0>", "cmd-bad-option"),
            ("new carat @bob,carol", "cmd-bad-option"),
            ("new carat hand3 two_colours", "cmd-option-twice"),
            ("new carat hand3 variant=hand3", "cmd-option-twice"),
            ("new carat 3 players=3", "cmd-option-twice"),
            ("new carat seed=1 seed=1", "cmd-option-twice"),
            ("new carat time=2h zeit=3h", "cmd-option-twice"),
            ("new carat time=1d+", "cmd-bad-bank-missing"),
            ("new carat time=+3d", "cmd-bad-time-missing"),
            ("new carat time=1d+-3d", "cmd-bad-bank"),
            ("new carat time=-1d+3d", "cmd-bad-duration"),
            ("new carat time=1d+0d", "cmd-bad-bank"),
            ("new carat time=0+3d", "cmd-bad-duration"),
            ("new carat time=1d+3d+1d", "cmd-bad-bank"),
            ("new carat time=1d+soon", "cmd-bad-bank"),
            ("new hathor 6", "cmd-bad-variant"),
            ("stats @", "cmd-bad-player"),
            ("stats <@0>", "cmd-bad-player"),
            ("stats a,b", "cmd-bad-player"),
            ("move", "cmd-move-needs-text"),
            ("move #2", "cmd-move-needs-text"),
            ("board #x", "cmd-bad-game-id"),
            ("board #0", "cmd-bad-game-id"),
            ("join now", "cmd-extra-words"),
            ("decline #3 politely", "cmd-extra-words"),
            ("board 2", "cmd-number-needs-hash"),
            ("export 12", "cmd-number-needs-hash"),
            ("board #2 3", "cmd-extra-words"),
            ("board 0", "cmd-extra-words"),
            ("board 2 3", "cmd-extra-words"),
            ("moves page=0", "cmd-bad-page"),
            ("rules chess", "cmd-unknown-game"),
            ("#x c3 red", "cmd-bad-game-id"),
            ("if", "cmd-conditional-syntax"),
            ("if c3 red", "cmd-conditional-syntax"),
            ("if c3 red then", "cmd-conditional-syntax"),
            ("if then d4 blue", "cmd-conditional-syntax"),
            ("if c3 red then d4 blue if", "cmd-conditional-syntax"),
            ("if c3 red then d4 blue if e5 green", "cmd-conditional-syntax"),
            ("wenn c3 rot dann d4 blau dann e5", "cmd-conditional-syntax"),
            ("conditional hello", "cmd-conditional-syntax"),
        ];
        for (line, key) in cases {
            assert_eq!(refused(line), key, "{line:?}");
        }
    }

    #[test]
    fn new_reads_a_time_with_a_bank() {
        let Command::New { options, .. } = parsed("new carat time=1d+3d") else { panic!() };
        assert_eq!((options.move_ms, options.bank_ms), (Some(86_400_000), Some(3 * 86_400_000)));
        let Command::New { options, .. } = parsed("neu carat zeit=12h+1t6std") else { panic!() };
        assert_eq!((options.move_ms, options.bank_ms), (Some(12 * 3_600_000), Some(30 * 3_600_000)));
        let Command::New { options, .. } = parsed("new carat time=2d") else { panic!() };
        assert_eq!((options.move_ms, options.bank_ms), (Some(2 * 86_400_000), None));
    }

    #[test]
    fn new_reads_comma_separated_invitees() {
        let Command::New { options, .. } = parsed("new carat @bob,@carol") else { panic!() };
        assert_eq!(options.invite, vec!["bob".to_string(), "carol".to_string()]);
        let Command::New { options, .. } = parsed("new carat @bob, @Carol 3") else { panic!() };
        assert_eq!(options.invite, vec!["bob".to_string(), "carol".to_string()]);
        assert_eq!(Value::Object(options.options), json!({"players": 3}));
    }

    #[test]
    fn the_largest_seed_is_accepted() {
        let Command::New { options, .. } = parsed("new carat seed=18446744073709551615") else { panic!() };
        assert_eq!(options.seed, Some(u64::MAX));
    }

    #[test]
    fn every_verb_has_an_english_name_that_parses_back() {
        for (verb, words) in VERBS {
            assert_eq!(Verb::from_word(verb.name()), Some(verb));
            for w in words {
                assert_eq!(Verb::from_word(&w.to_uppercase()), Some(verb), "{w}");
            }
        }
    }

    proptest! {
        #[test]
        fn arbitrary_text_never_panics(line in ".{0,200}") {
            let _ = Command::parse(&line);
        }

        #[test]
        fn command_like_text_never_panics(
            verb in prop::sample::select(VERBS.iter().flat_map(|(_, w)| w.iter().copied()).collect::<Vec<_>>()),
            args in prop::collection::vec("[#=a-z0-9äöü@ -]{0,12}", 0..6),
        ) {
            let line = format!("{verb} {}", args.join(" "));
            let _ = Command::parse(&line);
        }
    }
}
