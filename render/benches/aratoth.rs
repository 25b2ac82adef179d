//! Drawing an Aratoth board (view from above, players, layer maps) and encoding the PNG.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use rules::{GameKind, Viewer, open};
use serde_json::json;

/// The moves of the spec example `19-full-2p-a` (the project's copy of the record), the
/// first 12 of them.
fn moves() -> Vec<String> {
    let record: serde_json::Value =
        serde_json::from_str(include_str!("../../rules/tests/examples/aratoth/19-full-2p-a.json")).expect("the example record is JSON");
    let moves = record["moves"].as_array().expect("moves");
    moves.iter().take(12).map(|m| m.as_str().expect("a move").to_string()).collect()
}

fn bench(c: &mut Criterion) {
    let mut game =
        open(GameKind::Aratoth, &json!({"players": 2}), 2, Some(json!({"start_player": 0})), None).expect("game opens");
    for mv in moves() {
        game.play(&mv).expect("legal");
    }
    let view = game.view(Viewer::Spectator);
    let names = vec!["Alice".to_string(), "Bob".to_string()];
    c.bench_function("aratoth board png, mid-game", |b| b.iter(|| render::board_png(black_box(&view), &names, render::Lang::En)));
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(std::time::Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
