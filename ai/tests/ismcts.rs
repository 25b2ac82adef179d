//! The `ismcts:N` yardstick: its agent word, legal moves in every game, determinism,
//! and forced wins in small endgames checked against a full minimax over the rules
//! (an independent route: every line of play is tried, nothing of the agent is used).

use ai::{
    arena::{run, Args},
    Agent, SeatView,
};
use rules::{open, GameKind, Match, Seat};

fn args(game: GameKind, games: usize, seats: &[Agent]) -> Args {
    Args { game, games, seats: seats.to_vec(), seed: 11, options: None, paired: false, progress: false }
}

#[test]
fn the_agent_word_names_the_iterations() {
    assert_eq!("ismcts:2000".parse::<Agent>(), Ok(Agent::Ismcts(2000)));
    assert_eq!(" ISMCTS:7 ".parse::<Agent>(), Ok(Agent::Ismcts(7)));
    assert_eq!(Agent::Ismcts(2000).to_string(), "ismcts:2000");
    for bad in ["ismcts:0", "ismcts:", "ismcts:-3", "ismcts:many", "ismcts"] {
        assert!(bad.parse::<Agent>().is_err(), "{bad} was accepted");
    }
}

#[test]
fn ismcts_plays_only_legal_moves_in_every_game() {
    for (game, seats) in [
        (GameKind::Aratoth, vec![Agent::Ismcts(20), Agent::Random]),
        (GameKind::Aratoth, vec![Agent::Random, Agent::Ismcts(10), Agent::Greedy]),
        (GameKind::Hathor, vec![Agent::Ismcts(5)]),
        (GameKind::Artifakes, vec![Agent::Ismcts(20), Agent::Greedy]),
        (GameKind::Helofag, vec![Agent::Ismcts(10), Agent::Greedy]),
        (GameKind::Carat, vec![Agent::Greedy, Agent::Ismcts(20)]),
        (GameKind::Carat, vec![Agent::Ismcts(10), Agent::Random, Agent::Ismcts(10)]),
    ] {
        let report = run(&args(game, 2, &seats), &mut |_| {}).expect("the arena runs");
        for a in &report.agents {
            assert_eq!(a.games, 2, "{game}: every agent plays every game");
            // A failed move is one the agent did not give or the rules refused.
            assert_eq!(a.failures, 0, "{game}: {} failed a move", a.agent);
            assert!(a.moves > 0, "{game}: {} never moved", a.agent);
        }
        let players = if game == GameKind::Hathor { 1 } else { seats.len() };
        for (i, log) in report.moves.iter().enumerate() {
            // Every logged move replays on a fresh game of the same seed, to its end.
            let mut replay = open(game, &serde_json::json!({"players": players}), players, None, Some(11 + i as u64)).expect("game");
            for entry in log {
                replay.play(entry).unwrap_or_else(|e| panic!("{game}: {entry} refused: {e}"));
            }
            assert!(replay.is_finished(), "{game}: game {i} did not end");
        }
    }
}

#[test]
fn ismcts_is_deterministic_per_seed() {
    let a = args(GameKind::Carat, 2, &[Agent::Ismcts(30), Agent::Greedy]);
    let first = run(&a, &mut |_| {}).expect("runs");
    let second = run(&a, &mut |_| {}).expect("runs");
    assert_eq!(first.moves, second.moves);
}

/// Whether `me` wins `game` (alone in first place) whatever the others do: every line
/// of play tried, by the rules alone.
fn forced_win(game: &dyn Match, me: Seat) -> bool {
    if game.is_finished() {
        return game.ranking().and_then(|r| r.first().cloned()) == Some(vec![me]);
    }
    let Some(&mover) = game.to_move().first() else { return false };
    let mut outcomes = game.legal_moves().into_iter().map(|mv| {
        let mut next = game.box_clone();
        next.play(&mv).expect("a listed move is legal");
        forced_win(next.as_ref(), me)
    });
    if mover == me { outcomes.any(|w| w) } else { outcomes.all(|w| w) }
}

/// The positions reached in `game` (capped at `limit`): to keep the minimax small.
fn tree_size(game: &dyn Match, limit: usize) -> usize {
    if game.is_finished() {
        return 1;
    }
    let mut size = 1;
    for mv in game.legal_moves() {
        if size > limit {
            break;
        }
        let mut next = game.box_clone();
        next.play(&mv).expect("a listed move is legal");
        size += tree_size(next.as_ref(), limit - size.min(limit));
    }
    size
}

/// Splits the mover's legal moves of `game` into those that force a win and the rest.
fn split(game: &dyn Match) -> (Vec<String>, Vec<String>) {
    let me = game.to_move()[0];
    game.legal_moves().into_iter().partition(|mv| {
        let mut next = game.box_clone();
        next.play(mv).expect("legal");
        forced_win(next.as_ref(), me)
    })
}

/// Asserts that `ismcts:2000` picks a forcing move in `game` for three seeds.
fn assert_finds_the_win(game: &dyn Match, winning: &[String]) {
    let me = game.to_move()[0];
    let view = SeatView::of(game, me).expect("view");
    for seed in [1, 2, 3] {
        let chosen = Agent::Ismcts(2000).choose(&view, seed).expect("a move");
        assert!(winning.contains(&chosen), "seed {seed}: {chosen} does not force the win; these do: {winning:?}");
    }
}

#[test]
fn ismcts_finds_the_forced_win_in_a_carat_endgame() {
    // Two tiles left, both in hand and the pile empty, so nothing is hidden any more
    // (the other player's tile is the one not yet seen): the mover chooses among two
    // spaces and four turns of its tile, the other places the last tile. The first seed
    // whose position has exactly one forcing move among the eight.
    for seed in 1..=100u64 {
        let mut game = open(GameKind::Carat, &serde_json::json!({"players": 2}), 2, None, Some(seed)).expect("game");
        let mut number = 0;
        while game.moves_applied() < 34 {
            let view = SeatView::of(game.as_ref(), game.to_move()[0]).expect("view");
            let mv = Agent::Random.choose(&view, seed * 100 + number).expect("a move");
            game.play(&mv).expect("legal");
            number += 1;
        }
        let (winning, losing) = split(game.as_ref());
        if winning.len() != 1 || losing.len() < 3 {
            continue;
        }
        assert_eq!(game.legal_moves().len(), 8, "two spaces, four turns each");
        eprintln!("Carat seed {seed}: forcing {winning:?}, not forcing {losing:?}");
        assert_finds_the_win(game.as_ref(), &winning);
        return;
    }
    panic!("no Carat endgame with one forcing move among 100 seeds");
}

#[test]
fn ismcts_finds_the_forced_win_in_an_aratoth_endgame() {
    // A random two-player game taken back a few placements from its end, to the first
    // position where the remaining tree is small (at most 20,000 positions) and exactly
    // one of the mover's placements (of at least four) forces the win.
    for seed in 1..=40u64 {
        let options = serde_json::json!({"players": 2});
        let mut game = open(GameKind::Aratoth, &options, 2, None, Some(seed)).expect("game");
        let mut number = 0;
        while !game.is_finished() {
            let view = SeatView::of(game.as_ref(), game.to_move()[0]).expect("view");
            let mv = Agent::Random.choose(&view, seed * 1000 + number).expect("a move");
            game.play(&mv).expect("legal");
            number += 1;
        }
        let log = game.log().to_vec();
        for back in 2..=12 {
            let Some(keep) = log.len().checked_sub(back) else { break };
            let mut position = open(GameKind::Aratoth, &options, 2, None, Some(seed)).expect("game");
            for entry in log.iter().take(keep) {
                position.play(entry).expect("replays");
            }
            if tree_size(position.as_ref(), 20_000) > 20_000 {
                break;
            }
            let (winning, losing) = split(position.as_ref());
            if winning.len() != 1 || losing.len() < 3 {
                continue;
            }
            eprintln!("Aratoth seed {seed}, {back} placements before the end: forcing {winning:?}, not forcing {losing:?}");
            assert_finds_the_win(position.as_ref(), &winning);
            return;
        }
    }
    panic!("no small Aratoth endgame with one forcing placement among 40 seeds");
}
