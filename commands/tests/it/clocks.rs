//! Turn clocks: reminders at half time and 12 hours before the end (the
//! defaults: 3 days per move), each sent once, also across a restart; `claim` refused
//! before the time is up and accepted after; vacations stop the clock.

use std::sync::Arc;

use commands::{base::clock::ManualClock, store::Status, Audience};

use crate::{
    slowsupport::{due, log, no, notice_texts, ok, timed_host, DAY, HOUR, MINUTE, T0},
    support::{started, to_move, Place},
};

fn other(user: &str) -> &'static str {
    if user == "alice" { "bob" } else { "alice" }
}

#[tokio::test]
async fn reminders_come_once_each_at_half_time_and_before_the_end_also_across_a_restart() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let id = started(&host, "c", 11).await;
    let (mover, _) = to_move(&host, id).await;

    // Nothing until half of the 3 days has passed.
    clock.advance(36 * HOUR - MINUTE);
    assert!(due(&host, &clock).await.is_empty());
    clock.advance(MINUTE);
    let notices = due(&host, &clock).await;
    assert_eq!(notices.len(), 1, "{}", notice_texts(&notices));
    let half = &notices[0];
    assert_eq!((half.platform.as_str(), half.channel.as_str()), ("test", "c"));
    assert_eq!(half.reply.audience, Audience::Channel);
    assert_eq!(half.reply.text.mentions()[0].id, mover);
    assert_eq!(
        half.reply.text.plain(),
        format!("@{mover}, it is your turn in game #{id} (Carat): half your time for this move has passed, 1 day 12 hours left.")
    );
    // Polling again sends nothing new.
    assert!(due(&host, &clock).await.is_empty());

    // A restart: a new host (own pool, own cache) on the same file.
    drop(host);
    let host = timed_host(&place, &clock).await;
    clock.advance(HOUR);
    assert!(due(&host, &clock).await.is_empty(), "the half-time reminder is not sent again");

    // 12 hours before the end (2 days 12 hours after the start).
    clock.advance(23 * HOUR - MINUTE);
    assert!(due(&host, &clock).await.is_empty());
    clock.advance(MINUTE);
    let notices = due(&host, &clock).await;
    assert_eq!(notices.len(), 1, "{}", notice_texts(&notices));
    assert_eq!(
        notices[0].reply.text.plain(),
        format!("@{mover}, your time in game #{id} (Carat) runs out in 12 hours: please make your move.")
    );
    assert!(due(&host, &clock).await.is_empty());

    // The end: the channel hears that the time is up, once.
    clock.advance(12 * HOUR);
    let notices = due(&host, &clock).await;
    assert_eq!(notices.len(), 1, "{}", notice_texts(&notices));
    assert!(notices[0].reply.text.plain().starts_with(&format!("Time is up for @{mover} in game #{id}")));
    let host = timed_host(&place, &clock).await;
    assert!(due(&host, &clock).await.is_empty());
}

#[tokio::test]
async fn a_move_starts_a_new_turn_with_fresh_reminders() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let id = started(&host, "c", 12).await;
    let (first, moves) = to_move(&host, id).await;
    clock.advance(2 * DAY);
    assert_eq!(due(&host, &clock).await.len(), 1, "the first player's half-time reminder");
    ok(&host, &first, "c", &format!("move {}", moves[0])).await;
    // The second player's turn began now: their half-time comes 36 hours later.
    clock.advance(36 * HOUR - MINUTE);
    assert!(due(&host, &clock).await.is_empty());
    clock.advance(MINUTE);
    let notices = due(&host, &clock).await;
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].reply.text.mentions()[0].id, other(&first));
}

#[tokio::test]
async fn a_player_can_mute_reminders_but_not_the_end_notice() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let id = started(&host, "c", 13).await;
    let (mover, _) = to_move(&host, id).await;
    assert!(ok(&host, &mover, "c", "reminders off").await.contains("reminders are off"));
    clock.advance(3 * DAY - MINUTE);
    assert!(due(&host, &clock).await.is_empty(), "no reminders for a muted player");
    clock.advance(MINUTE);
    let notices = due(&host, &clock).await;
    assert_eq!(notices.len(), 1);
    assert!(notices[0].reply.text.plain().starts_with("Time is up"));
    assert!(ok(&host, &mover, "c", "erinnerungen an").await.contains("reminders are on"));
}

#[tokio::test]
async fn a_claim_is_refused_before_the_time_is_up_and_the_absent_player_loses_after() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let id = started(&host, "c", 14).await;
    let (mover, _) = to_move(&host, id).await;
    let waiting = other(&mover);
    let seat = host.db().players(id).await.expect("players").iter().find(|p| p.user_id == mover).expect("seat").seat;

    clock.advance(DAY);
    let refusal = no(&host, waiting, "c", "claim").await;
    assert_eq!(refusal, format!("{mover} still has 2 days for this move in game #{id}: you can claim only when the time is up."));
    clock.advance(2 * DAY - MINUTE);
    assert!(no(&host, waiting, "c", "claim").await.contains("still has 1 minute"));
    // The player to move cannot claim against themselves.
    clock.advance(MINUTE);
    assert!(no(&host, &mover, "c", "claim").await.contains("so there is nothing for you to claim"));
    assert!(log(&host, id).await.is_empty());

    let said = ok(&host, waiting, "c", "claim").await;
    assert!(said.contains(&format!("{waiting} claims game #{id}: the time of {mover} ran out.")), "{said}");
    // The end names the winner and why; the ranking marks the player who ran out.
    let end = format!(
        "Game #{id} is over: {waiting} wins, the time of {mover} ran out. Ranking:\n\
         1. {waiting}: 0 points\n2. {mover} (out of time): 0 points"
    );
    assert!(said.contains(&end), "{said}");
    assert_eq!(log(&host, id).await, vec![format!("@timeout {seat}")]);
    let row = host.db().game(id).await.expect("read").expect("game");
    assert_eq!(row.status, Status::Finished);
    let record = host.record(id).await.expect("record").expect("started");
    let summary = rules::record::replay_record(&record).expect("replays").0.summary();
    let winner = 1 - seat;
    assert_eq!(summary.ranking, Some(vec![vec![winner], vec![seat]]));
}

#[tokio::test]
async fn with_three_players_the_absent_one_is_removed_and_play_goes_on() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    ok(&host, "alice", "c", "new aratoth 3 seed=5 time=1d").await;
    ok(&host, "bob", "c", "join").await;
    ok(&host, "carol", "c", "join").await;
    ok(&host, "alice", "c", "start").await;
    let (mover, _) = to_move(&host, commands::GameId(1)).await;
    let seat = host.db().players(commands::GameId(1)).await.expect("players").iter().find(|p| p.user_id == mover).expect("seat").seat;
    let claimer = ["alice", "bob", "carol"].into_iter().find(|u| *u != mover).expect("someone waits");
    // The game's own time (1 day) counts, not the default 3 days.
    clock.advance(DAY - MINUTE);
    assert!(no(&host, claimer, "c", "claim").await.contains("still has 1 minute"));
    clock.advance(MINUTE);
    let said = ok(&host, claimer, "c", "claim").await;
    let header = format!("{claimer} claims game #1: the time of {mover} ran out, so {mover} leaves the game and play goes on.");
    assert_eq!(said.lines().next(), Some(header.as_str()), "{said}");
    assert_eq!(log(&host, commands::GameId(1)).await, vec![format!("@timeout {seat}")]);
    let row = host.db().game(commands::GameId(1)).await.expect("read").expect("game");
    assert_eq!(row.status, Status::Running, "two players are left");
    assert_eq!(row.to_move.len(), 1);
    assert_ne!(row.to_move[0], seat);
    // The next player's clock starts at the claim.
    let (next, _) = to_move(&host, commands::GameId(1)).await;
    let waiting = ["alice", "bob", "carol"].into_iter().find(|u| *u != next && *u != mover).expect("one waits");
    assert!(no(&host, waiting, "c", "claim").await.contains("still has 1 day"));
    // The player to move has nothing to claim, and hears it plainly.
    assert_eq!(
        no(&host, &next, "c", "claim").await,
        "It is your turn in game #1, so there is nothing for you to claim: the others can claim only when your time runs out."
    );
    // The removed player claims nothing any more.
    clock.advance(DAY);
    assert!(no(&host, &mover, "c", "claim").await.contains("You do not play in game #1."));
    assert_eq!(log(&host, commands::GameId(1)).await.len(), 1);
    // Nor is it listed among their games; the others still see it.
    assert_eq!(ok(&host, &mover, "c", "games").await, "You have no running games and no open invitations.");
    assert!(ok(&host, &next, "c", "games").await.contains("#1"));
}

#[tokio::test]
async fn a_vacation_stops_the_clock_and_is_announced_where_the_player_plays() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let id = started(&host, "c", 15).await;
    let (mover, _) = to_move(&host, id).await;
    let waiting = other(&mover);
    clock.advance(HOUR);
    // Typed in another channel: the game's channel hears it from the scheduler.
    let said = ok(&host, &mover, "elsewhere", "vacation 2").await;
    assert_eq!(said, format!("{mover} is on vacation for 2 days: their clocks stand still until then."));
    let notices = due(&host, &clock).await;
    assert_eq!(notice_texts(&notices), format!("[c] {said}"));
    assert!(due(&host, &clock).await.is_empty());
    assert!(ok(&host, &mover, "c", "vacation").await.contains("You have 28 days of vacation left"));
    assert!(no(&host, &mover, "c", "vacation 29").await.contains("28 days are left"));

    // 3 days after the start, 2 of them on vacation: 1 day of the turn is used.
    clock.advance(3 * DAY - HOUR);
    assert!(due(&host, &clock).await.is_empty(), "no half-time reminder during or right after the vacation");
    assert!(no(&host, waiting, "c", "claim").await.contains("still has 2 days"));
    // Half time: 36 hours of play time, that is 3 days 12 hours after the start.
    clock.advance(12 * HOUR);
    assert_eq!(due(&host, &clock).await.len(), 1);
    clock.advance(36 * HOUR - MINUTE);
    assert!(no(&host, waiting, "c", "claim").await.contains("still has 1 minute"));
    clock.advance(MINUTE);
    ok(&host, waiting, "c", "claim").await;
}

#[tokio::test]
async fn games_lists_how_long_each_turn_has_waited_mine_first() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let first = started(&host, "c", 16).await;
    clock.advance(5 * HOUR);
    let second = started(&host, "d", 17).await;
    let (mover_first, _) = to_move(&host, first).await;
    let (mover_second, _) = to_move(&host, second).await;
    clock.advance(DAY + 20 * MINUTE);
    let list = ok(&host, "alice", "x", "games").await;
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 3, "{list}");
    let line = |id: commands::GameId, mover: &str, waited: &str| {
        let what = if mover == "alice" { "your turn (no moves played)".to_string() } else { format!("{mover} to move") };
        let channel = if id == first { "c" } else { "d" };
        format!("• #{id} Carat in {channel}: {what}, waiting for {waited}")
    };
    // 1 day 5 hours 20 minutes and 1 day 20 minutes: at most two units are shown, the
    // hours rounded to the nearest.
    let a = line(first, &mover_first, "1 day 5 hours");
    let b = line(second, &mover_second, "1 day");
    // Alice's turns come first; among equals the older game.
    let mut want = [(mover_first != "alice", a), (mover_second != "alice", b)];
    want.sort_by_key(|(not_mine, _)| *not_mine);
    assert_eq!(lines[1..], [want[0].1.as_str(), want[1].1.as_str()], "{list}");
}

#[tokio::test]
async fn two_pollers_at_once_send_each_reminder_once() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let one = timed_host(&place, &clock).await;
    let two = timed_host(&place, &clock).await;
    for seed in 51..54 {
        started(&one, &format!("c{seed}"), seed).await;
    }
    ok(&one, "carol", "x", "new carat").await;
    clock.advance(2 * DAY);
    let (a, b) = tokio::join!(due(&one, &clock), due(&two, &clock));
    // Three half-time reminders and one expired invitation, shared between the two.
    let mut all: Vec<String> = a.iter().chain(&b).map(|n| n.channel.clone()).collect();
    all.sort();
    assert_eq!(all, vec!["c51", "c52", "c53", "x"], "{}\n{}", notice_texts(&a), notice_texts(&b));
}

/// With a short time per move the "shortly before the end" reminder comes a quarter of
/// the time before the end (not 12 hours before, which would be at once).
#[tokio::test]
async fn a_short_time_per_move_gets_its_reminders_in_order() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    ok(&host, "alice", "c", "new carat seed=11 time=1h").await;
    ok(&host, "bob", "c", "join").await;
    ok(&host, "alice", "c", "start").await;
    let (mover, _) = to_move(&host, commands::GameId(1)).await;
    assert!(due(&host, &clock).await.is_empty(), "nothing at the start");
    // Half time at 30 minutes.
    clock.advance(30 * MINUTE);
    let notices = due(&host, &clock).await;
    assert_eq!(notices.len(), 1, "{}", notice_texts(&notices));
    assert!(notice_texts(&notices).contains("half your time for this move has passed, 30 minutes left"), "{}", notice_texts(&notices));
    // A quarter of an hour before the end: at 45 minutes, not a minute earlier.
    clock.advance(15 * MINUTE - MINUTE);
    assert!(due(&host, &clock).await.is_empty());
    clock.advance(MINUTE);
    let notices = due(&host, &clock).await;
    assert_eq!(
        notice_texts(&notices),
        format!("[c] @{mover}, your time in game #1 (Carat) runs out in 15 minutes: please make your move.")
    );
}
