//! Standard error that can never stop the bot: the log and the binary's own messages.
//!
//! A log collector that dies (a closed pipe, `| head`, `2>&-`) must not end or block a
//! game. `eprintln!` panics when standard error is a broken pipe, and the log
//! subscriber's own fallback for a failed write was an `eprintln!`: on the
//! `sqlx-sqlite-worker` thread that panic killed the database connection and the waiting
//! command hung. So:
//!
//! * log lines go through tracing-appender's non-blocking writer in lossy mode (a full
//!   queue drops lines instead of waiting) to [`LossyStderr`], which drops lines it cannot
//!   write (and stops trying once the reader is gone);
//! * the binary's own messages use `report!` (defined in `main.rs`, over
//!   [`report_line`]), which writes to standard error and ignores every failure;
//! * a panic on a database thread ([`install_panic_hook`]) is reported and ends the
//!   process, instead of leaving the command that waits for it hanging.
//!
//! No secret reaches the log (issue 38), whatever `RUST_LOG` asks for:
//! * every secret value the bot holds (a [`crate::secret::Secret`], the password of a
//!   configured URL) is registered with [`hide`] when it is read, and [`LossyStderr`]
//!   writes each log line with those values replaced by `***`;
//! * the libraries that log whole websocket frames or HTTP payloads at debug and trace
//!   level (Discord's IDENTIFY frame carries the token) are held at `info`
//!   ([`FRAME_TARGETS`]).

use std::{
    fmt,
    io::{self, Write},
    panic::AssertUnwindSafe,
};

use tracing_appender::non_blocking::{NonBlockingBuilder, WorkerGuard};

/// Writes one line to standard error and ignores any failure.
pub fn report_line(args: fmt::Arguments<'_>) {
    // The binary's own messages hide the secrets too (a URL's password in an error).
    let line = args.to_string();
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "{}", scrub(&line)).and_then(|()| err.flush());
}

/// The log targets that print the frames or payloads they send and receive at debug or
/// trace level (the websocket libraries, the HTTP stacks, serenity's gateway, the Matrix
/// client's HTTP layer): their events above `info` are dropped, whatever the filter.
pub const FRAME_TARGETS: &[&str] =
    &["tungstenite", "tokio_tungstenite", "serenity::gateway", "serenity::http", "hyper", "h2", "reqwest", "matrix_sdk::http_client", "rustls"];

/// The secret values that no log line may show (see [`hide`]).
static SECRETS: std::sync::RwLock<Vec<String>> = std::sync::RwLock::new(Vec::new());

/// Values shorter than this are not hidden: they would blank out ordinary words (a
/// secret that short is no secret anyway).
const SHORTEST_SECRET: usize = 4;

/// Registers `value` as a secret: from now on every log line shows it as `***`. The
/// forms a driver may also print are registered too (percent-decoded, for a URL's
/// password).
pub fn hide(value: &str) {
    let value = value.trim();
    if value.chars().count() < SHORTEST_SECRET {
        return;
    }
    let decoded = percent_decode(value);
    let Ok(mut secrets) = SECRETS.write() else { return };
    for form in [value.to_string(), decoded] {
        if !secrets.contains(&form) {
            secrets.push(form);
        }
    }
    // The longest first, so that a secret containing another is hidden whole.
    secrets.sort_by_key(|s| std::cmp::Reverse(s.len()));
}

/// `text` with every registered secret ([`hide`]) replaced by `***`.
pub fn scrub(text: &str) -> std::borrow::Cow<'_, str> {
    let Ok(secrets) = SECRETS.read() else { return text.into() };
    if !secrets.iter().any(|s| text.contains(s.as_str())) {
        return text.into();
    }
    let mut out = text.to_string();
    for secret in secrets.iter() {
        out = out.replace(secret.as_str(), "***");
    }
    out.into()
}

/// `%XX` escapes decoded (invalid ones kept as they are).
fn percent_decode(text: &str) -> String {
    percent_encoding::percent_decode_str(text).decode_utf8_lossy().into_owned()
}

/// Standard error as the log's last writer: every write "succeeds". A line that cannot
/// be written is dropped (and counted); after a broken pipe nothing more is tried, since
/// that reader never comes back.
#[derive(Debug, Default)]
pub struct LossyStderr {
    broken: bool,
    dropped: u64,
}

impl LossyStderr {
    /// Log lines that could not be written.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    fn write_to(&mut self, target: &mut impl Write, buf: &[u8]) {
        if self.broken {
            self.dropped += 1;
            return;
        }
        if let Err(e) = target.write_all(buf) {
            self.dropped += 1;
            if e.kind() == io::ErrorKind::BrokenPipe {
                self.broken = true;
            }
        }
    }
}

impl Write for LossyStderr {
    /// Writes one log line (the log writes each event whole), its secrets hidden.
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let line = String::from_utf8_lossy(buf);
        let scrubbed = scrub(&line);
        self.write_to(&mut io::stderr().lock(), scrubbed.as_bytes());
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if !self.broken {
            let _ = io::stderr().flush();
        }
        Ok(())
    }
}

/// Keeps the log's writer thread for the life of the process; dropping it writes out
/// what is still queued (waiting at most about a second).
pub struct LogGuard(Option<WorkerGuard>);

impl Drop for LogGuard {
    fn drop(&mut self) {
        if let Some(guard) = self.0.take() {
            // The guard's drop prints with `println!` when the writer thread is stuck (a
            // standard error nobody reads), which panics when standard output is closed
            // too. Neither may change how the process ends.
            let _ = std::panic::catch_unwind(AssertUnwindSafe(move || drop(guard)));
        }
    }
}

/// Logs go to standard error, never blocking and never failing; `RUST_LOG` overrides the
/// default level. Keep the guard until the process ends.
pub fn init(default_filter: &str) -> LogGuard {
    let (writer, guard) = NonBlockingBuilder::default()
        .lossy(true)
        .thread_name("spieltisch-log")
        .finish(LossyStderr::default());
    use tracing_subscriber::{layer::SubscriberExt, util::SubscriberInitExt, Layer};
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default_filter));
    let frames = tracing_subscriber::filter::filter_fn(|meta| !carries_frames(meta.target(), *meta.level()));
    // Colours only for a terminal: a log read from a pipe or file gets no escape codes.
    let ansi = std::io::IsTerminal::is_terminal(&io::stderr());
    let layer = tracing_subscriber::fmt::layer().with_writer(writer).with_ansi(ansi).log_internal_errors(false).with_filter(frames);
    let _ = tracing_subscriber::registry().with(filter).with(layer).try_init();
    LogGuard(Some(guard))
}

/// Whether an event of `target` at `level` may carry a frame or payload (a target of
/// [`FRAME_TARGETS`] or below it, at debug or trace level).
pub fn carries_frames(target: &str, level: tracing::Level) -> bool {
    level > tracing::Level::INFO
        && FRAME_TARGETS.iter().any(|t| target == *t || target.strip_prefix(t).is_some_and(|rest| rest.starts_with("::")))
}

/// The prefix of the names sqlx gives its SQLite connection threads.
const DATABASE_THREAD: &str = "sqlx-sqlite-worker";

/// After the usual panic message (whose failed writes std ignores): a panic on a
/// database connection's thread ends the process with status 101, with a line that
/// says so. That thread's death would otherwise leave the command waiting for it
/// hanging for ever, with nothing told.
pub fn install_panic_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        default(info);
        let thread = std::thread::current();
        let name = thread.name().unwrap_or_default();
        if name.starts_with(DATABASE_THREAD) {
            report_line(format_args!(
                "spieltisch: the database thread {name} failed (see above); stopping, since commands waiting for it \
                 would never be answered"
            ));
            std::process::exit(101);
        }
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that fails every write with `kind`, counting the tries.
    struct Failing(io::ErrorKind, usize);

    impl Write for Failing {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            self.1 += 1;
            Err(io::Error::from(self.0))
        }
        fn flush(&mut self) -> io::Result<()> {
            Err(io::Error::from(self.0))
        }
    }

    #[test]
    fn a_broken_pipe_drops_the_line_and_stops_the_tries() {
        let mut lossy = LossyStderr::default();
        let mut target = Failing(io::ErrorKind::BrokenPipe, 0);
        lossy.write_to(&mut target, b"one\n");
        lossy.write_to(&mut target, b"two\n");
        assert_eq!((target.1, lossy.dropped()), (1, 2));
    }

    #[test]
    fn another_failure_drops_only_that_line() {
        let mut lossy = LossyStderr::default();
        let mut target = Failing(io::ErrorKind::WouldBlock, 0);
        lossy.write_to(&mut target, b"one\n");
        lossy.write_to(&mut target, b"two\n");
        assert_eq!((target.1, lossy.dropped()), (2, 2));
    }
}
