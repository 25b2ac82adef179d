//! Pairing 1,000 players over 11 rounds by the Dutch system, with random results.
//! `cargo bench -p pairing`; also prints each round's time once.

use criterion::{Criterion, criterion_group, criterion_main};
use pairing::{Colour, pair_dutch};

#[path = "../tests/common/mod.rs"]
mod common;

const PLAYERS: u32 = 1000;
const ROUNDS: u32 = 11;

/// The whole tournament; returns the time of each round's pairing.
fn tournament(seed: u64) -> Vec<std::time::Duration> {
    let mut rng = common::Rng(seed);
    let mut t = common::new_tournament(PLAYERS, ROUNDS, Colour::White);
    let mut times = Vec::new();
    for _ in 0..ROUNDS {
        let start = std::time::Instant::now();
        let Ok(pairs) = pair_dutch(&t) else {
            break;
        };
        times.push(start.elapsed());
        common::play_round(&mut t, &pairs, &mut rng, false);
    }
    times
}

fn bench(c: &mut Criterion) {
    let times = tournament(1);
    let total: std::time::Duration = times.iter().sum();
    for (r, d) in times.iter().enumerate() {
        println!("round {:>2}: {:>8.1} ms", r + 1, d.as_secs_f64() * 1e3);
    }
    println!(
        "total {:.2} s for {} rounds of {PLAYERS} players",
        total.as_secs_f64(),
        times.len()
    );
    let mut group = c.benchmark_group("dutch");
    group.sample_size(10);
    group.bench_function("1000 players, 11 rounds", |b| b.iter(|| tournament(1)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
