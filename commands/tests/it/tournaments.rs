//! Tournaments (issue 39) from `tournament new` to the final standings, in the
//! terminal's channel on a manual clock moved like the terminal's `wait`: a Swiss of
//! seven (one of them the AI) and a round robin of four, their pairings, byes, results
//! (resignations, games lost on time by themselves, the AI's wins) and standings with
//! tie-breaks worked out by hand; and the refusals.

use std::sync::Arc;

use commands::{base::clock::ManualClock, store::Status, GameId, Host, Origin};

use crate::{
    slowsupport::{due, no_at, notice_texts, ok_at, timed_host, DAY, HOUR, MINUTE, T0},
    support::{origin, Place},
};

/// `user` in the terminal's channel `t` (where `@bot` names the bot).
pub(crate) fn at(user: &str) -> Origin {
    Origin { platform: "terminal".into(), ..origin(user, "t") }
}

pub(crate) async fn terminal_host() -> (Place, Arc<ManualClock>, Host) {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    (place, clock, host)
}

/// The terminal's `wait`: the clock moves on and the scheduler polls (twice, as the
/// terminal polls after every line); the notices' texts.
pub(crate) async fn wait(host: &Host, clock: &ManualClock, ms: i64) -> String {
    clock.advance(ms);
    let mut notices = due(host, clock).await;
    notices.extend(due(host, clock).await);
    notice_texts(&notices)
}

/// `user` resigns game `id` (and the scheduler polls); the texts.
pub(crate) async fn resign(host: &Host, clock: &ManualClock, user: &str, id: i64) -> String {
    let said = ok_at(host, &at(user), &format!("resign #{id}")).await;
    format!("{said}\n{}", wait(host, clock, MINUTE).await)
}

/// Whether `line` is one of the lines of `text`.
pub(crate) fn has_line(text: &str, line: &str) -> bool {
    text.lines().any(|l| l.trim_start_matches("[t] ").trim() == line)
}

pub(crate) fn assert_lines(text: &str, lines: &[&str]) {
    for line in lines {
        assert!(has_line(text, line), "missing {line:?} in:\n{text}");
    }
}

pub(crate) async fn status(host: &Host, id: i64) -> Status {
    host.db().game(GameId(id)).await.expect("read").expect("game").status
}

/// A round robin of four (Berger tables for 4, FIDE C.05: round 1 1–4, 2–3; round 2
/// 4–3, 1–2; round 3 2–4, 3–1; the first named moves first) with ranks by sign-up:
/// alice 1, bob 2, carol 3, dave 4. Results: round 1 dave resigns to alice, bob (to
/// move) runs out of time against carol; round 2 carol resigns to dave, bob to alice;
/// round 3 dave resigns to bob, alice to carol. Points: alice 2 (beat dave, bob),
/// carol 2 (beat bob, alice), dave 1 (beat carol), bob 1 (beat dave). Buchholz: alice
/// 1 + 1 + 2 = 4, carol 1 + 1 + 2 = 4, dave 2 + 2 + 1 = 5, bob 2 + 2 + 1 = 5; cut 1:
/// 3, 3, 4, 4. Sonneborn-Berger: carol 1 (bob) + 2 (alice) = 3 before alice 1 + 1 = 2;
/// dave 2 (carol) before bob 1 (dave).
#[tokio::test]
async fn a_round_robin_of_four_runs_to_its_final_standings() {
    let (_place, clock, host) = terminal_host().await;
    let opened = ok_at(&host, &at("alice"), "tournament new carat roundrobin time=1d").await;
    assert!(opened.contains("@alice opens tournament #1 (Carat, round robin, 1 day per move)"), "{opened}");
    for who in ["bob", "carol", "dave"] {
        ok_at(&host, &at(who), "tournament join").await;
    }
    let started = ok_at(&host, &at("alice"), "tournament start").await;
    assert_lines(&started, &["Tournament #1, round 1 of 3:", "#1: alice – dave", "#2: bob – carol"]);
    // The first named moves first (seat 0 of the game).
    assert!(started.contains("Tournament #1, round 1: game #1 starts, alice – dave."), "{started}");
    let row = host.db().game(GameId(2)).await.expect("read").expect("game");
    let players = host.db().players(GameId(2)).await.expect("players");
    assert_eq!(players[row.to_move[0]].user_id, "bob", "bob (first named) moves first");

    // Round 1: dave resigns; bob does not move for a day and loses on time by himself.
    let said = resign(&host, &clock, "dave", 1).await;
    assert!(!said.contains("round 2"), "round 1 still runs: {said}");
    let status_text = ok_at(&host, &at("dave"), "tournament").await;
    assert_lines(&status_text, &["Tournament #1 (Carat, round robin, 3 rounds, 1 day per move): round 1 of 3.", "#2: bob – carol, bob to move"]);
    let said = wait(&host, &clock, 23 * HOUR).await;
    assert!(!said.contains("ran out"), "{said}");
    let said = wait(&host, &clock, HOUR).await;
    assert!(said.contains("bob's time in game #2 ran out: the game is lost on time."), "{said}");
    assert_eq!(status(&host, 2).await, Status::Finished);
    assert_lines(&said, &["Round 1 of tournament #1 is over.", "Tournament #1, round 2 of 3:", "#3: dave – carol", "#4: alice – bob"]);
    assert_lines(&said, &["1. alice: 1 (0, 0, 0, 1)", "1. carol: 1 (0, 0, 0, 1)", "3. bob: 0 (0, 1, 0, 0)", "3. dave: 0 (0, 1, 0, 0)"]);

    // Round 2.
    resign(&host, &clock, "carol", 3).await;
    let said = resign(&host, &clock, "bob", 4).await;
    assert_lines(&said, &["Tournament #1, round 3 of 3:", "#5: bob – dave", "#6: carol – alice"]);

    // Round 3, and the end.
    resign(&host, &clock, "dave", 5).await;
    let said = resign(&host, &clock, "alice", 6).await;
    assert!(said.contains("Tournament #1 is over after 3 rounds."), "{said}");
    assert_lines(&said, &[
        "Final standings (points; Buchholz cut 1, Buchholz, Sonneborn-Berger, wins):",
        "1. carol: 2 (3, 4, 3, 2)",
        "2. alice: 2 (3, 4, 2, 2)",
        "3. dave: 1 (4, 5, 2, 1)",
        "4. bob: 1 (4, 5, 1, 1)",
    ]);
    // Nothing more happens, however long one waits.
    assert_eq!(wait(&host, &clock, 5 * DAY).await, "");
    let final_status = ok_at(&host, &at("bob"), "tournament").await;
    assert!(final_status.contains("Tournament #1 (Carat, round robin, 3 rounds, 1 day per move) is over."), "{final_status}");
}

/// A Swiss of seven, the AI the seventh by sign-up, four rounds (⌈log2 7⌉ + 1), paired
/// by the FIDE Dutch system (worked by hand; in each round the higher-ranked player wins
/// unless the AI plays, which wins every game):
/// - Round 1: S1 {1, 2, 3} against S2 {4, 5, 6}, the bye to 7; colours alternate by
///   board from White for rank 1: 1–4, 5–2, 3–6.
/// - Round 2: {1, 2, 3, 7} with 1 point: 1–3 / 2–7 would leave 1 and 3 (both last
///   White) wanting Black; the transposition 1–7 / 2–3 gives everyone their colour:
///   7–1 (7 has none yet), 2–3; below 4–5 (4 had Black), the bye to 6.
/// - Round 3: 2–7 (both want Black, 7's preference is the stronger); in {1, 3, 4, 6}
///   1–4 met already, so 1–6 / 3–4: 6–1 (6 had only Black), 3–4; the bye to 5.
/// - Round 4: 7 (3 points) floats down and meets 3, the only one of {1, 2, 3} it has
///   not met: 7–3; 1–2 (1 had Black twice, 2 White twice); 4 the only one left without
///   a bye: 5–6, the bye to 4.
/// Points: AI 4, alice 3, bob, carol, dave, erin 2, frank 1. Buchholz (byes count
/// nothing): AI 3 + 2 + 2 = 7, alice 2 + 4 + 1 + 2 = 9, bob 2 + 2 + 4 + 3 = 11, carol
/// 1 + 2 + 2 + 4 = 9, dave 3 + 2 + 2 = 7, erin 2 + 2 + 1 = 5, frank 2 + 3 + 2 = 7.
/// Sonneborn-Berger: AI 7, alice 5, bob 4, carol 3, dave 2, erin 1, frank 0.
#[tokio::test]
async fn a_swiss_of_seven_with_the_ai_runs_to_its_final_standings() {
    let (_place, clock, host) = terminal_host().await;
    let opened = ok_at(&host, &at("alice"), "tournament new carat time=1d signup=1d").await;
    assert!(opened.contains("(Carat, Swiss, 1 day per move)"), "{opened}");
    for who in ["bob", "carol", "dave", "erin", "frank"] {
        ok_at(&host, &at(who), "tournament join").await;
    }
    let joined = ok_at(&host, &at("frank"), "tournament join @bot").await;
    assert!(joined.contains("Spieltisch (AI) signs up for tournament #1 (7 players signed up)."), "{joined}");
    // Sign-up ends: it starts by itself.
    let said = wait(&host, &clock, DAY).await;
    assert_lines(&said, &[
        "Tournament #1, round 1 of 4:",
        "#1: alice – dave",
        "#2: erin – bob",
        "#3: carol – frank",
        "Spieltisch (AI) has the bye (1 point).",
    ]);
    // Round 1: dave and frank resign; erin runs out of time against bob.
    resign(&host, &clock, "dave", 1).await;
    resign(&host, &clock, "frank", 3).await;
    let said = wait(&host, &clock, DAY).await;
    assert!(said.contains("erin's time in game #2 ran out"), "{said}");
    assert_lines(&said, &[
        "Tournament #1, round 2 of 4:",
        "#4: Spieltisch (AI) – alice",
        "#5: bob – carol",
        "#6: dave – erin",
        "frank has the bye (1 point).",
    ]);
    // Round 2: the AI has moved first (it is White); alice resigns to it.
    let row = host.db().game(GameId(4)).await.expect("read").expect("game");
    let players = host.db().players(GameId(4)).await.expect("players");
    assert_eq!((row.seq, players[row.to_move[0]].user_id.as_str()), (1, "alice"), "the AI moved at once: {row:?}");
    resign(&host, &clock, "alice", 4).await;
    resign(&host, &clock, "carol", 5).await;
    let said = resign(&host, &clock, "erin", 6).await;
    assert_lines(&said, &[
        "Tournament #1, round 3 of 4:",
        "#7: bob – Spieltisch (AI)",
        "#8: frank – alice",
        "#9: carol – dave",
        "erin has the bye (1 point).",
    ]);
    // Round 3.
    resign(&host, &clock, "bob", 7).await;
    resign(&host, &clock, "frank", 8).await;
    let said = resign(&host, &clock, "dave", 9).await;
    assert_lines(&said, &[
        "Tournament #1, round 4 of 4:",
        "#10: Spieltisch (AI) – carol",
        "#11: alice – bob",
        "#12: erin – frank",
        "dave has the bye (1 point).",
    ]);
    // Round 4, and the end.
    resign(&host, &clock, "carol", 10).await;
    resign(&host, &clock, "bob", 11).await;
    let said = resign(&host, &clock, "frank", 12).await;
    assert!(said.contains("Tournament #1 is over after 4 rounds."), "{said}");
    assert_lines(&said, &[
        "1. Spieltisch (AI): 4 (5, 7, 7, 3)",
        "2. alice: 3 (8, 9, 5, 3)",
        "3. bob: 2 (9, 11, 4, 2)",
        "4. carol: 2 (8, 9, 3, 2)",
        "5. dave: 2 (5, 7, 2, 1)",
        "6. erin: 2 (4, 5, 1, 1)",
        "7. frank: 1 (5, 7, 0, 0)",
    ]);
}

/// Clear refusals that change nothing.
#[tokio::test]
async fn tournaments_refuse_what_they_cannot_do() {
    let (_place, clock, host) = terminal_host().await;
    let alice = at("alice");
    assert!(no_at(&host, &alice, "tournament new carat rounds=0").await.contains("is no number of rounds"));
    assert!(no_at(&host, &alice, "tournament new carat purple").await.contains("purple"));
    assert!(no_at(&host, &alice, "tournament new carat roundrobin rounds=2").await.contains("round robin"));
    assert!(no_at(&host, &alice, "tournament new carat @bob").await.contains("signs up themselves"));
    assert!(no_at(&host, &alice, "tournament").await.contains("There is no tournament in this channel"));
    ok_at(&host, &alice, "tournament new carat players=3 time=1d").await;
    // The organiser is signed up; starting alone, or by someone else, is refused.
    assert!(no_at(&host, &alice, "tournament start").await.contains("Only 1 player has signed up for tournament #1: it needs at least 3 to start."));
    assert!(no_at(&host, &alice, "tournament join").await.contains("alice is already signed up"));
    ok_at(&host, &at("bob"), "tournament join").await;
    assert!(no_at(&host, &at("bob"), "tournament start").await.contains("Only the organiser"));
    // Leaving before the start takes bob off; he may come back.
    ok_at(&host, &at("bob"), "tournament leave").await;
    assert!(no_at(&host, &at("bob"), "tournament leave").await.contains("You are not playing in tournament #1"));
    ok_at(&host, &at("bob"), "tournament join").await;
    ok_at(&host, &at("carol"), "tournament join").await;
    assert!(no_at(&host, &at("dave"), "tournament join").await.contains("Tournament #1 is full (3 players)."));
    let started = ok_at(&host, &alice, "tournament start").await;
    assert!(started.contains("round 1 of 2"), "Swiss of 3: ⌈log2 3⌉ + 1 = 3, capped at 2: {started}");
    assert!(no_at(&host, &at("dave"), "tournament join").await.contains("Sign-up for tournament #1 is over"));
    assert!(no_at(&host, &alice, "tournament start").await.contains("has already started"));
    // A running tournament's game has no undo; a vacation does not stop its clock.
    let game = host.db().pairings(commands::TournamentId(1)).await.expect("pairings").into_iter().find_map(|p| p.game).expect("a game");
    let players = host.db().players(game).await.expect("players");
    let row = host.db().game(game).await.expect("read").expect("game");
    let mover = players[row.to_move[0]].user_id.clone();
    let legal = host.legal_moves(&at(&mover), Some(game), "").await.expect("moves");
    ok_at(&host, &at(&mover), &format!("move #{game} {}", legal[0])).await;
    let refused = no_at(&host, &at(&mover), &format!("undo #{game}")).await;
    assert!(refused.contains("part of tournament #1") || refused.contains("has no `undo`"), "{refused}");
    let vacation = ok_at(&host, &at(&mover), "vacation 3").await;
    assert!(vacation.contains("Tournament clocks do not stop for vacations"), "{vacation}");
    // Leaving after the start resigns the running game; leaving twice is refused.
    let left = ok_at(&host, &at("carol"), "tournament leave").await;
    assert!(left.contains("carol leaves tournament #1"), "{left}");
    assert!(no_at(&host, &at("carol"), "tournament leave").await.contains("already left"));
    assert!(no_at(&host, &at("bob"), "tournament cancel").await.contains("Only the organiser"));
    let _ = wait(&host, &clock, MINUTE).await;
    ok_at(&host, &alice, "tournament cancel").await;
    assert!(no_at(&host, &alice, "tournament cancel").await.contains("Tournament #1 was cancelled."));
}

/// Sign-up that ends with fewer than three players cancels the tournament, once.
#[tokio::test]
async fn a_signup_without_enough_players_is_cancelled_when_it_ends() {
    let (_place, clock, host) = terminal_host().await;
    ok_at(&host, &at("alice"), "turnier neu carat anmeldung=2h").await;
    ok_at(&host, &at("bob"), "turnier beitreten").await;
    let said = wait(&host, &clock, 2 * HOUR).await;
    assert_eq!(said.matches("is over with only 2 of the 3 players it needs, so it is cancelled").count(), 1, "{said}");
    assert_eq!(wait(&host, &clock, HOUR).await, "");
}

/// Two bot processes on one database poll at the same moment when sign-up ends and
/// when a round is over: the tournament starts once, each round is paired once, its
/// games started once and announced by one of them (on PostgreSQL in its pass too).
#[tokio::test]
async fn two_schedulers_pair_each_round_once() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let (one, two) = (timed_host(&place, &clock).await, timed_host(&place, &clock).await);
    ok_at(&one, &at("alice"), "tournament new carat roundrobin time=1d signup=1h").await;
    for who in ["bob", "carol", "dave"] {
        ok_at(&two, &at(who), "tournament join").await;
    }
    clock.advance(HOUR);
    let (a, b) = tokio::join!(due(&one, &clock), due(&two, &clock));
    let said = format!("{}\n{}", notice_texts(&a), notice_texts(&b));
    assert_eq!(said.matches("Tournament #1, round 1 of 3:").count(), 1, "{said}");
    let pairings = one.db().pairings(commands::TournamentId(1)).await.expect("pairings");
    assert_eq!(pairings.len(), 2, "{pairings:?}");
    // Round 1 ends on time in both games at once.
    clock.advance(DAY);
    let (a, b) = tokio::join!(due(&one, &clock), due(&two, &clock));
    let (c, d) = tokio::join!(due(&one, &clock), due(&two, &clock));
    let said = [a, b, c, d].iter().map(|n| notice_texts(n)).collect::<Vec<_>>().join("\n");
    assert_eq!(said.matches("ran out: the game is lost on time").count(), 2, "{said}");
    assert_eq!(said.matches("Tournament #1, round 2 of 3:").count(), 1, "{said}");
    let pairings = one.db().pairings(commands::TournamentId(1)).await.expect("pairings");
    assert_eq!(pairings.len(), 4, "{pairings:?}");
    assert!(pairings.iter().filter(|p| p.round == 1).all(|p| p.result.as_deref() == Some("0-1")), "white moved first and lost on time: {pairings:?}");
    let games = pairings.iter().filter_map(|p| p.game).collect::<std::collections::BTreeSet<_>>();
    assert_eq!(games.len(), 4);
}

/// The standings after a round come as a table picture too (a round robin's with its
/// cross table), readable at phone width: at most 1,000 pixels wide, so a phone shows it
/// at about a third of its size or more. With `SPIELTISCH_TOURNAMENT_PNG=dir` the
/// pictures are written there to be looked at.
#[tokio::test]
async fn the_standings_come_as_a_picture() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let db = commands::store::Db::open(&place.url()).await.expect("open");
    let host = Host::with_db(db, commands::HostOptions::default(), clock.clone());
    ok_at(&host, &at("alice"), "tournament new carat roundrobin time=1d").await;
    for who in ["bob", "carol", "dave"] {
        ok_at(&host, &at(who), "tournament join").await;
    }
    ok_at(&host, &at("alice"), "tournament start").await;
    ok_at(&host, &at("dave"), "resign #1").await;
    ok_at(&host, &at("carol"), "resign #2").await;
    clock.advance(MINUTE);
    let notices = due(&host, &clock).await;
    let post = notices.iter().find(|n| n.reply.text.plain().starts_with("Round 1 of tournament #1 is over.")).expect("the round's standings");
    let file = post.reply.file.as_ref().expect("a picture");
    assert_eq!((file.mime, file.name.as_str()), ("image/png", "tournament-1-round-1.png"));
    let image = image::load_from_memory(&file.bytes).expect("a PNG");
    assert!(image.width() <= 1000 && image.height() < 600, "{}x{}", image.width(), image.height());
    let status = host.handle(&at("bob"), "turnier").await;
    let german = host.handle(&Origin { lang: Some(commands::Lang::De), ..at("erin") }, "turnier").await;
    if let Some(dir) = std::env::var_os("SPIELTISCH_TOURNAMENT_PNG") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::write(dir.join("round-over.png"), &file.bytes).expect("write");
        for (name, replies) in [("status.png", &status), ("status-de.png", &german)] {
            let picture = replies.iter().find_map(|r| r.file.as_ref()).expect("the status's picture");
            std::fs::write(dir.join(name), &picture.bytes).expect("write");
        }
    }
    assert!(status.iter().any(|r| r.file.as_ref().is_some_and(|f| f.mime == "image/png")), "the status has the picture too");
}

/// Found by a new user: a double round robin of three gives the round's bye once (one
/// point, one line), and a player who has left gets no bye afterwards. Berger tables for
/// three (four with a dummy): round 1 alice has the bye and bob – carol play twice;
/// round 2 carol would have the bye, but she left in round 1.
#[tokio::test]
async fn a_bye_is_one_point_once_in_a_double_round_robin_and_none_after_leaving() {
    let (_place, clock, host) = terminal_host().await;
    ok_at(&host, &at("alice"), "tournament new carat roundrobin double time=1d").await;
    for who in ["bob", "carol"] {
        ok_at(&host, &at(who), "tournament join").await;
    }
    let started = ok_at(&host, &at("alice"), "tournament start").await;
    assert_eq!(started.matches("alice has the bye (1 point).").count(), 1, "{started}");
    // carol leaves: her two games are resigned, the round ends.
    ok_at(&host, &at("carol"), "tournament leave").await;
    let said = wait(&host, &clock, MINUTE).await;
    assert!(said.contains("Round 1 of tournament #1 is over."), "{said}");
    assert!(!said.contains("carol has the bye"), "who has left gets no bye: {said}");
    // After round 1: bob 2 points (two wins), alice 1 (the bye, once), carol 0.
    let bob = said.lines().find(|l| l.contains(". bob: ")).unwrap_or_default();
    let alice = said.lines().find(|l| l.contains(". alice: ")).unwrap_or_default();
    assert!(bob.contains("bob: 2 ("), "{said}");
    assert!(alice.contains("alice: 1 ("), "{said}");
    // Round 2 ends: carol still has nothing.
    let status_text = ok_at(&host, &at("alice"), "tournament").await;
    let carol = status_text.lines().find(|l| l.contains(". carol: ")).unwrap_or_default();
    assert!(carol.contains("carol: 0 ("), "{status_text}");
}
