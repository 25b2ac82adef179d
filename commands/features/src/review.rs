//! `review [#id]` (`analyse`; Discord `/review`; issue 44): the review of a finished game.
//! For every move the mover's chance to win before and after it and the move the AI
//! preferred, each from the mover's own view at that time ([`ai::review::review_move`]:
//! never a card or roll the mover could not know), with a fixed budget and a seed per
//! move (its log index), so a review is reproducible. Marks, accuracy, luck and turning
//! points: [`summary`].
//!
//! The review is computed once, in the background, and stored move by move
//! (`review_moves`): the request is stored with where to post it, each scheduler poll
//! reviews up to [`REVIEW_MOVES_PER_POLL`] moves of it under a claim ([`REVIEW_LEASE_MS`],
//! renewed after every move, so that of several processes on one database one works on
//! it at a time), and the process that completes it marks it posted and posts it (once).
//! A restart resumes at the first move not stored; a move is never stored twice.

mod graph;
mod summary;

use rules::{GameKind, Match};

use crate::{
    base::{
        i18n::{Lang, Msg},
        ids::GameId,
        reply::{Attachment, GameRef, Reply, Slot, SlotAction, Text},
    },
    store::{platforms::Platforms, Status, StorageError},
    table::{
        context::{Ctx, Outcome},
        replay::move_count,
        Table,
    },
};

use summary::{drop_points, percent, summarise, Chances};

/// How long (ms) a claim of a review's computing holds without being renewed: a process
/// renews it after every move (a move takes about a second), so a claim this old belongs
/// to a process that stopped, and another takes the review over.
pub const REVIEW_LEASE_MS: i64 = 60 * 1000;

/// At most this many moves of one review per scheduler poll (a few seconds of CPU), so
/// that reminders and AI moves are not held up; the scheduler is woken again at once
/// while a review has moves left.
pub const REVIEW_MOVES_PER_POLL: usize = 6;

/// The least time (ms) between two edits of a review's progress message ("12 of 36
/// moves"): the moves of several polls are told in one edit.
pub const PROGRESS_EVERY_MS: i64 = 5_000;

/// `review [#id]`: the game's review in the channel, when it has been computed; else the
/// review is asked for (computed in the background and posted in this channel when done)
/// and the answer says how far it is. Refused for a game still running (it would help a
/// player), one not started, and a game of an open challenge.
pub async fn review(ctx: &Ctx<'_>, id: Option<GameId>) -> Outcome {
    let loaded = ctx.table.select_read_or_last(ctx, id).await?;
    let id = loaded.row.id;
    if let Some(msg) = crate::table::hidden::hidden_game(ctx, id).await {
        return Err(msg.into());
    }
    match loaded.row.status {
        Status::Invited | Status::Withdrawn => return Err(Msg::new("cmd-not-started").arg("id", id).into()),
        Status::Running => return Err(Msg::new("review-running").arg("id", id).into()),
        Status::Finished => {}
    }
    if matches!(ctx.table.challenge_of_game(id).await?, Some((challenge, _)) if challenge.is_open()) {
        return Err(Msg::new("review-challenge-open").arg("id", id).into());
    }
    let Some(game) = &loaded.game else { return Err(Msg::new("cmd-not-started").arg("id", id).into()) };
    let entries = game.log().len();
    let moves = move_count(game.log());
    let (platform, channel) = (&ctx.origin.platform, &ctx.origin.channel);
    let first = ctx.table.db.request_review(id, platform, channel, ctx.channel_lang.code(), ctx.now()).await?;
    let request = ctx.table.db.review_request(id).await?;
    let here = request.is_some_and(|r| &r.platform == platform && &r.channel == channel);
    let stored = ctx.table.db.review_moves(id).await?;
    let seq = game.moves_applied() as u64;
    if stored.len() >= entries {
        // Asked for where it is to be posted: posted now, and not again by the scheduler.
        if here {
            ctx.table.db.mark_review_posted(id, ctx.now()).await?;
        }
        let chances = parse_stored(id, &stored, entries)?;
        let loaded = loaded.named_in(&ctx.table.texts, ctx.channel_lang);
        let Some(game) = &loaded.game else { return Err(Msg::new("cmd-not-started").arg("id", id).into()) };
        let reply = review_reply(ctx.table, id, loaded.kind, game.as_ref(), &loaded.names(), &chances, ctx.channel_lang).await;
        return Ok(vec![reply.about(GameRef { id, seq })]);
    }
    ctx.table.wake_scheduler();
    let msg = if first {
        Msg::new("review-started").arg("id", id).arg("moves", moves)
    } else {
        Msg::new("review-progress").arg("id", id).arg("done", moves_done(game.log(), &stored)).arg("moves", moves)
    };
    let mut reply = Reply::channel(ctx.channel_text(&msg)).about(GameRef { id, seq });
    if here {
        // The progress message, edited as the review goes on; asked again, the fresh
        // answer is the one edited from then on.
        let key = Slot::review_key(id);
        if let Some(kept) = ctx.table.db.tracked(platform, channel, &key).await? {
            ctx.table.db.untrack(platform, channel, &key, &kept.message_id).await?;
        }
        reply = reply.in_slot(key, SlotAction::Progress);
    }
    Ok(vec![reply])
}

/// The edit of game `id`'s progress message (in the channel the review was asked for,
/// [`Slot::review_key`]): while it runs "12 of 36 moves", at most once per
/// [`PROGRESS_EVERY_MS`] (claimed in the database, so one process posts each edit);
/// `done`: the last edit ("reviewed, the review follows"), always.
async fn progress_post(table: &Table, id: GameId, log: &[String], done: bool) -> Result<Option<(String, String, Reply)>, StorageError> {
    if !done && !table.db.claim_review_progress(id, table.clock.now_ms(), PROGRESS_EVERY_MS).await? {
        return Ok(None);
    }
    let Some(request) = table.db.review_request(id).await? else { return Ok(None) };
    let lang: Lang = request.lang.parse().unwrap_or(table.options.language);
    let moves = move_count(log);
    let msg = if done {
        Msg::new("review-progress-done").arg("id", id).arg("moves", moves)
    } else {
        let stored = table.db.review_moves(id).await?;
        Msg::new("review-progress-live").arg("id", id).arg("done", moves_done(log, &stored)).arg("moves", moves)
    };
    let reply = Reply::channel(table.texts.text(lang, &msg)).in_slot(Slot::review_key(id), SlotAction::Progress);
    Ok(Some((request.platform, request.channel, reply)))
}

/// How many of the moves of `log` (events not counted: [`move_count`]) have their chances
/// `stored` ((log index, chances) as [`crate::store::Db::review_moves`] reads them).
fn moves_done(log: &[String], stored: &[(i64, String)]) -> usize {
    stored.iter().filter(|(i, _)| usize::try_from(*i).ok().and_then(|i| log.get(i)).is_some_and(|e| !e.starts_with('@'))).count()
}

/// The stored chances of game `id`'s review of `entries` log entries, when every entry
/// has been reviewed (for the web page).
///
/// # Errors
/// [`StorageError`] when the read fails or a stored entry does not parse.
pub async fn stored_review(table: &Table, id: GameId, entries: usize) -> Result<Option<Vec<Option<Chances>>>, StorageError> {
    let stored = table.db.review_moves(id).await?;
    if stored.len() < entries {
        return Ok(None);
    }
    parse_stored(id, &stored, entries).map(Some)
}

/// Each entry's mark as a word (`inaccuracy`, `mistake`, `blunder`; `None`: unmarked).
pub fn mark_words(chances: &[Option<Chances>]) -> Vec<Option<&'static str>> {
    chances.iter().map(|c| c.as_ref().and_then(|c| summary::Mark::of(drop_points(c))).map(summary::Mark::word)).collect()
}

/// The review's graph as a PNG (blocking pool).
///
/// # Errors
/// [`StorageError::Damaged`] when it cannot be drawn.
pub async fn graph_png(table: &Table, id: GameId, names: &[String], chances: &[Option<Chances>], lang: Lang) -> Result<Vec<u8>, StorageError> {
    let graph = graph::chart(&table.texts, id, names, chances, lang);
    let damaged = |e: String| StorageError::Damaged(format!("game #{id}: the review's graph: {e}"));
    tokio::task::spawn_blocking(move || render::chart::review_png(&graph)).await.map_err(|e| damaged(e.to_string()))?.map_err(|e| damaged(e.to_string()))
}

/// The stored chances of a review as one entry per log entry (`None`: an event, or a
/// move the AI could not value).
fn parse_stored(id: GameId, stored: &[(i64, String)], entries: usize) -> Result<Vec<Option<Chances>>, StorageError> {
    let mut out = vec![None; entries];
    for (idx, json) in stored {
        let chances: Option<Chances> =
            serde_json::from_str(json).map_err(|e| StorageError::Damaged(format!("review of game #{id}, entry {idx}: {e}")))?;
        if let Some(slot) = usize::try_from(*idx).ok().and_then(|i| out.get_mut(i)) {
            *slot = chances;
        }
    }
    Ok(out)
}

/// Works on the reviews asked for in `platforms` that are not posted yet: at most
/// `moves` moves of each (0: nothing), each under this process's claim. Returns how many
/// moves were reviewed and, for each review completed here, its post: (platform,
/// channel, reply). Wakes the scheduler again while moves are left.
///
/// # Errors
/// [`StorageError`] when the database fails (the moves stored so far stay).
pub async fn work(table: &Table, platforms: Platforms<'_>, moves: usize) -> Result<(usize, Vec<(String, String, Reply)>), StorageError> {
    let mut reviewed = 0;
    let mut posts = Vec::new();
    if moves == 0 {
        return Ok((reviewed, posts));
    }
    for id in table.db.reviews_pending(platforms).await? {
        let now = table.clock.now_ms();
        if !table.db.claim_review(id, now, REVIEW_LEASE_MS, None).await? {
            continue;
        }
        let (done, post) = work_on(table, id, now, moves).await?;
        reviewed += done;
        posts.extend(post);
    }
    Ok((reviewed, posts))
}

/// Reviews up to `moves` moves of game `id` under the claim made at `held`, then posts
/// the review when it is complete (after the last edit of its progress message) or gives
/// the claim back (with an edit of the progress message when one is due).
async fn work_on(table: &Table, id: GameId, mut held: i64, moves: usize) -> Result<(usize, Vec<(String, String, Reply)>), StorageError> {
    let Some(row) = table.db.game(id).await? else { return Ok((0, Vec::new())) };
    let loaded = table.load(row).await?;
    let Some(game) = loaded.game.as_ref().filter(|g| g.is_finished()) else {
        table.db.release_review(id, held).await?;
        return Ok((0, Vec::new()));
    };
    let log = game.log().to_vec();
    let stored: Vec<usize> = table.db.review_moves(id).await?.iter().filter_map(|(i, _)| usize::try_from(*i).ok()).collect();
    let record = (game.kind(), game.options(), game.players(), game.resolved_setup(), game.seed());
    let level = table.options.review_level;
    let mut reviewed = 0;
    let mut complete = true;
    for index in (0..log.len()).filter(|i| !stored.contains(i)) {
        if reviewed == moves {
            complete = false;
            break;
        }
        let (record, log) = (record.clone(), log.clone());
        let valued = tokio::task::spawn_blocking(move || value_move(record, &log, index, level)).await;
        let chances: Option<Chances> = match valued {
            Ok(Ok(chances)) => chances,
            Ok(Err(e)) => {
                tracing::error!(game = %id, index, error = %e, "a move of the review could not be valued; it stays unmarked");
                None
            }
            Err(e) => {
                tracing::error!(game = %id, index, error = %e, "the review task failed");
                table.db.release_review(id, held).await?;
                return Ok((reviewed, Vec::new()));
            }
        };
        let json = serde_json::to_string(&chances).unwrap_or_else(|_| "null".into());
        table.db.store_review_move(id, index, &json).await?;
        reviewed += 1;
        // Renewed after every move; lost (another process took over): stop here.
        let now = table.clock.now_ms();
        if !table.db.claim_review(id, now, REVIEW_LEASE_MS, Some(held)).await? {
            return Ok((reviewed, Vec::new()));
        }
        held = now;
    }
    if !complete {
        table.db.release_review(id, held).await?;
        table.wake_scheduler();
        return Ok((reviewed, progress_post(table, id, &log, false).await?.into_iter().collect()));
    }
    let Some(request) = table.db.review_request(id).await? else { return Ok((reviewed, Vec::new())) };
    if !table.db.mark_review_posted(id, table.clock.now_ms()).await? {
        return Ok((reviewed, Vec::new()));
    }
    // The progress message says it is done; the review follows it.
    let mut posts: Vec<(String, String, Reply)> = progress_post(table, id, &log, true).await?.into_iter().collect();
    let lang: Lang = request.lang.parse().unwrap_or(table.options.language);
    let stored = table.db.review_moves(id).await?;
    let chances = parse_stored(id, &stored, log.len())?;
    let loaded = loaded.named_in(&table.texts, lang);
    let Some(game) = &loaded.game else { return Ok((reviewed, posts)) };
    tracing::info!(game = %id, "review complete");
    let reply = review_reply(table, id, loaded.kind, game.as_ref(), &loaded.names(), &chances, lang).await;
    let reply = reply.about(GameRef { id, seq: game.moves_applied() as u64 });
    posts.push((request.platform, request.channel, reply));
    Ok((reviewed, posts))
}

/// The game of a record: (kind, options, players, resolved setup, seed).
type Record = (GameKind, serde_json::Value, usize, serde_json::Value, Option<u64>);

/// The chances of log entry `index` (`None` for an event): the positions before and
/// after it rebuilt from the record, valued by [`ai::review::review_move`] with the seed
/// `index`. Blocking (seconds).
fn value_move(record: Record, log: &[String], index: usize, level: ai::Level) -> Result<Option<Chances>, String> {
    let (kind, options, players, setup, seed) = record;
    let open = || rules::open(kind, &options, players, Some(setup.clone()), seed).map_err(|e| e.to_string());
    let mut before = open()?;
    for entry in log.get(..index).unwrap_or_default() {
        before.play(entry).map_err(|e| e.to_string())?;
    }
    let Some(entry) = log.get(index) else { return Ok(None) };
    let mut after = open()?;
    for entry in log.get(..=index).unwrap_or_default() {
        after.play(entry).map_err(|e| e.to_string())?;
    }
    let chances = ai::review::review_move(before.as_ref(), entry, after.as_ref(), level, index as u64).map_err(|e| e.to_string())?;
    Ok(chances.map(Chances::from))
}

/// The review as a channel post in `lang`: the figures of each player, their luck, the
/// turning points, and the graph of the chances (when pictures are on).
async fn review_reply(table: &Table, id: GameId, kind: GameKind, game: &dyn Match, names: &[String], chances: &[Option<Chances>], lang: Lang) -> Reply {
    let text = review_text(table, id, kind, game, names, chances, lang);
    let mut reply = Reply::channel(text);
    if table.options.pictures {
        match graph_png(table, id, names, chances, lang).await {
            Ok(png) => {
                reply = reply.with_file(Some(Attachment { name: format!("game-{id}-review.png"), mime: "image/png", bytes: png }));
            }
            Err(e) => tracing::warn!(game = %id, error = %e, "the review's graph could not be drawn"),
        }
    }
    reply
}

/// The review's text (see [`review_reply`]).
fn review_text(table: &Table, id: GameId, kind: GameKind, game: &dyn Match, names: &[String], chances: &[Option<Chances>], lang: Lang) -> Text {
    let say = |msg: Msg| table.texts.text(lang, &msg);
    let name = |seat: usize| names.get(seat).cloned().unwrap_or_else(|| format!("#{}", seat + 1));
    let summary = summarise(chances, game.players());
    let moves = move_count(game.log());
    let mut text = say(Msg::new("review-title").arg("id", id).arg("game", lang.game_name(kind)).arg("moves", moves).arg("level", table.options.review_level.word()));
    for p in &summary.players {
        text.push_line(say(
            Msg::new("review-player")
                .arg("player", name(p.seat))
                .arg("accuracy", p.accuracy.round() as i64)
                .arg("inaccuracies", p.inaccuracies)
                .arg("mistakes", p.mistakes)
                .arg("blunders", p.blunders),
        ));
    }
    if ai::review::has_luck(kind) {
        for p in &summary.players {
            if let Some(luck) = p.luck {
                let points = luck.round() as i64;
                let how = if ai::review::rolls(kind) { "rolled" } else { "drew" };
                let msg = Msg::new("review-luck").arg("player", name(p.seat)).arg("how", how);
                text.push_line(say(msg.arg("points", points.abs()).arg("sign", points.signum())));
            }
        }
    }
    if summary.turning.is_empty() {
        text.push_line(say(Msg::new("review-no-turning")));
    } else {
        text.push_line(say(Msg::new("review-turning-title")));
        for m in &summary.turning {
            let c = &m.chances;
            let played = game.log().get(m.index).cloned().unwrap_or_default();
            text.push_line(say(
                Msg::new("review-turning")
                    .arg("number", m.index + 1)
                    .arg("player", name(c.seat))
                    .arg("move", played)
                    .arg("before", percent(c.before))
                    .arg("after", percent(c.after))
                    .arg("drop", drop_points(c).round() as i64)
                    .arg("mark", m.mark.word())
                    .arg("preferred", c.preferred.clone())
                    .arg("chance", percent(c.preferred_chance)),
            ));
        }
    }
    text
}
