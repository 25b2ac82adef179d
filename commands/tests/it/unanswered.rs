//! A move stored just before a crash was never acknowledged to its player (issue 38).
//! Now the move's transaction also writes an `unanswered_moves` row, deleted once the
//! answer is handed to the chat; after a restart the scheduler finds a row older than
//! its grace period and tells the mover privately, exactly once.

use std::sync::Arc;

use commands::{base::clock::ManualClock, scheduler::UNANSWERED_GRACE_MS, Audience};

use crate::{
    slowsupport::{ok, timed_host, T0},
    support::{execute, origin, started, Place},
};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_move_stored_before_a_crash_is_acknowledged_after_the_restart_once() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let id = started(&host, "c", 7).await;
    // An answered move leaves nothing behind.
    let first = host.legal_moves(&origin("alice", "c"), Some(id), "").await.expect("moves")[0].clone();
    ok(&host, "alice", "c", &first).await;
    assert_eq!(execute(host.db(), "DELETE FROM unanswered_moves", &[]).await, 0, "the answered move's row is gone");
    // What a kill between the move's transaction and its answer leaves: the move and its
    // row (both are written in one transaction; here the row of bob's move, stored).
    let second = host.legal_moves(&origin("bob", "c"), Some(id), "").await.expect("moves")[0].clone();
    ok(&host, "bob", "c", &second).await;
    execute(host.db(), &format!("INSERT INTO unanswered_moves (game_id, seq, user_id, text, at) VALUES ({id}, 2, 'bob', '{second}', {T0})"), &[]).await;
    drop(host);

    let (one, two) = (timed_host(&place, &clock).await, timed_host(&place, &clock).await);
    // Within the grace period nothing is said (the answer may still be on its way).
    assert!(one.due_notices(one.now()).await.iter().all(|n| !n.reply.text.plain().contains("was stored")));
    clock.advance(UNANSWERED_GRACE_MS + 1);
    let now = one.now();
    let (a, b) = tokio::join!(one.due_notices(now), two.due_notices(now));
    let told: Vec<_> = a.iter().chain(&b).filter(|n| n.reply.text.plain().contains("was stored")).collect();
    assert_eq!(told.len(), 1, "told once: {told:?}");
    assert_eq!(told[0].reply.audience, Audience::User("bob".into()));
    assert_eq!((told[0].platform.as_str(), told[0].channel.as_str()), ("test", "c"));
    assert_eq!(
        told[0].reply.text.plain(),
        format!("Your move {second} in game #{id} (Carat, channel c) was stored, but the bot stopped before it could answer: `board #{id}` shows the game.")
    );
    clock.advance(UNANSWERED_GRACE_MS + 1);
    assert!(one.due_notices(one.now()).await.iter().all(|n| !n.reply.text.plain().contains("was stored")), "only once");
}
