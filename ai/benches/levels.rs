//! The levels' CPU time per move (issue 42: `normal` at most 1 s on one core, `hard` at
//! most 5 s): a two-player game of Carat, Aratoth and Artifakes, and a solo deal of
//! Hathor, played out by the greedy baseline from a fixed seed, and at every `--every`-th position (default 3) the move of each
//! searching level chosen and timed by the thread's CPU clock. Prints per game and
//! level the positions, the mean and the largest CPU seconds per move.
//!
//! `cargo bench -p ai --bench levels` (optimised); `-- carat` for one game, `-- --every 1`
//! for every position.

use ai::{choose, Agent, Level, SeatView};
use rules::{open, GameKind, Match};

/// The positions of a greedy game of `kind` from `seed` (two players; Hathor solo),
/// every `every`-th.
fn positions(kind: GameKind, seed: u64, every: usize) -> Vec<Box<dyn Match>> {
    let players = if *kind.players().end() == 1 { 1 } else { 2 };
    let mut game = open(kind, &serde_json::json!({ "players": players }), players, None, Some(seed)).expect("a game");
    let mut kept = Vec::new();
    let mut n = 0;
    while !game.is_finished() && n < 400 {
        let Some(&seat) = game.to_move().first() else { break };
        if n % every.max(1) == 0 {
            let mut copy = open(kind, &game.options(), players, Some(game.resolved_setup()), game.seed()).expect("the start");
            for entry in game.log() {
                copy.play(entry).expect("legal");
            }
            kept.push(copy);
        }
        let view = SeatView::of(game.as_ref(), seat).expect("a view");
        let mv = Agent::Greedy.choose(&view, n as u64).expect("a move");
        game.play(&mv).expect("legal");
        n += 1;
    }
    kept
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let every = args.iter().position(|a| a == "--every").and_then(|i| args.get(i + 1)).and_then(|n| n.parse().ok()).unwrap_or(3);
    let only: Option<&String> = args.iter().find(|a| !a.starts_with('-') && a.parse::<usize>().is_err());
    println!("{:<10} {:<7} {:>9} {:>12} {:>12}", "game", "level", "positions", "mean CPU s", "max CPU s");
    for kind in [GameKind::Carat, GameKind::Aratoth, GameKind::Artifakes, GameKind::Hathor] {
        if only.is_some_and(|o| !kind.id().eq_ignore_ascii_case(o)) {
            continue;
        }
        let games = positions(kind, 7, every);
        for level in [Level::Normal, Level::Hard] {
            let mut times = Vec::new();
            for (i, game) in games.iter().enumerate() {
                let Some(&seat) = game.to_move().first() else { continue };
                let view = SeatView::of(game.as_ref(), seat).expect("a view");
                let timer = cpu_time::ThreadTime::now();
                choose(&view, level, i as u64).expect("a move");
                times.push(timer.elapsed().as_secs_f64());
            }
            let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
            let max = times.iter().copied().fold(0.0, f64::max);
            println!("{:<10} {:<7} {:>9} {:>12.3} {:>12.3}", kind.id(), level.word(), times.len(), mean, max);
        }
    }
}
