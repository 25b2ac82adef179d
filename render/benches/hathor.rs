//! Hathor: a variant-2 board with 40 stones placed and a finished board, drawn and
//! PNG-encoded; the floor encode of the same pixels. (No hand image in this game.)

use criterion::{Criterion, criterion_group, criterion_main};

mod support;

fn bench(c: &mut Criterion) {
    support::bench_positions(c, &support::positions("hathor"));
}

criterion_group! { name = benches; config = support::config(); targets = bench }
criterion_main!(benches);
