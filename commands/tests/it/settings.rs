//! Settings per channel (admins: language, time per move, reminder schedule) and per
//! user (language, reminders on/off).

use std::sync::Arc;

use commands::{clock::ManualClock, Origin};

use crate::{
    slowsupport::{due, no, notice_texts, ok, timed_host, HOUR, MINUTE, T0},
    support::{admin, started, to_move, Place},
};

#[tokio::test]
async fn a_channels_time_and_reminder_schedule_apply_to_its_new_games() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let refusal = no(&host, "alice", "c", "settings time=1d").await;
    assert_eq!(refusal, "Only admins can change the settings of this channel.");
    let said = host.handle(&admin("root", "c"), "settings time=1d half=off before=2h threads=on").await;
    assert_eq!(
        said[0].text.plain(),
        "Settings here: language en, time per move 1 day, reminder at half time off, reminder before the end 2 hours, a thread per game on."
    );
    let id = started(&host, "c", 41).await;
    let (mover, _) = to_move(&host, id).await;
    clock.advance(22 * HOUR - MINUTE);
    assert!(due(&host, &clock).await.is_empty(), "no half-time reminder here");
    clock.advance(MINUTE);
    let notices = due(&host, &clock).await;
    assert_eq!(
        notice_texts(&notices),
        format!("[c] @{mover}, your time in game #{id} (Carat) runs out in 2 hours: please make your move.")
    );
    // Another channel keeps the bot's defaults (3 days).
    let other = started(&host, "d", 42).await;
    let (waiting, _) = to_move(&host, other).await;
    let waiting = if waiting == "alice" { "bob" } else { "alice" };
    assert!(no(&host, waiting, "d", "claim").await.contains("still has 3 days"));
}

#[tokio::test]
async fn languages_come_from_the_user_then_the_platform_then_the_channel() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    host.handle(&admin("root", "c"), "settings language=de").await;
    let unknown = Origin { lang: None, ..crate::support::origin("carol", "c") };
    let said = host.handle(&unknown, "reminders").await;
    assert_eq!(said[0].text.plain(), "Deine Zug-Erinnerungen sind an (`erinnerungen aus` schaltet sie ab).");
    // The platform says English: English.
    assert!(ok(&host, "carol", "c", "reminders").await.starts_with("Your turn reminders"));
    // Carol's own choice beats the platform's.
    assert_eq!(ok(&host, "carol", "c", "language de").await, "Ich spreche Deutsch mit dir.");
    assert!(ok(&host, "carol", "c", "reminders").await.starts_with("Deine Zug-Erinnerungen"));
    assert!(no(&host, "carol", "c", "sprache fr").await.contains("keine Sprache"));
    // Also a line that does not parse is answered in Carol's language.
    assert!(no(&host, "carol", "c", "new chess").await.starts_with("Ein Spiel „chess“ gibt es nicht"));
    assert_eq!(ok(&host, "carol", "c", "sprache standard").await, "I speak English with you.");

    // A reminder comes in the player's chosen language.
    let id = started(&host, "d", 43).await;
    let (mover, _) = to_move(&host, id).await;
    ok(&host, &mover, "d", "language de").await;
    clock.advance(36 * HOUR);
    let notices = due(&host, &clock).await;
    assert_eq!(
        notice_texts(&notices),
        format!("[d] @{mover}, du bist in Partie #{id} (Carat) am Zug: die Hälfte deiner Bedenkzeit ist um, noch 1 Tag 12 Stunden.")
    );
}
