//! `/tournament` (issue 39) with Discord subcommands: `/tournament status|new|join|
//! leave|start|cancel` (German `/turnier stand|neu|beitreten|verlassen|starten|absagen`).
//! Each builds the typed words of `tournament …` and lets the command layer's grammar
//! read them, so both ways mean the same. The tournament's `number` is autocompleted
//! from the channel's open tournaments ([`commands::Host::open_tournaments`]).

use commands::{Command, Verb};
use poise::serenity_prelude as serenity;

use super::GameChoice;
use crate::discord::{session, Context, Error};

/// Tournaments here: open one, join, leave, start, cancel, or see the standings.
#[poise::command(
    slash_command,
    name_localized("de", "turnier"),
    description_localized("de", "Turniere hier: eröffnen, beitreten, verlassen, starten, absagen oder den Stand sehen."),
    subcommands("status", "new", "join", "leave", "start", "cancel"),
    subcommand_required
)]
pub async fn tournament(_ctx: Context<'_>) -> Result<(), Error> {
    // Discord never runs a slash command that has subcommands by itself.
    Ok(())
}

/// Runs `tournament <sub> [#number] [extra words]`.
async fn run(ctx: Context<'_>, sub: Option<&str>, number: Option<i64>, extra: Option<String>) -> Result<(), Error> {
    let mut words: Vec<String> = sub.map(str::to_string).into_iter().collect();
    words.extend(number.map(|n| format!("#{n}")));
    words.extend(extra.unwrap_or_default().split_whitespace().map(str::to_string));
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    session::run_slash(ctx, Command::from_words(Verb::Tournament, &words), None).await
}

/// Suggests the open tournaments of this channel (sign-up or running) whose number starts
/// with what is typed, newest first (at most 25). Answers at once: autocomplete cannot be
/// deferred.
async fn autocomplete_number(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let poise::Context::Application(actx) = ctx else { return serenity::CreateAutocompleteResponse::new() };
    let i = &actx.interaction;
    let origin = session::origin_of(i.user.clone(), i.member.as_deref(), i.guild_id, i.channel_id, &i.locale);
    let typed = partial.trim().trim_start_matches('#');
    let open = ctx.data().host.open_tournaments(&origin).await.unwrap_or_default();
    let choices = open
        .into_iter()
        .filter(|(id, _)| id.0.to_string().starts_with(typed))
        .take(25)
        .map(|(id, label)| serenity::AutocompleteChoice::new(label, id.0))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The round, the games still running and the standings.
#[poise::command(
    slash_command,
    name_localized("de", "stand"),
    description_localized("de", "Die Runde, die laufenden Partien und der Tabellenstand.")
)]
pub async fn status(
    ctx: Context<'_>,
    #[description = "The tournament's number (default: yours here)"]
    #[name_localized("de", "nummer")]
    #[description_localized("de", "Die Nummer des Turniers (sonst: deins hier)")]
    #[autocomplete = "autocomplete_number"]
    #[min = 1]
    number: Option<i64>,
) -> Result<(), Error> {
    run(ctx, None, number, None).await
}

/// Open sign-up for a tournament here (you organise and play).
#[poise::command(
    slash_command,
    name_localized("de", "neu"),
    description_localized("de", "Die Anmeldung zu einem Turnier hier eröffnen (du leitest es und spielst mit).")
)]
pub async fn new(
    ctx: Context<'_>,
    #[description = "The game"]
    #[name_localized("de", "spiel")]
    #[description_localized("de", "Das Spiel")]
    game: GameChoice,
    #[description = "swiss|roundrobin rounds=N time=2d signup=48h players=N double @bot, game options"]
    #[name_localized("de", "optionen")]
    #[description_localized("de", "schweizer|rundenturnier runden=N zeit=2d anmeldung=48h spieler=N doppelt @bot, Spieloptionen")]
    #[max_length = 300]
    options: Option<String>,
) -> Result<(), Error> {
    let extra = format!("{} {}", game.kind().id(), options.unwrap_or_default());
    run(ctx, Some("new"), None, Some(extra)).await
}

/// Sign up for a tournament here (or sign the AI up with @bot).
#[poise::command(
    slash_command,
    name_localized("de", "beitreten"),
    description_localized("de", "Dich zu einem Turnier hier anmelden (oder mit @bot die KI).")
)]
pub async fn join(
    ctx: Context<'_>,
    #[description = "The tournament's number (default: the one open for sign-up)"]
    #[name_localized("de", "nummer")]
    #[description_localized("de", "Die Nummer des Turniers (sonst: das mit offener Anmeldung)")]
    #[autocomplete = "autocomplete_number"]
    #[min = 1]
    number: Option<i64>,
    #[description = "@bot or @bot:hard to sign the AI up (one entrant per mention)"]
    #[name_localized("de", "ki")]
    #[description_localized("de", "@bot oder @bot:hard meldet die KI an (ein Teilnehmer je Nennung)")]
    #[max_length = 200]
    bots: Option<String>,
) -> Result<(), Error> {
    run(ctx, Some("join"), number, bots).await
}

/// Leave a tournament (after its start your running games are resigned).
#[poise::command(
    slash_command,
    name_localized("de", "verlassen"),
    description_localized("de", "Ein Turnier verlassen (nach dem Start gelten deine laufenden Partien als aufgegeben).")
)]
pub async fn leave(
    ctx: Context<'_>,
    #[description = "The tournament's number (default: yours here)"]
    #[name_localized("de", "nummer")]
    #[description_localized("de", "Die Nummer des Turniers (sonst: deins hier)")]
    #[autocomplete = "autocomplete_number"]
    #[min = 1]
    number: Option<i64>,
) -> Result<(), Error> {
    run(ctx, Some("leave"), number, None).await
}

/// Start your tournament before sign-up ends (the organiser or an admin).
#[poise::command(
    slash_command,
    name_localized("de", "starten"),
    description_localized("de", "Dein Turnier vor dem Ende der Anmeldung starten (die Turnierleitung oder ein Admin).")
)]
pub async fn start(
    ctx: Context<'_>,
    #[description = "The tournament's number (default: yours here)"]
    #[name_localized("de", "nummer")]
    #[description_localized("de", "Die Nummer des Turniers (sonst: deins hier)")]
    #[autocomplete = "autocomplete_number"]
    #[min = 1]
    number: Option<i64>,
) -> Result<(), Error> {
    run(ctx, Some("start"), number, None).await
}

/// Cancel your tournament: its running games are aborted (the organiser or an admin).
#[poise::command(
    slash_command,
    name_localized("de", "absagen"),
    description_localized("de", "Dein Turnier absagen: die laufenden Partien werden abgebrochen (die Turnierleitung oder ein Admin).")
)]
pub async fn cancel(
    ctx: Context<'_>,
    #[description = "The tournament's number (default: yours here)"]
    #[name_localized("de", "nummer")]
    #[description_localized("de", "Die Nummer des Turniers (sonst: deins hier)")]
    #[autocomplete = "autocomplete_number"]
    #[min = 1]
    number: Option<i64>,
) -> Result<(), Error> {
    run(ctx, Some("cancel"), number, None).await
}
