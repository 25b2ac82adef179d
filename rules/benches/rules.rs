//! Rules-core benchmarks: Carat legal-move generation mid-game.

use criterion::{criterion_group, criterion_main, Criterion};
use rules::{open, GameKind, Match};

/// A 2-player Carat game after 18 of 36 tiles (seed 42, always the first legal move).
fn carat_mid_game() -> Box<dyn Match> {
    let mut game = open(GameKind::Carat, &serde_json::json!({"players": 2}), 2, None, Some(42)).expect("setup");
    for _ in 0..18 {
        let first = game.legal_moves()[0].clone();
        game.play(&first).expect("legal");
    }
    game
}

fn carat(c: &mut Criterion) {
    let game = carat_mid_game();
    c.bench_function("carat legal moves, mid-game", |b| b.iter(|| std::hint::black_box(game.legal_moves())));
    let hand3 = {
        let mut g = open(GameKind::Carat, &serde_json::json!({"variant": "hand3"}), 2, None, Some(42)).expect("setup");
        for _ in 0..18 {
            let first = g.legal_moves()[0].clone();
            g.play(&first).expect("legal");
        }
        g
    };
    c.bench_function("carat legal moves, mid-game, hand3", |b| b.iter(|| std::hint::black_box(hand3.legal_moves())));
    c.bench_function("carat full random game", |b| {
        b.iter(|| {
            let mut g = open(GameKind::Carat, &serde_json::json!({}), 2, None, Some(7)).expect("setup");
            while !g.is_finished() {
                let moves = g.legal_moves();
                let pick = moves.len() / 2;
                g.play(&moves[pick]).expect("legal");
            }
            g
        })
    });
}

criterion_group!(benches, carat);
criterion_main!(benches);
