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

/// Waits for `child` at most `limit`; a child still running then is killed and `None`
/// returned (a hang).
fn wait_at_most(child: &mut std::process::Child, limit: std::time::Duration) -> Option<std::process::ExitStatus> {
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait for spieltisch") {
            return Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// `printf 'board\n…' | RUST_LOG=debug spieltisch local 2>&1 | head -1`: the
/// log and the chat share one pipe whose reader leaves after the first line. The log's
/// failed writes panicked (exit 101) or killed the database thread (a hang). Now every
/// run ends at once with status 0. Repeated, as the old failure depended on timing.
#[test]
fn a_shared_pipe_whose_reader_leaves_after_one_line_neither_hangs_nor_panics() {
    use std::{
        io::{BufRead, BufReader, Write},
        process::{Command, Stdio},
    };
    let place = Place::new();
    let script = "board\n".repeat(20);
    let mut outcomes = Vec::new();
    for _ in 0..10 {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        let mut child = Command::new(crate::support::binary())
            .args(["local", "--db", &place.db_url(), "--boards", &place.boards().display().to_string()])
            .current_dir(place.path())
            .env("RUST_LOG", "debug")
            .stdin(Stdio::piped())
            .stdout(writer.try_clone().expect("a second end"))
            .stderr(writer)
            .spawn()
            .expect("start spieltisch");
        // The script is in the pipe before the reader leaves, so the bot still has lines to answer.
        child.stdin.take().expect("stdin").write_all(script.as_bytes()).expect("write the script");
        let mut first = String::new();
        BufReader::new(reader).read_line(&mut first).expect("one line");
        // The reader is gone now (`head -1` exits).
        let status = wait_at_most(&mut child, std::time::Duration::from_secs(30));
        outcomes.push(status.map(|s| s.code()));
    }
    assert!(outcomes.iter().all(|o| *o == Some(Some(0))), "exit codes (None: hung): {outcomes:?}");
}

/// Standard error is a pipe whose reader is gone before the first log line: the chat
/// goes on answering every line on standard output and ends with status 0.
#[test]
fn a_standard_error_whose_reader_is_gone_does_not_stop_the_chat() {
    use std::{
        io::{Read, Write},
        process::{Command, Stdio},
    };
    let place = Place::new();
    let mut child = Command::new(crate::support::binary())
        .args(["local", "--db", &place.db_url(), "--boards", &place.boards().display().to_string(), "--as", "alice"])
        .current_dir(place.path())
        .env("RUST_LOG", "debug")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start spieltisch");
    drop(child.stderr.take());
    let script = "new carat seed=7\nas bob\njoin\nstart\nboard\nboard\ngames\n";
    child.stdin.take().expect("stdin").write_all(script.as_bytes()).expect("write the script");
    let mut stdout = child.stdout.take().expect("stdout");
    let reading = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    });
    let status = wait_at_most(&mut child, std::time::Duration::from_secs(60));
    let stdout = reading.join().expect("read stdout");
    assert_eq!(status.map(|s| s.code()), Some(Some(0)), "None: hung; stdout:\n{stdout}");
    assert!(stdout.contains("Game #1 of Carat begins"), "{stdout}");
    assert_eq!(stdout.matches("bob> board").count(), 2, "{stdout}");
    assert!(stdout.contains("bob> games"), "the last line was answered too: {stdout}");
}

/// `spieltisch local 2>&-`: standard error closed outright. The chat answers as usual.
#[test]
fn a_closed_standard_error_does_not_stop_the_chat() {
    use std::{
        io::Write,
        process::{Command, Stdio},
    };
    let place = Place::new();
    let mut child = Command::new("sh")
        .args(["-c", "exec \"$0\" \"$@\" 2>&-"]).arg(crate::support::binary())
        .args(["local", "--db", &place.db_url(), "--boards", &place.boards().display().to_string(), "--as", "alice"])
        .current_dir(place.path())
        .env("RUST_LOG", "debug")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start spieltisch");
    child.stdin.take().expect("stdin").write_all(b"new carat seed=7\nas bob\njoin\nstart\nboard\n").expect("write");
    let output = child.wait_with_output().expect("spieltisch ran");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("Game #1 of Carat begins") && stdout.contains("bob> board"), "{stdout}");
    assert!(output.stderr.is_empty(), "nothing reaches the closed descriptor");
}

/// `--db sqlite://` names no file and `sqlite::memory:` keeps nothing: each pooled
/// connection opened its own empty database, so `new` was acknowledged and the next
/// command failed ("The game storage failed"). Now the start is refused with what to
/// write instead, before any command is answered.
#[test]
fn a_database_url_without_a_file_is_refused_at_the_start() {
    let place = Place::new();
    for url in ["sqlite://", "sqlite:", "sqlite::memory:", "sqlite://?mode=memory", "sqlite://:memory:"] {
        let run = crate::support::spieltisch(place.path(), &["local", "--db", url, "--as", "alice"], "new carat\nas bob\njoin\n", &[]);
        assert_eq!(run.code, Some(1), "{url}: stdout:\n{}\nstderr:\n{}", run.stdout, run.stderr);
        assert!(!run.stdout.contains("#1"), "{url}: nothing was acknowledged: {}", run.stdout);
        assert!(run.stderr.contains(&format!("`{url}`")), "{url}: the error names the URL: {}", run.stderr);
        assert!(run.stderr.contains("sqlite://spieltisch.db"), "{url}: the error says what to write: {}", run.stderr);
    }
}

/// A PostgreSQL URL with one slash (`postgres:/`) or without its scheme was taken for a
/// SQLite file name, and the error printed it with its password: "cannot open the
/// database postgres:/pwuser:Sekr3t-PW-xyz@…: unable to open database file". Now it is
/// refused before anything is opened, with the accepted forms and without the password;
/// nothing is created in the working directory.
#[test]
fn a_misspelt_database_url_is_refused_without_showing_its_password() {
    let place = Place::new();
    let cases = [
        ("postgres:/pwuser:Sekr3t-PW-xyz@127.0.0.1:41699/rev_a", "`postgres:/pwuser:***@127.0.0.1:41699/rev_a` is not a database URL"),
        ("pwuser:Sekr3t-PW-xyz@127.0.0.1/rev_a", "`pwuser:***@127.0.0.1/rev_a` is not a database URL"),
        ("postgress://pwuser:Sekr3t-PW-xyz@127.0.0.1/rev_a", "the scheme `postgress:` is misspelt"),
        ("mysql://pwuser:Sekr3t-PW-xyz@127.0.0.1/rev_a", "PostgreSQL or SQLite only"),
        ("postgres://pwuser@127.0.0.1:41699/rev_a?sslpassword=Sekr3t-PW-xyz", "the parameter `sslpassword` is not supported"),
    ];
    for (url, reason) in cases {
        let run = crate::support::spieltisch(place.path(), &["local", "--db", url, "--as", "alice"], "new carat\n", &[]);
        assert_eq!(run.code, Some(1), "{url}: stdout:\n{}\nstderr:\n{}", run.stdout, run.stderr);
        assert!(run.stderr.contains(reason), "{url}: {}", run.stderr);
        assert!(!run.stderr.contains("Sekr3t") && !run.stdout.contains("Sekr3t"), "{url}: the password is shown: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{url}: nothing was answered: {}", run.stdout);
    }
    let run = crate::support::spieltisch(place.path(), &["local", "--db", "postgres:/pwuser:Sekr3t-PW-xyz@127.0.0.1:41699/rev_a"], "", &[]);
    assert!(run.stderr.contains("write `postgres://user:password@host:port/database` (or `postgresql://…`) for PostgreSQL"), "{}", run.stderr);
    let left: Vec<_> = std::fs::read_dir(place.path()).expect("the dir").map(|e| e.expect("entry").file_name()).collect();
    assert!(left.is_empty(), "nothing is created: {left:?}");
}

/// A `spieltisch local` run by `sh -c "trap '' XFSZ; exec …"`: a process whose file size
/// limit may be lowered (its writes then fail instead of killing it).
fn limited_chat(place: &Place) -> crate::support::Live {
    let command = format!(
        "trap '' XFSZ; exec '{}' local --db '{}' --boards '{}' --as alice",
        crate::support::binary().display(),
        place.db_url(),
        place.boards().display()
    );
    crate::support::Live::start(place.path(), &command)
}

/// Sets the file size limit of process `pid` (`prlimit --fsize`): `1` makes every write
/// to a file fail, as on a full disk; `unlimited` frees it again.
fn file_size_limit(pid: u32, soft: &str) {
    let status = std::process::Command::new("prlimit")
        .args(["--pid", &pid.to_string(), &format!("--fsize={soft}:unlimited")])
        .status()
        .expect("run prlimit (util-linux)");
    assert!(status.success(), "prlimit --fsize={soft}");
}

/// Issue 38: after a full disk was freed, the same process answered "The game storage
/// failed" to every later move ("attempted to call begin_with at non-zero transaction
/// depth"): the pooled connection whose COMMIT had failed stayed inside its transaction.
/// Here every file write fails for a while (the file size limit at one byte: SQLite's
/// COMMIT cannot write its log) and then succeeds again; the move refused while the
/// writes failed is played at the next try, and the game goes on.
#[test]
fn moves_work_again_as_soon_as_a_full_disk_is_freed() {
    let place = Place::new();
    let mut chat = limited_chat(&place);
    let wait = std::time::Duration::from_secs(30);
    let say = |chat: &mut crate::support::Live, line: &str, expect: &str| {
        chat.type_line(line);
        chat.wait_for(expect, wait);
    };
    say(&mut chat, "new carat seed=7", "invites you to a game of Carat");
    say(&mut chat, "as bob", "You speak as bob now.");
    say(&mut chat, "join", "All seats are taken");
    say(&mut chat, "start", "It is @alice's turn.");
    say(&mut chat, "as alice", "You speak as alice now.");
    file_size_limit(chat.child.id(), "1");
    say(&mut chat, "c3 red", "The game storage failed, so nothing was changed");
    say(&mut chat, "c3 red", "The game storage failed, so nothing was changed");
    file_size_limit(chat.child.id(), "unlimited");
    say(&mut chat, "c3 red", "alice plays c3 red (game #1, move 1).");
    say(&mut chat, "as bob", "You speak as bob now.");
    say(&mut chat, "c4 blue", "bob plays c4 blue (game #1, move 2).");
    say(&mut chat, "history", "c4 blue");
}
