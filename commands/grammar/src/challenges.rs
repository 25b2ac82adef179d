//! The grammar of Hathor challenges: `new hathor challenge [options] [hours=N]`,
//! `join challenge [#id]`, `daily [hathor]`, `leaderboard [#id]`.

use rules::GameKind;

use crate::base::{i18n::Msg, ids::ChallengeId};

use super::command::{Command, NewOptions, Verb};

/// The longest a challenge may stay open (a week).
pub const MAX_HOURS: u32 = 168;

/// Words that make `new hathor ...` a challenge.
const CHALLENGE_WORDS: [&str; 3] = ["challenge", "herausforderung", "wettbewerb"];

/// The challenge commands among the words after a command word: `new hathor challenge
/// [options] [hours=N]`, `join challenge [#id]`, `daily [hathor]`, `leaderboard [#id]`.
/// `None` when the words are none of these (the ordinary grammar applies).
pub(crate) fn parse_words(verb: Verb, words: &[&str]) -> Option<Result<Command, Msg>> {
    let is_challenge_word = |w: &&str| CHALLENGE_WORDS.contains(&w.to_lowercase().as_str());
    match verb {
        Verb::New => {
            let (name, rest) = words.split_first()?;
            if !rest.iter().any(is_challenge_word) {
                return None;
            }
            let kind = match name.parse::<GameKind>() {
                Ok(kind) => kind,
                Err(_) => return None,
            };
            Some(parse_new(kind, rest.iter().copied().filter(|w| !is_challenge_word(w)).collect()))
        }
        Verb::Join => {
            let (first, rest) = words.split_first()?;
            if !is_challenge_word(first) {
                return None;
            }
            Some(one_id(verb, rest).map(|challenge| Command::JoinChallenge { challenge }))
        }
        Verb::Daily => Some(match words {
            [] => Ok(Command::Daily { game: GameKind::Hathor }),
            [name] => name
                .parse::<GameKind>()
                .map(|game| Command::Daily { game })
                .map_err(|_| Msg::new("cmd-unknown-game").arg("name", *name).arg("games", GameKind::Hathor.id())),
            [_, extra, ..] => Err(Msg::new("cmd-extra-words").arg("command", verb.name()).arg("text", *extra)),
        }),
        // `leaderboard` alone or with `#id` is a challenge's; with a game name it is the
        // game's rating list (ratings.rs).
        Verb::Leaderboard if words.first().is_none_or(|w| w.starts_with('#')) => {
            Some(one_id(verb, words).map(|challenge| Command::ChallengeLeaderboard { challenge }))
        }
        _ => None,
    }
}

fn parse_new(kind: GameKind, words: Vec<&str>) -> Result<Command, Msg> {
    let mut hours = None;
    let mut rest = Vec::new();
    for word in words {
        let lower = word.to_lowercase();
        match lower.split_once('=') {
            Some(("hours" | "stunden", n)) => {
                let n = n
                    .parse::<u32>()
                    .ok()
                    .filter(|n| (1..=MAX_HOURS).contains(n))
                    .ok_or_else(|| Msg::new("challenge-bad-hours").arg("text", word).arg("max", u64::from(MAX_HOURS)))?;
                hours = Some(n);
            }
            _ => rest.push(word),
        }
    }
    Ok(Command::NewChallenge { game: kind, options: NewOptions::parse(kind, &rest)?, hours })
}

fn one_id(verb: Verb, words: &[&str]) -> Result<Option<ChallengeId>, Msg> {
    match words {
        [] => Ok(None),
        [id] => super::command::parse_game_id(id).map(|id| Some(ChallengeId(id.0))),
        [_, extra, ..] => Err(Msg::new("cmd-extra-words").arg("command", verb.name()).arg("text", *extra)),
    }
}

