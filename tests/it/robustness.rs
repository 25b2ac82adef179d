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
