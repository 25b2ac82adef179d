//! The Artifakes drawings: size, weight, and pixels whose colour follows from the layout.

use rules::{
    AnyView, GameKind, Match, Viewer,
    artifakes::{ArtifakesView, Colour, Pieces},
    open,
};
use serde_json::json;

use super::{
    HEIGHT, WIDTH, draw_board, draw_hand, field_colour,
    ring::{CENTRE_Y, OUTER_R, BAND_R, field_angle, piece_centre, polar},
    seat_colour,
};

fn names() -> Vec<String> {
    vec!["Ada".into(), "Bert".into()]
}

/// A game on the deck 1,1,2,2,...,30,30 after `moves`.
fn game(moves: &[&str]) -> Box<dyn Match> {
    let deck: Vec<u8> = (1..=30).flat_map(|n| [n, n]).collect();
    let setup = json!({"deck": deck, "start_player": 0});
    let mut game = open(GameKind::Artifakes, &json!({}), 2, Some(setup), None).unwrap_or_else(|e| panic!("{e}"));
    for mv in moves {
        game.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    game
}

fn view(game: &dyn Match, viewer: Viewer) -> ArtifakesView {
    match game.view(viewer) {
        AnyView::Artifakes(v) => v,
        other => panic!("not an Artifakes view: {other:?}"),
    }
}

/// Both players bury all 20 pieces, taking turns: seat 0 a block and a disc on each of
/// fields 1-10, seat 1 the same on 11-20. Then excavating starts.
fn buried_all() -> Vec<String> {
    let mut moves = Vec::new();
    for kind in ["block", "disc"] {
        for k in 1..=10 {
            moves.push(format!("bury {kind} {k}"));
            moves.push(format!("bury {kind} {}", k + 10));
        }
    }
    moves
}

#[test]
fn board_png_is_wide_light_and_decodes() {
    let moves = buried_all();
    let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
    for (name, game) in [("start", game(&[])), ("excavating", game(&refs))] {
        let png = crate::board_png(&game.view(Viewer::Spectator), &names(), crate::Lang::En).unwrap_or_else(|e| panic!("{e}"));
        assert!(png.len() < 300_000, "{name}: {} bytes", png.len());
        let image = image::load_from_memory(&png).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!((image.width(), image.height()), (WIDTH, HEIGHT), "{name}");
        assert!(image.width() >= 800);
    }
}

#[test]
fn fields_are_drawn_in_their_ring_colours() {
    let game = game(&[]);
    let Ok(canvas) = draw_board(&view(game.as_ref(), Viewer::Spectator), &names(), crate::Lang::En) else { panic!("draws") };
    // A point in a field's coloured band, beside its number (4 of the field's 12 degrees off the middle).
    let band = |field: u8| {
        let (x, y) = polar((OUTER_R + BAND_R) / 2.0, field_angle(field) + 4f32.to_radians());
        canvas.pixel(x.round() as u32, y.round() as u32)
    };
    for (field, colour) in [(1, Colour::White), (7, Colour::Blue), (12, Colour::Grey), (15, Colour::Green), (21, Colour::Yellow), (27, Colour::Red)] {
        assert_eq!(band(field), Some(field_colour(colour)), "field {field}");
    }
    // Field 1 sits at the top, straight above the centre.
    let (x, y) = polar((OUTER_R + BAND_R) / 2.0, field_angle(1));
    assert!((x - WIDTH as f32 / 2.0).abs() < 0.01 && y < CENTRE_Y - BAND_R);
}

#[test]
fn buried_pieces_stand_on_their_field_in_the_players_colours() {
    // Seat 0 buries a block on 9, seat 1 a disc on 9: the block is first (outermost).
    let game = game(&["bury block 9", "bury disc 9", "bury disc 30"]);
    let v = view(game.as_ref(), Viewer::Spectator);
    assert_eq!(v.buried[8], [Pieces::new(1, 0), Pieces::new(0, 1)]);
    let Ok(canvas) = draw_board(&v, &names(), crate::Lang::En) else { panic!("draws") };
    let at = |(x, y): (f32, f32)| canvas.pixel(x.round() as u32, y.round() as u32);
    assert_eq!(at(piece_centre(9, 0)), Some(seat_colour(0)));
    assert_eq!(at(piece_centre(9, 1)), Some(seat_colour(1)));
    assert_eq!(at(piece_centre(30, 0)), Some(seat_colour(0)));
    // Nothing further in on field 9, nor on an empty field: the ground shows.
    let ground = at(piece_centre(9, 3));
    assert_eq!(at(piece_centre(8, 0)), ground);
    assert_ne!(ground, Some(seat_colour(0)));
}

#[test]
fn hands_are_drawn_only_for_their_owner() {
    let moves = buried_all();
    let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
    let game = game(&refs);
    // While burying nobody holds a card: no hand picture.
    let burying = self::game(&[]);
    assert!(crate::hand_png(&burying.view(Viewer::Seat(0)), 0, &names(), crate::Lang::En).unwrap_or_else(|e| panic!("{e}")).is_none());
    let spectator = game.view(Viewer::Spectator);
    assert!(crate::hand_png(&spectator, 0, &names(), crate::Lang::En).unwrap_or_else(|e| panic!("{e}")).is_none());
    assert!(crate::hand_png(&game.view(Viewer::Seat(1)), 0, &names(), crate::Lang::En).unwrap_or_else(|e| panic!("{e}")).is_none());
    let png = crate::hand_png(&game.view(Viewer::Seat(0)), 0, &names(), crate::Lang::En).unwrap_or_else(|e| panic!("{e}"));
    let Some(png) = png else { panic!("seat 0 sees its hand") };
    assert!(png.len() < 300_000);
    let image = image::load_from_memory(&png).unwrap_or_else(|e| panic!("{e}"));
    assert!(image.width() >= 800);
}

#[test]
fn the_hand_shows_five_cards_in_their_colours() {
    let moves = buried_all();
    let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
    let game = game(&refs);
    // Sorted deck, seat 0 dealt first: seat 0 holds 1, 2, 3, 4, 5 (all white).
    let v = view(game.as_ref(), Viewer::Seat(0));
    assert_eq!(v.hands[0].as_deref(), Some(&[1, 2, 3, 4, 5][..]));
    let Ok(Some(canvas)) = draw_hand(&v, 0, &names(), crate::Lang::En) else { panic!("draws") };
    assert_eq!(canvas.width(), WIDTH);
    let rows = 5.0;
    assert!(canvas.height() as f32 >= super::hand::ROW_H * rows);
    // Replace the hand by cards of five other colours and check each card's colour band,
    // left of its colour word.
    let mut v = v;
    v.hands[0] = Some(vec![7, 13, 19, 25, 30]);
    let Ok(Some(canvas)) = draw_hand(&v, 0, &names(), crate::Lang::En) else { panic!("draws") };
    for (k, colour) in [Colour::Blue, Colour::Green, Colour::Yellow, Colour::Red, Colour::Grey].into_iter().enumerate() {
        let card = super::hand::card_area(k);
        let (x, y) = (card.x + 8.0, card.y + card.h * 0.135);
        assert_eq!(canvas.pixel(x as u32, y as u32), Some(field_colour(colour)), "card {k}");
    }
}
