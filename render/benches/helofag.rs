//! Drawing and encoding a Helofag board (a four-player game in the middle).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use rules::{GameKind, Viewer, open};
use serde_json::json;

fn bench(c: &mut Criterion) {
    let mut game = open(GameKind::Helofag, &json!({"players": 4}), 4, None, Some(3)).expect("game");
    for _ in 0..40 {
        let Some(mv) = game.legal_moves().first().cloned() else { break };
        game.play(&mv).expect("legal");
    }
    let view = game.view(Viewer::Spectator);
    let names: Vec<String> = ["alice", "bob", "carol", "dave"].map(String::from).to_vec();
    c.bench_function("helofag board_png, 4 players", |b| {
        b.iter(|| render::board_png(black_box(&view), &names, render::Lang::En).expect("renders"))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
