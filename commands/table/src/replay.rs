//! The replay strip of a finished game as an attachment (drawn by [`render::strip`]).

use rules::Match;

use crate::base::reply::Attachment;

/// The strip as an attachment for game `id`, its words in `lang`; `None` (logged) when
/// it cannot be drawn.
pub async fn strip(
    id: crate::base::ids::GameId,
    start: Box<dyn Match>,
    log: Vec<String>,
    names: Vec<String>,
    lang: crate::base::i18n::Lang,
) -> Option<Attachment> {
    let drawn = tokio::task::spawn_blocking(move || render::strip::strip_png(start, &log, &names, lang)).await;
    match drawn {
        Ok(Ok(bytes)) => Some(Attachment { name: format!("game-{id}-replay.png"), mime: "image/png", bytes }),
        Ok(Err(e)) => {
            tracing::warn!(game = %id, error = %e, "the replay strip could not be drawn");
            None
        }
        Err(e) => {
            tracing::warn!(game = %id, error = %e, "the replay strip task failed");
            None
        }
    }
}

/// How many moves a game's log holds: its entries that are moves, not events
/// (`@resign 1`, `@timeout 0`, `@abort`). Every text that counts a game's moves (the
/// replay's, the review's) counts them so, so the counts agree.
pub fn move_count(log: &[String]) -> usize {
    log.iter().filter(|entry| !entry.starts_with('@')).count()
}

/// Game `id`'s animated replay as a channel post in `lang` (issue 44): the GIF of the
/// whole game so far ([`render::animation::replay_gif`]: one frame per position as
/// spectators see it, never a hand; the last held 5 s; drawn on the blocking pool), a
/// line naming it (and saying so when it shows only every k-th position), and the game
/// page's link when `[web]` is set (for Matrix clients that show only the first frame).
///
/// # Errors
/// `replay-failed` (logged) when the game cannot be drawn.
pub async fn replay_post(
    table: &crate::Table,
    id: crate::base::ids::GameId,
    game: &dyn Match,
    names: Vec<String>,
    lang: crate::base::i18n::Lang,
) -> Result<crate::base::reply::Reply, crate::base::i18n::Msg> {
    use crate::base::{i18n::Msg, reply::{GameRef, Reply}};
    let failed = || Msg::new("replay-failed").arg("id", id);
    let start = rules::open(game.kind(), &game.options(), game.players(), Some(game.resolved_setup()), game.seed()).map_err(|e| {
        tracing::warn!(game = %id, error = %e, "the replay's start could not be rebuilt");
        failed()
    })?;
    let log = game.log().to_vec();
    let moves = move_count(&log);
    let drawn = tokio::task::spawn_blocking(move || render::animation::replay_gif(start, &log, &names, lang)).await;
    let replay = match drawn {
        Ok(Ok(replay)) => replay,
        Ok(Err(e)) => {
            tracing::warn!(game = %id, error = %e, "the replay could not be drawn");
            return Err(failed());
        }
        Err(e) => {
            tracing::warn!(game = %id, error = %e, "the replay task failed");
            return Err(failed());
        }
    };
    let mut text = table.texts.text(lang, &Msg::new("replay-posted").arg("id", id).arg("game", lang.game_name(game.kind())).arg("moves", moves));
    if let Some(step) = replay.thinned() {
        text.push_line(table.texts.text(lang, &Msg::new("replay-thinned").arg("step", step)));
    }
    let file = Attachment { name: format!("game-{id}-replay.gif"), mime: "image/gif", bytes: replay.bytes };
    let link = table.web_link_for(crate::store::web::WebLink { game: id, seat: None }, lang, game.is_finished()).await;
    let seq = game.moves_applied() as u64;
    Ok(Reply::channel(text).with_file(Some(file)).about(GameRef { id, seq }).with_link(link))
}

/// How long (ms) a claim of a replay's drawing holds: drawing takes well under a second,
/// so a claim this old belongs to a process that stopped, and another takes it over.
pub const REPLAY_LEASE_MS: i64 = 60 * 1000;

/// The replays asked for at games' ends in `platforms` ([`wanted_at_end`]), each drawn by
/// the one process that claims it and posted by the one that marks it posted: (platform,
/// channel, reply) per replay. A game that cannot be drawn is logged and not tried again.
///
/// # Errors
/// [`crate::store::StorageError`] when the database fails (what is not marked posted is
/// tried again at the next poll).
pub async fn post_pending(
    table: &crate::Table,
    platforms: crate::store::platforms::Platforms<'_>,
) -> Result<Vec<(String, String, crate::base::reply::Reply)>, crate::store::StorageError> {
    let mut posts = Vec::new();
    for request in table.db.replays_pending(platforms).await? {
        let id = request.game_id;
        if !table.db.claim_replay(id, table.clock.now_ms(), REPLAY_LEASE_MS).await? {
            continue;
        }
        let Some(row) = table.db.game(id).await? else { continue };
        let lang: crate::base::i18n::Lang = request.lang.parse().unwrap_or(table.options.language);
        let loaded = table.load(row).await?.named_in(&table.texts, lang);
        let drawn = match &loaded.game {
            Some(game) => replay_post(table, id, game.as_ref(), loaded.names(), lang).await.ok(),
            None => None,
        };
        // Marked posted even when it could not be drawn (logged): it would fail again.
        if table.db.mark_replay_posted(id, table.clock.now_ms()).await?
            && let Some(reply) = drawn
        {
            posts.push((request.platform, request.channel, reply));
        }
    }
    Ok(posts)
}

/// Whether game `loaded`, about to end, gets its animated replay posted: when its scope
/// has `replay=on` (issue 44; off by default). The ending move then carries the request
/// ([`crate::store::Advance::replay`], stored in the move's transaction) and the
/// scheduler draws and posts it ([`post_pending`]), so the answer to the last move never
/// waits for it and a stop right after the move cannot lose it. Never for a game of a
/// challenge (its moves stay hidden while it is open) and never without pictures. A
/// failed read is logged and asks for nothing.
pub async fn wanted_at_end(table: &crate::Table, loaded: &crate::context::Loaded) -> bool {
    if !table.options.pictures {
        return false;
    }
    let row = &loaded.row;
    let id = row.id;
    match crate::store::settings::channel_settings(&table.db, &row.platform, row.scope()).await {
        Ok(s) if s.replay.unwrap_or(false) => {}
        Ok(_) => return false,
        Err(e) => {
            tracing::warn!(game = %id, error = %e, "could not read the replay setting");
            return false;
        }
    }
    matches!(table.challenge_of_game(id).await, Ok(None))
}
