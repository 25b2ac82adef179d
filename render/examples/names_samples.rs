//! Writes boards of every game whose players have names in many scripts (Chinese,
//! Japanese, Korean, Greek, Cyrillic, Arabic, Hebrew, emoji), for looking at the fallback
//! fonts and right-to-left names.
//!
//! `cargo run -p render --example names_samples -- OUT_DIR [en|de]`

use rules::{GameKind, Match, Viewer, open};
use serde_json::json;

mod support;

const NAMES: [&str; 10] = ["李小龙", "さくら", "김민준", "Ολγα", "Дмитрий", "محمد", "שרה", "🎲🐉", "alice🎉", "فاطمة (2)"];

/// A game of `kind` with as many players as it allows (at most 6), played `moves` moves.
fn game(kind: GameKind, seed: u64, moves: usize) -> Box<dyn Match> {
    let game = (1..=6)
        .rev()
        .find_map(|players| {
            open(kind, &json!({ "players": players }), players, None, Some(seed))
                .or_else(|_| open(kind, &json!({}), players, None, Some(seed)))
                .ok()
        })
        .expect("game opens");
    support::play_randomly(game, seed, moves)
}

fn main() {
    let lang: render::Lang = std::env::args().nth(2).map(|l| l.parse().expect("en or de")).unwrap_or_default();
    let out = std::env::args().nth(1).unwrap_or_else(|| "names-samples".into());
    std::fs::create_dir_all(&out).expect("output directory");
    let kinds = [
        ("carat", GameKind::Carat),
        ("aratoth", GameKind::Aratoth),
        ("hathor", GameKind::Hathor),
        ("artifakes", GameKind::Artifakes),
        ("helofag", GameKind::Helofag),
    ];
    for (k, (file, kind)) in kinds.into_iter().enumerate() {
        // Two boards per game, the names shifted so that each name appears somewhere.
        for (round, seed) in [(0, 1), (1, 2)] {
            let game = game(kind, seed, 12);
            let players = game.players();
            let names: Vec<String> =
                (0..players).map(|p| NAMES[(k * 2 + round * players + p) % NAMES.len()].to_string()).collect();
            let png = render::board_png(&game.view(Viewer::Spectator), &names, lang).expect("board renders");
            let path = format!("{out}/{file}-{round}.png");
            std::fs::write(&path, &png).expect("write");
            println!("{path}: {} bytes, {}", png.len(), names.join(", "));
        }
    }
}
