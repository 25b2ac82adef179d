//! Tournaments as a new user met them (issue 39): which tournament a command without
//! `#T` means, cancelling (once; its games aborted; the status after it), the channel's
//! language in the scheduler's posts, wording, a game aborted by an admin (a double
//! forfeit), and the vacation's note on tournament clocks.

use commands::{store::Status, GameId, Lang, Origin, TournamentId};

use crate::{
    slowsupport::{log, no_at, ok_at, DAY, MINUTE},
    tournaments::{assert_lines, at, resign, status, terminal_host, wait},
};

/// Two tournaments open in one channel: a command without `#T` means the speaker's own;
/// where several could be meant, the speaker is asked to name one.
#[tokio::test]
async fn a_command_without_a_number_means_the_speakers_tournament() {
    let (_place, _clock, host) = terminal_host().await;
    ok_at(&host, &at("alice"), "tournament new carat time=1d").await;
    ok_at(&host, &at("bob"), "tournament new aratoth time=1d").await;
    // alice's is #1, although #2 is newer.
    let mine = ok_at(&host, &at("alice"), "tournament").await;
    assert!(mine.starts_with("Tournament #1 (Carat"), "{mine}");
    let his = ok_at(&host, &at("bob"), "tournament").await;
    assert!(his.starts_with("Tournament #2 (Aratoth's Revenge"), "{his}");
    // carol is in neither: both are open for sign-up, so she is asked.
    let asked = no_at(&host, &at("carol"), "tournament join").await;
    assert!(asked.contains("Several tournaments here could be meant (#1, #2): name one, like `tournament join #1`."), "{asked}");
    let asked = no_at(&host, &at("carol"), "tournament").await;
    assert!(asked.contains("(#1, #2)"), "{asked}");
    let joined = ok_at(&host, &at("carol"), "tournament join #1").await;
    assert!(joined.contains("carol signs up for tournament #1 (2 players signed up)."), "{joined}");
    let joined = ok_at(&host, &at("dave"), "tournament join #2").await;
    assert!(joined.contains("dave signs up for tournament #2 (2 players signed up)."), "{joined}");
    let status_text = ok_at(&host, &at("carol"), "tournament").await;
    assert!(status_text.starts_with("Tournament #1 "), "carol's own: {status_text}");
    let left = ok_at(&host, &at("dave"), "tournament leave").await;
    assert!(left.contains("dave is no longer signed up for tournament #2."), "{left}");
    // Several AI players at once: a plural verb.
    let joined = ok_at(&host, &at("alice"), "tournament join #1 @bot @bot").await;
    assert!(joined.contains("sign up for tournament #1 (4 players signed up)."), "{joined}");
    // Starting too early: singular and plural.
    let refused = no_at(&host, &at("bob"), "tournament start").await;
    assert!(refused.contains("Only 1 player has signed up for tournament #2: it needs at least 3 to start."), "{refused}");
    // A tournament number that is none.
    let refused = no_at(&host, &at("bob"), "tournament #abc").await;
    assert!(refused.contains("“#abc” is not a tournament number"), "{refused}");
    let refused = no_at(&host, &at("bob"), "tournament cancel #0").await;
    assert!(refused.contains("“#0” is not a tournament number"), "{refused}");
}

/// A repeated `tournament cancel` cancels one tournament and then says it was
/// cancelled; the status of a tournament cancelled before its start has no table.
#[tokio::test]
async fn cancel_twice_cancels_one_tournament() {
    let (_place, _clock, host) = terminal_host().await;
    ok_at(&host, &at("bob"), "tournament new carat time=1d").await;
    ok_at(&host, &at("alice"), "tournament new carat time=1d").await;
    ok_at(&host, &at("bob"), "tournament new aratoth time=1d").await;
    let said = ok_at(&host, &at("alice"), "tournament cancel").await;
    assert!(said.contains("alice cancelled tournament #2. No game was running."), "{said}");
    let again = no_at(&host, &at("alice"), "tournament cancel").await;
    assert!(again.contains("Tournament #2 was cancelled."), "{again}");
    assert!(!again.contains("is over"), "{again}");
    // bob has two open: he is asked which.
    let asked = no_at(&host, &at("bob"), "tournament cancel").await;
    assert!(asked.contains("(#1, #3): name one, like `tournament cancel #1`"), "{asked}");
    for id in [1, 3] {
        let t = host.db().tournament(TournamentId(id)).await.expect("read").expect("stored");
        assert_eq!(t.stage, commands::store::tournaments::Stage::Signup, "#{id} untouched");
    }
    let shown = ok_at(&host, &at("alice"), "tournament").await;
    assert!(shown.contains("Tournament #2 (Carat, Swiss, 1 day per move) was cancelled."), "{shown}");
    assert!(!shown.contains("Standings"), "no table after a cancel before the start: {shown}");
    let refused = no_at(&host, &at("alice"), "tournament leave #2").await;
    assert!(refused.contains("Tournament #2 was cancelled."), "{refused}");
    let refused = no_at(&host, &at("alice"), "tournament start #2").await;
    assert!(refused.contains("Tournament #2 was cancelled."), "{refused}");
}

/// Cancelling a running tournament aborts its running games (and says which); the
/// scheduler then leaves it alone.
#[tokio::test]
async fn cancel_aborts_the_running_games() {
    let (_place, clock, host) = terminal_host().await;
    ok_at(&host, &at("alice"), "tournament new carat roundrobin time=1d").await;
    for who in ["bob", "carol", "dave"] {
        ok_at(&host, &at(who), "tournament join").await;
    }
    ok_at(&host, &at("alice"), "tournament start").await;
    // Round 1: #1 alice – dave, #2 bob – carol; dave resigns #1 first.
    resign(&host, &clock, "dave", 1).await;
    let said = ok_at(&host, &at("alice"), "tournament cancel").await;
    assert!(said.contains("alice cancelled tournament #1. Game #2, still running, is aborted."), "{said}");
    assert_eq!(status(&host, 1).await, Status::Finished);
    assert_eq!(status(&host, 2).await, Status::Finished);
    assert_eq!(log(&host, GameId(2)).await.last().map(String::as_str), Some("@abort"));
    let moves = host.legal_moves(&at("bob"), Some(GameId(2)), "").await;
    assert!(moves.is_err() || moves.as_ref().is_ok_and(Vec::is_empty), "game #2 is over: {moves:?}");
    assert_eq!(wait(&host, &clock, 2 * DAY).await, "", "nothing more happens");
    let shown = ok_at(&host, &at("bob"), "tournament").await;
    assert!(shown.contains("Tournament #1 (Carat, round robin, 3 rounds, 1 day per move) was cancelled."), "{shown}");
}

/// A tournament opened by someone speaking German posts its rounds in German, also the
/// scheduler's posts (the end of a round, the next round's pairings, a time-out).
#[tokio::test]
async fn the_schedulers_posts_speak_the_channels_language() {
    let (_place, clock, host) = terminal_host().await;
    let de = |who: &str| Origin { lang: Some(Lang::De), ..at(who) };
    ok_at(&host, &de("alice"), "turnier neu carat rundenturnier zeit=1d").await;
    for who in ["bob", "carol", "dave"] {
        ok_at(&host, &de(who), "turnier beitreten").await;
    }
    let started = ok_at(&host, &de("alice"), "turnier starten").await;
    assert_lines(&started, &["Turnier #1, Runde 1 von 3:", "#1: alice – dave", "#2: bob – carol"]);
    ok_at(&host, &de("dave"), "aufgeben #1").await;
    // bob runs out of time: the scheduler ends the game and the round.
    let said = wait(&host, &clock, DAY).await;
    assert!(said.contains("Die Zeit von bob in Partie #2 ist abgelaufen"), "{said}");
    assert_lines(&said, &["Runde 1 von Turnier #1 ist vorbei.", "Turnier #1, Runde 2 von 3:", "#3: dave – carol", "#4: alice – bob"]);
    assert!(!said.contains("Round 1") && !said.contains("Standings"), "no English: {said}");
}

/// A tournament game aborted by an admin is a double forfeit: 0–0, no game played
/// (no Buchholz from it); a player cannot abort a tournament game.
#[tokio::test]
async fn an_aborted_tournament_game_is_a_double_forfeit() {
    let (_place, clock, host) = terminal_host().await;
    ok_at(&host, &at("alice"), "tournament new carat roundrobin time=1d").await;
    for who in ["bob", "carol", "dave"] {
        ok_at(&host, &at(who), "tournament join").await;
    }
    ok_at(&host, &at("alice"), "tournament start").await;
    let refused = no_at(&host, &at("alice"), "abort #1").await;
    assert!(refused.contains("Game #1 is part of tournament #1"), "{refused}");
    let admin = Origin { is_admin: true, ..at("root") };
    let aborted = ok_at(&host, &admin, "abort #1").await;
    assert!(aborted.contains("root aborted game #1 of tournament #1: a double forfeit, it counts 0–0"), "{aborted}");
    // Round 1 ends when carol resigns to bob. Points: bob 1, the rest 0. Buchholz: bob 0
    // (carol 0), carol 1 (bob), cut 1 drops the one opponent: 0; alice and dave met no
    // one over the board: 0 each, level on everything, so they share third place.
    let said = resign(&host, &clock, "carol", 2).await;
    assert_lines(&said, &[
        "Round 1 of tournament #1 is over.",
        "1. bob: 1 (0, 0, 0, 1)",
        "2. carol: 0 (0, 1, 0, 0)",
        "3. alice: 0 (0, 0, 0, 0)",
        "3. dave: 0 (0, 0, 0, 0)",
    ]);
    let pairings = host.db().pairings(TournamentId(1)).await.expect("pairings");
    let first = pairings.iter().find(|p| p.round == 1 && p.board == 1).expect("board 1");
    assert_eq!(first.result.as_deref(), Some("0-0"));
}

/// Booking a vacation while signed up for a running tournament says that its clocks do
/// not stop, also between one's games (here: alice has the bye).
#[tokio::test]
async fn a_vacation_in_a_tournament_is_told_the_clocks_run_on() {
    let (_place, _clock, host) = terminal_host().await;
    ok_at(&host, &at("alice"), "tournament new carat roundrobin time=1d").await;
    for who in ["bob", "carol"] {
        ok_at(&host, &at(who), "tournament join").await;
    }
    let started = ok_at(&host, &at("alice"), "tournament start").await;
    assert!(started.contains("alice has the bye (1 point)."), "{started}");
    let booked = ok_at(&host, &at("alice"), "vacation 3").await;
    assert!(booked.contains("Tournament clocks do not stop for vacations"), "{booked}");
    // Someone in no tournament hears nothing of it.
    let other = ok_at(&host, &at("erin"), "vacation 2").await;
    assert!(!other.contains("Tournament clocks"), "{other}");
    let _ = MINUTE;
}

/// A tournament cancelled during play shows, under its heading, that it was cancelled
/// and the standings as they stood: round 1 of a round robin of four counted (alice beat
/// dave, carol beat bob: alice and carol 1 point, no Buchholz as their opponents have
/// none; bob and dave 0 with a Buchholz of 1), round 2's result (dave beat carol in #3)
/// not, as that round never ended. The last tie-break, the rating, is each player's at
/// the tournament's start: all four were unrated then, so the players level share their
/// places (alice and carol first, bob and dave third), although #3 has been rated since
/// (carol lost it, dave won it). In German too.
#[tokio::test]
async fn a_cancelled_tournament_shows_the_standings_as_they_stood() {
    let (_place, clock, host) = terminal_host().await;
    ok_at(&host, &at("alice"), "tournament new carat roundrobin time=1d").await;
    for who in ["bob", "carol", "dave"] {
        ok_at(&host, &at(who), "tournament join").await;
    }
    ok_at(&host, &at("alice"), "tournament start").await;
    resign(&host, &clock, "dave", 1).await;
    let said = resign(&host, &clock, "bob", 2).await;
    assert_lines(&said, &["Tournament #1, round 2 of 3:", "#3: dave – carol", "#4: alice – bob"]);
    resign(&host, &clock, "carol", 3).await;
    let said = ok_at(&host, &at("alice"), "tournament cancel").await;
    assert!(said.contains("Game #4, still running, is aborted."), "{said}");
    let shown = ok_at(&host, &at("bob"), "tournament").await;
    assert_lines(&shown, &[
        "Tournament #1 (Carat, round robin, 3 rounds, 1 day per move) was cancelled.",
        "Cancelled: the standings after round 1 of 3, as they stood (points; Buchholz cut 1, Buchholz, Sonneborn-Berger, wins):",
        "1. alice: 1 (0, 0, 0, 1)",
        "1. carol: 1 (0, 0, 0, 1)",
        "3. bob: 0 (0, 1, 0, 0)",
        "3. dave: 0 (0, 1, 0, 0)",
    ]);
    let de = Origin { lang: Some(Lang::De), ..at("dave") };
    let shown = ok_at(&host, &de, "turnier").await;
    assert!(shown.contains("wurde abgesagt."), "{shown}");
    assert!(
        shown.contains("Abgesagt: der Tabellenstand nach Runde 1 von 3, wie er da stand (Punkte; Buchholz mit Streichresultat, Buchholz, Sonneborn-Berger, Siege):"),
        "{shown}"
    );
}

/// Cancelled in round 1, before any round was complete: no result counts, and the
/// heading says so.
#[tokio::test]
async fn a_tournament_cancelled_in_its_first_round_counts_no_result() {
    let (_place, _clock, host) = terminal_host().await;
    ok_at(&host, &at("alice"), "tournament new carat roundrobin time=1d").await;
    for who in ["bob", "carol"] {
        ok_at(&host, &at(who), "tournament join").await;
    }
    ok_at(&host, &at("alice"), "tournament start").await;
    ok_at(&host, &at("alice"), "tournament cancel").await;
    let shown = ok_at(&host, &at("carol"), "tournament").await;
    assert!(shown.contains("Cancelled before a round was complete, so no result counts"), "{shown}");
    assert!(!shown.contains(": 1 ("), "nobody has a point, not even the bye: {shown}");
}
