//! The arena on small N for every game, and reproducibility.

use ai::{
    arena::{game_times, run, wilson, AgentResult, Args},
    choose, Agent, Level, SeatView,
};
use rules::{open, GameKind};

fn args(game: GameKind, games: usize, seats: &[Agent]) -> Args {
    Args { game, games, seats: seats.to_vec(), seed: 1, options: None, paired: false, progress: false }
}

#[test]
fn every_game_runs_to_the_end_in_the_arena() {
    for (game, seats) in [
        (GameKind::Aratoth, vec![Agent::Level(Level::Easy), Agent::Random]),
        (GameKind::Aratoth, vec![Agent::Random, Agent::Random, Agent::Greedy]),
        (GameKind::Hathor, vec![Agent::Greedy, Agent::Random]),
        (GameKind::Artifakes, vec![Agent::Level(Level::Easy), Agent::Greedy]),
        (GameKind::Helofag, vec![Agent::Level(Level::Easy), Agent::Greedy, Agent::Random]),
        (GameKind::Carat, vec![Agent::Level(Level::Easy), Agent::Greedy]),
        (GameKind::Carat, vec![Agent::Random, Agent::Greedy, Agent::Random, Agent::Level(Level::Easy)]),
    ] {
        let report = run(&args(game, 2, &seats), &mut |_| {}).expect("the arena runs");
        assert_eq!(report.moves.len(), if game == GameKind::Hathor { 4 } else { 2 });
        for a in &report.agents {
            assert_eq!(a.games, 2, "{game}: every agent plays every game");
            assert_eq!(a.failures, 0, "{game}: {} failed a move", a.agent);
            assert!(a.moves > 0);
        }
        if game != GameKind::Hathor {
            // Every game has a winner or a shared first place: the wins add up to the games.
            let wins: f64 = report.agents.iter().map(|a| a.wins).sum();
            assert!((wins - 2.0).abs() < 1e-9, "{game}: {wins} wins in 2 games");
        }
        assert!(report.to_string().contains("win rate"));
    }
}

#[test]
fn the_same_seed_gives_the_same_games() {
    let a = args(GameKind::Carat, 2, &[Agent::Level(Level::Easy), Agent::Greedy]);
    let first = run(&a, &mut |_| {}).expect("runs");
    let second = run(&a, &mut |_| {}).expect("runs");
    assert_eq!(first.moves, second.moves);
    let other = run(&Args { seed: 2, ..a }, &mut |_| {}).expect("runs");
    assert_ne!(first.moves, other.moves);
}

#[test]
fn the_same_seed_gives_the_same_move_at_every_level() {
    // A Carat game with six tiles left, so that the searches are short in a debug build.
    let mut game = open(GameKind::Carat, &serde_json::json!({"players": 2}), 2, None, Some(9)).expect("game");
    greedy_until(game.as_mut(), 30);
    let view = SeatView::of(game.as_ref(), game.to_move()[0]).expect("view");
    // `master` stops by the clock: it is the one level that is not deterministic.
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        let first = choose(&view, level, 4).expect("a move");
        assert_eq!(Ok(first.clone()), choose(&view, level, 4));
        assert!(game.legal_moves().contains(&first), "{first} is not legal");
    }
}

#[test]
fn master_thinks_for_its_cpu_budget_and_plays_a_legal_move() {
    assert_eq!("master".parse::<Level>(), Ok(Level::Master));
    assert_eq!("Meister".parse::<Level>(), Ok(Level::Master));
    assert_eq!("master:2.5".parse::<Agent>(), Ok(Agent::Master(std::time::Duration::from_millis(2500))));
    assert_eq!(Agent::Master(std::time::Duration::from_millis(2500)).to_string(), "master:2.5");
    for bad in ["master:0", "master:-1", "master:x", "master:", "master:100000"] {
        assert!(bad.parse::<Agent>().is_err(), "{bad} was accepted");
    }
    // Carat's first move: many placements are about as good (the empty board is
    // symmetric), so no choice settles and master thinks for all its budget.
    let game = open(GameKind::Carat, &serde_json::json!({"players": 2}), 2, None, Some(9)).expect("game");
    master_thinks_for(game.as_ref(), std::time::Duration::from_millis(400));
    // Hathor's halving shares the budget out over its rounds: it too thinks for all of
    // it, and with almost none still plays a legal field.
    let mut deal = open(GameKind::Hathor, &serde_json::json!({}), 1, None, Some(9)).expect("deal");
    greedy_until(deal.as_mut(), 20);
    assert!(deal.legal_moves().len() > 1, "{:?}", deal.legal_moves());
    master_thinks_for(deal.as_ref(), std::time::Duration::from_millis(400));
}

#[test]
fn master_moves_at_once_when_its_choice_is_settled() {
    // Artifakes, seed 1, after 48 greedy moves: the seat to move has one legal move.
    // One world settles it: master plays it without spending its 20 s.
    let mut game = open(GameKind::Artifakes, &serde_json::json!({"players": 2}), 2, None, Some(1)).expect("game");
    greedy_until(game.as_mut(), 48);
    assert_eq!(game.legal_moves(), ["play 9 waste"]);
    let view = SeatView::of(game.as_ref(), game.to_move()[0]).expect("view");
    let started = cpu_time::ThreadTime::now();
    let mv = ai::choose_within(&view, Level::Master, 4, std::time::Duration::from_secs(20)).expect("a move");
    assert_eq!(mv, "play 9 waste");
    assert!(started.elapsed() < std::time::Duration::from_secs(2), "thought for {:?}", started.elapsed());
}

/// Plays `game` on by the greedy agent until `moves` moves are applied.
fn greedy_until(game: &mut dyn rules::Match, moves: usize) {
    while game.moves_applied() < moves {
        let seat = game.to_move()[0];
        let view = SeatView::of(game, seat).expect("view");
        let mv = Agent::Greedy.choose(&view, game.moves_applied() as u64).expect("a move");
        game.play(&mv).expect("legal");
    }
}

/// `master` with `budget` thinks at least that long and plays a legal move; with a
/// budget shorter than one world's search it still searches one world.
fn master_thinks_for(game: &dyn rules::Match, budget: std::time::Duration) {
    let view = SeatView::of(game, game.to_move()[0]).expect("view");
    let started = cpu_time::ThreadTime::now();
    let mv = ai::choose_within(&view, Level::Master, 4, budget).expect("a move");
    assert!(started.elapsed() >= budget, "stopped after {:?}", started.elapsed());
    assert!(game.legal_moves().contains(&mv), "{mv} is not legal");
    let mv = ai::choose_within(&view, Level::Master, 4, std::time::Duration::from_nanos(1)).expect("a move");
    assert!(game.legal_moves().contains(&mv), "{mv} is not legal");
}

#[test]
fn a_seat_not_to_move_gets_no_move() {
    let game = open(GameKind::Carat, &serde_json::json!({"players": 2}), 2, None, Some(3)).expect("game");
    let idle = 1 - game.to_move()[0];
    let view = SeatView::of(game.as_ref(), idle).expect("view");
    assert_eq!(choose(&view, Level::Easy, 1), Err(ai::AiError::NotToMove(idle)));
    assert_eq!(SeatView::of(game.as_ref(), 2).err(), Some(ai::AiError::NoSuchSeat(2)));
}

#[test]
fn wilson_interval_of_known_cases() {
    // 8 of 10: the textbook interval 0.490-0.943; 0 of 10: 0-0.278.
    let (low, high) = wilson(8.0, 10);
    assert!((low - 0.4902).abs() < 1e-3 && (high - 0.9433).abs() < 1e-3, "{low} {high}");
    let (low, high) = wilson(0.0, 10);
    assert!(low.abs() < 1e-12 && (high - 0.2775).abs() < 1e-3, "{low} {high}");
}

#[test]
fn paired_games_give_every_seat_the_same_dice() {
    // Two greedy players: with the same seed and the seats swapped the game is the same.
    let a = Args { paired: true, ..args(GameKind::Helofag, 3, &[Agent::Greedy, Agent::Greedy]) };
    let report = run(&a, &mut |_| {}).expect("runs");
    assert_eq!(report.games, 4, "3 games rounded up to whole rotations");
    assert_eq!(report.moves.len(), 4);
    assert_eq!(report.moves[0], report.moves[1]);
    assert_eq!(report.moves[2], report.moves[3]);
    assert_ne!(report.moves[0], report.moves[2]);
    assert!(report.agents.iter().all(|r| r.games == 4));
}

#[test]
fn each_progress_line_names_the_winner_the_rules_give() {
    // Aratoth's scores are all 0: only the line's winner tells who won. The winner is
    // worked out again by replaying each game's moves on a fresh game of its seed.
    let seats = [Agent::Level(Level::Easy), Agent::Random];
    let mut lines = Vec::new();
    let report = run(&Args { paired: true, ..args(GameKind::Aratoth, 4, &seats) }, &mut |l| lines.push(l.to_string())).expect("runs");
    assert_eq!(lines.len(), 4);
    for (g, (line, moves)) in lines.iter().zip(&report.moves).enumerate() {
        let seed = 1 + (g / 2) as u64;
        let mut game = open(GameKind::Aratoth, &serde_json::json!({"players": 2}), 2, None, Some(seed)).expect("game");
        // Moves each slot made, counted by replaying: who is to move before each move.
        let mut made = [0usize; 2];
        for m in moves {
            let seat = *game.to_move().first().expect("someone is to move");
            made[(seat + g) % 2] += 1;
            game.play(m).expect("the arena's moves replay");
        }
        let ranking = game.ranking().expect("the game is over");
        let first = ranking.first().expect("a first place");
        assert_eq!(first.len(), 1, "Aratoth has no shared wins");
        // Game g seats slot (seat + g) % 2 of --seats at each seat.
        let winner = seats[(first[0] + g) % 2].to_string();
        assert!(line.starts_with(&format!("game {} (seed {seed}): ", g + 1)), "{line}");
        let times = format!("; CPU s a move: {} ", seats[0]);
        assert!(line.contains(&format!(" (won by {winner}){times}")), "{line}, the rules say {winner} won");
        for (slot, agent) in seats.iter().enumerate() {
            let over = format!(" over {}", made[slot]);
            let part = line.split(&format!("{agent} ")).last().expect("the agent's time");
            assert!(part.split(',').next().is_some_and(|p| p.ends_with(&over)), "{line}: {agent} made {} moves", made[slot]);
        }
    }
    // Hathor is solo: no winner on the line.
    let mut solo = Vec::new();
    run(&args(GameKind::Hathor, 1, &[Agent::Random]), &mut |l| solo.push(l.to_string())).expect("runs");
    assert!(solo[0].starts_with("game 1 (seed 1): random=") && !solo[0].contains("won"), "{}", solo[0]);
}

#[test]
fn a_games_times_are_the_difference_of_the_results_around_it() {
    let result = |agent, slot, moves, seconds, failures| AgentResult { moves, seconds, failures, ..AgentResult::new(agent, slot) };
    let hard = Agent::Level(Level::Hard);
    let before = [result(hard, 0, 20, 21.0, 0), result(Agent::Random, 1, 19, 0.5, 1)];
    // This game: hard 11 moves in 11.132 s (1.012 a move), random 10 moves in 0.04 s
    // with 2 of them refused.
    let after = [result(hard, 0, 31, 32.132, 0), result(Agent::Random, 1, 29, 0.54, 3)];
    assert_eq!(game_times(&before, &after), "CPU s a move: hard 1.012 over 11, random 0.004 over 10 (2 refused)");
    // An agent that made no move in the game.
    assert_eq!(game_times(&before[..1], &before[..1]), "CPU s a move: hard 0.000 over 0");
}
