//! Drawing a Hathor board and encoding it as PNG.

use criterion::{Criterion, criterion_group, criterion_main};
use rules::{GameKind, Viewer, open};
use serde_json::json;

fn hathor(c: &mut Criterion) {
    let mut game = open(GameKind::Hathor, &json!({"variant": 2}), 1, None, Some(4)).expect("opens");
    for _ in 0..40 {
        let legal = game.legal_moves();
        let Some(mv) = legal.get(legal.len() / 3) else {
            break;
        };
        game.play(mv).expect("legal");
    }
    let view = game.view(Viewer::Spectator);
    c.bench_function("hathor board png, 40 placed", |b| {
        b.iter(|| render::board_png(std::hint::black_box(&view), &[], render::Lang::En).expect("png"))
    });
}

criterion_group!(benches, hathor);
criterion_main!(benches);
