//! Writes sample Helofag boards as PNG files, for looking at the drawing.
//!
//! `cargo run -p render --example helofag_samples -- OUT_DIR [en|de]`

use rules::{GameKind, Match, Viewer, open};
use serde_json::json;

/// A seeded game after `turns` turns, each a complete turn drawn from `seed`.
fn play(players: usize, goal: u8, seed: u64, turns: usize) -> Box<dyn Match> {
    let options = json!({"players": players, "goal": goal});
    let mut game = open(GameKind::Helofag, &options, players, None, Some(seed)).expect("game opens");
    let mut state = seed;
    for _ in 0..turns {
        if game.is_finished() {
            break;
        }
        let legal = game.legal_moves();
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let first = &legal[(state >> 33) as usize % legal.len()];
        // Prefer a second action when one fits: try each and keep the first accepted.
        let mut done = false;
        for second in &legal {
            if game.play(&format!("{first}, {second}")).is_ok() {
                done = true;
                break;
            }
        }
        if !done {
            game.play(first).expect("legal move");
        }
    }
    game
}

/// A game where every turn steps pieces from S into ring A while it can.
fn crowded(players: usize, seed: u64) -> Box<dyn Match> {
    let options = json!({"players": players});
    let mut game = open(GameKind::Helofag, &options, players, None, Some(seed)).expect("game opens");
    for _ in 0..14 {
        let legal = game.legal_moves();
        let first = legal.iter().find(|m| m.starts_with('S')).unwrap_or(&legal[0]).clone();
        let seconds: Vec<String> = legal.iter().filter(|m| m.starts_with('S')).cloned().collect();
        if !seconds.iter().any(|s| game.play(&format!("{first}, {s}")).is_ok()) {
            game.play(&first).expect("legal move");
        }
    }
    game
}

fn main() {
    // The second argument picks the language of the words: en (default) or de.
    let lang: render::Lang = std::env::args().nth(2).map(|l| l.parse().expect("en or de")).unwrap_or_default();
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "helofag-samples".into());
    std::fs::create_dir_all(&out).expect("output directory");
    let names: Vec<String> = ["Alice", "Bob the Builder", "Spieltisch (AI, hard)", "Dörte", "Spieltisch (KI, leicht) 2", "Frank"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let samples: Vec<(&str, Box<dyn Match>, usize)> = vec![
        ("start", play(2, 3, 1, 0), 2),
        ("early-2p", play(2, 3, 2, 6), 2),
        ("mid-4p", play(4, 3, 3, 60), 4),
        ("mid-6p", play(6, 6, 4, 150), 6),
        ("finished-3p", play(3, 1, 5, 2000), 3),
        ("crowded-ring-6p", crowded(6, 6), 6),
    ];
    for (name, game, players) in samples {
        let png = render::board_png(&game.view(Viewer::Spectator), &names[..players], lang).expect("board renders");
        let path = format!("{out}/{name}.png");
        std::fs::write(&path, &png).expect("write");
        println!("{path}: {} bytes", png.len());
    }
}
