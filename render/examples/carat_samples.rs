//! Writes sample Carat boards and hands as PNG files, for looking at the drawing.
//!
//! `cargo run -p render --example carat_samples -- OUT_DIR [en|de]`

use rules::{GameKind, Match, Viewer, open};
use serde_json::json;

mod support;

/// Plays `moves` moves, each time taking the legal move at a position drawn from `seed`.
fn play(options: serde_json::Value, players: usize, seed: u64, moves: usize) -> Box<dyn Match> {
    let game = open(GameKind::Carat, &options, players, None, Some(seed)).expect("game opens");
    support::play_randomly(game, seed, moves)
}

fn main() {
    // The second argument picks the language of the words: en (default) or de.
    let lang: render::Lang = std::env::args().nth(2).map(|l| l.parse().expect("en or de")).unwrap_or_default();
    let out = std::env::args().nth(1).unwrap_or_else(|| "carat-samples".into());
    std::fs::create_dir_all(&out).expect("output directory");
    let names4: Vec<String> = ["Alice", "Bob the Builder", "Chidi", "Dörte"].iter().map(|s| s.to_string()).collect();
    let samples: Vec<(&str, Box<dyn Match>, usize)> = vec![
        ("empty", play(json!({"players": 2}), 2, 1, 0), 2),
        ("mid-game", play(json!({"players": 2}), 2, 2, 18), 2),
        ("finished", play(json!({"players": 3}), 3, 3, 36), 3),
        ("hand3", play(json!({"players": 4, "variant": "hand3"}), 4, 4, 20), 4),
        ("two-colours", play(json!({"players": 2, "variant": "two_colours"}), 2, 5, 26), 2),
    ];
    for (name, game, players) in samples {
        let names = &names4[..players];
        let png = render::board_png(&game.view(Viewer::Spectator), names, lang).expect("board renders");
        let path = format!("{out}/{name}.png");
        std::fs::write(&path, &png).expect("write");
        println!("{path}: {} bytes", png.len());
        let seat = game.to_move().first().copied().unwrap_or(0);
        if let Some(hand) = render::hand_png(&game.view(Viewer::Seat(seat)), seat, names, lang).expect("hand renders") {
            let path = format!("{out}/{name}-hand.png");
            std::fs::write(&path, &hand).expect("write");
            println!("{path}: {} bytes", hand.len());
        }
    }
}
