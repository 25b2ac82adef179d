//! What the per-game benchmarks share: seeded positions (mid-game and finished), the
//! benchmark groups (board mid-game, board final, hand) and the floor: a bare PNG
//! encode of the same pixels with the png crate's fastest truecolor settings, so the
//! drawing's own share can be read off.
//!
//! Each benchmark also prints one line `size <game>/<what> <bytes>` with the PNG's
//! size, which `scripts/bench-render.sh` collects next to criterion's medians.

#![allow(dead_code, clippy::unwrap_used)]

use std::{hint::black_box, time::Duration};

use criterion::Criterion;
use rules::{AnyView, Match};

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
fn floor_encode(rgb: &[u8], width: u32, height: u32) -> Vec<u8> {
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
