//! Invitations: expiry after 48 hours (the default), named players who must
//! accept, a cap of 3 open invitations per user, the time per move at `new`.

use std::sync::Arc;

use commands::{base::clock::ManualClock, store::Status};

use crate::{
    slowsupport::{due, no, no_at, notice_texts, ok, ok_at, timed_host, HOUR, MINUTE, T0},
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
    assert_eq!(host.db().game(commands::GameId(1)).await.expect("read").expect("game").status, Status::Withdrawn);
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
    assert_eq!(host.db().game(commands::GameId(1)).await.expect("read").expect("game").status, Status::Running);
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
    assert_eq!(host.db().game(commands::GameId(1)).await.expect("read").expect("game").status, Status::Invited, "carol has not accepted");
    let said = ok(&host, "carol", "c", "join").await;
    assert!(said.contains("Game #1 of Aratoth's Revenge begins"), "{said}");
    assert_eq!(host.db().game(commands::GameId(1)).await.expect("read").expect("game").status, Status::Running);
    assert_eq!(host.db().players(commands::GameId(1)).await.expect("players").len(), 3);
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

/// `user` with the platform id `id` and the display name `name` on Discord, channel c.
fn discord(id: &str, name: &str) -> commands::Origin {
    commands::Origin {
        platform: "discord".into(),
        server: Some("g1".into()),
        user: commands::User::new(id, name),
        ..crate::support::origin("x", "c")
    }
}

/// `join` without a number among several invitations takes the one that names the user
/// (its text told them to type `join`); someone named by none, or by two, is asked which.
#[tokio::test]
async fn join_takes_the_one_invitation_that_names_the_user() {
    let place = Place::new();
    let host = place.host().await;
    ok(&host, "alice", "c", "new carat @bob").await;
    ok(&host, "carol", "c", "new helofag").await;
    ok(&host, "dave", "c", "new aratoth @bob @erin").await;
    // bob is named by #1 and #3: he names one.
    let refusal = no(&host, "bob", "c", "join").await;
    assert!(refusal.starts_with("Several games fit here (#1 Carat, #2 Helofag, #3 Aratoth's Revenge)"), "{refusal}");
    // erin is named by #3 only: `join` takes it.
    let said = ok(&host, "erin", "c", "join").await;
    assert!(said.contains("erin joins game #3"), "{said}");
    assert_eq!(host.db().players(commands::GameId(3)).await.expect("players").len(), 2);
    // frank is named by none: asked which.
    assert!(no(&host, "frank", "c", "join").await.starts_with("Several games fit here"));
}

/// The same invitee twice is one seat: `new carat @bob @Bob` is for 2 players and
/// starts when Bob accepts.
#[tokio::test]
async fn an_invitee_named_twice_counts_once() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let said = ok(&host, "alice", "c", "new carat @bob @Bob").await;
    assert!(said.starts_with("@alice invites @bob to a game of Carat (#1) for 2 players"), "{said}");
    let said = ok(&host, "bob", "c", "join").await;
    assert!(said.contains("Game #1 of Carat begins"), "{said}");
    // On Discord, one user mentioned twice.
    let creator = discord("100000000000000001", "alice");
    let said = ok_at(&host, &creator, "new carat <@100000000000000002> <@!100000000000000002>").await;
    assert!(said.starts_with("@alice invites @100000000000000002 to a game of Carat (#2) for 2 players"), "{said}");
}

/// Inviting yourself is refused (by name or, on Discord, by your own mention), in
/// English and German; nothing is stored.
#[tokio::test]
async fn inviting_yourself_is_refused() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let refusal = no(&host, "alice", "c", "new carat @bob @Alice").await;
    assert_eq!(refusal, "You cannot invite yourself: you have your seat as the one who invites; name only the other players.");
    let me = discord("100000000000000001", "alice");
    let german = commands::Origin { lang: Some(commands::Lang::De), ..me.clone() };
    assert_eq!(
        no_at(&host, &german, "neu carat <@100000000000000001>").await,
        "Du kannst dich nicht selbst einladen: als Einladender hast du deinen Platz schon; nenne nur die anderen Spieler."
    );
    assert!(host.db().game(commands::GameId(1)).await.expect("read").is_none(), "no invitation was stored");
}

/// An invitation that names a Discord id (or a Matrix id) is matched by the user id only:
/// Eve, whose nickname is Bob's id, takes no seat; Bob does. A name typed on the terminal
/// (`@dora`) still matches by the display name.
#[tokio::test]
async fn a_platform_id_invitee_is_matched_by_id_only() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let alice = discord("100000000000000001", "alice");
    ok_at(&host, &alice, "new carat <@100000000000000002>").await;
    let eve = discord("100000000000000666", "100000000000000002");
    assert_eq!(
        no_at(&host, &eve, "join").await,
        "Game #1 is an invitation for named players only, and you are not one of them."
    );
    let said = ok_at(&host, &discord("100000000000000002", "Bob"), "join").await;
    assert!(said.contains("Game #1 of Carat begins"), "{said}");
    // Matrix: an id invitee, a display name equal to it does not do.
    let matrix = |id: &str, name: &str| commands::Origin { platform: "matrix".into(), server: None, ..discord(id, name) };
    ok_at(&host, &matrix("@alice:example.org", "alice"), "new carat @bob:example.org").await;
    assert!(no_at(&host, &matrix("@eve:example.org", "@bob:example.org"), "join").await.contains("named players only"));
    let said = ok_at(&host, &matrix("@bob:example.org", "bob"), "join").await;
    assert!(said.contains("Game #2 of Carat begins"), "{said}");
    // A name: whoever goes by that name.
    ok(&host, "alice", "t", "new carat @dora").await;
    let dora = commands::Origin { user: commands::User::new("u-77", "Dora"), ..crate::support::origin("x", "t") };
    let said = ok_at(&host, &dora, "join").await;
    assert!(said.contains("Game #3 of Carat begins"), "{said}");
}

/// `<@0>` names nobody: it is refused as an option `new` does not know.
#[tokio::test]
async fn an_id_of_zeros_is_no_invitee() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    assert_eq!(no(&host, "alice", "c", "new carat <@0>").await, "“<@0>” is not an option of Carat: see `help new`.");
    assert_eq!(no(&host, "alice", "c", "new carat <@!000>").await, "“<@!000>” is not an option of Carat: see `help new`.");
}

/// Issue 10 item 1, as a tester found it: after `new carat @bob @carol` and Bob's
/// `join`, Alice's `start` is refused (naming Carol, who has not accepted), the "can
/// start now" hint is not given, and the game begins with all three once Carol joins.
/// An open invitation without names can still be started early by its creator.
#[tokio::test]
async fn a_named_invitation_does_not_start_before_everyone_has_accepted() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    ok(&host, "alice", "c", "new carat @bob @carol").await;
    let said = ok(&host, "bob", "c", "join").await;
    assert_eq!(
        said,
        "bob joins game #1 (2 of 3 seats taken).\nStill waiting for @carol to accept; the game starts by itself then."
    );
    assert_eq!(
        no(&host, "alice", "c", "start").await,
        "Game #1 starts by itself once everyone invited has accepted: still waiting for @carol. \
         To play without them, withdraw it with `abort` and invite again."
    );
    assert!(no(&host, "bob", "c", "start #1").await.contains("still waiting for @carol"));
    assert_eq!(host.db().game(commands::GameId(1)).await.expect("read").expect("game").status, Status::Invited);
    let said = ok(&host, "carol", "c", "join").await;
    assert!(said.contains("Game #1 of Carat begins"), "{said}");
    assert_eq!(host.db().players(commands::GameId(1)).await.expect("players").len(), 3, "carol is not left out");
    // German: both invitees missing.
    ok(&host, "alice", "d", "new carat @bob @carol").await;
    let german = commands::Origin { lang: Some(commands::Lang::De), ..crate::support::origin("alice", "d") };
    assert_eq!(
        no_at(&host, &german, "starten").await,
        "Partie #2 beginnt von selbst, sobald alle Eingeladenen angenommen haben: es fehlt noch die Zusage von \
         @bob, @carol. Um ohne sie zu spielen, zieh die Einladung mit `abbrechen` zurück und lade neu ein."
    );
    // Without names: today's behaviour, the creator may start with two of three.
    ok(&host, "alice", "e", "new carat 3").await;
    let said = ok(&host, "bob", "e", "join").await;
    assert!(said.ends_with("alice can `start` the game now or wait for more players."), "{said}");
    let said = ok(&host, "alice", "e", "start").await;
    assert!(said.contains("Game #3 of Carat begins"), "{said}");
}

/// Issue 10 item 2: an invitee sees the invitations that name them in `games`, in
/// whatever channel of the platform they ask, after their turns and before the games
/// that wait for others; once they have joined, the line is the usual invitation line.
/// Someone not named sees nothing.
#[tokio::test]
async fn games_lists_the_invitations_that_name_me() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    ok(&host, "alice", "c", "new carat @Bob @carol").await;
    assert_eq!(
        ok(&host, "bob", "elsewhere", "games").await,
        "Your games:\n• #1 Carat in c: invited by alice, type `join #1` there to accept or `decline #1` to turn it down"
    );
    assert_eq!(ok(&host, "dave", "c", "games").await, "You have no running games and no open invitations.");
    // Another platform's invitation does not name this Bob.
    let other = commands::Origin { platform: "other".into(), ..crate::support::origin("bob", "c") };
    assert_eq!(ok_at(&host, &other, "games").await, "You have no running games and no open invitations.");
    // German.
    let german = commands::Origin { lang: Some(commands::Lang::De), ..crate::support::origin("carol", "x") };
    assert_eq!(
        ok_at(&host, &german, "partien").await,
        "Deine Partien:\n• #1 Carat in c: Einladung von alice, tippe dort `beitreten #1`, um anzunehmen, oder `ablehnen #1`"
    );
    // Order: Bob's turn first, then the invitation to answer, then a game that waits
    // for someone else (a game in z where Bob is to move, one in y where Alice is).
    let z = crate::support::started(&host, "z", 1).await;
    let y = crate::support::started(&host, "y", 1).await;
    // Both start from the same seed, so the same player is to move in both: one move
    // in the game of the right one makes y Bob's turn and z Alice's.
    let (first, moves) = crate::support::to_move(&host, y).await;
    let moved_in = if first == "alice" { y } else { z };
    let channel = if moved_in == y { "y" } else { "z" };
    ok(&host, &first, channel, &moves[0]).await;
    let (mine, other) = (y, z);
    let said = ok(&host, "bob", "c", "games").await;
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(lines.len(), 4, "{said}");
    assert!(lines[1].starts_with(&format!("• #{mine} Carat in ")) && lines[1].contains("your turn"), "{said}");
    assert!(lines[2].starts_with("• #1 Carat in c: invited by alice"), "{said}");
    assert!(lines[3].starts_with(&format!("• #{other} Carat in ")) && lines[3].contains("alice to move"), "{said}");
    ok(&host, "bob", "c", "join").await;
    let said = ok(&host, "bob", "c", "games").await;
    assert!(said.ends_with("• #1 Carat in c: invitation, 2 of 3 seats taken"), "{said}");
}

/// Issue 10 item 3: Bob declines (`decline`, German `ablehnen`): the invitation is
/// withdrawn and the channel told, mentioning Alice. Someone not named, and Alice
/// herself, cannot decline; a withdrawn invitation cannot be declined again.
#[tokio::test]
async fn an_invitee_declines_and_the_invitation_is_withdrawn() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    ok(&host, "alice", "c", "new carat @bob @carol").await;
    assert_eq!(
        no(&host, "dave", "c", "decline").await,
        "No invitation here names you, so there is nothing to decline: `games` lists the invitations you have."
    );
    assert_eq!(
        no(&host, "alice", "c", "decline #1").await,
        "Game #1 does not name you, so there is no invitation for you to decline (the one who invites withdraws it with `abort`)."
    );
    ok(&host, "carol", "c", "join").await;
    let replies = host.handle(&crate::support::origin("bob", "c"), "decline").await;
    assert_eq!(crate::support::texts(&replies), "bob declined the invitation to game #1 (Carat). @alice, it is withdrawn.");
    assert_eq!(replies[0].audience, commands::Audience::Channel);
    assert!(replies[0].text.segments().contains(&commands::Segment::Mention(commands::User::new("alice", "alice"))));
    assert_eq!(host.db().game(commands::GameId(1)).await.expect("read").expect("game").status, Status::Withdrawn);
    assert_eq!(no(&host, "bob", "c", "decline #1").await, "Game #1 is not an open invitation any more.");
    assert!(no(&host, "carol", "c", "join").await.contains("no open invitation"));
    // German, by a joined invitee, with the game named.
    ok(&host, "alice", "d", "new carat @bob @carol").await;
    ok(&host, "bob", "d", "join").await;
    let german = commands::Origin { lang: Some(commands::Lang::De), ..crate::support::origin("carol", "d") };
    assert_eq!(
        ok_at(&host, &german, "ablehnen #2").await,
        "carol hat die Einladung zu Partie #2 (Carat) abgelehnt. @alice, sie wurde zurückgezogen."
    );
    // An open invitation without names cannot be declined.
    ok(&host, "alice", "e", "new carat").await;
    assert!(no(&host, "bob", "e", "decline #3").await.starts_with("Game #3 does not name you"));
}

/// Issue 10 item 3: a named invitation that expires after some invitees joined says
/// who did not answer, not "Nobody took up the invitation".
#[tokio::test]
async fn an_expired_named_invitation_names_who_did_not_answer() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    ok(&host, "alice", "c", "new carat @bob @carol @dave").await;
    ok(&host, "carol", "c", "join").await;
    let german = commands::Origin { lang: Some(commands::Lang::De), ..crate::support::origin("alice", "d") };
    ok_at(&host, &german, "neu carat @bob").await;
    clock.advance(48 * HOUR);
    assert_eq!(
        notice_texts(&due(&host, &clock).await),
        "[c] @bob, @dave did not answer the invitation to game #1 (Carat) in time, so it has expired.\n\
         [d] @bob hat auf die Einladung zu Partie #2 (Carat) nicht rechtzeitig geantwortet, darum ist sie abgelaufen."
    );
}

/// `help decline` in both languages, and the German list of commands names `ablehnen`.
#[tokio::test]
async fn decline_has_its_help_in_both_languages() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    assert!(ok(&host, "bob", "c", "help decline").await.starts_with("`decline [#id]` turns down an invitation"));
    let german = commands::Origin { lang: Some(commands::Lang::De), ..crate::support::origin("bob", "c") };
    assert!(ok_at(&host, &german, "hilfe ablehnen").await.starts_with("`ablehnen [#Nr]` lehnt eine Einladung ab"));
    let list = ok_at(&host, &german, "hilfe").await;
    assert!(list.contains("(auf Deutsch: neu, beitreten, starten, zug, brett, hand, züge, bedingt, aufgeben, abbrechen, ablehnen, partien,"), "{list}");
    assert!(ok(&host, "bob", "c", "help").await.contains(", resign, abort, decline, games,"));
}

/// Issue 10 item 4: `@bob,@carol` invites two players (not one called "bob,@carol"),
/// `@<@0>` is refused as an option `new` does not know, and `stats` refuses an argument
/// that is neither a mention nor a plain name, in English and German.
#[tokio::test]
async fn mentions_in_lists_and_broken_mentions() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let said = ok(&host, "alice", "c", "new carat @bob,@carol").await;
    assert!(said.starts_with("@alice invites @bob, @carol to a game of Carat (#1) for 3 players"), "{said}");
    let said = ok(&host, "alice", "d", "new carat @bob, @Carol").await;
    assert!(said.starts_with("@alice invites @bob, @carol to a game of Carat (#2) for 3 players"), "{said}");
    assert_eq!(no(&host, "alice", "e", "new carat @<@0>").await, "“@<@0>” is not an option of Carat: see `help new`.");
    assert_eq!(no(&host, "alice", "e", "new carat @bob,carol").await, "“@bob,carol” is not an option of Carat: see `help new`.");
    for word in ["@", "<@0>", "@@", "bob,carol"] {
        assert_eq!(
            no(&host, "alice", "c", &format!("stats {word}")).await,
            format!("“{word}” is not a player: name them as @name (or mention them), or write `stats` alone for your own ratings."),
        );
    }
    let german = commands::Origin { lang: Some(commands::Lang::De), ..crate::support::origin("alice", "c") };
    assert_eq!(
        no_at(&host, &german, "statistik @").await,
        "„@“ ist kein Spieler: nenne ihn als @Name (oder erwähne ihn), oder schreib nur `statistik` für deine eigenen Wertungen."
    );
    // A plain name still asks about that player.
    assert_eq!(no(&host, "alice", "c", "stats Bob").await, "@bob has no rating here yet.");
}

#[tokio::test]
async fn a_seed_the_creator_chose_is_shown_to_everyone_and_a_drawn_one_is_not() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    // Anyone who plays the same seed can know the deal (the pile, the hands): so the
    // invitation and the start say which seed it is.
    let invited = ok(&host, "alice", "c", "new carat seed=7").await;
    assert!(invited.contains("for 2 players (seed=7, 3 days per move)"), "{invited}");
    ok(&host, "bob", "c", "join").await;
    let begun = ok(&host, "alice", "c", "start").await;
    assert!(begun.contains("Game #1 of Carat begins (seed=7, 3 days per move)."), "{begun}");
    // In German, as `new` takes it there; a solo game begins at once with it.
    ok(&host, "carol", "d", "sprache de").await;
    let solo = ok(&host, "carol", "d", "neu hathor startwert=12").await;
    assert!(solo.contains("(startwert=12, 3 Tage Bedenkzeit je Zug)"), "{solo}");
    // A seed drawn by the bot stays unknown.
    let drawn = ok(&host, "dave", "e", "new carat").await;
    assert!(drawn.contains("for 2 players (3 days per move)") && !drawn.contains("seed"), "{drawn}");
}
