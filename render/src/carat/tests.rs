//! The Carat drawing: sizes, and pixels whose colours follow from the layout constants.
//!
//! The test game uses a fixed setup: chips 1,1,...(ten 1s), ten 2s, ten 3s, ten 4s, nine
//! 5s, row by row from the top left (so chips (0,0) and (0,1) are both 1), and the pile in
//! the order of `Tile::all()`: `1RBGY 1RBYG 1RGBY 1RGYB 1RYBG 1RYGB 2RBGY ...`. Alice
//! (seat 0) starts with 1RBGY, Bob with 1RBYG; each draws the next tile after placing.

use image::RgbImage;
use rules::{AnyView, GameKind, Match, Viewer, open};
use serde_json::json;

use super::*;

fn setup(variant: Option<&str>) -> serde_json::Value {
    let values: Vec<u8> = [(1u8, 10usize), (2, 10), (3, 10), (4, 10), (5, 9)]
        .iter()
        .flat_map(|&(v, n)| std::iter::repeat_n(v, n))
        .collect();
    let chips: Vec<Vec<u8>> = values.chunks(7).map(<[u8]>::to_vec).collect();
    let pile: Vec<String> = Tile::all().iter().map(ToString::to_string).collect();
    json!({ "chips": chips, "pile": pile, "start_player": 0, "variant": variant })
}

fn game(players: usize, variant: Option<&str>, moves: &[&str]) -> Box<dyn Match> {
    let options = json!({ "players": players, "variant": variant });
    let mut game =
        open(GameKind::Carat, &options, players, Some(setup(variant)), None).expect("setup is valid");
    for m in moves {
        game.play(m).expect("the test's moves are legal");
    }
    game
}

fn names(players: usize) -> Vec<String> {
    ["alice", "bob", "carol", "dave"][..players].iter().map(|s| s.to_string()).collect()
}

fn decode(png: &[u8]) -> RgbImage {
    image::load_from_memory(png).expect("the PNG decodes").to_rgb8()
}

fn board(game: &dyn Match) -> (Vec<u8>, RgbImage) {
    let png = crate::board_png(&game.view(Viewer::Spectator), &names(game.players()), crate::Lang::En).expect("board renders");
    let image = decode(&png);
    (png, image)
}

fn at(image: &RgbImage, x: f32, y: f32) -> Rgb {
    let p = image.get_pixel(x as u32, y as u32);
    Rgb(p[0], p[1], p[2])
}

/// c3, b3, b2, a2, then a1 with `last` in the north-west corner.
fn to_the_corner(last: &str) -> Box<dyn Match> {
    game(2, None, &["c3 red", "b3 red", "b2 red", "a2 red", &format!("a1 {last}")])
}

#[test]
fn board_sizes_follow_the_player_count() {
    // 70 header + 62 to the grid + 720 grid + 80 to the panel = 932; then 60 per player + 22.
    for (players, height) in [(2, 1074), (3, 1134), (4, 1194)] {
        let (png, image) = board(&*game(players, None, &[]));
        assert_eq!((image.width(), image.height()), (900, height), "{players} players");
        assert!(png.len() < 300 * 1024);
    }
}

#[test]
fn png_is_rgb() {
    let png = crate::board_png(&game(2, None, &[]).view(Viewer::Spectator), &names(2), crate::Lang::En).expect("renders");
    let image = image::load_from_memory(&png).expect("decodes");
    assert_eq!(image.color(), image::ColorType::Rgb8);
}

#[test]
fn last_placed_tile_is_framed_and_the_frame_moves_on() {
    // c3 = column 2, row 2: its space starts at (90 + 240, 132 + 240) = (330, 372); the
    // frame is 6 px wide along the space's edge, so (390, 375) lies in its middle.
    let (_, image) = board(&*game(2, None, &["c3 red"]));
    assert_eq!(at(&image, 390.0, 375.0), palette::HIGHLIGHT);
    assert_eq!(at(&image, 332.0, 432.0), palette::HIGHLIGHT, "left edge of c3");
    // After Bob's d3 the frame is on d3 ((450, 372) .. (570, 492)); c3's top edge shows
    // the board between the tile and the empty c2.
    let (_, image) = board(&*game(2, None, &["c3 red", "d3 blue"]));
    assert_eq!(at(&image, 510.0, 375.0), palette::HIGHLIGHT);
    assert_eq!(at(&image, 390.0, 375.0), BOARD);
}

#[test]
fn placed_tile_shows_its_diamonds_in_place() {
    // Alice's 1RBGY on c3 with blue to the north-west: corners NW blue, NE green,
    // SE yellow, SW red. The middle of c3 is (390, 432); each diamond's middle lies 0.54
    // of the way to its corner (60 px off in x and y): 32.4 px in x and y.
    let (_, image) = board(&*game(2, None, &["c3 blue"]));
    let d = 0.54 * 60.0;
    assert_eq!(at(&image, 390.0 - d, 432.0 - d), palette::BLUE);
    assert_eq!(at(&image, 390.0 + d, 432.0 - d), palette::GREEN);
    assert_eq!(at(&image, 390.0 + d, 432.0 + d), palette::YELLOW);
    assert_eq!(at(&image, 390.0 - d, 432.0 + d), palette::RED);
}

#[test]
fn chip_won_by_a_player_is_filled_with_the_winning_colour() {
    // a1 with red to the north-west: chip (0,0) at (90, 132) touches only a1's red 1,
    // so red wins it (blue, green, yellow all 0 cancel) and Alice scores 1 x 1.
    // Chip (0,1) touches a1's south-west green 1 and a2's north-west red 1: they cancel,
    // blue and yellow (0) cancel, so nobody wins it.
    let game = to_the_corner("red");
    assert_eq!(game.scores(), Some(vec![1, 0]));
    let (_, image) = board(&*game);
    // 17 px below the centre: inside the chip, below its digit.
    assert_eq!(at(&image, 90.0, 132.0 + 17.0), palette::RED);
    assert_eq!(at(&image, 90.0, 252.0 + 17.0), DEAD_CHIP);
    // Chip (1,0) at (210, 132) is still open.
    assert_eq!(at(&image, 210.0, 132.0 + 17.0), OPEN_CHIP);
}

#[test]
fn chip_won_by_a_neutral_colour_is_grey_ringed_in_that_colour() {
    // a1 with green to the north-west: green wins chip (0,0), but green is neutral with
    // two players, so nobody scores. The ring is 5 px wide inside radius 25: 20..25 px
    // from the centre, so (90, 132 - 22) lies in it.
    let game = to_the_corner("green");
    assert_eq!(game.scores(), Some(vec![0, 0]));
    let (_, image) = board(&*game);
    assert_eq!(at(&image, 90.0, 132.0 + 17.0), DEAD_CHIP);
    assert_eq!(at(&image, 90.0, 132.0 - 22.0), palette::GREEN);
}

#[test]
fn row_of_the_player_to_move_is_tinted() {
    // After one move Bob (seat 1) is to move. Rows start at 932 + 60 * seat; each card
    // starts 4 px lower, so 10 px below a row's top lies inside the card, above the name.
    let (_, image) = board(&*game(2, None, &["c3 red"]));
    assert_eq!(at(&image, 450.0, 932.0 + 60.0 + 10.0), palette::TURN_TINT);
    assert_eq!(at(&image, 450.0, 932.0 + 10.0), palette::PANEL);
}

#[test]
fn hand_is_shown_only_to_its_owner() {
    let game = to_the_corner("red");
    for seat in 0..2 {
        let hand = crate::hand_png(&game.view(Viewer::Spectator), seat, &names(2), crate::Lang::En).expect("renders");
        assert!(hand.is_none(), "a spectator sees no hand");
    }
    assert!(crate::hand_png(&game.view(Viewer::Seat(1)), 0, &names(2), crate::Lang::En).expect("renders").is_none());
    assert!(crate::hand_png(&game.view(Viewer::Seat(1)), 5, &names(2), crate::Lang::En).expect("renders").is_none());
}

#[test]
fn hand_shows_the_tile_with_red_to_the_north_west() {
    // Bob has drawn 1RYGB (the 6th tile). The large tile (side 150) is drawn at (30, 60)
    // with red to the north-west: corners NW red, NE yellow, SE green, SW blue; its middle
    // is (105, 135) and the diamonds' middles lie 0.54 * 75 = 40.5 px off in x and y.
    let game = to_the_corner("red");
    let png = crate::hand_png(&game.view(Viewer::Seat(1)), 1, &names(2), crate::Lang::En).expect("renders").expect("Bob sees it");
    let image = decode(&png);
    assert_eq!((image.width(), image.height()), (810, 60 + 212));
    let d = 40.5;
    assert_eq!(at(&image, 105.0 - d, 135.0 - d), palette::RED);
    assert_eq!(at(&image, 105.0 + d, 135.0 - d), palette::YELLOW);
    assert_eq!(at(&image, 105.0 + d, 135.0 + d), palette::GREEN);
    assert_eq!(at(&image, 105.0 - d, 135.0 + d), palette::BLUE);
}

#[test]
fn hand3_hand_has_three_rows() {
    let game = game(3, Some("hand3"), &[]);
    let png = crate::hand_png(&game.view(Viewer::Seat(0)), 0, &names(3), crate::Lang::En).expect("renders").expect("own hand");
    let image = decode(&png);
    assert_eq!((image.width(), image.height()), (810, 60 + 3 * 212));
}

#[test]
fn hand3_and_two_colours_boards_render() {
    let hand3 = game(4, Some("hand3"), &["c3 red 1RBGY", "d3 red 1RYBG"]);
    let (png, image) = board(&*hand3);
    assert_eq!(image.width(), 900);
    assert!(png.len() < 300 * 1024);
    // With two colours Alice owns red and green: a1 with green to the north-west wins
    // chip (0,0) for her (1 x 1), so it is filled green.
    let two = game(2, Some("two_colours"), &["c3 red", "b3 red", "b2 red", "a2 red", "a1 green"]);
    assert_eq!(two.scores(), Some(vec![1, 0]));
    let (_, image) = board(&*two);
    assert_eq!(at(&image, 90.0, 132.0 + 17.0), palette::GREEN);
}

#[test]
fn full_example_game_renders_small() {
    let text = include_str!("../../../rules/tests/examples/carat/20-full-game-2p.json");
    let record: rules::record::Record = serde_json::from_str(text).expect("the example parses");
    let (game, error) = rules::record::replay_record(&record).expect("the example opens");
    assert!(error.is_none());
    let png = crate::board_png(&game.view(Viewer::Spectator), &record.players, crate::Lang::En).expect("renders");
    let image = decode(&png);
    assert_eq!((image.width(), image.height()), (900, 1074));
    assert!(png.len() < 300 * 1024, "{} bytes", png.len());
    // Finished: nobody's row is tinted.
    assert_eq!(at(&image, 450.0, 932.0 + 10.0), palette::PANEL);
    assert_eq!(at(&image, 450.0, 992.0 + 10.0), palette::PANEL);
}

#[test]
fn full_four_player_games_stay_under_300_kb() {
    for seed in 1..=4 {
        let mut game = open(GameKind::Carat, &json!({"players": 4}), 4, None, Some(seed)).expect("opens");
        while let Some(m) = game.legal_moves().get(seed as usize % 7).cloned().or_else(|| game.legal_moves().pop()) {
            game.play(&m).expect("legal");
        }
        let names: Vec<String> = (0..4).map(|k| format!("a rather long player name number {k}")).collect();
        let png = crate::board_png(&game.view(Viewer::Spectator), &names, crate::Lang::En).expect("renders");
        assert!(png.len() < 300 * 1024, "seed {seed}: {} bytes", png.len());
    }
}

#[test]
fn missing_and_hostile_names_still_render() {
    let game = game(2, None, &[]);
    let AnyView::Carat(view) = game.view(Viewer::Spectator) else { panic!("a Carat view") };
    let long = vec!["x".repeat(50_000)];
    assert!(draw_board(&view, &long, crate::Lang::En).is_ok());
    assert!(draw_board(&view, &[], crate::Lang::En).is_ok());
}

#[test]
fn removed_player_is_struck_through() {
    // Bob (seat 1) resigns a 3-player game: his colour turns neutral and his row shows his
    // name struck through in grey. With no colour diamond, the name starts at
    // 30 + 48 + 34 + 8 = 120 and the 3 px line runs from 116 along the row's middle,
    // 932 + 60 + 4 + 26 = 1022.
    let game = game(3, None, &["c3 red", "@resign 1"]);
    let AnyView::Carat(view) = game.view(Viewer::Spectator) else { panic!("a Carat view") };
    assert!(view.colours[1].is_empty());
    let (_, image) = board(&*game);
    assert_eq!(at(&image, 117.0, 1022.0), palette::MUTED);
    // Carol (seat 2) is to move after Bob left.
    assert_eq!(at(&image, 450.0, 932.0 + 120.0 + 10.0), palette::TURN_TINT);
}

#[test]
fn empty_hand_after_the_game_is_none() {
    let text = include_str!("../../../rules/tests/examples/carat/20-full-game-2p.json");
    let record: rules::record::Record = serde_json::from_str(text).expect("the example parses");
    let (game, _) = rules::record::replay_record(&record).expect("the example opens");
    assert!(crate::hand_png(&game.view(Viewer::Seat(0)), 0, &record.players, crate::Lang::En).expect("renders").is_none());
}
