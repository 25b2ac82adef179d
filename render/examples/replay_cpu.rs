//! The animated replays of `render/benches/replay.rs` measured in CPU time of this thread
//! (as `bench_cpu` does for boards): per game kind the GIF's size and frames, and the
//! median CPU and wall milliseconds of encoding (the recorded boards to the GIF) and of
//! drawing plus encoding, in all and per frame.
//!
//! `cargo run --release -p render --example replay_cpu -- [game ...]`

#![allow(clippy::unwrap_used)]

#[path = "../benches/support/mod.rs"]
mod support;

use std::hint::black_box;

use rules::GameKind;

/// The median CPU and wall milliseconds of one call of `f` over `runs` calls.
fn median_ms(runs: usize, mut f: impl FnMut()) -> (f64, f64) {
    f();
    let (mut cpu, mut wall): (Vec<f64>, Vec<f64>) = (0..runs)
        .map(|_| {
            let (start, clock) = (cpu_time::ThreadTime::now(), std::time::Instant::now());
            f();
            (start.elapsed().as_secs_f64() * 1e3, clock.elapsed().as_secs_f64() * 1e3)
        })
        .unzip();
    cpu.sort_by(f64::total_cmp);
    wall.sort_by(f64::total_cmp);
    (cpu[cpu.len() / 2], wall[wall.len() / 2])
}

fn main() {
    let games: Vec<String> = std::env::args().skip(1).collect();
    let lang = render::Lang::En;
    println!("{:<10} {:>9} {:>6} {:>5} {:>10} {:>10} {:>10} {:>10} {:>9}", "game", "KB", "frames", "own", "enc ms", "enc/frame", "total ms", "tot/frame", "wall/fr");
    for kind in GameKind::ALL {
        if !games.is_empty() && !games.iter().any(|g| g == kind.id()) {
            continue;
        }
        let (start, log, names) = support::replay_game(kind);
        let recording = render::animation::record(start.clone(), &log, &names, lang).unwrap();
        let replay = recording.gif().unwrap();
        let frames = replay.frames as f64;
        let encode = median_ms(15, || {
            black_box(recording.gif().unwrap());
        });
        let total = median_ms(5, || {
            black_box(render::animation::replay_gif(start.clone(), &log, &names, lang).unwrap());
        });
        println!(
            "{:<10} {:>9.1} {:>6} {:>5} {:>10.1} {:>10.3} {:>10.1} {:>10.2} {:>9.3}",
            kind.id(),
            replay.bytes.len() as f64 / 1000.0,
            replay.frames,
            replay.own_tables,
            encode.0,
            encode.0 / frames,
            total.0,
            total.0 / frames,
            encode.1 / frames,
        );
    }
}
