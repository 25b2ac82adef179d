//! The slash commands whose only option is a game's number (`/join`, `/start`,
//! `/board`, `/hand`, `/resign`, `/abort`, `/export`, `/claim`, `/undo`, `/rematch`,
//! `/history`, `/replay`, `/review`, `/decline`): one declaration each through [`game_command!`], so the
//! option (its English and German name and description) is written once.

use commands::{Command, GameId};

use crate::discord::{session, Context, Error};

/// Declares `pub async fn $name`, a slash command with the doc comment as its English
/// description, the German name `$de` and description `$de_doc`, and one option `game`
/// (German `partie`) described by `$option` / `$option_de` (by default "the game's
/// number"); `$command` turns the option into the [`Command`] to run.
macro_rules! game_command {
    ($(#[doc = $doc:tt])* $name:ident, $de:tt, $de_doc:tt, $command:expr) => {
        game_command!(
            $(#[doc = $doc])* $name, $de, $de_doc,
            "The game's number (#12), when the channel has several",
            "Die Nummer der Partie (#12), wenn der Kanal mehrere hat",
            $command
        );
    };
    ($(#[doc = $doc:tt])* $name:ident, $de:tt, $de_doc:tt, $option:tt, $option_de:tt, $command:expr) => {
        $(#[doc = $doc])*
        #[poise::command(slash_command, name_localized("de", $de), description_localized("de", $de_doc))]
        pub async fn $name(
            ctx: Context<'_>,
            #[description = $option]
            #[name_localized("de", "partie")]
            #[description_localized("de", $option_de)]
            #[min = 1]
            game: Option<i64>,
        ) -> Result<(), Error> {
            let command: fn(Option<GameId>) -> Command = $command;
            session::run_slash(ctx, Ok(command(game.map(GameId))), None).await
        }
    };
}

game_command!(
    /// Take the next seat of an invitation in this channel.
    join,
    "beitreten",
    "Den nächsten freien Platz einer Einladung in diesem Kanal nehmen.",
    |game| Command::Join { game }
);

game_command!(
    /// Start an invitation (any player when it is full; its creator earlier).
    start,
    "starten",
    "Eine Einladung starten (jeder, wenn sie voll ist; wer sie geöffnet hat, auch früher).",
    |game| Command::Start { game }
);

game_command!(
    /// Show the board of the game in this channel to everyone.
    board,
    "brett",
    "Das Spielbrett der Partie in diesem Kanal allen zeigen.",
    |game| Command::Board { game }
);

game_command!(
    /// Show your hand, only to you.
    hand,
    "hand",
    "Deine Hand zeigen, nur dir.",
    |game| Command::Hand { game }
);

game_command!(
    /// Resign the game.
    resign,
    "aufgeben",
    "Die Partie aufgeben.",
    |game| Command::Resign { game }
);

game_command!(
    /// End a game without a result (before its second move, or as an admin).
    abort,
    "abbrechen",
    "Eine Partie ohne Ergebnis beenden (vor ihrem zweiten Zug, oder als Admin).",
    |game| Command::Abort { game }
);

game_command!(
    /// Turn down an invitation that names you.
    decline,
    "ablehnen",
    "Eine Einladung ablehnen, die dich nennt.",
    "The invitation's number (#12), when the channel has several",
    "Die Nummer der Einladung (#12), wenn der Kanal mehrere hat",
    |game| Command::Decline { game }
);

game_command!(
    /// Claim a game whose player to move has run out of time.
    ///
    /// With two players they lose; with more they leave the game and play goes on.
    claim,
    "reklamieren",
    "Die Partie reklamieren, wenn die Zeit des Spielers am Zug abgelaufen ist.",
    |game| Command::Claim { game }
);

game_command!(
    /// Ask to take back the last move, or agree when another player asked.
    undo,
    "zurücknehmen",
    "Bitten, den letzten Zug zurückzunehmen, oder zustimmen, wenn jemand darum bat.",
    |game| Command::Undo { game }
);

game_command!(
    /// Ask to play a finished game again with the same players, or agree.
    rematch,
    "revanche",
    "Bitten, eine beendete Partie mit denselben Spielern noch einmal zu spielen, oder zustimmen.",
    "The finished game's number (#12)",
    "Die Nummer der beendeten Partie (#12)",
    |game| Command::Rematch { game }
);

game_command!(
    /// The moves of a game so far (what everyone may see).
    ///
    /// Without a number: the game running here, else the one that ended here last.
    history,
    "verlauf",
    "Die bisherigen Züge einer Partie (was alle sehen dürfen).",
    |game| Command::History { game }
);

game_command!(
    /// The whole game as an animated picture (GIF), in the channel.
    ///
    /// Without a number: the game running here, else the one that ended here last.
    replay,
    "nachspielen",
    "Die ganze Partie als bewegtes Bild (GIF), im Kanal.",
    |game| Command::Replay { game }
);

game_command!(
    /// A finished game's review: chances, marks, turning points, luck and a graph.
    ///
    /// Without a number: the game that ended here last.
    review,
    "analyse",
    "Die Analyse einer beendeten Partie: Chancen, Markierungen, Wendepunkte, Glück, Grafik.",
    |game| Command::Review { game }
);

game_command!(
    /// Get a game's record as a JSON file (finished games; running ones for admins).
    export,
    "exportieren",
    "Das Protokoll einer Partie als JSON-Datei (beendete Partien; laufende für Admins).",
    |game| Command::Export { game }
);
