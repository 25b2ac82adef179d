//! Aratoths Rache: legal-move generation (empty pyramid, mid-game) and a full random game.
//! Aim: all legal placements of a mid-game position in under 1 ms.

use std::{hint::black_box, time::Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use rules::{
    aratoth::{placements, Aratoth, AratothOptions, AratothSetup, Shape},
    rng, Chance, Game,
};

/// The moves of the spec example `19-full-2p-a` (the project's copy of the record), the
/// first 12 of them.
fn mid_game() -> Vec<String> {
    let record: serde_json::Value =
        serde_json::from_str(include_str!("../tests/examples/aratoth/19-full-2p-a.json")).expect("the example record is JSON");
    let moves = record["moves"].as_array().expect("moves");
    moves.iter().take(12).map(|m| m.as_str().expect("a move").to_string()).collect()
}

fn new_game(players: usize) -> Aratoth {
    Aratoth::new(&AratothOptions::default(), players, AratothSetup { start_player: 0 }, Chance::none())
        .expect("a valid setup")
}

fn after(moves: usize) -> Aratoth {
    let mut game = new_game(2);
    for text in mid_game().iter().take(moves) {
        let mv = game.parse_move(text).expect("parses");
        game.apply(&mv).expect("legal");
    }
    game
}

fn random_game(players: usize, seed: u64) -> usize {
    let mut rng = rng::setup_rng(seed);
    let mut game = new_game(players);
    let mut moves = 0;
    while game.outcome().is_none() {
        let legal = game.legal_moves();
        let mv = legal[rng::index(legal.len(), &mut rng)];
        game.apply(&mv).expect("legal");
        moves += 1;
    }
    moves
}

fn bench(c: &mut Criterion) {
    let start = Instant::now();
    black_box(placements::candidates(Shape::Formula));
    let total: usize = Shape::ALL.iter().map(|&s| placements::candidates(s).len()).sum();
    println!("candidate table: {total} candidates, built once in {:?}", start.elapsed());

    let empty = new_game(2);
    c.bench_function("aratoth legal moves, empty pyramid (1200)", |b| b.iter(|| black_box(&empty).legal_moves()));
    for moves in [6, 12] {
        let mid = after(moves);
        let name = format!(
            "aratoth legal moves after {moves} moves ({} balls, {} legal moves)",
            mid.occupied().len(),
            mid.legal_moves().len()
        );
        c.bench_function(&name, |b| b.iter(|| black_box(&mid).legal_moves()));
    }
    c.bench_function("aratoth filter `drache a5`, empty pyramid", |b| {
        b.iter(|| black_box(&empty).filter_moves(black_box("drache a5")))
    });
    let mut seed = 0;
    c.bench_function("aratoth full random game, 2 players", |b| {
        b.iter(|| {
            seed += 1;
            random_game(2, seed)
        })
    });
    c.bench_function("aratoth full random game, 3 players", |b| {
        b.iter(|| {
            seed += 1;
            random_game(3, seed)
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(2)).warm_up_time(std::time::Duration::from_millis(500));
    targets = bench
}
criterion_main!(benches);
