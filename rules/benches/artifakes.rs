//! Artifakes benchmarks: a whole seeded random game, and the per-turn queries the chat
//! layer makes (legal moves, card options, the view).

use criterion::{criterion_group, criterion_main, Criterion};
use rules::{
    artifakes::{Artifakes, ArtifakesOptions, Phase},
    rng, Chance, Game, Viewer,
};

fn new_game(seed: u64) -> Artifakes {
    let setup = Artifakes::random_setup(&ArtifakesOptions {}, 2, &mut rng::setup_rng(seed));
    Artifakes::new(&ArtifakesOptions {}, 2, setup, Chance::none()).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays random legal moves until `stop` holds or the game ends.
fn play_until(game: &mut Artifakes, seed: u64, stop: impl Fn(&Artifakes) -> bool) {
    let mut choice = rng::play_rng(seed);
    while !stop(game) {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng::index(moves.len(), &mut choice)];
        game.apply(&mv).unwrap_or_else(|e| panic!("{e}"));
    }
}

fn benches(c: &mut Criterion) {
    c.bench_function("artifakes/random game", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            let mut game = new_game(seed);
            play_until(&mut game, seed, |g| g.phase() == Phase::Over);
            game
        });
    });
    let mut burying = new_game(7);
    play_until(&mut burying, 7, |g| g.legal_moves().len() < 50);
    c.bench_function("artifakes/legal moves, burying", |b| b.iter(|| burying.legal_moves()));
    let mut digging = new_game(7);
    play_until(&mut digging, 7, |g| g.phase() == Phase::Excavate);
    let seat = digging.to_move()[0];
    c.bench_function("artifakes/legal moves, excavating", |b| b.iter(|| digging.legal_moves()));
    c.bench_function("artifakes/card options", |b| b.iter(|| digging.card_options(seat)));
    c.bench_function("artifakes/view for a seat", |b| b.iter(|| digging.view(Viewer::Seat(seat))));
}

criterion_group! {
    name = artifakes;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(2));
    targets = benches
}
criterion_main!(artifakes);
