//! Drawing an Aratoth board (view from above, players, layer maps) and encoding the PNG.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use rules::{GameKind, Viewer, open};
use serde_json::json;

/// The first twelve moves of the spec example `19-full-2p-a`.
const MOVES: [&str; 12] = [
    "schlange rot a34 a25 a26 a35",
    "vogel schwarz a1 a3 a5",
    "fisch grün a17 a18 a11 a12",
    "vogel rot a20 a27 a19",
    "magier schwarz b24 a31 a32 a24",
    "vogel grün b12 a23 b17",
    "vogel schwarz a15 a21 a14",
    "formel rot a8 a9 a7",
    "schlange schwarz b19 b14 b18 b15",
    "schlange rot c14 a28 b20 b21",
    "schlange grün a16 b11 b7 a22",
    "fisch schwarz a4 b4 b2 a2",
];

fn bench(c: &mut Criterion) {
    let mut game =
        open(GameKind::Aratoth, &json!({"players": 2}), 2, Some(json!({"start_player": 0})), None).expect("game opens");
    for mv in MOVES {
        game.play(mv).expect("legal");
    }
    let view = game.view(Viewer::Spectator);
    let names = vec!["Alice".to_string(), "Bob".to_string()];
    c.bench_function("aratoth board png, mid-game", |b| b.iter(|| render::board_png(black_box(&view), &names)));
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(std::time::Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
