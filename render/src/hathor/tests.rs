//! The Hathor board drawing: decodes, fits the size limits, and shows what the view says
//! where the layout puts it.

use rules::{
    AnyView,
    hathor::{COLS, Field, HathorView, ROWS, Stone},
};

use super::*;

fn stone(text: &str) -> Stone {
    Stone::parse(text).unwrap_or_else(|| panic!("{text} is a stone"))
}

fn field(text: &str) -> Field {
    Field::parse(text).unwrap_or_else(|| panic!("{text} is a field"))
}

/// A1 red-hathor (start stone), C3 blue-lotus just placed turning B2 (green-lotus),
/// the hint marking A7, the current stone yellow-eye.
fn sample() -> HathorView {
    let mut board = [[None; COLS]; ROWS];
    board[0][0] = Some(stone("red-hathor"));
    board[2][2] = Some(stone("blue-lotus"));
    board[1][1] = Some(stone("green-lotus"));
    HathorView {
        board,
        current: Some(stone("yellow-eye")),
        left: 70,
        placed: 2,
        score: -200,
        hints_used: 1,
        last: Some(field("C3")),
        transformed: vec![field("B2")],
        hint: Some(vec![field("A7")]),
        variant: 3,
        end: None,
    }
}

fn centre(f: &str) -> (u32, u32) {
    let (x, y) = field_origin(field(f));
    ((x + CELL / 2.0) as u32, (y + CELL / 2.0) as u32)
}

#[test]
fn board_png_decodes_within_limits() {
    let png = crate::board_png(&AnyView::Hathor(sample()), &[], crate::Lang::En).unwrap_or_default();
    assert!(png.len() < 300 * 1024, "{} bytes", png.len());
    let Ok(image) = image::load_from_memory(&png) else {
        panic!("the PNG decodes")
    };
    assert_eq!((image.width(), image.height()), (WIDTH, HEIGHT));
    assert!(image.width() >= 800);
    assert_eq!(
        crate::hand_png(&AnyView::Hathor(sample()), 0, &[], crate::Lang::En).ok(),
        Some(None),
        "no hands in Hathor"
    );
}

#[test]
fn pixels_show_stones_marks_and_the_current_stone() {
    let Ok(canvas) = draw_board(&sample(), crate::Lang::En) else {
        panic!("drawing")
    };
    let px = |x: u32, y: u32| canvas.pixel(x, y);
    // 12 px into A1's field the stone's face shows (inside the rim, outside the symbol).
    let (x, y) = field_origin(field("A1"));
    assert_eq!(px(x as u32 + 12, y as u32 + 12), Some(palette::RED));
    // The hathor disc sits at the stone's middle, white on red.
    let (cx, cy) = centre("A1");
    assert_eq!(px(cx, cy), Some(palette::RED.ink_on()));
    assert_eq!(palette::RED.ink_on(), palette::WHITE);
    // The hint marks A7 (legal) and not A6.
    assert_eq!(px(centre("A7").0, centre("A7").1), Some(HINT));
    assert_eq!(px(centre("A6").0, centre("A6").1), Some(EMPTY_FIELD));
    // The last stone's frame covers its field's edge; an unmarked field's edge shows
    // the board.
    let (lx, ly) = field_origin(field("C3"));
    assert_eq!(
        px(lx as u32 + 1, (ly + CELL / 2.0) as u32),
        Some(palette::HIGHLIGHT)
    );
    let (ex, ey) = field_origin(field("E5"));
    assert_eq!(px(ex as u32 + 1, (ey + CELL / 2.0) as u32), Some(BOARD));
    // The transformed stone has a mark at its corner, not in the middle of its edge.
    let (tx, ty) = field_origin(field("B2"));
    assert_eq!(px(tx as u32 + 8, ty as u32 + 2), Some(palette::HIGHLIGHT));
    assert_ne!(
        px((tx + CELL / 2.0) as u32, ty as u32 + 2),
        Some(palette::HIGHLIGHT)
    );
    // The current stone, large in the header: its face 14 px inside its corner.
    assert_eq!(
        px(CURRENT_X as u32 + 14, CURRENT_Y as u32 + 14),
        Some(palette::YELLOW)
    );
}

#[test]
fn every_stone_and_end_draws() {
    let mut view = sample();
    for (k, s) in Stone::all().enumerate() {
        view.board[k / 6 + 2][(k % 6) * 2] = Some(s);
    }
    view.current = None;
    view.hint = None;
    for end in [
        None,
        Some(End::Blocked),
        Some(End::Complete),
        Some(End::Resigned),
        Some(End::TimedOut),
    ] {
        view.end = end;
        let png = crate::board_png(&AnyView::Hathor(view.clone()), &[], crate::Lang::En).unwrap_or_default();
        assert!(!png.is_empty() && png.len() < 300 * 1024);
    }
}

#[test]
fn a_timed_out_game_says_its_time_ran_out_not_that_it_was_resigned() {
    let mut view = sample();
    view.end = Some(End::TimedOut);
    assert_eq!(super::status_line(&view, crate::Lang::En), "Game over: time ran out");
    assert_eq!(super::status_line(&view, crate::Lang::De), "Partie vorbei: Zeit abgelaufen");
    view.end = Some(End::Resigned);
    assert_eq!(super::status_line(&view, crate::Lang::En), "Game over: resigned");
}
