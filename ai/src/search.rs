//! Determinized Monte Carlo tree search: UCT in each of several sampled worlds, the
//! root statistics summed over the worlds.

use rand::SeedableRng;
use rules::{rng::ChaCha20Rng, Seat};

use crate::{
    ai_game::{self, AiGame, Budget, Searched, Searching, Spread},
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

/// How long a search over several worlds goes on.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Limit {
    /// The budget's worlds, each with the budget's playouts.
    Budget,
    /// `master` with [`Spread::Worlds`]: as many worlds, each with the budget's
    /// playouts, as the calling thread searches in this much CPU time (at least one).
    MoreWorlds(std::time::Duration),
    /// `master` with [`Spread::Playouts`]: the budget's worlds, world `k` of `n`
    /// searched until the calling thread has used `k/n` of this much CPU time since the
    /// search began (at least [`CLOCK_EVERY`] playouts each, so a budget shorter than
    /// `hard`'s search is kept to within a few milliseconds).
    LongerWorlds(std::time::Duration),
}

/// The move with the most visits over all worlds (ties: the higher mean reward),
/// searched as `limit` says. The search stops early once its choice is [`settled`]:
/// the worlds it skips could not have changed the move.
///
/// # Errors
/// [`AiError::World`] when no world can be sampled; [`AiError::NotToMove`] when the
/// seat has no move in them.
fn best_within<G: AiGame>(view: &SeatView, budget: Budget, limit: Limit, objective: Objective, rng: &mut ChaCha20Rng) -> Result<String, AiError> {
    let tally = tally_within::<G>(view, budget, None, limit, Stop::Settled, objective, rng)?;
    tally.best().map(|(text, _, _)| text.to_string()).ok_or(AiError::NotToMove(view.seat()))
}

/// The move of an AI seat of `level` in a game that searches: [`best_within`] with the
/// level's budget (`master`: its CPU time spent as [`Searched::master_spread`] says).
pub(crate) fn searched<G: Searched>(view: &SeatView, level: Searching, rng: &mut ChaCha20Rng) -> Result<String, AiError> {
    let limit = match (level.cpu_budget(), G::master_spread()) {
        (None, _) => Limit::Budget,
        (Some(cpu), Spread::Worlds) => Limit::MoreWorlds(cpu),
        (Some(cpu), Spread::Playouts) => Limit::LongerWorlds(cpu),
    };
    let objective = match G::lead_weight(level) {
        w if w > 0.0 => Objective::Lead(w),
        _ => Objective::Result,
    };
    best_within::<G>(view, G::budget(level), limit, objective, rng)
}

/// UCT in `budget.worlds` worlds sampled from `view`, the root statistics summed
/// ([`Tally`]; `watch` is the view's seat), each playout valued by its result
/// ([`Objective::Result`]: what a review's chances are made of). `only`: the root
/// considers just these moves (by their text), else the budget's shortlist or every
/// turn. The root's mover may be another seat than the view's (the chance of a seat
/// that is not to move).
///
/// # Errors
/// [`AiError::World`] when no world can be sampled.
pub(crate) fn tally<G: AiGame>(
    view: &SeatView,
    budget: Budget,
    only: Option<&[String]>,
    rng: &mut ChaCha20Rng,
) -> Result<Tally, AiError> {
    tally_within::<G>(view, budget, only, Limit::Budget, Stop::Budget, Objective::Result, rng)
}

/// When a search over several worlds ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stop {
    /// After the budget's worlds (or its CPU time): a review's chances need them all.
    Budget,
    /// As [`Stop::Budget`], or earlier once the choice is [`settled`].
    Settled,
}

/// The margin on the fastest world so far when a `master` search estimates how many
/// more worlds its CPU time would still start: a later world is assumed to take at
/// least 3/4 of that time, so an estimate errs towards searching on.
const FASTEST_WORLD_MARGIN: f64 = 0.75;

/// [`tally`] over the worlds `limit` gives: `budget.worlds` worlds ([`Limit::Budget`],
/// [`Limit::LongerWorlds`]) or as many as the calling thread can search in the CPU
/// time since the call ([`Limit::MoreWorlds`]: at least one; checked after each world,
/// so it may overrun by one world's search). With [`Stop::Settled`] it ends as soon as
/// the move with the most visits is [`settled`] (never under [`Limit::LongerWorlds`],
/// whose worlds' playouts are not known in advance, except when the root has one
/// choice). Each playout's end is valued by `objective`. `tally.playouts` counts the
/// playouts searched.
fn tally_within<G: AiGame>(
    view: &SeatView,
    budget: Budget,
    only: Option<&[String]>,
    limit: Limit,
    stop: Stop,
    objective: Objective,
    rng: &mut ChaCha20Rng,
) -> Result<Tally, AiError> {
    let started = cpu_time::ThreadTime::now();
    let more_worlds = |worlds: usize| match limit {
        Limit::MoreWorlds(cpu) => worlds == 0 || started.elapsed() < cpu,
        Limit::Budget | Limit::LongerWorlds(_) => worlds < budget.worlds.max(1),
    };
    // The playouts of world `world` (1-based).
    let playouts = |world: usize| match limit {
        Limit::LongerWorlds(cpu) => {
            Playouts::Until { started: &started, cpu: cpu.mul_f64(world as f64 / budget.worlds.max(1) as f64) }
        }
        Limit::Budget | Limit::MoreWorlds(_) => Playouts::Exactly(budget.iterations),
    };
    // How many more worlds the budget would search after `worlds`, the fastest so far
    // having taken `fastest` seconds of CPU time.
    let remaining = |worlds: usize, fastest: f64| match limit {
        Limit::LongerWorlds(_) => f64::INFINITY,
        Limit::MoreWorlds(cpu) => {
            let left = cpu.saturating_sub(started.elapsed()).as_secs_f64();
            if left <= 0.0 {
                0.0
            } else if fastest.is_finite() {
                (left / (fastest * FASTEST_WORLD_MARGIN)).floor() + 1.0
            } else {
                f64::INFINITY
            }
        }
        Limit::Budget => budget.worlds.max(1).saturating_sub(worlds) as f64,
    };
    let mut tally = Tally::default();
    let mut shortlist: Option<Vec<String>> = only.map(<[String]>::to_vec);
    let mut worlds = 0;
    let mut fastest = f64::INFINITY;
    let mut one_choice: Option<bool> = None;
    while more_worlds(worlds) {
        worlds += 1;
        let world_started = cpu_time::ThreadTime::now();
        let world = world::sample::<G>(view, rng)?;
        if budget.candidates > 0 && shortlist.is_none() {
            let ranked = greedy::ranked(&world, view.seat(), view.players());
            shortlist = Some(ranked.into_iter().take(budget.candidates).map(|(m, _)| m.to_string()).collect());
        }
        // Whether the root has one choice: the shortlist's moves, else the seat's turns
        // (the same in every world: a seat knows its own hand; see `AiGame::turns`), so
        // counted in the first world only.
        let one_choice = *one_choice.get_or_insert_with(|| {
            stop == Stop::Settled
                && match &shortlist {
                    Some(keep) => keep.len(),
                    None => world.turns().len(),
                } <= 1
        });
        let (root, watched, played) = uct(&world, view.players(), budget.exploration, playouts(worlds), shortlist.as_deref(), view.seat(), objective, rng);
        tally.watch_sum += watched;
        tally.playouts += played as f64;
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
        // (A clock too coarse to see a world's time reads 0: such a reading is left out.)
        let took = world_started.elapsed().as_secs_f64();
        if took > 0.0 {
            fastest = fastest.min(took);
        }
        if stop == Stop::Settled && (one_choice || settled(&tally, remaining(worlds, fastest), budget.iterations as f64)) {
            break;
        }
    }
    Ok(tally)
}

/// Whether the move with the most visits in `tally` stays the one with the most visits
/// whatever `remaining` more worlds of `iterations` playouts each do: its lead over
/// every other move (one not yet in the tally has 0 visits) is more than
/// `remaining × iterations`, the most visits one root move can gain in them (each
/// playout passes through one root move). Then stopping changes no choice of
/// [`Tally::best`] (only an error a skipped world would have met, failing to be
/// sampled, is not met). `remaining` may be infinite (never settled).
pub(crate) fn settled(tally: &Tally, remaining: f64, iterations: f64) -> bool {
    let (mut first, mut second) = (0.0_f64, 0.0_f64);
    for &(_, visits, _) in &tally.moves {
        if visits > first {
            second = first;
            first = visits;
        } else if visits > second {
            second = visits;
        }
    }
    first - second > remaining * iterations
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
        let (root, _, _) = uct(&world, view.players(), budget.exploration, Playouts::Exactly(budget.iterations), Some(&only), view.seat(), Objective::Result, &mut plays);
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
                let rewards = playout(state, view.players(), Objective::Result, &mut ChaCha20Rng::seed_from_u64(seed));
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

/// How many playouts one world's UCT makes.
#[derive(Clone, Copy)]
enum Playouts<'a> {
    Exactly(usize),
    /// On until the calling thread has used `cpu` of CPU time since `started`: the clock
    /// is read every [`CLOCK_EVERY`] playouts, the first time after [`CLOCK_EVERY`].
    Until { started: &'a cpu_time::ThreadTime, cpu: std::time::Duration },
}

/// How many playouts [`Playouts::Until`] makes between two readings of the CPU clock
/// (a playout of Carat takes a few microseconds, a reading well under one).
const CLOCK_EVERY: usize = 64;

impl Playouts<'_> {
    /// Whether a world's UCT goes on after `done` playouts.
    fn more(self, done: usize) -> bool {
        match self {
            Playouts::Exactly(n) => done < n,
            Playouts::Until { started, cpu } => done == 0 || done % CLOCK_EVERY != 0 || started.elapsed() < cpu,
        }
    }
}

/// UCT in one world with the exploration constant `exploration`, each playout's end
/// valued by `objective`: `(root turn, visits, reward sum of the root's mover)` per
/// expanded root turn, the sum of `watch`'s rewards over all playouts, and the number
/// of playouts.
fn uct<G: AiGame>(
    root: &G,
    players: usize,
    exploration: f64,
    playouts: Playouts<'_>,
    shortlist: Option<&[String]>,
    watch: Seat,
    objective: Objective,
    rng: &mut ChaCha20Rng,
) -> (Vec<(G::Move, f64, f64)>, f64, usize) {
    let mut watched = 0.0;
    let mut root_node = Node::new(root);
    if let Some(keep) = shortlist {
        root_node.untried.retain(|m| keep.contains(&m.to_string()));
    }
    let mut nodes: Vec<Node<G::Move>> = vec![root_node];
    let mut path: Vec<(usize, Option<Seat>)> = Vec::new();
    let mut done = 0;
    while playouts.more(done) {
        done += 1;
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
            let Some(child) = select(&nodes, at, exploration) else { break };
            let Some((mv, next)) = nodes.get(at).and_then(|n| n.children.get(child)) else { break };
            if state.apply(mv).is_err() {
                break;
            }
            at = *next;
            path.push((at, Some(mover)));
        }
        let rewards = playout(state, players, objective, rng);
        watched += rewards.get(watch).copied().unwrap_or(0.0);
        for &(n, by) in &path {
            if let Some(node) = nodes.get_mut(n) {
                node.visits += 1.0;
                node.value += by.and_then(|s| rewards.get(s)).copied().unwrap_or(0.0);
            }
        }
    }
    let Some(root_node) = nodes.first_mut() else { return (Vec::new(), watched, done) };
    let children = std::mem::take(&mut root_node.children);
    let children = children
        .into_iter()
        .map(|(mv, n)| {
            let (visits, value) = nodes.get(n).map_or((0.0, 0.0), |c| (c.visits, c.value));
            (mv, visits, value)
        })
        .collect();
    (children, watched, done)
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

/// What a playout backs up.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Objective {
    /// The position's value by [`AiGame::rewards`] (a finished game's result): what a
    /// review's chances are made of, and what most levels choose by.
    Result,
    /// [`AiGame::rewards`] blended with the points lead by this weight in 0..=1
    /// ([`ai_game::blended_rewards`]): a level whose [`Searched::lead_weight`] is above 0.
    Lead(f64),
}

/// Plays `state` on by [`AiGame::playout_move`] for at most [`AiGame::PLAYOUT_DEPTH`]
/// moves and values the end for every seat by `objective`.
fn playout<G: AiGame>(mut state: G, players: usize, objective: Objective, rng: &mut ChaCha20Rng) -> Vec<f64> {
    for _ in 0..G::PLAYOUT_DEPTH {
        if state.outcome().is_some() {
            break;
        }
        let Some(mv) = state.playout_move(rng) else { break };
        if state.apply(&mv).is_err() {
            break;
        }
    }
    match objective {
        Objective::Result => state.rewards(players),
        Objective::Lead(weight) => ai_game::blended_rewards(&state, players, weight),
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rules::{artifakes::Artifakes, carat::Carat, open, rng::ChaCha20Rng, GameKind};

    use super::{settled, tally_within, Limit, Objective, Stop, Tally};
    use crate::{
        ai_game::{AiGame, Budget, Searched, Searching},
        Agent, SeatView,
    };

    fn tally(visits: &[f64]) -> Tally {
        Tally { moves: visits.iter().enumerate().map(|(i, &v)| (format!("m{i}"), v, v / 2.0)).collect(), watch_sum: 0.0, playouts: 0.0 }
    }

    #[test]
    fn a_choice_is_settled_only_when_no_remaining_world_could_overtake_it() {
        // Lead 100 - 40 = 60 over the runner-up; a world of 20 playouts gives a move at
        // most 20 visits: two worlds (40) cannot close it, three (60) could tie it, and a
        // tie goes to the higher mean, so three do not settle it.
        let t = tally(&[40.0, 100.0, 10.0]);
        assert!(settled(&t, 2.0, 20.0));
        assert!(!settled(&t, 3.0, 20.0));
        assert!(settled(&t, 0.0, 20.0));
        // One move so far: a move not yet in the tally has 0 visits.
        assert!(settled(&tally(&[50.0]), 2.0, 20.0));
        assert!(!settled(&tally(&[50.0]), 2.5, 20.0));
        // Two moves level: never settled, even with no world to come; nothing searched.
        assert!(!settled(&tally(&[30.0, 30.0]), 0.0, 20.0));
        assert!(!settled(&tally(&[]), 1.0, 20.0));
        // A CPU budget whose worlds cannot be estimated yet: never.
        assert!(!settled(&t, f64::INFINITY, 20.0));
    }

    /// Plays a game of `kind` (two players, `seed`) on by the greedy agent for `moves`
    /// moves and returns it.
    fn position(kind: GameKind, seed: u64, moves: usize) -> Box<dyn rules::Match> {
        let mut game = open(kind, &serde_json::json!({"players": 2}), 2, None, Some(seed)).expect("a game");
        while game.moves_applied() < moves && !game.is_finished() {
            let seat = game.to_move()[0];
            let view = SeatView::of(game.as_ref(), seat).expect("a view");
            let mv = Agent::Greedy.choose(&view, seed ^ game.moves_applied() as u64).expect("a move");
            game.play(&mv).expect("a legal move");
        }
        game
    }

    /// The search that stops once its choice is settled chooses, from the same random
    /// numbers, the very move of the search over all the budget's worlds, in every
    /// position of `kind` tried; returns how many of them stopped early.
    fn settling_changes_no_choice<G: AiGame + Searched>(kind: GameKind, budget: Budget, moves: &[usize]) -> usize {
        let mut early = 0;
        for seed in 1..=4 {
            for &n in moves {
                let game = position(kind, seed, n);
                if game.is_finished() {
                    continue;
                }
                let view = SeatView::of(game.as_ref(), game.to_move()[0]).expect("a view");
                let full = tally_within::<G>(&view, budget, None, Limit::Budget, Stop::Budget, Objective::Result, &mut ChaCha20Rng::seed_from_u64(seed)).expect("a search");
                let short = tally_within::<G>(&view, budget, None, Limit::Budget, Stop::Settled, Objective::Result, &mut ChaCha20Rng::seed_from_u64(seed)).expect("a search");
                let (full_move, short_move) = (full.best().map(|b| b.0.to_string()), short.best().map(|b| b.0.to_string()));
                assert_eq!(full_move, short_move, "{kind:?} seed {seed} after {n} moves");
                assert!(full_move.is_some());
                assert!(short.playouts <= full.playouts);
                if short.playouts < full.playouts {
                    early += 1;
                }
            }
        }
        early
    }

    #[test]
    fn longer_worlds_search_the_budgets_worlds_each_for_its_share_of_the_time() {
        let game = position(GameKind::Carat, 2, 10);
        let view = SeatView::of(game.as_ref(), game.to_move()[0]).expect("a view");
        let budget = Budget { worlds: 4, iterations: 300, ..Carat::budget(Searching::Hard) };
        let search = |cpu| {
            let started = cpu_time::ThreadTime::now();
            let tally = tally_within::<Carat>(&view, budget, None, Limit::LongerWorlds(cpu), Stop::Settled, Objective::Result, &mut ChaCha20Rng::seed_from_u64(5)).expect("a search");
            (tally, started.elapsed())
        };
        // No time: each of the 4 worlds makes the 64 playouts before the clock's first
        // reading, every playout through one root move.
        let (hurried, _) = search(std::time::Duration::from_nanos(1));
        assert_eq!(hurried.playouts, 4.0 * 64.0);
        assert_eq!(hurried.moves.iter().map(|m| m.1).sum::<f64>(), 256.0);
        // 300 ms: the last world ends once they are used, each world's playouts a
        // whole number of clock readings apart, far more than the budget's 4 × 300.
        let cpu = std::time::Duration::from_millis(300);
        let (long, took) = search(cpu);
        assert!(took >= cpu, "stopped after {took:?}");
        assert!(long.playouts > 4.0 * 300.0, "{} playouts", long.playouts);
        assert_eq!(long.playouts % 64.0, 0.0);
        assert_eq!(long.moves.iter().map(|m| m.1).sum::<f64>(), long.playouts);
    }

    #[test]
    fn stopping_once_settled_changes_no_move_of_carat_or_artifakes() {
        let budget = Budget { iterations: 400, ..Carat::budget(Searching::Normal) };
        let early = settling_changes_no_choice::<Carat>(GameKind::Carat, budget, &[4, 18, 28, 32]);
        assert!(early > 0, "no Carat search settled early");
        let budget = Budget { iterations: 400, ..Artifakes::budget(Searching::Normal) };
        settling_changes_no_choice::<Artifakes>(GameKind::Artifakes, budget, &[6, 20, 40]);
    }
}
