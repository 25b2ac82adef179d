//! Writes sample Aratoth boards as PNG files, for looking at the drawing.
//!
//! `cargo run -p render --example aratoth_samples -- OUT_DIR`

use rules::{GameKind, Match, Viewer, open};
use serde_json::json;

/// The spec example `19-full-2p-a`: a complete two-player game (85 balls).
const FULL_GAME: [&str; 24] = [
    "schlange rot a34 a25 a26 a35",
    "vogel schwarz a1 a3 a5",
    "fisch grün a17 a18 a11 a12",
    "vogel rot a20 a27 a19",
    "magier schwarz b24 a31 a32 a24",
    "vogel grün b12 a23 b17",
    "vogel schwarz a15 a21 a14",
    "formel rot a8 a9 a7",
    "schlange schwarz b19 b14 b18 b15",
    "schlange rot c14 a28 b20 b21",
    "schlange grün a16 b11 b7 a22",
    "fisch schwarz a4 b4 b2 a2",
    "fisch rot b10 a6 a10 b6",
    "formel schwarz c17 a30 b23",
    "vogel grün b28 a36 b27",
    "magier rot b9 b13 b8 a13",
    "formel schwarz c20 a33 b26",
    "formel grün c19 b25 d14",
    "vogel rot c7 c11 b16",
    "schlange schwarz c9 c10 c12 c13",
    "formel grün b22 c16 a29",
    "fisch rot d15 c15 c21 d10",
    "fisch schwarz d8 c8 c4 d4",
    "fisch grün c5 c3 b3 b5",
];

fn replay(players: usize, moves: &[&str]) -> Box<dyn Match> {
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
    let mut game = replay(players, &[]);
    let mut state = seed;
    for _ in 0..moves {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        game.play(&legal[(state >> 33) as usize % legal.len()]).expect("legal move");
    }
    game
}

fn main() {
    let out = std::env::args().nth(1).unwrap_or_else(|| "aratoth-samples".into());
    std::fs::create_dir_all(&out).expect("output directory");
    let names: Vec<String> = ["Alice", "Bob the Builder", "Chidi"].iter().map(|s| s.to_string()).collect();
    let samples: Vec<(&str, Box<dyn Match>)> = vec![
        ("empty", replay(2, &[])),
        ("mid-game", replay(2, &FULL_GAME[..12])),
        ("finished", replay(2, &FULL_GAME)),
        ("three-mid", random(3, 7, 14)),
        ("three-finished", random(3, 11, 200)),
    ];
    for (name, game) in samples {
        let players = game.players();
        let png = render::board_png(&game.view(Viewer::Spectator), &names[..players]).expect("board renders");
        let path = format!("{out}/{name}.png");
        std::fs::write(&path, &png).expect("write");
        println!("{path}: {} bytes", png.len());
    }
}
