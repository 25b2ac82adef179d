//! How much a stronger choice is worth in two-player Helofag (issue 17: `hard` against
//! `normal`): `normal` plays both seats of seeded games; at every decision `hard` is asked
//! too, and where the two choose different positions, both positions are played on to
//! the end many times, paired on fresh dice (the same future rolls for both), by the
//! race-value greedy player (`greedy-value`) on both sides. The mean difference in the
//! mover's wins is what `hard`'s different choice gains there; summed over a game's
//! disagreements of one seat it estimates how many wins per game that seat could gain by
//! `hard`'s choices alone.
//!
//! ```sh
//! cargo run --release -p ai --example helofag_ceiling -- --games 4 --seed 1 --rollouts 200
//! ```
//!
//! Prints one line per disagreement and a summary: decisions, decisions with one legal
//! move, positions where `hard` and `normal` differ, the mean gain per disagreement with
//! a 95 % interval, and the gain per game and seat.

use ai::{
    arena::{move_seed, play_to_end},
    Agent, Level, SeatView,
};
use rules::{record::Record, GameKind, Match, Seat};

/// The most moves a game may take.
const MAX_MOVES: usize = 5000;

/// The games and roll-outs to measure.
#[derive(clap::Parser)]
struct Args {
    /// Games of `normal` against itself.
    #[arg(long, default_value_t = 4)]
    games: u64,
    /// The first game's seed; the others follow.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Paired roll-outs per choice where `hard` and `normal` differ.
    #[arg(long, default_value_t = 200)]
    rollouts: u64,
}

/// `seat`'s share of the win of a finished game (ties share), 0 when unfinished.
fn win_share(game: &dyn Match, seat: Seat) -> f64 {
    match game.ranking().and_then(|r| r.first().cloned()) {
        Some(first) if first.contains(&seat) => 1.0 / first.len() as f64,
        _ => 0.0,
    }
}

/// The position of `record` with fresh future dice (its listed rolls stay, later ones
/// are drawn from `seed`), `first` played, then played on by `greedy-value`: the mover's
/// share of the win.
fn rollout(record: &Record, first: &str, seed: u64, mover: Seat) -> f64 {
    let mut record = record.clone();
    record.seed = Some(seed);
    let Ok((mut game, None)) = rules::record::replay_record(&record) else { return f64::NAN };
    if game.play(first).is_err() {
        return f64::NAN;
    }
    play_to_end(game.as_mut(), seed, |_| Some(Agent::GreedyValue), |_, _, _| {});
    win_share(game.as_ref(), mover)
}

/// Whether playing `a` and `b` leaves the same position (pieces and next roll).
fn same_position(game: &dyn Match, a: &str, b: &str) -> bool {
    let after = |text: &str| {
        let mut g = game.box_clone();
        g.play(text).ok().and_then(|_| g.details())
    };
    after(a) == after(b)
}

fn main() {
    let args = <Args as clap::Parser>::parse();
    let names = vec!["a".to_string(), "b".to_string()];
    let (mut decisions, mut forced, mut differ) = (0u64, 0u64, 0u64);
    let mut gains: Vec<f64> = Vec::new();
    for g in 0..args.games {
        let seed = args.seed.wrapping_add(g);
        let options = serde_json::json!({ "players": 2 });
        let mut game = match rules::open(GameKind::Helofag, &options, 2, None, Some(seed)) {
            Ok(game) => game,
            Err(e) => {
                eprintln!("game {seed}: {e}");
                continue;
            }
        };
        for number in 0..MAX_MOVES {
            let Some(&seat) = game.to_move().first() else { break };
            let Ok(view) = SeatView::of(game.as_ref(), seat) else { break };
            let choice_seed = move_seed(seed, number);
            let (Ok(normal), Ok(hard)) =
                (Agent::Level(Level::Normal).choose(&view, choice_seed), Agent::Level(Level::Hard).choose(&view, choice_seed))
            else {
                break;
            };
            decisions += 1;
            if game.legal_moves().len() == 1 {
                forced += 1;
            }
            if !same_position(game.as_ref(), &normal, &hard) {
                differ += 1;
                let record = Record::of(game.as_ref(), &names);
                let diffs: Vec<f64> = (0..args.rollouts)
                    .map(|k| {
                        let dice = move_seed(choice_seed, k as usize + 1);
                        rollout(&record, &hard, dice, seat) - rollout(&record, &normal, dice, seat)
                    })
                    .filter(|d| d.is_finite())
                    .collect();
                let mean = diffs.iter().sum::<f64>() / diffs.len().max(1) as f64;
                println!("game {seed} move {number} seat {seat}: normal {normal:?}, hard {hard:?}: hard gains {:+.3}", mean);
                gains.push(mean);
            }
            if game.play(&normal).is_err() {
                break;
            }
        }
    }
    let n = gains.len().max(1) as f64;
    let mean = gains.iter().sum::<f64>() / n;
    let var = gains.iter().map(|g| (g - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    let per_seat_game = mean * differ as f64 / (2.0 * args.games.max(1) as f64);
    println!(
        "{} games (seeds {}-{}), {} roll-outs a choice: {decisions} decisions, {forced} with one legal move, \
         {differ} where hard and normal differ ({:.1} %)",
        args.games,
        args.seed,
        args.seed.wrapping_add(args.games.saturating_sub(1)),
        args.rollouts,
        100.0 * differ as f64 / decisions.max(1) as f64
    );
    println!(
        "mean gain of hard's choice where they differ: {:+.4} wins ({:+.4} to {:+.4}); per game and seat: {:+.4} wins",
        mean,
        mean - half,
        mean + half,
        per_seat_game
    );
}
