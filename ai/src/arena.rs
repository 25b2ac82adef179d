//! The arena: seeded games between agents, with win rates and time per move
//! (`spieltisch arena <game> --games N --seats hard,greedy [--seed S]`).

use std::fmt;

use cpu_time::ThreadTime;

use rules::{GameKind, Match, Seat};
use serde_json::Value;

use crate::{Agent, SeatView};

/// The arena's command line (shared by `spieltisch arena` and the `arena` binary).
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// The game: aratoth, hathor, artifakes, helofag, carat.
    #[arg(value_parser = parse_kind)]
    pub game: GameKind,
    /// How many games (Hathor: deals, each played by every agent alone).
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// One agent per seat, comma-separated: random, greedy, greedy-value, easy, normal, hard,
    /// ismcts:N (the independent yardstick with N iterations per move). The
    /// number of seats is the number of players. Seats rotate from game to game.
    #[arg(long, value_delimiter = ',', default_value = "normal,greedy")]
    pub seats: Vec<Agent>,
    /// The first game's seed; game `i` uses `seed + i`.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The game's options as a JSON object, e.g. '{"variant":"hand3"}'.
    #[arg(long)]
    pub options: Option<String>,
    /// Play each seed once per seat rotation (as many games as seats, `--games` rounded
    /// up to a multiple): game `i` uses `seed + i / seats`, so every agent meets the same
    /// dice (or deals) from every seat, which takes much of the luck out of a comparison.
    #[arg(long)]
    pub paired: bool,
    /// Print a line on standard error after every game: the seats' scores, the winner
    /// and each agent's mean thread CPU seconds a move in that game.
    #[arg(long)]
    pub progress: bool,
}

fn parse_kind(text: &str) -> Result<GameKind, String> {
    text.parse::<GameKind>().map_err(|e| e.to_string())
}

/// Why the arena could not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArenaError {
    /// The options are not a JSON object, or the game refuses them or the seat count.
    #[error("cannot open {game}: {reason}")]
    Setup { game: GameKind, reason: String },
    /// No agents.
    #[error("name at least one agent in --seats")]
    NoSeats,
}

/// One agent's results over the arena's games.
#[derive(Debug, Clone, PartialEq)]
pub struct AgentResult {
    /// The agent, and its place in `--seats`.
    pub agent: Agent,
    pub slot: usize,
    /// Games played.
    pub games: usize,
    /// Wins, a shared first place counting its share (a draw of two: 0.5). In Hathor:
    /// deals on which this agent scored most.
    pub wins: f64,
    /// The sum of its final scores (games with points; Aratoth: 0).
    pub score_sum: f64,
    /// The sum of the squared final scores (for the interval of the mean).
    pub score_sq_sum: f64,
    /// Moves made, their total and their longest time, in seconds of the thread's CPU
    /// time (what one core spends, whatever else runs on the machine).
    pub moves: usize,
    pub seconds: f64,
    pub max_seconds: f64,
    /// Moves on which the agent failed and the first legal move was played instead.
    pub failures: usize,
}

impl AgentResult {
    /// `agent`'s results before any game, for slot `slot` of `--seats`: all counts 0.
    pub fn new(agent: Agent, slot: usize) -> Self {
        AgentResult {
            agent,
            slot,
            games: 0,
            wins: 0.0,
            score_sum: 0.0,
            score_sq_sum: 0.0,
            moves: 0,
            seconds: 0.0,
            max_seconds: 0.0,
            failures: 0,
        }
    }

    /// The moves, their time and the failures since `before` (the same agent's results
    /// at an earlier point); the other counts are 0.
    fn since(&self, before: &AgentResult) -> AgentResult {
        AgentResult {
            moves: self.moves.saturating_sub(before.moves),
            seconds: self.seconds - before.seconds,
            failures: self.failures.saturating_sub(before.failures),
            ..AgentResult::new(self.agent, self.slot)
        }
    }

    /// The share of games won, 0..=1.
    pub fn win_rate(&self) -> f64 {
        if self.games == 0 { 0.0 } else { self.wins / self.games as f64 }
    }

    /// The 95 % Wilson score interval of the win rate, `(low, high)`.
    pub fn wilson(&self) -> (f64, f64) {
        wilson(self.wins, self.games)
    }

    /// The mean final score.
    pub fn mean_score(&self) -> f64 {
        if self.games == 0 { 0.0 } else { self.score_sum / self.games as f64 }
    }

    /// Half the width of the 95 % interval of the mean score (normal approximation).
    pub fn score_margin(&self) -> f64 {
        let n = self.games as f64;
        if self.games < 2 {
            return 0.0;
        }
        let mean = self.score_sum / n;
        let variance = ((self.score_sq_sum - n * mean * mean) / (n - 1.0)).max(0.0);
        1.96 * (variance / n).sqrt()
    }

    /// The mean time per move in seconds.
    pub fn mean_seconds(&self) -> f64 {
        if self.moves == 0 { 0.0 } else { self.seconds / self.moves as f64 }
    }
}

/// The 95 % Wilson score interval for `wins` out of `games`, `(low, high)` in 0..=1;
/// `(0, 1)` for no games.
pub fn wilson(wins: f64, games: usize) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let n = games as f64;
    let p = wins / n;
    let z: f64 = 1.96;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// What the arena found: one line per agent of `--seats`.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    pub game: GameKind,
    pub games: usize,
    pub seed: u64,
    pub agents: Vec<AgentResult>,
    /// The moves of every game, in order (for reproducibility checks).
    pub moves: Vec<Vec<String>>,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}: {} games, seed {}", self.game, self.games, self.seed)?;
        writeln!(f, "{:<4} {:<12} {:>7} {:>7} {:>17} {:>18} {:>10} {:>10}", "seat", "agent", "games", "wins", "win rate (95 %)", "mean score (95 %)", "cpu s/move", "max s")?;
        for a in &self.agents {
            let (low, high) = a.wilson();
            writeln!(
                f,
                "{:<4} {:<12} {:>7} {:>7.1} {:>5.1} % [{:>4.1}-{:>5.1}] {:>10.1} ± {:<6.1} {:>10.4} {:>10.4}{}",
                a.slot,
                a.agent.to_string(),
                a.games,
                a.wins,
                100.0 * a.win_rate(),
                100.0 * low,
                100.0 * high,
                a.mean_score(),
                a.score_margin(),
                a.mean_seconds(),
                a.max_seconds,
                if a.failures > 0 { format!("  ({} failed moves)", a.failures) } else { String::new() },
            )?;
        }
        Ok(())
    }
}

/// The seed of an agent's move: a mix of the game's seed and the move number.
pub fn move_seed(game_seed: u64, move_number: usize) -> u64 {
    game_seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(move_number as u64).rotate_left(17) ^ 0x5851_F42D_4C95_7F2D
}

/// The most moves and events one arena game may take before it is given up as a draw.
const MAX_MOVES: usize = 5000;

/// Plays the arena: `args.games` games with seeds `seed`, `seed + 1`, ... (with
/// `paired`, each seed for `n` games in a row); in game `i`
/// seat `s` is taken by agent `(s + i) mod n` of `args.seats` (so every agent plays
/// every seat equally often when `games` is a multiple of `n`). In the solo game
/// (Hathor) every agent plays every deal alone. `progress` is called after each game
/// with a one-line summary: `game 3 (seed 2): normal=91 greedy=84 (won by normal);
/// CPU s a move: normal 0.241 over 18, greedy 0.002 over 18`, the seats' scores in seat
/// order, then the winner (`shared by a, b` for a shared first place; nothing for solo
/// games), then each agent's mean thread CPU seconds a move in this game and its move
/// count (see [`game_times`]). The winner matters where the scores do not show it
/// (Aratoth, Helofag's pieces home); the times let a run cut short still report them.
///
/// # Errors
/// [`ArenaError`] for no agents, bad options or a seat count the game does not allow.
pub fn run(args: &Args, progress: &mut dyn FnMut(&str)) -> Result<Report, ArenaError> {
    let n = args.seats.len();
    if n == 0 {
        return Err(ArenaError::NoSeats);
    }
    let setup_error = |reason: String| ArenaError::Setup { game: args.game, reason };
    let options: Value = match &args.options {
        Some(text) => serde_json::from_str(text).map_err(|e| setup_error(e.to_string()))?,
        None => Value::Object(Default::default()),
    };
    let solo = *args.game.players().end() == 1;
    let players = if solo { 1 } else { n };
    let mut options = options;
    if let Value::Object(map) = &mut options {
        map.insert("players".into(), Value::from(players));
    }
    let mut results: Vec<AgentResult> = args.seats.iter().enumerate().map(|(i, &a)| AgentResult::new(a, i)).collect();
    let mut all_moves = Vec::new();
    let games = if args.paired && !solo { args.games.div_ceil(n) * n } else { args.games };
    for g in 0..games {
        let round = if args.paired && !solo { g / n } else { g };
        let game_seed = args.seed.wrapping_add(round as u64);
        // Which slot of --seats plays each seat of each table.
        let tables: Vec<Vec<usize>> =
            if solo { (0..n).map(|slot| vec![slot]).collect() } else { vec![(0..n).map(|s| (s + g) % n).collect()] };
        let mut scores = Vec::new();
        let mut winners: Vec<usize> = Vec::new();
        let before: Vec<AgentResult> = results.clone();
        for table in &tables {
            let mut game = rules::open(args.game, &options, players, None, Some(game_seed)).map_err(|e| setup_error(e.to_string()))?;
            play_out(game.as_mut(), table, &args.seats, game_seed, &mut results);
            let ranking = game.ranking().unwrap_or_default();
            let game_scores = game.scores().unwrap_or_else(|| vec![0; players]);
            for (seat, &slot) in table.iter().enumerate() {
                let score = game_scores.get(seat).copied().unwrap_or(0) as f64;
                scores.push((slot, score));
                if let Some(r) = results.get_mut(slot) {
                    r.games += 1;
                    r.score_sum += score;
                    r.score_sq_sum += score * score;
                    if !solo && let Some(first) = ranking.first().filter(|t| t.contains(&seat)) {
                        r.wins += 1.0 / first.len() as f64;
                        winners.push(slot);
                    }
                }
            }
            all_moves.push(game.log().to_vec());
        }
        if solo {
            let best = scores.iter().map(|&(_, s)| s).fold(f64::NEG_INFINITY, f64::max);
            let top: Vec<usize> = scores.iter().filter(|&&(_, s)| s == best).map(|&(slot, _)| slot).collect();
            for &slot in &top {
                if let Some(r) = results.get_mut(slot) {
                    r.wins += 1.0 / top.len() as f64;
                }
            }
        }
        let name = |slot: &usize| args.seats.get(*slot).map(ToString::to_string).unwrap_or_default();
        let line: Vec<String> = scores.iter().map(|(slot, s)| format!("{}={}", name(slot), s)).collect();
        let outcome = match winners.as_slice() {
            _ if solo => String::new(),
            [] => " (no winner)".to_string(),
            [one] => format!(" (won by {})", name(one)),
            shared => format!(" (shared by {})", shared.iter().map(name).collect::<Vec<_>>().join(", ")),
        };
        let times = game_times(&before, &results);
        progress(&format!("game {} (seed {game_seed}): {}{outcome}; {times}", g + 1, line.join(" ")));
    }
    Ok(Report { game: args.game, games, seed: args.seed, agents: results, moves: all_moves })
}

/// One game's times for the progress line, from the agents' results `before` and
/// `after` it: `CPU s a move: hard 1.012 over 11, ismcts:2000 0.190 over 11` (mean
/// thread CPU seconds a move, three decimals, and the moves made), with ` (2 refused)`
/// after an agent whose move was refused that often (the first legal move was played
/// instead). Agents are listed in `--seats` order; one that made no move reads `0.000
/// over 0`.
pub fn game_times(before: &[AgentResult], after: &[AgentResult]) -> String {
    let parts: Vec<String> = after
        .iter()
        .zip(before)
        .map(|(now, then)| {
            let game = now.since(then);
            let refused = if game.failures == 0 { String::new() } else { format!(" ({} refused)", game.failures) };
            format!("{} {:.3} over {}{refused}", game.agent, game.mean_seconds(), game.moves)
        })
        .collect();
    format!("CPU s a move: {}", parts.join(", "))
}

/// Plays `game` to the end, seat `s` by agent `agents[table[s]]`.
fn play_out(game: &mut dyn Match, table: &[usize], agents: &[Agent], game_seed: u64, results: &mut [AgentResult]) {
    let agent_of = |seat: Seat| table.get(seat).and_then(|&slot| agents.get(slot)).copied();
    play_to_end(game, game_seed, agent_of, |seat, seconds, played| {
        if let Some(r) = table.get(seat).and_then(|&slot| results.get_mut(slot)) {
            r.moves += 1;
            r.seconds += seconds;
            r.max_seconds = r.max_seconds.max(seconds);
            if !played {
                r.failures += 1;
            }
        }
    });
}

/// Plays `game` to the end (at most [`MAX_MOVES`] moves), each move by `agent_of` the
/// seat to move, seeded by [`move_seed`] of `game_seed` and the move number; a move the
/// agent fails to give (or the rules refuse) is replaced by the first legal move.
/// `on_move(seat, cpu_seconds, played)` is told of every agent's move (`played`: its own
/// move was played). Stops early when a seat has no agent or nothing can be played.
pub fn play_to_end(
    game: &mut dyn Match,
    game_seed: u64,
    agent_of: impl Fn(Seat) -> Option<Agent>,
    mut on_move: impl FnMut(Seat, f64, bool),
) {
    for number in 0..MAX_MOVES {
        let Some(&seat) = game.to_move().first() else { return };
        let Some(agent) = agent_of(seat) else { return };
        let started = ThreadTime::now();
        let chosen = SeatView::of(game, seat).and_then(|view| agent.choose(&view, move_seed(game_seed, number)));
        let seconds = started.elapsed().as_secs_f64();
        let played = match chosen {
            Ok(text) => game.play(&text).is_ok(),
            Err(_) => false,
        };
        on_move(seat, seconds, played);
        if !played {
            let Some(first) = game.legal_moves().into_iter().next() else { return };
            if game.play(&first).is_err() {
                return;
            }
        }
    }
}
