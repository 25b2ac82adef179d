//! What the per-game benchmarks share: seeded positions (mid-game and finished), the
//! benchmark groups (board mid-game, board final, hand) and the floor: a bare PNG
//! encode of the same pixels with the png crate's fastest truecolor settings, so the
//! drawing's own share can be read off.
//!
//! `examples/bench_cpu.rs` measures the same positions in CPU time (for busy machines).
//!
//! Each benchmark also prints one line `size <game>/<what> <bytes>` with the PNG's
//! size, which `scripts/bench-render.sh` collects next to criterion's medians.

#![allow(dead_code, clippy::unwrap_used)]

use std::{hint::black_box, time::Duration};

use criterion::Criterion;
use rules::{AnyView, GameKind, Match, Viewer, open};
use serde_json::json;

/// Plays up to `moves` legal moves in `game`, each picked from the legal list by a small
/// LCG on `seed` (as the `*_samples` examples do); stops early when no move is left.
pub fn play_randomly(mut game: Box<dyn Match>, seed: u64, moves: usize) -> Box<dyn Match> {
    let mut state = seed;
    for _ in 0..moves {
        let legal = game.legal_moves();
        if legal.is_empty() || game.is_finished() {
            break;
        }
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let pick = (state >> 33) as usize % legal.len();
        game.play(&legal[pick]).expect("legal move");
    }
    game
}

/// The criterion settings of every render benchmark: short, as a board takes milliseconds.
pub fn config() -> Criterion {
    Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
}

/// The board and (when the game has one) hand views to measure.
pub struct Positions {
    pub game: &'static str,
    pub names: Vec<String>,
    pub mid: AnyView,
    pub last: AnyView,
    /// A seat's view and the seat, for the hand image.
    pub hand: Option<(AnyView, usize)>,
}

/// The floor: `png` (a board) decoded and encoded again as 8-bit RGB with the png
/// crate's fast fdeflate compression and the Up filter.
pub fn floor_encode(rgb: &[u8], width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fastest);
    encoder.set_filter(png::Filter::Up);
    let mut writer = encoder.write_header().expect("header");
    writer.write_image_data(rgb).expect("data");
    writer.finish().expect("finish");
    out
}

/// Benchmarks the board mid-game and finished, the hand, and the floor encode of the
/// mid-game board's pixels; prints each PNG's size.
pub fn bench_positions(c: &mut Criterion, p: &Positions) {
    let lang = render::Lang::En;
    let game = p.game;
    let mid = render::board_png(&p.mid, &p.names, lang).expect("mid-game board");
    let last = render::board_png(&p.last, &p.names, lang).expect("final board");
    let image = image::load_from_memory(&mid).expect("decodes").to_rgb8();
    let (w, h) = image.dimensions();
    println!("size {game}/board-mid {} {w}x{h}", mid.len());
    let image_last = image::load_from_memory(&last).expect("decodes").to_rgb8();
    println!("size {game}/board-final {} {}x{}", last.len(), image_last.width(), image_last.height());
    let floor = floor_encode(image.as_raw(), w, h);
    println!("size {game}/floor-mid {} {w}x{h}", floor.len());
    c.bench_function(&format!("{game}/board-mid"), |b| b.iter(|| render::board_png(black_box(&p.mid), &p.names, lang).expect("png")));
    c.bench_function(&format!("{game}/board-final"), |b| b.iter(|| render::board_png(black_box(&p.last), &p.names, lang).expect("png")));
    c.bench_function(&format!("{game}/floor-mid"), |b| b.iter(|| floor_encode(black_box(image.as_raw()), w, h)));
    if let Some((view, seat)) = &p.hand {
        let hand = render::hand_png(view, *seat, &p.names, lang).expect("hand").expect("a hand");
        let hand_image = image::load_from_memory(&hand).expect("decodes");
        println!("size {game}/hand {} {}x{}", hand.len(), hand_image.width(), hand_image.height());
        c.bench_function(&format!("{game}/hand"), |b| {
            b.iter(|| render::hand_png(black_box(view), *seat, &p.names, lang).expect("png"))
        });
    }
}

/// The positions of `game` ("carat", "aratoth", "hathor", "artifakes", "helofag"), each
/// seeded so that every run measures the same boards.
pub fn positions(game: &str) -> Positions {
    match game {
        "carat" => carat(),
        "aratoth" => aratoth(),
        "hathor" => hathor(),
        "artifakes" => artifakes(),
        "helofag" => helofag(),
        other => panic!("no benchmark positions for {other}"),
    }
}

/// Carat: a 2-player board after 18 moves, a finished 3-player board, the hand of the
/// player to move mid-game.
fn carat() -> Positions {
    let mid = play_randomly(open(GameKind::Carat, &json!({"players": 2}), 2, None, Some(2)).expect("opens"), 2, 18);
    let last = play_randomly(open(GameKind::Carat, &json!({"players": 3}), 3, None, Some(3)).expect("opens"), 3, 200);
    assert!(last.is_finished());
    let seat = mid.to_move().first().copied().unwrap_or(0);
    Positions {
        game: "carat",
        names: ["Alice", "Bob the Builder", "Chidi"].map(String::from).to_vec(),
        mid: mid.view(Viewer::Spectator),
        last: last.view(Viewer::Spectator),
        hand: Some((mid.view(Viewer::Seat(seat)), seat)),
    }
}

/// Aratoth: the spec example `19-full-2p-a` after 12 moves and at its end (no hands).
fn aratoth() -> Positions {
    let last = aratoth_game(usize::MAX);
    assert!(last.is_finished());
    Positions {
        game: "aratoth",
        names: ["Alice", "Bob"].map(String::from).to_vec(),
        mid: aratoth_game(12).view(Viewer::Spectator),
        last: last.view(Viewer::Spectator),
        hand: None,
    }
}

/// Artifakes: a board after 44 moves, a finished board, the hand of the player to move.
fn artifakes() -> Positions {
    let mut mid = open(GameKind::Artifakes, &json!({}), 2, None, Some(3)).expect("opens");
    for k in 0..44 {
        let legal = mid.legal_moves();
        let Some(mv) = legal.get(k * 7 % legal.len().max(1)) else { break };
        mid.play(mv).expect("legal");
    }
    let last = play_randomly(open(GameKind::Artifakes, &json!({}), 2, None, Some(5)).expect("opens"), 5, 2000);
    assert!(last.is_finished());
    let seat = mid.to_move().first().copied().unwrap_or(0);
    Positions {
        game: "artifakes",
        names: ["Ada", "Bert"].map(String::from).to_vec(),
        mid: mid.view(Viewer::Spectator),
        last: last.view(Viewer::Spectator),
        hand: Some((mid.view(Viewer::Seat(seat)), seat)),
    }
}

/// Hathor: a variant-2 board with 40 stones placed, a finished variant-4 board (no hands).
fn hathor() -> Positions {
    let mut mid = open(GameKind::Hathor, &json!({"variant": 2}), 1, None, Some(4)).expect("opens");
    for _ in 0..40 {
        let legal = mid.legal_moves();
        let Some(mv) = legal.get(legal.len() / 3) else { break };
        mid.play(mv).expect("legal");
    }
    let last = play_randomly(open(GameKind::Hathor, &json!({"variant": 4}), 1, None, Some(5)).expect("opens"), 5, 500);
    assert!(last.is_finished());
    Positions {
        game: "hathor",
        names: vec!["solo".to_string()],
        mid: mid.view(Viewer::Spectator),
        last: last.view(Viewer::Spectator),
        hand: None,
    }
}

/// Helofag: a four-player board after 40 moves and a finished one (no hands).
fn helofag() -> Positions {
    let mut mid = open(GameKind::Helofag, &json!({"players": 4}), 4, None, Some(3)).expect("opens");
    for _ in 0..40 {
        let Some(mv) = mid.legal_moves().first().cloned() else { break };
        mid.play(&mv).expect("legal");
    }
    let last = play_randomly(open(GameKind::Helofag, &json!({"players": 4}), 4, None, Some(6)).expect("opens"), 6, 20000);
    assert!(last.is_finished(), "the random game ends");
    Positions {
        game: "helofag",
        names: ["alice", "bob", "carol", "dave"].map(String::from).to_vec(),
        mid: mid.view(Viewer::Spectator),
        last: last.view(Viewer::Spectator),
        hand: None,
    }
}

/// The spec example `19-full-2p-a` (the project's copy of the record) after `n` moves.
fn aratoth_game(n: usize) -> Box<dyn Match> {
    let record: serde_json::Value =
        serde_json::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/tests/examples/aratoth/19-full-2p-a.json"))).expect("JSON");
    let mut game =
        open(GameKind::Aratoth, &json!({"players": 2}), 2, Some(json!({"start_player": 0})), None).expect("opens");
    for mv in record["moves"].as_array().expect("moves").iter().take(n) {
        game.play(mv.as_str().expect("a move")).expect("legal");
    }
    game
}


/// A finished game of `kind` with the most players it allows (Hathor: variant 4), its
/// moves picked by [`play_randomly`] on seed 1: the game before its first move, its log
/// and the players' names. For the replay benchmarks (`render::animation`).
pub fn replay_game(kind: GameKind) -> (Box<dyn Match>, Vec<String>, Vec<String>) {
    let players = *kind.players().end();
    let options = match kind {
        GameKind::Hathor => json!({"variant": 4}),
        _ => json!({"players": players}),
    };
    let start = open(kind, &options, players, None, Some(1)).expect("opens");
    let finished = play_randomly(start.clone(), 1, 100_000);
    assert!(finished.is_finished(), "{kind:?} ends");
    let names = ["Alice", "Bob the Builder", "Chidi", "Dana", "Eve", "Fritz"].iter().take(players).map(|s| s.to_string()).collect();
    (start, finished.log().to_vec(), names)
}
