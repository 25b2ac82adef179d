//! Conditional moves (issue 40, docs "Conditional moves"): `if <their move> then <my
//! move>` planned privately by the player who is not to move; the scheduler plays the
//! reply when the opponent plays the named move ("played as planned"), exactly once,
//! also after a restart and with two processes; any other move clears the plan; a reply
//! illegal by then is dropped and its owner told; refused in Helofag, Hathor and games of
//! more than two players; never shown to the opponent nor exported.

use std::sync::Arc;

use commands::{base::clock::ManualClock, Audience, GameId, Host, Notice, Origin};
use rules::Match;

use crate::{
    slowsupport::{due, log, no, notice_texts, ok, timed_host, T0},
    support::{admin, origin, postgres_server, texts, Place},
};

/// A two-player game of `kind` created by alice, joined by bob, started, in channel `c`.
async fn two_player(host: &Host, kind: &str, seed: u64) -> GameId {
    let replies = host.handle(&origin("alice", "c"), &format!("new {kind} seed={seed}")).await;
    let id = replies.first().and_then(|r| r.game).expect("an invitation").id;
    ok(host, "bob", "c", "join").await;
    ok(host, "alice", "c", "start").await;
    id
}

/// The game `id` as it stands, rebuilt by the rules crate from its exported record (not
/// through the command layer's own loading).
async fn position(host: &Host, id: GameId) -> Box<dyn Match> {
    let record = host.record(id).await.expect("read").expect("started");
    let mut game = record.start().expect("the setup");
    for entry in &record.moves {
        game.play(entry).expect("a stored move");
    }
    game
}

/// Who is to move in game `id` and who waits (user ids of the two players).
async fn mover_and_waiter(host: &Host, id: GameId) -> (String, String) {
    let game = position(host, id).await;
    let names = ["alice", "bob"];
    let mover = game.to_move()[0];
    (names[mover].to_string(), names[1 - mover].to_string())
}

/// Two moves that follow each other legally in `game`: the mover's `n`-th legal move and
/// the waiting player's `m`-th legal reply after it.
fn pair(game: &dyn Match, n: usize, m: usize) -> (String, String) {
    let mut copy = game.box_clone();
    let theirs = copy.legal_moves()[n].clone();
    copy.play(&theirs).expect("legal");
    let mine = copy.legal_moves()[m].clone();
    (theirs, mine)
}

async fn setup() -> (Place, Arc<ManualClock>, Host) {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    (place, clock, host)
}

fn said_to(notices: &[Notice], user: &str) -> String {
    notices.iter().filter(|n| n.reply.audience == Audience::User(user.into())).map(|n| n.reply.text.plain()).collect::<Vec<_>>().join("\n")
}

#[tokio::test]
async fn the_planned_reply_is_played_when_the_opponent_plays_the_named_move() {
    let (_place, clock, host) = setup().await;
    let id = two_player(&host, "aratoth", 5).await;
    let (mover, waiter) = mover_and_waiter(&host, id).await;
    let game = position(&host, id).await;
    let (theirs, mine) = pair(game.as_ref(), 3, 4);
    let replies = host.handle(&origin(&waiter, "c"), &format!("if {theirs} then {mine}")).await;
    assert_eq!(replies.len(), 1);
    assert_eq!(replies[0].audience, Audience::User(waiter.clone()), "answered privately");
    let planned = replies[0].text.plain();
    assert!(planned.starts_with(&format!("Planned for game #{id}, seen only by you: when {mover} plays the move named")), "{planned}");
    assert!(planned.ends_with(&format!("if {theirs} then {mine}")), "{planned}");
    // The opponent sees nothing of it.
    let theirs_list = ok(&host, &mover, "c", "conditional").await;
    assert_eq!(theirs_list, "You have no conditional moves.");
    let before = log(&host, id).await;

    ok(&host, &mover, "c", &theirs).await;
    let notices = due(&host, &clock).await;
    let text = notice_texts(&notices);
    assert!(text.contains(&format!("{waiter} plays {mine} (game #{id}, move {})", before.len() + 2)), "{text}");
    assert!(text.contains("Played as planned."), "{text}");
    assert!(text.contains(&format!("It is @{mover}'s turn")), "{text}");
    let mut expected = before.clone();
    expected.extend([theirs.clone(), mine.clone()]);
    assert_eq!(log(&host, id).await, expected);
    // Once: the next poll plays nothing more, and the used-up plan is gone.
    assert!(due(&host, &clock).await.is_empty());
    assert_eq!(log(&host, id).await, expected);
    // The planned reply was answered with its announcement: its owner is not told later
    // that the bot stopped before answering it.
    clock.advance(commands::scheduler::UNANSWERED_GRACE_MS + 1);
    let later = notice_texts(&due(&host, &clock).await);
    assert!(!later.contains("was stored, but the bot stopped"), "{later}");
    assert_eq!(ok(&host, &waiter, "c", "conditional").await, "You have no conditional moves.");
}

#[tokio::test]
async fn a_plan_of_two_steps_answers_twice_and_lists_what_is_left() {
    let (_place, clock, host) = setup().await;
    let id = two_player(&host, "aratoth", 6).await;
    let (mover, waiter) = mover_and_waiter(&host, id).await;
    let mut game = position(&host, id).await;
    let (t1, m1) = pair(game.as_ref(), 0, 1);
    game.play(&t1).expect("legal");
    game.play(&m1).expect("legal");
    let (t2, m2) = pair(game.as_ref(), 2, 2);
    // German words, from a German speaker.
    let german = Origin { lang: Some(commands::Lang::De), ..origin(&waiter, "c") };
    let replies = host.handle(&german, &format!("wenn {t1} dann {m1} wenn {t2} dann {m2}")).await;
    assert!(!replies[0].refusal, "{}", texts(&replies));
    assert!(replies[0].text.plain().starts_with(&format!("Geplant für Partie #{id}, nur für dich sichtbar")), "{}", texts(&replies));
    let listed = ok(&host, &waiter, "c", "conditional").await;
    assert_eq!(listed, format!("Game #{id} (Aratoth's Revenge):\nif {t1} then {m1}; if {t2} then {m2}"));

    ok(&host, &mover, "c", &format!("move {t1}")).await;
    let first = notice_texts(&due(&host, &clock).await);
    assert!(first.contains(&format!("{waiter} plays {m1}")) && first.contains("Played as planned."), "{first}");
    let listed = ok(&host, &waiter, "c", "conditional").await;
    assert_eq!(listed, format!("Game #{id} (Aratoth's Revenge):\nif {t2} then {m2}"));
    ok(&host, &mover, "c", &t2).await;
    let second = notice_texts(&due(&host, &clock).await);
    assert!(second.contains(&format!("{waiter} plays {m2}")), "{second}");
    let tail: Vec<String> = log(&host, id).await.into_iter().rev().take(4).rev().collect();
    assert_eq!(tail, vec![t1, m1, t2, m2]);
    assert_eq!(ok(&host, &waiter, "c", "conditional").await, "You have no conditional moves.");
}

#[tokio::test]
async fn another_move_clears_the_plan_and_its_owner_is_told_privately() {
    let (_place, clock, host) = setup().await;
    let id = two_player(&host, "aratoth", 7).await;
    let (mover, waiter) = mover_and_waiter(&host, id).await;
    let game = position(&host, id).await;
    let (theirs, mine) = pair(game.as_ref(), 0, 0);
    let other = game.legal_moves()[1].clone();
    assert_ne!(theirs, other);
    ok(&host, &waiter, "c", &format!("if {theirs} then {mine}")).await;
    ok(&host, &mover, "c", &other).await;
    let notices = due(&host, &clock).await;
    assert_eq!(notices.len(), 1, "{}", notice_texts(&notices));
    assert_eq!(notices[0].reply.audience, Audience::User(waiter.clone()));
    assert_eq!(
        notices[0].reply.text.plain(),
        format!("Your opponent played {other} in game #{id}, not the move your plan named: your conditional moves there are cleared.")
    );
    assert_eq!(log(&host, id).await.last(), Some(&other), "no reply was played");
    assert_eq!(ok(&host, &waiter, "c", "conditional").await, "You have no conditional moves.");
    assert!(due(&host, &clock).await.is_empty(), "told once");
}

/// The hand of the player at `seat` in a Carat game (tile codes).
fn carat_hand(game: &dyn Match, seat: usize) -> Vec<String> {
    match game.view(rules::Viewer::Seat(seat)) {
        rules::AnyView::Carat(view) => view.hands[seat].clone().unwrap_or_default().iter().map(ToString::to_string).collect(),
        other => panic!("not Carat: {other:?}"),
    }
}

#[tokio::test]
async fn a_reply_that_is_illegal_by_then_is_dropped_and_its_owner_told() {
    // Carat with hands of three hides the hands: a reply of step 2 may name a tile the
    // planner cannot see, which they might have drawn by then. Here it is one the
    // opponent holds, so when it is due it is not in the planner's hand.
    let (_place, clock, host) = setup().await;
    let id = two_player(&host, "carat hand3", 8).await;
    let (mover, waiter) = mover_and_waiter(&host, id).await;
    let game = position(&host, id).await;
    let mover_seat = game.to_move()[0];
    let (theirs, mine) = (carat_hand(game.as_ref(), mover_seat), carat_hand(game.as_ref(), 1 - mover_seat));
    let (t0, t1, x) = (&theirs[0], &theirs[1], &theirs[2]);
    let m0 = &mine[0];
    let planned = ok(&host, &waiter, "c", &format!("if c3 red {t0} then c4 blue {m0} if d3 red {t1} then d4 green {x}")).await;
    assert!(planned.ends_with(&format!("if c3 red {t0} then c4 blue {m0}; if d3 red {t1} then d4 green {x}")), "{planned}");
    ok(&host, &mover, "c", &format!("c3 red {t0}")).await;
    let first = notice_texts(&due(&host, &clock).await);
    assert!(first.contains(&format!("{waiter} plays c4 blue {m0}")) && first.contains("Played as planned."), "{first}");
    ok(&host, &mover, "c", &format!("d3 red {t1}")).await;
    let notices = due(&host, &clock).await;
    let private = said_to(&notices, &waiter);
    assert_eq!(
        private,
        format!("Your planned reply d4 green {x} in game #{id} was not played: {x} is not in your hand. Your conditional moves there are cleared; it is your turn."),
        "{}",
        notice_texts(&notices)
    );
    assert!(notices.iter().all(|n| n.reply.audience == Audience::User(waiter.clone())), "nothing in the channel: {}", notice_texts(&notices));
    assert_eq!(log(&host, id).await.last(), Some(&format!("d3 red {t1}")));
    let (to_move, _) = mover_and_waiter(&host, id).await;
    assert_eq!(to_move, waiter);
}

/// What the planner can see is checked when the plan is made, in Carat too, and a
/// refused step is named by its number and as typed (English and German): a space that
/// the opponent's tile takes, the first tile on an edge (their move), a tile of the
/// planner's own hand named as the opponent's.
#[tokio::test]
async fn a_refused_step_is_named_and_carat_checks_what_the_planner_sees() {
    let (_place, _clock, host) = setup().await;
    let id = two_player(&host, "carat hand3", 8).await;
    let (_, waiter) = mover_and_waiter(&host, id).await;
    let game = position(&host, id).await;
    let mover_seat = game.to_move()[0];
    let (theirs, mine) = (carat_hand(game.as_ref(), mover_seat), carat_hand(game.as_ref(), 1 - mover_seat));
    let (t0, m0, m1) = (&theirs[0], &mine[0], &mine[1]);
    let said = no(&host, &waiter, "c", &format!("if c3 red {t0} then c3 blue {m0}")).await;
    assert_eq!(said, format!("Step 1 (`if c3 red {t0} then c3 blue {m0}`): c3 is already taken."));
    let said = no(&host, &waiter, "c", &format!("if c3 red {t0} then c4 blue {m0} if a1 red {m1} then b4 blue")).await;
    assert_eq!(
        said,
        format!("Step 2 (`if a1 red {m1} then b4 blue`): Your opponent could not play a1 red {m1} then. The rules would tell them: {m1} cannot be played then: it is on the board or in your hand, or your plan places it before.")
    );
    let said = no(&host, &waiter, "c", &format!("if a1 red {t0} then b1 blue {m0}")).await;
    assert_eq!(
        said,
        format!("Step 1 (`if a1 red {t0} then b1 blue {m0}`): Your opponent could not play a1 red {t0} then. The rules would tell them: The first tile may not go on an edge or corner space (only b2 to e5).")
    );
    let german = Origin { lang: Some(commands::Lang::De), ..origin(&waiter, "c") };
    let replies = host.handle(&german, &format!("wenn c3 rot {t0} dann c3 blau {m0}")).await;
    assert!(replies[0].refusal);
    assert_eq!(replies[0].text.plain(), format!("Schritt 1 (`wenn c3 rot {t0} dann c3 blau {m0}`): c3 ist schon belegt."));
    let replies = host.handle(&german, &format!("wenn c3 rot dann c4 blau {m0}")).await;
    assert_eq!(
        replies[0].text.plain(),
        "Schritt 1 (`wenn c3 rot dann c4 blau ".to_string() + m0 + "`): Dein Gegner könnte c3 rot dann nicht spielen. Die Regeln sagten ihm: Dein Gegner hat mehrere Plättchen auf der Hand: nenne das, das er legen würde, z. B. „c3 rot 5RGBY“."
    );
    // A plan of what could be: accepted.
    ok(&host, &waiter, "c", &format!("if c3 red {t0} then c4 blue {m0}")).await;
}

/// With several games of the player here, the hint names the plan itself with the
/// game's number (`if #1 …`), not `conditional #1` (English and German).
#[tokio::test]
async fn with_several_games_the_hint_is_the_plan_naming_a_game() {
    let (_place, _clock, host) = setup().await;
    let first = two_player(&host, "carat", 8).await;
    let second = two_player(&host, "carat", 9).await;
    let (_, waiter) = mover_and_waiter(&host, first).await;
    let said = no(&host, &waiter, "c", "if c3 red then c4 blue").await;
    assert!(!said.contains("conditional #"), "{said}");
    assert!(
        [first, second].iter().any(|g| said.ends_with(&format!("name one, e.g. `if #{g} c3 red then c4 blue`."))),
        "{said}"
    );
    let german = Origin { lang: Some(commands::Lang::De), ..origin(&waiter, "c") };
    let replies = host.handle(&german, "wenn c3 rot dann c4 blau wenn d3 rot dann d4 gelb").await;
    let said = replies[0].text.plain();
    assert!(
        [first, second].iter().any(|g| said.ends_with(&format!("nenne eine, z. B. `wenn #{g} c3 rot dann c4 blau …`."))),
        "{said}"
    );
}

#[tokio::test]
async fn plans_are_refused_with_a_reason_where_they_cannot_work() {
    let (_place, _clock, host) = setup().await;
    // Helofag: the next roll is unknown.
    let helofag = two_player(&host, "helofag", 9).await;
    let (_, waiter) = mover_and_waiter(&host, helofag).await;
    let said = no(&host, &waiter, "c", &format!("if #{helofag} S+1 then S+2")).await;
    assert_eq!(said, format!("Game #{helofag} is Helofag: the next roll is unknown, so no reply can be planned."));
    // Hathor: played alone.
    let hathor = host.handle(&origin("carol", "h"), "new hathor seed=3").await.iter().find_map(|r| r.game).expect("a game").id;
    let said = no(&host, "carol", "h", "if c3 then d4").await;
    assert_eq!(said, format!("Game #{hathor} is Hathor, which has no opponent's move to answer: nothing can be planned."));
    // Three players.
    let replies = host.handle(&origin("alice", "t"), "new aratoth 3 seed=4").await;
    let three = replies.iter().find_map(|r| r.game).expect("a game").id;
    ok(&host, "bob", "t", "join").await;
    ok(&host, "carol", "t", "join").await;
    ok(&host, "alice", "t", "start").await;
    let game = position(&host, three).await;
    let waiting = ["alice", "bob", "carol"][(game.to_move()[0] + 1) % 3];
    let said = no(&host, waiting, "t", "if a1 then a2").await;
    assert_eq!(said, format!("Conditional moves are for games of two players; game #{three} has more."));

    // In a two-player Aratoth: the player to move plans nothing; an illegal reply is
    // refused with the rules' reason; a move the opponent cannot play is refused.
    let id = two_player(&host, "aratoth", 10).await;
    let (mover, waiter) = mover_and_waiter(&host, id).await;
    let game = position(&host, id).await;
    let (theirs, mine) = pair(game.as_ref(), 0, 0);
    let said = no(&host, &mover, "c", &format!("if #{id} {theirs} then {mine}")).await;
    assert_eq!(said, format!("It is your turn in game #{id}: play your move. Conditional moves are planned while your opponent is to move."));
    let said = no(&host, &waiter, "c", &format!("if #{id} {theirs} then {theirs}")).await;
    // The rules' reason: the sites of their placement are taken.
    assert!(said.starts_with(&format!("Step 1 (`if {theirs} then {theirs}`): Already taken: ")), "{said}");
    let said = no(&host, &waiter, "c", &format!("if #{id} hello then {mine}")).await;
    assert_eq!(said, format!("Step 1 (`if hello then {mine}`): “hello” is not a move of this game."));
    let said = no(&host, &waiter, "c", "if c3 red").await;
    assert!(said.starts_with("Write a conditional move as `if <their move> then <your move>`"), "{said}");
    assert_eq!(ok(&host, &waiter, "c", "conditional").await, "You have no conditional moves.");
}

#[tokio::test]
async fn a_plan_is_private_and_not_exported_and_may_be_made_from_a_private_chat() {
    let (_place, clock, host) = setup().await;
    let id = two_player(&host, "aratoth", 11).await;
    let (mover, waiter) = mover_and_waiter(&host, id).await;
    let game = position(&host, id).await;
    let (theirs, mine) = pair(game.as_ref(), 5, 5);
    // From a private chat with the bot (another channel of the platform), naming the game.
    let replies = host.handle(&origin(&waiter, "dm"), &format!("if #{id} {theirs} then {mine}")).await;
    assert!(!replies[0].refusal, "{}", texts(&replies));
    assert_eq!(replies[0].audience, Audience::User(waiter.clone()));
    // Nobody else learns of it: the opponent's `conditional`, an admin's export.
    assert_eq!(ok(&host, &mover, "c", &format!("conditional #{id}")).await, "You have no conditional moves.");
    let exported = host.handle(&admin("root", "c"), &format!("export #{id}")).await;
    let record = texts(&exported) + &exported.iter().flat_map(|r| r.file.iter()).map(|f| String::from_utf8_lossy(&f.bytes).into_owned()).collect::<String>();
    assert!(record.contains("\"moves\""), "the record: {record}");
    assert!(!record.contains(&mine) && !record.contains("conditional"), "{record}");
    // `conditional clear` removes it: the opponent's move then gets no reply.
    assert_eq!(ok(&host, &waiter, "dm", "conditional clear").await, "Your conditional moves are removed (1 game).");
    ok(&host, &mover, "c", &theirs).await;
    assert!(due(&host, &clock).await.is_empty());
    assert_eq!(log(&host, id).await.last(), Some(&theirs));
}

#[tokio::test]
async fn a_plan_survives_a_restart() {
    let (place, clock, host) = setup().await;
    let id = two_player(&host, "artifakes", 12).await;
    let (mover, waiter) = mover_and_waiter(&host, id).await;
    let game = position(&host, id).await;
    let (theirs, mine) = pair(game.as_ref(), 0, 0);
    ok(&host, &waiter, "c", &format!("if {theirs} then {mine}")).await;
    drop(host);
    // A new process on the same database.
    let host = timed_host(&place, &clock).await;
    ok(&host, &mover, "c", &theirs).await;
    drop(host);
    let host = timed_host(&place, &clock).await;
    let text = notice_texts(&due(&host, &clock).await);
    assert!(text.contains("Played as planned."), "{text}");
    let tail: Vec<String> = log(&host, id).await.into_iter().rev().take(2).rev().collect();
    assert_eq!(tail, vec![theirs, mine]);
}

/// Two processes poll at once after the opponent's move: the reply is played once.
async fn two_processes_play_a_reply_once() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let (one, two) = (timed_host(&place, &clock).await, timed_host(&place, &clock).await);
    let id = two_player(&one, "aratoth", 13).await;
    let (mover, waiter) = mover_and_waiter(&one, id).await;
    let game = position(&one, id).await;
    let (theirs, mine) = pair(game.as_ref(), 2, 3);
    ok(&two, &waiter, "c", &format!("if {theirs} then {mine}")).await;
    ok(&one, &mover, "c", &theirs).await;
    let before = log(&one, id).await;
    let (a, b) = tokio::join!(due(&one, &clock), due(&two, &clock));
    let all: Vec<Notice> = a.into_iter().chain(b).collect();
    let played = all.iter().filter(|n| n.reply.text.plain().contains("Played as planned.")).count();
    assert_eq!(played, 1, "{}", notice_texts(&all));
    let after = log(&one, id).await;
    assert_eq!(after.len(), before.len() + 1);
    assert_eq!(after.last(), Some(&mine));
    let (c, d) = tokio::join!(due(&one, &clock), due(&two, &clock));
    assert!(c.is_empty() && d.is_empty());
}

#[tokio::test]
async fn two_processes_on_one_file_play_a_planned_reply_once() {
    two_processes_play_a_reply_once().await;
}

#[tokio::test]
#[ignore = "PostgreSQL only: runs in the PostgreSQL pass of scripts/test.sh (SPIELTISCH_TEST_POSTGRES)"]
async fn two_processes_on_postgres_play_a_planned_reply_once() {
    assert!(postgres_server().is_some(), "set SPIELTISCH_TEST_POSTGRES");
    for _ in 0..5 {
        two_processes_play_a_reply_once().await;
    }
}

#[tokio::test]
async fn a_take_back_clears_the_plan() {
    let (_place, clock, host) = setup().await;
    let id = two_player(&host, "aratoth", 14).await;
    let (first, second) = mover_and_waiter(&host, id).await;
    let game = position(&host, id).await;
    let opening = game.legal_moves()[0].clone();
    ok(&host, &first, "c", &opening).await;
    // `first` now waits and plans the answer to `second`'s move.
    let game = position(&host, id).await;
    let (theirs, mine) = pair(game.as_ref(), 0, 0);
    ok(&host, &first, "c", &format!("if {theirs} then {mine}")).await;
    // `first` takes the opening back, with `second`'s consent.
    ok(&host, &first, "c", "undo").await;
    ok(&host, &second, "c", "undo").await;
    assert!(log(&host, id).await.is_empty());
    let notices = due(&host, &clock).await;
    assert_eq!(said_to(&notices, &first), format!("A move was taken back in game #{id}: your conditional moves there are cleared."));
    assert_eq!(ok(&host, &first, "c", "conditional").await, "You have no conditional moves.");
}
