//! Carat: a 2-player board after 18 moves and a finished 3-player board, drawn and
//! PNG-encoded; the hand of the player to move; the floor encode of the same pixels.

use criterion::{Criterion, criterion_group, criterion_main};
use rules::{GameKind, Viewer, open};
use serde_json::json;

mod support;

fn bench(c: &mut Criterion) {
    let mid = support::play_randomly(open(GameKind::Carat, &json!({"players": 2}), 2, None, Some(2)).expect("opens"), 2, 18);
    let last = support::play_randomly(open(GameKind::Carat, &json!({"players": 3}), 3, None, Some(3)).expect("opens"), 3, 200);
    assert!(last.is_finished());
    let seat = mid.to_move().first().copied().unwrap_or(0);
    let positions = support::Positions {
        game: "carat",
        names: ["Alice", "Bob the Builder", "Chidi"].map(String::from).to_vec(),
        mid: mid.view(Viewer::Spectator),
        last: last.view(Viewer::Spectator),
        hand: Some((mid.view(Viewer::Seat(seat)), seat)),
    };
    support::bench_positions(c, &positions);
}

criterion_group! { name = benches; config = support::config(); targets = bench }
criterion_main!(benches);
