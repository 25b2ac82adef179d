//! Writes sample Artifakes boards and hands as PNG files, for looking at the drawing.
//!
//! `cargo run -p render --example artifakes_samples -- OUT_DIR [en|de]`

use rules::{GameKind, Match, Viewer, open, record};
use serde_json::json;

mod support;

/// Plays `moves` moves, each time taking the legal move at a position drawn from `seed`.
fn play(seed: u64, moves: usize) -> Box<dyn Match> {
    let game = open(GameKind::Artifakes, &json!({}), 2, None, Some(seed)).expect("game opens");
    support::play_randomly(game, seed, moves)
}

fn from_record(text: &str, moves: usize) -> Box<dyn Match> {
    let mut rec: record::Record = serde_json::from_str(text).expect("record");
    rec.moves.truncate(moves);
    let (game, error) = record::replay_record(&rec).expect("replays");
    assert!(error.is_none());
    game
}

fn main() {
    // The second argument picks the language of the words: en (default) or de.
    let lang: render::Lang = std::env::args().nth(2).map(|l| l.parse().expect("en or de")).unwrap_or_default();
    let out = std::env::args().nth(1).unwrap_or_else(|| "artifakes-samples".into());
    std::fs::create_dir_all(&out).expect("output directory");
    let names: Vec<String> = ["Ada", "Bert the Archaeologist"].iter().map(|s| s.to_string()).collect();
    let past19 = include_str!("../../rules/tests/examples/artifakes/14-win-past-19.json");
    let samples: Vec<(&str, Box<dyn Match>)> = vec![
        ("start", play(1, 0)),
        ("burying", play(2, 23)),
        ("excavating", from_record(past19, 43)),
        ("random-excavating", play(3, 46)),
        ("round2", play(4, 70)),
        ("past-19", from_record(past19, 50)),
        ("finished", play(5, 400)),
    ];
    for (name, game) in samples {
        let png = render::board_png(&game.view(Viewer::Spectator), &names, lang).expect("board renders");
        let path = format!("{out}/{name}.png");
        std::fs::write(&path, &png).expect("write");
        println!("{path}: {} bytes", png.len());
        let seat = game.to_move().first().copied().unwrap_or(0);
        if let Some(hand) = render::hand_png(&game.view(Viewer::Seat(seat)), seat, &names, lang).expect("hand renders") {
            let path = format!("{out}/{name}-hand.png");
            std::fs::write(&path, &hand).expect("write");
            println!("{path}: {} bytes", hand.len());
        }
    }
}
