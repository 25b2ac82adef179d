//! Settings per scope (admins: language, time per move, reminder schedule; the scope is
//! the server when the platform names one, else the channel) and per user (language,
//! reminders on/off).

use std::sync::Arc;

use commands::{clock::ManualClock, Origin};

use crate::{
    slowsupport::{due, no, no_at, notice_texts, ok, ok_at, timed_host, DAY, HOUR, MINUTE, T0},
    support::{admin, on_server, started, started_where, to_move, Place},
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

/// The player of two-player game `id` who is not to move.
async fn waiting(host: &commands::Host, id: i64) -> &'static str {
    let (mover, _) = to_move(host, id).await;
    if mover == "alice" { "bob" } else { "alice" }
}

/// Issue 10: settings per server. An admin's `settings` in channel A of server g1 apply
/// to a new game in channel B of g1 (its stored time per move, the reminder schedule the
/// scheduler reads, claims); channel C of server g2 keeps the bot's defaults (3 days,
/// a reminder at half time and 12 hours before the end).
#[tokio::test]
async fn a_servers_settings_apply_in_all_its_channels_and_nowhere_else() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let refusal = no_at(&host, &on_server("alice", "A", "g1"), "settings time=1d").await;
    assert_eq!(refusal, "Only admins can change the settings of this server.");
    let root = Origin { is_admin: true, ..on_server("root", "A", "g1") };
    assert_eq!(
        ok_at(&host, &root, "settings time=1d half=off before=2h").await,
        "Settings of this server: language en, time per move 1 day, reminder at half time off, reminder before the end 2 hours, a thread per game off."
    );
    // Read from another channel of g1: the same; a server-less channel A: the defaults.
    let shown = ok_at(&host, &on_server("carol", "B", "g1"), "settings").await;
    assert!(shown.starts_with("Settings of this server: language en, time per move 1 day,"), "{shown}");
    assert_eq!(
        ok(&host, "carol", "A", "settings").await,
        "Settings here: language en, time per move 3 days, reminder at half time on, reminder before the end 12 hours, a thread per game off."
    );

    let b = started_where(&host, |user| on_server(user, "B", "g1"), 61).await;
    let c = started_where(&host, |user| on_server(user, "C", "g2"), 62).await;
    let stored: Vec<Option<i64>> = sqlx::query_scalar("SELECT move_ms FROM games WHERE id IN (?, ?) ORDER BY id")
        .bind(b)
        .bind(c)
        .fetch_all(host.db().pool())
        .await
        .expect("read");
    assert_eq!(stored, vec![Some(DAY), None], "B has g1's day, C the bot's default");
    let (mover_b, _) = to_move(&host, b).await;
    let (mover_c, _) = to_move(&host, c).await;

    // 12 hours: half of B's day, but g1 has no half-time reminder; C's half is at 36 h.
    clock.advance(12 * HOUR);
    assert!(due(&host, &clock).await.is_empty());
    // 22 hours: g1's reminder 2 hours before the end.
    clock.advance(10 * HOUR);
    assert_eq!(
        notice_texts(&due(&host, &clock).await),
        format!("[B] @{mover_b}, your time in game #{b} (Carat) runs out in 2 hours: please make your move.")
    );
    let early_b = no_at(&host, &on_server(waiting(&host, b).await, "B", "g1"), "claim").await;
    assert!(early_b.contains("still has 2 hours for this move"), "{early_b}");
    let early_c = no_at(&host, &on_server(waiting(&host, c).await, "C", "g2"), "claim").await;
    assert!(early_c.contains("still has 2 days 2 hours for this move"), "{early_c}");
    // 36 hours: C's half-time reminder (g2 has the defaults); B's time ran out at 24 h.
    clock.advance(14 * HOUR - MINUTE);
    let notices = due(&host, &clock).await;
    assert_eq!(
        notice_texts(&notices),
        format!("[B] Time is up for @{mover_b} in game #{b} (Carat): the other players can `claim` the game now.")
    );
    clock.advance(MINUTE);
    assert_eq!(
        notice_texts(&due(&host, &clock).await),
        format!("[C] @{mover_c}, it is your turn in game #{c} (Carat): half your time for this move has passed, 1 day 12 hours left.")
    );
}

/// The language an admin sets for server g1 answers users whose language is unknown
/// in every channel of g1, not on server g2.
#[tokio::test]
async fn a_servers_language_speaks_in_all_its_channels() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let root = Origin { is_admin: true, ..on_server("root", "A", "g1") };
    assert!(ok_at(&host, &root, "settings language=de").await.starts_with("Settings of this server: language de,"));
    // An admin who speaks German reads it in German.
    let german = Origin { lang: Some(commands::Lang::De), ..root.clone() };
    assert!(ok_at(&host, &german, "settings").await.starts_with("Einstellungen dieses Servers: Sprache de,"));
    let unknown = |channel: &str, server: &str| Origin { lang: None, ..on_server("carol", channel, server) };
    assert!(ok_at(&host, &unknown("B", "g1"), "reminders").await.starts_with("Deine Zug-Erinnerungen sind an"));
    assert!(ok_at(&host, &unknown("C", "g2"), "reminders").await.starts_with("Your turn reminders are on"));
}

/// A game started before its server's time per move was set has no time of its own:
/// the scheduler and `claim` both reckon with the server's time as it stands now.
#[tokio::test]
async fn a_game_without_its_own_time_follows_its_servers_in_notices_and_claims() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let id = started_where(&host, |user| on_server(user, "D", "g3"), 63).await;
    let root = Origin { is_admin: true, ..on_server("root", "E", "g3") };
    ok_at(&host, &root, "settings time=1d half=off before=off").await;
    let (mover, _) = to_move(&host, id).await;
    let waiter = waiting(&host, id).await;
    clock.advance(DAY - MINUTE);
    assert!(due(&host, &clock).await.is_empty(), "no reminders on g3");
    let early = no_at(&host, &on_server(waiter, "D", "g3"), "claim").await;
    assert!(early.contains("still has 1 minute for this move"), "{early}");
    clock.advance(MINUTE);
    assert_eq!(
        notice_texts(&due(&host, &clock).await),
        format!("[D] Time is up for @{mover} in game #{id} (Carat): the other players can `claim` the game now.")
    );
    ok_at(&host, &on_server(waiter, "D", "g3"), "claim").await;
    assert_eq!(host.db().game(id).await.expect("read").expect("game").status, commands::storage::Status::Finished);
}
