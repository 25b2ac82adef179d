//! Hosts on a manual clock (play over days): time moves only when a test says so.

use std::sync::Arc;

use commands::{
    base::clock::{Clock, ManualClock},
    store::Db,
    Host, HostOptions, Notice, Origin,
};

use crate::support::{origin, texts, Place};

/// 2026-11-29 00:00 UTC.
pub const T0: i64 = 1_795_910_400_000;
pub const MINUTE: i64 = 60_000;
pub const HOUR: i64 = 60 * MINUTE;
pub const DAY: i64 = 24 * HOUR;

/// A host on `place`'s file with `clock` (a new one is what a restarted bot has).
pub async fn timed_host(place: &Place, clock: &Arc<ManualClock>) -> Host {
    let db = Db::open(&place.url()).await.expect("open the database");
    Host::with_db(db, HostOptions { pictures: false, ..HostOptions::default() }, clock.clone())
}

/// The notices due at the clock's time.
pub async fn due(host: &Host, clock: &ManualClock) -> Vec<Notice> {
    host.due_notices(clock.now_ms()).await
}

/// The notices' texts, one per line.
pub fn notice_texts(notices: &[Notice]) -> String {
    notices.iter().map(|n| format!("[{}] {}", n.channel, n.reply.text.plain())).collect::<Vec<_>>().join("\n")
}

/// `user` runs `line` in `channel`; panics on a refusal.
pub async fn ok(host: &Host, user: &str, channel: &str, line: &str) -> String {
    ok_at(host, &origin(user, channel), line).await
}

/// `line` from `at`; panics on a refusal.
pub async fn ok_at(host: &Host, at: &Origin, line: &str) -> String {
    let replies = host.handle(at, line).await;
    assert!(replies.iter().all(|r| !r.refusal), "{}: {line}: {}", at.user.id, texts(&replies));
    texts(&replies)
}

/// `user` runs `line` in `channel`; panics unless it is refused; the refusal's text.
pub async fn no(host: &Host, user: &str, channel: &str, line: &str) -> String {
    no_at(host, &origin(user, channel), line).await
}

/// `line` from `at`; panics unless it is refused; the refusal's text.
pub async fn no_at(host: &Host, at: &Origin, line: &str) -> String {
    let replies = host.handle(at, line).await;
    let user = &at.user.id;
    assert!(matches!(replies.as_slice(), [r] if r.refusal), "{user}: {line} was not refused: {}", texts(&replies));
    texts(&replies)
}

/// The stored log texts of game `id`.
pub async fn log(host: &Host, id: commands::GameId) -> Vec<String> {
    host.db().log_after(id, 0).await.expect("log").into_iter().map(|e| e.text).collect()
}
