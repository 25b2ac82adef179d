//! The registry takes a sixth game with one line: Nim (`src/nim/`, only in `rules`' unit
//! tests and with the `test-game` feature) is listed in `__with_test_games!` and nowhere
//! else in `rules`,
//! yet it is a `GameKind`, has its facts, opens, plays, ends, has a view and replays
//! from its record like the five real games.
//!
//! Part of `rules`' unit tests (`cargo test -p rules`), built with the rest of the
//! workspace's tests: no second build of `rules`.

use crate::{
    open,
    record::{replay_record, Record},
    AnyView, GameKind, Viewer,
};
use serde_json::json;

#[test]
fn nim_is_a_game_kind_with_its_facts() {
    assert_eq!(GameKind::ALL.len(), 6);
    assert_eq!(GameKind::ALL.last(), Some(&GameKind::Nim));
    assert_eq!("nim".parse::<GameKind>(), Ok(GameKind::Nim));
    assert_eq!("NIM".parse::<GameKind>(), Ok(GameKind::Nim));
    assert_eq!(GameKind::Nim.id(), "nim");
    assert_eq!(GameKind::Nim.name_de(), "Nim");
    assert_eq!(GameKind::Nim.players(), 2..=2);
    assert!(GameKind::Nim.undo());
    assert_eq!(GameKind::Nim.option_word("misere"), None);
    assert_eq!(GameKind::Nim.to_string(), "nim");
}

/// Heaps 3, 4, 5: `a3` leaves 0 4 5, `b4` leaves 0 0 5 and `c5` takes the last stick,
/// so the first player wins.
#[test]
fn a_game_of_nim_is_played_to_its_end_and_replays_from_its_record() {
    let mut game = open(GameKind::Nim, &json!({"players": 2}), 2, None, Some(1)).expect("open");
    assert_eq!(game.kind(), GameKind::Nim);
    assert_eq!(game.legal_moves().len(), 3 + 4 + 5);
    let refused = game.play("b5").expect_err("heap b has only 4 sticks");
    assert_eq!(refused.reason.text, "Heap b has 4 sticks.");
    assert!(game.play("d1").is_err(), "there is no heap d");
    assert_eq!(game.moves_applied(), 0, "refused moves change nothing");
    for mv in ["a3", "b4"] {
        game.play(mv).expect("legal");
        assert!(!game.is_finished());
    }
    assert_eq!(game.to_move(), vec![0]);
    game.play("c5").expect("the last stick");
    assert!(game.is_finished());
    assert_eq!(game.ranking(), Some(vec![vec![0], vec![1]]));
    let AnyView::Nim(view) = game.view(Viewer::Spectator) else { panic!("a Nim view") };
    assert_eq!((view.heaps, view.winner, view.to_move), (vec![0, 0, 0], Some(0), None));

    let names = ["alice".to_string(), "bob".to_string()];
    let text = serde_json::to_string(&Record::of(game.as_ref(), &names)).expect("a record");
    let record: Record = serde_json::from_str(&text).expect("read back");
    assert_eq!(record.game, "nim");
    assert_eq!(record.moves, ["a3", "b4", "c5"]);
    let (again, error) = replay_record(&record).expect("replays");
    assert_eq!(error, None);
    assert_eq!(again.ranking(), Some(vec![vec![0], vec![1]]));
}

/// A record's own setup is used: one heap of one stick is won by the first move.
#[test]
fn a_nim_setup_from_the_record_is_used() {
    let mut game = open(GameKind::Nim, &json!({"players": 2}), 2, Some(json!({"heaps": [1]})), None).expect("open");
    assert_eq!(game.legal_moves(), ["a1"]);
    game.play("a1").expect("legal");
    assert_eq!(game.ranking(), Some(vec![vec![0], vec![1]]));
    assert!(open(GameKind::Nim, &json!({"players": 3}), 3, None, Some(1)).is_err(), "Nim is for two");
}
