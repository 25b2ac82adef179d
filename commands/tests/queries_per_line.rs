//! A line that is no command costs the same number of database queries, reading the
//! same number of rows, however many games its channel has: choosing the game a line
//! means is one query returning a few rows (before, it read the players of every game
//! of the channel and each game's challenge, then every open game of the channel, and
//! a bystander's line loaded every running game to see whether it read as its move),
//! and so does the scheduler's poll (before, it read every running game's players,
//! settings and vacations).
//!
//! A test binary of its own: it counts the statements sqlx reports as `sqlx::query`
//! tracing events, with a subscriber for the whole process.

use std::sync::{
    atomic::{AtomicUsize, Ordering},
    Arc,
};

use commands::{base::clock::SystemClock, store::Db, Command, Host, HostOptions, Lang, Origin, User};
use tracing_subscriber::{layer::SubscriberExt, util::SubscriberInitExt, Layer};

/// Counts the statements sqlx runs (`.0`) and the rows they return (`.1`).
struct Statements(Arc<AtomicUsize>, Arc<AtomicUsize>);

impl<S: tracing::Subscriber> Layer<S> for Statements {
    fn on_event(&self, event: &tracing::Event<'_>, _: tracing_subscriber::layer::Context<'_, S>) {
        if event.metadata().target() != "sqlx::query" {
            return;
        }
        // A connection the pool opens runs its own PRAGMA settings (whenever the pool
        // decides to): those are not the line's queries.
        let mut fields = Fields(String::new());
        event.record(&mut fields);
        if !fields.0.to_ascii_uppercase().contains("PRAGMA") {
            self.0.fetch_add(1, Ordering::SeqCst);
            self.1.fetch_add(rows_returned(&fields.0), Ordering::SeqCst);
        }
    }
}

/// The `rows_returned` field of a `sqlx::query` event's fields.
fn rows_returned(fields: &str) -> usize {
    fields
        .split_whitespace()
        .find_map(|f| f.strip_prefix("rows_returned="))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// An event's fields as text.
struct Fields(String);

impl tracing::field::Visit for Fields {
    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
        self.0.push_str(&format!("{}={value:?} ", field.name()));
    }
}

fn origin(user: &str) -> Origin {
    Origin {
        platform: "test".into(),
        channel: "c".into(),
        server: None,
        user: User::new(user, user),
        is_admin: false,
        lang: Some(Lang::En),
    }
}

/// `a` invites `b` to Carat in channel `c`, `b` joins, `a` starts.
async fn start(host: &Host, a: &str, b: &str) {
    let invited = host.handle(&origin(a), "new carat").await;
    let id = invited[0].game.expect("an invitation").id;
    let joined = host.run(&origin(b), Command::Join { game: Some(id) }).await;
    assert!(!joined[0].refusal, "{}", joined[0].text.plain());
    let started = host.run(&origin(a), Command::Start { game: Some(id) }).await;
    assert!(!started[0].refusal, "{}", started[0].text.plain());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn choosing_the_game_of_a_line_reads_the_same_whatever_the_games() {
    let statements = Arc::new(AtomicUsize::new(0));
    let rows = Arc::new(AtomicUsize::new(0));
    tracing_subscriber::registry()
        .with(
            Statements(statements.clone(), rows.clone())
                .with_filter(tracing_subscriber::filter::LevelFilter::TRACE),
        )
        .init();
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let db = Db::open(&url).await.expect("open");
    let host = Host::with_db(db, HostOptions { pictures: false, ..HostOptions::default() }, Arc::new(SystemClock));
    // `c3 red` from someone without a game here: shaped like a move, never stored (from
    // the watcher it could be a legal move, and a stored move costs more statements).
    // `hello there` from the bystander reads as the move of no game.
    let lines =
        [("watcher", "hello there"), ("bystander", "c3 red"), ("bystander", "hello there"), ("watcher", "board")];
    let count = |(user, line): (&'static str, &'static str)| {
        let (host, statements, rows) = (&host, statements.clone(), rows.clone());
        async move {
            let (before, rows_before) = (statements.load(Ordering::SeqCst), rows.load(Ordering::SeqCst));
            let replies = host.handle(&origin(user), line).await;
            assert!(!replies.is_empty());
            (statements.load(Ordering::SeqCst) - before, rows.load(Ordering::SeqCst) - rows_before)
        }
    };
    // One game of the watcher's own, so that `board` has a game to show.
    start(&host, "watcher", "partner").await;
    let mut seen = Vec::new();
    let mut games = 1;
    for more in [0, 10, 30] {
        for i in 0..more {
            start(&host, &format!("p{games}x{i}"), &format!("q{games}x{i}")).await;
            // And an open invitation next to each running game.
            host.handle(&origin(&format!("r{games}x{i}")), "new carat").await;
        }
        games += more;
        // Once unmeasured: a started game's players are read on its first load only
        // (`Table::players_of`), and a new game may be the one a line loads.
        for line in lines {
            count(line).await;
        }
        // The poll too: a process's first poll also sweeps for finished games left
        // unrated (then again every ten minutes of its clock).
        host.due_notices(host.now()).await;
        let mut counts = Vec::new();
        for line in lines {
            counts.push(count(line).await);
        }
        // The scheduler's poll (after every line in the terminal): nothing is due yet,
        // so it reads no turn at all.
        let (before, rows_before) = (statements.load(Ordering::SeqCst), rows.load(Ordering::SeqCst));
        assert!(host.due_notices(host.now()).await.is_empty());
        counts.push((statements.load(Ordering::SeqCst) - before, rows.load(Ordering::SeqCst) - rows_before));
        seen.push((games, counts));
    }
    let first = seen[0].1.clone();
    assert!(first.iter().all(|&(n, _)| n > 0), "the counter sees sqlx's statements: {seen:?}");
    assert!(first.iter().any(|&(_, r)| r > 0), "the counter sees the rows: {seen:?}");
    let statements_of = |counts: &[(usize, usize)]| counts.iter().map(|&(n, _)| n).collect::<Vec<_>>();
    for (games, counts) in &seen {
        assert_eq!(statements_of(counts), statements_of(&first), "the same statements with {games} games: {seen:?}");
    }
    // `board` reads the games a "several games" refusal would list (at most 10, and one
    // to know there are more) before it sees that one is the watcher's: 11 rows from 11
    // running games on, whatever their number. The others read as many rows with 11
    // games as with 41.
    assert_eq!(seen[1].1, seen[2].1, "the same rows with 11 and 41 running games: {seen:?}");
    // The whole line, not only the choice, stays small; the poll reads one statement per
    // kind of work when nothing is due (the outbox, invitations, AI seats and conditional
    // replies, tournaments, reviews, reminders, unanswered moves, dashboards).
    let (polls, lines): (Vec<_>, Vec<_>) = seen.iter().flat_map(|(_, counts)| counts.iter().enumerate()).partition(|(i, _)| *i == 4);
    assert!(lines.iter().all(|&(_, &(n, r))| n <= 8 && r <= 16), "{seen:?}");
    assert!(polls.iter().all(|&(_, &(n, r))| n <= 10 && r == 0), "{seen:?}");
    println!("(statements, rows) per line (hello there, c3 red and hello there by a bystander, board, a scheduler poll) by running games: {seen:?}");
}
