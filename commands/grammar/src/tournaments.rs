//! The grammar of tournaments (issue 39): `tournament new <game> [swiss|roundrobin]
//! [rounds=N] [time=2d] [signup=48h] [players=N] [double] [@bot …] [game options]`,
//! `tournament join [#T] [@bot …]`, `tournament leave [#T]`, `tournament start [#T]`,
//! `tournament cancel [#T]` and `tournament [#T]` (the status). German: `turnier neu`,
//! `beitreten`, `verlassen`, `starten`, `absagen`; `schweizer`, `rundenturnier`,
//! `runden=`, `anmeldung=`, `spieler=`, `doppelt`.

use rules::GameKind;

use crate::base::{i18n::Msg, ids::TournamentId};

pub use super::command::{System, TournamentOptions};
use super::command::{parse_game_id, Command, NewOptions, Verb};

/// The most rounds a tournament may have.
pub const MAX_ROUNDS: u32 = 50;
/// The fewest entrants a tournament starts with: `players=N` may not allow fewer (a
/// tournament of two could never start).
pub const MIN_PLAYERS: u32 = 3;

/// The fewest entrants a Hathor series starts with (everyone plays alone, so two
/// compare).
pub const SERIES_MIN_PLAYERS: u32 = 2;

/// The fewest entrants a tournament of `kind` starts with: a Hathor series
/// [`SERIES_MIN_PLAYERS`], else [`MIN_PLAYERS`].
pub fn min_players(kind: GameKind) -> u32 {
    if kind == GameKind::Hathor { SERIES_MIN_PLAYERS } else { MIN_PLAYERS }
}

/// The most entrants `players=N` may allow.
pub const MAX_PLAYERS: u32 = 256;
/// The longest sign-up (`signup=`), ms: four weeks.
pub const MAX_SIGNUP_MS: i64 = 28 * 86_400_000;

/// The sub-commands of `tournament`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sub {
    New,
    Join,
    Leave,
    Start,
    Cancel,
}

/// Each sub-command's words, English first, then German.
const SUBS: [(Sub, &[&str]); 5] = [
    (Sub::New, &["new", "neu"]),
    (Sub::Join, &["join", "beitreten", "anmelden"]),
    (Sub::Leave, &["leave", "verlassen", "austreten", "abmelden"]),
    (Sub::Start, &["start", "starten"]),
    (Sub::Cancel, &["cancel", "absagen", "abbrechen"]),
];

/// The tournament command of the words after `tournament`.
///
/// # Errors
/// A message naming the word that is wrong: an unknown sub-command or game, `rounds=0`,
/// a bad `signup=` or `players=`, a game option the game does not take.
pub(crate) fn parse_words(words: &[&str]) -> Result<Command, Msg> {
    let sub = words.first().and_then(|w| {
        let w = w.to_lowercase();
        SUBS.iter().find(|(_, names)| names.contains(&w.as_str())).map(|(s, _)| *s)
    });
    let Some(sub) = sub else {
        // `tournament [#T]`: the status.
        return match words {
            [] => Ok(Command::Tournament { id: None }),
            [id] if id.starts_with('#') => Ok(Command::Tournament { id: Some(tournament_id(id)?) }),
            [word, ..] => Err(Msg::new("tournament-bad-sub").arg("text", *word)),
        };
    };
    let rest = &words[1..];
    match sub {
        Sub::New => {
            let Some((name, options)) = rest.split_first() else {
                return Err(Msg::new("cmd-new-needs-game").arg("games", super::command::game_list()));
            };
            let kind = name
                .parse::<GameKind>()
                .map_err(|_| Msg::new("cmd-unknown-game").arg("name", *name).arg("games", super::command::game_list()))?;
            Ok(Command::TournamentNew { game: kind, options: parse_new(kind, options)? })
        }
        Sub::Join => {
            let (id, rest) = take_id(rest)?;
            let mut bots = Vec::new();
            for word in rest {
                match super::mentions::invitees_in(word) {
                    Some(named) => bots.extend(named),
                    None => return Err(Msg::new("cmd-extra-words").arg("command", Verb::Tournament.name()).arg("text", *word)),
                }
            }
            Ok(Command::TournamentJoin { id, bots })
        }
        Sub::Leave | Sub::Start | Sub::Cancel => {
            let (id, rest) = take_id(rest)?;
            if let Some(extra) = rest.first() {
                return Err(Msg::new("cmd-extra-words").arg("command", Verb::Tournament.name()).arg("text", *extra));
            }
            Ok(match sub {
                Sub::Leave => Command::TournamentLeave { id },
                Sub::Start => Command::TournamentStart { id },
                _ => Command::TournamentCancel { id },
            })
        }
    }
}

/// `#T`: a tournament's number (from 1); else a refusal that calls it a tournament
/// number (not a game number).
fn tournament_id(word: &str) -> Result<TournamentId, Msg> {
    parse_game_id(word).map(|id| TournamentId(id.0)).map_err(|_| Msg::new("tournament-bad-id").arg("text", word))
}

fn take_id<'a, 'w>(words: &'a [&'w str]) -> Result<(Option<TournamentId>, &'a [&'w str]), Msg> {
    match words.split_first() {
        Some((first, rest)) if first.starts_with('#') => Ok((Some(tournament_id(first)?), rest)),
        _ => Ok((None, words)),
    }
}

fn parse_new(kind: GameKind, words: &[&str]) -> Result<TournamentOptions, Msg> {
    let mut out = TournamentOptions::default();
    let min = min_players(kind);
    // Hathor is played alone: its tournament is a series of same-deal rounds, with no
    // pairing system and no first move to swap.
    let series = kind == GameKind::Hathor;
    let mut system_given = false;
    let mut game_words = Vec::new();
    for &word in words {
        let lower = word.to_lowercase();
        match lower.split_once('=') {
            Some(("rounds" | "runden", n)) => {
                out.rounds = Some(
                    n.parse::<u32>()
                        .ok()
                        .filter(|n| (1..=MAX_ROUNDS).contains(n))
                        .ok_or_else(|| Msg::new("tournament-bad-rounds").arg("text", word).arg("max", MAX_ROUNDS))?,
                );
            }
            Some(("signup" | "anmeldung", d)) => {
                out.signup_ms = Some(
                    crate::base::time::parse_duration(d)
                        .filter(|&ms| ms > 0 && ms <= MAX_SIGNUP_MS)
                        .ok_or_else(|| Msg::new("tournament-bad-signup").arg("text", word))?,
                );
            }
            Some(("players" | "spieler", n)) => {
                out.max_players = Some(
                    n.parse::<u32>()
                        .ok()
                        .filter(|n| (min..=MAX_PLAYERS).contains(n))
                        .ok_or_else(|| Msg::new("tournament-bad-players").arg("text", word).arg("min", min).arg("max", MAX_PLAYERS))?,
                );
            }
            None if matches!(lower.as_str(), "swiss" | "schweizer" | "roundrobin" | "round-robin" | "rundenturnier") => {
                if series {
                    return Err(Msg::new("tournament-series-no-system").arg("text", word));
                }
                if system_given {
                    return Err(Msg::new("cmd-option-twice").arg("first", "swiss").arg("second", word).arg("option", "system"));
                }
                system_given = true;
                out.system = if matches!(lower.as_str(), "swiss" | "schweizer") { System::Swiss } else { System::RoundRobin };
            }
            None if matches!(lower.as_str(), "double" | "doppelt") => {
                if series {
                    return Err(Msg::new("tournament-series-no-double").arg("text", word));
                }
                out.twice = true;
            }
            _ => game_words.push(word),
        }
    }
    out.game = NewOptions::parse(kind, &game_words)?;
    // A tournament's games keep its time per move; a bank (`time=1d+3d`) is a single
    // game's (docs "Clocks with a bank"), refused rather than dropped.
    if out.game.bank_ms.is_some() {
        return Err(Msg::new("cmd-bank-not-here"));
    }
    // A bare number or `players=` read as the game's player count: tournaments play
    // the two-player form.
    if out.game.options.contains_key("players") {
        return Err(Msg::new("tournament-two-players").arg("game", kind));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(line: &str) -> Command {
        Command::parse(line).unwrap_or_else(|e| panic!("{line:?}: {e:?}"))
    }

    #[test]
    fn tournament_words_parse() {
        let Command::TournamentNew { game, options } = parsed("tournament new carat roundrobin rounds=3 signup=2h players=8 double time=1d hand3 @bot:hard")
        else {
            panic!("not a tournament")
        };
        assert_eq!(game, GameKind::Carat);
        assert_eq!(options.system, System::RoundRobin);
        assert_eq!((options.rounds, options.signup_ms, options.max_players, options.twice), (Some(3), Some(7_200_000), Some(8), true));
        assert_eq!(options.game.move_ms, Some(86_400_000));
        assert_eq!(options.game.options.get("variant"), Some(&serde_json::Value::from("hand3")));
        assert_eq!(options.game.invite, vec!["@bot:hard".to_string()]);
        let Command::TournamentNew { options, .. } = parsed("turnier neu carat schweizer runden=2 doppelt") else { panic!() };
        assert_eq!((options.system, options.rounds, options.twice), (System::Swiss, Some(2), true));
        let Command::TournamentNew { options, .. } = parsed("tournament new hathor players=2 rounds=4 3") else { panic!() };
        assert_eq!((options.max_players, options.rounds), (Some(2), Some(4)));
        assert_eq!(options.game.options.get("variant"), Some(&serde_json::Value::from(3)));
        assert_eq!(parsed("tournament"), Command::Tournament { id: None });
        assert_eq!(parsed("turnier #3"), Command::Tournament { id: Some(TournamentId(3)) });
        assert_eq!(parsed("tournament join #2 @bot"), Command::TournamentJoin { id: Some(TournamentId(2)), bots: vec!["bot".into()] });
        assert_eq!(parsed("turnier verlassen"), Command::TournamentLeave { id: None });
        assert_eq!(parsed("turnier starten #4"), Command::TournamentStart { id: Some(TournamentId(4)) });
        assert_eq!(parsed("tournament cancel"), Command::TournamentCancel { id: None });
        for (line, key) in [
            ("tournament new carat rounds=0", "tournament-bad-rounds"),
            ("tournament new carat rounds=x", "tournament-bad-rounds"),
            ("tournament new carat signup=0h", "tournament-bad-signup"),
            ("tournament new carat players=1", "tournament-bad-players"),
            // Two could sign up but never start.
            ("tournament new carat players=2", "tournament-bad-players"),
            ("tournament new carat purple", "cmd-bad-option"),
            ("tournament new carat 3", "tournament-two-players"),
            ("tournament new carat swiss roundrobin", "cmd-option-twice"),
            ("tournament new chess", "cmd-unknown-game"),
            ("tournament new", "cmd-new-needs-game"),
            ("tournament dance", "tournament-bad-sub"),
            ("tournament leave #1 now", "cmd-extra-words"),
            ("tournament #x", "tournament-bad-id"),
            ("tournament join #abc", "tournament-bad-id"),
            ("tournament new carat time=1d+3d", "cmd-bank-not-here"),
            // A Hathor series: everyone plays alone, so no pairing system, no `double`,
            // and two may start.
            ("tournament new hathor double", "tournament-series-no-double"),
            ("tournament new hathor roundrobin", "tournament-series-no-system"),
            ("turnier neu hathor schweizer", "tournament-series-no-system"),
            ("tournament new hathor players=1", "tournament-bad-players"),
        ] {
            assert_eq!(Command::parse(line).map_err(|m| m.key), Err(key.to_string()), "{line}");
        }
    }
}
