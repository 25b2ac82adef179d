//! Determinized Monte Carlo tree search: UCT in each of several sampled worlds, the
//! root statistics summed over the worlds.

use rand::SeedableRng;
use rules::{rng::ChaCha20Rng, Seat};

use crate::{
    ai_game::{AiGame, Budget, Searched, Searching},
    greedy, world, AiError, SeatView,
};

/// The root statistics of a search summed over its worlds: per root move (in order of
/// first appearance) its visits and the sum of the root mover's rewards through it, and
/// the sum of `watch`'s rewards over every playout with the number of playouts.
#[derive(Debug, Clone, Default)]
pub(crate) struct Tally {
    pub moves: Vec<(String, f64, f64)>,
    pub watch_sum: f64,
    pub playouts: f64,
}

impl Tally {
    /// The move with the most visits (ties: the higher mean reward), with its visits and
    /// mean reward.
    pub(crate) fn best(&self) -> Option<(&str, f64, f64)> {
        self.moves
            .iter()
            .map(|(t, visits, value)| (t.as_str(), *visits, if *visits > 0.0 { value / visits } else { 0.0 }))
            .max_by(|a, b| a.1.total_cmp(&b.1).then(a.2.total_cmp(&b.2)))
    }
}

/// The move with the most visits over all worlds (ties: the higher mean reward); with
/// `cpu` (`master`), over as many worlds (each with the budget's playouts) as the
/// calling thread searches in that much CPU time.
///
/// # Errors
/// [`AiError::World`] when no world can be sampled; [`AiError::NotToMove`] when the
/// seat has no move in them.
fn best_within<G: AiGame>(view: &SeatView, budget: Budget, cpu: Option<std::time::Duration>, rng: &mut ChaCha20Rng) -> Result<String, AiError> {
    let tally = tally_within::<G>(view, budget, None, cpu, rng)?;
    tally.best().map(|(text, _, _)| text.to_string()).ok_or(AiError::NotToMove(view.seat()))
}

/// The move of an AI seat of `level` in a game that searches: [`best`] with the
/// level's budget.
pub(crate) fn searched<G: Searched>(view: &SeatView, level: Searching, rng: &mut ChaCha20Rng) -> Result<String, AiError> {
    best_within::<G>(view, G::budget(level), level.cpu_budget(), rng)
}

/// UCT in `budget.worlds` worlds sampled from `view`, the root statistics summed
/// ([`Tally`]; `watch` is the view's seat). `only`: the root considers just these moves
/// (by their text), else the budget's shortlist or every turn. The root's mover may be
/// another seat than the view's (the chance of a seat that is not to move).
///
/// # Errors
/// [`AiError::World`] when no world can be sampled.
pub(crate) fn tally<G: AiGame>(
    view: &SeatView,
    budget: Budget,
    only: Option<&[String]>,
    rng: &mut ChaCha20Rng,
) -> Result<Tally, AiError> {
    tally_within::<G>(view, budget, only, None, rng)
}

/// [`tally`] over `budget.worlds` worlds or, with `cpu`, over as many as the calling
/// thread can search in that much CPU time since the call (at least one; checked after
/// each world, so it may overrun by one world's search).
fn tally_within<G: AiGame>(
    view: &SeatView,
    budget: Budget,
    only: Option<&[String]>,
    cpu: Option<std::time::Duration>,
    rng: &mut ChaCha20Rng,
) -> Result<Tally, AiError> {
    let started = cpu.map(|_| cpu_time::ThreadTime::now());
    let more = |worlds: usize| match cpu.zip(started.as_ref()) {
        Some((cpu, started)) => worlds == 0 || started.elapsed() < cpu,
        None => worlds < budget.worlds.max(1),
    };
    let mut tally = Tally::default();
    let mut shortlist: Option<Vec<String>> = only.map(<[String]>::to_vec);
    let mut worlds = 0;
    while more(worlds) {
        worlds += 1;
        let world = world::sample::<G>(view, rng)?;
        if budget.candidates > 0 && shortlist.is_none() {
            let ranked = greedy::ranked(&world, view.seat(), view.players());
            shortlist = Some(ranked.into_iter().take(budget.candidates).map(|(m, _)| m.to_string()).collect());
        }
        let (root, watched) = uct(&world, view.players(), budget, shortlist.as_deref(), view.seat(), rng);
        tally.watch_sum += watched;
        tally.playouts += budget.iterations as f64;
        for (mv, visits, value) in root {
            let text = mv.to_string();
            match tally.moves.iter_mut().find(|(t, _, _)| *t == text) {
                Some(entry) => {
                    entry.1 += visits;
                    entry.2 += value;
                }
                None => tally.moves.push((text, visits, value)),
            }
        }
    }
    Ok(tally)
}

/// The mean reward of the view's seat (to move) through the root move `text`: UCT
/// restricted to that move in `budget.worlds` worlds. The worlds are sampled from one
/// generator seeded with `seed` and the playouts drawn from another, so two calls with
/// the same view and seed value two moves on the very same worlds (common random
/// numbers: their difference is not blurred by different samples). `None` when no world
/// has the move.
///
/// # Errors
/// [`AiError::World`] when no world can be sampled.
pub(crate) fn focused<G: AiGame>(view: &SeatView, budget: Budget, text: &str, seed: u64) -> Result<Option<f64>, AiError> {
    let mut worlds = ChaCha20Rng::seed_from_u64(seed);
    let mut plays = ChaCha20Rng::seed_from_u64(seed ^ 0x9E37_79B9_7F4A_7C15);
    let only = [text.to_string()];
    let (mut visits, mut value) = (0.0, 0.0);
    for _ in 0..budget.worlds.max(1) {
        let world = world::sample::<G>(view, &mut worlds)?;
        let (root, _) = uct(&world, view.players(), budget, Some(&only), view.seat(), &mut plays);
        for (_, v, sum) in root {
            visits += v;
            value += sum;
        }
    }
    Ok((visits > 0.0).then(|| value / visits))
}

/// The root turn of a solo game chosen by sequential halving (Karnin, Koren and Somekh
/// 2013) with common random numbers: the n turns of the root go through ⌈log2 n⌉
/// rounds with an equal share of `playouts` each; in a round every turn still in the
/// running is played out ([`AiGame::playout_move`]) in the same freshly sampled worlds
/// with the same playout random numbers, so two turns are compared on the very same
/// pile to come, and the better half by mean reward (over all the turn's playouts so
/// far) goes on to the next round. Every turn gets at least one world per round. With
/// `cpu` (`master`), a round goes on until its share of that much CPU time (of the
/// calling thread) is used instead, at least one world.
///
/// In Hathor this scored 1.20 × [`searched`]'s determinized UCT at the same number of
/// playouts (28 deals; docs "AI players", "Hathor: sequential halving").
///
/// # Errors
/// [`AiError::World`] when no world can be sampled; [`AiError::NotToMove`] when the
/// seat has no move.
pub(crate) fn halved<G: AiGame>(view: &SeatView, playouts: usize, cpu: Option<std::time::Duration>, rng: &mut ChaCha20Rng) -> Result<String, AiError> {
    let started = cpu.map(|_| cpu_time::ThreadTime::now());
    let first = world::sample::<G>(view, rng)?;
    // Per turn: the turn, the sum of its rewards and how many playouts it had.
    let mut running: Vec<(G::Move, f64, f64)> = first.turns().into_iter().map(|m| (m, 0.0, 0.0)).collect();
    let rounds = usize::BITS - running.len().saturating_sub(1).leading_zeros();
    let per_round = playouts / (rounds.max(1) as usize);
    for round in 1..=rounds {
        if running.len() <= 1 {
            break;
        }
        let worlds = (per_round / running.len()).max(1);
        let mut done = 0;
        let more = |done: usize| match cpu.zip(started.as_ref()) {
            Some((cpu, started)) => done == 0 || started.elapsed() < cpu.mul_f64(f64::from(round) / f64::from(rounds)),
            None => done < worlds,
        };
        while more(done) {
            done += 1;
            let world = if done == 1 && round == 1 { first.clone() } else { world::sample::<G>(view, rng)? };
            let seed: u64 = rand::RngExt::random(rng);
            for (mv, sum, count) in running.iter_mut() {
                let mut state = world.clone();
                if state.apply(mv).is_err() {
                    continue;
                }
                let rewards = playout(state, view.players(), &mut ChaCha20Rng::seed_from_u64(seed));
                *sum += rewards.get(view.seat()).copied().unwrap_or(0.0);
                *count += 1.0;
            }
        }
        let mean = |&(_, sum, count): &(G::Move, f64, f64)| if count > 0.0 { sum / count } else { f64::NEG_INFINITY };
        running.sort_by(|a, b| mean(b).total_cmp(&mean(a)));
        running.truncate(running.len().div_ceil(2));
    }
    running.first().map(|(mv, _, _)| mv.to_string()).ok_or(AiError::NotToMove(view.seat()))
}

/// A node of one world's tree.
struct Node<M> {
    /// The seat to move here; `None` when the game is over here.
    mover: Option<Seat>,
    /// Turns not yet expanded.
    untried: Vec<M>,
    /// Expanded turns and their nodes.
    children: Vec<(M, usize)>,
    visits: f64,
    /// The sum of the rewards of the seat that moved into this node.
    value: f64,
}

impl<M> Node<M> {
    fn new<G: AiGame<Move = M>>(state: &G) -> Self {
        let mover = if state.outcome().is_some() { None } else { state.to_move().first().copied() };
        let untried = if mover.is_some() { state.turns() } else { Vec::new() };
        Node { mover, untried, children: Vec::new(), visits: 0.0, value: 0.0 }
    }
}

/// UCT in one world: `(root turn, visits, reward sum of the root's mover)` per expanded
/// root turn, and the sum of `watch`'s rewards over all playouts.
fn uct<G: AiGame>(
    root: &G,
    players: usize,
    budget: Budget,
    shortlist: Option<&[String]>,
    watch: Seat,
    rng: &mut ChaCha20Rng,
) -> (Vec<(G::Move, f64, f64)>, f64) {
    let mut watched = 0.0;
    let mut root_node = Node::new(root);
    if let Some(keep) = shortlist {
        root_node.untried.retain(|m| keep.contains(&m.to_string()));
    }
    let mut nodes: Vec<Node<G::Move>> = vec![root_node];
    let mut path: Vec<(usize, Option<Seat>)> = Vec::new();
    for _ in 0..budget.iterations {
        let mut state = root.clone();
        path.clear();
        let mut at = 0;
        path.push((at, None));
        // Selection and expansion.
        while let Some(node) = nodes.get_mut(at) {
            let Some(mover) = node.mover else { break };
            if !node.untried.is_empty() {
                let i = rules::rng::index(node.untried.len(), rng);
                let mv = node.untried.swap_remove(i);
                if state.apply(&mv).is_err() {
                    continue;
                }
                let child = nodes.len();
                nodes.push(Node::new(&state));
                if let Some(node) = nodes.get_mut(at) {
                    node.children.push((mv, child));
                }
                path.push((child, Some(mover)));
                break;
            }
            let Some(child) = select(&nodes, at, budget.exploration) else { break };
            let Some((mv, next)) = nodes.get(at).and_then(|n| n.children.get(child)) else { break };
            if state.apply(mv).is_err() {
                break;
            }
            at = *next;
            path.push((at, Some(mover)));
        }
        let rewards = playout(state, players, rng);
        watched += rewards.get(watch).copied().unwrap_or(0.0);
        for &(n, by) in &path {
            if let Some(node) = nodes.get_mut(n) {
                node.visits += 1.0;
                node.value += by.and_then(|s| rewards.get(s)).copied().unwrap_or(0.0);
            }
        }
    }
    let Some(root_node) = nodes.first_mut() else { return (Vec::new(), watched) };
    let children = std::mem::take(&mut root_node.children);
    let children = children
        .into_iter()
        .map(|(mv, n)| {
            let (visits, value) = nodes.get(n).map_or((0.0, 0.0), |c| (c.visits, c.value));
            (mv, visits, value)
        })
        .collect();
    (children, watched)
}

/// The index of the child of `at` with the highest UCB1 value (for the seat to move there).
fn select<M>(nodes: &[Node<M>], at: usize, exploration: f64) -> Option<usize> {
    let node = nodes.get(at)?;
    let log_n = node.visits.max(1.0).ln();
    let ucb = |&(_, c): &(M, usize)| {
        nodes.get(c).map_or(f64::NEG_INFINITY, |c| {
            let n = c.visits.max(1.0);
            c.value / n + exploration * (log_n / n).sqrt()
        })
    };
    (0..node.children.len()).max_by(|&a, &b| {
        let (a, b) = (node.children.get(a).map_or(f64::NEG_INFINITY, ucb), node.children.get(b).map_or(f64::NEG_INFINITY, ucb));
        a.total_cmp(&b)
    })
}

/// Plays `state` on by [`AiGame::playout_move`] for at most [`AiGame::PLAYOUT_DEPTH`]
/// moves and values the result for every seat.
fn playout<G: AiGame>(mut state: G, players: usize, rng: &mut ChaCha20Rng) -> Vec<f64> {
    for _ in 0..G::PLAYOUT_DEPTH {
        if state.outcome().is_some() {
            break;
        }
        let Some(mv) = state.playout_move(rng) else { break };
        if state.apply(&mv).is_err() {
            break;
        }
    }
    state.rewards(players)
}
