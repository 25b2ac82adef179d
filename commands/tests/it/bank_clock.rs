//! Clocks with a bank (issue 40, docs "Clocks with a bank"): `time=1d+3d` gives each
//! player 1 day per move and a bank of 3 days that a slower move draws on; reminders and
//! `games` say what is left of both; the time is up only when both are used; the bank is
//! kept on the log, survives a restart, and is in the record, which replays it exactly.

use std::sync::Arc;

use commands::{base::clock::ManualClock, GameId, Host};

use crate::{
    slowsupport::{due, no, notice_texts, ok, timed_host, DAY, HOUR, MINUTE, T0},
    support::{texts, Place},
};

/// A two-player Carat game with `time=1d+3d` in channel `c`: alice creates, bob joins,
/// alice starts. Returns its id, the player to move first and the other.
async fn banked(host: &Host) -> (GameId, String, String) {
    let replies = host.handle(&crate::support::origin("alice", "c"), "new carat seed=7 time=1d+3d").await;
    let invitation = texts(&replies);
    assert!(invitation.contains("seed=7, 1 day per move + a bank of 3 days"), "{invitation}");
    let id = replies.first().and_then(|r| r.game).expect("an invitation").id;
    ok(host, "bob", "c", "join").await;
    let start = ok(host, "alice", "c", "start").await;
    assert!(start.contains("1 day per move + a bank of 3 days"), "{start}");
    let (first, other) = crate::support::to_move(host, id).await;
    let other_user = if first == "alice" { "bob" } else { "alice" };
    let _ = other;
    (id, first, other_user.to_string())
}

/// `user`'s legal first move (the rules' list through the command layer).
async fn a_move(host: &Host, id: GameId) -> String {
    crate::support::to_move(host, id).await.1.remove(0)
}

#[tokio::test]
async fn a_slow_move_draws_on_the_bank_and_the_time_is_up_when_both_are_used() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let (id, a, b) = banked(&host).await;

    // Half of the day per move: the reminder says what is left of both.
    clock.advance(12 * HOUR);
    let half = notice_texts(&due(&host, &clock).await);
    assert_eq!(
        half,
        format!("[c] @{a}, it is your turn in game #{id} (Carat): half your time for this move has passed, 12 hours left.\nTime left: 12 hours for this move, then 3 days of your bank.")
    );
    // After the day, still nothing is up: the bank runs (the reminder before the end
    // comes 6 hours before it: a quarter of the day per move).
    clock.advance(18 * HOUR);
    assert!(due(&host, &clock).await.is_empty());
    let claim = no(&host, &b, "c", "claim").await;
    assert_eq!(claim, format!("{a} still has 2 days 18 hours for this move in game #{id}: you can claim only when the time is up."));
    // a moves after 30 hours: 6 hours came from the bank.
    let mv = a_move(&host, id).await;
    ok(&host, &a, "c", &mv).await;
    let games = ok(&host, &a, "c", "games").await;
    assert!(games.contains(&format!("{b} to move, waiting for 0 minutes; left: 1 day for this move + 3 days bank")), "{games}");
    clock.advance(HOUR);
    let mv = a_move(&host, id).await;
    ok(&host, &b, "c", &mv).await;

    // A restart: a's bank is 3 days less 6 hours, read from the log.
    drop(host);
    let host = timed_host(&place, &clock).await;
    let games = ok(&host, &b, "c", "games").await;
    assert!(games.contains(&format!("{a} to move, waiting for 0 minutes; left: 1 day for this move + 2 days 18 hours bank")), "{games}");
    // 6 hours before the day and the 2 days 18 hours are up: the second reminder.
    clock.advance(3 * DAY + 12 * HOUR);
    let soon = notice_texts(&due(&host, &clock).await);
    assert!(
        soon.ends_with(&format!("your time in game #{id} (Carat) runs out in 6 hours: please make your move.\nYour time for this move is used up; your bank has 6 hours left.")),
        "{soon}"
    );
    clock.advance(6 * HOUR - MINUTE);
    assert!(due(&host, &clock).await.is_empty());
    clock.advance(MINUTE);
    let up = notice_texts(&due(&host, &clock).await);
    assert_eq!(up, format!("[c] Time is up for @{a} in game #{id} (Carat): the other players can `claim` the game now."));
    ok(&host, &b, "c", "claim").await;

    // The record has the clock; replaying it gives each bank left, exactly.
    let exported = host.handle(&crate::support::origin(&a, "c"), &format!("export #{id}")).await;
    let json = exported.iter().find_map(|r| r.file.as_ref()).map(|f| String::from_utf8_lossy(&f.bytes).into_owned()).expect("the record");
    let record: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    // a lost on time: the claim took the rest of a's bank (3 days less the 6 hours of
    // the first move), so replay shows a's bank used up and b's whole.
    assert_eq!(record["clock"], serde_json::json!({"move_ms": DAY, "bank_ms": 3 * DAY, "bank_used_ms": [6 * HOUR, 0, 3 * DAY - 6 * HOUR]}), "{json}");
    let replay = rules::record::replay(&json);
    assert_eq!(replay.exit_status, 0, "{}", replay.output);
    let seat_a = usize::from(a != "alice");
    let mut banks = vec![3 * DAY, 3 * DAY];
    banks[seat_a] = 0;
    assert_eq!(replay.output["bank_left_ms"], serde_json::json!(banks));
    // A record whose clock does not fit is malformed.
    let mut tampered = record.clone();
    tampered["clock"]["bank_used_ms"] = serde_json::json!([6 * HOUR, 4 * DAY, 0]);
    let replay = rules::record::replay(&tampered.to_string());
    assert_eq!(replay.exit_status, 2);
    assert!(replay.output["error"]["reason"].as_str().is_some_and(|r| r.starts_with("clock: move 1 takes")), "{}", replay.output);
}

/// The bot was down at half time: the reminder comes when the time per move is already
/// used up and says that the bank runs and what is left of it (never "0 minutes left"),
/// in English and in German; `games` says the same.
#[tokio::test]
async fn a_late_half_time_reminder_says_the_bank_runs() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let (id, a, b) = banked(&host).await;
    // 30 hours without a poll: the day per move and 6 hours of the bank are gone.
    clock.advance(30 * HOUR);
    let late = notice_texts(&due(&host, &clock).await);
    assert_eq!(
        late,
        format!("[c] @{a}, it is your turn in game #{id} (Carat): your time for this move has passed and your bank is in use, 2 days 18 hours of it left.")
    );
    let games = ok(&host, &b, "c", "games").await;
    assert!(games.contains(&format!("{a} to move, waiting for 1 day 6 hours; time for this move used up, left: 2 days 18 hours bank")), "{games}");

    // The same in German, in a German channel.
    let (de_id, de_a, de_b) = {
        crate::slowsupport::ok_at(&host, &crate::support::admin("carl", "d"), "settings language=de").await;
        let replies = host.handle(&crate::support::origin("carl", "d"), "neu carat seed=7 zeit=1d+3d").await;
        let id = replies.first().and_then(|r| r.game).expect("an invitation").id;
        ok(&host, "dora", "d", "beitreten").await;
        ok(&host, "carl", "d", "starten").await;
        let first = crate::support::to_move(&host, id).await.0;
        let other = if first == "carl" { "dora" } else { "carl" };
        (id, first, other.to_string())
    };
    clock.advance(30 * HOUR);
    let late = notice_texts(&due(&host, &clock).await);
    assert!(
        late.contains(&format!("[d] @{de_a}, du bist in Partie #{de_id} (Carat) am Zug: deine Zeit für diesen Zug ist um, jetzt läuft dein Zeitkonto, noch 2 Tage 18 Stunden.")),
        "{late}"
    );
    let spiele = ok(&host, &de_b, "d", "partien").await;
    assert!(spiele.contains("Zeit für diesen Zug aufgebraucht, übrig: 2 Tage 18 Stunden Zeitkonto"), "{spiele}");
}

#[tokio::test]
async fn a_bad_time_with_a_bank_is_refused_clearly() {
    let place = Place::new();
    let host = place.host().await;
    let cases = [
        ("time=1d+", "“1d+” lacks the bank after the +: write it like time=1d+3d (1 day per move, and a bank of 3 days), or time=1d without a bank."),
        ("time=+3d", "“+3d” lacks the time per move before the +: write it like time=1d+3d (1 day per move, and a bank of 3 days)."),
        ("time=1d+-3d", "“-3d” is not a bank: write it like time=1d+3d (a bank of one minute to 365 days after the +)."),
        ("time=1d+0d", "“0d” is not a bank: write it like time=1d+3d (a bank of one minute to 365 days after the +)."),
        ("time=-1d+3d", "“-1d” is not a time per move: write it like time=3d, time=12h or time=1d12h (one minute to 365 days)."),
        ("time=0+3d", "“0” is not a time per move: write it like time=3d, time=12h or time=1d12h (one minute to 365 days)."),
    ];
    for (option, said) in cases {
        assert_eq!(no(&host, "alice", "c", &format!("new carat {option}")).await, said, "{option}");
    }
    assert_eq!(ok(&host, "alice", "c", "games").await, "You have no running games and no open invitations.");
}
