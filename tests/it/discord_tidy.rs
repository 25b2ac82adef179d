//! A tidy channel and a living board of games on Discord (issue 40), against the fake
//! Discord with an injected clock: an older board loses its buttons when a newer
//! message about the game comes, `tidy=on` deletes the previous turn ping once the game
//! moves on, `/dashboard` posts one pinned message that the scheduler edits in place, and
//! a bot that may not pin says so once.

use std::sync::Arc;

use commands::base::clock::ManualClock;
use serde_json::Value;
use spieltisch::notices::{deliver_due, NoticeRoutes};
use tempfile::TempDir;

use crate::discord::{play_first_move, public_followups, start_bot_with_clock, start_carat, Running, WAIT};
use crate::fake_discord::{events, FakeDiscord, FakeUser, Request, CHANNEL_ID};

const HOUR: i64 = 3_600_000;
/// 2026-11-30 08:00 UTC.
const MONDAY_8AM: i64 = 1_796_025_600_000;

fn carol_the_admin() -> FakeUser {
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

fn message_path(id: u64) -> String {
    format!("/api/v10/channels/{CHANNEL_ID}/messages/{id}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_older_board_loses_its_buttons_and_with_tidy_on_the_old_turn_ping_goes() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let clock = Arc::new(ManualClock::at(MONDAY_8AM));
    let running = start_bot_with_clock(&fake, &dir, clock.clone()).await;
    let settings = fake.slash(&carol_the_admin(), "settings", vec![events::boolean("tidy", true)]);
    let said = public_followups(&fake, &settings, 1).await.remove(0).content();
    assert!(said.ends_with("old turn pings deleted on, replay posted at a game's end off."), "{said}");
    let game = start_carat(&fake, &running).await;
    let start_board = id_of(&game.board);
    assert!(!fake.world.message(start_board).expect("the start board")["components"].as_array().expect("rows").is_empty());

    // Half of the 3 days: the reminder (the turn ping).
    clock.advance(36 * HOUR);
    let from = fake.recorder.len();
    assert_eq!(poll(&running).await, 1);
    let channel = format!("/api/v10/channels/{CHANNEL_ID}/messages");
    let ping = fake.recorder.wait_for(from, WAIT, "the reminder", move |r| r.method == "POST" && r.path == channel).await;
    let ping = ping.response.as_ref().map(id_of).expect("the posted reminder");
    assert!(fake.world.message(ping).is_some());
    // The reminder carries the game's buttons now: the start board's are removed.
    let path = message_path(start_board);
    fake.recorder.wait_for(from, WAIT, "the start board's buttons removed", move |r| r.method == "PATCH" && r.path == path).await;
    let rows = |id: u64| fake.world.message(id).map(|m| m["components"].as_array().map_or(0, Vec::len)).unwrap_or(0);
    assert_eq!(rows(start_board), 0, "only the newest message about the game has buttons");

    // The move: its board is posted, the reminder is deleted, the older boards lose their buttons.
    let from = fake.recorder.len();
    let sent = play_first_move(&fake, &running, &game).await;
    let board = public_followups(&fake, &sent, 1).await.remove(0);
    let path = message_path(ping);
    fake.recorder.wait_for(from, WAIT, "the ping's deletion", move |r| r.method == "DELETE" && r.path == path).await;
    assert_eq!(fake.world.deleted(), vec![ping], "only the turn ping is deleted; the boards stay");
    assert!(fake.world.message(start_board).is_some(), "the start board stays, without buttons");
    let newest = id_of(&board.message().expect("the new board"));
    assert!(rows(newest) > 0, "the newest board keeps its buttons and menu");
    running.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_dashboard_is_pinned_and_edited_in_place_as_games_move() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let clock = Arc::new(ManualClock::at(MONDAY_8AM));
    let running = start_bot_with_clock(&fake, &dir, clock.clone()).await;
    let game = start_carat(&fake, &running).await;

    let sent = fake.slash(&carol_the_admin(), "dashboard", vec![]);
    let dashboard = public_followups(&fake, &sent, 1).await.remove(0);
    let text = dashboard.content();
    assert_eq!(
        text,
        format!("One game running (this message keeps itself up to date):\n• #{} Carat: alice – bob · {} to move, 3 days left", game.id, game.mover.name)
    );
    assert!(dashboard.json.as_ref().is_some_and(|j| j["allowed_mentions"]["users"].as_array().is_none_or(Vec::is_empty)), "nobody is pinged");
    let id = id_of(&dashboard.message().expect("the dashboard"));
    let pin = format!("/api/v10/channels/{CHANNEL_ID}/pins/{id}");
    fake.recorder.wait_for(0, WAIT, "the pin", move |r| r.method == "PUT" && r.path == pin).await;
    assert!(fake.world.is_pinned(id));

    // The move, then the scheduler's poll 10 s later: the same message, edited.
    let sent = play_first_move(&fake, &running, &game).await;
    public_followups(&fake, &sent, 1).await;
    clock.advance(10_000);
    let from = fake.recorder.len();
    assert_eq!(poll(&running).await, 1);
    let path = message_path(id);
    fake.recorder.wait_for(from, WAIT, "the dashboard's edit", move |r| r.method == "PATCH" && r.path == path).await;
    let edited = fake.world.message(id).expect("the dashboard")["content"].as_str().unwrap_or_default().to_string();
    assert!(edited.ends_with(&format!("{} to move, 2 days 23 hours left", game.waiter.name)), "{edited}");
    assert_eq!(poll(&running).await, 0, "nothing changed since: no edit");

    // A moderator deletes it: the next change posts (and pins) a new one.
    fake.world.delete_message(id);
    let sent = fake.slash(&game.waiter, "resign", vec![]);
    public_followups(&fake, &sent, 1).await;
    clock.advance(10_000);
    let from = fake.recorder.len();
    assert_eq!(poll(&running).await, 1);
    let channel = format!("/api/v10/channels/{CHANNEL_ID}/messages");
    let posted = fake.recorder.wait_for(from, WAIT, "a new dashboard", move |r| r.method == "POST" && r.path == channel).await;
    assert_eq!(posted.content(), "No games running here (this message keeps itself up to date).");
    running.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_that_may_not_pin_says_so_once() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let running = start_bot_with_clock(&fake, &dir, Arc::new(ManualClock::at(MONDAY_8AM))).await;
    fake.world.refuse_pins();
    let channel = format!("/api/v10/channels/{CHANNEL_ID}/messages");
    for round in 0..2 {
        let sent = fake.slash(&carol_the_admin(), "dashboard", vec![]);
        let dashboard = public_followups(&fake, &sent, 1).await.remove(0);
        assert_eq!(dashboard.content(), "No games running here (this message keeps itself up to date).");
        let refused = move |f: &FakeDiscord| f.world.refused_pins() > round;
        let deadline = tokio::time::Instant::now() + WAIT;
        while !refused(&fake) {
            assert!(tokio::time::Instant::now() < deadline, "the pin was tried");
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }
    let channel_posts: Vec<String> = fake
        .recorder
        .all()
        .iter()
        .filter(|r| r.method == "POST" && r.path == channel)
        .map(Request::content)
        .collect();
    let notes = channel_posts.iter().filter(|c| c.starts_with("I may not pin the dashboard here")).count();
    assert_eq!(notes, 1, "said once: {channel_posts:?}");
    assert_eq!(fake.world.refused_pins(), 2, "each new dashboard tries once, never in a loop");
    running.bot.stop().await;
}
