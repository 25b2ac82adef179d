//! Ratings (issue 10): after a finished game the winner's rating rises and the loser's
//! falls, both are stored (per channel and game); aborted games do not count.

use std::sync::Arc;

use commands::{clock::ManualClock, ratings::ratings_of};

use crate::{
    slowsupport::{no, ok, timed_host, T0},
    support::{started, Place},
};

#[tokio::test]
async fn a_finished_game_moves_the_ratings_the_right_way_and_stores_them() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    assert!(no(&host, "alice", "c", "leaderboard carat").await.contains("Nobody has a rating in Carat"));
    started(&host, "c", 31).await;
    ok(&host, "bob", "c", "resign").await;

    let alice = ratings_of(host.db(), "test", "c", "alice").await.expect("read");
    let bob = ratings_of(host.db(), "test", "c", "bob").await.expect("read");
    assert_eq!((alice.len(), bob.len()), (1, 1));
    assert_eq!((alice[0].kind.as_str(), alice[0].games, bob[0].games), ("carat", 1, 1));
    assert!(alice[0].rating > 25.0, "the winner gains: {alice:?}");
    assert!(bob[0].rating < 25.0, "the loser loses: {bob:?}");
    assert!(alice[0].uncertainty < 25.0 / 3.0);
    // Only in this channel.
    assert!(ratings_of(host.db(), "test", "other", "alice").await.expect("read").is_empty());

    let board = ok(&host, "carol", "c", "leaderboard carat").await;
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines[0], "The best players of Carat here:");
    assert!(lines[1].starts_with("1. alice: ") && lines[1].ends_with("(1 game)"), "{board}");
    assert!(lines[2].starts_with("2. bob: "), "{board}");
    let stats = ok(&host, "carol", "c", "stats @Bob").await;
    assert!(stats.starts_with("The ratings of bob here:\nCarat: "), "{stats}");

    // A second win for alice in the same channel: still rising, two games each.
    let id = started(&host, "c", 32).await;
    ok(&host, "bob", "c", &format!("resign #{id}")).await;
    let again = ratings_of(host.db(), "test", "c", "alice").await.expect("read");
    assert_eq!(again[0].games, 2);
    assert!(again[0].rating > alice[0].rating);

    // An aborted game changes nothing.
    let id = started(&host, "c", 33).await;
    ok(&host, "alice", "c", &format!("abort #{id}")).await;
    assert_eq!(ratings_of(host.db(), "test", "c", "alice").await.expect("read"), again);
}
