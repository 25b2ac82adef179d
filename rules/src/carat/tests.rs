//! Carat's rules, each expected value worked out by hand from `carat.md`.

use super::*;
use crate::open;

/// The chip layout of the spec's examples: rows top first.
const CHIPS: [[u8; 7]; 7] = [
    [1, 2, 3, 4, 5, 1, 2],
    [3, 4, 5, 1, 2, 3, 4],
    [5, 1, 2, 3, 4, 5, 1],
    [2, 3, 4, 5, 1, 2, 3],
    [4, 5, 1, 2, 3, 4, 5],
    [1, 2, 3, 4, 5, 1, 2],
    [3, 4, 5, 1, 2, 3, 4],
];

/// A setup whose pile starts with `first` (in order), then the other tiles by value.
fn setup(first: &[&str], start_player: Seat, variant: Option<Variant>) -> CaratSetup {
    let mut pile: Vec<String> = first.iter().map(|s| s.to_string()).collect();
    for tile in Tile::all() {
        let code = tile.to_string();
        if !pile.contains(&code) {
            pile.push(code);
        }
    }
    CaratSetup { chips: CHIPS.iter().map(|r| r.to_vec()).collect(), pile, start_player, variant }
}

fn game(players: usize, first: &[&str], variant: Option<Variant>) -> Carat {
    Carat::new(&CaratOptions::default(), players, setup(first, 0, variant), Chance::none()).expect("valid setup")
}

fn play(game: &mut Carat, text: &str) {
    let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    game.apply(&mv).unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn refusal(game: &Carat, text: &str) -> Refusal {
    let before = format!("{game:?}");
    let mut copy = game.clone();
    let err = match copy.parse_move(text) {
        Err(e) => e,
        Ok(mv) => copy.apply(&mv).expect_err("move must be refused"),
    };
    assert_eq!(format!("{copy:?}"), before, "a refused move changes nothing");
    err
}

fn chips_scored(game: &Carat) -> usize {
    game.scored.iter().flatten().filter(|s| s.is_some()).count()
}

#[test]
fn first_tile_only_on_b2_to_e5() {
    let g = game(2, &[], None);
    for space in ["a3", "a1", "f6", "f4", "c1", "d6"] {
        assert_eq!(refusal(&g, &format!("{space} red")).key, "carat-first-edge", "{space}");
    }
    // 16 inner spaces x 4 orientations.
    assert_eq!(g.legal_moves().len(), 64);
    for space in ["b2", "e5", "c4", "e2"] {
        let mut g2 = g.clone();
        play(&mut g2, &format!("{space} blue"));
        assert_eq!(g2.placed, 1);
    }
}

#[test]
fn later_tiles_must_share_an_edge() {
    let mut g = game(2, &[], None);
    play(&mut g, "c3 red");
    assert_eq!(refusal(&g, "e5 red").key, "carat-not-adjacent");
    assert_eq!(refusal(&g, "d4 red").key, "carat-not-adjacent", "diagonal is not an edge");
    assert_eq!(refusal(&g, "c3 blue").key, "carat-occupied");
    // c2, b3, d3, c4 are the four neighbours: 4 spaces x 4 orientations.
    assert_eq!(g.legal_moves().len(), 16);
    play(&mut g, "c4 blue");
    // Neighbours of c3+c4: c2, b3, d3, b4, d4, c5 (spec example: 24).
    assert_eq!(g.legal_moves().len(), 24);
}

#[test]
fn chip_winner_cases_from_the_spec() {
    // red 5, blue 5, green 4, yellow 2: red and blue cancel, green wins.
    assert_eq!(chip_winner([5, 5, 4, 2]), Some(Colour::Green));
    // 5, 5, 3, 3: no score.
    assert_eq!(chip_winner([5, 5, 3, 3]), None);
    // all equal: all cancel.
    assert_eq!(chip_winner([4, 4, 4, 4]), None);
    // a corner chip touched only by a yellow 6: red, blue, green (all 0) cancel.
    assert_eq!(chip_winner([0, 0, 0, 6]), Some(Colour::Yellow));
    // three colours at 4 and one absent: the absent colour wins.
    assert_eq!(chip_winner([4, 4, 0, 4]), Some(Colour::Green));
    // two absent colours cancel each other; the higher of the rest wins.
    assert_eq!(chip_winner([0, 3, 0, 7]), Some(Colour::Yellow));
}

/// Tiles 6RGBY, 5RBGY, 3RYGB, 4RBYG placed b2 red, b1 blue, a1 yellow, a2 red:
/// b2 = NW red 6, NE green, SE blue, SW yellow; b1 = NW blue 5, NE green, SE yellow, SW red;
/// a1 = NW yellow 3, NE green 3, SE blue 3, SW red 3; a2 = NW red 4, NE blue 4, SE yellow, SW green.
/// chip(0,0)=1: yellow 3 alone -> yellow, x1. chip(1,0)=2: green 3, blue 5 -> blue, x2.
/// chip(0,1)=3: red 3+4 -> red, x1. chip(1,1)=4: red 5+6=11, blue 3+4=7 -> red, x2.
const CORNER_SCENARIO: [&str; 4] = ["b2 red", "b1 blue", "a1 yellow", "a2 red"];
const CORNER_TILES: [&str; 4] = ["6RGBY", "5RBGY", "3RYGB", "4RBYG"];

#[test]
fn scoring_with_four_players_corner_and_edge_chips() {
    let mut g = game(4, &CORNER_TILES, None);
    play(&mut g, CORNER_SCENARIO[0]);
    play(&mut g, CORNER_SCENARIO[1]);
    assert_eq!(chips_scored(&g), 0, "no chip enclosed yet");
    play(&mut g, CORNER_SCENARIO[2]);
    // corner chip (0,0) -> yellow (player 3) 1x1; edge chip (1,0) -> blue (player 1) 2x2.
    assert_eq!(chips_scored(&g), 2);
    assert_eq!(g.scores, vec![0, 4, 0, 1]);
    play(&mut g, CORNER_SCENARIO[3]);
    // chip (0,1) -> red 3x1, chip (1,1) -> red 4x2.
    assert_eq!(chips_scored(&g), 4);
    assert_eq!(g.scores, vec![11, 4, 0, 1]);
    assert_eq!(g.scored[1][1], Some(ScoredChip { winner: Some(Colour::Red), owner: Some(0), points: 8 }));
}

#[test]
fn a_neutral_colour_wins_so_nobody_scores() {
    // Same tiles with two players: yellow is neutral, so the corner chip scores nothing.
    let mut g = game(2, &CORNER_TILES, None);
    for mv in CORNER_SCENARIO {
        play(&mut g, mv);
    }
    assert_eq!(g.scores, vec![11, 4]);
    assert_eq!(g.scored[0][0], Some(ScoredChip { winner: Some(Colour::Yellow), owner: None, points: 0 }));
    assert_eq!(chips_scored(&g), 4, "an enclosed chip counts as scored even when nobody wins it");
}

#[test]
fn two_colours_variant_scores_each_players_two_colours() {
    // player 0 red + green, player 1 blue + yellow: the yellow corner chip now scores for player 1.
    let mut g = game(2, &CORNER_TILES, Some(Variant::TwoColours));
    for mv in CORNER_SCENARIO {
        play(&mut g, mv);
    }
    assert_eq!(g.scores, vec![11, 5]);
    assert!(Carat::new(&CaratOptions::default(), 3, setup(&[], 0, Some(Variant::TwoColours)), Chance::none())
        .is_err());
}

/// Tiles 6RGBY "b2 blue" (NW blue 6, NE yellow, SE red, SW green), 5RBGY "b1 red" (NW red 5,
/// NE blue, SE green, SW yellow 5), 3RYGB "a1 red" (NW red 3, NE yellow 3, SE green 3, SW blue 3),
/// 6RBGY "a2 yellow" (NW yellow 6, NE red 6, SE blue, SW green).
/// chip(1,1)=4: blue 6, yellow 5, green 3, red 6 -> red and blue cancel, yellow wins, 4 colours: 16.
/// chip(0,0)=1: red 3 -> red 1. chip(1,0)=2: yellow 3, red 5 -> red 2x2=4.
/// chip(0,1)=3: blue 3, yellow 6 -> yellow 3x2=6.
#[test]
fn a_pair_cancels_and_the_next_sum_wins() {
    let mut g = game(4, &["6RGBY", "5RBGY", "3RYGB", "6RBGY"], None);
    for mv in ["b2 blue", "b1 red", "a1 red", "a2 yellow"] {
        play(&mut g, mv);
    }
    assert_eq!(g.scored[1][1], Some(ScoredChip { winner: Some(Colour::Yellow), owner: Some(3), points: 16 }));
    assert_eq!(g.scores, vec![5, 0, 0, 22]);
}

#[test]
fn hand3_deals_three_and_needs_the_tile_named() {
    // start player 0 takes the first three tiles, player 1 the next three.
    let mut g = game(2, &["1RBGY", "2RBGY", "3RBGY", "4RBGY", "5RBGY", "6RBGY", "1RBYG"], Some(Variant::Hand3));
    assert_eq!(g.hands[0], vec![Tile::parse("1RBGY").unwrap(), Tile::parse("2RBGY").unwrap(), Tile::parse("3RBGY").unwrap()]);
    assert_eq!(g.hands[1].len(), 3);
    assert_eq!(g.legal_moves().len(), 16 * 4 * 3);
    assert_eq!(refusal(&g, "c3 red").key, "carat-which-tile");
    assert_eq!(refusal(&g, "c3 red 4RBGY").key, "carat-tile-not-in-hand");
    // any starting colour names the same tile: GYRB is RBGY read from green.
    play(&mut g, "c3 red 2GYRB");
    assert_eq!(g.board[2][2].map(|p| p.tile.value), Some(2));
    assert_eq!(g.hands[0].len(), 3, "refilled to three");
    assert!(g.hands[0].contains(&Tile::parse("1RBYG").unwrap()), "the seventh tile was drawn");
    assert_eq!(g.to_move, 1);
}

#[test]
fn german_and_english_notation_are_the_same_move() {
    let g = game(2, &[], None);
    let canonical = |t: &str| g.parse_move(t).map(|m| m.to_string());
    assert_eq!(canonical("c3 red"), Ok("c3 red".into()));
    for (text, want) in [("C3 ROT", "c3 red"), ("c3 grün", "c3 green"), ("c3 gruen", "c3 green"), ("  d4   gelb ", "d4 yellow"), ("e2 Blau", "e2 blue")] {
        assert_eq!(canonical(text), Ok(want.to_string()), "{text}");
    }
    assert_eq!(refusal(&g, "c3 purple").key, "carat-bad-colour");
    assert_eq!(refusal(&g, "g3 red").key, "carat-bad-space");
    assert_eq!(refusal(&g, "c3").key, "carat-not-a-move");
}

#[test]
fn malformed_setups_are_refused() {
    let ok = setup(&[], 0, None);
    let try_new = |s: CaratSetup, players: usize| Carat::new(&CaratOptions::default(), players, s, Chance::none());
    assert!(try_new(ok.clone(), 2).is_ok());

    let mut too_many_ones = ok.clone();
    too_many_ones.chips[0][4] = 1; // a 5 becomes a 1: eleven 1s, eight 5s
    assert!(try_new(too_many_ones, 2).unwrap_err().0.contains("value 1"));

    let mut six_rows = ok.clone();
    six_rows.chips.pop();
    assert!(try_new(six_rows, 2).is_err());

    let mut zero = ok.clone();
    zero.chips[3][3] = 0;
    assert!(try_new(zero, 2).is_err());

    let mut duplicate = ok.clone();
    duplicate.pile[1] = duplicate.pile[0].clone();
    assert!(try_new(duplicate, 2).unwrap_err().0.contains("twice"));

    let mut short = ok.clone();
    short.pile.pop();
    assert!(try_new(short, 2).unwrap_err().0.contains("35"));

    let mut bad_code = ok.clone();
    bad_code.pile[0] = "7RGBY".into();
    assert!(try_new(bad_code, 2).is_err());

    let mut same_letter = ok.clone();
    same_letter.pile[0] = "1RRGB".into();
    assert!(try_new(same_letter, 2).is_err());

    let mut start = ok.clone();
    start.start_player = 2;
    assert!(try_new(start, 2).is_err());

    let disagree = CaratOptions { variant: Some(Variant::Hand3) };
    assert!(Carat::new(&disagree, 2, setup(&[], 0, Some(Variant::TwoColours)), Chance::none()).is_err());
}

#[test]
fn rotation_keeps_the_clockwise_order() {
    let t = Tile::parse("5RGBY").unwrap();
    use Colour::*;
    assert_eq!(t.corners(Red), [Red, Green, Blue, Yellow]);
    assert_eq!(t.corners(Blue), [Blue, Yellow, Red, Green]);
    assert_eq!(Tile::parse("5GBYR").unwrap(), t);
    assert_eq!(Tile::parse("5ybrg").unwrap().to_string(), "5RGYB");
}

#[test]
fn a_removed_players_hand_goes_under_the_pile_and_colour_turns_neutral() {
    let options = serde_json::json!({"players": 3});
    let setup_json = serde_json::to_value(setup(&["6RGBY", "5RBGY", "3RYGB"], 0, None)).unwrap();
    let mut m = open(GameKind::Carat, &options, 3, Some(setup_json), None).unwrap();
    m.play("@resign 1").unwrap();
    assert_eq!(m.to_move(), vec![0]);
    m.play("c3 red").unwrap();
    // player 1 is skipped.
    assert_eq!(m.to_move(), vec![2]);
    let crate::AnyView::Carat(view) = m.view(Viewer::Omniscient) else { panic!("a Carat view") };
    assert_eq!(view.pile, 36 - 3 - 1 + 1, "the removed hand tile went back under the pile");
    assert!(view.colours[1].is_empty(), "blue is neutral now");
    assert_eq!(view.hands[0].as_deref(), Some(&[Tile::parse("1RBGY").unwrap()][..]), "player 0 drew the next tile");
}

#[test]
fn resign_with_two_players_ends_the_game() {
    let mut m = open(GameKind::Carat, &serde_json::json!({}), 2, None, Some(3)).unwrap();
    m.play("@resign 0").unwrap();
    assert!(m.is_finished());
    assert_eq!(m.ranking(), Some(vec![vec![1], vec![0]]));
    assert_eq!(m.play("c3 red").unwrap_err().kind, crate::PlayErrorKind::GameOver);
}

#[test]
fn views_hide_other_hands() {
    let g = game(2, &[], None);
    let crate::AnyView::Carat(spectator) = g.view(Viewer::Spectator) else { panic!("a Carat view") };
    assert_eq!(spectator.hands, vec![None, None]);
    let crate::AnyView::Carat(seat1) = g.view(Viewer::Seat(1)) else { panic!("a Carat view") };
    assert_eq!(seat1.hands[0], None);
    assert_eq!(seat1.hands[1].as_ref().map(Vec::len), Some(1));
    assert_eq!(seat1.hand_sizes, vec![1, 1]);
}

#[test]
fn seeded_random_playouts_fill_the_board_and_score_every_chip_once() {
    use rand::{RngExt, SeedableRng};
    for seed in 0..150u64 {
        let players = 2 + (seed % 3) as usize;
        let variant = match seed % 4 {
            0 => Some("hand3"),
            1 if players == 2 => Some("two_colours"),
            _ => None,
        };
        let options = serde_json::json!({ "players": players, "variant": variant });
        let mut m = open(GameKind::Carat, &options, players, None, Some(seed)).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut moves = 0;
        while !m.is_finished() {
            let legal = m.legal_moves();
            assert!(!legal.is_empty(), "seed {seed}: a player to move always has a placement");
            if seed % 10 == 0 {
                for mv in &legal {
                    assert!(m.box_clone().play(mv).is_ok(), "seed {seed}: legal move {mv} refused");
                }
                // A sample of refused moves is absent from the legal list.
                for text in ["a1 red", "f6 blue", "c3 green", "d4 yellow", "b5 red"] {
                    let mut copy = m.box_clone();
                    let accepted = copy.play(text).is_ok();
                    let listed = legal.iter().any(|l| l == text || l.starts_with(&format!("{text} ")));
                    if !accepted {
                        assert!(!legal.iter().any(|l| l == text), "seed {seed}: refused {text} is listed");
                    } else {
                        assert!(listed, "seed {seed}: accepted {text} is not listed");
                    }
                }
            }
            let pick = rng.random_range(0..legal.len());
            m.play(&legal[pick]).unwrap();
            moves += 1;
        }
        assert_eq!(moves, 36, "seed {seed}");
        let crate::AnyView::Carat(view) = m.view(Viewer::Omniscient) else { panic!("a Carat view") };
        assert!(view.board.iter().flatten().all(Option::is_some), "seed {seed}: all 36 tiles placed");
        let scored: Vec<&ScoredChip> = view.scored.iter().flatten().flatten().collect();
        assert_eq!(scored.len(), 49, "seed {seed}: every chip scored");
        for seat in 0..players {
            let won: i64 = scored.iter().filter(|s| s.owner == Some(seat)).map(|s| s.points).sum();
            assert_eq!(view.scores[seat], won, "seed {seed}: each chip counted once");
        }
        assert_eq!(m.summary().details, Some(serde_json::json!({"chips_scored": 49, "pile": 0})));
        let ranking = m.ranking().unwrap();
        assert_eq!(ranking.iter().map(Vec::len).sum::<usize>(), players);
    }
}

proptest::proptest! {
    #[test]
    fn the_parser_never_panics(text in ".{0,40}") {
        let g = game(2, &[], Some(Variant::Hand3));
        let _ = g.parse_move(&text);
        let mut m = open(GameKind::Carat, &serde_json::json!({}), 2, None, Some(1)).unwrap();
        let _ = m.play(&text);
    }

    #[test]
    fn words_that_look_like_moves_never_panic(space in "[a-hA-H0-9]{0,3}", colour in "(red|rot|blue|gelb|x|)", tile in "[0-9RGBYX]{0,6}") {
        let g = game(3, &[], Some(Variant::Hand3));
        let text = format!("{space} {colour} {tile}");
        if let Ok(mv) = g.parse_move(&text) {
            let _ = g.clone().apply(&mv);
        }
    }
}

#[test]
fn the_removal_that_leaves_one_player_makes_that_player_the_winner_in_the_view() {
    let options = serde_json::json!({"players": 3});
    let setup_json = serde_json::to_value(setup(&["6RGBY", "5RBGY", "3RYGB", "1RBGY"], 0, None)).unwrap();
    let mut m = open(GameKind::Carat, &options, 3, Some(setup_json), None).unwrap();
    m.play("@resign 1").unwrap();
    assert_eq!(m.to_move(), vec![0]);
    // yellow (seat 2) is not to move; its hand (3RYGB) goes under the pile, and nobody
    // is dealt a tile: alice keeps only 6RGBY, the pile keeps 36 - 3 dealt + 2 returned.
    m.play("@timeout 2").unwrap();
    assert!(m.is_finished());
    assert_eq!(m.ranking(), Some(vec![vec![0], vec![2], vec![1]]));
    let crate::AnyView::Carat(view) = m.view(Viewer::Omniscient) else { panic!("a Carat view") };
    assert_eq!(view.winners, vec![0]);
    assert_eq!(view.to_move, None);
    assert!(view.colours[1].is_empty() && view.colours[2].is_empty(), "blue and yellow are neutral");
    assert_eq!(view.pile, 35);
    assert_eq!(view.hands[0].as_deref(), Some(&[Tile::parse("6RGBY").unwrap()][..]));
}

#[test]
fn a_two_player_resignation_makes_the_other_player_the_winner_in_the_view() {
    let mut m = open(GameKind::Carat, &serde_json::json!({}), 2, None, Some(3)).unwrap();
    m.play("@resign 0").unwrap();
    // 0:0 on points, but the resigned player loses
    let crate::AnyView::Carat(view) = m.view(Viewer::Spectator) else { panic!("a Carat view") };
    assert_eq!(view.winners, vec![1]);
}

#[test]
fn after_a_two_player_resignation_the_view_names_nobody_to_move() {
    let mut m = open(GameKind::Carat, &serde_json::json!({}), 2, None, Some(3)).unwrap();
    let crate::AnyView::Carat(before) = m.view(Viewer::Spectator) else { panic!("a Carat view") };
    assert!(before.to_move.is_some());
    m.play("@resign 1").unwrap();
    let crate::AnyView::Carat(after) = m.view(Viewer::Spectator) else { panic!("a Carat view") };
    assert_eq!(after.to_move, None);
}

/// A planned move of a later turn is read by its shape alone: a tile not in the hand to
/// move, or none named in `hand3`, still reads; a bad space, colour or tile does not.
#[test]
fn written_as_move_reads_the_shape_without_the_hand() {
    let game = open(GameKind::Carat, &serde_json::json!({"players": 2, "variant": "hand3"}), 2, None, Some(1)).expect("carat");
    for text in ["c3 red", "C3 ROT", "f6 yellow 5RGBY", "a1 grün 1RBGY"] {
        assert!(game.written_as_move(text), "{text}");
    }
    for text in ["c3", "g1 red", "c3 purple", "c3 red 7RGBY", "c3 red 5RGBY x", "@resign 0", "hello"] {
        assert!(!game.written_as_move(text), "{text}");
    }
}
