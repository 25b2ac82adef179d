//! What the search needs from each game, beyond the rules' [`Game`] trait: how to
//! sample the hidden parts of a setup from a [`SeatView`], which turns to consider,
//! and how to value a position that a playout leaves unfinished.

pub(crate) mod aratoth;
pub(crate) mod artifakes;
pub(crate) mod carat;
pub(crate) mod hathor;
pub(crate) mod helofag;

use rules::{rng::ChaCha20Rng, Game, GameKind, Match, Seat};
use serde_json::Value;

use crate::{
    agent::{Agent, Level},
    greedy,
    search::{self, Budget},
    seat_view::Knowledge,
    review::MoveChances,
    world, AiError, SeatView,
};

/// A game the AI can play.
pub(crate) trait AiGame: Game {
    /// How far ahead a playout looks before [`AiGame::heuristic`] values the position.
    const PLAYOUT_DEPTH: usize;
    /// The heuristic lead (in [`AiGame::heuristic`]'s units) that counts as a clear
    /// advantage: a lead of `LEAD` is valued about 0.73, a win 1.
    const LEAD: f64;

    /// What `seat` knows beyond the public log (its hand, the stones it has seen).
    fn learn(game: &dyn Match, seat: Seat) -> Result<Knowledge, AiError>;

    /// A full setup (as the record's JSON) that agrees with everything in `view`, the
    /// hidden parts drawn uniformly from what the seat has not seen.
    fn sample_setup(view: &SeatView, rng: &mut ChaCha20Rng) -> Result<Value, AiError>;

    /// The moves the search considers: every complete turn (default: the legal moves).
    fn turns(&self) -> Vec<Self::Move> {
        self.legal_moves()
    }

    /// How good `seat`'s position is, in the game's own units (points, progress);
    /// higher is better.
    fn heuristic(&self, seat: Seat) -> f64;

    /// The value of the position for every seat, each in 0..=1: the result when the
    /// game is over (a win 1, a shared first place split), else the heuristic lead over
    /// the best other seat through a logistic curve.
    fn rewards(&self, players: usize) -> Vec<f64> {
        if let Some(ranking) = self.outcome() {
            return ranking_rewards(&ranking, players);
        }
        let values: Vec<Option<f64>> = (0..players).map(|s| Some(self.heuristic(s))).collect();
        lead_rewards(&values, Self::LEAD, 0.5)
    }

    /// The value of the position after `seat`'s turn `mv` for every seat, as
    /// [`AiGame::rewards`] gives it (default: the turn applied, then `rewards`); `None`
    /// when `mv` is illegal. A game whose `apply` already draws the next player's chance
    /// (Helofag's next roll) values the position before that draw instead.
    fn turn_rewards(&self, mv: &Self::Move, players: usize) -> Option<Vec<f64>> {
        let mut after = self.clone();
        after.apply(mv).ok()?;
        Some(after.rewards(players))
    }

    /// The move of an AI seat of a searching `level` (`easy` never searches: it plays the
    /// greedy move or a random one, in [`choose_in`]). A game that searches answers with
    /// [`searched`] and its [`Searched::budget`].
    fn choose_level(view: &SeatView, level: Searching, rng: &mut ChaCha20Rng) -> Result<String, AiError>;

    /// The `greedy-value` baseline's move (default: the greedy move; Helofag: one ply by
    /// the race value that `normal` uses, the greedy player it had before the simple
    /// progress score).
    fn choose_greedy_value(view: &SeatView, rng: &mut ChaCha20Rng) -> Result<String, AiError> {
        let world = world::sample::<Self>(view, rng)?;
        greedy::best(&world, view.seat(), view.players(), rng).ok_or(AiError::NotToMove(view.seat()))
    }

    /// The review's chances of the view's seat's move `played` ([`crate::review`]);
    /// `seen` is the mover's view after the move. A game that searches answers with
    /// [`review_searched`].
    fn review_chances(view: &SeatView, played: &str, seen: &SeatView, effort: Effort, seed: u64) -> Result<MoveChances, AiError>;

    /// Whether the seat learnt something drawn between its views `before` and `after` of
    /// consecutive positions (a tile, cards, a stone); default: nothing is ever drawn.
    fn drew(_before: &Knowledge, _after: &Knowledge) -> bool {
        false
    }

    /// The move a playout makes (default: a uniformly random turn).
    fn playout_move(&self, rng: &mut ChaCha20Rng) -> Option<Self::Move> {
        let mut turns = self.turns();
        if turns.is_empty() {
            return None;
        }
        let i = rules::rng::index(turns.len(), rng);
        Some(turns.swap_remove(i))
    }
}

/// 1 for a sole winner, `1/k` each for `k` tied winners, 0 for everyone else.
pub(crate) fn ranking_rewards(ranking: &[Vec<Seat>], players: usize) -> Vec<f64> {
    let mut rewards = vec![0.0; players];
    if let Some(first) = ranking.first() {
        for &s in first {
            if let Some(r) = rewards.get_mut(s) {
                *r = 1.0 / first.len() as f64;
            }
        }
    }
    rewards
}

/// Each seat's lead in `values` (its heuristic; `None` for a seat out of the game) over
/// the best other seat still in the game, through the logistic curve with `lead` (the
/// lead that counts as clear); 0 for a seat out of the game, `alone` for a seat with
/// nobody else in it.
pub(crate) fn lead_rewards(values: &[Option<f64>], lead: f64, alone: f64) -> Vec<f64> {
    values
        .iter()
        .enumerate()
        .map(|(s, own)| {
            let Some(own) = own else { return 0.0 };
            let best_other = values
                .iter()
                .enumerate()
                .filter(|&(o, _)| o != s)
                .filter_map(|(_, v)| *v)
                .fold(f64::NEG_INFINITY, f64::max);
            if best_other.is_finite() { logistic((own - best_other) / lead) } else { alone }
        })
        .collect()
}

/// The logistic curve 1 / (1 + e^-x).
pub(crate) fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Calls `$f::<G>(args)` with `G` the game type of `$kind`, one arm per game of the
/// registry ([`rules::for_each_game`]): a game without an [`AiGame`] fails to compile.
macro_rules! per_game {
    ($kind:expr, $f:ident $args:tt) => {
        rules::for_each_game!(per_game_arms $kind, $f $args)
    };
}

macro_rules! per_game_arms {
    ([$kind:expr, $f:ident $args:tt] $($(#[$meta:meta])* $variant:ident: $game:path, $view:path;)*) => {
        match $kind {
            $(GameKind::$variant => $f::<$game> $args,)*
        }
    };
}

/// What `seat` knows of `game` (see [`AiGame::learn`]).
pub(crate) fn learn(game: &dyn Match, seat: Seat) -> Result<Knowledge, AiError> {
    fn of<G: AiGame>(game: &dyn Match, seat: Seat) -> Result<Knowledge, AiError> {
        G::learn(game, seat)
    }
    per_game!(game.kind(), of(game, seat))
}

/// The move of `agent` for the view's seat.
pub(crate) fn choose(agent: Agent, view: &SeatView, rng: &mut ChaCha20Rng) -> Result<String, AiError> {
    per_game!(view.kind(), choose_in(agent, view, rng))
}

fn choose_in<G: AiGame>(agent: Agent, view: &SeatView, rng: &mut ChaCha20Rng) -> Result<String, AiError> {
    match agent {
        Agent::Random => {
            let world = world::sample::<G>(view, rng)?;
            let mv = world.playout_move(rng).ok_or(AiError::NotToMove(view.seat()))?;
            Ok(mv.to_string())
        }
        Agent::Greedy => {
            let world = world::sample::<G>(view, rng)?;
            greedy::best(&world, view.seat(), view.players(), rng).ok_or(AiError::NotToMove(view.seat()))
        }
        Agent::GreedyValue => G::choose_greedy_value(view, rng),
        Agent::Level(Level::Easy) => {
            let world = world::sample::<G>(view, rng)?;
            let mv = if rules::rng::index(2, rng) == 0 {
                greedy::best(&world, view.seat(), view.players(), rng)
            } else {
                world.playout_move(rng).map(|m| m.to_string())
            };
            mv.ok_or(AiError::NotToMove(view.seat()))
        }
        Agent::Level(Level::Normal) => G::choose_level(view, Searching::Normal, rng),
        Agent::Level(Level::Hard) => G::choose_level(view, Searching::Hard, rng),
        Agent::Ismcts(iterations) => crate::ismcts::choose::<G>(view, iterations as usize, rng),
    }
}

/// The levels that think ahead (`normal`, `hard`): what [`AiGame::choose_level`] is
/// given. `easy` is no search, so no game has a budget for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Searching {
    Normal,
    Hard,
}

/// A game whose levels search ([`search::best`]) with a budget per level.
pub trait Searched: AiGame {
    /// The search budget of `level`.
    fn budget(level: Searching) -> Budget;
}

/// The review's chances ([`crate::review::review_move`]) of the view's seat's move
/// `played` in a game of `kind`.
pub(crate) fn review(kind: GameKind, view: &SeatView, played: &str, seen: &SeatView, effort: Effort, seed: u64) -> Result<MoveChances, AiError> {
    per_game!(kind, review_in(view, played, seen, effort, seed))
}

fn review_in<G: AiGame>(view: &SeatView, played: &str, seen: &SeatView, effort: Effort, seed: u64) -> Result<MoveChances, AiError> {
    G::review_chances(view, played, seen, effort, seed)
}

/// How much search a review spends: the budget of a searching level, its playouts
/// divided by `divisor` (a quick review: `easy`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Effort {
    pub level: Searching,
    pub divisor: usize,
}

/// [`AiGame::review_chances`] of a game that searches: the effort's budget, the luck of a
/// draw when [`AiGame::drew`] says the mover drew.
pub(crate) fn review_searched<G: Searched>(view: &SeatView, played: &str, seen: &SeatView, effort: Effort, seed: u64) -> Result<MoveChances, AiError> {
    let drew = G::drew(view.knowledge(), seen.knowledge());
    let mut budget = G::budget(effort.level);
    budget.iterations = (budget.iterations / effort.divisor.max(1)).max(1);
    crate::review::searched::<G>(view, played, seen, budget, drew, seed)
}

/// The move of an AI seat of `level` in a game that searches: [`search::best`] with the
/// level's budget.
pub(crate) fn searched<G: Searched>(view: &SeatView, level: Searching, rng: &mut ChaCha20Rng) -> Result<String, AiError> {
    search::best::<G>(view, G::budget(level), rng)
}

/// A `Value::Object` of the given keys of the game's resolved setup (the public ones).
pub(crate) fn public_setup(game: &dyn Match, keys: &[&str]) -> Value {
    let setup = game.resolved_setup();
    Value::Object(keys.iter().filter_map(|&k| setup.get(k).map(|v| (k.to_string(), v.clone()))).collect())
}

/// The setup of a game without hidden information, as the view holds it.
pub(crate) fn open_setup(view: &SeatView) -> Result<Value, AiError> {
    match view.knowledge() {
        Knowledge::Open { setup } => Ok(setup.clone()),
        other => Err(AiError::World(format!("expected an open setup, the view holds {other:?}"))),
    }
}
