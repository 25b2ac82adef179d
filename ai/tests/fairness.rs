//! The AI sees only what its seat may see: games that differ only in hidden parts give
//! equal views and the same move.

use ai::{choose, Level, SeatView};
use rules::{open, GameKind, Match};
use serde_json::{json, Value};

/// A seeded game's full setup with `start_player` 0.
fn base_setup(kind: GameKind, options: &Value, players: usize, seed: u64) -> Value {
    let game = open(kind, options, players, None, Some(seed)).expect("seeded game");
    let mut setup = game.resolved_setup();
    if kind != GameKind::Hathor {
        setup["start_player"] = json!(0);
    }
    setup
}

/// `setup` with the list under `key` reordered: positions in `keep` stay, the others
/// are reversed among themselves.
fn reorder_except(setup: &Value, key: &str, keep: &[usize]) -> Value {
    let mut setup = setup.clone();
    let list = setup[key].as_array().expect("a list").clone();
    let others: Vec<usize> = (0..list.len()).filter(|i| !keep.contains(i)).collect();
    let mut reordered = list.clone();
    for (&to, &from) in others.iter().zip(others.iter().rev()) {
        reordered[to] = list[from].clone();
    }
    assert_ne!(reordered, list, "the reordering must change the hidden part");
    setup[key] = json!(reordered);
    setup
}

fn game(kind: GameKind, options: &Value, players: usize, setup: &Value) -> Box<dyn Match> {
    open(kind, options, players, Some(setup.clone()), None).expect("valid setup")
}

/// The two games give seat 0 equal views, and the AI the same move for the same seed.
fn assert_blind(a: &dyn Match, b: &dyn Match) {
    let (va, vb) = (SeatView::of(a, 0).expect("view"), SeatView::of(b, 0).expect("view"));
    assert_eq!(va, vb);
    assert!(va.to_move(), "seat 0 must be to move for this test");
    for seed in [1, 2] {
        assert_eq!(choose(&va, Level::Normal, seed), choose(&vb, Level::Normal, seed));
    }
}

#[test]
fn carat_hand3_does_not_see_the_other_hand_or_the_pile() {
    let options = json!({"players": 2, "variant": "hand3"});
    let setup = base_setup(GameKind::Carat, &options, 2, 11);
    // Seat 0 is dealt pile positions 0-2; seat 1's hand (3-5) and the pile change.
    let other = reorder_except(&setup, "pile", &[0, 1, 2]);
    let (a, b) = (game(GameKind::Carat, &options, 2, &setup), game(GameKind::Carat, &options, 2, &other));
    let hand_of_1 = |g: &dyn Match| format!("{:?}", g.view(rules::Viewer::Seat(1)));
    assert_ne!(hand_of_1(a.as_ref()), hand_of_1(b.as_ref()));
    assert_blind(a.as_ref(), b.as_ref());
}

#[test]
fn carat_view_shows_the_own_hand() {
    let options = json!({"players": 2});
    let setup = base_setup(GameKind::Carat, &options, 2, 11);
    // Swapping positions 0 and 1 swaps the two single-tile hands: seat 0's view changes.
    let mut swapped = setup.clone();
    let pile = setup["pile"].as_array().expect("pile");
    swapped["pile"][0] = pile[1].clone();
    swapped["pile"][1] = pile[0].clone();
    let (a, b) = (game(GameKind::Carat, &options, 2, &setup), game(GameKind::Carat, &options, 2, &swapped));
    assert_ne!(SeatView::of(a.as_ref(), 0).expect("view"), SeatView::of(b.as_ref(), 0).expect("view"));
}

/// Stones placed before the Hathor comparisons (late in the deal, so that the search
/// is short even in a debug build).
const HATHOR_PLACED: usize = 45;

#[test]
fn hathor_does_not_see_the_pile_order() {
    let options = json!({});
    let setup = base_setup(GameKind::Hathor, &options, 1, 5);
    // The stones drawn so far (the placed ones and the current one) are seen; the
    // order of the rest is not.
    let seen: Vec<usize> = (0..=HATHOR_PLACED).collect();
    let other = reorder_except(&setup, "pile", &seen);
    let (mut a, mut b) = (game(GameKind::Hathor, &options, 1, &setup), game(GameKind::Hathor, &options, 1, &other));
    for n in 0..HATHOR_PLACED {
        let view = SeatView::of(a.as_ref(), 0).expect("view");
        let mv = ai::Agent::Greedy.choose(&view, n as u64).expect("the deal goes on");
        a.play(&mv).expect("legal in a");
        b.play(&mv).expect("legal in b");
    }
    assert_blind(a.as_ref(), b.as_ref());
}

#[test]
fn artifakes_does_not_see_the_other_hand_or_the_deck() {
    let options = json!({});
    let mut setup = base_setup(GameKind::Artifakes, &options, 2, 3);
    // Seat 1 starts: it buries first, seat 0 buries last and so starts the excavation.
    // Round 1 deals positions 0, 2, 4, 6, 8 to seat 1 and 1, 3, 5, 7, 9 to seat 0.
    setup["start_player"] = json!(1);
    let other = reorder_except(&setup, "deck", &[1, 3, 5, 7, 9]);
    let (mut a, mut b) = (game(GameKind::Artifakes, &options, 2, &setup), game(GameKind::Artifakes, &options, 2, &other));
    // Bury the same pieces in both (burying does not depend on the deck) until the
    // excavation starts.
    while a.details().expect("details")["phase"] == "bury" {
        let mv = a.legal_moves()[0].clone();
        a.play(&mv).expect("legal in a");
        b.play(&mv).expect("legal in b");
    }
    assert_eq!(a.to_move(), vec![0]);
    assert_ne!(a.resolved_setup(), b.resolved_setup());
    assert_blind(a.as_ref(), b.as_ref());
}
