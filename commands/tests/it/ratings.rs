//! Ratings: after a finished game the winner's rating rises and the loser's
//! falls, both are stored (per scope and game: the server when the platform names one,
//! else the channel); aborted games do not count.

use std::sync::Arc;

use commands::{base::clock::ManualClock, store::ratings::ratings_of};

use crate::{
    slowsupport::{no, no_at, ok, ok_at, timed_host, T0},
    support::{on_server, origin, started, started_where, Place},
};

#[tokio::test]
async fn a_finished_game_moves_the_ratings_the_right_way_and_stores_them() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    assert!(no(&host, "alice", "c", "leaderboard carat").await.contains("Nobody has a rating in Carat"));
    assert_eq!(
        no(&host, "alice", "c", "leaderboard hathor").await,
        "Hathor is played alone, so it has no ratings: in a channel with a challenge, `leaderboard` shows its points."
    );
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

/// Issue 10: ratings per server. Games in two channels of one server (say a Discord
/// guild, where a game may also live in a thread of its own) count in one list, read
/// from any channel of that server; a game on another server stays out of it. The
/// ratings are Weng-Lin's (beta 25/6, start 25 ± 25/3), worked out independently:
/// equals, one win: 27.635/22.365 ± 8.066; the same pair again: 29.656/20.344 ± 7.822.
#[tokio::test]
async fn games_in_different_channels_of_a_server_share_one_rating_list() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let g1 = |channel: &'static str| move |user: &str| on_server(user, channel, "g1");
    let none_yet = no_at(&host, &on_server("carol", "C", "g1"), "leaderboard carat").await;
    assert_eq!(none_yet, "Nobody has a rating in Carat on this server yet: finish a game first.");

    // Alice wins once in channel A and once in channel B of server g1.
    let a = started_where(&host, g1("A"), 51).await;
    ok_at(&host, &on_server("bob", "A", "g1"), "resign").await;
    let b = started_where(&host, g1("B"), 52).await;
    ok_at(&host, &on_server("bob", "B", "g1"), "resign").await;
    // Bob wins once on server g2.
    started_where(&host, |user| on_server(user, "X", "g2"), 53).await;
    ok_at(&host, &on_server("alice", "X", "g2"), "resign").await;

    for id in [a, b] {
        let row = host.db().game(id).await.expect("read").expect("game");
        assert_eq!((row.server.as_deref(), row.scope()), (Some("g1"), "g1"), "game #{id} knows its server");
    }
    let board = ok_at(&host, &on_server("carol", "C", "g1"), "leaderboard carat").await;
    assert_eq!(board, "The best players of Carat here:\n1. alice: 29.7 (2 games)\n2. bob: 20.3 (2 games)");
    let stats = ok_at(&host, &on_server("carol", "A", "g1"), "stats @bob").await;
    assert_eq!(stats, "The ratings of bob here:\nCarat: 20.3 ± 7.8 after 2 games");
    let other = ok_at(&host, &on_server("carol", "A", "g2"), "leaderboard carat").await;
    assert_eq!(other, "The best players of Carat here:\n1. bob: 27.6 (1 game)\n2. alice: 22.4 (1 game)");

    // Stored under the server, not the channels.
    assert_eq!(ratings_of(host.db(), "test", "g1", "alice").await.expect("read")[0].games, 2);
    assert!(ratings_of(host.db(), "test", "A", "alice").await.expect("read").is_empty());
    // A rematch stays on the server.
    host.handle(&on_server("alice", "A", "g1"), "rematch").await;
    let again = host.handle(&on_server("bob", "A", "g1"), "rematch").await;
    let rematch = again.iter().find_map(|r| r.game).expect("the rematch's game").id;
    assert_ne!(rematch, a);
    assert_eq!(host.db().game(rematch).await.expect("read").expect("game").server.as_deref(), Some("g1"));
    // A channel named like one of g1's but without a server (a Matrix room, the
    // terminal) is a scope of its own.
    assert!(no_at(&host, &origin("carol", "A"), "leaderboard carat").await.starts_with("Nobody has a rating in Carat here yet"));
    assert_eq!(no_at(&host, &origin("carol", "A"), "stats").await, "@carol has no rating here yet.");
}

/// `stats @x` for someone without a rating names them by a mention (Discord shows
/// `<@id>` as their name) with the best name known: the name they played under on this
/// platform (here: Dora, on another server), else the id; without an argument, the
/// requester. Worded for a server, in English and German.
#[tokio::test]
async fn stats_without_a_rating_mention_the_player_by_the_best_name_known() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let discord = |user: commands::User, server: &str| commands::Origin {
        platform: "discord".into(),
        server: Some(server.into()),
        user,
        ..origin("x", "C")
    };
    let dora = commands::User::new("100000000000000003", "Dora");
    started_where(
        &host,
        |user| if user == "bob" { discord(dora.clone(), "g2") } else { discord(commands::User::new(user, user), "g2") },
        54,
    )
    .await;
    let carol = discord(commands::User::new("100000000000000001", "carol"), "g1");
    let asked = host.handle(&carol, "stats <@100000000000000003>").await;
    assert_eq!(asked.len(), 1);
    assert!(asked[0].refusal);
    assert_eq!(asked[0].text.plain(), "@Dora has no rating on this server yet.");
    assert_eq!(asked[0].text.mentions(), vec![&dora]);
    let unknown = no_at(&host, &carol, "stats <@!100000000000000009>").await;
    assert_eq!(unknown, "@100000000000000009 has no rating on this server yet.");
    let own = host.handle(&carol, "stats").await;
    assert_eq!(own[0].text.plain(), "@carol has no rating on this server yet.");
    assert_eq!(own[0].text.mentions()[0].id, "100000000000000001");
    let german = commands::Origin { lang: Some(commands::Lang::De), ..carol };
    assert_eq!(no_at(&host, &german, "statistik <@100000000000000003>").await, "@Dora hat auf diesem Server noch keine Wertung.");
}

/// Issue 38: the last move and the rating were two transactions, and nothing rated a
/// finished game later, so a process killed between them left the game out of the
/// ratings for good. Now the scheduler's sweep rates it after a restart, exactly once
/// even when two restarted processes sweep at the same moment (Weng-Lin, equals, one win:
/// 27.635/22.365 ± 8.066, as above); an aborted game is marked and never rated.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_finished_game_left_unrated_by_a_crash_is_rated_after_the_restart_once() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    started(&host, "c", 31).await;
    ok(&host, "bob", "c", "resign").await;
    let aborted = started(&host, "c", 32).await;
    ok(&host, "alice", "c", &format!("abort #{aborted}")).await;
    // What a kill between the move's transaction and the rating's left behind.
    crate::support::execute(host.db(), "DELETE FROM ratings", &[]).await;
    crate::support::execute(host.db(), "DELETE FROM rated_games", &[]).await;
    drop(host);

    let (first, second) = (timed_host(&place, &clock).await, timed_host(&place, &clock).await);
    let now = first.now();
    tokio::join!(first.due_notices(now), second.due_notices(now));
    let alice = ratings_of(first.db(), "test", "c", "alice").await.expect("read");
    let bob = ratings_of(first.db(), "test", "c", "bob").await.expect("read");
    assert_eq!((alice.len(), bob.len()), (1, 1), "{alice:?} {bob:?}");
    assert_eq!((alice[0].games, bob[0].games), (1, 1), "rated once");
    assert!((alice[0].rating - 27.635).abs() < 0.001 && (bob[0].rating - 22.365).abs() < 0.001, "{alice:?} {bob:?}");
    assert!((alice[0].uncertainty - 8.066).abs() < 0.001, "{alice:?}");
    let marked = crate::support::execute(first.db(), "UPDATE rated_games SET at = at", &[]).await;
    assert_eq!(marked, 2, "both finished games are marked: the won one rated, the aborted one not");

    // Sweeps later, in either process, change nothing.
    clock.advance(commands::scheduler::RATING_SWEEP_MS + 1);
    let now = first.now();
    tokio::join!(first.due_notices(now), second.due_notices(now));
    assert_eq!(ratings_of(first.db(), "test", "c", "alice").await.expect("read"), alice);
}
