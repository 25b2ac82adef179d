//! Helofag: a four-player board after 40 moves and a finished board, drawn and
//! PNG-encoded; the floor encode of the same pixels. (No hand image in this game.)

use criterion::{Criterion, criterion_group, criterion_main};
use rules::{GameKind, Viewer, open};
use serde_json::json;

mod support;

fn bench(c: &mut Criterion) {
    let mut mid = open(GameKind::Helofag, &json!({"players": 4}), 4, None, Some(3)).expect("opens");
    for _ in 0..40 {
        let Some(mv) = mid.legal_moves().first().cloned() else { break };
        mid.play(&mv).expect("legal");
    }
    let last = support::play_randomly(open(GameKind::Helofag, &json!({"players": 4}), 4, None, Some(6)).expect("opens"), 6, 20000);
    assert!(last.is_finished(), "the random game ends");
    let positions = support::Positions {
        game: "helofag",
        names: ["alice", "bob", "carol", "dave"].map(String::from).to_vec(),
        mid: mid.view(Viewer::Spectator),
        last: last.view(Viewer::Spectator),
        hand: None,
    };
    support::bench_positions(c, &positions);
}

criterion_group! { name = benches; config = support::config(); targets = bench }
criterion_main!(benches);
