//! The `master` AI level (issue 42; docs "AI players"): it is named in mentions and in
//! `level=`; its turn is searched in the background for the host's CPU budget, so a
//! command meanwhile is answered at once; two master turns are searched one after the
//! other in the order they came; a search cut short by a stop starts again in the next
//! process; a search keeps its turn's claim for as long as it is queued or thinking, and
//! the claim of a process that died runs out after the lease.

use std::{sync::Arc, time::Duration};

use commands::{
    base::clock::{Clock, ManualClock},
    store::Db,
    table::master::{Standing, Turn},
    GameId, Host, HostOptions, Lang, Origin,
};

use crate::{
    slowsupport::{due, log, ok_at, T0},
    support::{integers, origin, Place},
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
/// new length. Panics after two minutes ([`real_wait`]s, so also while tokio's clock is
/// paused).
async fn until_moved(host: &Host, clock: &ManualClock, id: GameId, before: usize) -> usize {
    for _ in 0..6_000 {
        due(host, clock).await;
        let now = log(host, id).await.len();
        if now > before {
            return now;
        }
        real_wait(Duration::from_millis(20)).await;
    }
    panic!("the master seat of game #{id} never moved")
}

/// The turn game `id` stands at, as its claim names it (game, move number, take-backs).
async fn turn_of(host: &Host, id: GameId) -> Turn {
    let row = host.db().game(id).await.expect("read").expect("game");
    (id, row.seq, row.takebacks)
}

/// Whether alice is to move in game `id` (the master seat has moved).
async fn alice_to_move(host: &Host, id: GameId) -> bool {
    let row = host.db().game(id).await.expect("read").expect("game");
    let players = host.db().players(id).await.expect("players");
    row.to_move.iter().all(|&s| players[s].user_id == "alice")
}

/// Whether `host` has left `turn` alone: it has not claimed it (a claim is noted in its
/// list of turns it thinks about) and no search of it is queued, running or done.
fn left_alone(host: &Host, turn: Turn) -> bool {
    let noted = host.thinking.lock().expect("not poisoned").contains(&turn);
    !noted && host.masters.take(turn) == Standing::Absent
}

/// Tokio's clock paused for a stretch of a test: it moves only by [`time_passes`]. (A
/// paused runtime lets its clock jump to its next timer whenever it is idle and no
/// blocking task runs; that timer may be the database pool's acquire timeout, which then
/// fires at once and fails a query. A blocking task held for the stretch stops the jumps.)
struct PausedTime {
    release: std::sync::mpsc::Sender<()>,
    held: tokio::task::JoinHandle<()>,
}

impl PausedTime {
    fn begin() -> PausedTime {
        tokio::time::pause();
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let held = tokio::task::spawn_blocking(move || {
            // Released by `end`, or by the sender dropped when the test fails.
            let _ = wait.recv();
        });
        PausedTime { release, held }
    }

    async fn end(self) {
        self.release.send(()).expect("the held task waits");
        self.held.await.expect("the held task ends");
        tokio::time::resume();
    }
}

/// Waits `time` of real time on a blocking thread, not on a tokio timer, so it waits as
/// long while tokio's clock is paused ([`PausedTime`]).
async fn real_wait(time: Duration) {
    tokio::task::spawn_blocking(move || std::thread::sleep(time)).await.expect("a wait");
}

/// `ms` pass for the hosts: on the manual clock (what claims are stamped with and judged
/// by) and on tokio's clock, paused ([`PausedTime`]), whose timer renews the claims of a
/// process's master searches every 20 s (`commands::table::master`).
async fn time_passes(clock: &ManualClock, ms: u64) {
    clock.advance(i64::try_from(ms).expect("a short time"));
    tokio::time::advance(Duration::from_millis(ms)).await;
}

/// Waits (in real time, up to ten seconds) until `host` has renewed the claims of
/// `turns` within the last 20 s of the manual clock, as its master worker does every
/// 20 s; panics if it never does. A renewal that time's passing set off runs on the
/// database in real time while tokio's clock stands still, so the test lets it land
/// before anyone looks at the claim and before the clock moves again: a statement still
/// waiting for a connection when tokio's clock jumps past the pool's acquire timeout
/// (3 s on PostgreSQL) would fail, and the claim with it.
async fn renewed(host: &Host, clock: &ManualClock, turns: &[Turn]) {
    let give_up = std::time::Instant::now() + Duration::from_secs(10);
    while std::time::Instant::now() < give_up {
        let oldest_fresh = clock.now_ms() - 20_000;
        let mut fresh = true;
        for &(game, seq, takebacks) in turns {
            let stamps = integers(
                host.db(),
                "SELECT claimed_at FROM ai_claims WHERE game_id = $1 AND seq = $2 AND takebacks = $3",
                &[game.0, i64::try_from(seq).expect("a move number"), takebacks],
            )
            .await;
            fresh &= stamps.first().copied().flatten().is_some_and(|at| at > oldest_fresh);
        }
        if fresh {
            return;
        }
        real_wait(Duration::from_millis(5)).await;
    }
    panic!("the claims of {turns:?} were not renewed at {} ms", clock.now_ms())
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
    // Seed 41: the AI seat opens on the empty board, where many placements are about as
    // good, so its search does not settle within the moments the test needs it thinking.
    let id = master_to_move(&host, "new carat @bot:master seed=41").await;
    let before = log(&host, id).await.len();
    assert_eq!(before, 0, "the AI seat opens on the empty board");
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
    assert!(alice_to_move(&host, id).await);
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
    assert_eq!(before, 0, "the AI seat opens on the empty board");
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

/// A search that thinks for longer than the claims' lease (a minute) keeps its turn:
/// its process renews the claim every 20 s, so another process polling all the while
/// leaves the turn alone, and the first plays the move, once.
#[tokio::test]
async fn a_master_search_longer_than_the_lease_keeps_its_claim() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let first = master_host(&place, &clock, Duration::from_secs(3)).await;
    let other = master_host(&place, &clock, Duration::from_millis(200)).await;
    // The AI seat opens on the empty board: its search does not settle early (seed 41).
    let id = master_to_move(&first, "new carat @bot:master seed=41").await;
    let turn = turn_of(&first, id).await;
    let before = log(&first, id).await.len();
    assert_eq!(before, 0, "the AI seat opens on the empty board");
    // Claimed at T0 and queued.
    assert!(due(&first, &clock).await.is_empty());
    // From here tokio's clock moves only with the manual one (the search's CPU time is
    // real: three seconds, far more than what follows takes).
    let paused = PausedTime::begin();
    // 75 s pass in steps of 15 s; the claim made at T0 would have run out at T0 + 60 s.
    for step in 1..=5 {
        time_passes(&clock, 15_000).await;
        renewed(&first, &clock, &[turn]).await;
        assert!(due(&other, &clock).await.is_empty(), "step {step}");
        assert!(left_alone(&other, turn), "the other process took the turn at T0 + {} s", step * 15);
        assert_eq!(log(&other, id).await.len(), before);
    }
    assert_eq!(clock.now_ms(), T0 + 75_000);
    assert_eq!(first.masters.take(turn), Standing::Thinking, "the search was over before the lease");
    paused.end().await;
    // The first process plays the move, once; the other never thinks about it.
    assert_eq!(until_moved(&first, &clock, id, before).await, before + 1);
    for _ in 0..5 {
        due(&other, &clock).await;
        due(&first, &clock).await;
    }
    assert_eq!(log(&other, id).await.len(), before + 1);
    assert!(alice_to_move(&other, id).await);
    assert!(left_alone(&other, turn));
}

/// Master turns queued behind one another keep their claims however short each search:
/// the renewal every 20 s does not start over with each search. Five turns claimed at
/// T0, each search a second of CPU time while 15 s pass: the fifth begins at T0 + 60 s,
/// when its claim would have run out, and another process still leaves it alone. (A
/// search must outlast the test's playing of the move before it, about 0.1 to 0.5 s on
/// a loaded machine: a search over before its 15 s pass renews nothing, as none runs.)
#[tokio::test]
async fn queued_master_turns_keep_their_claims_behind_short_searches() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let first = master_host(&place, &clock, Duration::from_secs(1)).await;
    let other = master_host(&place, &clock, Duration::from_millis(200)).await;
    let mut games = Vec::new();
    for seed in 71..76 {
        let id = master_to_move(&first, &format!("new carat @bot:master seed={seed}")).await;
        games.push((id, turn_of(&first, id).await, log(&first, id).await.len()));
    }
    // One poll claims all five at T0 and queues their searches.
    assert!(due(&first, &clock).await.is_empty());
    let paused = PausedTime::begin();
    for (k, &(id, _, before)) in games.iter().enumerate() {
        // The first process plays the k-th move (the next search has begun) ...
        assert_eq!(until_moved(&first, &clock, id, before).await, before + 1);
        if k + 1 == games.len() {
            break;
        }
        // ... and 15 s pass while the next one thinks: the other process leaves every
        // turn still queued alone.
        time_passes(&clock, 15_000).await;
        let waiting: Vec<Turn> = games[k + 1..].iter().map(|&(_, turn, _)| turn).collect();
        renewed(&first, &clock, &waiting).await;
        for &(id, turn, before) in &games[k + 1..] {
            assert!(due(&other, &clock).await.is_empty());
            assert!(left_alone(&other, turn), "the other process took game #{id} at T0 + {} s", (k + 1) * 15);
            assert_eq!(log(&other, id).await.len(), before);
        }
    }
    assert_eq!(clock.now_ms(), T0 + 60_000);
    paused.end().await;
    for _ in 0..5 {
        due(&other, &clock).await;
        due(&first, &clock).await;
    }
    for &(id, turn, before) in &games {
        assert_eq!(log(&other, id).await.len(), before + 1, "game #{id}");
        assert!(alice_to_move(&other, id).await);
        assert!(left_alone(&other, turn));
    }
}

/// A process that claims a master turn, starts the search and dies (a runtime of its
/// own, shut down mid-search: its tasks are dropped, nothing is given back or renewed).
/// Returns the game, its turn and its log's length.
fn a_process_dies_thinking(place: &Place, clock: &Arc<ManualClock>) -> (GameId, Turn, usize) {
    std::thread::scope(|scope| {
        scope
            .spawn(|| {
                let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
                let found = runtime.block_on(async {
                    let dying = master_host(place, clock, Duration::from_millis(600)).await;
                    let id = master_to_move(&dying, "new carat @bot:master seed=61").await;
                    let turn = turn_of(&dying, id).await;
                    let before = log(&dying, id).await.len();
                    assert!(due(&dying, clock).await.is_empty());
                    assert_eq!(dying.masters.take(turn), Standing::Thinking);
                    // The worker begins the search.
                    tokio::task::yield_now().await;
                    (id, turn, before)
                });
                runtime.shutdown_background();
                found
            })
            .join()
            .expect("the dying process")
    })
}

/// The claim of a process that died mid-search runs out a minute after it was made:
/// until then another process leaves the turn alone, from then on it claims it,
/// searches and plays the move, once.
#[tokio::test]
async fn the_master_claim_of_a_process_that_died_runs_out_after_the_lease() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let (id, turn, before) = a_process_dies_thinking(&place, &clock);
    let other = master_host(&place, &clock, Duration::from_millis(200)).await;
    assert!(due(&other, &clock).await.is_empty());
    assert!(left_alone(&other, turn));
    clock.advance(59_999);
    assert!(due(&other, &clock).await.is_empty());
    assert!(left_alone(&other, turn), "taken before the lease ran out");
    assert_eq!(log(&other, id).await.len(), before);
    // A minute after the claim: this process claims the turn and queues its search ...
    clock.advance(1);
    assert!(due(&other, &clock).await.is_empty());
    assert_eq!(other.masters.take(turn), Standing::Thinking);
    // ... and plays the move, once.
    assert_eq!(until_moved(&other, &clock, id, before).await, before + 1);
    for _ in 0..5 {
        due(&other, &clock).await;
    }
    assert_eq!(log(&other, id).await.len(), before + 1);
    assert!(alice_to_move(&other, id).await);
    assert!(left_alone(&other, turn));
}
