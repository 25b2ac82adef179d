//! Hathor: a variant-2 board with 40 stones placed and a finished board, drawn and
//! PNG-encoded; the floor encode of the same pixels. (No hand image in this game.)

use criterion::{Criterion, criterion_group, criterion_main};
use rules::{GameKind, Viewer, open};
use serde_json::json;

mod support;

fn bench(c: &mut Criterion) {
    let mut mid = open(GameKind::Hathor, &json!({"variant": 2}), 1, None, Some(4)).expect("opens");
    for _ in 0..40 {
        let legal = mid.legal_moves();
        let Some(mv) = legal.get(legal.len() / 3) else { break };
        mid.play(mv).expect("legal");
    }
    let last = support::play_randomly(open(GameKind::Hathor, &json!({"variant": 4}), 1, None, Some(5)).expect("opens"), 5, 500);
    assert!(last.is_finished());
    let positions = support::Positions {
        game: "hathor",
        names: vec!["solo".to_string()],
        mid: mid.view(Viewer::Spectator),
        last: last.view(Viewer::Spectator),
        hand: None,
    };
    support::bench_positions(c, &positions);
}

criterion_group! { name = benches; config = support::config(); targets = bench }
criterion_main!(benches);
