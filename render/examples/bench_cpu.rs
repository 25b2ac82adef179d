//! The benchmark positions of `render/benches` measured in CPU time of this thread
//! (the `cpu-time` crate: `CLOCK_THREAD_CPUTIME_ID`) rather than wall time: on a machine shared with other
//! builds, wall time counts the waiting for a core, CPU time what a board costs.
//!
//! `cargo run --release -p render --example bench_cpu -- [game ...]` prints per game and
//! image the median CPU milliseconds of one render (31 samples of 8 renders each).

#![allow(clippy::unwrap_used)]

#[path = "../benches/support/mod.rs"]
mod support;

use std::hint::black_box;

/// The median CPU milliseconds of one call of `f`.
fn median_ms(mut f: impl FnMut()) -> f64 {
    for _ in 0..8 {
        f();
    }
    let mut samples: Vec<f64> = (0..31)
        .map(|_| {
            let start = cpu_time::ThreadTime::now();
            for _ in 0..8 {
                f();
            }
            start.elapsed().as_secs_f64() / 8.0 * 1e3
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

fn main() {
    let mut games: Vec<String> = std::env::args().skip(1).collect();
    if games.is_empty() {
        games = ["carat", "aratoth", "hathor", "artifakes", "helofag"].map(String::from).to_vec();
    }
    let lang = render::Lang::En;
    println!("{:<10} {:<12} {:>8}", "game", "what", "CPU ms");
    for game in &games {
        let p = support::positions(game);
        let mid = median_ms(|| {
            black_box(render::board_png(black_box(&p.mid), &p.names, lang).unwrap());
        });
        println!("{game:<10} {:<12} {mid:>8.2}", "board-mid");
        let last = median_ms(|| {
            black_box(render::board_png(black_box(&p.last), &p.names, lang).unwrap());
        });
        println!("{game:<10} {:<12} {last:>8.2}", "board-final");
        if let Some((view, seat)) = &p.hand {
            let hand = median_ms(|| {
                black_box(render::hand_png(black_box(view), *seat, &p.names, lang).unwrap());
            });
            println!("{game:<10} {:<12} {hand:>8.2}", "hand");
        }
        let png = render::board_png(&p.mid, &p.names, lang).unwrap();
        let image = image::load_from_memory(&png).unwrap().to_rgb8();
        let (w, h) = image.dimensions();
        let floor = median_ms(|| {
            black_box(support::floor_encode(black_box(image.as_raw()), w, h));
        });
        println!("{game:<10} {:<12} {floor:>8.2}", "floor-mid");
    }
}
