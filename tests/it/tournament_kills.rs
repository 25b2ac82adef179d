//! A tournament run by the real `spieltisch` binary that is killed with SIGKILL again
//! and again (issue 39: "the two-process and kill -9 tests of the store apply to
//! tournaments too"): each round is paired once, each game started once, each result
//! counted once, and the final standings are those worked out by hand.
//!
//! The binary is `spieltisch local` on one SQLite file (the terminal polls the scheduler
//! at its start and after every line, so the process that pairs a round is the one a
//! line woke or the next one to start). Every step of the script runs in processes that
//! are killed (`Child::kill`, SIGKILL on Unix: no shutdown code runs) at random moments,
//! some before they start, some while the scheduler stores a round, until the database
//! shows that the step's command went through; processes given no line at all are
//! killed in between, at random moments of their start-up poll, which finishes the work
//! the last killed process left. The round-ending resignations are also killed the
//! moment the resignation is printed: the last game of the round has ended, its round
//! is not counted yet.

use std::{
    hash::{BuildHasher, Hasher},
    io::{Read, Write},
    process::{Child, Command, Stdio},
    sync::mpsc,
    time::{Duration, Instant},
};

use commands::{
    base::ids::{GameId, TournamentId},
    store::{tournaments::Stage, Db, Status},
};

use crate::support::Place;

const HOUR: i64 = 3_600_000;
const DAY: i64 = 24 * HOUR;

/// A number from the system's hash seeds (random per call): a kill's moment.
fn random_below(n: u64) -> u64 {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(n);
    hasher.finish() % n.max(1)
}

/// Where the runs keep their boards (`place`) and games (`db`: a SQLite file in `place`,
/// or a PostgreSQL database).
struct Where<'a> {
    place: &'a Place,
    db: String,
}

/// One `spieltisch local` on `at`'s database as alice, with `script` on its standard
/// input (then closed), its standard output read by a thread.
struct Local {
    child: Child,
    output: mpsc::Receiver<String>,
    seen: String,
}

impl Local {
    fn start(at: &Where<'_>, script: &str) -> Local {
        let mut child = Command::new(crate::support::binary())
            .args(["local", "--db", &at.db, "--boards", &at.place.boards().display().to_string(), "--as", "alice"])
            .current_dir(at.place.path())
            .env_remove("RUST_LOG")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start spieltisch local");
        // The whole script is in the pipe at once (a process killed before reading it
        // reads nothing).
        let mut input = child.stdin.take().expect("stdin");
        let _ = input.write_all(script.as_bytes());
        drop(input);
        let mut stdout = child.stdout.take().expect("stdout");
        let (send, output) = mpsc::channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 || send.send(String::from_utf8_lossy(&buf[..n]).into_owned()).is_err() {
                    break;
                }
            }
        });
        Local { child, output, seen: String::new() }
    }

    /// Waits at most `limit` for `what` in the output; `true` when it came.
    fn wait_for(&mut self, what: &str, limit: Duration) -> bool {
        let until = Instant::now() + limit;
        while !self.seen.contains(what) {
            match self.output.recv_timeout(until.saturating_duration_since(Instant::now())) {
                Ok(text) => self.seen.push_str(&text),
                Err(_) => return false,
            }
        }
        true
    }

    /// SIGKILL; `true` when the process was still running (the kill cut it off).
    fn kill(mut self) -> (bool, String) {
        let running = self.child.try_wait().expect("try_wait").is_none();
        let _ = self.child.kill();
        let _ = self.child.wait();
        (running, self.rest())
    }

    /// Waits (at most a minute) for the process to end by itself; its exit code.
    fn finish(mut self) -> (Option<i32>, String) {
        let until = Instant::now() + Duration::from_secs(60);
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                break status;
            }
            assert!(Instant::now() < until, "spieltisch local did not end within a minute:\n{}", self.rest());
            std::thread::sleep(Duration::from_millis(10));
        };
        (status.code(), self.rest())
    }

    /// All output (what the reading thread still has, up to the end of the pipe).
    fn rest(&mut self) -> String {
        while let Ok(text) = self.output.recv_timeout(Duration::from_secs(5)) {
            self.seen.push_str(&text);
        }
        std::mem::take(&mut self.seen)
    }
}

/// What a step of the script does.
#[derive(Clone, Copy)]
enum Action {
    /// `wait` (the script's line); done when the terminal's clock stands this far ahead.
    Wait(&'static str, i64),
    /// `who` resigns the game of `round`'s `board` (leg 0); done when it has ended.
    Resign { who: &'static str, round: u32, board: u32 },
}

struct Step {
    action: Action,
    /// The game ending here is the last of its round (counted next).
    ends_round: bool,
}

/// What the database says now: the clock's offset, the tournament's round and stage,
/// and whether `game` has ended.
fn state(rt: &tokio::runtime::Runtime, db: &Db, game: Option<i64>) -> (i64, u32, Stage, bool) {
    rt.block_on(async {
        let offset = db.terminal_offset().await.expect("the offset");
        let t = db.tournament(TournamentId(1)).await.expect("read").expect("tournament #1");
        let ended = match game {
            Some(id) => db.game(GameId(id)).await.expect("read").is_some_and(|g| g.status != Status::Running),
            None => false,
        };
        (offset, t.round, t.stage, ended)
    })
}

/// The number of the game of `round`'s `board`, once that round is paired. Read, not
/// assumed: on PostgreSQL a pairing killed before its commit has used up its games'
/// numbers (a sequence is not rolled back), so the next round's games skip them.
fn game_at(rt: &tokio::runtime::Runtime, db: &Db, round: u32, board: u32) -> Option<i64> {
    let pairings = rt.block_on(db.pairings(TournamentId(1))).expect("pairings");
    pairings.into_iter().find(|p| (p.round, p.board, p.leg) == (round, board, 0)).and_then(|p| p.game).map(|g| g.0)
}

/// What a process for `action` types: the resignation of the game once its round is
/// paired, nothing before (the process's start-up poll pairs it).
fn script(rt: &tokio::runtime::Runtime, db: &Db, action: Action) -> String {
    match action {
        Action::Wait(line, _) => line.to_string(),
        Action::Resign { who, round, board } => game_at(rt, db, round, board).map_or_else(String::new, |id| format!("as {who}\nresign #{id}\n")),
    }
}

fn is_done(rt: &tokio::runtime::Runtime, db: &Db, action: Action) -> bool {
    match action {
        Action::Wait(_, ms) => state(rt, db, None).0 >= ms,
        Action::Resign { round, board, .. } => game_at(rt, db, round, board).is_some_and(|id| state(rt, db, Some(id)).3),
    }
}

/// All games in the store, by number (a game started twice would be one more).
fn all_games(rt: &tokio::runtime::Runtime, db: &Db) -> Vec<i64> {
    use commands::store::backend::Exec;
    const SQL: &str = "SELECT id FROM games ORDER BY id";
    rt.block_on(async {
        match db.exec() {
            Exec::SqlitePool(pool) => sqlx::query_scalar::<_, i64>(SQL).fetch_all(pool).await,
            Exec::PgPool(pool) => sqlx::query_scalar::<_, i64>(SQL).fetch_all(pool).await,
            _ => unreachable!("an opened database reads through its pool"),
        }
    })
    .expect("the games")
}

/// A round robin of four in Carat (Berger tables, FIDE C.05: round 1 1–4, 2–3; round 2
/// 4–3, 1–2; round 3 2–4, 3–1; starting ranks alice 1, bob 2, carol 3, dave 4), every
/// step cut off by SIGKILL again and again. The results, chosen by the script:
///
/// * round 1: #1 alice – dave, dave resigns (1–0); #2 bob – carol, bob resigns (0–1);
/// * round 2: #3 dave – carol, carol resigns (1–0); #4 alice – bob, a day passes and
///   alice, to move, loses on time (0–1);
/// * round 3: #5 bob – dave, bob resigns (0–1); #6 carol – alice, alice resigns (1–0).
///
/// (The games' numbers as on SQLite; the script finds each game by its round and board,
/// since on PostgreSQL a pairing killed before its commit leaves a gap in the numbers.)
///
/// Points: alice 1 (beat dave), bob 1 (beat alice), carol 2 (beat bob and alice), dave 2
/// (beat carol and bob). Buchholz: alice dave 2 + bob 1 + carol 2 = 5, cut 1: 4; bob
/// carol 2 + alice 1 + dave 2 = 5, cut 4; carol bob 1 + dave 2 + alice 1 = 4, cut 3;
/// dave alice 1 + carol 2 + bob 1 = 4, cut 3. Sonneborn-Berger (points of the beaten):
/// alice 2 (dave), bob 1 (alice), carol 1 + 1 = 2, dave 2 + 1 = 3. So dave (SB 3) before
/// carol (SB 2) on 2 points, alice (SB 2) before bob (SB 1) on 1.
#[test]
fn a_tournament_killed_again_and_again_pairs_starts_and_counts_each_round_once() {
    let place = Place::new();
    let db = place.db_url();
    killed_again_and_again(&Where { place: &place, db });
}

/// The same on PostgreSQL (a new database on the server of `SPIELTISCH_TEST_POSTGRES`,
/// made by the first run).
#[test]
#[ignore = "PostgreSQL only: runs in the PostgreSQL pass of scripts/test.sh (SPIELTISCH_TEST_POSTGRES)"]
fn on_postgres_a_tournament_killed_again_and_again_pairs_starts_and_counts_each_round_once() {
    let server = std::env::var("SPIELTISCH_TEST_POSTGRES").ok().map(|url| url.trim().trim_end_matches('/').to_string()).filter(|url| !url.is_empty());
    let server = server.expect("this test needs a PostgreSQL: set SPIELTISCH_TEST_POSTGRES (scripts/postgres.sh start prints it)");
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let place = Place::new();
    killed_again_and_again(&Where { place: &place, db: format!("{server}/kills{}_{nanos}", std::process::id()) });
}

/// The body of the two tests above, on `at`'s database.
fn killed_again_and_again(at: &Where<'_>) {
    let (code, setup) = Local::start(at, "tournament new carat roundrobin time=1d signup=1h\nas bob\ntournament join\nas carol\ntournament join\nas dave\ntournament join\n").finish();
    assert_eq!(code, Some(0), "{setup}");
    assert!(setup.contains("(4 players signed up)"), "{setup}");
    let rt = tokio::runtime::Runtime::new().expect("a runtime");
    let db = rt.block_on(Db::open(&at.db)).expect("open the database");

    let steps = [
        Step { action: Action::Wait("wait 1h\n", HOUR), ends_round: false },
        Step { action: Action::Resign { who: "dave", round: 1, board: 1 }, ends_round: false },
        Step { action: Action::Resign { who: "bob", round: 1, board: 2 }, ends_round: true },
        Step { action: Action::Resign { who: "carol", round: 2, board: 1 }, ends_round: false },
        Step { action: Action::Wait("wait 1d\n", HOUR + DAY), ends_round: false },
        Step { action: Action::Resign { who: "bob", round: 3, board: 1 }, ends_round: false },
        Step { action: Action::Resign { who: "alice", round: 3, board: 2 }, ends_round: true },
    ];
    // How long a process lives that has nothing to do (start, migrations checked, a
    // poll, the end of the input): the idle processes are killed within that, a step's
    // within twice that.
    let started = Instant::now();
    let (code, mut said) = Local::start(at, "").finish();
    assert_eq!(code, Some(0), "{said}");
    let life = u64::try_from(started.elapsed().as_millis()).unwrap_or(100).max(10);
    let (mut kills, mut between) = (0, 0);
    for step in &steps {
        // Processes with nothing to do but their start-up poll (which finishes what a
        // killed one left: a round to count and pair, a time-out), killed at random.
        // Until two were cut off while running (at most ten tries).
        let mut cuts = 0;
        for _ in 0..10 {
            let local = Local::start(at, "");
            std::thread::sleep(Duration::from_millis(random_below(life)));
            let (cut, out) = local.kill();
            cuts += usize::from(cut);
            said.push_str(&out);
            if cuts == 2 {
                break;
            }
        }
        kills += cuts;
        // The last game of a round ends: killed the moment the resignation is printed,
        // before the round is counted and the next one paired.
        if step.ends_round {
            let (round, stage) = {
                let (_, round, stage, _) = state(&rt, &db, None);
                (round, stage)
            };
            let Action::Resign { round: game_round, board, .. } = step.action else { unreachable!("a round ends with a resignation here") };
            let game = game_at(&rt, &db, game_round, board).expect("the round is paired (its other game has ended)");
            let mut local = Local::start(at, &script(&rt, &db, step.action));
            let printed = local.wait_for(&format!("resigns game #{game}."), Duration::from_secs(30));
            let (cut, out) = local.kill();
            assert!(printed, "the resignation of game #{game} was printed:\n{out}");
            kills += usize::from(cut);
            said.push_str(&out);
            let (_, round_now, stage_now, ended) = state(&rt, &db, Some(game));
            assert!(ended, "the resignation is stored before it is printed");
            between += usize::from(round_now == round && stage_now == stage);
        }
        // Random moments, until the step's command is stored; after six kills it runs
        // to its end.
        let mut attempts = 0;
        while !is_done(&rt, &db, step.action) {
            // Each process after the sixth runs to its end: a step still not done after
            // a few of those never will be (it would loop for ever).
            assert!(attempts < 12, "step {:?} not done after {attempts} processes:\n{said}", script(&rt, &db, step.action));
            let local = Local::start(at, &script(&rt, &db, step.action));
            if attempts < 6 {
                std::thread::sleep(Duration::from_millis(random_below(2 * life)));
                let (cut, out) = local.kill();
                kills += usize::from(cut);
                said.push_str(&out);
            } else {
                let (code, out) = local.finish();
                assert_eq!(code, Some(0), "{out}");
                said.push_str(&out);
            }
            attempts += 1;
        }
    }
    // A last process, not killed: its start-up poll finishes what is left.
    let (code, last) = Local::start(at, "tournament\n").finish();
    assert_eq!(code, Some(0), "{last}");
    eprintln!("{kills} processes killed while running ({life} ms an idle one), {between} right after a round's last game ended");
    assert!(kills >= 2 * steps.len(), "the processes were cut off often: {kills}");
    // A kill between a round's last game and its counting depends on the machine's speed
    // (the process counts the round a few milliseconds after it prints the resignation; on
    // a loaded machine it often wins the race): reported, not asserted. That window is
    // cut deterministically, at every await point of the counting poll, by
    // commands/tests/it/tournament_runs.rs
    // (a_killed_scheduler_pairs_and_counts_each_round_once_after_a_restart).
    if between == 0 {
        eprintln!("no kill came between a round's last game and its counting this run");
    }

    // The final standings, worked out by hand (above).
    let table: Vec<&str> = last.lines().skip_while(|l| !l.contains("Final standings")).skip(1).take(4).map(str::trim).collect();
    assert_eq!(table, ["1. dave: 2 (3, 4, 3, 2)", "2. carol: 2 (3, 4, 2, 2)", "3. alice: 1 (4, 5, 2, 1)", "4. bob: 1 (4, 5, 1, 1)"], "{last}");
    assert!(last.contains("Tournament #1 (Carat, round robin, 3 rounds, 1 day per move) is over."), "{last}");

    let stored_games = all_games(&rt, &db);
    eprintln!("the games' numbers: {stored_games:?}");
    rt.block_on(async {
        let t = db.tournament(TournamentId(1)).await.expect("read").expect("tournament #1");
        assert_eq!((t.stage, t.round, t.rounds), (Stage::Finished, 3, Some(3)));
        // Each round paired once: two pairings a round, each with its own game, each
        // result written once (a second count would find it written and change nothing,
        // a second pairing would add rows or games).
        let rows = db.pairings(TournamentId(1)).await.expect("pairings");
        let games: Vec<i64> = rows.iter().map(|p| p.game.expect("each pairing has its game").0).collect();
        let pairings: Vec<(u32, u32, String, Option<String>, Option<String>)> =
            rows.into_iter().map(|p| (p.round, p.board, p.white, p.black, p.result)).collect();
        let want = |round, board, white: &str, black: &str, result: &str| {
            (round, board, white.to_string(), Some(black.to_string()), Some(result.to_string()))
        };
        assert_eq!(pairings, vec![
            want(1, 1, "alice", "dave", "1-0"),
            want(1, 2, "bob", "carol", "0-1"),
            want(2, 1, "dave", "carol", "1-0"),
            want(2, 2, "alice", "bob", "0-1"),
            want(3, 1, "bob", "dave", "0-1"),
            want(3, 2, "carol", "alice", "1-0"),
        ]);
        // Each game started once: the six games of the pairings are all the store holds
        // (on SQLite numbered 1 to 6; on PostgreSQL a pairing killed before its commit
        // leaves a gap); each ended by one event, its only log entry: the resignation of
        // the loser, or alice's time-out in round 2's second game (the seat in the event
        // is the loser's: the deal decides whether white sits at 0).
        assert_eq!(stored_games, games, "no game started twice, none left over");
        if at.db.starts_with("sqlite:") {
            assert_eq!(games, [1, 2, 3, 4, 5, 6]);
        }
        let losers = [("@resign", "dave"), ("@resign", "bob"), ("@resign", "carol"), ("@timeout", "alice"), ("@resign", "bob"), ("@resign", "alice")];
        for (id, (event, loser)) in games.into_iter().zip(losers) {
            let game = db.game(GameId(id)).await.expect("read").expect("the game");
            assert_eq!(game.status, Status::Finished, "game #{id}");
            let seat = db.players(GameId(id)).await.expect("players").into_iter().find(|p| p.user_id == loser).expect("the loser plays").seat;
            let log: Vec<String> = db.log_after(GameId(id), 0).await.expect("log").into_iter().map(|e| e.text).collect();
            assert_eq!(log, vec![format!("{event} {seat}")], "game #{id}");
        }
        // Each result counted once into the ratings too: three games each.
        for who in ["alice", "bob", "carol", "dave"] {
            let rated = commands::store::ratings::ratings_of(&db, "terminal", "local", who).await.expect("ratings");
            let games: Vec<i64> = rated.iter().filter(|r| r.user_id == who).map(|r| r.games).collect();
            assert_eq!(games, vec![3], "{who}: {rated:?}");
        }
    });
    // The posts: each at most once (the store is exactly once; a process killed after
    // its commit and before printing loses the post, it is not posted twice).
    for post in ["Tournament #1, round 1 of 3:", "Tournament #1, round 2 of 3:", "Tournament #1, round 3 of 3:", "Round 1 of tournament #1 is over.", "Tournament #1 is over after 3 rounds."] {
        assert!(said.matches(post).count() <= 1, "{post:?} posted at most once:\n{said}");
    }
}
