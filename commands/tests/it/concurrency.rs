//! Two writers at once: a move is stored once per move number, and games do not block
//! each other.

use commands::{
    store::{Advance, Appended, Db},
    Command,
};

use crate::support::{integers, origin, started, texts, to_move, Place};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_moves_for_the_same_number_store_exactly_one() {
    let place = Place::new();
    // Two hosts with their own pools and caches: like two bot processes on one file.
    let first = place.host().await;
    let second = place.host().await;
    let id = started(&first, "c1", 11).await;
    for round in 0..8u64 {
        let (user, moves) = to_move(&first, id).await;
        let (a, b) = (moves[0].clone(), moves[moves.len() - 1].clone());
        let at = Some(round);
        let (h1, h2) = (first.clone(), second.clone());
        let (u1, u2) = (user.clone(), user.clone());
        let one = tokio::spawn(async move {
            h1.run(&origin(&u1, "c1"), Command::Move { game: Some(id), notation: a, at, bare: false }).await
        });
        let two = tokio::spawn(async move {
            h2.run(&origin(&u2, "c1"), Command::Move { game: Some(id), notation: b, at, bare: false }).await
        });
        let (one, two) = (one.await.expect("task"), two.await.expect("task"));
        let accepted = [&one, &two].iter().filter(|r| !r[0].refusal).count();
        assert_eq!(accepted, 1, "round {round}: exactly one move is accepted:\n{}\n--\n{}", texts(&one), texts(&two));
        let loser = if one[0].refusal { &one } else { &two };
        assert!(texts(loser).contains("has moved on"), "{}", texts(loser));
        let log = first.db().log_after(id, 0).await.expect("log");
        assert_eq!(log.len() as u64, round + 1, "round {round}: one entry per move number");
        assert_eq!(first.move_number(id).await.expect("read"), Some(round + 1));
    }
    // Both hosts see the same game afterwards (the second catches up from the log).
    let one = first.record(id).await.expect("record").expect("started");
    let two = second.record(id).await.expect("record").expect("started");
    assert_eq!(one.moves, two.moves);
}

/// Two processes (two hosts: own pools, own caches) receive the same move at the same
/// moment, 50 times over: each time it is stored once and the other gets "has moved on"
/// (or, when the move ended the game, that it is over).
/// On PostgreSQL this is the row lock of the conditional update at work (see
/// `store::backend`); on SQLite the write lock.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_same_move_sent_to_two_processes_fifty_times_is_stored_once_each_time() {
    let place = Place::new();
    let (first, second) = (place.host().await, place.host().await);
    let mut id = started(&first, "c0", 100).await;
    let mut stored = 0u64;
    for round in 0..50u64 {
        if first.db().game(id).await.expect("read").expect("game").status != commands::store::Status::Running {
            id = started(&first, &format!("c{round}"), 100 + round).await;
            stored = 0;
        }
        let (user, moves) = to_move(&first, id).await;
        let channel = first.db().game(id).await.expect("read").expect("game").channel;
        let notation = moves[usize::try_from(round).expect("small") % moves.len()].clone();
        let send = |host: std::sync::Arc<commands::Host>| {
            let (user, channel, notation) = (user.clone(), channel.clone(), notation.clone());
            tokio::spawn(async move {
                host.run(&origin(&user, &channel), Command::Move { game: Some(id), notation, at: Some(stored), bare: false }).await
            })
        };
        let (one, two) = (send(first.clone()), send(second.clone()));
        let (one, two) = (one.await.expect("task"), two.await.expect("task"));
        let accepted = [&one, &two].iter().filter(|r| !r[0].refusal).count();
        assert_eq!(accepted, 1, "round {round}: the move is taken once:\n{}\n--\n{}", texts(&one), texts(&two));
        let loser = if one[0].refusal { &one } else { &two };
        // The other learns that the game moved on, or, when the move ended it, that it is over.
        let over = first.db().game(id).await.expect("read").expect("game").status == commands::store::Status::Finished;
        let answer = texts(loser);
        assert!(answer.contains("has moved on") || (over && answer.contains("is already over")), "round {round}: {answer}");
        stored += 1;
        let log = second.db().log_after(id, 0).await.expect("log");
        assert_eq!(log.len() as u64, stored, "round {round}: one log entry per move number");
        assert_eq!(log.last().map(|e| e.text.as_str()), Some(notation.as_str()), "round {round}");
    }
}

/// A join and a withdrawal of one invitation at once (two processes on PostgreSQL) are
/// ordered: the withdrawal waits for the join that found the invitation open, so nobody
/// is told they joined an invitation already withdrawn. A third session's lock on
/// `players` holds the join between its check and its write. (On SQLite the write lock
/// orders them from the start: the test is for PostgreSQL.)
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "PostgreSQL only: runs in the PostgreSQL pass of scripts/test.sh (SPIELTISCH_TEST_POSTGRES)"]
async fn a_withdrawal_waits_for_a_join_that_found_the_invitation_open() {
    assert!(crate::support::postgres_server().is_some(), "this test needs a PostgreSQL: set SPIELTISCH_TEST_POSTGRES (scripts/postgres.sh start prints it)");
    let place = Place::new();
    let (first, second) = (place.host().await, place.host().await);
    let id = first.handle(&origin("alice", "c1"), "new carat").await[0].game.expect("an invitation").id;
    let blocker = Db::open(&place.url()).await.expect("db");
    let commands::store::backend::Exec::PgPool(pool) = blocker.exec() else { unreachable!("on PostgreSQL") };
    let mut lock = pool.begin().await.expect("begin");
    sqlx::query("LOCK TABLE players IN SHARE ROW EXCLUSIVE MODE").execute(&mut *lock).await.expect("lock");
    let send = |host: std::sync::Arc<commands::Host>, user: &'static str, line: String| {
        tokio::spawn(async move { host.handle(&origin(user, "c1"), &line).await })
    };
    let join = send(second.clone(), "bob", format!("join #{id}"));
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let abort = send(first.clone(), "alice", format!("abort #{id}"));
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    assert!(!join.is_finished(), "the join waits for the lock on players");
    assert!(!abort.is_finished(), "the withdrawal waits for the join");
    lock.commit().await.expect("release");
    let (joined, aborted) = (join.await.expect("task"), abort.await.expect("task"));
    assert!(!joined[0].refusal && texts(&joined).contains("bob joins game"), "{}", texts(&joined));
    assert!(!aborted[0].refusal && texts(&aborted).contains("withdrew"), "{}", texts(&aborted));
    let row = first.db().game(id).await.expect("read").expect("game");
    assert_eq!(row.status, commands::store::Status::Withdrawn);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_double_click_stores_the_move_once() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c1", 3).await;
    let (user, moves) = to_move(&host, id).await;
    let mut tasks = Vec::new();
    for _ in 0..2 {
        let (host, user, mv) = (host.clone(), user.clone(), moves[5].clone());
        tasks.push(tokio::spawn(async move {
            host.run(&origin(&user, "c1"), Command::Move { game: Some(id), notation: mv, at: None, bare: false }).await
        }));
    }
    let mut accepted = 0;
    for task in tasks {
        if !task.await.expect("task")[0].refusal {
            accepted += 1;
        }
    }
    assert_eq!(accepted, 1);
    assert_eq!(host.db().log_after(id, 0).await.expect("log").len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_storage_refuses_a_second_entry_for_one_move_number() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c1", 8).await;
    let (one, two) = (Db::open(&place.url()).await.expect("db"), Db::open(&place.url()).await.expect("db"));
    let write = |db: Db, text: &'static str| async move {
        db.append(&Advance {
            game: id,
            seen: 0,
            takebacks: 0,
            seat: Some(0),
            user_id: "alice",
            text,
            finished: false,
            to_move: &[1],
            at: 1,
            bank_left_ms: None,
            answer: false,
            replay: None,
        })
        .await
        .expect("the write itself works")
    };
    let (a, b) = tokio::join!(tokio::spawn(write(one, "c3 red")), tokio::spawn(write(two, "d4 blue")));
    let mut results = [a.expect("task"), b.expect("task")];
    results.sort_by_key(|r| matches!(r, Appended::Stale));
    assert_eq!(results, [Appended::Stored(1), Appended::Stale]);
    assert_eq!(host.db().log_after(id, 0).await.expect("log").len(), 1);
}

/// A game's last move carries its replay request (`replay=on`): stored in the move's
/// transaction, so both are there or neither. A stale copy of that move (the move number
/// already taken) stores no request either; a move that does not end the game asks for
/// nothing whatever it carries.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_replay_request_is_stored_with_the_last_move_or_not_at_all() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c1", 8).await;
    let db = Db::open(&place.url()).await.expect("db");
    let ask = commands::store::ReplayAsk { platform: "test", channel: "c1", lang: "de" };
    let advance = |seen: u64, text: &'static str, finished: bool| Advance {
        game: id,
        seen,
        takebacks: 0,
        seat: Some(0),
        user_id: "alice",
        text,
        finished,
        to_move: &[1],
        at: 1,
        bank_left_ms: None,
        answer: false,
        replay: Some(ask),
    };
    let pending = || async { Db::open(&place.url()).await.expect("db").replays_pending(commands::store::platforms::Platforms::All).await.expect("read") };
    // Not the end: no request, though one was given.
    assert_eq!(db.append(&advance(0, "c3 red", false)).await.expect("write"), Appended::Stored(1));
    assert!(pending().await.is_empty());
    // A stale end (move number 1 is taken): nothing stored, no request.
    assert_eq!(db.append(&advance(0, "@resign 0", true)).await.expect("write"), Appended::Stale);
    assert!(pending().await.is_empty());
    // The end: the move and its request together.
    assert_eq!(db.append(&advance(1, "@resign 0", true)).await.expect("write"), Appended::Stored(2));
    let asked = pending().await;
    assert_eq!(asked.len(), 1);
    assert_eq!((asked[0].game_id, asked[0].platform.as_str(), asked[0].channel.as_str(), asked[0].lang.as_str()), (id, "test", "c1", "de"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn moves_in_different_games_all_succeed() {
    let place = Place::new();
    let hosts = [place.host().await, place.host().await];
    let mut games = Vec::new();
    for k in 0..8u64 {
        let channel = format!("room-{k}");
        games.push((started(&hosts[0], &channel, 100 + k).await, channel));
    }
    let mut tasks = Vec::new();
    for (k, (id, channel)) in games.iter().cloned().enumerate() {
        let host = hosts[k % 2].clone();
        tasks.push(tokio::spawn(async move {
            let (user, moves) = to_move(&host, id).await;
            let command = Command::Move { game: None, notation: moves[0].clone(), at: Some(0), bare: false };
            host.run(&origin(&user, &channel), command).await
        }));
    }
    for task in tasks {
        let replies = task.await.expect("task");
        assert!(!replies[0].refusal, "{}", texts(&replies));
    }
    for (id, _) in &games {
        assert_eq!(hosts[0].move_number(*id).await.expect("read"), Some(1));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_busy_database_makes_a_writer_wait_not_fail() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c1", 21).await;
    if let commands::store::backend::Exec::SqlitePool(pool) = host.db().exec() {
        let mode: String = sqlx::query_scalar("PRAGMA journal_mode").fetch_one(pool).await.expect("pragma");
        assert_eq!(mode, "wal");
    }
    // Another writer holds the write lock (SQLite) and the game's row (both) for a while.
    let blocker = Db::open(&place.url()).await.expect("db");
    let mut lock = blocker.begin(commands::store::backend::Lock::Store).await.expect("lock");
    let touched = match lock.exec() {
        commands::store::backend::Exec::SqliteConn(c) => {
            sqlx::query("UPDATE games SET updated_at = updated_at WHERE id = $1").bind(id).execute(c).await.expect("write").rows_affected()
        }
        commands::store::backend::Exec::PgConn(c) => {
            sqlx::query("UPDATE games SET updated_at = updated_at WHERE id = $1").bind(id).execute(c).await.expect("write").rows_affected()
        }
        _ => unreachable!("a transaction runs on its connection"),
    };
    assert_eq!(touched, 1);
    let (user, moves) = to_move(&host, id).await;
    let mover = host.clone();
    let task = tokio::spawn(async move {
        mover.run(&origin(&user, "c1"), Command::Move { game: Some(id), notation: moves[0].clone(), at: Some(0), bare: false }).await
    });
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    assert!(!task.is_finished(), "the move waits for the lock");
    lock.commit().await.expect("release");
    let replies = task.await.expect("task");
    assert!(!replies[0].refusal, "{}", texts(&replies));
    assert_eq!(host.move_number(id).await.expect("read"), Some(1));
}

/// Two processes (here: two pools) opening the same new database file at the same
/// moment both get a migrated database; neither fails on a table the other created.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_opens_of_a_new_file_at_once_both_succeed() {
    for round in 0..6 {
        let place = Place::new();
        let url = place.url();
        let (a, b) = tokio::join!(commands::store::Db::open(&url), commands::store::Db::open(&url));
        let (a, b) = (a.expect("the first open"), b.expect("the second open"));
        // Both see the migrated tables (an unknown table would be an error).
        assert_eq!(integers(&a, "SELECT COUNT(*) FROM games", &[]).await, vec![Some(0)], "round {round}");
        assert_eq!(integers(&b, "SELECT COUNT(*) FROM log", &[]).await, vec![Some(0)], "round {round}");
        a.close().await;
        b.close().await;
    }
}

/// A move chosen for a position that was taken back is not stored, even when another
/// move has brought the game back to the same move number (an AI thinking while its
/// opponent takes back and moves differently): the take-backs are part of the guard.
#[tokio::test]
async fn a_move_chosen_before_a_take_back_is_not_stored_after_it() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c1", 8).await;
    let (mover, moves) = crate::support::to_move(&host, id).await;
    let row = host.db().game(id).await.expect("read").expect("game");
    let (seat, other) = (row.to_move[0], 1 - row.to_move[0]);
    let db = host.db();
    let advance = |seen: u64, takebacks: i64, seat: usize, text: &'static str, to_move: &'static [usize]| Advance {
        game: id,
        seen,
        takebacks,
        seat: Some(seat),
        user_id: "x",
        text,
        finished: false,
        to_move,
        at: 1,
        bank_left_ms: None,
        answer: false,
        replay: None,
    };
    let (first, second): (&'static str, &'static str) = (moves[0].clone().leak(), moves[1].clone().leak());
    let to_other: &'static [usize] = if other == 0 { &[0] } else { &[1] };
    let to_mover: &'static [usize] = if seat == 0 { &[0] } else { &[1] };
    assert_eq!(db.append(&advance(0, 0, seat, first, to_other)).await.expect("write"), Appended::Stored(1));
    // The other seat starts thinking about move 2, having seen `first` as move 1 ...
    // ... while `first` is taken back and `second` played instead.
    assert!(db.take_back(id, 1, 1, to_mover, 2).await.expect("take back"));
    assert_eq!(db.append(&advance(0, 1, seat, second, to_other)).await.expect("write"), Appended::Stored(1));
    // The answer to `first` arrives: refused, though the move number fits.
    assert_eq!(db.append(&advance(1, 0, other, "a1 red", to_mover)).await.expect("write"), Appended::Stale);
    let log: Vec<String> = db.log_after(id, 0).await.expect("log").into_iter().map(|e| e.text).collect();
    assert_eq!(log, vec![second.to_string()], "{mover}");
}

/// sqlx was built without TLS, so `?sslmode=require` failed at once with "SQLx was built
/// without TLS support enabled" and no managed PostgreSQL requiring TLS could be used.
/// Now the client asks the server for TLS: the test server has none, so it is the
/// server's refusal that fails the open (and no plain connection is made instead).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "PostgreSQL only: runs in the PostgreSQL pass of scripts/test.sh (SPIELTISCH_TEST_POSTGRES)"]
async fn postgres_with_sslmode_require_asks_the_server_for_tls() {
    assert!(crate::support::postgres_server().is_some(), "this test needs a PostgreSQL: set SPIELTISCH_TEST_POSTGRES (scripts/postgres.sh start prints it)");
    let place = Place::new();
    let url = format!("{}?sslmode=require", place.url());
    let error = commands::store::Db::open(&url).await.expect_err("the test server speaks no TLS").to_string();
    assert!(!error.contains("without TLS support"), "{error}");
    assert!(error.contains("server does not support TLS"), "{error}");
    // `prefer` (the default) falls back to a plain connection on the same server.
    let db = commands::store::Db::open(&format!("{}?sslmode=prefer", place.url())).await.expect("a plain connection");
    db.close().await;
}
