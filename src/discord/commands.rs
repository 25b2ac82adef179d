//! The slash commands: one poise function per command of the command layer. The `///`
//! comment is the help text Discord shows; every parameter is described; names and
//! descriptions are localized for German clients (the glossary's words). Each command
//! defers first, then builds a [`Command`] and lets the command layer run it.

use commands::{Command, GameId, Verb};
use poise::serenity_prelude as serenity;
use rules::GameKind;

use by_game::{abort, board, claim, decline, export, hand, history, join, rematch, replay, resign, review, start, undo};
use over_days::{daily, dashboard, language, leaderboard, reminders, settings, stats, vacation};
use super::{components, session, Context, Error};

mod by_game;
mod over_days;
mod tournament;
use tournament::tournament;
pub use over_days::LanguageChoice;

/// The games, as a slash-command choice: every game of [`GameKind::ALL`] in its order,
/// named in English and (where the name differs) in German, from the rules' registry.
#[derive(Debug, Clone, Copy)]
pub struct GameChoice(GameKind);

impl GameChoice {
    /// The game this choice names.
    pub fn kind(self) -> GameKind {
        self.0
    }
}

impl poise::ChoiceParameter for GameChoice {
    fn list() -> std::borrow::Cow<'static, [poise::CommandParameterChoice]> {
        use std::borrow::Cow;
        GameKind::ALL
            .iter()
            .map(|kind| poise::CommandParameterChoice {
                name: Cow::Borrowed(kind.name_en()),
                localizations: if kind.name_de() == kind.name_en() {
                    Cow::Borrowed(&[])
                } else {
                    Cow::Owned(vec![(Cow::Borrowed("de"), Cow::Borrowed(kind.name_de()))])
                },
                // The only way to build one outside poise's derive, which writes the same.
                __non_exhaustive: (),
            })
            .collect::<Vec<_>>()
            .into()
    }

    fn from_index(index: usize) -> Option<Self> {
        GameKind::ALL.get(index).copied().map(GameChoice)
    }

    fn from_name(name: &str) -> Option<Self> {
        GameKind::ALL.into_iter().find(|kind| name.eq_ignore_ascii_case(kind.name_en())).map(GameChoice)
    }

    fn name(&self) -> &'static str {
        self.0.name_en()
    }

    fn localized_name(&self, locale: &str) -> Option<&'static str> {
        (locale == "de" && self.0.name_de() != self.0.name_en()).then(|| self.0.name_de())
    }
}

/// Every slash command, in the order `/help` lists them.
pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    vec![
        new(),
        join(),
        start(),
        move_(),
        board(),
        hand(),
        moves(),
        conditional(),
        resign(),
        abort(),
        decline(),
        claim(),
        undo(),
        rematch(),
        games(),
        history(),
        replay(),
        review(),
        export(),
        vacation(),
        reminders(),
        dashboard(),
        leaderboard(),
        stats(),
        daily(),
        tournament(),
        settings(),
        language(),
        help(),
        rules(),
    ]
}

/// Open an invitation for a new game in this channel (you take the first seat).
#[poise::command(
    slash_command,
    name_localized("de", "neu"),
    description_localized("de", "Eine Einladung zu einer neuen Partie in diesem Kanal öffnen (du sitzt auf Platz 1).")
)]
#[allow(clippy::too_many_arguments)] // one per slash-command option
pub async fn new(
    ctx: Context<'_>,
    #[description = "The game to play"]
    #[name_localized("de", "spiel")]
    #[description_localized("de", "Das Spiel")]
    game: GameChoice,
    #[description = "Options, e.g. \"players=3\", \"time=2d\", \"hand3\", \"challenge\" (Hathor), \"seed=7\""]
    #[name_localized("de", "optionen")]
    #[description_localized("de", "Optionen, z. B. \"players=3\", \"time=2d\", \"hand3\", \"challenge\" (Hathor), \"seed=7\"")]
    #[max_length = 200]
    options: Option<String>,
    #[description = "Invite this player (only invited players may join)"]
    #[name_localized("de", "einladen")]
    #[description_localized("de", "Diesen Spieler einladen (nur Eingeladene dürfen beitreten)")]
    invite: Option<serenity::User>,
    #[description = "Invite a second player"]
    #[name_localized("de", "einladen2")]
    #[description_localized("de", "Einen zweiten Spieler einladen")]
    invite2: Option<serenity::User>,
    #[description = "Invite a third player"]
    #[name_localized("de", "einladen3")]
    #[description_localized("de", "Einen dritten Spieler einladen")]
    invite3: Option<serenity::User>,
    #[description = "Invite a fourth player"]
    #[name_localized("de", "einladen4")]
    #[description_localized("de", "Einen vierten Spieler einladen")]
    invite4: Option<serenity::User>,
    #[description = "Invite a fifth player (Helofag has up to six)"]
    #[name_localized("de", "einladen5")]
    #[description_localized("de", "Einen fünften Spieler einladen (Helofag hat bis zu sechs)")]
    invite5: Option<serenity::User>,
    #[description = "Play in a thread of its own (default: the server's setting)"]
    #[name_localized("de", "thread")]
    #[description_localized("de", "In einem eigenen Thread spielen (Standard: die Einstellung des Servers)")]
    thread: Option<bool>,
) -> Result<(), Error> {
    let mut words = vec![game.kind().id().to_string()];
    words.extend(options.unwrap_or_default().split_whitespace().map(str::to_string));
    let invited = [invite, invite2, invite3, invite4, invite5].into_iter().flatten();
    words.extend(invited.map(|user| format!("<@{}>", user.id.get())));
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let command = Command::from_words(Verb::New, &words);
    session::run_slash(ctx, command, Some(session::Thread { kind: game.kind(), chosen: thread })).await
}

/// Make your move, in the game's notation (suggestions appear as you type).
#[poise::command(
    slash_command,
    rename = "move",
    name_localized("de", "zug"),
    description_localized("de", "Deinen Zug machen, in der Notation des Spiels (Vorschläge erscheinen beim Tippen).")
)]
pub async fn move_(
    ctx: Context<'_>,
    #[description = "Your move, e.g. \"c3 red\""]
    #[name_localized("de", "notation")]
    #[description_localized("de", "Dein Zug, z. B. \"c3 rot\"")]
    #[autocomplete = "autocomplete_move"]
    #[max_length = 200]
    notation: String,
    #[description = "The game's number (#12), when the channel has several"]
    #[name_localized("de", "partie")]
    #[description_localized("de", "Die Nummer der Partie (#12), wenn der Kanal mehrere hat")]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    let game = game.map(GameId);
    session::run_slash(ctx, Ok(Command::Move { game, notation, at: None, bare: false }), None).await
}

/// Suggests the legal moves of the game in this channel that match what is typed (at
/// most 25). Answers at once: autocomplete cannot be deferred.
async fn autocomplete_move(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let poise::Context::Application(actx) = ctx else { return serenity::CreateAutocompleteResponse::new() };
    let origin = session::origin_of(actx.interaction.user.clone(), actx.interaction.member.as_deref(), actx.interaction.guild_id, actx.interaction.channel_id, &actx.interaction.locale);
    let game = actx
        .interaction
        .data
        .options()
        .into_iter()
        .find(|o| o.name == "game")
        .and_then(|o| match o.value {
            serenity::ResolvedValue::Integer(n) => Some(GameId(n)),
            _ => None,
        });
    let moves = ctx.data().host.legal_moves(&origin, game, "").await.unwrap_or_default();
    let choices = components::suggest(moves, partial).into_iter().map(serenity::AutocompleteChoice::from).collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// List the legal moves of the player to move, optionally filtered, page by page.
#[poise::command(
    slash_command,
    name_localized("de", "züge"),
    description_localized("de", "Die erlaubten Züge des Spielers am Zug auflisten, wahlweise gefiltert, seitenweise.")
)]
pub async fn moves(
    ctx: Context<'_>,
    #[description = "Only moves matching this, e.g. a site \"c3\" or a shape"]
    #[name_localized("de", "filter")]
    #[description_localized("de", "Nur passende Züge, z. B. ein Feld \"c3\" oder eine Form")]
    #[max_length = 100]
    filter: Option<String>,
    #[description = "Which page of the list (from 1)"]
    #[name_localized("de", "seite")]
    #[description_localized("de", "Welche Seite der Liste (ab 1)")]
    #[min = 1]
    page: Option<usize>,
    #[description = "The game's number (#12), when the channel has several"]
    #[name_localized("de", "partie")]
    #[description_localized("de", "Die Nummer der Partie (#12), wenn der Kanal mehrere hat")]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    let command = Command::Moves { game: game.map(GameId), filter: filter.unwrap_or_default(), page: page.unwrap_or(1).max(1) };
    session::run_slash(ctx, Ok(command), None).await
}

/// Plan your replies while your opponent is to move (only you see them), list or clear them.
#[poise::command(
    slash_command,
    name_localized("de", "bedingt"),
    description_localized("de", "Deine Antworten planen, während dein Gegner am Zug ist (nur für dich), auflisten oder löschen.")
)]
pub async fn conditional(
    ctx: Context<'_>,
    #[description = "\"if c3 red then d4 blue\" (more steps: if … then …), \"clear\", or empty to list"]
    #[name_localized("de", "plan")]
    #[description_localized("de", "\"wenn c3 rot dann d4 blau\" (weitere Schritte: wenn … dann …), \"löschen\", oder leer zum Auflisten")]
    #[max_length = 1000]
    plan: Option<String>,
    #[description = "The game's number (#12), when you have several"]
    #[name_localized("de", "partie")]
    #[description_localized("de", "Die Nummer der Partie (#12), wenn du mehrere hast")]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    let plan = plan.unwrap_or_default();
    let mut words: Vec<String> = game.map(|g| format!("#{g}")).into_iter().collect();
    words.extend(plan.split_whitespace().map(str::to_string));
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    session::run_slash(ctx, Command::from_words(Verb::Conditional, &words), None).await
}

/// List your games in all channels, those waiting for you first.
#[poise::command(
    slash_command,
    name_localized("de", "partien"),
    description_localized("de", "Deine Partien in allen Kanälen auflisten, die auf dich warten zuerst.")
)]
pub async fn games(ctx: Context<'_>) -> Result<(), Error> {
    session::run_slash(ctx, Ok(Command::Games), None).await
}

/// How to use the bot, or help on one command or game.
#[poise::command(
    slash_command,
    name_localized("de", "hilfe"),
    description_localized("de", "Wie der Bot funktioniert, oder Hilfe zu einem Befehl oder Spiel.")
)]
pub async fn help(
    ctx: Context<'_>,
    #[description = "A command or game, e.g. \"move\" or \"carat\""]
    #[name_localized("de", "thema")]
    #[description_localized("de", "Ein Befehl oder Spiel, z. B. \"zug\" oder \"carat\"")]
    #[max_length = 100]
    topic: Option<String>,
) -> Result<(), Error> {
    session::run_slash(ctx, Ok(Command::Help { topic }), None).await
}

/// A game's rules in short (or the list of games).
#[poise::command(
    slash_command,
    name_localized("de", "regeln"),
    description_localized("de", "Die Regeln eines Spiels in Kürze (oder die Liste der Spiele).")
)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "The game"]
    #[name_localized("de", "spiel")]
    #[description_localized("de", "Das Spiel")]
    game: Option<GameChoice>,
) -> Result<(), Error> {
    session::run_slash(ctx, Ok(Command::Rules { game: game.map(GameChoice::kind) }), None).await
}

#[cfg(test)]
mod tests {
    use super::*;

    /// poise needs each German name written at its command; they must be the grammar's
    /// German command words ([`Verb::german_name`]), one command per verb.
    #[test]
    fn the_registered_german_names_are_the_grammars() {
        let registered: Vec<(String, Option<String>)> =
            all().into_iter().map(|c| (c.name.to_string(), c.name_localizations.iter().find(|(lang, _)| lang == "de").map(|(_, n)| n.to_string()))).collect();
        assert_eq!(registered.len(), Verb::all().count());
        for verb in Verb::all() {
            let found = registered.iter().find(|(name, _)| name == verb.name());
            assert_eq!(found.and_then(|(_, de)| de.as_deref()), Some(verb.german_name()), "{}", verb.name());
        }
    }

    /// The choice list is the registry: each game once, in order, with its German name.
    #[test]
    fn every_game_is_a_choice_in_both_languages() {
        use poise::ChoiceParameter as _;
        let list = <GameChoice as poise::ChoiceParameter>::list();
        assert_eq!(list.len(), GameKind::ALL.len());
        for (i, kind) in GameKind::ALL.into_iter().enumerate() {
            let choice = GameChoice::from_index(i).expect("a choice per game");
            assert_eq!(choice.kind(), kind);
            assert_eq!(list[i].name, kind.name_en());
            assert_eq!(GameChoice::from_name(kind.name_en()).map(GameChoice::kind), Some(kind));
            let de = choice.localized_name("de").unwrap_or(kind.name_en());
            assert_eq!(de, kind.name_de());
        }
        assert!(GameChoice::from_index(GameKind::ALL.len()).is_none());
        // A German name only where it differs from the English one (as before).
        assert_eq!(list[0].localizations.len(), 1);
        assert_eq!(list[0].localizations[0].0, "de");
        assert_eq!(list[0].localizations[0].1, "Aratoths Rache");
        assert!(list[1].localizations.is_empty(), "Hathor is Hathor in German");
    }
}
