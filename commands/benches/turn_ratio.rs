//! A whole turn next to its own board (issue 15: a turn with pictures ≤ 1.5× the
//! board's own time). Each sample is a pair measured back to back: one Carat turn
//! through the command layer on a file database (parse, validate, store, the new board
//! and the mover's new hand, as `benches/turn.rs`), then `render::board_png` alone of
//! the position that turn left. On a shared machine the load moves both halves of a
//! pair alike, so the ratio is steadier than two separate criterion runs. The turn runs
//! in a task of its own on a worker of a two-worker runtime, as the Discord and Matrix
//! adapters run each command, and is timed inside it (from its first poll to its
//! replies; the spawn and the join are the bench's).
//!
//! `cargo bench -p commands --bench turn_ratio` prints the medians (ms) and the ratio
//! of the medians and the median ratio of the pairs.

use std::time::{Duration, Instant};

use commands::{Host, HostOptions};

mod support;
use support::{middle_move, origin};

/// Games of 36 moves played; the first two games warm up and are not counted.
const GAMES: u64 = 14;

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument (as criterion takes) is ignored.
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("bench.db").display());
    let host = std::sync::Arc::new(runtime.block_on(Host::open(&url, HostOptions::default())).expect("database"));
    let (mut turns, mut boards, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    runtime.block_on(async {
        for n in 0..GAMES {
            let channel = format!("ratio-{n}");
            let replies = host.handle(&origin("alice", &channel), &format!("new carat seed={n}")).await;
            let id = replies[0].game.map(|g| g.id).expect("invitation");
            host.handle(&origin("bob", &channel), "join").await;
            host.handle(&origin("alice", &channel), "start").await;
            while let Some((mover, line, _)) = middle_move(&host, id, &channel).await {
                // On a worker of the runtime, as a chat adapter runs each command.
                let (spawned, mover_origin) = (host.clone(), origin(&mover, &channel));
                let (replies, turn) = tokio::spawn(async move {
                    let started = Instant::now();
                    let replies = spawned.handle(&mover_origin, &line).await;
                    (replies, started.elapsed())
                })
                .await
                .expect("turn");
                assert!(!replies[0].refusal && replies[0].file.is_some(), "{}", replies[0].text);
                let record = host.record(id).await.expect("read").expect("record");
                let (game, refused) = rules::record::replay_record(&record).expect("replays");
                assert!(refused.is_none());
                let view = game.view(rules::Viewer::Spectator);
                let started = Instant::now();
                let png = render::board_png(&view, &record.players, render::Lang::En).expect("png");
                let board = started.elapsed();
                assert!(!png.is_empty());
                if n >= 2 {
                    turns.push(ms(turn));
                    boards.push(ms(board));
                    ratios.push(turn.as_secs_f64() / board.as_secs_f64());
                }
            }
        }
    });
    let (turn, board) = (median(turns.clone()), median(boards));
    println!("Carat, {} turns with pictures, each next to its own board:", turns.len());
    println!("  turn (parse, validate, store, board and hand): median {turn:.3} ms");
    println!("  its board alone (render::board_png):           median {board:.3} ms");
    println!("  ratio of the medians {:.2}, median ratio of the pairs {:.2}", turn / board, median(ratios));
}
