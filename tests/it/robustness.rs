//! Input and output the binary must survive: bytes that are not UTF-8, closed pipes,
//! paths that cannot be written.

use crate::support::{spieltisch_bytes, Place};

#[test]
fn a_line_that_is_not_utf8_does_not_end_the_session() {
    let place = Place::new();
    let db = place.db_url();
    let boards = place.boards().display().to_string();
    let run = spieltisch_bytes(
        place.path(),
        &["local", "--db", &db, "--boards", &boards, "--as", "alice"],
        b"help\n\xff\nnew carat\n",
        &[],
    );
    assert_eq!(run.code, Some(0), "stdout:\n{}\nstderr:\n{}", run.stdout, run.stderr);
    assert!(!run.stderr.contains("utf-8"), "{}", run.stderr);
    // The line after the bad one was still read and answered: a game was opened.
    assert!(run.stdout.contains("alice> new carat"), "{}", run.stdout);
    assert!(run.stdout.contains("#1"), "{}", run.stdout);
}


#[test]
fn replay_into_a_closed_pipe_ends_quietly_with_the_replay_status() {
    use std::{
        io::Write,
        process::{Command, Stdio},
    };
    let record = std::fs::read(crate::support::full_game()).expect("the example record");
    let mut child = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .args(["replay", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start spieltisch");
    // The reader goes away before anything is printed, as `| head -0` would.
    drop(child.stdout.take());
    child.stdin.take().expect("stdin").write_all(&record).expect("write the record");
    let output = child.wait_with_output().expect("spieltisch ran");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(output.status.code(), Some(0), "{stderr}");
}

#[test]
fn a_terminal_session_into_a_closed_pipe_ends_quietly() {
    use std::{
        io::Write,
        process::{Command, Stdio},
    };
    let place = Place::new();
    let mut child = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .args(["local", "--db", &format!("sqlite://{}", place.path().join("t.db").display())])
        .current_dir(place.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start spieltisch");
    // `spieltisch local | head -0`: the reader is gone before the first line.
    drop(child.stdout.take());
    child.stdin.take().expect("stdin").write_all(b"help\nrules carat\nrules hathor\n").expect("write the script");
    let output = child.wait_with_output().expect("spieltisch ran");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr, "", "no error, no panic");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn render_into_a_missing_directory_names_the_path() {
    let place = Place::new();
    let out = place.path().join("no-such-dir").join("x.png");
    let out_text = out.display().to_string();
    let run = crate::support::spieltisch(place.path(), &["render", &crate::support::full_game(), "--out", &out_text], "", &[]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains(&out_text), "the error names the path: {}", run.stderr);
}
