//! Drawing an Artifakes board and hand mid-game.

use criterion::{criterion_group, criterion_main, Criterion};
use rules::{open, GameKind, Match, Viewer};
use serde_json::json;

fn mid_game() -> Box<dyn Match> {
    let mut game = open(GameKind::Artifakes, &json!({}), 2, None, Some(3)).unwrap_or_else(|e| panic!("{e}"));
    for k in 0..44 {
        let legal = game.legal_moves();
        let Some(mv) = legal.get(k * 7 % legal.len().max(1)) else { break };
        game.play(mv).unwrap_or_else(|e| panic!("{e}"));
    }
    game
}

fn benches(c: &mut Criterion) {
    let game = mid_game();
    let names = vec!["Ada".to_string(), "Bert".to_string()];
    let board = game.view(Viewer::Spectator);
    let seat = game.to_move().first().copied().unwrap_or(0);
    let hand = game.view(Viewer::Seat(seat));
    c.bench_function("artifakes/board png", |b| b.iter(|| render::board_png(&board, &names, render::Lang::En)));
    c.bench_function("artifakes/hand png", |b| b.iter(|| render::hand_png(&hand, seat, &names, render::Lang::En)));
}

criterion_group! {
    name = artifakes;
    config = Criterion::default().sample_size(10).measurement_time(std::time::Duration::from_secs(3));
    targets = benches
}
criterion_main!(artifakes);
