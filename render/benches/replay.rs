//! The animated replay (`render::animation`) of one finished game of every kind, the
//! most players each game allows, its moves picked by the benchmarks' seeded LCG:
//! encoding alone (`replay/<game>/encode`, the recorded boards to the GIF; criterion's
//! throughput is frames per second) and drawing plus encoding
//! (`replay/<game>/total`, `render::animation::replay_gif`).
//!
//! Each game also prints one line `replay <game> <bytes> bytes <frames> frames ...` with
//! the GIF's size, its frames, the frames with a colour table of their own, and the
//! drawing and encoding time of one run per frame.

#![allow(clippy::unwrap_used)]

use std::{hint::black_box, time::Duration};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rules::{GameKind, Match, open};
use serde_json::json;

mod support;

/// A finished game of `kind` with its most players: the game before its first move,
/// its log and the players' names.
fn game(kind: GameKind) -> (Box<dyn Match>, Vec<String>, Vec<String>) {
    let players = *kind.players().end();
    let options = match kind {
        GameKind::Hathor => json!({"variant": 4}),
        _ => json!({"players": players}),
    };
    let start = open(kind, &options, players, None, Some(1)).expect("opens");
    let finished = support::play_randomly(start.clone(), 1, 100_000);
    assert!(finished.is_finished(), "{kind:?} ends");
    let names = ["Alice", "Bob the Builder", "Chidi", "Dana", "Eve", "Fritz"].iter().take(players).map(|s| s.to_string()).collect();
    (start, finished.log().to_vec(), names)
}

fn bench(c: &mut Criterion) {
    let lang = render::Lang::En;
    for kind in GameKind::ALL {
        let (start, log, names) = game(kind);
        let id = kind.id();
        let recording = render::animation::record(start.clone(), &log, &names, lang).expect("records");
        let replay = recording.gif().expect("encodes");
        let frames = replay.frames;
        let per_frame = |d: Duration| d.as_secs_f64() * 1000.0 / frames as f64;
        println!(
            "replay {id} {} bytes {frames} frames (step {}) {}x{} own-tables {} drawing {:.2} ms/frame encoding {:.3} ms/frame",
            replay.bytes.len(),
            replay.step,
            replay.width,
            replay.height,
            replay.own_tables,
            per_frame(replay.timing.drawing),
            per_frame(replay.timing.encoding),
        );
        let mut group = c.benchmark_group(format!("replay/{id}"));
        group.throughput(Throughput::Elements(frames as u64));
        group.bench_function("encode", |b| b.iter(|| black_box(&recording).gif().expect("encodes")));
        group.sample_size(10);
        group.bench_function("total", |b| {
            b.iter(|| render::animation::replay_gif(black_box(start.clone()), &log, &names, lang).expect("replay"))
        });
        group.finish();
    }
}

criterion_group! { name = benches; config = support::config(); targets = bench }
criterion_main!(benches);
