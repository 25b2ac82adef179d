//! Rendering speed: a mid-game Carat board drawn and PNG-encoded (target: under 15 ms).

use criterion::{Criterion, criterion_group, criterion_main};
use rules::{GameKind, Viewer, open};
use serde_json::json;

/// A 2-player Carat game after 18 moves (half the tiles placed), seeded.
fn mid_game() -> rules::AnyView {
    let mut game = open(GameKind::Carat, &json!({"players": 2}), 2, None, Some(2)).expect("opens");
    for k in 0..18 {
        let legal = game.legal_moves();
        let pick = legal[(k * 7 + 3) % legal.len()].clone();
        game.play(&pick).expect("legal");
    }
    game.view(Viewer::Spectator)
}

fn carat_board(c: &mut Criterion) {
    let view = mid_game();
    let names = vec!["alice".to_string(), "bob".to_string()];
    let png = render::board_png(&view, &names, render::Lang::En).expect("renders");
    println!("mid-game Carat board PNG: {} bytes", png.len());
    c.bench_function("carat board mid-game (draw + PNG)", |b| {
        b.iter(|| render::board_png(std::hint::black_box(&view), &names, render::Lang::En).expect("renders"))
    });
}

criterion_group!(benches, carat_board);
criterion_main!(benches);
