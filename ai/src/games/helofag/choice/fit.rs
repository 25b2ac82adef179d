//! How [`super::learnt::WEIGHTS`] were fitted (an ignored test, five to six minutes:
//! `cargo test -p ai --release -- --ignored fit_the_learnt_value --nocapture`; it prints
//! the weights to paste into `learnt.rs`), and the checks of the fitting itself.
//!
//! Two rounds of self-play of two players on seeded dice, each turn the one-ply best by
//! the value, a random legal turn one time in ten (so that positions vary): the first
//! round by the race value ([`super::super::value`]), the second by the weights the
//! first fitted. After every turn the position is a sample for one of the two seats (its
//! [`learnt::inputs`], and 1 when that seat won, else 0); every third position is kept,
//! and every fifth game is held out to measure the fit. The weights are the maximum
//! likelihood logistic regression (Newton's method, each step solved by nalgebra) on
//! the second round's samples.

use rand::{RngExt, SeedableRng};
use rules::{
    helofag::{play_on, transfer_on, turns_on, Field, Pieces, Roll},
    rng::ChaCha20Rng,
    Game, Seat,
};

use super::{learnt, Evaluator};

/// The goal count (the default option).
const GOAL: u8 = 3;

/// One sample: the inputs for a seat, and 1 when it won.
type Sample = ([f64; learnt::INPUTS], f64);

/// The inputs of `seat` in a two-player position, `next` rolling next, by the race value.
fn inputs(eval: &mut Evaluator, pieces: &Pieces, next: Seat, seat: Seat) -> [f64; learnt::INPUTS] {
    let saved = std::mem::replace(&mut eval.learnt, false);
    let race = eval.value(pieces, next).get(seat).copied().unwrap_or(0.5);
    eval.learnt = saved;
    learnt::inputs(pieces, seat, 1 - seat, next, race)
}

/// The pieces after `mover`'s best turn with `roll` by `weights` (the race value when
/// `None`); `None` when the turn passes.
fn best_turn(eval: &mut Evaluator, pieces: &Pieces, mover: Seat, roll: Roll, weights: Option<&[f64]>) -> Option<Pieces> {
    let mut best: Option<(f64, Pieces)> = None;
    for mv in turns_on(pieces, mover, roll, GOAL) {
        let Ok(after) = play_on(pieces, mover, roll, &mv, GOAL) else { continue };
        let value = if after.count(mover, Field::Goal) >= GOAL {
            2.0
        } else {
            match weights {
                None => eval.value(&after, 1 - mover).get(mover).copied().unwrap_or(0.0),
                Some(w) => learnt::chance(w, &inputs(eval, &after, 1 - mover, mover)),
            }
        };
        if best.as_ref().is_none_or(|(b, _)| value > *b + 1e-12) {
            best = Some((value, after));
        }
    }
    best.map(|(_, after)| after)
}

/// One game of self-play on the dice of `dice_seed`: the winner (`None` past 2,000
/// turns) and the position after every turn with the seat rolling next.
fn self_play(eval: &mut Evaluator, dice_seed: u64, weights: Option<&[f64]>, rng: &mut ChaCha20Rng) -> (Option<Seat>, Vec<(Pieces, Seat)>) {
    let mut dice = ChaCha20Rng::seed_from_u64(dice_seed);
    let mut pieces = Pieces::new(2);
    let mut mover = 0;
    let mut seen = Vec::new();
    for _ in 0..2000 {
        let roll: Roll = [dice.random_range(1..=6), dice.random_range(1..=6), dice.random_range(1..=6)];
        transfer_on(&mut pieces, roll);
        let after = if rng.random_range(0..10) == 0 {
            let turns = turns_on(&pieces, mover, roll, GOAL);
            (!turns.is_empty()).then(|| turns[rng.random_range(0..turns.len())]).and_then(|mv| play_on(&pieces, mover, roll, &mv, GOAL).ok())
        } else {
            best_turn(eval, &pieces, mover, roll, weights)
        };
        if let Some(after) = after {
            pieces = after;
            if pieces.count(mover, Field::Goal) >= GOAL {
                return (Some(mover), seen);
            }
        }
        mover = 1 - mover;
        seen.push((pieces.clone(), mover));
    }
    (None, seen)
}

/// Samples of `games` games of self-play (dice seeds from `first`): (fit, held out).
fn samples(eval: &mut Evaluator, first: u64, games: u64, weights: Option<&[f64]>, rng: &mut ChaCha20Rng) -> (Vec<Sample>, Vec<Sample>) {
    let (mut fit, mut held) = (Vec::new(), Vec::new());
    for g in 0..games {
        let (Some(winner), seen) = self_play(eval, first + g, weights, rng) else { continue };
        for (i, (pieces, next)) in seen.iter().enumerate().filter(|(i, _)| i % 3 == (g % 3) as usize) {
            let seat = (i / 3) % 2;
            let sample = (inputs(eval, pieces, *next, seat), if winner == seat { 1.0 } else { 0.0 });
            if g % 5 == 0 { held.push(sample) } else { fit.push(sample) }
        }
        if eval.cache.len() > 2_000_000 {
            eval.cache.clear();
        }
    }
    (fit, held)
}

/// `x` with `a x = b` (`a` square and non-singular), by nalgebra's LU decomposition;
/// zeros when `a` is singular.
fn solve(a: &[Vec<f64>], b: &[f64]) -> Vec<f64> {
    let n = b.len();
    let a = nalgebra::DMatrix::from_fn(n, n, |i, j| a[i][j]);
    let b = nalgebra::DVector::from_column_slice(b);
    a.lu().solve(&b).map_or_else(|| vec![0.0; n], |x| x.iter().copied().collect())
}

/// The maximum likelihood weights of the logistic model on `samples` (Newton's method,
/// 12 steps, a tiny ridge so that an unused input does not make the system singular).
fn fit(samples: &[([f64; learnt::INPUTS], f64)]) -> Vec<f64> {
    let d = learnt::INPUTS;
    let mut w = vec![0.0; d];
    for _ in 0..12 {
        let mut gradient = vec![0.0; d];
        let mut hessian = vec![vec![0.0; d]; d];
        for (x, y) in samples {
            let p = learnt::chance(&w, x);
            for i in 0..d {
                gradient[i] += (y - p) * x[i];
                for j in 0..d {
                    hessian[i][j] += p * (1.0 - p) * x[i] * x[j];
                }
            }
        }
        for (i, row) in hessian.iter_mut().enumerate() {
            row[i] += 1e-6 * samples.len() as f64;
        }
        for (wi, step) in w.iter_mut().zip(solve(&hessian, &gradient)) {
            *wi += step;
        }
    }
    w
}

/// The mean log loss of `weights` on `samples`.
fn log_loss(weights: &[f64], samples: &[Sample]) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|(x, y)| {
            let p = learnt::chance(weights, x).clamp(1e-9, 1.0 - 1e-9);
            -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        })
        .sum();
    sum / samples.len().max(1) as f64
}

fn evaluator() -> Evaluator {
    let options = rules::helofag::HelofagOptions::default();
    let setup = rules::helofag::HelofagSetup { rolls: vec![vec![1, 2, 3]], start_player: 0 };
    let game = rules::helofag::Helofag::new(&options, 2, setup, rules::Chance::none()).expect("a two-player game");
    Evaluator::new(&game, super::Valuation::Race)
}

#[test]
#[ignore = "fits the weights: five to six minutes"]
fn fit_the_learnt_value() {
    let mut eval = evaluator();
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let (first, _) = samples(&mut eval, 1_000_000, 6000, None, &mut rng);
    let w1 = fit(&first);
    let (second, held) = samples(&mut eval, 3_000_000, 6000, Some(&w1), &mut rng);
    let w2 = fit(&second);
    let mut race_only = vec![0.0; learnt::INPUTS];
    race_only[0] = 1.0;
    println!("{} samples; held-out log loss: race {:.4}, first fit {:.4}, second fit {:.4}", second.len(), log_loss(&race_only, &held), log_loss(&w1, &held), log_loss(&w2, &held));
    println!("WEIGHTS = {:?}", w2.iter().map(|v| (v * 1000.0).round() / 1000.0).collect::<Vec<_>>());
}

#[test]
fn the_solver_solves_a_system_worked_by_hand() {
    // 2x + y − z = 8, −3x − y + 2z = −11, −2x + y + 2z = −3: x = 2, y = 3, z = −1.
    let x = solve(&[vec![2.0, 1.0, -1.0], vec![-3.0, -1.0, 2.0], vec![-2.0, 1.0, 2.0]], &[8.0, -11.0, -3.0]);
    for (got, want) in x.iter().zip([2.0, 3.0, -1.0]) {
        assert!((got - want).abs() < 1e-12, "{x:?}");
    }
}

#[test]
fn the_fit_finds_the_weights_that_made_the_outcomes() {
    // Outcomes drawn from a known model on random inputs: the fit must find it again.
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    let truth: Vec<f64> = (0..learnt::INPUTS).map(|i| [0.8, -0.5, 0.3, 0.0][i % 4]).collect();
    let samples: Vec<Sample> = (0..40_000)
        .map(|_| {
            let mut x = [0.0; learnt::INPUTS];
            for v in &mut x {
                *v = rng.random_range(-2.0..2.0);
            }
            let y = if rng.random_range(0.0..1.0) < learnt::chance(&truth, &x) { 1.0 } else { 0.0 };
            (x, y)
        })
        .collect();
    let w = fit(&samples);
    for (got, want) in w.iter().zip(&truth) {
        assert!((got - want).abs() < 0.06, "{w:?}");
    }
}
