//! The animated replay (`render::animation`) of one finished game of every kind, the
//! most players each game allows, its moves picked by the benchmarks' seeded LCG:
//! encoding alone (`replay/<game>/encode`, the recorded boards to the GIF; criterion's
//! throughput is frames per second) and drawing plus encoding
//! (`replay/<game>/total`, `render::animation::replay_gif`).
//!
//! Each game also prints one line `replay <game> <bytes> bytes <frames> frames ...` with
//! the GIF's size, its frames, the frames with a colour table of their own, and the
//! drawing and encoding time of its first run per frame (cold: it draws the kept
//! backgrounds too). `examples/replay_cpu.rs` measures the same in CPU time.
//!
//! Measured (CPU time of `replay_cpu --release` on a shared 2-core machine at a load of
//! 5, 2026-12-06): encoding per frame with the frames written from the recording's runs
//! and the LZW encoder's last-extension table; in brackets the code before, run
//! alternately with it; the GIFs are the same bytes (docs: benchmarks.md, "The replay"):
//!
//! | game      | GIF      | frames | own tables | encoding / frame  | total / frame |
//! |-----------|----------|--------|------------|-------------------|---------------|
//! | Carat     | 369 KB   | 37     | 0          | 0.30 ms (0.45 ms) | 1.56 ms       |
//! | Aratoth   | 562 KB   | 26     | 14         | 0.65 ms (0.89 ms) | 2.71 ms       |
//! | Hathor    | 474 KB   | 54     | 9          | 0.30 ms (0.41 ms) | 1.22 ms       |
//! | Helofag   | 3.58 MB  | 314    | 278        | 0.32 ms (0.48 ms) | 1.52 ms       |
//! | Artifakes | 1.11 MB  | 80     | 0          | 0.43 ms (0.67 ms) | 1.84 ms       |

#![allow(clippy::unwrap_used)]

use std::{hint::black_box, time::Duration};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rules::GameKind;

mod support;

fn bench(c: &mut Criterion) {
    let lang = render::Lang::En;
    for kind in GameKind::ALL {
        let (start, log, names) = support::replay_game(kind);
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
