//! Aratoths Rache through the command layer: complete two- and three-player games from
//! `new aratoth` to the final ranking, checked against the rules crate replaying the
//! exported record and against the spec's ranking rule worked out here (latest
//! placement first); `moves` filtered by shape and site, paged; the rules summaries.

use std::sync::Arc;

use commands::{Audience, Command, GameId, Host, HostOptions, Lang, Origin, Reply};
use rules::record::{replay_record, Record};

use crate::support::{origin, texts, Place};

/// A host that draws no pictures (a whole game is played here) and lists `per_page`
/// moves per page.
async fn host(place: &Place, per_page: usize) -> Arc<Host> {
    let options = HostOptions { pictures: false, moves_per_page: per_page, ..HostOptions::default() };
    Arc::new(Host::open(&place.url(), options).await.expect("open the database"))
}

fn german(user: &str) -> Origin {
    Origin { lang: Some(Lang::De), ..origin(user, "c") }
}

/// `users[0]` invites the channel to `new aratoth <players> seed=<seed>`, the others
/// join, and the game starts; returns its id.
async fn start(host: &Host, users: &[&str], seed: u64) -> GameId {
    let replies = host.handle(&origin(users[0], "c"), &format!("new aratoth {} seed={seed}", users.len())).await;
    let id = replies.first().and_then(|r| r.game).expect("an invitation").id;
    for user in &users[1..] {
        let joined = host.run(&origin(user, "c"), Command::Join { game: Some(id) }).await;
        assert!(!joined[0].refusal, "{}", texts(&joined));
    }
    let started = host.run(&origin(users[0], "c"), Command::Start { game: Some(id) }).await;
    assert!(!started[0].refusal, "{}", texts(&started));
    id
}

/// The user whose turn it is in the running game `id`, or `None` once it is over.
async fn mover(host: &Host, id: GameId) -> Option<String> {
    let row = host.db().game(id).await.expect("read").expect("game");
    let seat = *row.to_move.first()?;
    Some(host.db().players(id).await.expect("players")[seat].user_id.clone())
}

/// Plays game `id` to its end, each turn a move picked (by a fixed stride) from
/// [`Host::legal_moves`]. Returns who placed each piece, in order, the last
/// announcement (the final ranking), and who was announced out, in order.
async fn play_out(host: &Host, id: GameId) -> (Vec<String>, Vec<Reply>, Vec<String>) {
    let mut placers = Vec::new();
    let mut last = Vec::new();
    let mut out: Vec<String> = Vec::new();
    while let Some(user) = mover(host, id).await {
        assert!(!out.contains(&user), "{user} is out but to move");
        let moves = host.legal_moves(&origin(&user, "c"), Some(id), "").await.expect("legal moves");
        assert!(!moves.is_empty(), "{user} is to move but has no placement");
        let pick = &moves[(placers.len() * 7919 + 13) % moves.len()];
        last = host.handle(&origin(&user, "c"), &format!("move {pick}")).await;
        assert!(!last[0].refusal, "{pick}: {}", texts(&last));
        assert_eq!(last[0].audience, Audience::Channel);
        placers.push(user);
        assert!(placers.len() <= 36, "more pieces than the players own");
        let text = last[0].text.plain();
        let newly_out = text.lines().filter_map(|l| l.strip_suffix(" cannot place any piece and is out."));
        out.extend(newly_out.map(str::to_string));
    }
    (placers, last, out)
}

/// The names on the ranking lines ("1. bob", "2. alice", ...) of an announcement.
fn ranking_lines(text: &str) -> Vec<String> {
    let after = text.split("Ranking:").nth(1).expect("a ranking");
    after
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_once(". ").expect("a place").1.trim().to_string())
        .collect()
}

/// The spec's ranking ("players ordered by the time of their last placement, latest
/// first"), worked out from who placed each piece.
fn by_last_placement(placers: &[String], users: &[&str]) -> Vec<String> {
    let mut order: Vec<String> = Vec::new();
    for user in placers.iter().rev() {
        if !order.contains(user) {
            order.push(user.clone());
        }
    }
    order.extend(users.iter().map(ToString::to_string).filter(|u| !placers.contains(u)));
    order
}

/// The ranking of the rules crate replaying the game's exported record, as names.
async fn replayed_ranking(host: &Host, id: GameId, user: &str) -> Vec<Vec<String>> {
    let replies = host.handle(&origin(user, "c"), &format!("export #{id}")).await;
    let file = replies[0].file.as_ref().expect("the record");
    let record: Record = serde_json::from_slice(&file.bytes).expect("a record");
    let (game, error) = replay_record(&record).expect("the record opens");
    assert_eq!(error, None, "every stored move replays");
    assert!(game.is_finished());
    let ranking = game.ranking().expect("a ranking");
    ranking.iter().map(|tier| tier.iter().map(|&s| record.players[s].clone()).collect()).collect()
}

async fn full_game(users: &[&str], seed: u64) {
    let place = Place::new();
    let host = host(&place, 40).await;
    let id = start(&host, users, seed).await;
    let (placers, last, out) = play_out(&host, id).await;
    let text = texts(&last);
    let winner = placers.last().expect("a placement");
    // The winner is the last placer, named in the end's first line; with two players
    // the other one is second.
    assert!(text.contains(&format!("Game #{id} is over: {winner} wins. Ranking:")), "{text}");
    let announced = ranking_lines(&text);
    let expected = by_last_placement(&placers, users);
    assert_eq!(announced, expected, "{text}");
    assert_eq!(announced[0], *winner);
    // Everyone but the winner was announced out once, the first one out ranking last.
    assert_eq!(out, announced[1..].iter().rev().cloned().collect::<Vec<_>>());
    let replayed = replayed_ranking(&host, id, users[1]).await;
    assert_eq!(replayed, expected.iter().map(|u| vec![u.clone()]).collect::<Vec<_>>());
}

#[tokio::test]
async fn a_two_player_game_runs_to_its_ranking() {
    full_game(&["alice", "bob"], 4).await;
}

#[tokio::test]
async fn a_three_player_game_runs_to_its_ranking() {
    full_game(&["alice", "bob", "carol"], 9).await;
}

/// The moves listed on one `moves` answer (after "): ", separated by ", ").
fn listed(reply: &Reply) -> Vec<String> {
    let text = reply.text.plain();
    let first = text.lines().next().expect("a line").to_string();
    first.split_once("): ").expect("a list").1.split(", ").map(str::to_string).collect()
}

/// Whether a placement (`dragon red a5 a9 a10 a13`) has `shape` (any when `None`) and
/// covers `site` (any when `None`).
fn fits(placement: &str, shape: Option<&str>, site: Option<&str>) -> bool {
    let words: Vec<&str> = placement.split_whitespace().collect();
    shape.is_none_or(|s| words.first() == Some(&s)) && site.is_none_or(|s| words[2..].contains(&s))
}

#[tokio::test]
async fn moves_filters_by_shape_and_site_and_pages() {
    let place = Place::new();
    let per_page = 7;
    let host = host(&place, per_page).await;
    let id = start(&host, &["alice", "bob"], 21).await;
    let user = mover(&host, id).await.expect("someone to move");
    let all = host.legal_moves(&origin(&user, "c"), Some(id), "").await.expect("legal moves");
    let cases = [
        ("drache a5", Some("dragon"), Some("a5")),
        ("dragon", Some("dragon"), None),
        ("a5", None, Some("a5")),
        ("SCHLANGE a10", Some("snake"), Some("a10")),
    ];
    for (filter, shape, site) in cases {
        let wanted: Vec<String> = all.iter().filter(|m| fits(m, shape, site)).cloned().collect();
        assert!(wanted.len() > per_page, "{filter}: the case should need several pages ({})", wanted.len());
        let pages = wanted.len().div_ceil(per_page);
        let mut seen = Vec::new();
        for page in 1..=pages {
            let replies = host.handle(&origin(&user, "c"), &format!("moves {filter} page={page}")).await;
            assert_eq!(replies.len(), 1);
            let reply = &replies[0];
            assert!(!reply.refusal, "{}", reply.text);
            assert_eq!(reply.audience, Audience::User(user.clone()), "moves answers privately");
            let text = reply.text.plain();
            let head = format!("({} in all, page {page} of {pages})", wanted.len());
            assert!(text.contains(&head), "{filter} page {page}: {text}");
            let shown = listed(reply);
            assert_eq!(shown.len(), if page < pages { per_page } else { wanted.len() - per_page * (pages - 1) });
            if page < pages {
                let next = format!("Next page: `moves #{id} {} page={}`", filter.to_lowercase(), page + 1);
                assert!(text.to_lowercase().contains(&next.to_lowercase()), "{text}");
            } else {
                assert!(!text.contains("Next page"), "{text}");
            }
            // A long list already filtered asks for one more word (issue 41).
            assert!(text.contains(&format!("add another word after `moves {}`", filter.split_whitespace().collect::<Vec<_>>().join(" "))), "a long list hints at filters: {text}");
            seen.extend(shown);
        }
        assert_eq!(seen, wanted, "{filter}: the pages together list exactly the matching placements in order");
        let beyond = host.handle(&origin(&user, "c"), &format!("moves {filter} page={}", pages + 1)).await;
        assert!(beyond[0].refusal && beyond[0].text.plain().contains(&format!("There is no page {}", pages + 1)));
    }
    // The whole list on the empty pyramid: the spec's placement counts per shape (dragon
    // 30, fish 63, formula 63, mage 28, snake 90, bird 126 site sets), each in the three
    // colours, 1200 in all; the hint names the count per shape.
    let replies = host.handle(&origin(&user, "c"), "moves").await;
    let text = replies[0].text.plain();
    assert!(text.contains(&format!("(1200 in all, page 1 of {})", 1200usize.div_ceil(per_page))), "{text}");
    let hint = text.lines().last().expect("the hint");
    assert!(hint.starts_with("That is a long list (") && hint.contains("): narrow it down by shape"), "{hint}");
    for count in ["dragon 90", "fish 189", "formula 189", "mage 84", "snake 270", "bird 378"] {
        assert!(hint.contains(count), "{count}: {hint}");
    }
    for (shape, sets) in [("dragon", 30), ("fish", 63), ("formula", 63), ("mage", 28), ("snake", 90), ("bird", 126)] {
        assert!(hint.contains(&format!("{shape} {}", sets * 3)), "{shape}: {hint}");
    }
    // Every placement on the empty pyramid lies flat in the base layer or is a mage
    // standing on three base balls: a dragon touching a5 lies in layer a.
    let dragons_at_a5: Vec<&String> = all.iter().filter(|m| fits(m, Some("dragon"), Some("a5"))).collect();
    assert!(dragons_at_a5.iter().all(|m| m.split_whitespace().skip(2).all(|s| s.starts_with('a'))));
    // A short list has no pages and no hint; a filter nothing matches says so.
    // Worked out by hand on the base layer (a triangle of side 8: a1 | a2 a3 | a4 a5 a6 |
    // a7 .. a10 | ...). A dragon's centre needs neighbours at 0°, 120° and 240°, so it is
    // an inner site (the first is a5), with two dragons (Ys) per centre; a5 is the centre
    // of 2 and a leg of one dragon around each inner neighbour a8 and a9: 4 per colour,
    // 12 in all colours. No dragon touches the corner a1 (its neighbours a2, a3 lie on edges).
    assert_eq!(all.iter().filter(|m| fits(m, Some("dragon"), Some("a5"))).count(), 12);
    let few = host.handle(&origin(&user, "c"), "moves dragon red a5").await;
    assert!(few[0].text.plain().contains("(4 in all, page 1 of 1)"), "{}", few[0].text);
    assert!(!few[0].text.plain().contains("narrow it down"));
    assert!(!few[0].text.plain().contains("Next page"));
    let none = host.handle(&origin(&user, "c"), "moves dragon a1").await;
    let refusal = "No legal move matches “dragon a1”";
    assert!(none[0].refusal && none[0].text.plain().contains(refusal), "{}", texts(&none));
    // In German: the list, the next page and the hint.
    let de = host.handle(&german(&user), "züge drache a5").await;
    let text = de[0].text.plain();
    assert!(text.contains("(12 insgesamt, Seite 1 von 2)"), "{text}");
    assert!(text.contains(&format!("Nächste Seite: `züge #{id} drache a5 seite=2`")), "{text}");
    // Issue 41: a list already narrowed is not told to narrow with the same words.
    assert_eq!(
        text.lines().last(),
        Some("Die Liste ist noch lang: schränke sie mit einem weiteren Wort nach `züge drache a5` ein (siehe `hilfe züge`).")
    );
    let dragons = host.handle(&origin(&user, "c"), "moves dragon").await;
    let text = dragons[0].text.plain();
    assert!(text.contains("(90 in all, page 1 of "), "{text}");
    assert_eq!(
        text.lines().last(),
        Some("That is still a long list: add another word after `moves dragon` to narrow it further (see `help moves`).")
    );
}

#[tokio::test]
async fn the_rules_summaries_answer_in_both_languages() {
    let place = Place::new();
    let host = host(&place, 40).await;
    let cases = [
        (origin("alice", "c"), "rules aratoth", "Aratoth's Revenge: place pieces"),
        (german("alice"), "regeln aratoth", "Aratoths Rache: Ihr legt Figuren"),
        (origin("alice", "c"), "help aratoth", "Aratoth's Revenge: place pieces"),
        (origin("alice", "c"), "rules helofag", "Helofag, a dice race"),
        (german("alice"), "regeln helofag", "Helofag, ein Würfelrennen"),
    ];
    for (who, line, start) in cases {
        let replies = host.handle(&who, line).await;
        assert!(!replies[0].refusal, "{line}: {}", texts(&replies));
        assert!(texts(&replies).starts_with(start), "{line}: {}", texts(&replies));
    }
}
