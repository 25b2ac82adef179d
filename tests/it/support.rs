//! Running the built `spieltisch` binary with a script on standard input, and playing
//! the same game through the rules crate directly to know what to expect.

use std::{
    io::Write,
    path::{Path, PathBuf},
    process::{Command, Output, Stdio},
};

use rules::{GameKind, Match};

/// What a run of the binary printed.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: Option<i32>,
}

/// The binary under test: the one cargo built, or `SPIELTISCH_TEST_BIN` when set (to run
/// these tests against another build, e.g. an older one, to see which fail there).
pub fn binary() -> PathBuf {
    std::env::var_os("SPIELTISCH_TEST_BIN").map_or_else(|| env!("CARGO_BIN_EXE_spieltisch").into(), Into::into)
}

/// Runs `spieltisch ARGS` in `dir` with `stdin` as its input.
pub fn spieltisch(dir: &Path, args: &[&str], stdin: &str, env: &[(&str, &str)]) -> Run {
    spieltisch_bytes(dir, args, stdin.as_bytes(), env)
}

/// Runs `spieltisch ARGS` in `dir` with raw `stdin` bytes (which need not be UTF-8).
pub fn spieltisch_bytes(dir: &Path, args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Run {
    let mut command = Command::new(binary());
    command.args(args).current_dir(dir).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    command.env_remove("RUST_LOG").env_remove("SPIELTISCH_DISCORD_TOKEN").env_remove("SPIELTISCH_MATRIX_PASSWORD");
    for (k, v) in env {
        command.env(k, v);
    }
    let mut child = command.spawn().expect("start spieltisch");
    child.stdin.take().expect("stdin").write_all(stdin).expect("write the script");
    let Output { status, stdout, stderr } = child.wait_with_output().expect("spieltisch ran");
    Run {
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        code: status.code(),
    }
}

/// A temporary directory with a database URL and a boards directory inside.
pub struct Place {
    pub dir: tempfile::TempDir,
}

impl Place {
    pub fn new() -> Place {
        Place { dir: tempfile::tempdir().expect("temp dir") }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn db_url(&self) -> String {
        format!("sqlite://{}", self.path().join("games.db").display())
    }

    pub fn boards(&self) -> PathBuf {
        self.path().join("boards")
    }

    /// Runs `spieltisch local` on this place's database with `script`.
    pub fn local(&self, script: &str) -> Run {
        let db = self.db_url();
        let boards = self.boards().display().to_string();
        let run = spieltisch(self.path(), &["local", "--db", &db, "--boards", &boards, "--as", "alice"], script, &[]);
        assert_eq!(run.code, Some(0), "spieltisch local failed:\n{}\n{}", run.stdout, run.stderr);
        run
    }
}

/// A Carat game played through the rules crate directly: the players' names in seat
/// order, the moves (who, what), and the finished game.
pub struct Planned {
    pub names: Vec<String>,
    pub moves: Vec<(String, String)>,
    pub game: Box<dyn Match>,
}

/// Plays a whole two-player Carat game from `seed` through the rules crate, choosing
/// moves by a fixed rule (the legal move at index `7k mod n` for the k-th move).
pub fn plan_carat(seed: u64) -> Planned {
    let names = vec!["alice".to_string(), "bob".to_string()];
    let mut game = rules::open(GameKind::Carat, &serde_json::json!({"players": 2}), 2, None, Some(seed))
        .expect("a Carat game");
    let mut moves = Vec::new();
    let mut k = 0;
    while !game.is_finished() {
        let seat = game.to_move()[0];
        let legal = game.legal_moves();
        let choice = legal[(7 * k) % legal.len()].clone();
        game.play(&choice).expect("a legal move");
        moves.push((names[seat].clone(), choice));
        k += 1;
    }
    Planned { names, moves, game }
}

/// The script's lines for `moves` (switching the speaker as needed); every third move
/// is typed with the `move` command, the others bare.
pub fn move_lines(moves: &[(String, String)], first_index: usize) -> String {
    let mut script = String::new();
    for (i, (who, mv)) in moves.iter().enumerate() {
        script.push_str(&format!("as {who}\n"));
        if (first_index + i).is_multiple_of(3) {
            script.push_str(&format!("move {mv}\n"));
        } else {
            script.push_str(&format!("{mv}\n"));
        }
    }
    script
}

/// The ranking lines the terminal prints, built from the rules' own ranking and scores.
pub fn ranking_lines(game: &dyn Match, names: &[String]) -> Vec<String> {
    let ranking = game.ranking().expect("finished");
    let scores = game.scores().expect("Carat has scores");
    let mut place = 1;
    let mut lines = Vec::new();
    for tier in ranking {
        let who = tier.iter().map(|&s| names[s].clone()).collect::<Vec<_>>().join(", ");
        let points = scores[tier[0]];
        let unit = if points == 1 { "point" } else { "points" };
        lines.push(format!("{place}. {who}: {points} {unit}"));
        place += tier.len();
    }
    lines
}

/// Whether `path` holds PNG bytes.
pub fn is_png(path: &Path) -> bool {
    std::fs::read(path).is_ok_and(|b| b.len() > 1000 && b.starts_with(b"\x89PNG\r\n\x1a\n"))
}

/// The repository's root, read when the test runs (cargo sets `CARGO_MANIFEST_DIR`), so
/// a test binary built in another checkout with the same build cache finds its files.
pub fn manifest_dir() -> std::path::PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(|| env!("CARGO_MANIFEST_DIR").into(), Into::into)
}

/// The spec's complete two-player Carat game (a record file).
pub fn full_game() -> String {
    manifest_dir().join("rules/tests/examples/carat/20-full-game-2p.json").display().to_string()
}

/// A process whose input is typed line by line and whose output is read as it comes
/// (by a thread, in chunks: a prompt without a newline is seen too); every wait is
/// bounded. Killed when dropped.
pub struct Live {
    pub child: std::process::Child,
    input: std::process::ChildStdin,
    output: std::sync::mpsc::Receiver<String>,
    /// What was printed and not yet matched by [`Live::wait_for`].
    seen: String,
}

impl Live {
    /// Starts `command` (as `sh -c`) in `dir`, its standard error discarded.
    pub fn start(dir: &Path, command: &str) -> Live {
        use std::io::Read;
        let mut child = Command::new("sh")
            .args(["-c", command])
            .current_dir(dir)
            .env_remove("RUST_LOG")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the command");
        let input = child.stdin.take().expect("stdin");
        let mut stdout = child.stdout.take().expect("stdout");
        let (send, output) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 || send.send(String::from_utf8_lossy(&buf[..n]).into_owned()).is_err() {
                    break;
                }
            }
        });
        Live { child, input, output, seen: String::new() }
    }

    /// Types `line` (and a newline).
    pub fn type_line(&mut self, line: &str) {
        writeln!(self.input, "{line}").and_then(|()| self.input.flush()).expect("type a line");
    }

    /// Waits (at most `limit`) until the output contains `what`; forgets the output up to
    /// it and returns when it was seen. Panics with all output seen after `limit`.
    pub fn wait_for(&mut self, what: &str, limit: std::time::Duration) -> std::time::Instant {
        let until = std::time::Instant::now() + limit;
        loop {
            if let Some(at) = self.seen.find(what) {
                self.seen.drain(..at + what.len());
                return std::time::Instant::now();
            }
            match self.output.recv_timeout(until.saturating_duration_since(std::time::Instant::now())) {
                Ok(text) => self.seen.push_str(&text),
                Err(_) => panic!("no {what:?} within {limit:?}; the output since the last match:\n{}", self.seen),
            }
        }
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The frames of a GIF as the `gif` crate decodes them (not the encoder's own code):
/// each frame's delay in hundredths of a second, and the logical screen's size.
pub fn gif_frames(bytes: &[u8]) -> (Vec<u16>, (u16, u16)) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes).expect("a GIF");
    let size = (decoder.width(), decoder.height());
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        delays.push(frame.delay);
    }
    (delays, size)
}
