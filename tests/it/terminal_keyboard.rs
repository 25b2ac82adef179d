//! The terminal at a keyboard (issue 41): driven through a pseudo-terminal, lines are
//! read by the line editor — ↑ recalls the last line (it was sent as `[A` before),
//! Tab completes command words, game numbers and moves, a typo is answered with the
//! nearest command, and the history is kept next to the database for the next session.

use std::process::Command;

use rexpect::session::{spawn_command, PtySession};

use crate::support::{binary, Place};

const UP: &str = "\x1b[A";

/// Types `keys` one by one, as a person does (`terminal_ai` types whole lines at once:
/// rustyline 18 answered such a burst only at the next key, 19 at once).
fn keys(session: &mut PtySession, keys: &str) {
    for key in keys.chars() {
        session.send(&key.to_string()).expect("type a key");
        session.flush().expect("flush");
        std::thread::sleep(std::time::Duration::from_millis(15));
    }
}

fn start(place: &Place) -> PtySession {
    let mut command = Command::new(binary());
    let db = place.db_url();
    let boards = place.boards().display().to_string();
    command.args(["local", "--db", &db, "--boards", &boards, "--as", "alice", "--lang", "en"]).current_dir(place.path());
    command.env("TERM", "xterm").env_remove("RUST_LOG");
    let mut session = spawn_command(command, Some(30_000)).expect("start spieltisch in a pseudo-terminal");
    session.exp_string("alice> ").expect("the prompt");
    session
}

#[test]
fn the_terminal_reads_lines_with_a_line_editor() {
    let place = Place::new();
    let mut s = start(&place);
    // A typo: the nearest command is suggested.
    keys(&mut s, "mvoes\r");
    s.exp_string("did you mean `moves`?").expect("the nearest command");
    s.exp_string("alice> ").expect("the prompt");
    // ↑ and Enter: the last line again, not the escape sequence as a command.
    keys(&mut s, UP);
    keys(&mut s, "\r");
    s.exp_string("did you mean `moves`?").expect("the recalled line, answered again");
    s.exp_string("alice> ").expect("the prompt");
    // Tab completes a command word (`leaderb` has one completion).
    keys(&mut s, "leaderb\t");
    s.exp_string("leaderboard").expect("completed");
    keys(&mut s, " carat\r");
    s.exp_string("Nobody has a rating in Carat").expect("the completed command ran");
    s.exp_string("alice> ").expect("the prompt");
    // A game against the AI: Tab completes its number and the moves of it.
    keys(&mut s, "new carat @bot seed=3\r");
    s.exp_string("Game #1 of Carat begins").expect("the game started");
    s.exp_string("alice> ").expect("the prompt");
    keys(&mut s, "board #\t");
    s.exp_string("#1").expect("the game's number completed");
    keys(&mut s, "\r");
    s.exp_string("picture: ").expect("the board");
    s.exp_string("alice> ").expect("the prompt");
    s.send_control('d').expect("ctrl-d");
    s.exp_eof().expect("the session ends at Ctrl-D");
    let history = std::fs::read_to_string(place.path().join("games.db.history")).expect("the history is kept");
    for line in ["mvoes", "leaderboard carat", "new carat @bot seed=3", "board #1"] {
        assert!(history.lines().any(|l| l == line), "{line} in {history}");
    }
    // The next session recalls the last line of the one before.
    let mut s = start(&place);
    keys(&mut s, UP);
    s.exp_string("board #1").expect("the history of the last session");
    keys(&mut s, "\r");
    s.exp_string("picture: ").expect("the board");
    s.exp_string("alice> ").expect("the prompt");
    s.send_control('d').expect("ctrl-d");
    s.exp_eof().expect("ends");
}
