//! Artifakes' rules, each case worked out by hand from `artifakes.md`.

use proptest::prelude::*;

use super::*;
use crate::{Match, Played};

// ---------------------------------------------------------------- helpers

/// The deck 1,1,2,2,...,30,30 (top first).
fn sorted_deck() -> Vec<u8> {
    (1..=30).flat_map(|n| [n, n]).collect()
}

/// The deck of the spec example `14-win-past-19`.
fn deck_14() -> Vec<u8> {
    vec![
        21, 16, 1, 26, 9, 4, 12, 30, 12, 14, 1, 2, 2, 3, 3, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 10, 10, 11, 11, 13, 13, 14, 15,
        15, 16, 17, 17, 18, 18, 19, 19, 20, 20, 21, 22, 22, 23, 23, 24, 24, 25, 25, 26, 27, 27, 28, 28, 29, 29, 30,
    ]
}

fn game_with(deck: Vec<u8>, start_player: Seat) -> Artifakes {
    Artifakes::new(&ArtifakesOptions {}, 2, ArtifakesSetup { deck, start_player }, Chance::none()).expect("valid setup")
}

fn fresh() -> Artifakes {
    game_with(sorted_deck(), 0)
}

/// Parses and applies `text`, which must be legal.
fn play(game: &mut Artifakes, text: &str) {
    let mv = game.parse_move(text).unwrap_or_else(|r| panic!("{text}: {r}"));
    assert!(game.legal_moves().contains(&mv), "{text} is not in the legal list");
    game.apply(&mv).unwrap_or_else(|r| panic!("{text}: {r}"));
}

/// Parses and applies `text`, which must be refused without changing anything; returns the refusal.
fn refused(game: &mut Artifakes, text: &str) -> Refusal {
    let before = game.clone();
    let result = game.parse_move(text).and_then(|mv| {
        assert!(!game.legal_moves().contains(&mv), "{text} is in the legal list");
        game.apply(&mv)
    });
    assert_eq!(*game, before, "{text}: a refused move changed the game");
    result.expect_err(text)
}

/// A game in round `round`'s excavating phase. `pieces` are (field, seat, blocks,
/// discs) buried; the rest of each player's 20 pieces count as destroyed, so pieces
/// stay conserved and both supplies are empty (as after a real burying phase).
fn excavating(round: u8, pieces: &[(u8, Seat, u8, u8)], hands: [&[u8]; 2], inspector: u8, to_move: Seat) -> Artifakes {
    let mut game = fresh();
    game.round = round;
    game.phase = Phase::Excavate;
    for &(field, seat, blocks, discs) in pieces {
        game.buried[usize::from(field) - 1][seat] = Pieces::new(blocks, discs);
    }
    for seat in 0..2 {
        let [_, buried, _, _] = game.stock(seat);
        game.destroyed[seat] = Pieces::new(10 - buried.blocks, 10 - buried.discs);
        game.supply[seat] = Pieces::NONE;
    }
    game.hands = [hands[0].to_vec(), hands[1].to_vec()];
    game.dealt = 10 * usize::from(round);
    game.inspector = inspector;
    game.to_move = to_move;
    game
}

fn assert_conserved(game: &Artifakes) {
    for seat in 0..2 {
        let mut total = Pieces::NONE;
        for part in game.stock(seat) {
            total += part;
        }
        assert_eq!(total, Pieces::FULL_SET, "seat {seat}: supply + buried + finds + destroyed");
    }
}

// ---------------------------------------------------------------- the ring

#[test]
fn ring_colours_are_the_spec_table() {
    let expect = [
        (Colour::White, [1, 2, 3, 4, 5]),
        (Colour::Grey, [6, 12, 18, 24, 30]),
        (Colour::Blue, [7, 8, 9, 10, 11]),
        (Colour::Green, [13, 14, 15, 16, 17]),
        (Colour::Yellow, [19, 20, 21, 22, 23]),
        (Colour::Red, [25, 26, 27, 28, 29]),
    ];
    for (colour, fields) in expect {
        assert_eq!(fields_of(colour).collect::<Vec<_>>(), fields, "{colour}");
    }
    assert_eq!(colour_of(0), None);
    assert_eq!(colour_of(31), None);
}

#[test]
fn steps_wrap_between_30_and_1() {
    let cases = [
        (28, 4, Direction::Clockwise, 2),
        (28, 4, Direction::CounterClockwise, 24),
        (30, 1, Direction::Clockwise, 1),
        (1, 1, Direction::CounterClockwise, 30),
        (2, 5, Direction::CounterClockwise, 27),
        (26, 5, Direction::Clockwise, 1),
        (12, 3, Direction::Clockwise, 15),
    ];
    for (from, steps, direction, to) in cases {
        assert_eq!(step(from, steps, direction), to, "{from} {steps} {direction}");
    }
}

// ---------------------------------------------------------------- setup

#[test]
fn setup_must_hold_each_card_twice() {
    let make = |deck: Vec<u8>, start: Seat, players: usize| {
        Artifakes::new(&ArtifakesOptions {}, players, ArtifakesSetup { deck, start_player: start }, Chance::none())
    };
    assert!(make(sorted_deck(), 0, 2).is_ok());
    let mut short = sorted_deck();
    short.pop();
    assert!(make(short, 0, 2).is_err(), "59 cards");
    let mut triple = sorted_deck();
    triple[0] = 2; // 1 once, 2 three times
    assert!(make(triple, 0, 2).is_err());
    let mut out_of_range = sorted_deck();
    out_of_range[59] = 31;
    assert!(make(out_of_range, 0, 2).is_err());
    let mut zero = sorted_deck();
    zero[0] = 0;
    assert!(make(zero, 0, 2).is_err());
    assert!(make(sorted_deck(), 2, 2).is_err(), "start player 2");
    assert!(make(sorted_deck(), 0, 3).is_err(), "three players");
}

#[test]
fn a_new_game_starts_burying_with_the_start_player() {
    let game = game_with(sorted_deck(), 1);
    assert_eq!(game.to_move(), vec![1]);
    assert_eq!(game.phase(), Phase::Bury);
    assert_eq!(game.inspector(), 1);
    assert_eq!(game.scores(), Some(vec![1, 1]));
    assert_eq!(
        game.details(),
        Some(json!({"round": 1, "phase": "bury", "inspector": 1,
            "supply": [[10, 10], [10, 10]], "finds": [[0, 0], [0, 0]]}))
    );
    // 30 fields for a block and 30 for a disc.
    assert_eq!(game.legal_moves().len(), 60);
    assert_eq!(game.deck_left(), 60);
}

// ---------------------------------------------------------------- burying

#[test]
fn a_field_holds_at_most_five_points() {
    let mut game = fresh();
    play(&mut game, "bury block 17");
    play(&mut game, "bury block 17");
    // Seat 0: 4 points on 17, a block would make 6.
    let refusal = refused(&mut game, "bury block 17");
    assert_eq!(refusal.key, "artifakes-field-full");
    assert!(refusal.text.contains("field 17 already holds 4 points: a block would make 6"), "{}", refusal.text);
    assert_eq!(
        refusal.args,
        vec![("field", "17".into()), ("points", "4".into()), ("piece", "block".into()), ("total", "6".into())]
    );
    // The seed's example: two blocks leave room for one disc.
    play(&mut game, "bury disc 17");
    assert_eq!(game.field_points(17), 5);
    let refusal = refused(&mut game, "bury disc 17");
    assert!(refusal.text.contains("field 17 already holds 5 points: a disc would make 6"), "{}", refusal.text);
    // Seat 1 has 9 blocks and 10 discs; field 17 is full: 29 fields for each kind.
    assert_eq!(game.legal_moves().len(), 58);
    // A field with 4 points takes a disc but no block.
    let mut game = fresh();
    play(&mut game, "bury block 9");
    play(&mut game, "bury disc 9");
    play(&mut game, "bury disc 9");
    let moves = game.legal_moves();
    assert!(moves.contains(&ArtifakesMove::Bury { piece: Piece::Disc, field: 9 }));
    assert!(!moves.contains(&ArtifakesMove::Bury { piece: Piece::Block, field: 9 }));
}

#[test]
fn players_alternate_and_one_buries_alone_once_the_other_supply_is_empty() {
    let mut game = fresh();
    game.supply = [Pieces::new(0, 1), Pieces::new(1, 2)];
    play(&mut game, "bury disc 1");
    assert_eq!(game.to_move(), vec![1]);
    play(&mut game, "bury block 2");
    // Seat 0's supply is empty: seat 1 goes on alone.
    assert_eq!(game.to_move(), vec![1]);
    assert_eq!(refused(&mut game, "bury block 3").key, "artifakes-supply-empty");
    play(&mut game, "bury disc 3");
    assert_eq!(game.to_move(), vec![1]);
    play(&mut game, "bury disc 4");
    // Both supplies empty: excavating; seat 1 buried last and starts.
    assert_eq!(game.phase(), Phase::Excavate);
    assert_eq!(game.to_move(), vec![1]);
    assert_eq!(game.hand(0).len(), 5);
    assert_eq!(game.hand(1).len(), 5);
}

#[test]
fn the_player_who_buried_last_starts_the_excavation() {
    let mut game = game_with(sorted_deck(), 1);
    game.supply = [Pieces::new(0, 2), Pieces::new(0, 1)];
    play(&mut game, "bury disc 5"); // seat 1
    play(&mut game, "bury disc 6"); // seat 0
    assert_eq!(game.to_move(), vec![0]);
    play(&mut game, "bury disc 7"); // seat 0 alone
    assert_eq!(game.phase(), Phase::Excavate);
    assert_eq!(game.to_move(), vec![0]);
}

#[test]
fn cards_are_dealt_one_at_a_time_start_player_first() {
    // Nobody can bury (both supplies empty): the round's start player begins.
    for (start, first, second) in [(0, 0, 1), (1, 1, 0)] {
        let mut game = game_with(deck_14(), start);
        game.supply = [Pieces::NONE; 2];
        game.begin_round(1);
        assert_eq!(game.phase(), Phase::Excavate);
        assert_eq!(game.to_move(), vec![start]);
        assert_eq!(game.hand(first), &[21, 1, 9, 12, 12]);
        assert_eq!(game.hand(second), &[16, 26, 4, 30, 14]);
        assert_eq!(game.deck_left(), 50);
    }
}

#[test]
fn later_rounds_alternate_the_start_player_who_may_have_nothing_to_bury() {
    let mut game = fresh();
    assert_eq!(game.round_start_player(1), 0);
    assert_eq!(game.round_start_player(2), 1);
    assert_eq!(game.round_start_player(3), 0);
    // Round 2 starts with seat 1, but seat 1 has nothing left: seat 0 buries first.
    game.supply = [Pieces::new(1, 0), Pieces::NONE];
    game.begin_round(2);
    assert_eq!((game.round(), game.phase(), game.to_move()), (2, Phase::Bury, vec![0]));
    // Nothing to bury at all: excavation at once, seat 1 (round 2's start player) deals first and starts.
    game.supply = [Pieces::NONE; 2];
    game.begin_round(2);
    assert_eq!((game.phase(), game.to_move()), (Phase::Excavate, vec![1]));
}

// ---------------------------------------------------------------- movement points

/// Seat 0: discs on red 25, 27, 28, a block on 26, a block and a disc on 29; a block and
/// a disc on blue 7, a disc on blue 9; two blocks and a disc on green 17.
/// Seat 1: a block on grey 24.
fn points_position() -> Artifakes {
    excavating(
        1,
        &[
            (25, 0, 0, 1),
            (26, 0, 1, 0),
            (27, 0, 0, 1),
            (28, 0, 0, 1),
            (29, 0, 1, 1),
            (7, 0, 1, 1),
            (9, 0, 0, 1),
            (17, 0, 2, 1),
            (24, 1, 1, 0),
        ],
        [&[25, 8, 17, 24, 1], &[24, 3]],
        1,
        0,
    )
}

#[test]
fn movement_points_by_colour_and_by_number() {
    let game = points_position();
    // (seat, card, by colour, by number)
    let cases = [
        (0, 25, 5, 1),  // all five red fields hold a piece of seat 0
        (0, 26, 5, 2),  // a block on 26
        (0, 29, 5, 3),  // block + disc on 29
        (0, 8, 2, 0),   // blue: fields 7 and 9 (three pieces, but two fields); nothing on 8
        (0, 7, 2, 3),   // block + disc on 7
        (0, 17, 1, 5),  // green: only 17; two blocks and a disc
        (0, 24, 0, 0),  // the block on grey 24 is seat 1's
        (1, 24, 1, 2),  // ... and gives seat 1 one grey field and 2 by number
        (1, 6, 1, 0),   // grey card 6: one grey field (24) by colour, nothing on 6
        (1, 25, 0, 0),  // seat 0's pieces on red give seat 1 nothing
        (0, 1, 0, 0),
    ];
    for (seat, card, colour, number) in cases {
        assert_eq!(game.colour_points(seat, card), colour, "seat {seat} card {card} by colour");
        assert_eq!(game.number_points(seat, card), number, "seat {seat} card {card} by number");
    }
}

#[test]
fn movement_points_are_capped_at_five() {
    let mut game = points_position();
    // A field cannot hold more than 5 points by the rules; forced to 6, the card still gives 5.
    game.buried[9][0] = Pieces::new(3, 0);
    assert_eq!(game.number_points(0, 10), 5);
    assert_eq!(game.colour_points(0, 10), 3, "blue fields 7, 9, 10");
}

#[test]
fn legal_plays_are_every_card_way_and_direction_that_gives_points() {
    let game = points_position();
    // Seat 0 holds 25 (colour 5, number 1), 8 (colour 2), 17 (colour 1, number 5),
    // 24 (nothing) and 1 (nothing): 4 + 2 + 4 plays.
    let moves = game.legal_moves();
    assert_eq!(moves.len(), 10);
    let printed: Vec<String> = moves.iter().map(ToString::to_string).collect();
    assert_eq!(printed[..4], ["play 8 colour cw", "play 8 colour ccw", "play 17 colour cw", "play 17 colour ccw"]);
    assert!(!printed.iter().any(|m| m.starts_with("play 24") || m.starts_with("play 1 ")));
}

// ---------------------------------------------------------------- moving and digging

/// Seat 0: two blocks on 3, a disc on 2, a disc on 25. Seat 1: a block on 2, a disc on 24.
/// The inspector stands on 28; seat 0 holds 3, 30, 25, 3; seat 1 holds 24, 10.
fn digging_position() -> Artifakes {
    excavating(
        1,
        &[(3, 0, 2, 0), (2, 0, 0, 1), (25, 0, 0, 1), (2, 1, 1, 0), (24, 1, 0, 1)],
        [&[3, 30, 25, 3], &[24, 10]],
        28,
        0,
    )
}

#[test]
fn the_inspector_moves_exactly_in_either_direction_across_30_and_1() {
    let mut cw = digging_position();
    play(&mut cw, "play 3 number cw"); // 4 points: 28 -> 29, 30, 1, 2
    assert_eq!(cw.inspector(), 2);
    let mut ccw = digging_position();
    play(&mut ccw, "spiele 3 zahl guzs"); // 28 -> 24
    assert_eq!(ccw.inspector(), 24);
    let mut colour = digging_position();
    play(&mut colour, "play 3 colour cw"); // white fields 2 and 3: 2 points
    assert_eq!(colour.inspector(), 30);
    // From 2 counter-clockwise 4 fields: back across 1 to 28.
    let mut back = excavating(1, &[(3, 1, 2, 0)], [&[], &[3]], 2, 1);
    play(&mut back, "play 3 number ccw");
    assert_eq!(back.inspector(), 28);
}

#[test]
fn digging_gives_the_mover_finds_and_destroys_the_opponents_pieces() {
    let mut game = digging_position();
    play(&mut game, "play 3 number cw"); // lands on 2: seat 0's disc, seat 1's block
    assert_eq!(game.buried(2, 0), Pieces::NONE);
    assert_eq!(game.buried(2, 1), Pieces::NONE);
    assert_eq!(game.finds[0], Pieces::new(0, 1));
    assert_eq!(game.destroyed[1], Pieces::new(10, 10 - 1), "9 destroyed before + the block");
    assert_eq!(game.buried(3, 0), Pieces::new(2, 0), "the card's own field stays");
    assert_eq!(game.hand(0), &[30, 25, 3]);
    assert_eq!(game.to_move(), vec![1]);
    assert_eq!(
        game.last,
        Some(LastPlay::Moved {
            seat: 0,
            card: 3,
            way: Way::Number,
            direction: Direction::Clockwise,
            points: 4,
            from: 28,
            to: 2,
            found: Pieces::new(0, 1),
            destroyed: Pieces::new(1, 0),
        })
    );
    assert_conserved(&game);
    // The other way round: seat 1 digging field 2 finds the block and destroys the disc.
    let mut game = excavating(1, &[(2, 0, 0, 1), (2, 1, 1, 0), (26, 1, 0, 1)], [&[], &[26]], 1, 1);
    play(&mut game, "play 26 number ccw"); // the disc on 26: 1 point, 1 -> 30
    assert_eq!(game.inspector(), 30);
    let mut game = excavating(1, &[(2, 0, 0, 1), (2, 1, 1, 0), (26, 1, 0, 1)], [&[9], &[26]], 1, 1);
    play(&mut game, "play 26 colour cw"); // red: field 26 only: 1 point, 1 -> 2
    assert_eq!(game.inspector(), 2);
    assert_eq!(game.to_move(), vec![0]);
    assert_eq!(game.finds[1], Pieces::new(1, 0));
    assert_eq!(game.destroyed[0].discs, 10, "the disc joins the destroyed");
    assert_conserved(&game);
}

#[test]
fn card_options_show_points_and_landings_for_each_card() {
    let game = digging_position();
    let options = game.card_options(0);
    let none = Pieces::NONE;
    let land = |field, finds, destroys| Some(Landing { field, finds, destroys });
    assert_eq!(options.len(), 3, "3 (twice), 25, 30");
    let three = options[0];
    assert_eq!((three.card, three.copies, three.colour), (3, 2, Colour::White));
    assert_eq!(three.by_colour.points, 2);
    assert_eq!(three.by_colour.cw, land(30, none, none));
    assert_eq!(three.by_colour.ccw, land(26, none, none));
    assert_eq!(three.by_number.points, 4);
    assert_eq!(three.by_number.cw, land(2, Pieces::new(0, 1), Pieces::new(1, 0)));
    assert_eq!(three.by_number.ccw, land(24, none, Pieces::new(0, 1)));
    let red = options[1];
    assert_eq!((red.card, red.copies, red.colour), (25, 1, Colour::Red));
    assert_eq!((red.by_colour.points, red.by_number.points), (1, 1));
    assert_eq!(red.by_colour.cw, land(29, none, none));
    assert_eq!(red.by_number.ccw, land(27, none, none));
    let grey = options[2];
    assert_eq!((grey.card, grey.colour, grey.moves()), (30, Colour::Grey, false));
    assert_eq!((grey.by_colour.cw, grey.by_number.ccw), (None, None));
    assert_eq!(game.legal_moves().len(), 8);
    // The options agree with what playing does.
    for option in &options {
        for way in [option.by_colour, option.by_number] {
            for direction in Direction::ALL {
                let Some(landing) = way.landing(direction) else { continue };
                let mut after = game.clone();
                let mv = ArtifakesMove::Play { card: option.card, way: way.way, direction };
                after.apply(&mv).expect("an option with points is legal");
                assert_eq!(after.inspector(), landing.field, "{mv}");
                assert_eq!(after.finds[0], landing.finds, "{mv}");
            }
        }
    }
}

#[test]
fn a_way_without_points_is_refused() {
    let mut game = digging_position();
    let refusal = refused(&mut game, "play 30 number cw");
    assert_eq!(refusal.key, "artifakes-no-number-points");
    assert!(refusal.text.contains("nothing buried on field 30"), "{}", refusal.text);
    let refusal = refused(&mut game, "play 30 colour ccw");
    assert_eq!(refusal.key, "artifakes-no-colour-points");
    assert_eq!(refusal.args, vec![("card", "30".into()), ("colour", "grey".into())]);
    assert_eq!(refused(&mut game, "play 7 number cw").key, "artifakes-not-in-hand");
    assert_eq!(refused(&mut game, "bury disc 4").key, "artifakes-excavating-now");
    let mut burying = fresh();
    assert_eq!(refused(&mut burying, "play 3 number cw").key, "artifakes-burying-now");
}

// ---------------------------------------------------------------- wasting and the inspector going home

#[test]
fn wasting_is_refused_while_a_card_gives_points() {
    let mut game = digging_position();
    let refusal = refused(&mut game, "play 30 waste");
    assert_eq!(refusal.key, "artifakes-waste-refused");
    assert_eq!(refusal.args, vec![("card", "3".into())]);
    // Seat 1 (a block on 2, a disc on 24) holds 24 and 10: 24 gives points, so no waste.
    let mut game = excavating(1, &[(24, 1, 0, 1)], [&[], &[24, 10]], 5, 1);
    assert_eq!(refused(&mut game, "play 10 waste").key, "artifakes-waste-refused");
}

#[test]
fn a_player_without_points_must_waste_a_card() {
    // Nobody has anything on grey or blue.
    let mut game = excavating(1, &[(3, 0, 1, 0), (4, 1, 1, 0)], [&[30, 30, 12], &[10]], 7, 0);
    let printed: Vec<String> = game.legal_moves().iter().map(ToString::to_string).collect();
    assert_eq!(printed, ["play 12 waste", "play 30 waste"]);
    play(&mut game, "spiele 30 verschwenden");
    assert_eq!(game.inspector(), 7, "the inspector does not move");
    assert_eq!(game.wasted[0], vec![30]);
    assert_eq!(game.hand(0), &[30, 12]);
    assert_eq!(game.idle_plays, 1);
    assert_eq!(game.to_move(), vec![1]);
}

#[test]
fn the_inspector_goes_home_after_four_plays_without_moving() {
    // Seat 0 found a block earlier; nobody has anything on grey.
    let mut game = excavating(1, &[(3, 0, 1, 0)], [&[30, 24], &[18, 12, 6]], 9, 0);
    game.finds[0] = Pieces::new(1, 0);
    game.destroyed[0].blocks -= 1;
    game.stones = [3, 2];
    for text in ["play 30 waste", "play 18 waste", "play 24 waste"] {
        play(&mut game, text);
        assert_eq!(game.phase(), Phase::Excavate);
    }
    play(&mut game, "play 12 waste");
    // Home: seat 1's card 6 is discarded without penalty; selling still happens.
    assert!(game.went_home);
    assert_eq!(game.phase(), Phase::Over);
    assert_eq!(game.round(), 1);
    assert_eq!(game.hand(1), &[] as &[u8]);
    // Seat 0: 3 + 2 (block) - 2 wasted = 3. Seat 1: 2 - 2 = 0, floored at 1.
    assert_eq!(game.scores(), Some(vec![3, 1]));
    assert_eq!(game.outcome(), Some(vec![vec![0], vec![1]]));
    assert!(game.to_move().is_empty());
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.details().expect("details")["phase"], "over");
    assert_eq!(refused(&mut game, "play 6 waste").key, "artifakes-over");
    assert_conserved(&game);
}

#[test]
fn a_move_resets_the_count_and_each_excavation_counts_afresh() {
    // Seat 1 has a disc on 3; seat 0 nothing.
    let mut game = excavating(1, &[(3, 1, 0, 1)], [&[30, 24, 29], &[3, 18, 12]], 1, 1);
    play(&mut game, "play 3 number cw"); // 1 -> 2, count 0
    play(&mut game, "play 30 waste"); // 1
    play(&mut game, "play 18 waste"); // 2
    play(&mut game, "play 24 waste"); // 3
    assert_eq!(game.idle_plays, 3);
    play(&mut game, "play 12 waste"); // 4: home
    assert!(game.went_home);

    // Only three idle plays in round 1: round 2 begins, and its count starts at 0.
    let mut game = excavating(1, &[(3, 1, 0, 1)], [&[30, 24], &[3, 18]], 1, 1);
    play(&mut game, "play 3 number cw"); // 0
    play(&mut game, "play 30 waste"); // 1
    play(&mut game, "play 18 waste"); // 2
    play(&mut game, "play 24 waste"); // 3, hands empty: selling, round 2
    assert!(!game.went_home);
    assert_eq!((game.round(), game.phase()), (2, Phase::Excavate), "both supplies empty: straight to excavating");
    assert_eq!(game.idle_plays, 0);
    assert_eq!(game.inspector(), 2, "the inspector stays where he is between rounds");
    // Round 2 deals cards 11-20 of the sorted deck (6,6,7,7,...,10,10), seat 1 (round 2's
    // start player, and nobody buried) first; none gives points.
    assert_eq!(game.hand(1), &[6, 7, 8, 9, 10]);
    assert_eq!(game.hand(0), &[6, 7, 8, 9, 10]);
    assert_eq!(game.to_move(), vec![1]);
    play(&mut game, "play 6 waste");
    assert_eq!(game.phase(), Phase::Excavate, "one idle play is not four");
    play(&mut game, "play 6 waste");
    play(&mut game, "play 7 waste");
    play(&mut game, "play 7 waste");
    assert!(game.went_home, "the fourth idle play of round 2");
    assert_eq!(game.round(), 2);
    // All wastes: 1 - 2 and 1 - 3 are floored at 1 each time: a draw.
    assert_eq!(game.scores(), Some(vec![1, 1]));
    assert_eq!(game.outcome(), Some(vec![vec![0, 1]]));
}

// ---------------------------------------------------------------- selling and the end

#[test]
fn selling_moves_forward_by_value_and_back_per_wasted_card_never_below_1() {
    let mut game = excavating(1, &[(3, 0, 0, 1)], [&[3], &[]], 1, 0);
    game.stones = [5, 2];
    game.finds = [Pieces::new(2, 1), Pieces::new(0, 1)];
    game.destroyed[0] = Pieces::new(8, 8); // 2 blocks and 1 disc found, 1 disc on 3
    game.destroyed[1].discs -= 1;
    game.wasted = [vec![29, 28], vec![27, 26, 25]];
    play(&mut game, "play 3 number cw"); // 1 -> 2, nothing there; both hands empty
    // Seat 0: 5 + 5 - 2 = 8. Seat 1: 2 + 1 - 3 = 0 -> 1.
    assert_eq!(game.scores(), Some(vec![8, 1]));
    assert_eq!(game.supply, [Pieces::new(2, 1), Pieces::new(0, 1)], "sold pieces return to the supply");
    assert_eq!(game.finds, [Pieces::NONE; 2]);
    assert_eq!(game.wasted, [Vec::<u8>::new(), Vec::new()], "wasted cards are discarded");
    assert_eq!(game.discarded, 6);
    assert_eq!(game.buried(3, 0), Pieces::new(0, 1), "buried pieces stay in the ground");
    // Round 2 starts with seat 1, which has a disc to bury.
    assert_eq!((game.round(), game.phase(), game.to_move()), (2, Phase::Bury, vec![1]));
    assert_conserved(&game);
}

/// Seat 0 to play its last card 3 (a disc on 3 moves the inspector 1 -> 2, an empty
/// field); seat 1 has no cards left. Then selling.
fn last_card(round: u8, stones: [i64; 2], finds: [Pieces; 2], wasted: [Vec<u8>; 2]) -> Artifakes {
    let mut game = excavating(round, &[(3, 0, 0, 1)], [&[3], &[]], 1, 0);
    game.stones = stones;
    game.finds = finds;
    for (destroyed, found) in game.destroyed.iter_mut().zip(finds) {
        destroyed.blocks -= found.blocks;
        destroyed.discs -= found.discs;
    }
    game.wasted = wasted;
    play(&mut game, "play 3 number cw");
    assert_conserved(&game);
    game
}

#[test]
fn reaching_stone_19_ends_the_game_after_selling() {
    // 15 + 5 = 20 and 16 + 2 = 18.
    let game = last_card(1, [15, 16], [Pieces::new(2, 1), Pieces::new(1, 0)], [vec![], vec![]]);
    assert_eq!(game.phase(), Phase::Over);
    assert_eq!(game.round(), 1);
    assert_eq!(game.scores(), Some(vec![20, 18]));
    assert_eq!(game.outcome(), Some(vec![vec![0], vec![1]]));
    // Exactly 19 is enough: 17 + 4 - 2 wasted = 19.
    let game = last_card(1, [10, 17], [Pieces::NONE, Pieces::new(2, 0)], [vec![], vec![5, 6]]);
    assert_eq!((game.phase(), game.scores()), (Phase::Over, Some(vec![10, 19])));
    assert_eq!(game.outcome(), Some(vec![vec![1], vec![0]]));
    // The penalty can keep a player short: 17 + 3 - 2 = 18, the game goes on.
    let game = last_card(1, [17, 10], [Pieces::new(1, 1), Pieces::NONE], [vec![5, 6], vec![]]);
    assert_eq!((game.phase(), game.round(), game.scores()), (Phase::Bury, 2, Some(vec![18, 10])));
    assert_eq!(game.outcome(), None);
}

#[test]
fn past_19_the_higher_total_wins() {
    // 15 + 10 = 25 against 17 + 4 = 21: both past 19, seat 0 is further.
    let game = last_card(2, [15, 17], [Pieces::new(5, 0), Pieces::new(2, 0)], [vec![], vec![]]);
    assert_eq!(game.scores(), Some(vec![25, 21]));
    assert_eq!(game.outcome(), Some(vec![vec![0], vec![1]]));
    // 18 + 3 = 21 against 16 + 5 = 21: a draw past 19.
    let game = last_card(1, [18, 16], [Pieces::new(1, 1), Pieces::new(2, 1)], [vec![], vec![]]);
    assert_eq!(game.scores(), Some(vec![21, 21]));
    assert_eq!(game.outcome(), Some(vec![vec![0, 1]]));
}

#[test]
fn after_the_third_round_the_further_archaeologist_wins_or_it_is_a_draw() {
    let game = last_card(3, [7, 6], [Pieces::NONE, Pieces::new(0, 1)], [vec![], vec![]]);
    assert_eq!((game.phase(), game.round()), (Phase::Over, 3));
    assert_eq!(game.scores(), Some(vec![7, 7]));
    assert_eq!(game.outcome(), Some(vec![vec![0, 1]]));
    let game = last_card(3, [7, 9], [Pieces::new(1, 0), Pieces::NONE], [vec![], vec![4]]);
    assert_eq!(game.scores(), Some(vec![9, 8]));
    assert_eq!(game.outcome(), Some(vec![vec![0], vec![1]]));
}

// ---------------------------------------------------------------- notation

#[test]
fn notation_reads_english_and_german_and_prints_canonically() {
    use ArtifakesMove::{Bury, Play, Waste};
    use Direction::{Clockwise as Cw, CounterClockwise as Ccw};
    let cases = [
        ("bury block 17", Bury { piece: Piece::Block, field: 17 }, "bury block 17"),
        ("  VERGRABE   Scheibe 3 ", Bury { piece: Piece::Disc, field: 3 }, "bury disc 3"),
        ("vergrabe block 30", Bury { piece: Piece::Block, field: 30 }, "bury block 30"),
        ("play 17 number cw", Play { card: 17, way: Way::Number, direction: Cw }, "play 17 number cw"),
        ("spiele 17 zahl uzs", Play { card: 17, way: Way::Number, direction: Cw }, "play 17 number cw"),
        ("spiele 17 farbe guzs", Play { card: 17, way: Way::Colour, direction: Ccw }, "play 17 colour ccw"),
        ("Play 1 Color CCW", Play { card: 1, way: Way::Colour, direction: Ccw }, "play 1 colour ccw"),
        ("play 17 waste", Waste { card: 17 }, "play 17 waste"),
        ("spiele 17 verschwenden", Waste { card: 17 }, "play 17 waste"),
    ];
    for (text, want, printed) in cases {
        let mv = notation::parse(text).unwrap_or_else(|r| panic!("{text}: {r}"));
        assert_eq!(mv, want, "{text}");
        assert_eq!(mv.to_string(), printed);
    }
}

#[test]
fn notation_refusals_say_what_is_wrong() {
    let cases = [
        ("bury block 31", "artifakes-bad-field"),
        ("bury disc 0", "artifakes-bad-field"),
        ("bury disc seventeen", "artifakes-bad-field"),
        ("play 31 number cw", "artifakes-bad-card"),
        ("play 99999999999999999999 waste", "artifakes-bad-card"),
        ("play 17", "artifakes-which-way"),
        ("play 17 cw", "artifakes-which-way"),
        ("play 17 number", "artifakes-which-direction"),
        ("dig 17", "artifakes-not-a-move"),
        ("", "artifakes-not-a-move"),
        ("bury 17 block", "artifakes-not-a-move"),
        ("play 17 number cw now", "artifakes-not-a-move"),
        ("play 17 waste cw", "artifakes-not-a-move"),
    ];
    for (text, key) in cases {
        let refusal = notation::parse(text).expect_err(text);
        assert_eq!(refusal.key, key, "{text}: {}", refusal.text);
        assert!(!refusal.text.is_empty());
    }
}

#[test]
fn german_filter_words_match_the_printed_moves() {
    let game = digging_position();
    let printed = |moves: Vec<ArtifakesMove>| moves.iter().map(ToString::to_string).collect::<Vec<_>>();
    assert_eq!(printed(game.filter_moves("3 zahl")), ["play 3 number cw", "play 3 number ccw"]);
    assert_eq!(printed(game.filter_moves("farbe guzs")), ["play 3 colour ccw", "play 25 colour ccw"]);
}

// ---------------------------------------------------------------- hidden information

#[test]
fn a_view_shows_only_the_viewers_own_hand() {
    let game = digging_position();
    let seat0 = game.view_for(Viewer::Seat(0));
    assert_eq!(seat0.hands, [Some(vec![3, 30, 25, 3]), None]);
    assert!(seat0.card_options[0].is_some() && seat0.card_options[1].is_none());
    assert_eq!(seat0.hand_sizes, [4, 2]);
    let seat1 = game.view_for(Viewer::Seat(1));
    assert_eq!(seat1.hands, [None, Some(vec![24, 10])]);
    let spectator = game.view_for(Viewer::Spectator);
    assert_eq!(spectator.hands, [None, None]);
    assert_eq!(spectator.card_options, [None, None]);
    assert_eq!(spectator.deck, 50);
    // Nothing in a spectator's view names a card in a hand.
    let text = format!("{spectator:?}");
    assert!(!text.contains("24, 10") && !text.contains("30, 25"), "{text}");
}

// ---------------------------------------------------------------- whole games

/// Plays a seeded game with random legal moves, checking the invariants after each move.
/// Returns the finished game.
fn random_playout(seed: u64, check_every_move: bool) -> Artifakes {
    let mut setup_rng = crate::rng::setup_rng(seed);
    let setup = Artifakes::random_setup(&ArtifakesOptions {}, 2, &mut setup_rng);
    let mut game = Artifakes::new(&ArtifakesOptions {}, 2, setup, Chance::none()).expect("random setup is valid");
    let mut rng = crate::rng::play_rng(seed);
    for _ in 0..1000 {
        let moves = game.legal_moves();
        if game.phase() == Phase::Over {
            assert!(moves.is_empty());
            break;
        }
        assert!(!moves.is_empty(), "seed {seed}: no legal move while the game goes on");
        if check_every_move {
            for mv in &moves {
                let mut copy = game.clone();
                assert!(copy.apply(mv).is_ok(), "seed {seed}: legal {mv} refused");
                assert_eq!(copy.parse_move(&mv.to_string()).as_ref(), Ok(mv), "seed {seed}: {mv} does not read back");
            }
        }
        let mv = moves[crate::rng::index(moves.len(), &mut rng)];
        game.apply(&mv).unwrap_or_else(|r| panic!("seed {seed}: {mv}: {r}"));
        assert_invariants(&game, seed);
    }
    assert_eq!(game.phase(), Phase::Over, "seed {seed}: the game must end");
    game
}

fn assert_invariants(game: &Artifakes, seed: u64) {
    assert_conserved(game);
    for field in 1..=FIELDS {
        assert!(game.field_points(field) <= FIELD_CAP, "seed {seed}: field {field} over the cap");
    }
    let cards = game.deck_left() + game.hands.iter().chain(&game.wasted).map(Vec::len).sum::<usize>() + game.discarded;
    assert_eq!(cards, DECK_SIZE, "seed {seed}: cards conserved");
    assert!(game.stones.iter().all(|&s| s >= FIRST_STONE));
    assert!((1..=ROUNDS).contains(&game.round()));
    assert!((1..=FIELDS).contains(&game.inspector()));
    match game.phase() {
        Phase::Bury => assert!(!game.supply[game.to_move].is_empty(), "seed {seed}: the burier has a piece"),
        Phase::Excavate => {
            assert!(game.supply.iter().all(|s| s.is_empty()), "seed {seed}: supplies are empty while excavating");
            assert!(!game.hands[game.to_move].is_empty(), "seed {seed}: the player to move holds a card");
            assert!(game.idle_plays < IDLE_LIMIT);
        }
        Phase::Over => assert!(game.hands.iter().all(Vec::is_empty)),
    }
}

#[test]
fn seeded_random_playouts_end_and_keep_the_invariants() {
    let mut home = 0;
    let mut third_round = 0;
    for seed in 0..300 {
        let game = random_playout(seed, seed < 40);
        if game.went_home {
            home += 1;
        } else if game.round() == ROUNDS {
            third_round += 1;
        }
        assert!(game.outcome().is_some());
    }
    assert!(home > 0, "some random games end with the inspector going home");
    assert!(third_round > 0, "some random games last three rounds");
}

#[test]
fn a_seed_only_record_replays_the_same() {
    let record = json!({"game": "artifakes", "players": ["ada", "bert"], "seed": 42, "moves": []});
    let one = crate::record::replay(&record.to_string());
    let two = crate::record::replay(&record.to_string());
    assert_eq!(one, two);
    assert_eq!(one.exit_status, 0);
    let game = Played::<Artifakes>::open(&json!({}), 2, None, Some(42)).expect("seeded");
    let setup = game.resolved_setup();
    assert_eq!(setup["deck"].as_array().map(Vec::len), Some(60));
}

proptest! {
    #[test]
    fn the_parser_never_panics(text in "\\PC{0,40}") {
        let _ = notation::parse(&text);
    }

    #[test]
    fn keyword_soup_never_panics(words in proptest::collection::vec(
        prop_oneof![
            Just("bury"), Just("play"), Just("spiele"), Just("block"), Just("scheibe"), Just("number"),
            Just("farbe"), Just("cw"), Just("guzs"), Just("waste"), Just("0"), Just("17"), Just("31"), Just("-1"),
        ], 0..6)) {
        let text = words.join(" ");
        if let Ok(mv) = notation::parse(&text) {
            prop_assert_eq!(notation::parse(&mv.to_string()), Ok(mv));
        }
    }

    /// Arbitrary moves (fields and cards 0-40) during seeded games: an accepted move was
    /// in the legal list; a refused one was not and changed nothing.
    #[test]
    fn arbitrary_moves_are_accepted_exactly_when_legal(
        seed in 0u64..1000,
        attempts in proptest::collection::vec((0u8..3, 0u8..41, 0u8..2, 0u8..2), 1..300),
    ) {
        let setup = Artifakes::random_setup(&ArtifakesOptions {}, 2, &mut crate::rng::setup_rng(seed));
        let mut game = Artifakes::new(&ArtifakesOptions {}, 2, setup, Chance::none()).expect("valid");
        for (kind, n, a, b) in attempts {
            let mv = match kind {
                0 => ArtifakesMove::Bury { piece: Piece::ALL[usize::from(a)], field: n },
                1 => ArtifakesMove::Play { card: n, way: Way::ALL[usize::from(a)], direction: Direction::ALL[usize::from(b)] },
                _ => ArtifakesMove::Waste { card: n },
            };
            let legal = game.legal_moves().contains(&mv);
            let before = game.clone();
            match game.apply(&mv) {
                Ok(()) => prop_assert!(legal, "{} accepted but not listed", mv),
                Err(_) => {
                    prop_assert!(!legal, "{} listed but refused", mv);
                    prop_assert_eq!(&game, &before);
                }
            }
        }
    }
}

/// The render helper's "excavating" sample (`14-win-past-19`, 43 moves), worked by hand:
/// Ada (seat 0) holds 1, 9, 12, 12 with the inspector on 16. Her own pieces are a block,
/// a block and a disc on field 1 (value 5), the same on 9 (5), a block and three discs
/// on 12 (5), so every card gives 5 by number (cw 16+5 = 21, where her 2 blocks and a
/// disc lie; ccw 16-5 = 11, already dug empty). By colour each card counts one field:
/// white only 1, blue only 9 (11 was dug), grey only 12 (6 was dug, 30 is Bert's):
/// 1 point, landing on the empty 17 or 15. Identical options are right here.
#[test]
fn card_options_of_the_excavating_sample_are_all_five_by_number() {
    let text = include_str!("../../tests/examples/artifakes/14-win-past-19.json");
    let mut record: crate::record::Record = serde_json::from_str(text).expect("record");
    record.moves.truncate(43);
    let (game, refused) = crate::record::replay_record(&record).expect("starts");
    assert!(refused.is_none());
    let crate::AnyView::Artifakes(view) = game.view(Viewer::Seat(0)) else { panic!("an Artifakes view") };
    assert_eq!((view.to_move, view.inspector), (Some(0), 16));
    assert_eq!(view.hands[0], Some(vec![1, 9, 12, 12]));
    assert_eq!(view.buried[11][0], Pieces { blocks: 1, discs: 3 }, "field 12 holds Ada's four pieces");
    let options = view.card_options[0].clone().expect("Ada sees her options");
    let empty = Pieces::NONE;
    let five = Pieces { blocks: 2, discs: 1 };
    let summary: Vec<(u8, u8, Colour, u8, u8, u8, u8, u8, u8, Pieces)> = options
        .iter()
        .map(|o| {
            let field = |w: &WayOption, d| w.landing(d).map_or(0, |l| l.field);
            let number_cw = o.by_number.cw.map_or(empty, |l| l.finds);
            (
                o.card,
                o.copies,
                o.colour,
                o.by_colour.points,
                field(&o.by_colour, Direction::Clockwise),
                field(&o.by_colour, Direction::CounterClockwise),
                o.by_number.points,
                field(&o.by_number, Direction::Clockwise),
                field(&o.by_number, Direction::CounterClockwise),
                number_cw,
            )
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            (1, 1, Colour::White, 1, 17, 15, 5, 21, 11, five),
            (9, 1, Colour::Blue, 1, 17, 15, 5, 21, 11, five),
            (12, 2, Colour::Grey, 1, 17, 15, 5, 21, 11, five),
        ]
    );
}
