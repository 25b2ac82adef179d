//! `/tournament` (issue 39): one slash command whose `action` chooses what the typed
//! `tournament …` does (status, new, join, leave, start, cancel); the game, the options
//! and the tournament's number are options of their own. It builds the typed words and
//! lets the command layer's grammar read them, so both ways mean the same.

use commands::{Command, Verb};

use super::GameChoice;
use crate::discord::{session, Context, Error};

/// What `/tournament` does.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Action {
    #[name = "status"]
    #[name_localized("de", "stand")]
    Status,
    #[name = "new"]
    #[name_localized("de", "neu")]
    New,
    #[name = "join"]
    #[name_localized("de", "beitreten")]
    Join,
    #[name = "leave"]
    #[name_localized("de", "verlassen")]
    Leave,
    #[name = "start"]
    #[name_localized("de", "starten")]
    Start,
    #[name = "cancel"]
    #[name_localized("de", "absagen")]
    Cancel,
}

impl Action {
    /// The typed sub-command word (`None`: the status, `tournament` alone).
    fn word(self) -> Option<&'static str> {
        match self {
            Action::Status => None,
            Action::New => Some("new"),
            Action::Join => Some("join"),
            Action::Leave => Some("leave"),
            Action::Start => Some("start"),
            Action::Cancel => Some("cancel"),
        }
    }
}

/// Tournaments here: open one, join, leave, start, cancel, or see the standings.
#[poise::command(
    slash_command,
    name_localized("de", "turnier"),
    description_localized("de", "Turniere hier: eröffnen, beitreten, verlassen, starten, absagen oder den Stand sehen.")
)]
pub async fn tournament(
    ctx: Context<'_>,
    #[description = "What to do (default: the status)"]
    #[name_localized("de", "aktion")]
    #[description_localized("de", "Was geschehen soll (sonst: der Stand)")]
    action: Option<Action>,
    #[description = "The game (for new)"]
    #[name_localized("de", "spiel")]
    #[description_localized("de", "Das Spiel (für neu)")]
    game: Option<GameChoice>,
    #[description = "For new: swiss|roundrobin rounds=N time=2d signup=48h players=N double, game options; for join: @bot"]
    #[name_localized("de", "optionen")]
    #[description_localized("de", "Für neu: schweizer|rundenturnier runden=N zeit=2d anmeldung=48h spieler=N doppelt, Spieloptionen; für beitreten: @bot")]
    #[max_length = 300]
    options: Option<String>,
    #[description = "The tournament's number (#2), when the channel has several"]
    #[name_localized("de", "nummer")]
    #[description_localized("de", "Die Nummer des Turniers (#2), wenn der Kanal mehrere hat")]
    #[min = 1]
    number: Option<i64>,
) -> Result<(), Error> {
    let action = action.unwrap_or(Action::Status);
    let mut words: Vec<String> = action.word().map(str::to_string).into_iter().collect();
    match action {
        Action::New => words.extend(game.map(|g| g.kind().id().to_string())),
        _ => words.extend(number.map(|n| format!("#{n}"))),
    }
    words.extend(options.unwrap_or_default().split_whitespace().map(str::to_string));
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    session::run_slash(ctx, Command::from_words(Verb::Tournament, &words), None).await
}
