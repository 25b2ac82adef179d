//! `ismcts:N`, the arena's independent yardstick: a plain single-observer
//! information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, "Information
//! Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012, algorithm 3) with a fixed
//! number of iterations per move.
//!
//! It shares nothing with the levels' search (`search.rs`, `greedy.rs`, the games'
//! heuristics, shortlists and playout policies): only the rules crate (legal moves,
//! applying them, the outcome) and [`world::sample`], the rules' way of drawing a full
//! game that agrees with a [`SeatView`]. Each iteration
//!
//! 1. samples one determinization (a world consistent with the seat's view),
//! 2. descends one tree shared by all iterations, its nodes keyed by the move's text,
//!    choosing among the children whose moves are legal in this determinization by
//!    UCB1 with availability counts (a child's `ln` term counts the iterations in which
//!    it was available, not its parent's visits),
//! 3. expands one untried move (uniformly random among the determinization's legal
//!    moves that have no child yet),
//! 4. plays out uniformly at random over the rules' legal moves to the end of the game,
//! 5. backs the result up: each node gains the reward of the seat that made its move
//!    (1 for a sole winner, `1/k` each for `k` winners sharing first place, else 0).
//!
//! The move played is the root child with the most visits among the view's legal
//! moves. Deterministic: every random choice comes from the caller's generator.
//!
//! In a solo game (Hathor) every finished playout is a win, so the search has nothing
//! to tell moves apart by; it is meant for the games with opponents.

use std::collections::HashMap;

use rules::{rng::ChaCha20Rng, Seat};

use crate::{ai_game::AiGame, world, AiError, SeatView};

/// The UCB1 exploration constant for rewards in 0..=1 (the paper's 0.7).
const EXPLORATION: f64 = 0.7;

/// Plies a playout makes at most before it is called a draw of every seat (no game of
/// the project lasts that long; a guard against a game that does not end).
const MAX_PLAYOUT: usize = 10_000;

/// A node of the information-set tree: the move that led here (by its text) and who
/// made it.
struct Node {
    /// The seat that made the move into this node (the root: unused).
    mover: Seat,
    /// Iterations that went through this node.
    visits: f64,
    /// Iterations in which this node's move was legal when its parent was selected from.
    available: f64,
    /// The sum of `mover`'s rewards over the iterations through this node.
    reward: f64,
    /// Children by their move's text, as indices into the tree.
    children: HashMap<String, usize>,
}

impl Node {
    fn new(mover: Seat) -> Self {
        Node { mover, visits: 0.0, available: 0.0, reward: 0.0, children: HashMap::new() }
    }

    /// UCB1 with the availability count in place of the parent's visits.
    fn ucb(&self) -> f64 {
        let n = self.visits.max(1.0);
        self.reward / n + EXPLORATION * (self.available.max(1.0).ln() / n).sqrt()
    }
}

/// The move of `ismcts:iterations` for the view's seat, in the game's notation.
///
/// # Errors
/// [`AiError::World`] when no world consistent with the view can be sampled;
/// [`AiError::NotToMove`] when the view has no legal move.
pub(crate) fn choose<G: AiGame>(view: &SeatView, iterations: usize, rng: &mut ChaCha20Rng) -> Result<String, AiError> {
    let legal = view.legal_moves();
    if legal.len() == 1
        && let Some(only) = legal.first()
    {
        return Ok(only.clone());
    }
    let mut tree = vec![Node::new(view.seat())];
    let mut path: Vec<usize> = Vec::new();
    for _ in 0..iterations.max(1) {
        let mut world = world::sample::<G>(view, rng)?;
        path.clear();
        descend(&mut tree, &mut world, &mut path, rng);
        let rewards = play_out(world, view.players(), rng);
        for &n in &path {
            if let Some(node) = tree.get_mut(n) {
                node.visits += 1.0;
                node.reward += rewards.get(node.mover).copied().unwrap_or(0.0);
            }
        }
    }
    let root = tree.first().ok_or(AiError::NotToMove(view.seat()))?;
    let visits = |text: &String| root.children.get(text).and_then(|&c| tree.get(c)).map_or(0.0, |c| c.visits);
    // The most visited legal move; among equals the first the rules list.
    let mut best: Option<(&String, f64)> = None;
    for text in legal {
        let v = visits(text);
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((text, v));
        }
    }
    best.map(|(text, _)| text.clone()).ok_or(AiError::NotToMove(view.seat()))
}

/// Selection and expansion in one determinization: walks from the root, applying the
/// moves to `world`, and records the nodes it enters (the root excluded) in `path`.
fn descend<G: AiGame>(tree: &mut Vec<Node>, world: &mut G, path: &mut Vec<usize>, rng: &mut ChaCha20Rng) {
    let mut at = 0;
    loop {
        if world.outcome().is_some() {
            return;
        }
        let Some(&mover) = world.to_move().first() else { return };
        let moves = world.legal_moves();
        let Some(node) = tree.get(at) else { return };
        let mut untried = Vec::new();
        let mut available = Vec::new();
        for (i, mv) in moves.iter().enumerate() {
            let text = mv.to_string();
            match node.children.get(&text) {
                Some(&child) => available.push((i, child)),
                None => untried.push((i, text)),
            }
        }
        if !untried.is_empty() {
            let (i, text) = untried.swap_remove(rules::rng::index(untried.len(), rng));
            let Some(mv) = moves.get(i) else { return };
            if world.apply(mv).is_err() {
                return;
            }
            let child = tree.len();
            tree.push(Node::new(mover));
            if let Some(node) = tree.get_mut(at) {
                node.children.insert(text, child);
            }
            path.push(child);
            return;
        }
        for &(_, child) in &available {
            if let Some(c) = tree.get_mut(child) {
                c.available += 1.0;
            }
        }
        let Some(&(i, child)) = available.iter().max_by(|a, b| {
            let value = |c: usize| tree.get(c).map_or(f64::NEG_INFINITY, Node::ucb);
            value(a.1).total_cmp(&value(b.1))
        }) else {
            return;
        };
        let Some(mv) = moves.get(i) else { return };
        if world.apply(mv).is_err() {
            return;
        }
        path.push(child);
        at = child;
    }
}

/// Plays `world` to the end by uniformly random legal moves and gives every seat its
/// reward: 1 for a sole winner, `1/k` for each of `k` sharing first place, 0 otherwise
/// (`1/players` each when the playout is cut off after [`MAX_PLAYOUT`] plies).
fn play_out<G: AiGame>(mut world: G, players: usize, rng: &mut ChaCha20Rng) -> Vec<f64> {
    for _ in 0..MAX_PLAYOUT {
        if let Some(ranking) = world.outcome() {
            let mut rewards = vec![0.0; players];
            if let Some(first) = ranking.first() {
                for &seat in first {
                    if let Some(r) = rewards.get_mut(seat) {
                        *r = 1.0 / first.len() as f64;
                    }
                }
            }
            return rewards;
        }
        let mut moves = world.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves.swap_remove(rules::rng::index(moves.len(), rng));
        if world.apply(&mv).is_err() {
            break;
        }
    }
    vec![1.0 / players.max(1) as f64; players]
}
