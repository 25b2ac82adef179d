//! A thread per game of a tournament round where the scope uses threads (issue 39,
//! "Each round's games start together (a thread each where the server uses threads)").
//!
//! The command layer only asks: the round's announcement carries the games that want a
//! thread ([`crate::base::reply::Reply::threads`]) when the tournament's scope has
//! `threads=on`. The Discord adapter opens them before it posts the announcement, moves
//! each game into its thread ([`crate::store::Db::move_game`]) and posts the game's
//! board there; Matrix and the terminal have no threads and ignore the list.

use crate::{
    base::i18n::Lang,
    base::ids::GameId,
    base::reply::GameThread,
    store::tournaments::TournamentRow,
    store::StorageError,
    table::Table,
};

/// The threads the round's games want (`games`: each game with its players as
/// announced, "white – black"): one per game, named like an ordinary game's thread, the
/// game's name in `lang` first (`"Carat – alice – bob"`), the note on the threads to be
/// written in `lang` (the post's language); empty when the tournament's scope does not
/// use threads.
///
/// # Errors
/// [`StorageError`] when the scope's settings cannot be read.
pub(super) async fn wanted(table: &Table, t: &TournamentRow, games: &[(GameId, String)], lang: Lang) -> Result<Vec<GameThread>, StorageError> {
    let settings = crate::store::settings::channel_settings(&table.db, &t.platform, t.scope()).await?;
    if !settings.threads.unwrap_or(false) {
        return Ok(Vec::new());
    }
    let game_name = t.kind.parse::<rules::GameKind>().map_or_else(|_| t.kind.clone(), |k| lang.game_name(k).to_string());
    Ok(games
        .iter()
        .map(|(game, seats)| GameThread { game: *game, name: format!("{game_name} – {seats}").chars().take(100).collect(), lang })
        .collect())
}
