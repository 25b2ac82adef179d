//! The review and the replay on Discord (issue 44), against the fake Discord with an
//! injected clock: `/review` answers with a progress message that the scheduler edits in
//! place (at most every 5 s) and a last time before the review follows with its graph;
//! `/replay` uploads the GIF; `/settings replay:True` posts it after a game's end.

use std::sync::Arc;

use commands::{base::clock::ManualClock, HostOptions};
use serde_json::Value;
use spieltisch::notices::{deliver_due, NoticeRoutes};
use tempfile::TempDir;

use crate::discord::{alice, bob, public_followups, start_bot_with, start_carat, Game, Running, WAIT};
use crate::fake_discord::{events, FakeDiscord, FakeUser, CHANNEL_ID};

/// 2026-11-30 08:00 UTC.
const MONDAY_8AM: i64 = 1_796_025_600_000;

fn carol() -> FakeUser {
    FakeUser::admin(100_000_000_000_000_009, "carol")
}

/// Runs the scheduler's poll through the bot's notifier; how many notices went out.
async fn poll(running: &Running) -> usize {
    let routes = NoticeRoutes { discord: Some(running.bot.notifier()), ..NoticeRoutes::default() };
    deliver_due(&running.host, &routes).await
}

fn id_of(message: &Value) -> u64 {
    message["id"].as_str().and_then(|s| s.parse().ok()).expect("a message id")
}

/// The player to move in `game` (from the database: the turn need not alternate).
async fn mover(running: &Running, game: &Game) -> FakeUser {
    let row = running.host.db().game(commands::GameId(game.id)).await.expect("read").expect("the game");
    let players = running.host.db().players(commands::GameId(game.id)).await.expect("players");
    let id = &players[row.to_move[0]].user_id;
    if *id == alice().id.to_string() { alice() } else { bob() }
}

/// Plays `n` moves of `game`, each its mover's first legal move, then the player to move
/// resigns: a finished game of `n` moves and one event. The resignation's announcement.
async fn play_and_resign(fake: &FakeDiscord, running: &Running, game: &Game, n: usize) -> crate::fake_discord::Request {
    for _ in 0..n {
        let mover = mover(running, game).await;
        let at = Game { mover: mover.clone(), ..game.clone() };
        let moves = crate::discord::legal_moves(&running.host, &at).await;
        let sent = fake.slash(&mover, "move", vec![events::string("notation", &moves[0])]);
        public_followups(fake, &sent, 1).await;
    }
    let sent = fake.slash(&mover(running, game).await, "resign", vec![]);
    public_followups(fake, &sent, 1).await.remove(0)
}

async fn bot(fake: &FakeDiscord, dir: &TempDir, clock: &Arc<ManualClock>) -> Running {
    let options = HostOptions { review_level: ai::Level::Easy, ..HostOptions::default() };
    start_bot_with(fake, dir, clock.clone(), options).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_review_edits_its_progress_message_in_place_and_then_follows_with_its_graph() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let clock = Arc::new(ManualClock::at(MONDAY_8AM));
    let running = bot(&fake, &dir, &clock).await;
    let game = start_carat(&fake, &running).await;
    // Eight moves and a resignation: the review counts 8 moves.
    play_and_resign(&fake, &running, &game, 8).await;
    let sent = fake.slash(&carol(), "review", vec![]);
    let answer = public_followups(&fake, &sent, 1).await.remove(0);
    let started = format!("Reviewing game #{} (8 moves), under a second per move: the review will be posted here when it is done.", game.id);
    assert_eq!(answer.content(), started);
    let progress = id_of(&answer.message().expect("the progress message"));
    let path = format!("/api/v10/channels/{CHANNEL_ID}/messages/{progress}");
    let content = |f: &FakeDiscord| f.world.message(progress).expect("the progress message")["content"].as_str().unwrap_or_default().to_string();

    // 5 s on: the first poll reviews six moves and edits the message.
    clock.advance(5_000);
    let from = fake.recorder.len();
    assert_eq!(poll(&running).await, 1);
    let wanted = path.clone();
    fake.recorder.wait_for(from, WAIT, "the progress edit", move |r| r.method == "PATCH" && r.path == wanted).await;
    assert_eq!(content(&fake), format!("Reviewing game #{}: 6 of 8 moves so far…", game.id));

    // The next poll completes it: the last edit, then the review as a post of its own.
    let from = fake.recorder.len();
    assert_eq!(poll(&running).await, 2);
    let channel = format!("/api/v10/channels/{CHANNEL_ID}/messages");
    let review = fake.recorder.wait_for(from, WAIT, "the review", move |r| r.method == "POST" && r.path == channel).await;
    assert!(review.content().starts_with(&format!("Review of game #{} (Carat, 8 moves;", game.id)), "{}", review.content());
    let edits: Vec<usize> = fake.recorder.all().iter().filter(|r| r.seq >= from && r.method == "PATCH" && r.path == path).map(|r| r.seq).collect();
    assert_eq!(edits.len(), 1, "one last edit");
    assert!(edits[0] < review.seq, "the review follows the last edit");
    assert_eq!(content(&fake), format!("Game #{} reviewed (8 moves): the review follows.", game.id));
    let graph = review.uploads.first().expect("the graph");
    assert_eq!(graph.filename, format!("game-{}-review.png", game.id));
    let image = image::load_from_memory(&graph.bytes).expect("a PNG");
    assert_eq!((image.width(), image.height()), (800, 540));
    assert_eq!(poll(&running).await, 0, "posted once");
    running.bot.stop().await;
}

/// The review's progress message is kept in `tracked_messages` (slot `review:<game>`), so
/// a bot restarted in the middle of a review resumes it and edits the same message, and
/// posts no second progress message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_midway_the_review_edits_the_same_progress_message() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let clock = Arc::new(ManualClock::at(MONDAY_8AM));
    let running = bot(&fake, &dir, &clock).await;
    let game = start_carat(&fake, &running).await;
    play_and_resign(&fake, &running, &game, 8).await;
    let sent = fake.slash(&carol(), "review", vec![]);
    let answer = public_followups(&fake, &sent, 1).await.remove(0);
    let progress = id_of(&answer.message().expect("the progress message"));
    let (channel_key, slot) = (CHANNEL_ID.to_string(), format!("review:{}", game.id));
    // The bot keeps the message once Discord has answered the follow-up with its id, a
    // moment after the fake records it: waited for, not read at once.
    let until = std::time::Instant::now() + WAIT;
    let kept = loop {
        if let Some(kept) = running.host.db().tracked("discord", &channel_key, &slot).await.expect("read") {
            break kept;
        }
        assert!(std::time::Instant::now() < until, "the progress message is kept");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    assert_eq!(kept.message_id, progress.to_string());
    let path = format!("/api/v10/channels/{CHANNEL_ID}/messages/{progress}");
    let content = |f: &FakeDiscord| f.world.message(progress).expect("the progress message")["content"].as_str().unwrap_or_default().to_string();

    // Six of the eight moves, then the bot stops.
    clock.advance(5_000);
    let from = fake.recorder.len();
    assert_eq!(poll(&running).await, 1);
    let wanted = path.clone();
    fake.recorder.wait_for(from, WAIT, "the progress edit", move |r| r.method == "PATCH" && r.path == wanted).await;
    assert_eq!(content(&fake), format!("Reviewing game #{}: 6 of 8 moves so far…", game.id));
    running.bot.stop().await;

    // A new process on the same database: the review goes on from move 7 and the same
    // message is edited a last time; the only new message is the review itself.
    let running = bot(&fake, &dir, &clock).await;
    clock.advance(5_000);
    let from = fake.recorder.len();
    assert_eq!(poll(&running).await, 2, "the last edit and the review");
    let channel = format!("/api/v10/channels/{CHANNEL_ID}/messages");
    let wanted = channel.clone();
    let review = fake.recorder.wait_for(from, WAIT, "the review", move |r| r.method == "POST" && r.path == wanted).await;
    assert!(review.content().starts_with(&format!("Review of game #{} (Carat, 8 moves;", game.id)), "{}", review.content());
    assert_eq!(content(&fake), format!("Game #{} reviewed (8 moves): the review follows.", game.id));
    let after: Vec<_> = fake.recorder.all().into_iter().filter(|r| r.seq >= from).collect();
    assert_eq!(after.iter().filter(|r| r.method == "PATCH" && r.path == path).count(), 1, "one edit of the kept message");
    assert_eq!(after.iter().filter(|r| r.method == "POST" && r.path == channel).count(), 1, "no second progress message");
    assert_eq!(poll(&running).await, 0, "posted once");
    running.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_uploads_a_gif_and_replay_on_posts_it_when_a_game_ends() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let clock = Arc::new(ManualClock::at(MONDAY_8AM));
    let running = bot(&fake, &dir, &clock).await;
    let game = start_carat(&fake, &running).await;
    let ended = play_and_resign(&fake, &running, &game, 3).await;
    let sent = fake.slash(&carol(), "replay", vec![]);
    let posted = public_followups(&fake, &sent, 1).await.remove(0);
    assert_eq!(posted.content(), format!("The replay of game #{} (Carat, 3 moves).", game.id));
    let gif = posted.uploads.first().expect("the GIF");
    assert_eq!(gif.filename, format!("game-{}-replay.gif", game.id));
    assert_eq!(&gif.bytes[..6], b"GIF89a");
    // The start, three moves, the resignation: five frames, the last held 5 s; the
    // board's size (the last board's PNG).
    let (delays, size) = crate::support::gif_frames(&gif.bytes);
    assert_eq!(delays, [80, 80, 80, 80, 500]);
    let board = image::load_from_memory(&ended.uploads.first().expect("the last board").bytes).expect("a PNG");
    assert_eq!((u32::from(size.0), u32::from(size.1)), (board.width(), board.height()));
    // Discord shows the file by its name; no link without [web].
    assert!(posted.json.as_ref().is_some_and(|j| j["components"].as_array().is_none_or(|rows| rows.iter().all(|r| !r.to_string().contains("\"url\"")))));

    // replay:True in /settings: the next game's end posts its replay by itself.
    let settings = fake.slash(&carol(), "settings", vec![events::boolean("replay", true)]);
    let said = public_followups(&fake, &settings, 1).await.remove(0).content();
    assert!(said.ends_with("replay posted at a game's end on."), "{said}");
    // The answer to the resignation is its announcement alone; the replay follows as a
    // post of the scheduler's (the move's answer never waits for the drawing).
    let next = start_carat(&fake, &running).await;
    let sent = fake.slash(&next.mover, "resign", vec![]);
    let posts = public_followups(&fake, &sent, 1).await;
    assert!(posts[0].content().contains("is over"), "{}", posts[0].content());
    assert!(posts[0].uploads.iter().all(|u| !u.filename.ends_with(".gif")), "no GIF with the answer");
    let from = fake.recorder.len();
    assert_eq!(poll(&running).await, 1);
    let channel = format!("/api/v10/channels/{CHANNEL_ID}/messages");
    let replay = fake.recorder.wait_for(from, WAIT, "the replay", move |r| r.method == "POST" && r.path == channel).await;
    assert_eq!(replay.content(), format!("The replay of game #{} (Carat, 0 moves).", next.id));
    assert!(replay.seq > posts[0].seq, "after the announcement");
    assert_eq!(crate::support::gif_frames(&replay.uploads[0].bytes).0, [80, 500], "the start and the resignation");
    assert_eq!(poll(&running).await, 0, "posted once");
    running.bot.stop().await;
}
