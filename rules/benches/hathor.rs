//! Hathor benchmarks: the legal fields for the current stone mid-game, and a full game.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use rules::{hathor::Hathor, open, Game, GameKind, Played};
use serde_json::json;

/// A seeded game (variant `variant`, seed 42) after `placements` placements, always on
/// the middle legal field.
fn after(variant: u8, placements: usize) -> Played<Hathor> {
    let mut game = Played::<Hathor>::open(&json!({ "variant": variant }), 1, None, Some(42)).expect("setup");
    for _ in 0..placements {
        let moves = game.game().legal_moves();
        let Some(mv) = moves.get(moves.len() / 2) else { break };
        game.apply(mv).expect("legal");
    }
    game
}

fn hathor(c: &mut Criterion) {
    let mid = after(1, 30);
    c.bench_function("hathor legal fields, 30 placed", |b| b.iter(|| black_box(mid.game().legal_fields())));
    let start = after(1, 0);
    c.bench_function("hathor legal fields, start", |b| b.iter(|| black_box(start.game().legal_fields())));
    for variant in [1, 4] {
        c.bench_function(&format!("hathor full game, variant {variant}"), |b| {
            b.iter(|| {
                let mut g = open(GameKind::Hathor, &json!({ "variant": variant }), 1, None, Some(7)).expect("setup");
                while !g.is_finished() {
                    let moves = g.legal_moves();
                    g.play(&moves[moves.len() / 2]).expect("legal");
                }
                g
            })
        });
    }
}

criterion_group!(benches, hathor);
criterion_main!(benches);
