//! A tournament's web page as the command layer makes it (issue 39; served at
//! `/t/<token>` by the web adapter, tested over HTTP in the root package's
//! `tests/it/web.rs`): the token behind the link chat gives, what the page polls, the
//! rounds with their results and games' tokens, and the standings of the counted rounds
//! (round robin, with the cross table). Runs on PostgreSQL too.

use std::sync::Arc;

use commands::{
    base::clock::{Clock, ManualClock},
    store::Db,
    GameId, Host, HostOptions, Lang, Origin, Reply, TournamentId,
};

use crate::{
    slowsupport::{ok_at, T0},
    support::{origin, Place},
};

fn at(user: &str) -> Origin {
    origin(user, "club")
}

/// The token of the tournament link a post carries.
fn token_of(replies: &[Reply]) -> String {
    let link = replies.iter().find_map(|r| r.link.as_ref()).expect("a post with the tournament's link");
    let token = link.url.strip_prefix("https://example.org/st/t/").unwrap_or_else(|| panic!("{}", link.url));
    assert!(token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit()), "{token}");
    assert_eq!(link.text, format!("Tournament page (standings, rounds, every game): {}", link.url));
    assert_eq!(link.label, "Tournament page");
    token.to_string()
}

/// A round robin of three (alice 1, bob 2, carol 3; the Berger tables pad it to four, so
/// round 1 is 1 against the bye, 2–3). carol resigns to bob. Then by hand: alice 1 (the
/// bye: no win, no opponent, Buchholz 0), bob 1 (a win over carol, who has 0: Buchholz 0,
/// Sonneborn-Berger 0), carol 0 (Buchholz 1, cut 1 0). alice and bob are level on points
/// and the Buchholz sums and have not met (direct encounter 0 each): bob's win puts him
/// first. The cross table: bob scored 1 against number 3, carol 0 against number 2.
#[tokio::test]
async fn a_round_robins_page_has_its_rounds_tokens_and_counted_standings() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let db = Db::open(&place.url()).await.expect("open the database");
    let options = HostOptions { pictures: false, web_url: Some("https://example.org/st/".into()), ..HostOptions::default() };
    let host = Host::with_db(db, options, clock.clone());
    let opened = host.handle(&at("alice"), "tournament new carat roundrobin time=1d").await;
    let token = token_of(&opened);
    assert_eq!(host.db().tournament_of_token(&token).await.expect("read"), Some(TournamentId(1)));
    assert_eq!(host.db().tournament_of_token("0123456789abcdef0123456789abcdef").await.expect("read"), None);
    for who in ["bob", "carol"] {
        ok_at(&host, &at(who), "tournament join").await;
    }
    let page = host.web_tournament(&token, Lang::En).await.expect("read").expect("the page");
    assert_eq!(page.title, "Tournament #1: Carat");
    assert_eq!(page.signup.as_deref(), Some("Signed up (3, at least 3 needed): alice, bob, carol. Sign-up ends 2026-12-01 00:00 UTC."));
    assert!(page.standings.is_none() && page.rounds.is_empty() && page.live());

    let started = host.handle(&at("alice"), "tournament start").await;
    assert_eq!(token_of(&started), token, "one token per tournament");
    let version = host.web_tournament_version(&token).await.expect("read").expect("a version");
    assert_eq!(serde_json::to_value(&version).expect("JSON"), serde_json::json!({"stage": "running", "round": 1, "entrants": 3, "left": 0, "ended": 0, "moves": 0}));
    let page = host.web_tournament(&token, Lang::En).await.expect("read").expect("the page");
    assert_eq!(page.rounds.len(), 1);
    let texts: Vec<(&str, bool)> = page.rounds[0].pairings.iter().map(|p| (p.text.as_str(), p.bye)).collect();
    assert_eq!(texts, vec![("bob – carol: bob to move", false), ("alice has the bye (1 point).", true)]);
    let (game, game_token) = page.rounds[0].pairings[0].game.clone().expect("a game");
    assert_eq!(game, GameId(1));
    // The game's token is its spectators' link, the one `board` gives.
    let board = host.handle(&at("bob"), "board #1").await;
    assert_eq!(board[0].link.as_ref().map(|l| l.url.clone()), Some(format!("https://example.org/st/g/{game_token}")));
    assert_eq!(host.db().tournament_game_tokens(TournamentId(1)).await.expect("read"), vec![(GameId(1), game_token)]);
    let table = page.standings.expect("standings from the start on");
    assert_eq!(table.title, "Tournament #1: standings before the first results");
    assert_eq!(table.header, ["#", "Player", "No.", "Pts", "BH-1", "BH", "SB", "W", "1", "2", "3"]);

    ok_at(&host, &at("carol"), "resign #1").await;
    let version = host.web_tournament_version(&token).await.expect("read").expect("a version");
    assert_eq!((version.ended, version.moves, version.round), (1, 1, 1), "one game ended by one log entry: {version:?}");
    // Before the scheduler counts the round, the page shows the game's result already.
    let page = host.web_tournament(&token, Lang::En).await.expect("read").expect("the page");
    assert_eq!(page.rounds[0].pairings[0].text, "bob – carol: 1–0");
    host.due_notices(clock.now_ms()).await;
    let page = host.web_tournament(&token, Lang::De).await.expect("read").expect("the page");
    assert_eq!(page.state, "Turnier #1 (Carat, Rundenturnier, 3 Runden, 1 Tag Bedenkzeit je Zug): Runde 2 von 3.");
    assert_eq!(page.rounds.iter().map(|r| r.title.as_str()).collect::<Vec<_>>(), ["Runde 2", "Runde 1"]);
    assert_eq!(page.rounds[1].pairings[0].text, "bob – carol: 1–0");
    let table = page.standings.expect("standings");
    assert_eq!(table.title, "Turnier #1: Tabellenstand nach Runde 1 von 3");
    let row = |cells: [&str; 11]| cells.map(str::to_string).to_vec();
    assert_eq!(table.rows, vec![
        row(["1", "bob", "2", "1", "0", "0", "0", "1", "", "", "1"]),
        row(["2", "alice", "1", "1", "0", "0", "0", "0", "", "", ""]),
        row(["3", "carol", "3", "0", "0", "1", "0", "0", "", "0", ""]),
    ]);
    assert_eq!(table.dark, vec![(0, 9), (1, 8), (2, 10)], "each player's own cell");
}
