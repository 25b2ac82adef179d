//! The slash commands for play over days with options of their own:
//! `/vacation`, `/reminders`, ratings (`/leaderboard`, `/stats`), settings (`/settings`,
//! `/language`) and Hathor's `/daily` (`/claim`, `/undo`, `/rematch`, `/history` and
//! `/decline` take only a game's number: `by_game`). Like the others they only build a
//! [`Command`] for the command layer.

use commands::Command;
use poise::serenity_prelude as serenity;
use rules::GameKind;

use super::GameChoice;
use crate::discord::{session, Context, Error};

/// A language, as a slash-command choice.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LanguageChoice {
    #[name = "English"]
    English,
    #[name = "Deutsch"]
    German,
    #[name = "Default (what the server, else Discord, says)"]
    #[name_localized("de", "Standard (was der Server, sonst Discord, sagt)")]
    Default,
}

impl LanguageChoice {
    /// The word the command layer takes (`en`, `de`, `default`).
    fn word(self) -> &'static str {
        match self {
            LanguageChoice::English => "en",
            LanguageChoice::German => "de",
            LanguageChoice::Default => "default",
        }
    }
}

/// Pause all your clocks for some days (or see how many vacation days you have left).
#[poise::command(
    slash_command,
    name_localized("de", "urlaub"),
    description_localized("de", "Alle deine Uhren für einige Tage anhalten (oder sehen, wie viele Urlaubstage dir bleiben).")
)]
pub async fn vacation(
    ctx: Context<'_>,
    #[description = "How many days, from now"]
    #[name_localized("de", "tage")]
    #[description_localized("de", "Wie viele Tage, ab jetzt")]
    #[min = 1]
    #[max = 366]
    days: Option<u32>,
) -> Result<(), Error> {
    session::run_slash(ctx, Ok(Command::Vacation { days }), None).await
}

/// Turn your turn reminders on or off (or see whether they are on).
#[poise::command(
    slash_command,
    name_localized("de", "erinnerungen"),
    description_localized("de", "Deine Erinnerungen, dass du am Zug bist, ein- oder ausschalten (oder nachsehen).")
)]
pub async fn reminders(
    ctx: Context<'_>,
    #[description = "On or off"]
    #[name_localized("de", "an")]
    #[description_localized("de", "An oder aus")]
    on: Option<bool>,
) -> Result<(), Error> {
    session::run_slash(ctx, Ok(Command::Reminders { on }), None).await
}

/// Post the living list of this server's running games here (admins), or stop it.
#[poise::command(
    slash_command,
    name_localized("de", "übersicht"),
    description_localized("de", "Die mitlaufende Liste der laufenden Partien hier einstellen (Admins) oder beenden.")
)]
pub async fn dashboard(
    ctx: Context<'_>,
    #[description = "On (post it, the default) or off (stop editing it)"]
    #[name_localized("de", "an")]
    #[description_localized("de", "An (einstellen, der Standard) oder aus (nicht mehr bearbeiten)")]
    on: Option<bool>,
) -> Result<(), Error> {
    session::run_slash(ctx, Ok(Command::Dashboard { on: on.unwrap_or(true) }), None).await
}

/// The best-rated players of a game here, or the standings of a Hathor challenge.
#[poise::command(
    slash_command,
    name_localized("de", "rangliste"),
    description_localized("de", "Die besten Spieler eines Spiels hier, oder der Stand einer Hathor-Herausforderung.")
)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "The game (leave empty for this channel's Hathor challenge)"]
    #[name_localized("de", "spiel")]
    #[description_localized("de", "Das Spiel (leer lassen für die Hathor-Herausforderung des Kanals)")]
    game: Option<GameChoice>,
    #[description = "A challenge's number (#3), when the channel has several"]
    #[name_localized("de", "herausforderung")]
    #[description_localized("de", "Die Nummer einer Herausforderung (#3), wenn der Kanal mehrere hat")]
    #[min = 1]
    challenge: Option<i64>,
) -> Result<(), Error> {
    let command = match game {
        Some(game) => Command::Leaderboard { game: game.kind() },
        None => Command::ChallengeLeaderboard { challenge: challenge.map(commands::ChallengeId) },
    };
    session::run_slash(ctx, Ok(command), None).await
}

/// A player's ratings here, one per game (yours when nobody is named).
#[poise::command(
    slash_command,
    name_localized("de", "statistik"),
    description_localized("de", "Die Wertungen eines Spielers hier, eine je Spiel (deine, wenn niemand genannt ist).")
)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose ratings"]
    #[name_localized("de", "spieler")]
    #[description_localized("de", "Wessen Wertungen")]
    player: Option<serenity::User>,
) -> Result<(), Error> {
    session::run_slash(ctx, Ok(Command::Stats { player: player.map(|u| u.id.get().to_string()) }), None).await
}

/// This server's settings: shown to everyone, changed by admins (Manage Server).
#[poise::command(
    slash_command,
    name_localized("de", "einstellungen"),
    description_localized("de", "Die Einstellungen dieses Servers: alle sehen sie, Admins (Server verwalten) ändern sie.")
)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "The language of messages here"]
    #[name_localized("de", "sprache")]
    #[description_localized("de", "Die Sprache der Nachrichten hier")]
    language: Option<LanguageChoice>,
    #[description = "Time per move of games started from now on, e.g. \"3d\", \"12h\" or \"default\""]
    #[name_localized("de", "zeit")]
    #[description_localized("de", "Zeit je Zug ab jetzt begonnener Partien, z. B. \"3d\", \"12h\" oder \"default\"")]
    #[max_length = 20]
    time: Option<String>,
    #[description = "Remind the player to move when half their time is gone"]
    #[name_localized("de", "halbzeit")]
    #[description_localized("de", "Den Spieler am Zug erinnern, wenn die Hälfte seiner Zeit um ist")]
    half: Option<bool>,
    #[description = "Remind again this long before the time runs out, e.g. \"12h\", or \"off\""]
    #[name_localized("de", "vorher")]
    #[description_localized("de", "Noch einmal so lange vor Ablauf erinnern, z. B. \"12h\", oder \"aus\"")]
    #[max_length = 20]
    before: Option<String>,
    #[description = "Open each new game in a thread of its own"]
    #[name_localized("de", "threads")]
    #[description_localized("de", "Jede neue Partie in einem eigenen Thread eröffnen")]
    threads: Option<bool>,
    #[description = "Delete the previous turn reminder of a game when it moves on or the next one comes"]
    #[name_localized("de", "aufräumen")]
    #[description_localized("de", "Die vorige Zug-Erinnerung einer Partie löschen, wenn es weitergeht oder die nächste kommt")]
    tidy: Option<bool>,
    #[description = "Post the game's animated replay (GIF) when a game ends"]
    #[name_localized("de", "nachspielen")]
    #[description_localized("de", "Die Partie als bewegtes Bild (GIF) posten, wenn sie endet")]
    replay: Option<bool>,
) -> Result<(), Error> {
    let on_off = |b: bool| if b { "on" } else { "off" };
    let words: Vec<String> = [
        language.map(|l| format!("language={}", l.word())),
        time.map(|t| format!("time={}", t.trim())),
        half.map(|h| format!("half={}", on_off(h))),
        before.map(|b| format!("before={}", b.trim())),
        threads.map(|t| format!("threads={}", on_off(t))),
        tidy.map(|t| format!("tidy={}", on_off(t))),
        replay.map(|r| format!("replay={}", on_off(r))),
    ]
    .into_iter()
    .flatten()
    .collect();
    session::run_slash(ctx, Ok(Command::Settings { words }), None).await
}

/// The language the bot uses with you (before the server's and your Discord language).
#[poise::command(
    slash_command,
    name_localized("de", "sprache"),
    description_localized("de", "Die Sprache, in der der Bot mit dir spricht (statt deiner Discord-Sprache).")
)]
pub async fn language(
    ctx: Context<'_>,
    #[description = "Your language"]
    #[name_localized("de", "sprache")]
    #[description_localized("de", "Deine Sprache")]
    language: Option<LanguageChoice>,
) -> Result<(), Error> {
    session::run_slash(ctx, Ok(Command::Language { lang: language.map(|l| l.word().to_string()) }), None).await
}

/// Play today's Hathor challenge: the same stones for everyone today, your own board.
#[poise::command(
    slash_command,
    name_localized("de", "täglich"),
    description_localized("de", "Die heutige Hathor-Aufgabe spielen: heute für alle dieselben Steine, dein eigenes Brett.")
)]
pub async fn daily(ctx: Context<'_>) -> Result<(), Error> {
    session::run_slash(ctx, Ok(Command::Daily { game: GameKind::Hathor }), None).await
}
