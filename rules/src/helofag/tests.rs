//! Helofag's rules, each case worked out by hand from `helofag.md`.
//!
//! Positions are built by starting a game (all pieces on S, the first listed roll made
//! with nothing in A, so nothing transfers) and then placing pieces by hand.

use proptest::prelude::*;
use serde_json::{json, Value};

use super::*;
use crate::{record, Game, Match};

const ALICE: Seat = 0;
const BOB: Seat = 1;
const CAROL: Seat = 2;

/// A game of `players` with `goal`, alice (seat 0) to move with `rolls[0]`, the later
/// rolls listed, and pieces moved from S to the given fields.
fn position(players: usize, goal: u8, rolls: &[Roll], placements: &[(Seat, &str)]) -> Helofag {
    let setup = HelofagSetup { rolls: rolls.iter().map(|r| r.to_vec()).collect(), start_player: ALICE };
    let mut game = Helofag::new(&HelofagOptions { goal }, players, setup, Chance::none()).expect("valid setup");
    assert_eq!(game.roll, rolls.first().copied(), "the first roll is the current one");
    for &(seat, field) in placements {
        let field = Field::parse(field).expect("field");
        assert!(game.pieces.take(seat, Field::Start), "a piece left on S");
        assert_eq!(game.pieces.put(seat, field), Ok(None), "{field} was free");
    }
    game
}

fn play(game: &mut Helofag, text: &str) -> Result<(), Refusal> {
    let mv = game.parse_move(text)?;
    game.apply(&mv)
}

/// Plays `text` and expects the refusal `key`, with the game unchanged.
fn refused(game: &mut Helofag, text: &str, key: &str) {
    let before = game.clone();
    let err = play(game, text).expect_err(text);
    assert_eq!(err.key, key, "{text}: {}", err.text);
    assert!(!err.text.is_empty());
    assert_eq!(game.pieces, before.pieces, "{text}: a refused move changes nothing");
    assert_eq!((game.roll, game.to_move, game.rolled), (before.roll, before.to_move, before.rolled));
}

fn fields(game: &Helofag, seat: Seat) -> Vec<String> {
    game.pieces.fields_of(seat).iter().map(ToString::to_string).collect()
}

fn legal(game: &Helofag) -> Vec<String> {
    game.legal_moves().iter().map(ToString::to_string).collect()
}

// ---- the board table -------------------------------------------------------------

#[test]
fn jump_fields_are_the_even_fields_of_a_with_the_spec_numbers_and_borders() {
    let numbers = [1, 4, 2, 5, 3, 6, 4, 1, 5, 2, 6, 3];
    for field in 1..=24u8 {
        let jump = BOARD.jump_field(field);
        if field % 2 == 1 {
            assert_eq!(jump, None, "A{field} is plain");
        } else {
            let i = usize::from(field / 2 - 1);
            let border = if i % 2 == 0 { Border::Single } else { Border::Double };
            assert_eq!(jump, Some(JumpField { field, number: numbers[i], border }), "A{field}");
        }
    }
}

#[test]
fn black_fields_are_the_spec_table() {
    let black: [&[u8]; 6] = [&[3, 6], &[4], &[2, 6], &[5], &[3, 5], &[4, 7]];
    for row in 1..=6u8 {
        for k in 1..=8u8 {
            assert_eq!(BOARD.is_black(row, k), black[usize::from(row - 1)].contains(&k), "C{row}.{k}");
        }
    }
    assert!(!BOARD.is_black(0, 3) && !BOARD.is_black(7, 3));
}

#[test]
fn ring_steps_wrap_and_start_sits_between_a24_and_a1() {
    for (from, clockwise, steps, to) in [
        (0, true, 1, 1),
        (0, true, 6, 6),
        (0, false, 1, 24),
        (0, false, 2, 23),
        (0, false, 6, 19),
        (23, true, 3, 2),
        (2, false, 3, 23),
        (24, true, 1, 1),
        (1, false, 1, 24),
        (12, true, 6, 18),
        (12, false, 6, 6),
    ] {
        assert_eq!(Field::ring_step(from, clockwise, steps), to, "{from} {clockwise} {steps}");
    }
}

// ---- notation ----------------------------------------------------------------------

#[test]
fn notation_parses_and_prints_canonically() {
    for (text, canonical) in [
        ("S+4", "S+4"),
        ("s + 4 , a7 - 3", "S+4, A7-3"),
        ("C3.2+2", "C3.2+2"),
        ("B>C3", "B>C3"),
        ("b -> c3", "B>C3"),
        ("B>C3.1", "B>C3"),
        ("C3.8>D", "C3.8>D"),
        ("C3.8>D3", "C3.8>D"),
        ("B>D5", "B>D5"),
        ("C5.4 > d", "C5.4>D"),
        ("D2>Z", "D2>Z"),
        ("S+5, A5+3", "S+5, A5+3"),
        ("S+2, done", "S+2"),
        ("S+2 , FERTIG", "S+2"),
        ("S+2, S-1, done", "S+2, S-1"),
    ] {
        let mv = parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(mv.to_string(), canonical, "{text}");
        assert_eq!(parse_move(canonical), Ok(mv), "{canonical} round trip");
    }
    assert_eq!(
        parse_move("S+5, A5+3"),
        Ok(HelofagMove {
            first: Action::Step { from: Field::Start, clockwise: true, die: 5 },
            second: Some(Action::Step { from: Field::A(5), clockwise: true, die: 3 }),
        })
    );
}

#[test]
fn notation_refusals_say_why() {
    for (text, key) in [
        ("", "helofag-not-a-move"),
        ("hello", "helofag-not-a-move"),
        ("+3", "helofag-not-a-move"),
        ("A25+1", "helofag-bad-field"),
        ("A0+1", "helofag-bad-field"),
        ("C7.1+1", "helofag-bad-field"),
        ("C3.9+1", "helofag-bad-field"),
        ("S+7", "helofag-bad-die"),
        ("S+0", "helofag-bad-die"),
        ("S+", "helofag-bad-die"),
        ("B>C9", "helofag-bad-field"),
        ("B>C3.2", "helofag-bad-jump"),
        ("C3.8>D4", "helofag-bad-jump"),
        ("S>A4", "helofag-bad-jump"),
        ("D2>S", "helofag-bad-jump"),
        ("done", "helofag-must-act"),
        ("fertig", "helofag-must-act"),
        ("done, S+1", "helofag-done-last"),
        ("S+1, S+2, S+3", "helofag-third-die"),
        ("S+3 S+1", "helofag-comma"),
        ("B>C3  d2>z", "helofag-comma"),
        // Not two actions: a bad die stays a bad die.
        ("S+3 S+9", "helofag-bad-die"),
    ] {
        let err = parse_move(text).expect_err(text);
        assert_eq!(err.key, key, "{text}: {}", err.text);
    }
    // The refusal shows the line as it should be written.
    let err = parse_move("S+3 A5-1").expect_err("no comma");
    assert_eq!(err.text, "separate two actions with a comma: S+3, A5-1");
    assert_eq!(err.args, [("first", "S+3".to_string()), ("second", "A5-1".to_string())]);
}

// ---- steps -------------------------------------------------------------------------

#[test]
fn steps_from_the_start_go_both_ways() {
    let mut game = position(2, 3, &[[6, 1, 3], [2, 4, 5]], &[]);
    play(&mut game, "S+6, S-1").expect("legal");
    // Bob's roll 2 4 5: A6 (number 2, single) is met; A24 (3, double) is not.
    assert_eq!(fields(&game, ALICE), ["S", "S", "S", "S", "A24", "B"]);
    assert_eq!(game.transfers, [Transfer { owner: ALICE, field: 6 }]);
    assert_eq!((game.to_move, game.roll), (BOB, Some([2, 4, 5])));
}

#[test]
fn steps_in_a_wrap_around_the_ring_and_pass_other_pieces() {
    let mut game = position(2, 3, &[[3, 1, 5], [4, 5, 6]], &[(ALICE, "A23"), (BOB, "A24"), (BOB, "A1")]);
    play(&mut game, "A23+3").expect("passes A24 and A1, lands on A2");
    assert_eq!(game.pieces.occupant(Field::A(2)), Some(ALICE));
    let mut game = position(2, 3, &[[3, 1, 5], [1, 1, 1]], &[(ALICE, "A2")]);
    play(&mut game, "A2-3").expect("legal");
    assert_eq!(game.pieces.occupant(Field::A(23)), Some(ALICE));
}

#[test]
fn a_player_may_step_another_players_piece_in_a() {
    let mut game = position(2, 3, &[[2, 5, 6], [1, 3, 3]], &[(BOB, "A7")]);
    play(&mut game, "A7+2").expect("legal");
    assert_eq!(game.pieces.occupant(Field::A(9)), Some(BOB), "the piece stays bob's");
    assert_eq!(fields(&game, BOB), ["S", "S", "S", "S", "S", "A9"]);
    let moved = &game.last_move.as_ref().expect("last move").pieces[0];
    assert_eq!((moved.owner, moved.path.clone()), (BOB, vec![Field::A(7), Field::A(8), Field::A(9)]));
}

#[test]
fn no_piece_may_land_on_an_occupied_field_of_a() {
    let mut game = position(2, 3, &[[4, 5, 6], [1, 2, 5]], &[(BOB, "A4"), (ALICE, "A10")]);
    refused(&mut game, "S+4", "helofag-occupied");
    refused(&mut game, "A10-6", "helofag-occupied");
    refused(&mut game, "A4+6", "helofag-occupied");
    refused(&mut game, "A5+1", "helofag-no-piece");
    play(&mut game, "A4-5, S+4").expect("bob's piece moves away to A23, then alice enters A4");
    assert_eq!(game.pieces.occupant(Field::A(23)), Some(BOB));
    assert_eq!(game.pieces.occupant(Field::A(4)), Some(ALICE));
}

#[test]
fn steps_in_c_go_forward_past_black_fields_but_never_onto_them() {
    // C2 has the black field 4.
    let mut game = position(2, 3, &[[3, 1, 5], [6, 6, 5]], &[(ALICE, "C2.1")]);
    refused(&mut game, "C2.1+3", "helofag-black-field");
    refused(&mut game, "C2.1-1", "helofag-backward");
    play(&mut game, "C2.1+1, C2.2+3").expect("C2.2, then over C2.4 to C2.5");
    assert_eq!(fields(&game, ALICE), ["S", "S", "S", "S", "S", "C2.5"]);
    let path = &game.last_move.as_ref().expect("last").pieces[1].path;
    assert_eq!(path, &vec![Field::C(2, 2), Field::C(2, 3), Field::C(2, 4), Field::C(2, 5)]);
}

#[test]
fn steps_in_c_may_not_overshoot_the_exit_field() {
    let mut game = position(2, 3, &[[2, 1, 5], [6, 6, 5]], &[(ALICE, "C2.7")]);
    refused(&mut game, "C2.7+2", "helofag-overshoot");
    refused(&mut game, "C2.7+5", "helofag-overshoot");
    play(&mut game, "C2.7+1").expect("to the exit field");
    assert_eq!(game.pieces.occupant(Field::C(2, 8)), Some(ALICE));
}

#[test]
fn steps_in_c_may_not_land_on_an_own_piece_and_capture_another() {
    let mut game = position(2, 3, &[[2, 4, 6], [6, 6, 5]], &[(ALICE, "C2.1"), (ALICE, "C2.5"), (BOB, "C2.3")]);
    refused(&mut game, "C2.1+4", "helofag-own-piece");
    refused(&mut game, "C2.3+2", "helofag-not-yours");
    play(&mut game, "C2.1+2").expect("captures bob on C2.3");
    assert_eq!(game.pieces.occupant(Field::C(2, 3)), Some(ALICE));
    assert_eq!(fields(&game, BOB), ["S", "S", "S", "S", "S", "B"]);
    assert_eq!(game.last_move.as_ref().expect("last").pieces[0].captured, Some(BOB));
}

#[test]
fn pieces_in_b_d_and_z_do_not_step() {
    let mut game = position(2, 3, &[[2, 4, 6]], &[(ALICE, "B"), (ALICE, "D2"), (ALICE, "Z")]);
    refused(&mut game, "B+2", "helofag-cannot-step");
    refused(&mut game, "D2+2", "helofag-cannot-step");
    refused(&mut game, "Z-4", "helofag-cannot-step");
}

// ---- enter, leave, triple, finish ------------------------------------------------------

#[test]
fn a_pair_enters_its_run_row_from_b() {
    let mut game = position(2, 3, &[[3, 5, 3], [1, 2, 4]], &[(ALICE, "B")]);
    refused(&mut game, "B>C5", "helofag-wrong-pair");
    play(&mut game, "B>C3").expect("pair 3 3");
    assert_eq!(fields(&game, ALICE), ["S", "S", "S", "S", "S", "C3.1"]);
}

#[test]
fn entering_c_needs_a_piece_in_b_and_captures_on_the_entry_field() {
    let mut game = position(2, 3, &[[3, 3, 5], [1, 2, 4]], &[(BOB, "C3.1")]);
    refused(&mut game, "B>C3", "helofag-no-own-piece");
    let mut game = position(2, 3, &[[3, 3, 5], [1, 2, 4]], &[(ALICE, "B"), (ALICE, "B"), (ALICE, "C3.1")]);
    refused(&mut game, "B>C3", "helofag-own-piece");
    let mut game = position(2, 3, &[[3, 3, 5], [1, 2, 4]], &[(ALICE, "B"), (BOB, "C3.1")]);
    play(&mut game, "B>C3").expect("captures");
    assert_eq!(game.pieces.occupant(Field::C(3, 1)), Some(ALICE));
    assert_eq!(game.pieces.count(BOB, Field::B), 1);
}

#[test]
fn a_pair_of_the_row_leaves_c_from_the_exit_field_only() {
    let mut game = position(2, 3, &[[3, 3, 5], [1, 2, 4]], &[(ALICE, "C3.8"), (ALICE, "C3.4"), (BOB, "D3")]);
    refused(&mut game, "C3.4>D", "helofag-not-exit");
    play(&mut game, "C3.8>D").expect("pair 3 3 from the exit field, capturing bob on D3");
    assert_eq!(game.pieces.occupant(Field::D(3)), Some(ALICE));
    assert_eq!(fields(&game, BOB), ["S", "S", "S", "S", "S", "B"]);
    let mut game = position(2, 3, &[[4, 4, 1]], &[(ALICE, "C3.8")]);
    refused(&mut game, "C3.8>D", "helofag-wrong-pair");
    let mut game = position(2, 3, &[[3, 3, 1]], &[(ALICE, "C3.8"), (ALICE, "D3")]);
    refused(&mut game, "C3.8>D", "helofag-own-piece");
}

#[test]
fn a_triple_jumps_from_b_or_anywhere_in_its_row_to_d() {
    let mut game = position(2, 3, &[[5, 5, 5], [1, 2, 4]], &[(ALICE, "B")]);
    play(&mut game, "B>D5").expect("triple from B");
    assert_eq!(fields(&game, ALICE), ["S", "S", "S", "S", "S", "D5"]);
    let mut game = position(2, 3, &[[5, 5, 5], [1, 2, 4]], &[(ALICE, "C5.4"), (BOB, "D5")]);
    play(&mut game, "C5.4>D").expect("triple from C5.4, capturing on D5");
    assert_eq!(game.pieces.occupant(Field::D(5)), Some(ALICE));
    assert_eq!(game.pieces.count(BOB, Field::B), 1);
    let mut game = position(2, 3, &[[5, 5, 1]], &[(ALICE, "B"), (ALICE, "C5.4")]);
    refused(&mut game, "B>D5", "helofag-wrong-triple");
    refused(&mut game, "C6.2>D", "helofag-no-own-piece");
    let mut game = position(2, 3, &[[5, 1, 2]], &[(ALICE, "C5.4")]);
    refused(&mut game, "C5.4>D", "helofag-wrong-triple");
}

#[test]
fn c38_to_d_with_three_threes_is_one_action() {
    let game = position(2, 3, &[[3, 3, 3]], &[(ALICE, "C3.8")]);
    let moves = legal(&game);
    assert_eq!(moves.iter().filter(|m| m.as_str() == "C3.8>D").count(), 1);
    // Counted by hand: S+3, S-3 and C3.8>D; B is empty, no piece in A, C3.8+3 overshoots.
    assert_eq!(moves, ["S-3", "S+3", "C3.8>D"]);
}

#[test]
fn one_die_of_its_number_finishes_a_piece_from_d() {
    let mut game = position(2, 3, &[[1, 4, 6]], &[(ALICE, "D2")]);
    refused(&mut game, "D2>Z", "helofag-no-die");
    refused(&mut game, "D3>Z", "helofag-no-own-piece");
    let mut game = position(2, 3, &[[4, 2, 6], [1, 1, 5]], &[(ALICE, "D2"), (BOB, "D4")]);
    refused(&mut game, "D4>Z", "helofag-not-yours");
    play(&mut game, "S+4, D2>Z").expect("legal");
    assert_eq!(fields(&game, ALICE), ["S", "S", "S", "S", "A4", "Z"]);
    assert_eq!(game.scores(), Some(vec![1, 0]));
}

#[test]
fn moves_filter_by_field_area_row_and_die() {
    let game = position(2, 3, &[[3, 3, 5]], &[(ALICE, "B"), (ALICE, "C3.8"), (BOB, "A7")]);
    let filter = |f: &str| -> Vec<String> { game.filter_moves(f).iter().map(ToString::to_string).collect() };
    assert_eq!(filter("a7"), ["A7-3", "A7-5", "A7+3", "A7+5"]);
    assert_eq!(filter("b"), ["B>C3"]);
    assert_eq!(filter("C3"), ["B>C3", "C3.8>D"]);
    assert_eq!(filter("d"), ["C3.8>D"]);
    assert_eq!(filter("s 5"), ["S-5", "S+5"]);
    // The whole action as it is typed.
    assert_eq!(filter("S+5"), ["S+5"]);
    assert_eq!(filter("a7-3"), ["A7-3"]);
    assert_eq!(filter("C3.8>D"), ["C3.8>D"]);
    assert!(filter("S+4").is_empty(), "no die shows 4");
    assert!(filter("z").is_empty());
}

// ---- dice ----------------------------------------------------------------------------

#[test]
fn at_most_two_dice_are_used_and_each_only_once() {
    let mut game = position(2, 3, &[[3, 5, 6], [1, 2, 4]], &[]);
    refused(&mut game, "S+4", "helofag-no-die");
    refused(&mut game, "S+3, S-3", "helofag-die-used");
    refused(&mut game, "S+3, S+5, S+6", "helofag-third-die");
    play(&mut game, "S+3, S-6").expect("two dice");
    assert_eq!(fields(&game, ALICE), ["S", "S", "S", "S", "A3", "A19"]);
    let mut game = position(2, 3, &[[3, 3, 5]], &[(ALICE, "B")]);
    refused(&mut game, "B>C3, S+5", "helofag-third-die");
    refused(&mut game, "S+5, B>C3", "helofag-third-die");
    refused(&mut game, "S+3, B>C3", "helofag-third-die");
    let mut game = position(2, 3, &[[5, 5, 5]], &[(ALICE, "B")]);
    refused(&mut game, "B>D5, S+5", "helofag-third-die");
}

#[test]
fn two_actions_may_move_the_same_piece() {
    let mut game = position(2, 3, &[[5, 3, 1], [2, 2, 6]], &[]);
    play(&mut game, "S+5, A5+3").expect("spec example");
    // Bob's roll 2 2 6 meets no jump field holding a piece (A8: 5, double).
    assert_eq!(fields(&game, ALICE), ["S", "S", "S", "S", "S", "A8"]);
}

// ---- transfers ---------------------------------------------------------------------

#[test]
fn a_roll_transfers_every_players_pieces_from_met_jump_fields() {
    let placements = [(ALICE, "A2"), (ALICE, "A16"), (BOB, "A14"), (BOB, "A4")];
    // Bob's roll 1 3 4: A2 (1, single) and A14 (4, single) are met; A4 (4, double) and
    // A16 (1, double) need two dice.
    let mut game = position(2, 3, &[[5, 5, 6], [1, 3, 4]], &placements);
    play(&mut game, "S+5").expect("legal");
    assert_eq!(fields(&game, ALICE), ["S", "S", "S", "A5", "A16", "B"]);
    assert_eq!(fields(&game, BOB), ["S", "S", "S", "S", "A4", "B"]);
    assert_eq!(game.transfers, [Transfer { owner: ALICE, field: 2 }, Transfer { owner: BOB, field: 14 }]);
    // Bob's roll 4 4 1: now A4 (two 4s) goes too; A16 (one 1) stays.
    let mut game = position(2, 3, &[[5, 5, 6], [4, 4, 1]], &placements);
    play(&mut game, "S+5").expect("legal");
    assert_eq!(fields(&game, ALICE), ["S", "S", "S", "A5", "A16", "B"]);
    assert_eq!(fields(&game, BOB), ["S", "S", "S", "S", "B", "B"]);
    // Bob's roll 1 1 6: A2 and A16 (two 1s) go, A22 (6, single) would but is empty.
    let mut game = position(2, 3, &[[5, 5, 6], [1, 1, 6]], &placements);
    play(&mut game, "S+5").expect("legal");
    assert_eq!(fields(&game, ALICE), ["S", "S", "S", "A5", "B", "B"]);
}

#[test]
fn a_piece_stepping_onto_a_jump_field_waits_for_the_next_roll() {
    // Alice's own roll shows the 1 of A2, but transfers happen only right after a roll.
    let mut game = position(2, 3, &[[1, 2, 3], [4, 5, 6], [1, 5, 6]], &[]);
    play(&mut game, "S+2").expect("legal");
    assert_eq!(game.pieces.occupant(Field::A(2)), Some(ALICE));
    play(&mut game, "S+4").expect("bob");
    assert_eq!(game.pieces.occupant(Field::A(2)), None, "alice's roll 1 5 6 sends it to B");
    assert_eq!(game.pieces.count(ALICE, Field::B), 1);
}

// ---- automatic passes ------------------------------------------------------------------

#[test]
fn a_turn_without_an_action_passes_and_uses_its_roll() {
    // Bob has all pieces in B. Alice steps onto A2; bob's roll 1 2 3 sends that piece to
    // B too, leaving A empty: bob has no pair, no piece to step, and passes.
    let bob_in_b = [(BOB, "B"), (BOB, "B"), (BOB, "B"), (BOB, "B"), (BOB, "B"), (BOB, "B")];
    let mut game = position(2, 3, &[[2, 5, 6], [1, 2, 3], [4, 4, 6]], &bob_in_b);
    play(&mut game, "S+2").expect("legal");
    assert_eq!(
        game.passes,
        [Pass { seat: BOB, roll: [1, 2, 3], transfers: vec![Transfer { owner: ALICE, field: 2 }] }]
    );
    assert_eq!((game.to_move, game.roll, game.rolled), (ALICE, Some([4, 4, 6]), 3));
    assert_eq!(fields(&game, ALICE), ["S", "S", "S", "S", "S", "B"]);
    let AnyView::Helofag(view) = game.view(Viewer::Spectator) else { panic!("a Helofag view") };
    assert_eq!((view.passes.len(), view.to_move, view.roll), (1, Some(ALICE), Some([4, 4, 6])));
    let details = game.details().expect("details");
    assert_eq!(details["roll"], json!([4, 4, 6]), "the summary shows the next player who can act");
    assert_eq!(details["pieces"]["1"], json!(["B", "B", "B", "B", "B", "B"]));
    play(&mut game, "S+4").expect("alice again");
    assert!(game.passes.is_empty(), "passes are those of the last move");
}

#[test]
fn a_replayed_record_skips_an_automatic_pass() {
    // Worked by hand. Bob starts and moves his pieces onto single jump fields whose
    // number the next roll shows, so they all reach B; alice's pieces on A2 go to B the
    // same way. Turn 9: bob rolls 1 3 5, which sends alice's A2 piece to B; A is empty,
    // bob has no pair and nothing else to move, so he passes, and alice rolls 4 4 6.
    let text = json!({
        "game": "helofag", "options": {"players": 2}, "players": ["alice", "bob"],
        "setup": {
            "rolls": [[2, 6, 3], [1, 2, 4], [1, 3, 5], [6, 2, 4], [1, 2, 6], [1, 2, 5], [1, 4, 6], [2, 3, 5], [1, 3, 5], [4, 4, 6]],
            "start_player": 1
        },
        "moves": ["S+2, S+6", "S+2", "S-3", "S+2", "S+2, S+6", "S+2", "S+6", "S+2"]
    })
    .to_string();
    let out = record::replay(&text);
    assert_eq!(out.exit_status, 0, "{}", out.output);
    // Alice: S+4, S-4, S+6, S-6 (A is empty) and B>C4 with the pair 4 4.
    assert_eq!(
        out.output,
        json!({
            "game": "helofag", "status": "ongoing", "moves_applied": 8, "to_move": [0],
            "scores": [0, 0], "ranking": null, "legal_moves": 5,
            "details": {"roll": [4, 4, 6], "pieces": {"0": ["S", "S", "B", "B", "B", "B"], "1": ["B", "B", "B", "B", "B", "B"]}}
        })
    );
}

#[test]
fn when_the_listed_rolls_run_out_nobody_can_move() {
    let text = json!({
        "game": "helofag", "options": {"players": 2}, "players": ["alice", "bob"],
        "setup": {"rolls": [[2, 5, 6]], "start_player": 0},
        "moves": ["S+2, done"]
    })
    .to_string();
    let out = record::replay(&text);
    assert_eq!(out.exit_status, 0);
    assert_eq!(out.output["to_move"], json!([]));
    assert_eq!(out.output["legal_moves"], json!(0));
    assert_eq!(out.output["status"], json!("ongoing"));
    assert_eq!(out.output["details"]["roll"], Value::Null);
    let text = json!({
        "game": "helofag", "options": {"players": 2}, "players": ["alice", "bob"],
        "setup": {"rolls": [[2, 5, 6]], "start_player": 0},
        "moves": ["S+2", "S+1"]
    })
    .to_string();
    let out = record::replay(&text);
    assert_eq!(out.exit_status, 2);
    assert_eq!(out.output["error"]["move_index"], json!(1));
}

// ---- the end -------------------------------------------------------------------------

#[test]
fn a_complete_game_with_goal_1() {
    // Worked by hand: alice's S+2 reaches A2 (1, single); bob's roll 1 3 6 transfers it
    // to B; alice's triple 6 6 6 jumps B>D6; bob's roll 2 3 4 transfers nothing; alice's
    // roll 6 1 4 leaves bob's A4 (4, double) alone, and D6>Z wins.
    let text = json!({
        "game": "helofag", "options": {"players": 2, "goal": 1}, "players": ["alice", "bob"],
        "setup": {"rolls": [[2, 4, 5], [1, 3, 6], [6, 6, 6], [2, 3, 4], [6, 1, 4], [5, 5, 5]], "start_player": 0},
        "moves": ["S+2, done", "S+3", "B>D6", "S+4", "D6>Z"]
    })
    .to_string();
    let out = record::replay(&text);
    assert_eq!(out.exit_status, 0, "{}", out.output);
    assert_eq!(
        out.output,
        json!({
            "game": "helofag", "status": "finished", "moves_applied": 5, "to_move": [],
            "scores": [1, 0], "ranking": [[0], [1]], "legal_moves": 0,
            "details": {"roll": null, "pieces": {"0": ["S", "S", "S", "S", "S", "Z"], "1": ["S", "S", "S", "S", "A3", "A4"]}}
        })
    );
    // Nothing may follow the winning action on the same line.
    let mut game = position(2, 1, &[[6, 1, 4]], &[(ALICE, "D6")]);
    refused(&mut game, "D6>Z, S+1", "helofag-won");
    play(&mut game, "D6>Z").expect("wins");
    assert_eq!(game.winner, Some(ALICE));
    assert!(game.to_move().is_empty() && game.legal_moves().is_empty());
}

#[test]
fn the_ranking_counts_z_then_d_then_c_then_b_and_ties_share_a_place() {
    let mut game = position(
        4,
        2,
        &[[6, 1, 4]],
        &[
            (ALICE, "Z"),
            (ALICE, "D6"),
            (BOB, "Z"),
            (BOB, "C1.2"),
            (CAROL, "Z"),
            (CAROL, "D1"),
            (3, "B"),
            (3, "A5"),
        ],
    );
    play(&mut game, "D6>Z").expect("alice reaches 2");
    // alice 2 Z; carol 1 Z + 1 D; bob 1 Z + 1 C; dave 0 Z, 1 B (A does not count).
    assert_eq!(game.outcome(), Some(vec![vec![0], vec![2], vec![1], vec![3]]));
    let mut game = position(3, 1, &[[6, 1, 4]], &[(ALICE, "D6"), (BOB, "C1.2"), (CAROL, "C2.2"), (CAROL, "A5")]);
    play(&mut game, "D6>Z").expect("wins");
    assert_eq!(game.outcome(), Some(vec![vec![0], vec![1, 2]]));
}

#[test]
fn goal_option_and_setup_are_validated() {
    let setup = |rolls: Value| json!({"rolls": rolls, "start_player": 0});
    let open = |options: Value, setup: Value| crate::open(GameKind::Helofag, &options, 2, Some(setup), None);
    assert!(open(json!({"goal": 6}), setup(json!([[1, 2, 3]]))).is_ok());
    assert!(open(json!({"goal": 0}), setup(json!([[1, 2, 3]]))).is_err());
    assert!(open(json!({"goal": 7}), setup(json!([[1, 2, 3]]))).is_err());
    assert!(open(json!({}), setup(json!([[1, 2]]))).is_err());
    assert!(open(json!({}), setup(json!([[1, 2, 7]]))).is_err());
    assert!(open(json!({}), setup(json!([[0, 2, 3]]))).is_err());
    assert!(open(json!({}), json!({"rolls": [[1, 2, 3]], "start_player": 2})).is_err());
    assert!(crate::open(GameKind::Helofag, &json!({"players": 7}), 7, Some(setup(json!([]))), None).is_err());
    let game = open(json!({}), setup(json!([[1, 2, 3]]))).expect("default goal");
    assert_eq!(game.options(), json!({"players": 2, "goal": 3}));
    assert_eq!(Helofag::option_word("goal2"), Some(("goal", json!(2))));
    assert_eq!(Helofag::option_word("Ziel=4"), Some(("goal", json!(4))));
    assert_eq!(Helofag::option_word("goal7"), None);
    assert_eq!(Helofag::option_word("hand3"), None);
}

// ---- removal -------------------------------------------------------------------------

fn three_player_game(rolls: Value) -> Box<dyn Match> {
    crate::open(GameKind::Helofag, &json!({"players": 3}), 3, Some(json!({"rolls": rolls, "start_player": 0})), None)
        .expect("valid")
}

#[test]
fn a_removed_players_pieces_leave_the_board() {
    let mut game = three_player_game(json!([[1, 2, 3], [4, 5, 6], [2, 3, 4], [1, 5, 6]]));
    game.play("S+1").expect("alice");
    game.play("S-5").expect("bob to A20");
    // Carol's roll 2 3 4: A20 (2, double) is not met. Carol's piece goes to A4.
    game.play("S+4").expect("carol");
    // Alice's roll 1 5 6 ... bob resigns while alice is to move.
    let before_roll = game.details().expect("details")["roll"].clone();
    assert_eq!(before_roll, json!([1, 5, 6]));
    game.play("@resign 1").expect("bob leaves");
    let details = game.details().expect("details");
    assert_eq!(details["pieces"]["1"], json!([]), "bob's pieces left the board");
    assert_eq!(details["roll"], json!([1, 5, 6]), "alice keeps her roll");
    assert_eq!(game.to_move(), vec![0]);
    assert_eq!(game.scores(), Some(vec![0, 0, 0]));
}

#[test]
fn removing_the_player_to_move_gives_the_next_player_the_next_roll() {
    let mut game = three_player_game(json!([[1, 2, 3], [4, 5, 6], [2, 3, 4], [1, 5, 6]]));
    game.play("S+1").expect("alice");
    assert_eq!(game.to_move(), vec![1]);
    game.play("@timeout 1").expect("bob times out on his turn");
    assert_eq!(game.to_move(), vec![2]);
    assert_eq!(game.details().expect("details")["roll"], json!([2, 3, 4]));
    game.play("S+2").expect("carol");
    assert_eq!(game.to_move(), vec![0], "bob is skipped from now on");
    game.play("@resign 2").expect("carol resigns");
    assert!(game.is_finished());
    assert_eq!(game.ranking(), Some(vec![vec![0], vec![2], vec![1]]));
    // The last removal also takes carol's pieces off; the view crowns alice, the only
    // one left, and names nobody to move.
    assert_eq!(game.details().expect("details")["pieces"]["2"], json!([]));
    let AnyView::Helofag(view) = game.view(Viewer::Spectator) else { panic!("a Helofag view") };
    assert_eq!((view.winner, view.to_move), (Some(ALICE), None));
    assert_eq!(view.removed, vec![false, true, true]);
}

#[test]
fn the_removal_that_ends_a_live_game_draws_no_roll() {
    let mut game =
        crate::open(GameKind::Helofag, &json!({"players": 3}), 3, Some(json!({"start_player": 0})), Some(11))
            .expect("valid");
    game.play("@resign 0").expect("alice leaves on her turn");
    assert_eq!(game.to_move(), vec![1], "bob rolls next");
    let rolls_before = game.resolved_setup()["rolls"].as_array().map(Vec::len);
    assert_eq!(rolls_before, Some(2), "alice's roll and bob's");
    game.play("@timeout 1").expect("bob times out on his turn");
    assert!(game.is_finished());
    assert_eq!(game.resolved_setup()["rolls"].as_array().map(Vec::len), Some(2), "no roll for a game that is over");
    assert_eq!(game.details().expect("details")["roll"], json!(null), "nobody plays a turn any more");
    assert_eq!(game.ranking(), Some(vec![vec![CAROL], vec![BOB], vec![ALICE]]));
    let AnyView::Helofag(view) = game.view(Viewer::Spectator) else { panic!("a Helofag view") };
    assert_eq!((view.winner, view.to_move), (Some(CAROL), None));
}

#[test]
fn a_two_player_resignation_crowns_the_other_player_in_the_view() {
    let setup = json!({"rolls": [[1, 2, 3]], "start_player": 0});
    let mut game = crate::open(GameKind::Helofag, &json!({"players": 2}), 2, Some(setup), None).expect("valid");
    game.play("@resign 0").expect("alice resigns");
    let AnyView::Helofag(view) = game.view(Viewer::Spectator) else { panic!("a Helofag view") };
    assert_eq!((view.winner, view.to_move), (Some(BOB), None));
    // with two players nobody's pieces leave the board
    assert_eq!(view.removed, vec![false, false]);
}

#[test]
fn a_removal_that_leaves_the_player_to_move_without_action_passes_their_turn() {
    // Alice has all pieces in B and the roll 1 2 3 (no pair): her only actions step bob's
    // piece on A9. When bob leaves, she passes and carol rolls 4 5 6.
    let mut placements: Vec<(Seat, &str)> = vec![(ALICE, "B"); 6];
    placements.push((BOB, "A9"));
    let mut game = position(3, 3, &[[1, 2, 3], [4, 5, 6]], &placements);
    assert_eq!(legal(&game), ["A9-1", "A9-2", "A9-3", "A9+1", "A9+2", "A9+3"]);
    game.remove_player(BOB);
    assert_eq!(game.passes, [Pass { seat: ALICE, roll: [1, 2, 3], transfers: vec![] }]);
    assert_eq!((game.to_move, game.roll), (CAROL, Some([4, 5, 6])));
    assert_eq!(game.pieces.total(BOB), 0);
}

// ---- live games: rolls drawn from the seed ----------------------------------------------

#[test]
fn a_live_game_draws_each_roll_when_its_turn_starts_and_records_it() {
    let mut game = crate::open(GameKind::Helofag, &json!({"players": 3}), 3, None, Some(42)).expect("seeded");
    let rolls = |g: &dyn Match| g.resolved_setup()["rolls"].as_array().map_or(0, Vec::len);
    let passes = |g: &dyn Match| match g.view(Viewer::Spectator) {
        AnyView::Helofag(v) => v.passes.len(),
        _ => 0,
    };
    assert_eq!(rolls(game.as_ref()), 1 + passes(game.as_ref()), "only the first turn's roll(s) are drawn");
    let mut turns_started = rolls(game.as_ref());
    for _ in 0..40 {
        if game.is_finished() {
            break;
        }
        let mv = game.legal_moves()[0].clone();
        game.play(&mv).expect("legal");
        if !game.is_finished() {
            turns_started += 1 + passes(game.as_ref());
        }
        assert_eq!(rolls(game.as_ref()), turns_started, "never drawn ahead of time");
    }
    // The export replays to the same state without the seed.
    let players: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
    let mut exported = record::Record::of(game.as_ref(), &players);
    exported.seed = None;
    let (replayed, error) = record::replay_record(&exported).expect("replays");
    assert_eq!(error, None);
    assert_eq!(replayed.summary(), game.summary());
}

// ---- seeded random playouts and properties -------------------------------------------

fn check_invariants(game: &Helofag) {
    for seat in 0..game.players {
        let expected = if game.is_removed(seat) { 0 } else { usize::from(PIECES) };
        assert_eq!(game.pieces.total(seat), expected, "seat {seat} has all its pieces");
    }
    for row in 1..=6u8 {
        for k in 1..=8u8 {
            if BOARD.is_black(row, k) {
                assert_eq!(game.pieces.occupant(Field::C(row, k)), None, "black field C{row}.{k} empty");
            }
        }
    }
    if let Some(seat) = game.seat() {
        assert!(!game.is_removed(seat));
        assert!(!game.legal_moves().is_empty(), "the player to move can act");
    }
}

/// Every one-action move of a broad universe: accepted exactly when it is listed.
fn check_legal_list_matches_apply(game: &Helofag) {
    let legal: Vec<HelofagMove> = game.legal_moves();
    let mut universe = Vec::new();
    let froms = std::iter::once(Field::Start)
        .chain(std::iter::once(Field::B))
        .chain(single_fields())
        .chain(std::iter::once(Field::Goal));
    for from in froms {
        for die in 1..=6 {
            for clockwise in [true, false] {
                universe.push(Action::Step { from, clockwise, die });
            }
        }
    }
    for row in 1..=6u8 {
        universe.extend([Action::Enter { row }, Action::Triple { row }, Action::Finish { row }]);
        universe.extend((1..=8).map(|field| Action::Leave { row, field }));
    }
    for action in universe {
        let mv = HelofagMove::one(action);
        let accepted = game.clone().apply(&mv).is_ok();
        assert_eq!(accepted, legal.contains(&mv), "{mv}");
    }
}

fn playout(seed: u64, players: usize, goal: u8, probe: bool) -> usize {
    use rand::{RngExt, SeedableRng};
    let mut chooser = rand_chacha::ChaCha20Rng::seed_from_u64(seed ^ 0x5eed);
    let options = json!({"players": players, "goal": goal});
    let mut played =
        crate::Played::<Helofag>::open(&options, players, None, Some(seed)).expect("seeded game");
    for turn in 0..20_000 {
        let game = played.game();
        check_invariants(game);
        if played.is_finished() {
            return turn;
        }
        if probe && turn % 7 == 0 {
            check_legal_list_matches_apply(game);
            for mv in game.legal_turns() {
                assert!(game.clone().apply(&mv).is_ok(), "listed turn {mv} is accepted");
            }
        }
        if players >= 3 && chooser.random_range(0..400) == 0 {
            let active: Vec<Seat> = (0..players).filter(|&s| !game.is_removed(s)).collect();
            let seat = active[chooser.random_range(0..active.len())];
            played.play(&format!("@resign {seat}")).expect("resign");
            continue;
        }
        let firsts = game.legal_moves();
        assert!(!firsts.is_empty(), "the player to move can act");
        let first = firsts[chooser.random_range(0..firsts.len())].first;
        let seconds = game.second_actions(first);
        let second = (!seconds.is_empty() && chooser.random_range(0..4) > 0)
            .then(|| seconds[chooser.random_range(0..seconds.len())]);
        let mv = HelofagMove { first, second };
        let text = mv.to_string();
        assert_eq!(parse_move(&text), Ok(mv), "printed moves parse back");
        played.play(&text).unwrap_or_else(|e| panic!("generated turn {text} refused: {e}"));
    }
    panic!("seed {seed}: the game did not end in 20000 turns");
}

#[test]
fn seeded_random_playouts_end_and_keep_every_piece() {
    let mut longest = 0;
    for seed in 0..200u64 {
        let players = 2 + (seed % 5) as usize;
        let goal = 1 + (seed % 3) as u8;
        longest = longest.max(playout(seed, players, goal, seed % 10 == 0));
    }
    assert!(longest > 0);
}

#[test]
fn seeded_playouts_with_goal_6_end() {
    for seed in 1000..1010u64 {
        playout(seed, 2 + (seed % 5) as usize, 6, false);
    }
}

proptest! {
    #[test]
    fn the_parser_never_panics(text in ".{0,40}") {
        let _ = parse_move(&text);
    }

    #[test]
    fn near_notation_parses_back_to_itself(text in "[SABCDZsabcdz][0-9]{0,2}(\\.[0-9])?[-+>]{1,2}[0-9DZCdzc.]{0,4}(, ?[SABCDZ][0-9]{0,2}[-+>][0-9DZ]{1,2}){0,2}") {
        if let Ok(mv) = parse_move(&text) {
            prop_assert_eq!(parse_move(&mv.to_string()), Ok(mv));
        }
    }
}

/// A live game rebuilt from its resolved setup (the rolls drawn so far) and its seed,
/// as the bot does after a restart, rolls on with the same dice as the live game.
#[test]
fn a_game_rebuilt_from_its_resolved_setup_and_seed_rolls_on_the_same_dice() {
    for seed in [1, 7, 42] {
        let mut live = crate::open(GameKind::Helofag, &json!({"players": 3}), 3, None, Some(seed)).expect("game");
        for _ in 0..8 {
            let mv = live.legal_moves()[0].clone();
            live.play(&mv).expect("legal");
        }
        let names = ["a", "b", "c"].map(String::from);
        let stored = record::Record::of(live.as_ref(), &names);
        let mut rebuilt = crate::open(GameKind::Helofag, &stored.options, 3, stored.setup.clone(), stored.seed)
            .expect("rebuilt");
        for mv in &stored.moves {
            rebuilt.play(mv).expect("the stored moves replay");
        }
        for step in 0..20 {
            assert_eq!(rebuilt.details(), live.details(), "seed {seed}, step {step}");
            if live.is_finished() {
                break;
            }
            let mv = live.legal_moves()[0].clone();
            live.play(&mv).expect("legal");
            rebuilt.play(&mv).expect("the same move is legal in the rebuilt game");
        }
    }
}
