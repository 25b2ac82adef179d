//! Turns per second and their latency through the command layer, without pictures, on
//! SQLite or PostgreSQL, with 10,000 stored games, from one or two bot processes
//! (issue 18). A turn is one typed move handled by `Host::handle`: parse, load the game
//! (from the cache, checked against the stored move number), validate, store (one
//! transaction), announce.
//!
//! ```sh
//! cargo bench -p commands --bench throughput                         # SQLite file
//! cargo bench -p commands --bench throughput -- --db postgres://spieltisch@127.0.0.1:PORT/bench
//! options: --processes 1,2   --seconds 10   --games 10000   --players 4 (tasks per process)
//! ```
//!
//! The first run stores the games (`new carat`, `join`, `start` in channel `stored-N` by
//! players `aN` and `bN`;
//! later runs on the same database reuse them). Each process (a child of this one: its own
//! pool and cache, as a second bot would have) plays the games `#i` with
//! `i % processes == k` with `--players` tasks at once, each task moving in its games in
//! turn. The move is chosen by a local replica of the game, outside the timing. Printed:
//! turns per second (all processes) and the median and 99th percentile of one turn.

use std::{
    process::Stdio,
    sync::Arc,
    time::{Duration, Instant},
};

use commands::{GameId, Host, HostOptions};

mod support;
use support::origin;

struct Args {
    db: String,
    processes: Vec<usize>,
    seconds: u64,
    games: u64,
    players: usize,
    worker: Option<(usize, usize)>,
}

fn args() -> Args {
    let mut a = Args {
        db: format!("sqlite://{}", std::env::temp_dir().join("spieltisch-throughput.db").display()),
        processes: vec![1, 2],
        seconds: 10,
        games: 10_000,
        players: 4,
        worker: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = || it.next().unwrap_or_else(|| panic!("{arg} needs a value"));
        match arg.as_str() {
            "--db" => a.db = value(),
            "--processes" => a.processes = value().split(',').map(|p| p.parse().expect("a count")).collect(),
            "--seconds" => a.seconds = value().parse().expect("seconds"),
            "--games" => a.games = value().parse().expect("a count"),
            "--players" => a.players = value().parse().expect("a count"),
            "--worker" => {
                let v = value();
                let (k, n) = v.split_once('/').expect("--worker K/N");
                a.worker = Some((k.parse().expect("K"), n.parse().expect("N")));
            }
            // cargo bench passes --bench; criterion-style filters are ignored.
            _ => {}
        }
    }
    a
}

fn main() {
    let args = args();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    match args.worker {
        Some((k, n)) => runtime.block_on(worker(&args, k, n)),
        None => runtime.block_on(parent(&args)),
    }
}

async fn open(url: &str) -> Arc<Host> {
    Arc::new(Host::open(url, HostOptions { pictures: false, ..HostOptions::default() }).await.expect("database"))
}

/// Stores the games unless game `games` is stored already, then runs the workers.
async fn parent(args: &Args) {
    let host = open(&args.db).await;
    let have = host.db().game(GameId(args.games.cast_signed())).await.expect("read").is_some();
    if !have {
        let started = Instant::now();
        let next = Arc::new(std::sync::atomic::AtomicU64::new(1));
        let mut tasks = Vec::new();
        for _ in 0..8 {
            let (host, next, games) = (host.clone(), next.clone(), args.games);
            tasks.push(tokio::spawn(async move {
                loop {
                    let n = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    if n > games {
                        break;
                    }
                    // Two players of their own per game (one creator may hold only a
                    // few open invitations at once).
                    let (channel, a, b) = (format!("stored-{n}"), format!("a{n}"), format!("b{n}"));
                    for (user, line) in [(&a, format!("new carat seed={n}")), (&b, "join".into()), (&a, "start".into())] {
                        let replies = host.handle(&origin(user, &channel), &line).await;
                        assert!(!replies[0].refusal, "{line}: {}", replies[0].text);
                    }
                }
            }));
        }
        for t in tasks {
            t.await.expect("task");
        }
        eprintln!("stored {} games in {:.1} s", args.games, started.elapsed().as_secs_f64());
    }
    host.db().close().await;
    let kind = if commands::store::is_postgres_url(&args.db) { "PostgreSQL" } else { "SQLite" };
    println!("| database | processes | tasks each | turns | turns/s | p50 ms | p99 ms |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for &n in &args.processes {
        let exe = std::env::current_exe().expect("own path");
        let children: Vec<_> = (0..n)
            .map(|k| {
                std::process::Command::new(&exe)
                    .args(["--db", &args.db, "--worker", &format!("{k}/{n}")])
                    .args(["--seconds", &args.seconds.to_string(), "--games", &args.games.to_string()])
                    .args(["--players", &args.players.to_string()])
                    .stdout(Stdio::piped())
                    .spawn()
                    .expect("start a worker")
            })
            .collect();
        let mut latencies = Vec::new();
        let mut wall = Duration::ZERO;
        for child in children {
            let out = child.wait_with_output().expect("worker");
            assert!(out.status.success(), "a worker failed");
            let text = String::from_utf8(out.stdout).expect("utf-8");
            for line in text.lines() {
                if let Some(ms) = line.strip_prefix("wall_us ") {
                    wall = wall.max(Duration::from_micros(ms.parse().expect("us")));
                } else if let Some(list) = line.strip_prefix("latencies_us ") {
                    latencies.extend(list.split(',').filter(|s| !s.is_empty()).map(|s| s.parse::<u64>().expect("us")));
                }
            }
        }
        latencies.sort_unstable();
        let pct = |p: f64| {
            let i = ((latencies.len() as f64 - 1.0) * p).round() as usize;
            latencies.get(i).copied().unwrap_or(0) as f64 / 1000.0
        };
        println!(
            "| {kind} | {n} | {} | {} | {:.0} | {:.2} | {:.2} |",
            args.players,
            latencies.len(),
            latencies.len() as f64 / wall.as_secs_f64().max(1e-9),
            pct(0.5),
            pct(0.99)
        );
    }
}

/// A stored game a worker moves in, with a replica of it that chooses the moves.
struct Stored {
    channel: String,
    /// The players' user ids by seat.
    users: Vec<String>,
    replica: Box<dyn rules::Match>,
}

/// One process: plays its share of the games for `--seconds`, prints `wall_us` and
/// `latencies_us` (one per turn).
async fn worker(args: &Args, k: usize, n: usize) {
    let host = open(&args.db).await;
    let mine: Vec<u64> = (1..=args.games).filter(|g| (*g as usize) % n == k).collect();
    let per_task = mine.len().div_ceil(args.players).max(1);
    let mut tasks = Vec::new();
    for chunk in mine.chunks(per_task) {
        let (host, games, seconds) = (host.clone(), chunk.to_vec(), args.seconds);
        tasks.push(tokio::spawn(async move {
            let mut queue = games.into_iter();
            // The games this task moves in, 25 at a time.
            let mut open_games: Vec<Stored> = Vec::new();
            let load = |g: u64| {
                let host = host.clone();
                async move {
                    let id = GameId(g.cast_signed());
                    let record = host.record(id).await.expect("record")?;
                    let (replica, refused) = rules::record::replay_record(&record).expect("replay");
                    let channel = host.db().game(id).await.expect("read")?.channel;
                    let users: Vec<String> = host.db().players(id).await.expect("players").into_iter().map(|p| p.user_id).collect();
                    (refused.is_none() && !replica.is_finished()).then_some(Stored { channel, users, replica })
                }
            };
            while open_games.len() < 25 {
                let Some(g) = queue.next() else { break };
                open_games.extend(load(g).await);
            }
            let (started, mut latencies, mut turn) = (Instant::now(), Vec::new(), 0usize);
            while started.elapsed() < Duration::from_secs(seconds) && !open_games.is_empty() {
                let slot = turn % open_games.len();
                turn += 1;
                let Stored { channel, users, replica } = &mut open_games[slot];
                let user = users[replica.to_move()[0]].clone();
                let legal = replica.legal_moves();
                let line = legal[legal.len() / 2].clone();
                let t = Instant::now();
                let replies = host.handle(&origin(&user, channel), &line).await;
                latencies.push(t.elapsed().as_micros() as u64);
                assert!(!replies[0].refusal, "{line}: {}", replies[0].text);
                replica.play(&line).expect("the replica takes the same move");
                if replica.is_finished() {
                    open_games.swap_remove(slot);
                    for g in queue.by_ref() {
                        if let Some(game) = load(g).await {
                            open_games.push(game);
                            break;
                        }
                    }
                }
            }
            (latencies, started.elapsed())
        }));
    }
    let (mut all, mut wall) = (Vec::new(), Duration::ZERO);
    for t in tasks {
        let (latencies, spent) = t.await.expect("task");
        all.extend(latencies);
        wall = wall.max(spent);
    }
    println!("wall_us {}", wall.as_micros());
    println!("latencies_us {}", all.iter().map(u64::to_string).collect::<Vec<_>>().join(","));
}
