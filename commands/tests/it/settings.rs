//! Settings per scope (admins: language, time per move, reminder schedule; the scope is
//! the server when the platform names one, else the channel) and per user (language,
//! reminders on/off).

use std::sync::Arc;

use commands::{base::clock::{Clock, ManualClock}, store::Status, Origin};

use crate::{
    slowsupport::{due, no, no_at, notice_texts, ok, ok_at, timed_host, DAY, HOUR, MINUTE, T0},
    support::{admin, execute, integers, on_server, started, started_where, to_move, Place},
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
        "Settings here: language en, time per move 1 day, reminder at half time off, reminder before the end 2 hours, a thread per game on, old turn pings deleted off, replay posted at a game's end off."
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
async fn languages_come_from_the_user_then_the_channel_then_the_platform() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    host.handle(&admin("root", "c"), "settings language=de").await;
    let unknown = Origin { lang: None, ..crate::support::origin("carol", "c") };
    let said = host.handle(&unknown, "reminders").await;
    assert_eq!(said[0].text.plain(), "Deine Zug-Erinnerungen sind an (`erinnerungen aus` schaltet sie ab).");
    // The platform says English (an English Discord client), the channel German: German.
    assert!(ok(&host, "carol", "c", "reminders").await.starts_with("Deine Zug-Erinnerungen"));
    // Where the channel says nothing, the platform's English.
    assert!(ok(&host, "carol", "e", "reminders").await.starts_with("Your turn reminders"));
    // Carol's own choice beats the channel's.
    assert_eq!(ok(&host, "carol", "c", "language en").await, "I speak English with you.");
    assert!(ok(&host, "carol", "c", "reminders").await.starts_with("Your turn reminders"));
    assert_eq!(ok(&host, "carol", "e", "sprache de").await, "Ich spreche Deutsch mit dir.");
    assert!(ok(&host, "carol", "e", "reminders").await.starts_with("Deine Zug-Erinnerungen"));
    assert!(no(&host, "carol", "e", "sprache fr").await.contains("keine Sprache"));
    // Also a line that does not parse is answered in Carol's language.
    assert!(no(&host, "carol", "e", "new chess").await.starts_with("Ein Spiel „chess“ gibt es nicht"));
    // Without her own choice: the channel's German in "c", the platform's English in "e".
    assert_eq!(ok(&host, "carol", "c", "sprache standard").await, "Ich spreche Deutsch mit dir.");
    assert_eq!(ok(&host, "carol", "e", "language default").await, "I speak English with you.");

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
async fn waiting(host: &commands::Host, id: commands::GameId) -> &'static str {
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
        "Settings of this server: language en, time per move 1 day, reminder at half time off, reminder before the end 2 hours, a thread per game off, old turn pings deleted off, replay posted at a game's end off."
    );
    // Read from another channel of g1: the same; a server-less channel A: the defaults.
    let shown = ok_at(&host, &on_server("carol", "B", "g1"), "settings").await;
    assert!(shown.starts_with("Settings of this server: language en, time per move 1 day,"), "{shown}");
    assert_eq!(
        ok(&host, "carol", "A", "settings").await,
        "Settings here: language en, time per move 3 days, reminder at half time on, reminder before the end 12 hours, a thread per game off, old turn pings deleted off, replay posted at a game's end off."
    );

    let b = started_where(&host, |user| on_server(user, "B", "g1"), 61).await;
    let c = started_where(&host, |user| on_server(user, "C", "g2"), 62).await;
    let stored = integers(host.db(), "SELECT move_ms FROM games WHERE id IN ($1, $2) ORDER BY id", &[b.0, c.0]).await;
    assert_eq!(stored, vec![Some(DAY), Some(3 * DAY)], "B has g1's day, C the bot's default");
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
    // The change is posted to the channel in the server's new language.
    assert!(ok_at(&host, &root, "settings language=de").await.starts_with("Einstellungen dieses Servers: Sprache de,"));
    // Set back to English, it answers in English.
    assert!(ok_at(&host, &root, "settings language=en").await.starts_with("Settings of this server: language en,"));
    assert!(ok_at(&host, &root, "settings language=de").await.starts_with("Einstellungen dieses Servers: Sprache de,"));
    // An admin who speaks German reads it in German.
    let german = Origin { lang: Some(commands::Lang::De), ..root.clone() };
    assert!(ok_at(&host, &german, "settings").await.starts_with("Einstellungen dieses Servers: Sprache de,"));
    let unknown = |channel: &str, server: &str| Origin { lang: None, ..on_server("carol", channel, server) };
    assert!(ok_at(&host, &unknown("B", "g1"), "reminders").await.starts_with("Deine Zug-Erinnerungen sind an"));
    assert!(ok_at(&host, &unknown("C", "g2"), "reminders").await.starts_with("Your turn reminders are on"));
}

/// A game keeps the time per move it was created with: one started before its server's
/// time was set keeps the bot's 3 days (the scheduler and `claim` agree), one started
/// after gets the server's 1 day. A game stored without a time of its own (a row from
/// before times were kept) follows its server's time as it stands now.
#[tokio::test]
async fn a_game_keeps_the_time_per_move_it_was_created_with() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let before = started_where(&host, |user| on_server(user, "D", "g3"), 63).await;
    let root = Origin { is_admin: true, ..on_server("root", "E", "g3") };
    ok_at(&host, &root, "settings time=1d half=off before=off").await;
    let after = started_where(&host, |user| on_server(user, "F", "g3"), 64).await;
    let old_row = started_where(&host, |user| on_server(user, "G", "g3"), 65).await;
    execute(host.db(), "UPDATE games SET move_ms = NULL WHERE id = $1", &[old_row.0]).await;
    let stored =
        integers(host.db(), "SELECT move_ms FROM games WHERE id IN ($1, $2, $3) ORDER BY id", &[before.0, after.0, old_row.0]).await;
    assert_eq!(stored, vec![Some(3 * DAY), Some(DAY), None]);
    let (mover_after, _) = to_move(&host, after).await;
    let (mover_old, _) = to_move(&host, old_row).await;

    clock.advance(DAY - MINUTE);
    assert!(due(&host, &clock).await.is_empty(), "no reminders on g3; nobody's time is up");
    let early = no_at(&host, &on_server(waiting(&host, after).await, "F", "g3"), &format!("claim #{after}")).await;
    assert!(early.contains("still has 1 minute for this move"), "{early}");
    clock.advance(MINUTE);
    let mut notices = notice_texts(&due(&host, &clock).await).lines().map(str::to_string).collect::<Vec<_>>();
    notices.sort();
    assert_eq!(notices, vec![
        format!("[F] Time is up for @{mover_after} in game #{after} (Carat): the other players can `claim` the game now."),
        format!("[G] Time is up for @{mover_old} in game #{old_row} (Carat): the other players can `claim` the game now."),
    ]);
    // The game from before the setting: 3 days, of which 1 has passed.
    let kept = no_at(&host, &on_server(waiting(&host, before).await, "D", "g3"), &format!("claim #{before}")).await;
    assert!(kept.contains("still has 2 days for this move"), "{kept}");
    ok_at(&host, &on_server(waiting(&host, after).await, "F", "g3"), &format!("claim #{after}")).await;
    ok_at(&host, &on_server(waiting(&host, old_row).await, "G", "g3"), &format!("claim #{old_row}")).await;
    for (id, status) in [(before, Status::Running), (after, Status::Finished), (old_row, Status::Finished)] {
        assert_eq!(host.db().game(id).await.expect("read").expect("game").status, status, "game #{id}");
    }
}

/// A scope without a language of its own shows the language its channel is spoken to
/// in (the requester's, as the terminal's `--lang de` gives it), not the bot's default.
#[tokio::test]
async fn the_settings_show_the_language_the_channel_is_spoken_to_in() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let german = Origin { lang: Some(commands::Lang::De), ..admin("root", "c") };
    assert!(ok_at(&host, &german, "einstellungen").await.starts_with("Einstellungen hier: Sprache de,"));
    let english = Origin { lang: Some(commands::Lang::En), ..admin("root", "c") };
    assert!(ok_at(&host, &english, "settings").await.starts_with("Settings here: language en,"));
    // With a language set, that one, whoever asks.
    assert!(ok_at(&host, &english, "settings language=de").await.starts_with("Einstellungen hier: Sprache de,"));
    let shown = ok_at(&host, &english, "settings").await;
    assert!(shown.starts_with("Einstellungen hier: Sprache de,"), "the channel speaks German now: {shown}");
}

/// `replay=on` (issue 44; German `nachspielen=an`, off by default) posts a game's
/// animated replay in the channel when it ends: not with the answer to the game's last
/// move (which never waits for the drawing) but after it, from the scheduler, once even
/// with two processes polling.
#[tokio::test]
async fn with_replay_on_a_game_that_ends_posts_its_replay() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let db = commands::store::Db::open(&place.url()).await.expect("database");
    let host = commands::Host::with_db(db, commands::HostOptions { pictures: true, ..commands::HostOptions::default() }, clock.clone());
    let gifs = |replies: &[commands::Reply]| -> Vec<commands::Reply> {
        replies.iter().filter(|r| r.file.as_ref().is_some_and(|f| f.mime == "image/gif")).cloned().collect()
    };
    let notices_gifs = |notices: &[commands::Notice]| -> Vec<commands::Notice> {
        notices.iter().filter(|n| n.reply.file.as_ref().is_some_and(|f| f.mime == "image/gif")).cloned().collect()
    };
    // Off by default: the resignation ends the game without a replay, now or later.
    let id = started(&host, "c", 11).await;
    let (mover, _) = to_move(&host, id).await;
    let replies = host.handle(&crate::support::origin(&mover, "c"), "resign").await;
    assert!(replies[0].text.plain().contains("is over"), "{}", crate::support::texts(&replies));
    assert!(gifs(&replies).is_empty());
    assert!(notices_gifs(&host.due_notices(clock.now_ms()).await).is_empty());
    // An admin turns it on, in German.
    let german = Origin { lang: Some(commands::Lang::De), ..admin("root", "c") };
    let said = ok_at(&host, &german, "einstellungen nachspielen=an").await;
    assert!(said.ends_with("alte Zug-Erinnerungen löschen aus, Partie zum Nachspielen am Ende an."), "{said}");
    assert_eq!(
        no_at(&host, &german, "einstellungen nachspielen=vielleicht").await,
        "„nachspielen=vielleicht“ geht für diese Einstellung nicht: nachspielen (die Partie als bewegtes Bild, wenn sie endet) ist an oder aus (oder standard)."
    );
    let id = started(&host, "c", 12).await;
    for _ in 0..2 {
        let (mover, moves) = to_move(&host, id).await;
        ok(&host, &mover, "c", &format!("move #{} {}", id.0, moves[0])).await;
    }
    // A move that does not end the game asks for no replay.
    let (mover, moves) = to_move(&host, id).await;
    let replies = host.handle(&crate::support::origin(&mover, "c"), &format!("move #{} {}", id.0, moves[0])).await;
    assert!(gifs(&replies).is_empty());
    assert!(notices_gifs(&host.due_notices(clock.now_ms()).await).is_empty());
    // The game's end: its answer is the announcement alone (the channel's post and
    // nothing drawn for the replay), the GIF is not part of it.
    let (mover, _) = to_move(&host, id).await;
    let replies = host.handle(&crate::support::origin(&mover, "c"), "resign").await;
    assert!(replies[0].text.plain().contains("is over"), "{}", crate::support::texts(&replies));
    assert!(gifs(&replies).is_empty(), "the answer does not carry the replay: {}", crate::support::texts(&replies));
    // The scheduler posts it, in the game's channel, once: two processes poll at once.
    let db = commands::store::Db::open(&place.url()).await.expect("database");
    let other = commands::Host::with_db(db, commands::HostOptions { pictures: true, ..commands::HostOptions::default() }, clock.clone());
    let (a, b) = tokio::join!(host.due_notices(clock.now_ms()), other.due_notices(clock.now_ms()));
    let posted: Vec<commands::Notice> = notices_gifs(&a).into_iter().chain(notices_gifs(&b)).collect();
    assert_eq!(posted.len(), 1, "posted once");
    let replay = &posted[0];
    assert_eq!((replay.platform.as_str(), replay.channel.as_str()), ("test", "c"));
    assert_eq!(replay.reply.audience, commands::Audience::Channel);
    assert_eq!(replay.reply.text.plain(), format!("The replay of game #{} (Carat, 3 moves).", id.0));
    let file = replay.reply.file.as_ref().expect("the GIF");
    assert_eq!(file.name, format!("game-{}-replay.gif", id.0));
    // The start, three moves and the resignation: five frames, the last held 5 s.
    assert_eq!(crate::support::gif_delays(&file.bytes), [80, 80, 80, 80, 500]);
    assert!(notices_gifs(&host.due_notices(clock.now_ms()).await).is_empty(), "and not again");
    assert!(notices_gifs(&other.due_notices(clock.now_ms()).await).is_empty(), "nor by the other process");
    // Off again: no replay.
    ok_at(&host, &german, "einstellungen nachspielen=aus").await;
    let id = started(&host, "c", 13).await;
    let (mover, _) = to_move(&host, id).await;
    assert!(gifs(&host.handle(&crate::support::origin(&mover, "c"), "resign").await).is_empty());
    assert!(notices_gifs(&host.due_notices(clock.now_ms()).await).is_empty());
}
