//! Invitations (issue 10): expiry after 48 hours (the default), named players who must
//! accept, a cap of 3 open invitations per user, the time per move at `new`.

use std::sync::Arc;

use commands::{clock::ManualClock, storage::Status};

use crate::{
    slowsupport::{due, no, notice_texts, ok, timed_host, HOUR, MINUTE, T0},
    support::Place,
};

#[tokio::test]
async fn an_unanswered_invitation_expires_after_48_hours_once() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    ok(&host, "alice", "c", "new carat").await;
    clock.advance(48 * HOUR - MINUTE);
    assert!(due(&host, &clock).await.is_empty());
    clock.advance(MINUTE);
    let notices = due(&host, &clock).await;
    assert_eq!(
        notice_texts(&notices),
        "[c] Nobody took up the invitation to game #1 (Carat) in time, so it has expired."
    );
    assert_eq!(host.db().game(1).await.expect("read").expect("game").status, Status::Withdrawn);
    // Neither a second poll nor a restarted bot repeats it.
    assert!(due(&host, &clock).await.is_empty());
    let host = timed_host(&place, &clock).await;
    assert!(due(&host, &clock).await.is_empty());
    assert!(no(&host, "bob", "c", "join").await.contains("no open invitation"));
}

#[tokio::test]
async fn a_started_game_does_not_expire() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    ok(&host, "alice", "c", "new carat").await;
    ok(&host, "bob", "c", "join").await;
    ok(&host, "alice", "c", "start").await;
    clock.advance(49 * HOUR);
    let notices = due(&host, &clock).await;
    assert!(notices.iter().all(|n| !n.reply.text.plain().contains("expired")), "{}", notice_texts(&notices));
    assert_eq!(host.db().game(1).await.expect("read").expect("game").status, Status::Running);
}

#[tokio::test]
async fn named_players_must_accept_and_the_game_starts_when_all_have() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    // Without a count, the named players and the creator make the count.
    let said = ok(&host, "alice", "c", "new aratoth @Bob @carol").await;
    assert!(said.starts_with("@alice invites @bob, @carol to a game of Aratoth's Revenge (#1) for 3 players"), "{said}");
    assert!(no(&host, "dave", "c", "join").await.contains("for named players only"));
    ok(&host, "bob", "c", "join").await;
    assert_eq!(host.db().game(1).await.expect("read").expect("game").status, Status::Invited, "carol has not accepted");
    let said = ok(&host, "carol", "c", "join").await;
    assert!(said.contains("Game #1 of Aratoth's Revenge begins"), "{said}");
    assert_eq!(host.db().game(1).await.expect("read").expect("game").status, Status::Running);
    assert_eq!(host.db().players(1).await.expect("players").len(), 3);
    // Too many named players for the game.
    assert!(no(&host, "alice", "d", "new carat @a @b @c @d").await.contains("is for 2 to 4 players"));
}

#[tokio::test]
async fn a_user_has_at_most_three_open_invitations() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    for channel in ["a", "b", "c"] {
        ok(&host, "alice", channel, "new carat").await;
    }
    let refusal = no(&host, "alice", "d", "new carat").await;
    assert_eq!(refusal, "You already have 3 open invitations: wait until they start or expire, or withdraw one with `abort`.");
    // Someone else may still invite; withdrawing one makes room.
    ok(&host, "bob", "d", "new carat").await;
    ok(&host, "alice", "a", "abort").await;
    ok(&host, "alice", "e", "new carat").await;
}

#[tokio::test]
async fn the_time_per_move_is_an_option_of_new() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    assert!(no(&host, "alice", "c", "new carat time=soon").await.contains("is not a time per move"));
    ok(&host, "alice", "c", "new carat zeit=1d12h").await;
    ok(&host, "bob", "c", "join").await;
    ok(&host, "alice", "c", "start").await;
    // Half of 36 hours.
    clock.advance(18 * HOUR - MINUTE);
    assert!(due(&host, &clock).await.is_empty());
    clock.advance(MINUTE);
    let notices = due(&host, &clock).await;
    assert_eq!(notices.len(), 1);
    assert!(notices[0].reply.text.plain().ends_with("half your time for this move has passed, 18 hours left."));
}
