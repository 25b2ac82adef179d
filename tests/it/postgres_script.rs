//! `scripts/postgres.sh`, the throwaway PostgreSQL of the storage tests (run when
//! `SPIELTISCH_TEST_POSTGRES` says a PostgreSQL is at hand: it starts a second server).

use std::{collections::HashMap, process::Command};

/// Runs `scripts/postgres.sh ACTION` on the data dir `data`; its `KEY=value` lines.
fn script(data: &std::path::Path, action: &str, port: Option<&str>) -> HashMap<String, String> {
    let mut command = Command::new("bash");
    command.arg(crate::support::manifest_dir().join("scripts/postgres.sh")).arg(action).env("POSTGRES_DATA", data);
    command.env_remove("POSTGRES_PORT");
    if let Some(port) = port {
        command.env("POSTGRES_PORT", port);
    }
    let output = command.output().expect("bash runs the script");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "postgres.sh {action}: {stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    stdout.lines().filter_map(|l| l.split_once('=')).map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// `stop` then `start` on the same data dir picked a new free port, so bots running on
/// the printed URL could not reconnect. Now the port of the first start is kept (in
/// `$POSTGRES_DATA/port`) unless POSTGRES_PORT names another.
#[test]
#[ignore = "PostgreSQL only: runs in the PostgreSQL pass of scripts/test.sh (SPIELTISCH_TEST_POSTGRES)"]
fn a_restarted_postgres_keeps_its_port() {
    assert!(std::env::var_os("SPIELTISCH_TEST_POSTGRES").is_some(), "this test needs a PostgreSQL: set SPIELTISCH_TEST_POSTGRES (scripts/postgres.sh start prints it)");
    let dir = tempfile::tempdir().expect("a temp dir");
    // The server may run as another user (`postgres` when the tests run as root).
    std::fs::set_permissions(dir.path(), std::os::unix::fs::PermissionsExt::from_mode(0o755)).expect("chmod");
    let data = dir.path().join("pg");
    let first = script(&data, "start", None);
    let port = first["POSTGRES_PORT"].clone();
    assert_eq!(first["POSTGRES_URL"], format!("postgres://spieltisch@127.0.0.1:{port}"));
    assert_eq!(std::fs::read_to_string(data.join("port")).expect("the kept port").trim(), port);
    script(&data, "stop", None);
    let again = script(&data, "start", None);
    assert_eq!(again["POSTGRES_PORT"], port, "the same port after a restart");
    script(&data, "stop", None);
    // POSTGRES_PORT still chooses (and is kept from then on).
    let free = std::net::TcpListener::bind("127.0.0.1:0").expect("bind").local_addr().expect("addr").port().to_string();
    let moved = script(&data, "start", Some(&free));
    assert_eq!(moved["POSTGRES_PORT"], free);
    script(&data, "reset", None);
}
