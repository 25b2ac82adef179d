//! The `master` AI level (issue 42; docs "AI players"): it is named in mentions and in
//! `level=`; its turn is searched in the background for the host's CPU budget, so a
//! command meanwhile is answered at once; two master turns are searched one after the
//! other in the order they came; a search cut short by a stop starts again in the next
//! process.

use std::{sync::Arc, time::Duration};

use commands::{base::clock::ManualClock, store::Db, GameId, Host, HostOptions, Lang, Origin};

use crate::{
    slowsupport::{due, log, ok_at, T0},
    support::{origin, Place},
};

/// `user` in the terminal's channel `t` (where `@bot` names the bot).
fn at(user: &str) -> Origin {
    Origin { platform: "terminal".into(), ..origin(user, "t") }
}

/// A host over `place` whose master seats think `cpu` of CPU time per move.
async fn master_host(place: &Place, clock: &Arc<ManualClock>, cpu: Duration) -> Host {
    let db = Db::open(&place.url()).await.expect("open the database");
    Host::with_db(db, HostOptions { pictures: false, master_cpu: cpu, ..HostOptions::default() }, clock.clone())
}

/// The game `line` (a `new` with the bot) started, its id; alice has moved first if it
/// was her turn, so the master seat is to move.
async fn master_to_move(host: &Host, line: &str) -> GameId {
    let replies = host.handle(&at("alice"), line).await;
    let id = replies.iter().find_map(|r| r.game).map(|g| g.id).expect("a game");
    let row = host.db().game(id).await.expect("read").expect("game");
    let players = host.db().players(id).await.expect("players");
    if row.to_move.iter().any(|&s| players[s].user_id == "alice") {
        let moves = host.legal_moves(&at("alice"), Some(id), "").await.expect("legal moves");
        ok_at(host, &at("alice"), &format!("move #{id} {}", moves[0])).await;
    }
    id
}

/// Polls `host` every 20 ms until `id`'s log is longer than `before` moves; returns its
/// new length. Panics after two minutes.
async fn until_moved(host: &Host, clock: &ManualClock, id: GameId, before: usize) -> usize {
    for _ in 0..6_000 {
        due(host, clock).await;
        let now = log(host, id).await.len();
        if now > before {
            return now;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the master seat of game #{id} never moved")
}

#[tokio::test]
async fn the_master_level_is_named_in_mentions_and_in_level() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = master_host(&place, &clock, Duration::from_millis(100)).await;
    let begun = ok_at(&host, &at("alice"), "new carat @bot:master").await;
    assert!(begun.contains("Seats: alice, Spieltisch (AI, master)."), "{begun}");
    let de = Origin { lang: Some(Lang::De), ..at("carla") };
    let begun = ok_at(&host, &de, "neu carat @bot stufe=meister").await;
    assert!(begun.contains("Plätze: carla, Spieltisch (KI, Meister)."), "{begun}");
    let begun = ok_at(&host, &at("erna"), "new aratoth @bot level=master").await;
    assert!(begun.contains("Seats: erna, Spieltisch (AI, master)."), "{begun}");
}

#[tokio::test]
async fn a_master_turn_thinks_in_the_background_and_a_command_meanwhile_is_answered() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = master_host(&place, &clock, Duration::from_secs(3)).await;
    let id = master_to_move(&host, "new carat @bot:master seed=21").await;
    let before = log(&host, id).await.len();
    // The poll queues the search and comes back without the move.
    let notices = due(&host, &clock).await;
    assert!(notices.is_empty(), "{notices:?}");
    // A command while the AI thinks is answered.
    let board = ok_at(&host, &at("alice"), &format!("board #{id}")).await;
    assert!(board.contains("Spieltisch (AI, master)"), "{board}");
    // ... before the search was done: the next poll still has no move (three seconds of
    // the search's CPU time have not passed).
    assert!(due(&host, &clock).await.is_empty());
    assert_eq!(log(&host, id).await.len(), before);
    // Later a poll plays the move, once.
    assert_eq!(until_moved(&host, &clock, id, before).await, before + 1);
    let row = host.db().game(id).await.expect("read").expect("game");
    let players = host.db().players(id).await.expect("players");
    assert!(row.to_move.iter().all(|&s| players[s].user_id == "alice"), "{row:?}");
}

#[tokio::test]
async fn two_master_turns_are_searched_one_after_the_other_in_turn_order() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = master_host(&place, &clock, Duration::from_millis(700)).await;
    let first = master_to_move(&host, "new carat @bot:master seed=31").await;
    let second = master_to_move(&host, "new carat @bot:master seed=32").await;
    let (a, b) = (log(&host, first).await.len(), log(&host, second).await.len());
    // One poll queues both (the scheduler meets the games in the order of their ids).
    due(&host, &clock).await;
    // The first game's move comes alone: the second search had not begun.
    until_moved(&host, &clock, first, a).await;
    assert_eq!(log(&host, second).await.len(), b, "the second search ran alongside the first");
    assert_eq!(until_moved(&host, &clock, second, b).await, b + 1);
    assert_eq!(log(&host, first).await.len(), a + 1);
}

#[tokio::test]
async fn a_master_search_cut_short_by_a_stop_starts_again_after_the_restart() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let first = master_host(&place, &clock, Duration::from_secs(2)).await;
    let id = master_to_move(&first, "new carat @bot:master seed=41").await;
    let before = log(&first, id).await.len();
    assert!(due(&first, &clock).await.is_empty());
    // Another process meanwhile leaves the claimed turn alone.
    let other = master_host(&place, &clock, Duration::from_millis(200)).await;
    assert!(due(&other, &clock).await.is_empty());
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(due(&other, &clock).await.is_empty());
    assert_eq!(log(&other, id).await.len(), before);
    // The first process stops mid-search and gives its claim back; the next one starts
    // the search again and plays the move, once.
    first.release_ai_claims().await;
    drop(first);
    let restarted = master_host(&place, &clock, Duration::from_millis(200)).await;
    assert_eq!(until_moved(&restarted, &clock, id, before).await, before + 1);
    for _ in 0..5 {
        due(&restarted, &clock).await;
        due(&other, &clock).await;
    }
    assert_eq!(log(&restarted, id).await.len(), before + 1);
}
