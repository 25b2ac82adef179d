//! Artifakes: a board after 44 moves and a finished board, drawn and PNG-encoded; the
//! hand of the player to move; the floor encode of the same pixels.

use criterion::{Criterion, criterion_group, criterion_main};
use rules::{GameKind, Viewer, open};
use serde_json::json;

mod support;

fn bench(c: &mut Criterion) {
    let mut mid = open(GameKind::Artifakes, &json!({}), 2, None, Some(3)).expect("opens");
    for k in 0..44 {
        let legal = mid.legal_moves();
        let Some(mv) = legal.get(k * 7 % legal.len().max(1)) else { break };
        mid.play(mv).expect("legal");
    }
    let last = support::play_randomly(open(GameKind::Artifakes, &json!({}), 2, None, Some(5)).expect("opens"), 5, 2000);
    assert!(last.is_finished());
    let seat = mid.to_move().first().copied().unwrap_or(0);
    let positions = support::Positions {
        game: "artifakes",
        names: ["Ada", "Bert"].map(String::from).to_vec(),
        mid: mid.view(Viewer::Spectator),
        last: last.view(Viewer::Spectator),
        hand: Some((mid.view(Viewer::Seat(seat)), seat)),
    };
    support::bench_positions(c, &positions);
}

criterion_group! { name = benches; config = support::config(); targets = bench }
criterion_main!(benches);
