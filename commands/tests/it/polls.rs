//! What a scheduler poll takes: only the work of the platforms it serves (the others'
//! reminders, outbox messages, expired invitations and due challenges stay for their
//! own adapter), and no turn notices for games with a single player.

use std::sync::Arc;

use commands::{
    base::clock::{Clock, ManualClock},
    Origin,
};

use crate::{
    slowsupport::{no_at, notice_texts, ok_at, timed_host, DAY, HOUR, MINUTE, T0},
    support::{origin, started_where, Place},
};

/// The user to move in game `id`.
async fn mover(host: &commands::Host, id: commands::GameId) -> String {
    let row = host.db().game(id).await.expect("read").expect("game");
    let players = host.db().players(id).await.expect("players");
    players[row.to_move[0]].user_id.clone()
}

/// `user` in `channel` on `platform`.
fn on(platform: &str, user: &str, channel: &str) -> Origin {
    Origin { platform: platform.into(), ..origin(user, channel) }
}

/// A Discord game's half-time reminder (the default 3 days per move: due after 36
/// hours, 1 day 12 hours left) is not taken by a poll that serves only Matrix, which
/// gets its own game's reminder; a later poll for Discord delivers it, once.
#[tokio::test]
async fn a_poll_takes_only_the_reminders_of_its_platforms() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let d = started_where(&host, |user| on("discord", user, "100"), 71).await;
    let m = started_where(&host, |user| on("matrix", user, "!room:example.org"), 72).await;
    let mover_d = mover(&host, d).await;
    let mover_m = mover(&host, m).await;
    clock.advance(36 * HOUR);
    let now = clock.now_ms();
    let matrix = host.due_notices_for(now, &["matrix"]).await;
    assert_eq!(
        notice_texts(&matrix),
        format!("[!room:example.org] @{mover_m}, it is your turn in game #{m} (Carat): half your time for this move has passed, 1 day 12 hours left.")
    );
    assert_eq!(matrix[0].platform, "matrix");
    assert!(host.due_notices_for(now, &["matrix"]).await.is_empty(), "once");
    assert!(host.due_notices_for(now, &[]).await.is_empty(), "no platform, no work");
    // Ten minutes later a Discord adapter runs (1 day 11 hours 50 minutes left, shown
    // in two units, the hours rounded to the nearest).
    clock.advance(10 * MINUTE);
    let discord = host.due_notices_for(clock.now_ms(), &["discord", "terminal"]).await;
    assert_eq!(
        notice_texts(&discord),
        format!("[100] @{mover_d}, it is your turn in game #{d} (Carat): half your time for this move has passed, 1 day 12 hours left.")
    );
    assert_eq!(discord[0].platform, "discord");
    assert!(host.due_notices(clock.now_ms()).await.is_empty(), "nothing left for anyone");
}

/// An outbox message (a vacation told in the player's other channel) of Discord stays
/// for Discord's poll.
#[tokio::test]
async fn outbox_messages_wait_for_their_platform() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    started_where(&host, |user| on("discord", user, "100"), 73).await;
    started_where(&host, |user| on("discord", user, "200"), 74).await;
    let said = ok_at(&host, &on("discord", "alice", "100"), "vacation 2").await;
    assert_eq!(said, "alice is on vacation for 2 days: their clocks stand still until then.");
    assert!(host.due_notices_for(T0, &["matrix"]).await.is_empty());
    let discord = host.due_notices_for(T0, &["discord"]).await;
    assert_eq!(notice_texts(&discord), "[200] alice is on vacation for 2 days: their clocks stand still until then.");
    assert!(host.due_notices(T0).await.is_empty(), "delivered once");
}

/// A Discord invitation nobody joined expires (48 hours by default) only in a poll for
/// Discord: a Matrix poll leaves it open, so it can still be joined.
#[tokio::test]
async fn an_invitation_expires_in_its_platforms_poll() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let invited = host.handle(&on("discord", "carol", "300"), "new carat").await;
    let id = invited[0].game.expect("an invitation").id;
    clock.advance(48 * HOUR);
    assert!(host.due_notices_for(clock.now_ms(), &["matrix"]).await.is_empty());
    let status = host.db().game(id).await.expect("read").expect("game").status;
    assert_eq!(status, commands::store::Status::Invited);
    let discord = host.due_notices_for(clock.now_ms(), &["discord"]).await;
    assert_eq!(
        notice_texts(&discord),
        format!("[300] Nobody took up the invitation to game #{id} (Carat) in time, so it has expired.")
    );
}

/// A Discord challenge whose hour is up stays open through a Matrix poll and is closed
/// by the Discord poll.
#[tokio::test]
async fn a_due_challenge_waits_for_its_platforms_poll() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    ok_at(&host, &on("discord", "alice", "100"), "new hathor challenge hours=1").await;
    clock.advance(HOUR);
    assert!(host.close_due_challenges_for(&["matrix"]).await.expect("poll").is_empty());
    let closed = host.close_due_challenges_for(&["discord"]).await.expect("poll");
    assert_eq!(closed.len(), 1);
    assert_eq!((closed[0].platform.as_str(), closed[0].channel.as_str()), ("discord", "100"));
    assert!(closed[0].replies[0].text.plain().starts_with("Challenge #1 (Hathor, variant 1) is closed."), "{}", closed[0].replies[0].text.plain());
    assert!(host.close_due_challenges().await.expect("poll").is_empty(), "closed once");
}

/// A game for one (Hathor solo, a challenge game) gets no turn notices even when its
/// player has not moved for a week, and `claim` there is refused: nobody waits. A
/// Carat game of the same age has its "time is up" (3 days by default).
#[tokio::test]
async fn a_game_for_one_gets_no_turn_notices_and_no_claim() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let solo = host.handle(&origin("alice", "solo"), "new hathor seed=8").await;
    let solo = solo[0].game.expect("a solo game").id;
    ok_at(&host, &origin("alice", "c"), "new hathor challenge hours=168").await;
    let carat = crate::support::started(&host, "d", 75).await;
    let carat_mover = mover(&host, carat).await;
    clock.advance(3 * DAY);
    assert_eq!(
        notice_texts(&host.due_notices(clock.now_ms()).await),
        format!("[d] Time is up for @{carat_mover} in game #{carat} (Carat): the other players can `claim` the game now.")
    );
    clock.advance(4 * DAY - MINUTE);
    assert!(host.due_notices(clock.now_ms()).await.is_empty());
    let refusal = no_at(&host, &origin("alice", "solo"), &format!("claim #{solo}")).await;
    assert_eq!(refusal, format!("You play game #{solo} alone: nobody waits for your move and nobody can claim it, so take your time."));
    let german = Origin { lang: Some(commands::Lang::De), ..origin("alice", "solo") };
    assert_eq!(
        no_at(&host, &german, "reklamieren").await,
        format!("Partie #{solo} spielst du allein: niemand wartet auf deinen Zug und niemand kann ihn reklamieren, lass dir also Zeit.")
    );
}

/// Of three players one timed out: two are still in the game, so the next turn has its
/// notices (1 day per move: half time after 12 hours; the reminder before the end comes
/// a quarter of the day, 6 hours, before it, since 12 hours would be half the time).
#[tokio::test]
async fn two_players_left_of_three_still_get_turn_notices() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let at = |user: &str| origin(user, "c");
    ok_at(&host, &at("alice"), "new aratoth 3 seed=5 time=1d").await;
    ok_at(&host, &at("bob"), "join").await;
    ok_at(&host, &at("carol"), "join").await;
    ok_at(&host, &at("alice"), "start").await;
    let first = mover(&host, commands::GameId(1)).await;
    clock.advance(DAY);
    let claimer = ["alice", "bob", "carol"].into_iter().find(|u| *u != first).expect("someone waits");
    ok_at(&host, &at(claimer), "claim").await;
    host.due_notices(clock.now_ms()).await;
    let next = mover(&host, commands::GameId(1)).await;
    clock.advance(12 * HOUR);
    assert_eq!(
        notice_texts(&host.due_notices(clock.now_ms()).await),
        format!("[c] @{next}, it is your turn in game #1 (Aratoth's Revenge): half your time for this move has passed, 12 hours left.")
    );
    clock.advance(6 * HOUR);
    assert_eq!(
        notice_texts(&host.due_notices(clock.now_ms()).await),
        format!("[c] @{next}, your time in game #1 (Aratoth's Revenge) runs out in 6 hours: please make your move.")
    );
}
