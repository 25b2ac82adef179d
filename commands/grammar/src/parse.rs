//! Reading a typed line or a slash command's words into a [`Command`]: the top of the
//! grammar, which hands `challenge …` and `tournament …` to their own readers.

use rules::GameKind;

use super::{
    challenges,
    command::{game_list, parse_game_id, Command, GameId, NewOptions, PlanAction, Verb},
    tournaments,
};
use crate::base::i18n::Msg;

impl Command {
    /// Parses a typed command line. A leading `/` is ignored. Text that does not start
    /// with a command word becomes a bare move (`Command::Move { bare: true, .. }`),
    /// optionally after a game id (`#3 c3 red`).
    ///
    /// # Errors
    /// A message saying what is wrong (an unknown game, option or game id, a missing
    /// argument). Never panics, whatever the input.
    pub fn parse(line: &str) -> Result<Command, Msg> {
        let line = line.trim();
        let line = line.strip_prefix('/').unwrap_or(line).trim();
        let mut words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() {
            return Err(Msg::new("cmd-empty"));
        }
        let first = words.remove(0);
        // `if …` / `wenn …`: the word opens the plan's first step.
        if IF_WORDS.contains(&first.to_lowercase().as_str()) {
            let mut all = vec![first];
            all.extend_from_slice(&words);
            return parse_conditional(&all);
        }
        let Some(verb) = Verb::from_word(first) else {
            if first.starts_with('#') && !words.is_empty() {
                let game = parse_game_id(first)?;
                // `#5 board` is `board #5`, as `#5 c3 red` is a move in game 5.
                if let Some(verb) = Verb::from_word(words[0]).filter(|v| v.takes_game()) {
                    let mut rest = vec![first];
                    rest.extend_from_slice(&words[1..]);
                    return Command::from_words(verb, &rest);
                }
                return Ok(Command::Move { game: Some(game), notation: words.join(" "), at: None, bare: true });
            }
            // A game named after the move (`hint #5`, `c3 red #2`) names it too.
            let mut all = vec![first];
            all.extend_from_slice(&words);
            if let (Some(game), rest) = take_last_game_id(&all) {
                return Ok(Command::Move { game: Some(game), notation: rest.join(" "), at: None, bare: true });
            }
            return Ok(Command::Move { game: None, notation: line.to_string(), at: None, bare: true });
        };
        Command::from_words(verb, &words)
    }

    /// Builds the command `verb` from its argument words (what follows the command
    /// word), the way [`Command::parse`] does.
    ///
    /// # Errors
    /// As [`Command::parse`].
    pub fn from_words(verb: Verb, words: &[&str]) -> Result<Command, Msg> {
        if let Some(challenge) = challenges::parse_words(verb, words) {
            return challenge;
        }
        if verb == Verb::Tournament {
            return tournaments::parse_words(words);
        }
        match verb {
            Verb::New => {
                let Some((name, options)) = words.split_first() else {
                    return Err(Msg::new("cmd-new-needs-game").arg("games", game_list()));
                };
                let kind = parse_kind(name)?;
                return Ok(Command::New { game: kind, options: NewOptions::parse(kind, options)? });
            }
            Verb::Help => return Ok(Command::Help { topic: (!words.is_empty()).then(|| words.join(" ")) }),
            Verb::Vacation => {
                return match words {
                    [] => Ok(Command::Vacation { days: None }),
                    [days] => days
                        .parse::<u32>()
                        .ok()
                        .filter(|&d| d > 0)
                        .map(|d| Command::Vacation { days: Some(d) })
                        .ok_or_else(|| Msg::new("cmd-bad-days").arg("text", *days)),
                    [_, extra, ..] => Err(Msg::new("cmd-extra-words").arg("command", verb.name()).arg("text", *extra)),
                };
            }
            Verb::Dashboard => {
                return match words {
                    [] => Ok(Command::Dashboard { on: true }),
                    [word] => match word.to_lowercase().as_str() {
                        "on" | "an" | "ein" => Ok(Command::Dashboard { on: true }),
                        "off" | "aus" => Ok(Command::Dashboard { on: false }),
                        _ => Err(Msg::new("cmd-bad-on-off").arg("text", *word)),
                    },
                    [_, extra, ..] => Err(Msg::new("cmd-extra-words").arg("command", verb.name()).arg("text", *extra)),
                };
            }
            Verb::Reminders => {
                return match words {
                    [] => Ok(Command::Reminders { on: None }),
                    [word] => match word.to_lowercase().as_str() {
                        "on" | "an" | "ein" => Ok(Command::Reminders { on: Some(true) }),
                        "off" | "aus" => Ok(Command::Reminders { on: Some(false) }),
                        _ => Err(Msg::new("cmd-bad-on-off").arg("text", *word)),
                    },
                    [_, extra, ..] => Err(Msg::new("cmd-extra-words").arg("command", verb.name()).arg("text", *extra)),
                };
            }
            Verb::Leaderboard => {
                return match words {
                    [] => Err(Msg::new("cmd-leaderboard-needs-game").arg("games", game_list())),
                    _ => Ok(Command::Leaderboard { game: parse_kind(&words.join(" "))? }),
                };
            }
            Verb::Settings => {
                return Ok(Command::Settings { words: words.iter().map(ToString::to_string).collect() });
            }
            Verb::Language => {
                return match words {
                    [] => Ok(Command::Language { lang: None }),
                    [lang] => Ok(Command::Language { lang: Some(lang.to_string()) }),
                    [_, extra, ..] => Err(Msg::new("cmd-extra-words").arg("command", verb.name()).arg("text", *extra)),
                };
            }
            Verb::Stats => {
                return match words {
                    [] => Ok(Command::Stats { player: None }),
                    [who] => super::mentions::player(who)
                        .map(|player| Command::Stats { player: Some(player) })
                        .ok_or_else(|| Msg::new("cmd-bad-player").arg("text", *who)),
                    [_, extra, ..] => Err(Msg::new("cmd-extra-words").arg("command", verb.name()).arg("text", *extra)),
                };
            }
            Verb::Conditional => return parse_conditional(words),
            Verb::Rules => {
                return match words {
                    [] => Ok(Command::Rules { game: None }),
                    _ => Ok(Command::Rules { game: Some(parse_kind(&words.join(" "))?) }),
                };
            }
            _ => {}
        }
        let (game, rest) = take_game_id(words)?;
        let no_extra = |cmd: Command| -> Result<Command, Msg> {
            match rest {
                [] => Ok(cmd),
                // `board 2`: a game's number is written with `#`.
                [number] if game.is_none() && number.parse::<u64>().is_ok_and(|n| n > 0) => {
                    Err(Msg::new("cmd-number-needs-hash").arg("command", verb.name()).arg("number", *number))
                }
                [extra, ..] => Err(Msg::new("cmd-extra-words").arg("command", verb.name()).arg("text", *extra)),
            }
        };
        match verb {
            Verb::Join => no_extra(Command::Join { game }),
            Verb::Start => no_extra(Command::Start { game }),
            Verb::Decline => no_extra(Command::Decline { game }),
            Verb::Board => no_extra(Command::Board { game }),
            Verb::Hand => no_extra(Command::Hand { game }),
            Verb::Resign => no_extra(Command::Resign { game }),
            Verb::Abort => no_extra(Command::Abort { game }),
            Verb::Export => no_extra(Command::Export { game }),
            Verb::Games => no_extra(Command::Games),
            Verb::Claim => no_extra(Command::Claim { game }),
            Verb::Undo => no_extra(Command::Undo { game }),
            Verb::Rematch => no_extra(Command::Rematch { game }),
            Verb::History => no_extra(Command::History { game }),
            Verb::Replay => no_extra(Command::Replay { game }),
            Verb::Review => no_extra(Command::Review { game }),
            Verb::Move => {
                if rest.is_empty() {
                    return Err(Msg::new("cmd-move-needs-text"));
                }
                let (game, rest) = match game {
                    Some(game) => (Some(game), rest),
                    None => take_last_game_id(rest),
                };
                Ok(Command::Move { game, notation: rest.join(" "), at: None, bare: false })
            }
            Verb::Moves => {
                let mut page = 1;
                let mut filter = Vec::new();
                for word in rest {
                    let lower = word.to_lowercase();
                    match lower.split_once('=') {
                        Some(("page" | "seite", n)) => {
                            page = n
                                .parse::<usize>()
                                .ok()
                                .filter(|&p| p > 0)
                                .ok_or_else(|| Msg::new("cmd-bad-page").arg("text", *word))?;
                        }
                        _ => filter.push(*word),
                    }
                }
                Ok(Command::Moves { game, filter: filter.join(" "), page })
            }
            // Handled before the game id is taken (their words are not game ids).
            Verb::New | Verb::Conditional | Verb::Help | Verb::Rules | Verb::Vacation | Verb::Reminders | Verb::Dashboard | Verb::Leaderboard | Verb::Daily | Verb::Stats | Verb::Settings | Verb::Language | Verb::Tournament => Ok(Command::Help { topic: Some(verb.name().to_string()) }),
        }
    }
}

/// The words that open a step of a plan (`if`, `wenn`) and that lead to the reply
/// (`then`, `dann`).
const IF_WORDS: [&str; 2] = ["if", "wenn"];
const THEN_WORDS: [&str; 2] = ["then", "dann"];

/// Reads `conditional`'s words (after the command word; a leading `if`/`wenn` is the
/// first step's): nothing (list), `clear`/`löschen` (clear), or `if A then B …`, with
/// the game's `#id` first or last.
///
/// # Errors
/// `cmd-conditional-syntax` when a step lacks its `then` or either move, or words
/// stand before the first `if`.
fn parse_conditional(words: &[&str]) -> Result<Command, Msg> {
    let is_if = |w: &str| IF_WORDS.contains(&w.to_lowercase().as_str());
    // The first step's `if` may stand before the game's number (`if #5 c3 red then …`),
    // after it (`#5 if …`, `conditional #5 if …`), or be left out (`conditional c3 red
    // then …`).
    let mut opened = words.first().is_some_and(|w| is_if(w));
    let words = if opened { &words[1..] } else { words };
    let (game, mut rest) = take_game_id(words)?;
    if !opened && let Some((_, after)) = rest.split_first().filter(|(w, _)| is_if(w)) {
        (opened, rest) = (true, after);
    }
    let (game, rest) = match game {
        Some(game) => (Some(game), rest),
        None => take_last_game_id(rest),
    };
    let lower: Vec<String> = rest.iter().map(|w| w.to_lowercase()).collect();
    let syntax = || Msg::new("cmd-conditional-syntax");
    match lower.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        [] if opened => return Err(syntax()),
        [] => return Ok(Command::Conditional { game, action: PlanAction::List }),
        ["clear" | "löschen" | "loeschen"] if !opened => return Ok(Command::Conditional { game, action: PlanAction::Clear }),
        _ => {}
    }
    // Each step: `A then B`, the steps after the first opened by `if`.
    let mut steps = Vec::new();
    let mut first = 0;
    while first < rest.len() {
        let then = (first..rest.len()).find(|&j| THEN_WORDS.contains(&lower[j].as_str())).ok_or_else(syntax)?;
        let next_if = (then + 1..rest.len()).find(|&j| IF_WORDS.contains(&lower[j].as_str())).unwrap_or(rest.len());
        let (their, mine) = (rest[first..then].join(" "), rest[then + 1..next_if].join(" "));
        let doubled = lower[then + 1..next_if].iter().any(|w| THEN_WORDS.contains(&w.as_str()));
        if their.is_empty() || mine.is_empty() || doubled {
            return Err(syntax());
        }
        steps.push((their, mine));
        first = next_if + 1;
    }
    // A trailing `if` with nothing after it.
    if rest.last().is_some_and(|w| is_if(w)) {
        return Err(syntax());
    }
    Ok(Command::Conditional { game, action: PlanAction::Plan(steps) })
}

fn parse_kind(name: &str) -> Result<GameKind, Msg> {
    name.parse::<GameKind>().map_err(|_| Msg::new("cmd-unknown-game").arg("name", name).arg("games", game_list()))
}

/// A last word `#N` after other words (`hint #5`): the game and the words before it;
/// else no game and all the words.
fn take_last_game_id<'a, 'w>(words: &'a [&'w str]) -> (Option<GameId>, &'a [&'w str]) {
    match words.split_last() {
        Some((last, rest)) if last.starts_with('#') && !rest.is_empty() => match parse_game_id(last) {
            Ok(game) => (Some(game), rest),
            Err(_) => (None, words),
        },
        _ => (None, words),
    }
}

fn take_game_id<'a, 'w>(words: &'a [&'w str]) -> Result<(Option<GameId>, &'a [&'w str]), Msg> {
    match words.split_first() {
        Some((first, rest)) if first.starts_with('#') => Ok((Some(parse_game_id(first)?), rest)),
        _ => Ok((None, words)),
    }
}

