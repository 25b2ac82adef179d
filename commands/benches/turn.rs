//! One full turn through the command layer on a file database: parse the typed move,
//! check it against the rules and permissions, store it (one transaction), and render
//! the new board PNG (plus the mover's hand). Aim: under 25 ms.

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};

use commands::{GameId, Host, HostOptions};

mod support;
use support::{middle_move, origin};

/// Starts a new two-player Carat game in its own channel; returns its id and channel.
async fn new_game(host: &Host, n: u64) -> (GameId, String) {
    let channel = format!("bench-{n}");
    let replies = host.handle(&origin("alice", &channel), &format!("new carat seed={n}")).await;
    let id = replies[0].game.map(|g| g.id).expect("invitation");
    host.handle(&origin("bob", &channel), "join").await;
    host.handle(&origin("alice", &channel), "start").await;
    (id, channel)
}

fn turn(c: &mut Criterion) {
    bench_turns(c, "one turn: parse, validate, store, render", true);
    bench_turns(c, "one turn without pictures: parse, validate, store", false);
}

fn bench_turns(c: &mut Criterion, name: &str, pictures: bool) {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("bench.db").display());
    let options = HostOptions { pictures, ..HostOptions::default() };
    let host = runtime.block_on(Host::open(&url, options)).expect("database");
    let mut games = 0;
    let mut current: Option<(GameId, String)> = None;
    c.bench_function(name, |b| {
        b.iter_custom(|iters| {
            runtime.block_on(async {
                let mut spent = Duration::ZERO;
                for _ in 0..iters {
                    let (id, channel) = match current.clone() {
                        Some(game) => game,
                        None => {
                            games += 1;
                            let game = new_game(&host, games).await;
                            current = Some(game.clone());
                            game
                        }
                    };
                    let (mover, line, seq) = middle_move(&host, id, &channel).await.expect("a running game");
                    let started = Instant::now();
                    let replies = host.handle(&origin(&mover, &channel), &line).await;
                    spent += started.elapsed();
                    assert!(!replies[0].refusal, "{}", replies[0].text);
                    assert_eq!(replies[0].file.is_some(), pictures, "a board is drawn when asked");
                    if seq + 1 == 36 {
                        current = None;
                    }
                }
                spent
            })
        });
    });
}

/// The parts of a turn on their own, to see where the time goes: drawing the board and
/// the hand of a game halfway through.
fn parts(c: &mut Criterion) {
    let mut game = rules::open(rules::GameKind::Carat, &serde_json::json!({"players": 2}), 2, None, Some(1))
        .expect("game");
    for k in 0..18 {
        let moves = game.legal_moves();
        game.play(&moves[(k * 5) % moves.len()]).expect("legal");
    }
    let names = vec!["alice".to_string(), "bob".to_string()];
    let board = game.view(rules::Viewer::Spectator);
    let hand = game.view(rules::Viewer::Seat(0));
    c.bench_function("part: board_png", |b| b.iter(|| render::board_png(&board, &names, render::Lang::En).expect("png")));
    c.bench_function("part: hand_png", |b| b.iter(|| render::hand_png(&hand, 0, &names, render::Lang::En).expect("png")));
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(8)).warm_up_time(Duration::from_secs(2));
    targets = turn, parts
}
criterion_main!(benches);
