//! Artifakes through the command layer: hands reach only their owner, `moves` helps the
//! player holding the cards, and nothing private reaches the channel or the opponent.

use commands::{Audience, Command, GameId, Host, Lang, Origin, Reply};
use rules::{
    AnyView, Viewer,
    artifakes::{ArtifakesView, Phase, RING},
    record::replay_record,
};

use crate::support::{Place, origin, refused, texts};

fn german(user: &str, channel: &str) -> Origin {
    Origin { lang: Some(Lang::De), ..origin(user, channel) }
}

/// Alice invites, Bob joins, Alice starts an Artifakes game from `seed` in channel `c`.
async fn started(host: &Host, seed: u64) -> (GameId, Vec<Reply>) {
    let replies = host.handle(&origin("alice", "c"), &format!("new artifakes seed={seed}")).await;
    let id = replies.first().and_then(|r| r.game).expect("an invitation").id;
    let joined = host.run(&origin("bob", "c"), Command::Join { game: Some(id) }).await;
    assert!(!joined[0].refusal, "{}", texts(&joined));
    let started = host.run(&origin("alice", "c"), Command::Start { game: Some(id) }).await;
    assert!(!started[0].refusal, "{}", texts(&started));
    (id, started)
}

/// The game as someone entitled to everything sees it.
async fn full_view(host: &Host, id: GameId) -> ArtifakesView {
    let record = host.record(id).await.expect("read").expect("a started game");
    let (game, error) = replay_record(&record).expect("replays");
    assert!(error.is_none());
    match game.view(Viewer::Omniscient) {
        AnyView::Artifakes(v) => v,
        _ => panic!("an Artifakes game"),
    }
}

fn user(seat: usize) -> &'static str {
    if seat == 0 { "alice" } else { "bob" }
}

/// The hands as the `hand` reply writes them: card numbers ascending.
fn hand_texts(view: &ArtifakesView) -> [String; 2] {
    [0, 1].map(|seat| {
        let mut cards = view.hands[seat].clone().unwrap_or_default();
        cards.sort_unstable();
        cards.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
    })
}

/// Checks that no reply shows a hand to anyone but its owner: no hand text, no hand picture.
fn assert_private(replies: &[Reply], hands: &[String; 2]) {
    for reply in replies {
        for (seat, hand) in hands.iter().enumerate() {
            if reply.audience == Audience::User(user(seat).into()) {
                continue;
            }
            let text = reply.text.plain();
            assert!(hand.is_empty() || !text.contains(&format!("): {hand}")), "{seat}'s hand {hand} in {:?}: {text}", reply.audience);
            assert!(reply.audience != Audience::Channel || !text.contains("Your hand"), "a hand in the channel: {text}");
            let picture = reply.file.as_ref().map(|f| f.name.clone()).unwrap_or_default();
            assert!(!picture.contains(&format!("-hand-{seat}")), "{seat}'s hand picture to {:?}", reply.audience);
        }
    }
}

/// Plays the first legal move of the player to move; returns that player and the replies.
async fn play_first(host: &Host, id: GameId) -> (usize, Vec<Reply>) {
    let view = full_view(host, id).await;
    let seat = view.to_move.expect("the game goes on");
    let moves = host.legal_moves(&origin(user(seat), "c"), Some(id), "").await.expect("moves");
    let replies = host.handle(&origin(user(seat), "c"), &format!("move #{id} {}", moves[0])).await;
    assert!(!replies[0].refusal, "{}", texts(&replies));
    (seat, replies)
}

#[tokio::test]
async fn hands_reach_only_their_owner_from_the_deal_to_the_end() {
    let place = Place::new();
    let host = place.host().await;
    let (id, replies) = started(&host, 21).await;
    // While burying nobody holds a card: no private hand message at the start.
    assert!(replies.iter().all(|r| r.audience == Audience::Channel), "{}", texts(&replies));
    let mut dealt = false;
    let mut plays = 0;
    loop {
        let before = full_view(&host, id).await;
        if before.phase == Phase::Over {
            break;
        }
        let (seat, replies) = play_first(&host, id).await;
        plays += 1;
        assert!(plays < 400, "the game must end");
        let after = full_view(&host, id).await;
        let hands = hand_texts(&after);
        assert_private(&replies, &hands);
        assert_private(&replies, &hand_texts(&before));
        if after.phase == Phase::Over {
            // The end says the result; a hand that ran out is not news then.
            assert!(replies.iter().all(|r| !r.text.plain().contains("is empty")), "{}", texts(&replies));
        }
        if before.phase == Phase::Bury && after.phase == Phase::Excavate {
            // The deal: each player gets their five cards privately, with the picture.
            dealt = true;
            for (owner, hand) in hands.iter().enumerate() {
                let reply = replies.iter().find(|r| r.audience == Audience::User(user(owner).into())).expect("a hand message");
                assert!(reply.text.plain().ends_with(&format!("): {hand}")), "{}", reply.text.plain());
                assert!(reply.file.as_ref().is_some_and(|f| f.bytes.starts_with(b"\x89PNG")));
            }
        }
        if after.phase == Phase::Excavate && after.hands[seat].as_ref().is_some_and(|h| !h.is_empty()) {
            // The opponent asking for moves sees none of the mover's cards...
            let other = 1 - after.to_move.unwrap_or(0);
            let mover = 1 - other;
            let answer = host.handle(&origin(user(other), "c"), &format!("moves #{id}")).await;
            assert_private(&answer, &hands);
            let text = texts(&answer);
            assert!(!text.contains("Legal moves"), "{text}");
            let own = after.hands[other].clone().unwrap_or_default();
            for card in after.hands[mover].iter().flatten().filter(|c| !own.contains(c)) {
                assert!(!text.contains(&format!("play {card} ")) && !text.contains(&format!("Card {card} ")), "{text}");
            }
            // ...nor through autocomplete, nor a spectator.
            assert!(host.legal_moves(&origin(user(other), "c"), Some(id), "").await.expect("moves").is_empty());
            assert!(host.legal_moves(&origin("carol", "c"), Some(id), "").await.expect("moves").is_empty());
            let answer = host.handle(&origin("carol", "c"), &format!("moves #{id}")).await;
            assert!(refused(&answer, "carol", "only they can list them"), "{}", texts(&answer));
            // A running game's record is for admins only.
            let answer = host.handle(&origin(user(other), "c"), &format!("export #{id}")).await;
            assert!(answer.len() == 1 && answer[0].refusal && answer[0].file.is_none(), "{}", texts(&answer));
        }
    }
    assert!(dealt, "the excavation began");
    // Once the game is over a player gets the record.
    let answer = host.handle(&origin("bob", "c"), &format!("export #{id}")).await;
    assert!(!answer[0].refusal && answer[0].file.is_some(), "{}", texts(&answer));
}

/// Plays first legal moves until the excavation has begun.
async fn to_excavation(host: &Host, id: GameId) -> ArtifakesView {
    loop {
        let view = full_view(host, id).await;
        if view.phase == Phase::Excavate {
            return view;
        }
        play_first(host, id).await;
    }
}

#[tokio::test]
async fn moves_shows_each_cards_points_and_landings() {
    let place = Place::new();
    let host = place.host().await;
    let (id, _) = started(&host, 22).await;
    let view = to_excavation(&host, id).await;
    let mover = view.to_move.expect("someone excavates");
    let answer = host.handle(&origin(user(mover), "c"), &format!("moves #{id}")).await;
    assert_eq!(answer.len(), 1);
    assert_eq!(answer[0].audience, Audience::User(user(mover).into()));
    let text = answer[0].text.plain();
    assert!(text.contains(&format!("Your cards (the inspector stands on field {})", view.inspector)), "{text}");
    // Every card's line, worked out here from the board: points by colour = fields of the
    // card's colour holding the mover's pieces; by number = the value of the mover's
    // pieces on the card's field; landings = the inspector's field plus or minus that.
    let mut cards = view.hands[mover].clone().unwrap_or_default();
    cards.sort_unstable();
    cards.dedup();
    for card in cards {
        let colour = RING[usize::from(card) - 1];
        let colour_points =
            (1..=30u8).filter(|&f| RING[usize::from(f) - 1] == colour && !view.buried[usize::from(f) - 1][mover].is_empty()).count();
        let number_points = view.buried[usize::from(card) - 1][mover].value();
        let reach = |points: usize| {
            let cw = (usize::from(view.inspector) - 1 + points) % 30 + 1;
            let ccw = (usize::from(view.inspector) - 1 + 30 - points) % 30 + 1;
            (cw, ccw)
        };
        let line = text.lines().find(|l| l.starts_with(&format!("Card {card} ({colour}"))).unwrap_or_else(|| panic!("card {card}: {text}"));
        for (way, points) in [("colour", colour_points), ("number", usize::from(number_points))] {
            if points == 0 {
                assert!(line.contains(&format!("by {way}: no points")), "{line}");
            } else {
                let (cw, ccw) = reach(points.min(5));
                assert!(line.contains(&format!("by {way} {} → cw {cw}", points.min(5))), "{line}");
                assert!(line.contains(&format!("ccw {ccw}")), "{line}");
            }
        }
    }
    // German: the same help in German words.
    let answer = host.handle(&german(user(mover), "c"), &format!("zuege #{id}")).await;
    let text = answer[0].text.plain();
    assert!(text.contains("Deine Karten (der Chefinspektor steht auf Feld"), "{text}");
    assert!(text.contains("Karte ") && (text.contains("uzs") || text.contains("keine Punkte")), "{text}");
}

#[tokio::test]
async fn refusals_are_translated_and_private() {
    let place = Place::new();
    let host = place.host().await;
    let (id, _) = started(&host, 23).await;
    let view = full_view(&host, id).await;
    let mover = user(view.to_move.expect("burying"));
    let replies = host.handle(&origin(mover, "c"), &format!("move #{id} bury block 17")).await;
    // The move's own verb is the sentence's (not "plays bury block 17").
    assert_eq!(texts(&replies).lines().next(), Some(format!("{mover} buries block 17 (game #{id}, move 1).").as_str()));
    let next = if mover == "alice" { "bob" } else { "alice" };
    host.handle(&origin(next, "c"), &format!("move #{id} bury block 17")).await;
    let replies = host.handle(&origin(mover, "c"), &format!("move #{id} bury block 17")).await;
    assert!(refused(&replies, mover, "Field 17 already holds 4 points: a block would make 6"), "{}", texts(&replies));
    let replies = host.handle(&german(mover, "c"), &format!("zug #{id} vergrabe block 17")).await;
    assert!(refused(&replies, mover, "Auf Feld 17 liegen schon 4 Punkte: ein Block ergäbe 6"), "{}", texts(&replies));
    let replies = host.handle(&origin(mover, "c"), &format!("move #{id} play 3 number cw")).await;
    assert!(refused(&replies, mover, "It is the burying phase"), "{}", texts(&replies));
    // German moves work bare, too: `vergrabe ...` and `spiele ...` are no command words.
    let replies = host.handle(&german(mover, "c"), "spiele 3 zahl uzs").await;
    assert!(refused(&replies, mover, "Jetzt wird vergraben"), "{}", texts(&replies));
    let replies = host.handle(&german(mover, "c"), "vergrabe scheibe 17").await;
    assert!(!replies[0].refusal && replies[0].audience == Audience::Channel, "{}", texts(&replies));
    // The move in German words, as it was typed (not `disc`).
    assert_eq!(texts(&replies).lines().next(), Some(format!("{mover} vergräbt scheibe 17 (Partie #{id}, Zug 3).").as_str()));
    let replies = host.handle(&origin(mover, "c"), "rules artifakes").await;
    assert!(texts(&replies).starts_with("Artifakes, for 2 players"), "{}", texts(&replies));
}

#[tokio::test]
async fn while_burying_the_waiting_player_may_list_the_moves_but_not_while_excavating() {
    let place = Place::new();
    let host = place.host().await;
    let (id, _) = started(&host, 17).await;
    let view = full_view(&host, id).await;
    assert_eq!(view.phase, Phase::Bury);
    let (mover, waiter) = (user(view.to_move.expect("burying")), user(1 - view.to_move.expect("burying")));
    // The rules' own list of burying moves: pieces from the public supply onto fields.
    let record = host.record(id).await.expect("read").expect("started");
    let (game, _) = replay_record(&record).expect("replays");
    let count = game.legal_moves().len();
    let replies = host.handle(&origin(waiter, "c"), "moves").await;
    let text = texts(&replies);
    assert!(
        !replies[0].refusal && text.starts_with(&format!("Legal moves for {mover} in game #{id} ({count} in all, page 1 of ")),
        "{text}"
    );
    assert_eq!(replies[0].audience, Audience::User(waiter.into()));
    let replies = host.handle(&german(waiter, "c"), "züge").await;
    let text = texts(&replies);
    assert!(
        !replies[0].refusal && text.starts_with(&format!("Mögliche Züge für {mover} in Partie #{id} ({count} insgesamt, Seite 1 von ")),
        "{text}"
    );
    // Once the cards are dealt, the moves would show the mover's hand.
    for _ in 0..200 {
        if full_view(&host, id).await.phase == Phase::Excavate {
            break;
        }
        play_first(&host, id).await;
    }
    let view = full_view(&host, id).await;
    assert_eq!(view.phase, Phase::Excavate);
    let mover = user(view.to_move.expect("excavating"));
    let waiter = user(1 - view.to_move.expect("excavating"));
    // The first line says why; what follows explains the waiter's own cards.
    let replies = host.handle(&origin(waiter, "c"), "moves").await;
    assert_eq!(
        texts(&replies).lines().next(),
        Some(format!("It is {mover}'s turn in game #{id}: the moves would show that player's hand, so only they can list them.").as_str())
    );
    let replies = host.handle(&german(waiter, "c"), "züge").await;
    assert_eq!(
        texts(&replies).lines().next(),
        Some(
            format!("In Partie #{id} ist {mover} am Zug: die Züge würden die Hand von {mover} verraten, deshalb kann nur {mover} sie auflisten.")
                .as_str()
        )
    );
}

/// Plays the first legal move of whoever is to move, speaking `lang`, at most `limit`
/// times, until `done` holds for the view after a move: the views before and after that
/// move and the text of its first reply.
async fn play_first_until(
    host: &Host,
    id: GameId,
    lang: Lang,
    limit: usize,
    done: impl Fn(&ArtifakesView) -> bool,
) -> Option<(ArtifakesView, ArtifakesView, String)> {
    for _ in 0..limit {
        let before = full_view(host, id).await;
        let seat = before.to_move.expect("the game goes on");
        let speaker = Origin { lang: Some(lang), ..origin(user(seat), "c") };
        let moves = host.legal_moves(&speaker, Some(id), "").await.expect("moves");
        let replies = host.handle(&speaker, &format!("move #{id} {}", moves[0])).await;
        assert!(!replies[0].refusal, "{}", texts(&replies));
        let after = full_view(host, id).await;
        if done(&after) {
            return Some((before, after, replies[0].text.plain()));
        }
    }
    None
}

#[tokio::test]
async fn the_end_of_a_round_tells_the_selling_and_who_buries_next_in_english_and_german() {
    for (lang, header, next) in [
        (Lang::En, "Round 1 is over: the finds are sold.", "Round 2 begins: "),
        (Lang::De, "Durchgang 1 ist vorbei: die Fundstücke werden verkauft.", "Durchgang 2 beginnt: "),
    ] {
        let place = Place::new();
        let host = place.host().await;
        let (id, _) = started(&host, 23).await;
        let (before, after, text) =
            play_first_until(&host, id, lang, 300, |after| after.round == 2 || after.phase == Phase::Over).await.expect("round 1 ends");
        let lines: Vec<&str> = text.lines().collect();
        let at = lines.iter().position(|l| *l == header).unwrap_or_else(|| panic!("{header:?} in {text}"));
        // Each player's line: the spec's selling, worked out from the views before and
        // after the last play (value = 2 per block + 1 per disc, one stone back per
        // wasted card), as a whole sentence.
        for seat in 0..2 {
            let (mut blocks, mut discs) = (before.finds[seat].blocks, before.finds[seat].discs);
            let mut wasted = before.wasted[seat].len() as i64;
            match after.last {
                Some(rules::artifakes::LastPlay::Moved { seat: s, found, .. }) if s == seat => {
                    blocks += found.blocks;
                    discs += found.discs;
                }
                Some(rules::artifakes::LastPlay::Wasted { seat: s, .. }) if s == seat => wasted += 1,
                _ => {}
            }
            let value = 2 * i64::from(blocks) + i64::from(discs);
            let stone = after.stones[seat];
            assert_eq!(stone, (before.stones[seat] + value - wasted).max(1), "seat {seat}");
            let expected = match (lang, blocks + discs, wasted) {
                (Lang::En, 0, 0) => format!("{} sells nothing: now on stone {stone}.", user(seat)),
                (Lang::En, 0, 1) => format!("{} sells nothing and pays 1 for a wasted card: now on stone {stone}.", user(seat)),
                (Lang::En, 0, w) => format!("{} sells nothing and pays {w} for wasted cards: now on stone {stone}.", user(seat)),
                (Lang::En, _, w) => format!(
                    "{} sells {} for {value}, {}: now on stone {stone}.",
                    user(seat),
                    pieces_words(lang, blocks, discs),
                    match w {
                        0 => "with no wasted card".to_string(),
                        1 => "less 1 for a wasted card".to_string(),
                        w => format!("less {w} for wasted cards"),
                    }
                ),
                (_, 0, 0) => format!("{} verkauft nichts: jetzt auf Dolerit {stone}.", user(seat)),
                (_, 0, 1) => format!("{} verkauft nichts und zahlt 1 für eine verschwendete Karte: jetzt auf Dolerit {stone}.", user(seat)),
                (_, 0, w) => format!("{} verkauft nichts und zahlt {w} für verschwendete Karten: jetzt auf Dolerit {stone}.", user(seat)),
                (_, _, w) => format!(
                    "{} verkauft {} für {value}, {}: jetzt auf Dolerit {stone}.",
                    user(seat),
                    pieces_words(lang, blocks, discs),
                    match w {
                        0 => "ohne verschwendete Karte".to_string(),
                        1 => "abzüglich 1 für eine verschwendete Karte".to_string(),
                        w => format!("abzüglich {w} für verschwendete Karten"),
                    }
                ),
            };
            assert_eq!(lines[at + 1 + seat], expected);
        }
        if after.phase == Phase::Bury {
            let first = user(after.to_move.expect("someone buries"));
            assert_eq!(lines[at + 3], format!("{next}{first} {}", if lang == Lang::En { "buries first." } else { "vergräbt zuerst." }));
        }
    }
}

/// The numbers of "1 block and 2 discs" / "2 discs" / "nothing" as the test reads them
/// from a view: (blocks, discs) gained or lost between two views.
fn pieces_words(lang: Lang, blocks: u8, discs: u8) -> String {
    let (block, blocks_word, disc, discs_word, and) =
        if lang == Lang::En { ("block", "blocks", "disc", "discs", "and") } else { ("Block", "Blöcke", "Scheibe", "Scheiben", "und") };
    let word = |n: u8, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match (blocks, discs) {
        (0, 0) => String::new(),
        (b, 0) => word(b, block, blocks_word),
        (0, d) => word(d, disc, discs_word),
        (b, d) => format!("{} {and} {}", word(b, block, blocks_word), word(d, disc, discs_word)),
    }
}

/// The sentence a card play that moved the inspector should bring, worked out from the
/// views before and after it: the inspector's fields, the mover's new finds and the
/// opponent's newly destroyed pieces (spec `artifakes.md`, "Excavating").
fn expected_dig(lang: Lang, before: &ArtifakesView, after: &ArtifakesView, mover: usize) -> String {
    let other = 1 - mover;
    let found = |v: &ArtifakesView| v.finds[mover];
    // A play that ends the round sells the finds: what the mover found then is in the
    // selling; count it from the ground instead (what lay at the landing field).
    let (fb, fd) = if after.round == before.round && after.phase == before.phase {
        (found(after).blocks - found(before).blocks, found(after).discs - found(before).discs)
    } else {
        let ground = before.buried[usize::from(after.inspector) - 1][mover];
        (ground.blocks, ground.discs)
    };
    let lost = (after.destroyed[other].blocks - before.destroyed[other].blocks, after.destroyed[other].discs - before.destroyed[other].discs);
    let (from, to) = (before.inspector, after.inspector);
    let mut text = if lang == Lang::En {
        format!("The inspector goes from field {from} to field {to}: {} ", user(mover))
    } else {
        format!("Der Inspektor geht von Feld {from} nach Feld {to}: {} ", user(mover))
    };
    let finds = pieces_words(lang, fb, fd);
    text += &match (lang, finds.is_empty()) {
        (Lang::En, true) => "finds nothing".to_string(),
        (Lang::En, false) => format!("finds {finds}"),
        (_, true) => "findet nichts".to_string(),
        (_, false) => format!("findet {finds}"),
    };
    let lost = pieces_words(lang, lost.0, lost.1);
    if !lost.is_empty() {
        text += &format!("; {} {} {lost}", user(other), if lang == Lang::En { "loses" } else { "verliert" });
    }
    text + "."
}

#[tokio::test]
async fn a_card_play_says_where_the_inspector_went_and_what_was_found_and_destroyed() {
    let place = Place::new();
    let host = place.host().await;
    let (id, _) = started(&host, 23).await;
    let (mut digs, mut found, mut destroyed) = (0, 0, 0);
    for k in 0..400 {
        let before = full_view(&host, id).await;
        let Some(seat) = before.to_move else { break };
        let lang = if k % 3 == 0 { Lang::De } else { Lang::En };
        let speaker = Origin { lang: Some(lang), ..origin(user(seat), "c") };
        let moves = host.legal_moves(&speaker, Some(id), "").await.expect("moves");
        let replies = host.handle(&speaker, &format!("move #{id} {}", moves[(k * 7) % moves.len()])).await;
        assert!(!replies[0].refusal, "{}", texts(&replies));
        let text = replies[0].text.plain();
        let after = full_view(&host, id).await;
        let moved = before.phase == Phase::Excavate && after.inspector != before.inspector;
        // The channel speaks the channel's language (none set: the speaker's).
        let expected = expected_dig(lang, &before, &after, seat);
        if moved {
            digs += 1;
            found += usize::from(expected.contains("finds 1") || expected.contains("finds 2") || expected.contains("findet 1") || expected.contains("findet 2"));
            destroyed += usize::from(expected.contains("loses") || expected.contains("verliert"));
            assert!(text.lines().any(|l| l == expected), "{expected:?} in {text}");
        } else {
            assert!(!text.contains("The inspector goes") && !text.contains("Der Inspektor geht"), "{text}");
        }
    }
    assert_eq!(full_view(&host, id).await.phase, Phase::Over);
    assert!(digs > 5 && found > 0 && destroyed > 0, "the game showed every kind: {digs} digs, {found} finds, {destroyed} destructions");
}

/// Plays `(k * step) % n`-th legal moves through the rules alone until the game ends;
/// whether some round began with nobody able to bury (the excavation at once).
fn a_round_begins_digging(seed: u64, step: usize) -> bool {
    let Ok(mut game) = rules::open(rules::GameKind::Artifakes, &serde_json::json!({}), 2, None, Some(seed)) else { return false };
    for k in 0..400 {
        let AnyView::Artifakes(before) = game.view(Viewer::Omniscient) else { return false };
        let moves = game.legal_moves();
        if moves.is_empty() {
            return false;
        }
        if game.play(&moves[(k * step) % moves.len()]).is_err() {
            return false;
        }
        let AnyView::Artifakes(after) = game.view(Viewer::Omniscient) else { return false };
        if after.round > before.round && after.phase == Phase::Excavate {
            return true;
        }
    }
    false
}

#[tokio::test]
async fn a_round_with_nothing_to_bury_says_it_begins_with_the_first_card() {
    // A game where nothing was found in a round, so the next has nothing to bury: found
    // by the rules alone, then played through the host the same way.
    let (seed, step) = (1..300u64)
        .flat_map(|seed| [1, 3, 7].map(|step| (seed, step)))
        .find(|&(seed, step)| a_round_begins_digging(seed, step))
        .expect("some game has a round with nothing to bury");
    for lang in [Lang::En, Lang::De] {
        let place = Place::new();
        let host = place.host().await;
        let (id, _) = started(&host, seed).await;
        let mut said = None;
        for k in 0..400 {
            let before = full_view(&host, id).await;
            let seat = before.to_move.expect("the game goes on");
            let speaker = Origin { lang: Some(lang), ..origin(user(seat), "c") };
            let moves = host.legal_moves(&speaker, Some(id), "").await.expect("moves");
            let replies = host.handle(&speaker, &format!("move #{id} {}", moves[(k * step) % moves.len()])).await;
            let after = full_view(&host, id).await;
            if after.round > before.round && after.phase == Phase::Excavate {
                said = Some((after, replies[0].text.plain()));
                break;
            }
        }
        let (after, text) = said.expect("the round begins digging, as the rules showed");
        let first = user(after.to_move.expect("someone plays"));
        let round = after.round;
        let expected = if lang == Lang::En {
            format!("Round {round} begins: nobody has pieces left to bury, so {first} plays the first card.")
        } else {
            format!("Durchgang {round} beginnt: niemand hat noch Stücke zum Vergraben, also spielt {first} die erste Karte.")
        };
        assert!(text.lines().any(|l| l == expected), "{expected:?} in {text}");
    }
}

/// Issue 16: when the last piece is buried, the channel hears that the cards are dealt
/// and who plays first (spec `artifakes.md`, "Excavating": the player who buried last
/// starts), in English and German.
#[tokio::test]
async fn the_end_of_the_burying_says_who_plays_the_first_card_in_english_and_german() {
    for lang in [Lang::En, Lang::De] {
        let place = Place::new();
        let host = place.host().await;
        let (id, _) = started(&host, 23).await;
        let (before, _, text) =
            play_first_until(&host, id, lang, 40, |after| after.phase == Phase::Excavate).await.expect("the burying ends");
        let last = before.to_move.expect("someone buried last");
        let view = full_view(&host, id).await;
        assert_eq!(view.to_move, Some(last), "the player who buried last starts");
        let expected = match lang {
            Lang::En => format!("Everything is buried: each player gets 5 cards, and {}, who buried last, plays the first card.", user(last)),
            _ => format!("Alles ist vergraben: jeder bekommt 5 Karten, und {} hat zuletzt vergraben, spielt also die erste Karte.", user(last)),
        };
        assert!(text.lines().any(|l| l == expected), "{expected:?} in {text}");
    }
}
