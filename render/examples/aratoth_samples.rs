//! Writes sample Aratoth boards as PNG files, for looking at the drawing.
//!
//! `cargo run -p render --example aratoth_samples -- OUT_DIR [en|de]`

use rules::{GameKind, Match, Viewer, open};
use serde_json::json;

mod support;

/// The moves of the spec example `19-full-2p-a` (the project's copy of the record), the
/// first 24 of them.
fn full_game() -> Vec<String> {
    let record: serde_json::Value =
        serde_json::from_str(include_str!("../../rules/tests/examples/aratoth/19-full-2p-a.json")).expect("the example record is JSON");
    let moves = record["moves"].as_array().expect("moves");
    moves.iter().take(24).map(|m| m.as_str().expect("a move").to_string()).collect()
}

fn replay(players: usize, moves: &[String]) -> Box<dyn Match> {
    let mut game =
        open(GameKind::Aratoth, &json!({ "players": players }), players, Some(json!({"start_player": 0})), None)
            .expect("game opens");
    for mv in moves {
        game.play(mv).expect("legal move");
    }
    game
}

/// Plays random legal moves (a small LCG on `seed`) until the game ends or `moves` are made.
fn random(players: usize, seed: u64, moves: usize) -> Box<dyn Match> {
    support::play_randomly(replay(players, &[]), seed, moves)
}

fn main() {
    // The second argument picks the language of the words: en (default) or de.
    let lang: render::Lang = std::env::args().nth(2).map(|l| l.parse().expect("en or de")).unwrap_or_default();
    let out = std::env::args().nth(1).unwrap_or_else(|| "aratoth-samples".into());
    std::fs::create_dir_all(&out).expect("output directory");
    let names: Vec<String> = ["Alice", "Bob the Builder", "Chidi"].iter().map(|s| s.to_string()).collect();
    let full_game = full_game();
    let samples: Vec<(&str, Box<dyn Match>)> = vec![
        ("empty", replay(2, &[])),
        ("mid-game", replay(2, &full_game[..12])),
        ("finished", replay(2, &full_game)),
        ("three-mid", random(3, 7, 14)),
        ("three-finished", random(3, 11, 200)),
    ];
    for (name, game) in samples {
        let players = game.players();
        let png = render::board_png(&game.view(Viewer::Spectator), &names[..players], lang).expect("board renders");
        let path = format!("{out}/{name}.png");
        std::fs::write(&path, &png).expect("write");
        println!("{path}: {} bytes", png.len());
    }
}
