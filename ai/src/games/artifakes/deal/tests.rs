//! The deck sampler after an opponent's waste (issue 42's failed `ismcts:2000` moves).

use rand::SeedableRng;
use rules::{
    artifakes::{Artifakes, Way},
    rng::ChaCha20Rng,
    AnyView, Match, Viewer,
};

use super::Partial;
use crate::{knowledge::Knowledge, world, SeatView};

/// The arena game `artifakes --paired --seats normal,ismcts:2000 --seed 1`, first game,
/// up to move 75: seat 0 has just wasted card 14 in round 3, and seat 1
/// (`ismcts:2000`) is to move. No world could be sampled for that move before.
const DECK: [u8; 60] = [
    24, 25, 20, 2, 4, 26, 8, 6, 18, 9, 21, 21, 12, 13, 7, 13, 22, 28, 29, 10, 19, 22, 4, 16, 14, 16, 30, 12, 28, 14, 18, 19, 15, 24,
    17, 23, 20, 27, 15, 27, 23, 3, 29, 2, 11, 5, 30, 6, 7, 8, 9, 17, 1, 10, 1, 3, 25, 5, 26, 11,
];
const LOG: [&str; 75] = [
    "bury block 10", "bury block 27", "bury disc 15", "bury block 12", "bury block 6", "bury disc 12", "bury disc 10",
    "bury disc 21", "bury block 20", "bury block 3", "bury disc 24", "bury disc 4", "bury block 3", "bury disc 20",
    "bury disc 25", "bury disc 20", "bury disc 14", "bury disc 28", "bury disc 6", "bury disc 30", "bury block 28",
    "bury disc 8", "bury disc 3", "bury disc 5", "bury block 26", "bury disc 8", "bury disc 8", "bury block 14",
    "bury block 5", "bury block 8", "bury disc 21", "bury block 4", "bury disc 11", "bury block 29", "bury block 28",
    "bury block 7", "bury block 15", "bury block 4", "bury block 26", "bury block 30", "play 2 colour cw",
    "play 24 number ccw", "play 9 colour cw", "play 8 colour cw", "play 6 colour cw", "play 18 colour cw",
    "play 25 colour cw", "play 20 number cw", "play 26 colour ccw", "play 4 waste", "bury disc 2", "bury block 16",
    "bury block 13", "bury disc 3", "bury disc 18", "bury disc 10", "bury block 3", "bury block 15", "play 22 colour cw",
    "play 28 number cw", "play 21 number cw", "play 10 number ccw", "play 29 number ccw", "play 21 waste",
    "play 7 number ccw", "play 13 waste", "play 12 colour ccw", "play 13 waste", "bury block 17", "bury disc 26",
    "bury block 11", "bury disc 24", "play 12 colour ccw", "play 4 colour cw", "play 14 waste",
];

fn after_the_waste() -> Box<dyn Match> {
    let setup = serde_json::json!({ "deck": DECK.to_vec(), "start_player": 1 });
    let mut game = rules::open(rules::GameKind::Artifakes, &serde_json::json!({ "players": 2 }), 2, Some(setup), None).expect("the setup");
    for entry in LOG {
        game.play(entry).expect("the arena's move");
    }
    game
}

/// Seat 0's hand in a world.
fn waster_hand(world: &Artifakes) -> Vec<u8> {
    match rules::Game::view(world, Viewer::Seat(0)) {
        AnyView::Artifakes(view) => view.hands[0].clone().unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// Worked out by hand from the log: when seat 0 wasted, its pieces lay on white (2, 3),
/// blue (7, 10, 11), grey (24, 30) and red (26-29) fields, none on green (13-17) or
/// yellow (19-23), so only green and yellow cards gave it no points, and it kept three
/// of them. Seat 1 has seen 27 cards (23 played, its hand 19 14 30 28): of the 33 it
/// has not seen, 11 are green or yellow (15, 16, 17 and 23 twice; 19, 20 and 22 once).
/// A hand of 3 drawn from all 33 fits with chance C(11,3)/C(33,3) = 165/5456 = 3.0 %,
/// so the sampler's 200 tries all failed one time in 450; here every sample fits, and
/// each of the 11 cards is in the hand of 3/11 of them.
#[test]
fn after_an_opponents_waste_its_hidden_hand_holds_only_cards_that_gave_it_no_points() {
    let game = after_the_waste();
    assert_eq!(game.to_move(), vec![1]);
    let view = SeatView::of(game.as_ref(), 1).expect("a view");
    let Knowledge::Artifakes(known) = view.knowledge() else { panic!("an Artifakes view") };
    let partial = Partial::of(&view, known.start_player, known.dealt_rounds, &known.hand).expect("a partial deck");
    assert_eq!(partial.unseen.len(), 33);
    assert_eq!(partial.hidden_hand.len(), 3);

    // The old way: a hand from all unseen cards, refuted by the replay 97 % of the time.
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    let tries = 2000;
    let mut fitting = 0;
    for _ in 0..tries {
        let deck = partial.fill(None, &mut rng).expect("a deck");
        let setup = serde_json::json!({ "deck": deck, "start_player": 1 });
        let mut world = rules::open(rules::GameKind::Artifakes, &serde_json::json!({ "players": 2 }), 2, Some(setup), None).expect("a world");
        if LOG.iter().all(|entry| world.play(entry).is_ok()) {
            fitting += 1;
        }
    }
    // 3.0 % of 2,000 is 60.5 (standard deviation 7.6).
    assert!((30..=91).contains(&fitting), "{fitting} of {tries} uniform hands fit");

    let mut rng = ChaCha20Rng::seed_from_u64(6);
    let samples = 3000;
    let mut held = [0usize; 31];
    for _ in 0..samples {
        let world: Artifakes = world::sample(&view, &mut rng).expect("a world after the waste");
        let hand = waster_hand(&world);
        assert_eq!(hand.len(), 3);
        for card in hand {
            assert!(Way::ALL.iter().all(|&w| world.points(0, card, w) == 0), "card {card} gives seat 0 points");
            held[usize::from(card)] += 1;
        }
    }
    // Each copy is held in 3/11 of the worlds: 818 of 3,000 (standard deviation 24),
    // two copies 1,636 (at most one card per copy: 1,636 ± 35).
    for (card, copies) in [(15, 2), (16, 2), (17, 2), (19, 1), (20, 1), (22, 1), (23, 2)] {
        let expected = samples * 3 * copies / 11;
        let got = held[card];
        assert!(got.abs_diff(expected) < 6 * 35, "card {card}: held {got} times, expected {expected}");
    }
    let others: usize = (1..=30).filter(|c| ![15, 16, 17, 19, 20, 22, 23].contains(c)).map(|c| held[c]).sum();
    assert_eq!(others, 0);
}
