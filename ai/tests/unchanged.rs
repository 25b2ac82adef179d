//! Speed-ups of a game's rules and playouts change no decision (issue 42: "the same
//! arena games for the same seeds before and after"): arena games and reviews whose
//! budgets do not depend on the levels' tuning, compared with what the code made before
//! the speed-up (`tests/fixtures/*.txt`, written by the code of that time with
//! `SPIELTISCH_WRITE_FIXTURES=1 cargo test -p ai --test unchanged`).
//!
//! The arena games cover the rules a search leans on (every phase's legal moves,
//! applying them, cloning, the outcome, the world sampler) through `ismcts:N`, whose
//! playouts are uniform; the reviews cover the levels' search with the game's own
//! playout policy and heuristic, at the review's fixed budget (`easy`: a quarter of
//! the budget its time was measured with).

use ai::{
    arena::{run, Args},
    review::review_move,
    Agent, Level,
};
use rules::{open, GameKind};

/// The moves of four arena games and the review of every `every`-th move of the first.
fn record(game: GameKind, seats: &[Agent], seed: u64, every: usize) -> String {
    let args = Args { game, games: 4, seats: seats.to_vec(), seed, options: None, paired: false, progress: false };
    let report = run(&args, &mut |_| {}).expect("the arena runs");
    let mut out = String::new();
    for (i, log) in report.moves.iter().enumerate() {
        out += &format!("game {i}: {}\n", log.join(", "));
    }
    let players = if *game.players().end() == 1 { 1 } else { seats.len() };
    let Some(first) = report.moves.first() else { return out };
    let mut before = open(game, &serde_json::json!({ "players": players }), players, None, Some(seed)).expect("the game");
    for (n, entry) in first.iter().enumerate() {
        let mut after = open(game, &before.options(), players, Some(before.resolved_setup()), before.seed()).expect("a copy");
        for e in before.log() {
            after.play(e).expect("replays");
        }
        after.play(entry).expect("the arena's move");
        if n % every == 0
            && let Some(c) = review_move(before.as_ref(), entry, after.as_ref(), Level::Easy, n as u64).expect("a review")
        {
            out += &format!(
                "review {n} {entry}: seat {} before {:.9} after {:.9} preferred {} {:.9} luck {:?}\n",
                c.seat,
                c.before,
                c.after,
                c.preferred,
                c.preferred_chance,
                c.luck.map(|l| format!("{l:.9}"))
            );
        }
        before = after;
    }
    out
}

fn compare(name: &str, made: &str) {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("SPIELTISCH_WRITE_FIXTURES").is_some() {
        std::fs::write(&path, made).expect("the fixture is written");
        return;
    }
    let before = std::fs::read_to_string(&path).expect("the fixture");
    for (i, (a, b)) in before.lines().zip(made.lines()).enumerate() {
        assert_eq!(a, b, "{name}, line {}", i + 1);
    }
    assert_eq!(before.lines().count(), made.lines().count(), "{name}: lines");
}

#[test]
fn artifakes_plays_and_reviews_as_before_its_speed_up() {
    compare("artifakes.txt", &record(GameKind::Artifakes, &[Agent::Ismcts(100), Agent::Level(Level::Easy)], 3, 3));
}

#[test]
fn hathor_plays_and_reviews_as_before_its_speed_up() {
    compare("hathor.txt", &record(GameKind::Hathor, &[Agent::Random, Agent::Level(Level::Easy)], 5, 4));
}
