//! The benchmark positions of `render/benches` measured in CPU time of this thread
//! (the `cpu-time` crate: `CLOCK_THREAD_CPUTIME_ID`) rather than wall time: on a machine shared with other
//! builds, wall time counts the waiting for a core, CPU time what a board costs.
//!
//! `cargo run --release -p render --example bench_cpu -- [game ...]` prints per game and
//! image the median CPU and wall milliseconds of one render (31 samples of 8 renders
//! each) and the PNG's size.

#![allow(clippy::unwrap_used)]

#[path = "../benches/support/mod.rs"]
mod support;

use std::hint::black_box;

/// The median CPU and wall milliseconds of one call of `f`.
fn median_ms(mut f: impl FnMut()) -> (f64, f64) {
    for _ in 0..8 {
        f();
    }
    let (mut cpu, mut wall): (Vec<f64>, Vec<f64>) = (0..31)
        .map(|_| {
            let (start, clock) = (cpu_time::ThreadTime::now(), std::time::Instant::now());
            for _ in 0..8 {
                f();
            }
            (start.elapsed().as_secs_f64() / 8.0 * 1e3, clock.elapsed().as_secs_f64() / 8.0 * 1e3)
        })
        .unzip();
    cpu.sort_by(f64::total_cmp);
    wall.sort_by(f64::total_cmp);
    (cpu[cpu.len() / 2], wall[wall.len() / 2])
}

fn row(game: &str, what: &str, (cpu, wall): (f64, f64), bytes: usize) {
    println!("{game:<10} {what:<12} {cpu:>8.2} {wall:>8.2} {:>8.1}", bytes as f64 / 1000.0);
}

fn main() {
    let mut games: Vec<String> = std::env::args().skip(1).collect();
    if games.is_empty() {
        games = ["carat", "aratoth", "hathor", "artifakes", "helofag"].map(String::from).to_vec();
    }
    let lang = render::Lang::En;
    println!("{:<10} {:<12} {:>8} {:>8} {:>8}", "game", "what", "CPU ms", "wall ms", "PNG KB");
    for game in &games {
        let p = support::positions(game);
        let png = render::board_png(&p.mid, &p.names, lang).unwrap();
        let times = median_ms(|| {
            black_box(render::board_png(black_box(&p.mid), &p.names, lang).unwrap());
        });
        row(game, "board-mid", times, png.len());
        let last = render::board_png(&p.last, &p.names, lang).unwrap();
        let times = median_ms(|| {
            black_box(render::board_png(black_box(&p.last), &p.names, lang).unwrap());
        });
        row(game, "board-final", times, last.len());
        if let Some((view, seat)) = &p.hand {
            let hand = render::hand_png(view, *seat, &p.names, lang).unwrap().unwrap();
            let times = median_ms(|| {
                black_box(render::hand_png(black_box(view), *seat, &p.names, lang).unwrap());
            });
            row(game, "hand", times, hand.len());
        }
        let image = image::load_from_memory(&png).unwrap().to_rgb8();
        let (w, h) = image.dimensions();
        let floor = support::floor_encode(image.as_raw(), w, h);
        let times = median_ms(|| {
            black_box(support::floor_encode(black_box(image.as_raw()), w, h));
        });
        row(game, "floor-mid", times, floor.len());
    }
}
