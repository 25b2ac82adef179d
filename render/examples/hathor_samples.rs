//! Writes sample Hathor boards as PNG files, for looking at the drawing.
//!
//! `cargo run -p render --example hathor_samples -- OUT_DIR [en|de]`

use rules::{
    AnyView, GameKind, Match, Viewer,
    hathor::{Field, HathorView, Stone},
    open,
};
use serde_json::json;

mod support;

/// A seeded game of `variant` after `moves` moves, each the legal move at a position
/// drawn from `seed`; `hint` asks for the hint at the end.
fn play(variant: u8, seed: u64, moves: usize, hint: bool) -> Box<dyn Match> {
    let game = open(
        GameKind::Hathor,
        &json!({ "variant": variant }),
        1,
        None,
        Some(seed),
    )
    .expect("game opens");
    let mut game = support::play_randomly(game, seed, moves);
    if hint && !game.is_finished() {
        game.play("hint").expect("hint");
    }
    game
}

/// Every one of the 36 stones on the board, for checking the symbols and colours.
fn all_stones() -> AnyView {
    let mut board = [[None; 14]; 8];
    for (k, stone) in Stone::all().enumerate() {
        let (row, col) = (k / 6, k % 6);
        board[row + 1][col * 2 + 1] = Some(stone);
    }
    AnyView::Hathor(HathorView {
        board,
        current: Stone::parse("white-falcon"),
        left: 72,
        placed: 0,
        score: 0,
        hints_used: 0,
        last: Field::parse("B2"),
        transformed: vec![],
        hint: Some(vec![Field::parse("N8").expect("field")]),
        variant: 1,
        end: None,
    })
}

fn main() {
    // The second argument picks the language of the words: en (default) or de.
    let lang: render::Lang = std::env::args().nth(2).map(|l| l.parse().expect("en or de")).unwrap_or_default();
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "hathor-samples".into());
    std::fs::create_dir_all(&out).expect("output directory");
    let mut views: Vec<(String, AnyView)> = vec![("all-stones".into(), all_stones())];
    let games = [
        ("start", play(1, 1, 0, false)),
        ("mid-game", play(1, 2, 25, false)),
        ("hint", play(1, 3, 18, true)),
        ("variant2", play(2, 4, 40, false)),
        ("variant4-end", play(4, 5, 200, false)),
        ("variant5-end", play(5, 6, 200, false)),
    ];
    for (name, game) in games {
        views.push((name.into(), game.view(Viewer::Spectator)));
    }
    for (name, view) in views {
        let png = render::board_png(&view, &["solo".to_string()], lang).expect("drawing");
        let path = format!("{out}/hathor-{name}.png");
        std::fs::write(&path, &png).expect("write");
        println!("{path}: {} bytes", png.len());
    }
}
