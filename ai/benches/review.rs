//! The review's CPU time per game kind (issue 44): a game of each kind played out by the
//! greedy baseline from a fixed seed (two players, Hathor alone), then every move
//! reviewed by [`ai::review::review_move`] at the default budget (`normal`). Prints the
//! moves, the CPU seconds of the whole review and per move. Goal: a 40-move Carat game in
//! at most 20 s of CPU.
//!
//! `cargo bench -p ai --bench review` (optimised); `-- carat` for one game.

use ai::{review::review_move, Agent, Level, SeatView};
use rules::{open, GameKind, Match};

/// A game of `kind` played to its end by the greedy baseline from `seed`.
fn greedy_game(kind: GameKind, seed: u64) -> (Box<dyn Match>, Vec<String>) {
    let players = if kind == GameKind::Hathor { 1 } else { 2 };
    let mut game = open(kind, &serde_json::json!({ "players": players }), players, None, Some(seed)).expect("a game");
    let start = open(kind, &game.options(), players, Some(game.resolved_setup()), game.seed()).expect("the start");
    let mut n = 0;
    while !game.is_finished() && n < 400 {
        let Some(&seat) = game.to_move().first() else { break };
        let view = SeatView::of(game.as_ref(), seat).expect("a view");
        let mv = Agent::Greedy.choose(&view, n).expect("a move");
        game.play(&mv).expect("legal");
        n += 1;
    }
    (start, game.log().to_vec())
}

fn main() {
    let only: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    println!("{:<10} {:>6} {:>10} {:>10}", "game", "moves", "CPU s", "s/move");
    for kind in GameKind::ALL {
        if only.as_deref().is_some_and(|o| !kind.id().eq_ignore_ascii_case(o)) {
            continue;
        }
        let (start, log) = greedy_game(kind, 7);
        let timer = cpu_time::ProcessTime::now();
        let mut before = open(kind, &start.options(), start.players(), Some(start.resolved_setup()), start.seed()).expect("game");
        let mut reviewed = 0;
        for (i, entry) in log.iter().enumerate() {
            let mut after = open(kind, &start.options(), start.players(), Some(start.resolved_setup()), start.seed()).expect("game");
            for e in &log[..=i] {
                after.play(e).expect("legal");
            }
            if review_move(before.as_ref(), entry, after.as_ref(), Level::Normal, i as u64).expect("chances").is_some() {
                reviewed += 1;
            }
            before.play(entry).expect("legal");
        }
        let cpu = timer.elapsed().as_secs_f64();
        println!("{:<10} {:>6} {:>10.2} {:>10.3}", kind.id(), reviewed, cpu, cpu / reviewed.max(1) as f64);
    }
}
