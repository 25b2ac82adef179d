//! Hathor series (issue 39: "Hathor tournaments are a series of same-deal challenges
//! (one per round, total points, ties by best single round)") in the terminal's channel
//! on a manual clock moved like the terminal's `wait`.
//!
//! The points are made deterministic whatever the deal: a stone placed on a field with
//! no occupied neighbour is always legal and scores 100 (spec hathor.md "Placing": 100 ×
//! 2^0), a hint costs 500, and a resignation or a time-out ends the game with the points
//! made so far (no end bonus). The start stones lie on A1, N1, A8, N8, G4, H4, G5 and
//! H5, so C3, E3, C6, E6, K3 and K6 have no occupied neighbour and none of them is
//! another's neighbour.

use std::sync::Arc;

use commands::{base::clock::ManualClock, store::Status, Audience, GameId, TournamentId};
use serde_json::Value;

use crate::{
    slowsupport::{due, no_at, notice_texts, ok_at, timed_host, DAY, HOUR, MINUTE, T0},
    support::{texts, Place},
    tournaments::{assert_lines, at, has_line, status, terminal_host, wait},
};

/// Fields with no occupied neighbour, none next to another: each placement scores 100.
const LONE: [&str; 6] = ["C3", "E3", "C6", "E6", "K3", "K6"];

/// `user` places `n` stones on lone fields of game `id` (100 points each).
async fn place_lone(host: &commands::Host, user: &str, id: GameId, n: usize) {
    for field in &LONE[..n] {
        let said = host.handle(&at(user), &format!("move #{id} {field}")).await;
        assert!(!said[0].refusal, "{user} {field} in #{id}: {}", said[0].text.plain());
        // The board of a series game goes to its player alone.
        assert!(said.iter().filter(|r| r.game.is_some()).all(|r| r.audience == Audience::User(user.into())), "{user}'s board went elsewhere");
    }
}

/// The stored points of game `id` (its `scores[0]`, replayed from the admin's record).
async fn points(host: &commands::Host, id: GameId) -> i64 {
    let record = host.record(id).await.expect("read").expect("started");
    let (game, error) = rules::record::replay_record(&record).expect("the record replays");
    assert_eq!(error, None);
    game.scores().expect("scores")[0]
}

/// The games of round `round` of tournament 1 by entrant: (user id, game).
async fn round_games(host: &commands::Host, round: u32) -> Vec<(String, GameId)> {
    let pairings = host.db().pairings(TournamentId(1)).await.expect("pairings");
    pairings.into_iter().filter(|p| p.round == round).map(|p| (p.white, p.game.expect("a game"))).collect()
}

/// The deal round `round` of a series with `seed` opens (the resolved setup of the
/// round's seed), worked out from the rules alone.
fn deal(seed: u64, round: u32) -> Value {
    let opened = rules::open(rules::GameKind::Hathor, &serde_json::json!({"players": 1}), 1, None, Some(rules::rng::series_round_seed(seed, round)))
        .expect("Hathor opens solo");
    opened.resolved_setup()
}

/// alice, bob and carol play two rounds of one day per move. Points worked out by hand:
///
/// | | round 1 | round 2 | total | best |
/// |---|---|---|---|---|
/// | alice | 3 lone stones, resigns: 300 | resigns at once: 0 | 300 | 300 |
/// | bob | 6 lone stones, a hint, resigns: 600 − 500 = 100 | 2 lone stones, resigns: 200 | 300 | 200 |
/// | carol | never moves, her time runs out: 0 | 4 lone stones, resigns: 400 | 400 | 400 |
///
/// So carol first (400); alice and bob both total 300, and the best single round puts
/// alice (300) before bob (200). The bot restarts in the middle of round 2.
#[tokio::test]
async fn a_hathor_series_of_three_runs_two_rounds_to_its_final_standings() {
    let (place, clock, host) = terminal_host().await;
    let opened = ok_at(&host, &at("alice"), "tournament new hathor rounds=2 time=1d").await;
    assert!(opened.contains("@alice opens tournament #1 (Hathor, Hathor series, 2 rounds, 1 day per move)"), "{opened}");
    for who in ["bob", "carol"] {
        ok_at(&host, &at(who), "tournament join").await;
    }
    let started = ok_at(&host, &at("alice"), "tournament start").await;
    assert!(
        started.contains("Hathor series #1, round 1 of 2: everyone plays the same deal alone, on the series' clock; only you see your board until the round is over. Games: #1 alice, #2 bob, #3 carol."),
        "{started}"
    );
    let seed = host.db().tournament(TournamentId(1)).await.expect("read").expect("stored").seed.expect("a series has a seed");
    let one = round_games(&host, 1).await;
    assert_eq!(one.iter().map(|(u, g)| (u.as_str(), g.0)).collect::<Vec<_>>(), vec![("alice", 1), ("bob", 2), ("carol", 3)]);
    // Everyone's game opens round 1's deal, on the series' clock.
    for (_, id) in &one {
        let row = host.db().game(*id).await.expect("read").expect("game");
        assert_eq!(row.setup, Some(deal(seed, 1)), "game #{id} deals round 1's stones");
    }
    // While the round runs, only its player sees a game.
    let peek = no_at(&host, &at("bob"), "board #1").await;
    assert!(peek.contains("#1"), "{peek}");
    // The round's leaderboard names the series, and it stays open until the round is over.
    let board = ok_at(&host, &at("dave"), "leaderboard").await;
    assert!(board.starts_with("Challenge #1 (Hathor, variant 1), round 1 of Hathor series #1, open until the round is over:"), "{board}");
    // Nobody else enters the round's challenge.
    let outsider = no_at(&host, &at("dave"), "join challenge").await;
    assert!(outsider.contains("is a round of Hathor series #1"), "{outsider}");

    // Round 1: alice 300, bob 100 (600 and a hint), carol runs out of time.
    place_lone(&host, "alice", GameId(1), 3).await;
    ok_at(&host, &at("alice"), "resign #1").await;
    place_lone(&host, "bob", GameId(2), 6).await;
    ok_at(&host, &at("bob"), "hint #2").await;
    ok_at(&host, &at("bob"), "resign #2").await;
    assert_eq!((points(&host, GameId(1)).await, points(&host, GameId(2)).await), (300, 100));
    let state = ok_at(&host, &at("carol"), "tournament").await;
    assert_lines(&state, &["Tournament #1 (Hathor, Hathor series, 2 rounds, 1 day per move): round 1 of 2.", "#3: carol"]);
    assert_eq!(wait(&host, &clock, 23 * HOUR).await.contains("ran out"), false);
    let said = wait(&host, &clock, HOUR).await;
    assert!(said.contains("carol's time in game #3 ran out: the game ends with the 0 points made so far."), "{said}");
    assert_eq!(status(&host, 3).await, Status::Finished);
    assert_lines(&said, &[
        "Round 1 of tournament #1 is over.",
        "Standings (total points; best round):",
        "1. alice: 300 (best round 300; rounds 300 · –)",
        "2. bob: 100 (best round 100; rounds 100 · –)",
        "3. carol: 0 (best round 0; rounds 0 · –)",
    ]);
    assert!(said.contains("Hathor series #1, round 2 of 2:") && said.contains("Games: #4 alice, #5 bob, #6 carol."), "{said}");
    // Round 1 is over: its boards are everyone's now.
    ok_at(&host, &at("bob"), "board #1").await;
    let two = round_games(&host, 2).await;
    let row = host.db().game(two[0].1).await.expect("read").expect("game");
    assert_eq!(row.setup, Some(deal(seed, 2)), "round 2 deals afresh from its own seed");
    assert_ne!(deal(seed, 1), deal(seed, 2));

    // Round 2, with a restart of the bot in the middle of it.
    ok_at(&host, &at("alice"), "resign #4").await;
    place_lone(&host, "bob", GameId(5), 2).await;
    drop(host);
    let host = timed_host(&place, &clock).await;
    ok_at(&host, &at("bob"), "resign #5").await;
    place_lone(&host, "carol", GameId(6), 4).await;
    ok_at(&host, &at("carol"), "resign #6").await;
    let said = wait(&host, &clock, MINUTE).await;
    assert!(said.contains("Tournament #1 is over after 2 rounds."), "{said}");
    assert_lines(&said, &[
        "Final standings (total points; best round):",
        "1. carol: 400 (best round 400; rounds 0 · 400)",
        "2. alice: 300 (best round 300; rounds 300 · 0)",
        "3. bob: 300 (best round 200; rounds 100 · 200)",
    ]);
    // Each round was stored once: three games each, every result counted.
    let pairings = host.db().pairings(TournamentId(1)).await.expect("pairings");
    let counted: Vec<(u32, &str, Option<i64>)> = pairings.iter().map(|p| (p.round, p.white.as_str(), p.points)).collect();
    assert_eq!(counted, vec![
        (1, "alice", Some(300)),
        (1, "bob", Some(100)),
        (1, "carol", Some(0)),
        (2, "alice", Some(0)),
        (2, "bob", Some(200)),
        (2, "carol", Some(400)),
    ]);
    assert_eq!(wait(&host, &clock, 5 * DAY).await, "");
    let final_status = ok_at(&host, &at("bob"), "tournament").await;
    assert!(final_status.contains("Tournament #1 (Hathor, Hathor series, 2 rounds, 1 day per move) is over."), "{final_status}");
    assert!(has_line(&final_status, "3. bob: 300 (best round 200; rounds 100 · 200)"), "{final_status}");
}

/// What a series refuses, with a reason and nothing stored.
#[tokio::test]
async fn a_hathor_series_refuses_double_a_system_and_too_few() {
    let (_place, clock, host) = terminal_host().await;
    let alice = at("alice");
    let double = no_at(&host, &alice, "tournament new hathor double").await;
    assert!(double.contains("A Hathor series plays no `double`"), "{double}");
    let swiss = no_at(&host, &alice, "tournament new hathor swiss").await;
    assert!(swiss.contains("there is no pairing system to choose"), "{swiss}");
    assert!(no_at(&host, &alice, "tournament new hathor players=1").await.contains("write `players=` and 2 to 256"));
    assert!(no_at(&host, &alice, "tournament").await.contains("There is no tournament in this channel"), "nothing was stored");
    // Rounds default to 3; alone it does not start, and a sign-up that ends alone is
    // cancelled.
    let german = commands::Origin { lang: Some(commands::Lang::De), ..at("alice") };
    let opened = ok_at(&host, &german, "turnier neu hathor anmeldung=2h zeit=1d").await;
    assert!(opened.contains("(Hathor, Hathor-Serie, 3 Runden, 1 Tag Bedenkzeit je Zug)"), "{opened}");
    let alone = no_at(&host, &alice, "tournament start").await;
    assert!(alone.contains("Only 1 player has signed up for tournament #1: it needs at least 2 to start."), "{alone}");
    let said = wait(&host, &clock, 2 * HOUR).await;
    assert_eq!(said.matches("Die Anmeldung zu Turnier #1 ist vorbei, mit nur 1 der nötigen 2 Spieler: es ist abgesagt.").count(), 1, "{said}");
}

/// Two bot processes on one database poll at the same moment when sign-up ends and
/// when a round is over: each round of the series is dealt once (one challenge, one
/// game per entrant) and announced by one of them (on PostgreSQL in its pass too).
#[tokio::test]
async fn two_schedulers_deal_each_series_round_once() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let (one, two) = (timed_host(&place, &clock).await, timed_host(&place, &clock).await);
    ok_at(&one, &at("alice"), "tournament new hathor rounds=2 time=1d signup=1h").await;
    ok_at(&two, &at("bob"), "tournament join").await;
    clock.advance(HOUR);
    let (a, b) = tokio::join!(due(&one, &clock), due(&two, &clock));
    let said = format!("{}\n{}", notice_texts(&a), notice_texts(&b));
    assert_eq!(said.matches("Hathor series #1, round 1 of 2:").count(), 1, "{said}");
    let pairings = one.db().pairings(TournamentId(1)).await.expect("pairings");
    assert_eq!(pairings.len(), 2, "{pairings:?}");
    // Round 1 ends on time in both games at once.
    clock.advance(DAY);
    let (a, b) = tokio::join!(due(&one, &clock), due(&two, &clock));
    let (c, d) = tokio::join!(due(&one, &clock), due(&two, &clock));
    let said = [a, b, c, d].iter().map(|n| notice_texts(n)).collect::<Vec<_>>().join("\n");
    assert_eq!(said.matches("ran out: the game ends with the 0 points made so far.").count(), 2, "{said}");
    assert_eq!(said.matches("Hathor series #1, round 2 of 2:").count(), 1, "{said}");
    let pairings = one.db().pairings(TournamentId(1)).await.expect("pairings");
    assert_eq!(pairings.len(), 4, "{pairings:?}");
    assert!(pairings.iter().filter(|p| p.round == 1).all(|p| p.points == Some(0)), "{pairings:?}");
    let games = pairings.iter().filter_map(|p| p.game).collect::<std::collections::BTreeSet<_>>();
    assert_eq!(games.len(), 4);
}

/// The series' standings come as a table picture too (place, player, total, best round,
/// one column per round), readable at phone width: at most 1,000 pixels wide. The same
/// points as the run above, without the time-out (carol resigns round 1 at once). With
/// `SPIELTISCH_TOURNAMENT_PNG=dir` the final picture is written there to be looked at.
#[tokio::test]
async fn the_series_standings_come_as_a_picture() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let db = commands::store::Db::open(&place.url()).await.expect("open");
    let host = commands::Host::with_db(db, commands::HostOptions::default(), clock.clone());
    ok_at(&host, &at("alice"), "tournament new hathor rounds=2 time=1d").await;
    for who in ["bob", "carol"] {
        ok_at(&host, &at(who), "tournament join").await;
    }
    ok_at(&host, &at("alice"), "tournament start").await;
    place_lone(&host, "alice", GameId(1), 3).await;
    ok_at(&host, &at("alice"), "resign #1").await;
    place_lone(&host, "bob", GameId(2), 6).await;
    ok_at(&host, &at("bob"), "hint #2").await;
    ok_at(&host, &at("bob"), "resign #2").await;
    ok_at(&host, &at("carol"), "resign #3").await;
    clock.advance(MINUTE);
    let notices = due(&host, &clock).await;
    let post = notices.iter().find(|n| n.reply.text.plain().starts_with("Round 1 of tournament #1 is over.")).expect("the round's standings");
    let file = post.reply.file.as_ref().expect("a picture");
    assert_eq!((file.mime, file.name.as_str()), ("image/png", "tournament-1-round-1.png"));
    ok_at(&host, &at("alice"), "resign #4").await;
    place_lone(&host, "bob", GameId(5), 2).await;
    ok_at(&host, &at("bob"), "resign #5").await;
    place_lone(&host, "carol", GameId(6), 4).await;
    ok_at(&host, &at("carol"), "resign #6").await;
    clock.advance(MINUTE);
    let notices = due(&host, &clock).await;
    let post = notices.iter().find(|n| n.reply.text.plain().starts_with("Tournament #1 is over after 2 rounds.")).expect("the final standings");
    let file = post.reply.file.as_ref().expect("a picture");
    let image = image::load_from_memory(&file.bytes).expect("a PNG");
    assert!(image.width() <= 1000 && image.height() < 600, "{}x{}", image.width(), image.height());
    let german = host.handle(&commands::Origin { lang: Some(commands::Lang::De), ..at("erin") }, "turnier").await;
    let german_picture = german.iter().find_map(|r| r.file.as_ref()).expect("the status's picture");
    assert!(has_line(&texts(&german), "3. bob: 300 (beste Runde 200; Runden 100 · 200)"), "{}", texts(&german));
    if let Some(dir) = std::env::var_os("SPIELTISCH_TOURNAMENT_PNG") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::write(dir.join("series-final.png"), &file.bytes).expect("write");
        std::fs::write(dir.join("series-status-de.png"), &german_picture.bytes).expect("write");
    }
}

/// An AI entrant (`@bot`) plays its solo games as the scheduler's AI turns: alice places
/// one lone stone and resigns (100); the AI plays its game of the same deal to its end
/// by itself, and its points are whatever its stored game scores (read back from the
/// record, an independent replay). Its board stays hidden while the round runs.
#[tokio::test]
async fn an_ai_entrant_plays_its_games_by_itself() {
    let (_place, clock, host) = terminal_host().await;
    let opened = ok_at(&host, &at("alice"), "tournament new hathor rounds=1 time=1d @bot").await;
    assert!(opened.contains("Signed up: alice, Spieltisch (AI)"), "{opened}");
    let started = ok_at(&host, &at("alice"), "tournament start").await;
    assert!(started.contains("Games: #1 alice, #2 Spieltisch (AI)"), "{started}");
    assert!(no_at(&host, &at("alice"), "board #2").await.contains("#2"), "the AI's board is hidden while the round runs");
    place_lone(&host, "alice", GameId(1), 1).await;
    ok_at(&host, &at("alice"), "resign #1").await;
    let mut said = String::new();
    for _ in 0..20 {
        said.push_str(&wait(&host, &clock, MINUTE).await);
        if status(&host, 2).await == Status::Finished && said.contains("Tournament #1 is over") {
            break;
        }
    }
    let ai = points(&host, GameId(2)).await;
    assert!(ai > 0, "the AI placed stones: {ai}");
    let shown = commands::base::i18n::amount(ai, commands::Lang::En);
    let (ai_place, alice_place) = if ai >= 100 { (1, if ai == 100 { 1 } else { 2 }) } else { (2, 1) };
    assert!(said.lines().any(|l| l.contains(&format!("{ai_place}. Spieltisch (AI)")) && l.contains(&format!(": {shown} (best round {shown}; rounds {shown})"))), "{said}");
    assert!(has_line(&said, &format!("{alice_place}. alice: 100 (best round 100; rounds 100)")), "{said}");
    let pairings = host.db().pairings(TournamentId(1)).await.expect("pairings");
    assert_eq!(pairings.iter().map(|p| p.points).collect::<Vec<_>>(), vec![Some(100), Some(ai)]);
}

/// Leaving a running series resigns the running game (its points so far count for the
/// round) and skips the later rounds; with fewer than two left the series ends after
/// the round. alice places two lone stones (200) and resigns; bob places one (100) and
/// leaves: both rounds' totals, alice 200 before bob 100, and no round 2.
#[tokio::test]
async fn leaving_a_series_counts_the_round_and_ends_it_with_one_left() {
    let (_place, clock, host) = terminal_host().await;
    ok_at(&host, &at("alice"), "tournament new hathor time=1d").await;
    ok_at(&host, &at("bob"), "tournament join").await;
    ok_at(&host, &at("alice"), "tournament start").await;
    place_lone(&host, "alice", GameId(1), 2).await;
    ok_at(&host, &at("alice"), "resign #1").await;
    place_lone(&host, "bob", GameId(2), 1).await;
    let left = host.handle(&at("bob"), "tournament leave").await;
    assert!(texts(&left).contains("bob leaves tournament #1"), "{}", texts(&left));
    // The resigned game's board goes to bob alone.
    assert!(left.iter().filter(|r| r.game.is_some()).all(|r| r.audience == Audience::User("bob".into())));
    let said = wait(&host, &clock, MINUTE).await;
    assert!(said.contains("Tournament #1 is over after 3 rounds."), "{said}");
    assert_lines(&said, &["1. alice: 200 (best round 200; rounds 200 · – · –)", "2. bob (left): 100 (best round 100; rounds 100 · – · –)"]);
}

/// Cancelling a running series aborts its running games and closes the round's
/// challenge (its boards are everyone's again).
#[tokio::test]
async fn cancelling_a_series_closes_its_round() {
    let (_place, _clock, host) = terminal_host().await;
    ok_at(&host, &at("alice"), "tournament new hathor time=1d").await;
    ok_at(&host, &at("bob"), "tournament join").await;
    ok_at(&host, &at("alice"), "tournament start").await;
    assert!(no_at(&host, &at("bob"), "board #1").await.contains("#1"));
    let cancelled = ok_at(&host, &at("alice"), "tournament cancel").await;
    assert!(cancelled.contains("Games #1, #2, still running, are aborted."), "{cancelled}");
    let challenge = host.db().challenges_in("terminal", "t", false).await.expect("read");
    assert!(challenge.iter().all(|c| !c.is_open()), "{challenge:?}");
    ok_at(&host, &at("bob"), "board #1").await;
}

/// The series' web page: the standings table (total, best, the rounds), its legend, and
/// each round's games with their points or "playing".
#[tokio::test]
async fn a_series_page_shows_its_table_and_rounds() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let db = commands::store::Db::open(&place.url()).await.expect("open the database");
    let options = commands::HostOptions { pictures: false, web_url: Some("https://example.org/st/".into()), ..commands::HostOptions::default() };
    let host = commands::Host::with_db(db, options, clock.clone());
    let opened = host.handle(&at("alice"), "tournament new hathor rounds=2 time=1d").await;
    let link = opened.iter().find_map(|r| r.link.as_ref()).expect("the tournament's link");
    let token = link.url.strip_prefix("https://example.org/st/t/").expect("a page link").to_string();
    ok_at(&host, &at("bob"), "tournament join").await;
    ok_at(&host, &at("alice"), "tournament start").await;
    place_lone(&host, "alice", GameId(1), 2).await;
    ok_at(&host, &at("alice"), "resign #1").await;
    let page = host.web_tournament(&token, commands::Lang::En).await.expect("read").expect("the page");
    assert!(page.series);
    assert_eq!(page.rounds[0].pairings.iter().map(|p| p.text.as_str()).collect::<Vec<_>>(), vec!["alice: 200 points", "bob: playing"]);
    ok_at(&host, &at("bob"), "resign #2").await;
    clock.advance(MINUTE);
    due(&host, &clock).await;
    let page = host.web_tournament(&token, commands::Lang::De).await.expect("read").expect("the page");
    let table = page.standings.expect("the standings");
    assert_eq!(table.header, vec!["Pl.", "Spieler", "Summe", "Beste", "R1", "R2"]);
    assert_eq!(table.rows, vec![vec!["1", "alice", "200", "200", "200", ""], vec!["2", "bob", "0", "0", "0", ""]]);
    assert_eq!(page.rounds[0].title, "Runde 2");
    assert_eq!(page.rounds[1].pairings.iter().map(|p| p.text.as_str()).collect::<Vec<_>>(), vec!["alice: 200 Punkte", "bob: 0 Punkte"]);
}

/// A process killed anywhere in a series' steps — at any await point of the poll that
/// deals round 1 when sign-up ends, and of the poll that ends round 1 on time (both
/// players never move) and deals round 2 — and restarted: each round is dealt once (one
/// challenge, one game per entrant), each time-out stored once and each round's points
/// counted once (0 each: nothing was placed).
#[tokio::test]
async fn a_killed_scheduler_deals_and_counts_each_series_round_once() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    {
        let host = timed_host(&place, &clock).await;
        ok_at(&host, &at("alice"), "tournament new hathor rounds=2 time=1d signup=1h").await;
        ok_at(&host, &at("bob"), "tournament join").await;
    }
    clock.advance(HOUR);
    let (said, cuts) = crate::tournament_runs::poll_with_kills(&place, &clock).await;
    assert!(cuts > 3, "the poll was cut at several points: {cuts}");
    assert!(said.matches("Hathor series #1, round 1 of 2:").count() <= 1, "{said}");
    let host = timed_host(&place, &clock).await;
    let db = host.db();
    let count = |sql: &'static str| async move { crate::support::integers(db, sql, &[]).await[0].unwrap_or(-1) };
    assert_eq!(count("SELECT COUNT(*) FROM tournament_pairings").await, 2, "round 1 dealt once");
    assert_eq!(count("SELECT COUNT(*) FROM games").await, 2, "its games started once");
    assert_eq!(count("SELECT COUNT(*) FROM challenges").await, 1, "one challenge for the round");
    assert_eq!(count("SELECT round FROM tournaments").await, 1);

    clock.advance(DAY);
    let (said, cuts) = crate::tournament_runs::poll_with_kills(&place, &clock).await;
    assert!(cuts > 3, "{cuts}");
    assert!(said.matches("Hathor series #1, round 2 of 2:").count() <= 1, "{said}");
    assert_eq!(count("SELECT COUNT(*) FROM tournament_pairings").await, 4, "round 2 dealt once");
    assert_eq!(count("SELECT COUNT(*) FROM games").await, 4, "its games started once");
    assert_eq!(count("SELECT COUNT(*) FROM challenges").await, 2);
    assert_eq!(count("SELECT COUNT(*) FROM challenges WHERE closed_at IS NULL").await, 1, "round 1's challenge closed, round 2's open");
    assert_eq!(count("SELECT round FROM tournaments").await, 2);
    assert_eq!(count("SELECT COUNT(*) FROM log WHERE text LIKE '@timeout%'").await, 2, "each time-out stored once");
    let pairings = host.db().pairings(TournamentId(1)).await.expect("pairings");
    let round1: Vec<(Option<&str>, Option<i64>)> = pairings.iter().filter(|p| p.round == 1).map(|p| (p.result.as_deref(), p.points)).collect();
    assert_eq!(round1, vec![(Some("points"), Some(0)), (Some("points"), Some(0))]);
    let shown = ok_at(&host, &at("alice"), "tournament").await;
    assert_lines(&shown, &["1. alice: 0 (best round 0; rounds 0 · –)", "1. bob: 0 (best round 0; rounds 0 · –)"]);
}

/// An entrant who left is skipped by the later rounds: carol leaves in round 1 (her game
/// resigned with 0), so round 2 deals games to alice and bob only, and her round 2
/// stays empty. alice 100 + 0, bob 0 + 100: level on 100 and on the best round, they
/// share first place.
#[tokio::test]
async fn a_series_skips_who_left_in_later_rounds() {
    let (_place, clock, host) = terminal_host().await;
    ok_at(&host, &at("alice"), "tournament new hathor rounds=2 time=1d").await;
    for who in ["bob", "carol"] {
        ok_at(&host, &at(who), "tournament join").await;
    }
    ok_at(&host, &at("alice"), "tournament start").await;
    ok_at(&host, &at("carol"), "tournament leave").await;
    place_lone(&host, "alice", GameId(1), 1).await;
    ok_at(&host, &at("alice"), "resign #1").await;
    ok_at(&host, &at("bob"), "resign #2").await;
    let said = wait(&host, &clock, MINUTE).await;
    assert!(said.contains("Games: #4 alice, #5 bob."), "{said}");
    assert_eq!(round_games(&host, 2).await.len(), 2, "no game for carol");
    ok_at(&host, &at("alice"), "resign #4").await;
    place_lone(&host, "bob", GameId(5), 1).await;
    ok_at(&host, &at("bob"), "resign #5").await;
    let said = wait(&host, &clock, MINUTE).await;
    assert_lines(&said, &[
        "1. alice: 100 (best round 100; rounds 100 · 0)",
        "1. bob: 100 (best round 100; rounds 0 · 100)",
        "3. carol (left): 0 (best round 0; rounds 0 · –)",
    ]);
}
