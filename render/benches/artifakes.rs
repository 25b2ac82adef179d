//! Artifakes: a board after 44 moves and a finished board, drawn and PNG-encoded; the
//! hand of the player to move; the floor encode of the same pixels.

use criterion::{Criterion, criterion_group, criterion_main};

mod support;

fn bench(c: &mut Criterion) {
    support::bench_positions(c, &support::positions("artifakes"));
}

criterion_group! { name = benches; config = support::config(); targets = bench }
criterion_main!(benches);
