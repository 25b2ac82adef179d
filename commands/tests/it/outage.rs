//! A PostgreSQL that goes away and comes back (issue 38): each command waited 90-100 s
//! before its refusal while the server was down (several statements, each waiting the
//! pool's 10 s for a connection, and retries). Now the first command finds the outage
//! within one bounded wait, the later ones are refused at once, and the store recovers by
//! itself as soon as the server answers again.

use std::{
    collections::HashMap,
    process::Command,
    time::{Duration, Instant},
};

use crate::support::{origin, POSTGRES_ENV};

/// Runs `scripts/postgres.sh ACTION` on the data dir `data`; its `KEY=value` lines.
fn script(data: &std::path::Path, action: &str) -> HashMap<String, String> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let output = Command::new("bash")
        .arg(root.join("scripts/postgres.sh"))
        .arg(action)
        .env("POSTGRES_DATA", data)
        .env_remove("POSTGRES_PORT")
        .output()
        .expect("bash runs the script");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "postgres.sh {action}: {stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    stdout.lines().filter_map(|l| l.split_once('=')).map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// The refusal every command gets while the storage fails.
const STORAGE_FAILED: &str = "The game storage failed, so nothing was changed; please try again in a moment.";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "PostgreSQL only: runs in the PostgreSQL pass of scripts/test.sh (SPIELTISCH_TEST_POSTGRES)"]
async fn commands_are_refused_at_once_while_postgres_is_down_and_work_when_it_is_back() {
    assert!(std::env::var_os(POSTGRES_ENV).is_some(), "this test needs a PostgreSQL: set {POSTGRES_ENV} (scripts/postgres.sh start prints it)");
    // A server of its own, to stop and start (the PostgreSQL pass's is shared).
    let dir = tempfile::tempdir().expect("a temp dir");
    std::fs::set_permissions(dir.path(), std::os::unix::fs::PermissionsExt::from_mode(0o755)).expect("chmod");
    let data = dir.path().join("pg");
    let url = format!("{}/outage", script(&data, "start")["POSTGRES_URL"]);
    let host = commands::Host::open(&url, commands::HostOptions { pictures: false, ..Default::default() }).await.expect("open");
    let say = |who: &'static str, line: &'static str| {
        let host = &host;
        async move {
            let started = Instant::now();
            let replies = host.handle(&origin(who, "c"), line).await;
            (replies.iter().map(|r| r.text.plain()).collect::<Vec<_>>().join("\n"), started.elapsed())
        }
    };
    say("alice", "new carat @bob seed=7").await;
    assert!(say("bob", "join").await.0.contains("begins"), "the game started");

    script(&data, "stop");
    // The first command finds the server gone within one bounded wait (a few seconds),
    let (text, took) = say("alice", "c3 red").await;
    assert_eq!(text, STORAGE_FAILED);
    assert!(took < Duration::from_secs(8), "the first refusal took {took:?}");
    // and the later ones are refused at once.
    for line in ["c3 red", "board", "games"] {
        let (text, took) = say("alice", line).await;
        assert_eq!(text, STORAGE_FAILED, "{line}");
        assert!(took < Duration::from_millis(500), "{line} took {took:?}");
    }

    script(&data, "start");
    // Back: within a few probes the store works again, by itself.
    let until = Instant::now() + Duration::from_secs(20);
    loop {
        let (text, _) = say("alice", "board").await;
        if text != STORAGE_FAILED {
            break;
        }
        assert!(Instant::now() < until, "the store did not recover");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let (text, _) = say("alice", "c3 red").await;
    assert!(text.starts_with("alice plays c3 red (game #1, move 1)."), "{text}");
    script(&data, "reset");
}

/// An unreachable server at start-up: the open is refused within one bounded wait (it
/// took about 41 s), with the URL's password not shown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn opening_an_unreachable_postgres_fails_within_seconds() {
    // A port nothing listens on: a fresh listener's, closed again.
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
    let started = Instant::now();
    let error = commands::store::Db::open(&format!("postgres://bot:S3cretPw@127.0.0.1:{port}/games"))
        .await
        .expect_err("nothing listens there")
        .to_string();
    assert!(started.elapsed() < Duration::from_secs(8), "took {:?}", started.elapsed());
    assert!(!error.contains("S3cretPw"), "{error}");
}
