//! Helofag's hot paths: listing legal actions and complete turns, applying a turn, and
//! a whole seeded game of four players.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use rules::{helofag::Helofag, Game, Match, Played};
use serde_json::json;

/// A four-player game after `turns` turns, each the first listed turn.
fn midgame(turns: usize) -> Played<Helofag> {
    let mut game = Played::<Helofag>::open(&json!({"players": 4, "goal": 6}), 4, None, Some(7)).expect("seeded game");
    for _ in 0..turns {
        let Some(mv) = game.game().legal_turns().last().copied() else { break };
        game.apply(&mv).expect("listed turn");
    }
    game
}

/// A whole game of four players (goal 2), always the last listed complete turn.
fn full_game(seed: u64) -> usize {
    let mut game = Played::<Helofag>::open(&json!({"players": 4, "goal": 2}), 4, None, Some(seed)).expect("seeded");
    let mut moves = 0;
    while !game.is_finished() && moves < 5000 {
        let Some(mv) = game.game().legal_turns().last().copied() else { break };
        game.apply(&mv).expect("listed turn");
        moves += 1;
    }
    moves
}

fn bench(c: &mut Criterion) {
    let game = midgame(40);
    let state = game.game().clone();
    c.bench_function("helofag legal_moves (first actions), 4 players midgame", |b| {
        b.iter(|| black_box(&state).legal_moves())
    });
    c.bench_function("helofag legal_turns (all complete turns), 4 players midgame", |b| {
        b.iter(|| black_box(&state).legal_turns())
    });
    let text = state.legal_turns().last().map(ToString::to_string).unwrap_or_default();
    c.bench_function("helofag parse + apply one turn (with next roll and transfer)", |b| {
        b.iter(|| {
            let mut g = state.clone();
            let mv = g.parse_move(black_box(&text)).expect("parses");
            g.apply(&mv).expect("legal");
            g
        })
    });
    c.bench_function("helofag whole 4-player game, goal 2", |b| b.iter(|| full_game(black_box(11))));
}

criterion_group!(benches, bench);
criterion_main!(benches);
