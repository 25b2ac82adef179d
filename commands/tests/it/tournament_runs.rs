//! Tournaments end to end beyond the first two (issue 39): a `double` round robin with
//! draws (every pairing twice, the first move swapped; ½ each for a draw, and the
//! tie-breaks worked out by hand), and the scheduler's steps cut off at every point
//! where a killed process could stop (a round paired once, its games started once, the
//! results counted once after a restart).

use std::{future::Future, pin::Pin, sync::Arc, task::Poll};

use commands::{base::clock::ManualClock, GameId, Host, TournamentId};

use crate::{
    slowsupport::{due, notice_texts, ok_at, timed_host, DAY, HOUR, MINUTE, T0},
    support::{integers, Place},
    tournaments::{assert_lines, at, resign, status, terminal_host, wait},
};

/// The moves (mover's user id, move) of a line from game `id`'s position that ends in a
/// draw (a shared first place), found by random playouts on the stored game (its
/// options, setup and seed) — the same deal the host plays. Artifälschungen ends level
/// in about 7 % of random games (measured over 300), so 2,000 playouts find one.
async fn drawn_line(host: &Host, id: i64) -> Vec<(String, String)> {
    let row = host.db().game(GameId(id)).await.expect("read").expect("game");
    let players = host.db().players(GameId(id)).await.expect("players");
    let kind: rules::GameKind = row.kind.parse().expect("kind");
    let start = rules::open(kind, &row.options, players.len(), row.setup.clone(), Some(row.seed)).expect("open");
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15 ^ row.seed;
    for _ in 0..2_000 {
        let mut game = start.box_clone();
        let mut line = Vec::new();
        while !game.is_finished() {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mv = moves[(x % moves.len() as u64) as usize].clone();
            let mover = game.to_move()[0];
            game.play(&mv).expect("a legal move");
            line.push((players[mover].user_id.clone(), mv));
        }
        if game.ranking().is_some_and(|r| r.first().is_some_and(|first| first.len() == 2)) {
            return line;
        }
    }
    panic!("no drawn line found for game #{id}");
}

/// Plays game `id` to a draw through the host (each move by its mover).
async fn draw(host: &Host, id: i64) {
    for (who, mv) in drawn_line(host, id).await {
        ok_at(host, &at(&who), &format!("move #{id} {mv}")).await;
    }
}

/// The user id of the first mover of game `id` as started.
async fn first_mover(host: &Host, id: i64) -> String {
    let row = host.db().game(GameId(id)).await.expect("read").expect("game");
    let players = host.db().players(GameId(id)).await.expect("players");
    let kind: rules::GameKind = row.kind.parse().expect("kind");
    let start = rules::open(kind, &row.options, players.len(), row.setup.clone(), Some(row.seed)).expect("open");
    players[start.to_move()[0]].user_id.clone()
}

/// A double round robin of three in Artifälschungen. Berger tables for 3 (4 with a
/// dummy, FIDE C.05): round 1 alice the bye, bob – carol; round 2 carol the bye,
/// alice – bob; round 3 bob the bye, carol – alice; each pairing twice, the second game
/// with the first move swapped. Results: round 1 #1 bob – carol drawn, #2 carol – bob
/// bob resigns; round 2 #3 alice – bob drawn, #4 bob – alice alice resigns; round 3 #5
/// carol – alice alice resigns, #6 alice – carol drawn.
///
/// Points: carol ½ + 1 + 1 (bye) + 1 + ½ = 4; bob ½ + 0 + ½ + 1 + 1 (bye) = 3; alice
/// 1 (bye) + ½ + 0 + 0 + ½ = 2. Buchholz (each game's opponent, so each opponent
/// twice): carol 3 + 3 + 2 + 2 = 10, bob 4 + 4 + 2 + 2 = 12, alice 3 + 3 + 4 + 4 = 14;
/// cut 1 drops one lowest: 8, 10, 11. Sonneborn-Berger: carol ½·3 + 1·3 + 1·2 + ½·2 =
/// 7½, bob ½·4 + 0 + ½·2 + 1·2 = 5, alice ½·3 + 0 + 0 + ½·4 = 3½. Wins over the board:
/// carol 2, bob 1, alice 0.
#[tokio::test]
async fn a_double_round_robin_with_draws_runs_to_its_final_standings() {
    let (_place, clock, host) = terminal_host().await;
    ok_at(&host, &at("alice"), "tournament new artifakes roundrobin double time=1d").await;
    for who in ["bob", "carol"] {
        ok_at(&host, &at(who), "tournament join").await;
    }
    let started = ok_at(&host, &at("alice"), "tournament start").await;
    assert_lines(&started, &["Tournament #1, round 1 of 3:", "#1: bob – carol", "#2: carol – bob", "alice has the bye (1 point)."]);
    assert_eq!((first_mover(&host, 1).await, first_mover(&host, 2).await), ("bob".into(), "carol".into()), "the first move swapped");

    draw(&host, 1).await;
    let said = resign(&host, &clock, "bob", 2).await;
    assert_lines(&said, &[
        "Round 1 of tournament #1 is over.",
        // carol ½ + 1, alice the bye, bob ½: carol's Buchholz 2 × ½ = 1, cut 1 ½; SB ½·½ + 1·½ = ¾.
        "1. carol: 1½ (½, 1, ¾, 1)",
        "2. alice: 1 (0, 0, 0, 0)",
        "3. bob: ½ (1½, 3, ¾, 0)",
        "Tournament #1, round 2 of 3:",
        "#3: alice – bob",
        "#4: bob – alice",
        "carol has the bye (1 point).",
    ]);
    assert_eq!((first_mover(&host, 3).await, first_mover(&host, 4).await), ("alice".into(), "bob".into()));

    draw(&host, 3).await;
    let said = resign(&host, &clock, "alice", 4).await;
    assert_lines(&said, &["Tournament #1, round 3 of 3:", "#5: carol – alice", "#6: alice – carol", "bob has the bye (1 point)."]);
    assert_eq!((first_mover(&host, 5).await, first_mover(&host, 6).await), ("carol".into(), "alice".into()));

    resign(&host, &clock, "alice", 5).await;
    draw(&host, 6).await;
    let said = wait(&host, &clock, MINUTE).await;
    assert!(said.contains("Tournament #1 is over after 3 rounds."), "{said}");
    assert_lines(&said, &["1. carol: 4 (8, 10, 7½, 2)", "2. bob: 3 (10, 12, 5, 1)", "3. alice: 2 (11, 14, 3½, 0)"]);
    let results: Vec<(u32, u32, Option<String>)> =
        host.db().pairings(TournamentId(1)).await.expect("pairings").into_iter().filter(|p| p.game.is_some()).map(|p| (p.round, p.leg, p.result)).collect();
    let draws = results.iter().filter(|(_, _, r)| r.as_deref() == Some("1/2")).count();
    assert_eq!((results.len(), draws), (6, 3), "{results:?}");
    for id in 1..=6 {
        assert_eq!(status(&host, id).await, commands::store::Status::Finished);
    }
}

/// Polls `step` at most `polls` times, then drops it where it stands (as a killed
/// process stops): `None` when it was cut off.
struct CutOff<F: Future> {
    step: Pin<Box<F>>,
    polls: usize,
}

impl<F: Future> Future for CutOff<F> {
    type Output = Option<F::Output>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut std::task::Context<'_>) -> Poll<Self::Output> {
        if self.polls == 0 {
            return Poll::Ready(None);
        }
        self.polls -= 1;
        match self.step.as_mut().poll(cx) {
            Poll::Ready(out) => Poll::Ready(Some(out)),
            Poll::Pending => Poll::Pending,
        }
    }
}

/// Runs the scheduler's poll at the clock's time in a new host (a restarted process) cut
/// off after 1, 2, 3, … polls of its future, until one run completes; then a last new
/// host polls once more (the restart that finds what is left). All the texts posted.
pub(crate) async fn poll_with_kills(place: &Place, clock: &Arc<ManualClock>) -> (String, usize) {
    let mut said = Vec::new();
    let mut cuts = 0;
    for polls in 1.. {
        let host = timed_host(place, clock).await;
        let step = CutOff { step: Box::pin(async { due(&host, clock).await }), polls };
        match step.await {
            Some(notices) => {
                said.push(notice_texts(&notices));
                break;
            }
            None => cuts += 1,
        }
        drop(host);
    }
    let host = timed_host(place, clock).await;
    said.push(notice_texts(&due(&host, clock).await));
    (said.join("\n"), cuts)
}

/// A process killed anywhere in the scheduler's work — at any await point of the poll
/// that starts a tournament when sign-up ends, and of the poll that ends round 1 on
/// time and pairs round 2 — and restarted: each round is paired once, its games started
/// once, the time-outs stored once and the results counted once (a round robin of four:
/// round 1 #1 alice – dave, #2 bob – carol; both first movers run out of time).
#[tokio::test]
async fn a_killed_scheduler_pairs_and_counts_each_round_once_after_a_restart() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    {
        let host = timed_host(&place, &clock).await;
        ok_at(&host, &at("alice"), "tournament new carat roundrobin time=1d signup=1h").await;
        for who in ["bob", "carol", "dave"] {
            ok_at(&host, &at(who), "tournament join").await;
        }
    }
    clock.advance(HOUR);
    let (_said, cuts) = poll_with_kills(&place, &clock).await;
    assert!(cuts > 3, "the poll was cut at several points: {cuts}");
    let host = timed_host(&place, &clock).await;
    let db = host.db();
    let count = |sql: &'static str| async move { integers(db, sql, &[]).await[0].unwrap_or(-1) };
    assert_eq!(count("SELECT COUNT(*) FROM tournament_pairings").await, 2, "round 1 paired once");
    assert_eq!(count("SELECT COUNT(*) FROM games").await, 2, "its games started once");
    assert_eq!(count("SELECT round FROM tournaments").await, 1);

    clock.advance(DAY);
    let (_said, cuts) = poll_with_kills(&place, &clock).await;
    assert!(cuts > 3, "{cuts}");
    assert_eq!(count("SELECT COUNT(*) FROM tournament_pairings").await, 4, "round 2 paired once");
    assert_eq!(count("SELECT COUNT(*) FROM games").await, 4, "its games started once");
    assert_eq!(count("SELECT round FROM tournaments").await, 2);
    assert_eq!(count("SELECT COUNT(*) FROM log WHERE text LIKE '@timeout%'").await, 2, "each time-out stored once");
    let pairings = host.db().pairings(TournamentId(1)).await.expect("pairings");
    let round1: Vec<Option<&str>> = pairings.iter().filter(|p| p.round == 1).map(|p| p.result.as_deref()).collect();
    assert_eq!(round1, vec![Some("0-1"), Some("0-1")], "white moved first and lost on time, counted once");
    // The standings count each result once: carol and dave 1 point each.
    let shown = ok_at(&host, &at("alice"), "tournament").await;
    assert_lines(&shown, &["1. carol: 1 (0, 0, 0, 1)", "1. dave: 1 (0, 0, 0, 1)", "3. alice: 0 (0, 1, 0, 0)", "3. bob: 0 (0, 1, 0, 0)"]);
    let _ = DAY;
}
