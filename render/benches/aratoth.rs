//! Aratoth: the spec example `19-full-2p-a` after 12 moves and at its end, drawn and
//! PNG-encoded; the floor encode of the same pixels. (No hand image in this game.)

use criterion::{Criterion, criterion_group, criterion_main};
use rules::{GameKind, Match, Viewer, open};
use serde_json::json;

mod support;

/// The spec example `19-full-2p-a` (the project's copy of the record) after `n` moves.
fn game(n: usize) -> Box<dyn Match> {
    let record: serde_json::Value =
        serde_json::from_str(include_str!("../../rules/tests/examples/aratoth/19-full-2p-a.json")).expect("JSON");
    let mut game =
        open(GameKind::Aratoth, &json!({"players": 2}), 2, Some(json!({"start_player": 0})), None).expect("opens");
    for mv in record["moves"].as_array().expect("moves").iter().take(n) {
        game.play(mv.as_str().expect("a move")).expect("legal");
    }
    game
}

fn bench(c: &mut Criterion) {
    let last = game(usize::MAX);
    assert!(last.is_finished());
    let positions = support::Positions {
        game: "aratoth",
        names: ["Alice", "Bob"].map(String::from).to_vec(),
        mid: game(12).view(Viewer::Spectator),
        last: last.view(Viewer::Spectator),
        hand: None,
    };
    support::bench_positions(c, &positions);
}

criterion_group! { name = benches; config = support::config(); targets = bench }
criterion_main!(benches);
