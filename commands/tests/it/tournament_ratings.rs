//! The last tie-break of a tournament, the rating (issue 39): each player's rating of
//! the game in the tournament's scope as it stood when the tournament started (the
//! tournament's own games do not move it), compared as players read it (one decimal);
//! players level on it share their place, in the standings after a round, on
//! `tournament` and in the standings "as they stood" of a tournament cancelled during
//! play.

use commands::store::ratings::ratings_of;

use crate::{
    slowsupport::ok_at,
    tournaments::{assert_lines, at, resign, terminal_host},
};

/// Plays ordinary Carat game `id` in the tournament's channel, which `loser` resigns to
/// `winner` (both rated by it).
async fn beats(host: &commands::Host, winner: &str, loser: &str, id: i64) {
    let opened = ok_at(host, &at(winner), "new carat").await;
    assert!(opened.contains(&format!("#{id}")), "{opened}");
    ok_at(host, &at(loser), &format!("join #{id}")).await;
    ok_at(host, &at(winner), &format!("start #{id}")).await;
    ok_at(host, &at(loser), &format!("resign #{id}")).await;
}

/// The Carat rating of `who` in the channel now (one decimal, as players read it).
async fn rating_now(host: &commands::Host, who: &str) -> String {
    let rated = ratings_of(host.db(), "terminal", "t", who).await.expect("ratings");
    let r = rated.iter().find(|r| r.user_id == who && r.kind == "carat").expect("rated");
    format!("{:.1}", r.rating)
}

/// Before the tournament, in its channel: carol beats alice twice, bob beats erin and
/// dave beats frank (newcomers all). So at the start carol is rated highest (two wins),
/// bob and dave alike (the same update: a newcomer beating a newcomer), alice lowest
/// (two losses). The round robin of four (ranks alice 1, bob 2, carol 3, dave 4; Berger
/// round 1: 1–4, 2–3; round 2: 4–3, 1–2): dave resigns to alice and bob to carol, then
/// carol to dave and alice to bob. After round 2 all four have 1 point and are level on
/// everything before the rating: Buchholz 1 + 1 = 2, cut 1: 1, Sonneborn-Berger 1 (the
/// one beaten has 1 point), direct encounter (all four level) one win of two games
/// each, one win. The ratings at the start decide: carol first, bob and dave share
/// second (equal ratings), alice fourth — though ordinary games meanwhile (alice beats
/// carol three times, dave beats erin: games #9 to #12) put alice above carol and dave
/// above bob now. The same after the organiser cancels in round 3: the standings as they
/// stood after round 2.
#[tokio::test]
async fn the_rating_at_the_start_decides_and_equal_ratings_share_the_place() {
    let (_place, clock, host) = terminal_host().await;
    beats(&host, "carol", "alice", 1).await;
    beats(&host, "carol", "alice", 2).await;
    beats(&host, "bob", "erin", 3).await;
    beats(&host, "dave", "frank", 4).await;
    let start = [rating_now(&host, "alice").await, rating_now(&host, "bob").await, rating_now(&host, "carol").await, rating_now(&host, "dave").await];
    assert_eq!(start[1], start[3], "bob and dave are rated alike: {start:?}");
    let read: Vec<f64> = start.iter().map(|r| r.parse().expect("a number")).collect();
    assert!(read[2] > read[1] && read[1] > read[0], "carol > bob = dave > alice: {start:?}");

    ok_at(&host, &at("alice"), "tournament new carat roundrobin time=1d").await;
    for who in ["bob", "carol", "dave"] {
        ok_at(&host, &at(who), "tournament join").await;
    }
    let started = ok_at(&host, &at("alice"), "tournament start").await;
    assert_lines(&started, &["#5: alice – dave", "#6: bob – carol"]);
    resign(&host, &clock, "dave", 5).await;
    let said = resign(&host, &clock, "bob", 6).await;
    assert_lines(&said, &["#7: dave – carol", "#8: alice – bob"]);
    // Meanwhile, ordinary games here move the ratings: alice beats carol three times,
    // dave beats erin once more.
    for id in 9..=11 {
        beats(&host, "alice", "carol", id).await;
    }
    beats(&host, "dave", "erin", 12).await;
    resign(&host, &clock, "carol", 7).await;
    let said = resign(&host, &clock, "alice", 8).await;
    let table = ["1. carol: 1 (1, 2, 1, 1)", "2. bob: 1 (1, 2, 1, 1)", "2. dave: 1 (1, 2, 1, 1)", "4. alice: 1 (1, 2, 1, 1)"];
    assert_lines(&said, &["Round 2 of tournament #1 is over."]);
    assert_lines(&said, &table);
    assert_lines(&said, &["Tournament #1, round 3 of 3:"]);
    // The ratings of now would order them otherwise: alice is rated above carol now,
    // dave above bob.
    let mut now = Vec::new();
    for who in ["alice", "bob", "carol", "dave"] {
        now.push(rating_now(&host, who).await.parse::<f64>().expect("a number"));
    }
    assert!(now[0] > now[2] && now[3] > now[1], "alice above carol, dave above bob now: {now:?}");
    assert_lines(&ok_at(&host, &at("carol"), "tournament").await, &table);

    // Cancelled in round 3: the standings as they stood, the same places.
    ok_at(&host, &at("alice"), "tournament cancel").await;
    let shown = ok_at(&host, &at("bob"), "tournament").await;
    assert!(shown.contains("Cancelled: the standings after round 2 of 3, as they stood"), "{shown}");
    assert_lines(&shown, &table);
}
