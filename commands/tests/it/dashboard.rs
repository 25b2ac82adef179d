//! A living board of games and a tidy channel (issue 40), as the command layer sees them:
//! the `dashboard` reply and the scheduler's edits carry the dashboard's slot, turn pings
//! and the moves after them carry the slots that let an adapter delete old pings
//! (`tidy=on`). The adapters' side (editing, deleting, pinning) is tested against the
//! fake Discord and a real Synapse in the root package's tests.

use std::sync::Arc;

use commands::{Audience, Slot, SlotAction, base::clock::ManualClock};

use crate::{
    slowsupport::{due, no, no_at, notice_texts, ok, ok_at, timed_host, DAY, HOUR, MINUTE, T0},
    support::{admin, started, to_move, Place},
};

fn dashboard_slot() -> Option<Slot> {
    Some(Slot { key: "dashboard".into(), action: SlotAction::Edit })
}

#[tokio::test]
async fn the_dashboard_lists_the_running_games_and_is_edited_when_they_move() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    assert_eq!(no(&host, "alice", "c", "dashboard").await, "Only admins can post or stop the dashboard.");
    assert_eq!(ok_at(&host, &admin("root", "c"), "dashboard off").await, "There is no dashboard here (`dashboard` posts one).");

    let id = started(&host, "c", 41).await;
    let (mover, moves) = to_move(&host, id).await;
    let other = if mover == "alice" { "bob" } else { "alice" };
    let said = host.handle(&admin("root", "c"), "dashboard").await;
    assert_eq!(said.len(), 1);
    assert_eq!(said[0].audience, Audience::Channel);
    assert_eq!(said[0].slot, dashboard_slot());
    // The bot's default time per move is 3 days, none of it used yet.
    assert_eq!(
        said[0].text.plain(),
        format!("One game running (this message keeps itself up to date):\n• #{id} Carat: alice – bob · {mover} to move, 3 days left")
    );
    assert!(said[0].text.mentions().is_empty(), "an edited list never pings anybody");
    assert!(due(&host, &clock).await.is_empty(), "nothing changed: no edit");

    // A move: the next poll at least 10 s after the last edit edits the list.
    ok(&host, &mover, "c", &moves[0]).await;
    clock.advance(9_000);
    assert!(due(&host, &clock).await.iter().all(|n| n.reply.slot != dashboard_slot()), "at most one edit per 10 s");
    clock.advance(1_000);
    let notices = due(&host, &clock).await;
    assert_eq!(notices.len(), 1, "{}", notice_texts(&notices));
    assert_eq!(notices[0].reply.slot, dashboard_slot());
    // 3 days less 10 s, shown rounded down to whole hours
    assert_eq!(
        notice_texts(&notices),
        format!("[c] One game running (this message keeps itself up to date):\n• #{id} Carat: alice – bob · {other} to move, 2 days 23 hours left")
    );
    // The clock runs, but the text stays the same within the hour: no edit.
    clock.advance(40 * MINUTE);
    assert!(due(&host, &clock).await.is_empty());
    // A game in another channel of no server is not on this channel's list; a new one here is.
    let elsewhere = started(&host, "d", 42).await;
    let second = started(&host, "c", 43).await;
    clock.advance(20 * MINUTE);
    let notices = due(&host, &clock).await;
    let text = notice_texts(&notices);
    assert!(text.starts_with("[c] 2 games running"), "{text}");
    assert!(text.contains(&format!("• #{id} Carat")) && text.contains(&format!("• #{second} Carat")), "{text}");
    assert!(!text.contains(&format!("#{elsewhere} ")), "{text}");

    assert_eq!(ok_at(&host, &admin("root", "c"), "dashboard off").await, "The dashboard here is off: I no longer edit it.");
    let (mover, moves) = to_move(&host, id).await;
    ok(&host, &mover, "c", &format!("move #{id} {}", moves[0])).await;
    clock.advance(HOUR);
    assert!(due(&host, &clock).await.iter().all(|n| n.reply.slot.is_none()), "no dashboard after `dashboard off`");
}

#[tokio::test]
async fn two_processes_post_each_change_of_a_dashboard_once() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let first = timed_host(&place, &clock).await;
    let second = timed_host(&place, &clock).await;
    let id = started(&first, "c", 41).await;
    first.handle(&admin("root", "c"), "dashboard").await;
    let (mover, moves) = to_move(&first, id).await;
    ok(&second, &mover, "c", &moves[0]).await;
    clock.advance(DAY);
    let (a, b) = tokio::join!(due(&first, &clock), due(&second, &clock));
    let edits = a.iter().chain(&b).filter(|n| n.reply.slot == dashboard_slot()).count();
    assert_eq!(edits, 1, "one edit between the two: {} / {}", notice_texts(&a), notice_texts(&b));
}

#[tokio::test]
async fn with_tidy_on_turn_pings_replace_each_other_and_a_move_clears_them() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    ok_at(&host, &admin("root", "c"), "settings tidy=on").await;
    let id = started(&host, "c", 41).await;
    let untidy = started(&host, "d", 42).await;
    // Half of the 3 days: the reminders.
    clock.advance(36 * HOUR);
    let notices = due(&host, &clock).await;
    assert_eq!(notices.len(), 2, "{}", notice_texts(&notices));
    let ping = notices.iter().find(|n| n.channel == "c").expect("the reminder in c");
    assert_eq!(ping.reply.slot, Some(Slot { key: format!("ping:{id}"), action: SlotAction::Replace }));
    let seq = ping.reply.game.expect("about the game").seq;
    let plain = notices.iter().find(|n| n.channel == "d").expect("the reminder in d");
    assert_eq!(plain.reply.slot, None, "channel d keeps its pings");
    assert_eq!(plain.reply.game.map(|g| g.id), Some(untidy));

    // The move answers the ping: its announcement clears the ping of an earlier move.
    let (mover, moves) = to_move(&host, id).await;
    let said = host.handle(&crate::support::origin(&mover, "c"), &moves[0]).await;
    let announcement = said.iter().find(|r| r.audience == Audience::Channel).expect("the move's announcement");
    assert_eq!(announcement.slot, Some(Slot { key: format!("ping:{id}"), action: SlotAction::Clear }));
    assert_eq!(announcement.game.map(|g| g.seq), Some(seq + 1));
    // Only the game's messages: a private reply carries no slot.
    assert!(said.iter().filter(|r| r.audience != Audience::Channel).all(|r| r.slot.is_none()));
    let (mover, moves) = to_move(&host, untidy).await;
    let said = host.handle(&crate::support::origin(&mover, "d"), &moves[0]).await;
    assert!(said.iter().all(|r| r.slot.is_none()), "without tidy=on nothing is tidied");
}

#[tokio::test]
async fn with_a_bank_the_dashboard_says_both_parts_and_when_the_time_is_up() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let refusal = no_at(&host, &admin("root", "c"), "settings tidy=maybe").await;
    assert_eq!(refusal, "“tidy=maybe” is not a value of that setting: tidy (old turn pings deleted) is on or off (or default).");
    ok(&host, "alice", "c", "new carat seed=5 time=1d+3d").await;
    ok(&host, "bob", "c", "join").await;
    ok(&host, "alice", "c", "start").await;
    let (mover, _) = to_move(&host, commands::GameId(1)).await;
    let said = host.handle(&admin("root", "c"), "dashboard").await;
    assert!(said[0].text.plain().ends_with(&format!("{mover} to move, left: 1 day for this move + 3 days bank")), "{}", said[0].text.plain());
    // 30 hours: the day is used, 6 hours of the bank too.
    clock.advance(30 * HOUR);
    let text = notice_texts(&due(&host, &clock).await);
    assert!(text.contains(&format!("{mover} to move, time for this move used up, left: 2 days 18 hours bank")), "{text}");
    // 4 days: both used up.
    clock.advance(66 * HOUR);
    let text = notice_texts(&due(&host, &clock).await);
    assert!(text.contains(&format!("{mover} to move, the time is up (`claim` ends the wait)")), "{text}");
}
