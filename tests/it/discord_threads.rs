//! A tournament round's games in threads of their own on Discord (issue 39), against the
//! fake Discord: with `threads=on` each game of a round gets a thread under the
//! tournament's channel, its first board is posted there, the round's post links the
//! threads and commands in a thread find its game; without the permission to create
//! threads the games stay in the channel, said once, tried once.

use std::sync::Arc;

use commands::base::clock::ManualClock;
use serde_json::Value;
use spieltisch::notices::{deliver_due, NoticeRoutes};
use tempfile::TempDir;

use crate::discord::{alice, bob, public_followups, start_bot, start_bot_with_clock, subcommand_choice_value, Running, WAIT};
use crate::fake_discord::{events, FakeDiscord, FakeUser, Request, CHANNEL_ID};

/// 2026-11-30 08:00 UTC.
const MONDAY_8AM: i64 = 1_796_025_600_000;
const HOUR: i64 = 3_600_000;

fn carol() -> FakeUser {
    FakeUser::new(100_000_000_000_000_003, "carol")
}

fn dave() -> FakeUser {
    FakeUser::new(100_000_000_000_000_004, "dave")
}

fn admin() -> FakeUser {
    FakeUser::admin(100_000_000_000_000_009, "admin")
}

/// Runs the scheduler's poll through the bot's notifier; how many notices went out.
async fn poll(running: &Running) -> usize {
    let routes = NoticeRoutes { discord: Some(running.bot.notifier()), ..NoticeRoutes::default() };
    deliver_due(&running.host, &routes).await
}

fn sub(name: &str, options: Vec<Value>) -> Vec<Value> {
    vec![events::subcommand(name, options)]
}

/// The id of the channel (thread) a `POST …/threads` made.
fn thread_id(request: &Request) -> u64 {
    request.response.as_ref().and_then(|t| t["id"].as_str()).and_then(|s| s.parse().ok()).expect("a thread id")
}

/// `/settings threads:` (when `threads` is `Some`), then a round robin of four (alice,
/// bob, carol, dave in sign-up order) opened, joined and started by slash commands; the
/// start's `Sent`.
async fn start_four(fake: &FakeDiscord, running: &Running, threads: bool) -> crate::fake_discord::Sent {
    let set = fake.slash(&admin(), "settings", vec![events::boolean("threads", threads)]);
    public_followups(fake, &set, 1).await;
    let game = subcommand_choice_value(&running.registration, "tournament", "new", "game", "Carat");
    let new = fake.slash(&alice(), "tournament", sub("new", vec![events::integer("game", game), events::string("options", "roundrobin time=1d")]));
    public_followups(fake, &new, 1).await;
    for user in [bob(), carol(), dave()] {
        let join = fake.slash(&user, "tournament", sub("join", vec![events::integer("number", 1)]));
        public_followups(fake, &join, 1).await;
    }
    fake.slash(&alice(), "tournament", sub("start", vec![]))
}

/// Round robin of four with `threads=on`: round 1 (Berger tables, FIDE C.05: 1–4, 2–3)
/// is #1 alice – dave and #2 bob – carol, each in a new thread named like a game's
/// thread ("Carat – alice – dave") with its first board (a PNG) posted there; the
/// round's post in the channel links both threads. dave and carol resign in their
/// threads without a game number (the thread's game is found), the scheduler pairs
/// round 2 (4–3, 1–2: #3 dave – carol, #4 alice – bob) into two more threads. Nobody
/// moves for a day: the time-outs of #3 and #4 are posted in their threads.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_round_opens_a_thread_per_game() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let clock = Arc::new(ManualClock::at(MONDAY_8AM));
    let running = start_bot_with_clock(&fake, &dir, clock.clone()).await;
    let start = start_four(&fake, &running, true).await;
    let parent = format!("/api/v10/channels/{CHANNEL_ID}/threads");
    let made = fake.recorder.wait_for_n(start.from, 2, WAIT, "two threads", |r| r.method == "POST" && r.path.ends_with("/threads")).await;
    assert!(made.iter().all(|r| r.path == parent), "{:?}", made.iter().map(|r| &r.path).collect::<Vec<_>>());
    let names: Vec<&str> = made.iter().map(|r| r.json.as_ref().and_then(|j| j["name"].as_str()).unwrap_or_default()).collect();
    assert_eq!(names, vec!["Carat – alice – dave", "Carat – bob – carol"]);
    let (first, second) = (thread_id(&made[0]), thread_id(&made[1]));
    let round = public_followups(&fake, &start, 1).await.remove(0).content();
    assert!(
        round.contains(&format!(
            "Tournament #1, round 1 of 3:\n#1: alice – dave\n#2: bob – carol\nEach game is played in its own thread: #1 <#{first}>, #2 <#{second}>"
        )),
        "{round}"
    );
    for (thread, header) in [(first, "game #1 starts, alice – dave"), (second, "game #2 starts, bob – carol")] {
        let path = format!("/api/v10/channels/{thread}/messages");
        let board = fake.wait_after(&start, WAIT, "the first board in its thread", |r| r.method == "POST" && r.path == path).await;
        assert!(board.content().contains(header), "{}", board.content());
        assert!(board.uploads.iter().any(|u| u.filename.ends_with(".png")), "the board picture");
    }
    // Neither board went to the channel.
    let in_channel = format!("/api/v10/channels/{CHANNEL_ID}/messages");
    assert!(!fake.recorder.all().iter().any(|r| r.path == in_channel && r.content().contains("starts,")));
    // The games belong to their threads (and to nothing else).
    for (id, thread) in [(1, first), (2, second)] {
        let row = running.host.db().game(commands::GameId(id)).await.expect("read").expect("the game");
        assert_eq!(row.channel, thread.to_string());
    }

    // Resigning in a thread finds its game.
    for (user, thread) in [(dave(), first), (carol(), second)] {
        let origin = events::Origin { user: &user, channel_id: thread, locale: "en" };
        let resign = fake.slash_from(&origin, "resign", vec![]);
        let said = public_followups(&fake, &resign, 1).await.remove(0).content();
        assert!(said.contains("resign"), "{said}");
    }
    let from = fake.recorder.len();
    poll(&running).await;
    let made = fake.recorder.wait_for_n(from, 2, WAIT, "two more threads", |r| r.method == "POST" && r.path.ends_with("/threads")).await;
    let names: Vec<&str> = made.iter().map(|r| r.json.as_ref().and_then(|j| j["name"].as_str()).unwrap_or_default()).collect();
    assert_eq!(names, vec!["Carat – dave – carol", "Carat – alice – bob"]);
    let (third, fourth) = (thread_id(&made[0]), thread_id(&made[1]));
    let round = fake
        .recorder
        .wait_for(from, WAIT, "round 2", |r| r.path == in_channel && r.content().contains("Tournament #1, round 2 of 3:"))
        .await
        .content();
    assert!(
        round.contains(&format!("#3: dave – carol\n#4: alice – bob\nEach game is played in its own thread: #3 <#{third}>, #4 <#{fourth}>")),
        "{round}"
    );
    let path = format!("/api/v10/channels/{third}/messages");
    let board = fake.recorder.wait_for(from, WAIT, "round 2's first board in its thread", |r| r.method == "POST" && r.path == path).await;
    assert!(board.content().contains("game #3 starts, dave – carol"), "{}", board.content());

    // A day without a move: both games of round 2 end on time, each told in its thread.
    clock.advance(25 * HOUR);
    let from = fake.recorder.len();
    poll(&running).await;
    for (game, thread) in [(3, third), (4, fourth)] {
        let path = format!("/api/v10/channels/{thread}/messages");
        let said = format!("time in game #{game} ran out: the game is lost on time.");
        let post = fake.recorder.wait_for(from, WAIT, "the time-out in its thread", |r| r.method == "POST" && r.path == path && r.content().contains(&said)).await;
        assert!(post.content().contains(&said), "{}", post.content());
    }
    assert!(!fake.recorder.all()[from..].iter().any(|r| r.path == in_channel && r.content().contains("ran out")), "no time-out in the channel");
    running.bot.stop().await;
}

/// Without the permission to create threads: the first try is refused, no second one
/// is made, both games stay in the channel (their boards are posted there) and the
/// round's post says so once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_permission_the_round_stays_in_the_channel() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let running = start_bot(&fake, &dir).await;
    fake.world.refuse_threads();
    let start = start_four(&fake, &running, true).await;
    let posts: Vec<String> = public_followups(&fake, &start, 3).await.iter().map(Request::content).collect();
    assert!(
        posts[0].ends_with(
            "#1: alice – dave\n#2: bob – carol\nGames #1, #2 are played here: I could not open threads for them (I need the permission “Create Public Threads”)."
        ),
        "{posts:?}"
    );
    assert!(posts[1].contains("game #1 starts, alice – dave"), "{posts:?}");
    assert!(posts[2].contains("game #2 starts, bob – carol"), "{posts:?}");
    assert_eq!(fake.world.refused_threads(), 1, "tried once, not once per game");
    let row = running.host.db().game(commands::GameId(1)).await.expect("read").expect("the game");
    assert_eq!(row.channel, CHANNEL_ID.to_string());
    running.bot.stop().await;
}

/// A German server (`/settings language:Deutsch threads:true`) whose players' Discord
/// speaks English: the round's post and its line linking the threads are German
/// throughout, whether a slash command started the round (the requester's locale is
/// English) or the scheduler paired it (the post names no game, so no server is known
/// from the channel); each game's first board in its thread is German too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_german_server_the_rounds_thread_links_are_german() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let running = start_bot(&fake, &dir).await;
    let deutsch = crate::discord::choice_value(&running.registration, "settings", "language", "Deutsch");
    let set = fake.slash(&admin(), "settings", vec![events::integer("language", deutsch)]);
    public_followups(&fake, &set, 1).await;
    let start = start_four(&fake, &running, true).await;
    let made = fake.recorder.wait_for_n(start.from, 2, WAIT, "two threads", |r| r.method == "POST" && r.path.ends_with("/threads")).await;
    let (first, second) = (thread_id(&made[0]), thread_id(&made[1]));
    let round = public_followups(&fake, &start, 1).await.remove(0).content();
    assert!(
        round.contains(&format!(
            "Turnier #1, Runde 1 von 3:\n#1: alice – dave\n#2: bob – carol\nJede Partie läuft in einem eigenen Thread: #1 <#{first}>, #2 <#{second}>"
        )),
        "{round}"
    );
    let path = format!("/api/v10/channels/{first}/messages");
    let board = fake.wait_after(&start, WAIT, "the first board in its thread", |r| r.method == "POST" && r.path == path).await;
    assert!(board.content().contains("Turnier #1, Runde 1: Partie #1 beginnt, alice – dave."), "{}", board.content());
    // Its buttons too (the requester's Discord speaks English).
    let labels: Vec<&str> = board.json.as_ref().and_then(|j| j["components"][0]["components"].as_array()).into_iter().flatten().filter_map(|b| b["label"].as_str()).collect();
    assert_eq!(labels, ["Meine Hand zeigen", "Spielbrett"], "{:?}", board.json);

    // Round 2, paired by the scheduler.
    for (user, thread) in [(dave(), first), (carol(), second)] {
        let origin = events::Origin { user: &user, channel_id: thread, locale: "en" };
        let resign = fake.slash_from(&origin, "resign", vec![]);
        public_followups(&fake, &resign, 1).await;
    }
    let from = fake.recorder.len();
    poll(&running).await;
    let made = fake.recorder.wait_for_n(from, 2, WAIT, "two more threads", |r| r.method == "POST" && r.path.ends_with("/threads")).await;
    let (third, fourth) = (thread_id(&made[0]), thread_id(&made[1]));
    let in_channel = format!("/api/v10/channels/{CHANNEL_ID}/messages");
    let round = fake.recorder.wait_for(from, WAIT, "round 2", |r| r.path == in_channel && r.content().contains("Runde 2 von 3:")).await.content();
    assert!(
        round.contains(&format!("#3: dave – carol\n#4: alice – bob\nJede Partie läuft in einem eigenen Thread: #3 <#{third}>, #4 <#{fourth}>")),
        "{round}"
    );
    running.bot.stop().await;
}

/// With `[web]` (issue 39): the round's post names each game's page after its pairing,
/// as `<https://…/g/<token>>` (linked, no preview card), the token the game's own
/// spectators' link (as `board` gives it); the threads' line follows. dave and carol
/// resign in their threads; the standings after round 1, posted by the scheduler, list
/// the round's games with their results (both 1–0) and the same pages.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_web_the_rounds_posts_link_each_games_page() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let options = commands::HostOptions { web_url: Some("https://games.example.org".into()), ..commands::HostOptions::default() };
    let running = crate::discord::start_bot_with(&fake, &dir, Arc::new(commands::base::clock::SystemClock), options).await;
    let start = start_four(&fake, &running, true).await;
    let made = fake.recorder.wait_for_n(start.from, 2, WAIT, "two threads", |r| r.method == "POST" && r.path.ends_with("/threads")).await;
    let (first, second) = (thread_id(&made[0]), thread_id(&made[1]));
    let round = public_followups(&fake, &start, 1).await.remove(0).content();
    let db = running.host.db();
    let mut page = Vec::new();
    for id in 1..=2 {
        let token = db.web_token(commands::store::web::WebLink { game: commands::GameId(id), seat: None }, "unused").await.expect("the token");
        assert!(token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit()), "{token}");
        page.push(format!("<https://games.example.org/g/{token}>"));
    }
    assert!(
        round.contains(&format!(
            "Tournament #1, round 1 of 3:\n#1: alice – dave ({})\n#2: bob – carol ({})\nEach game is played in its own thread: #1 <#{first}>, #2 <#{second}>",
            page[0], page[1]
        )),
        "{round}"
    );
    for (user, thread) in [(dave(), first), (carol(), second)] {
        let origin = events::Origin { user: &user, channel_id: thread, locale: "en" };
        let resign = fake.slash_from(&origin, "resign", vec![]);
        public_followups(&fake, &resign, 1).await;
    }
    let from = fake.recorder.len();
    poll(&running).await;
    let in_channel = format!("/api/v10/channels/{CHANNEL_ID}/messages");
    let over = fake.recorder.wait_for(from, WAIT, "round 1 over", |r| r.path == in_channel && r.content().contains("Round 1 of tournament #1 is over.")).await.content();
    assert!(over.contains(&format!("\nRound 1's games:\n#1: alice – dave 1–0 ({})\n#2: bob – carol 1–0 ({})", page[0], page[1])), "{over}");
    running.bot.stop().await;
}
