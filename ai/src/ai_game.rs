//! What the search needs from each game, beyond the rules' [`rules::Game`] trait and
//! what a seat knows ([`Learn`]): how to sample the hidden parts of a setup from a
//! [`SeatView`], which turns to consider, how to value a position that a playout leaves
//! unfinished, and the budgets of the levels. The layer below the search: the trait and
//! its data types, no search itself (the games' implementations in `games` sit above
//! the search they call).

use rules::{rng::ChaCha20Rng, Seat};
use serde_json::Value;

use crate::{
    knowledge::{Knowledge, Learn},
    AiError, SeatView,
};

/// A game the AI can play.
pub(crate) trait AiGame: Learn {
    /// How far ahead a playout looks before [`AiGame::heuristic`] values the position.
    const PLAYOUT_DEPTH: usize;
    /// The heuristic lead (in [`AiGame::heuristic`]'s units) that counts as a clear
    /// advantage: a lead of `LEAD` is valued about 0.73, a win 1.
    const LEAD: f64;

    /// A full setup (as the record's JSON) that agrees with everything in `view`, the
    /// hidden parts drawn uniformly from what the seat has not seen.
    fn sample_setup(view: &SeatView, rng: &mut ChaCha20Rng) -> Result<Value, AiError>;

    /// The moves the search considers: every complete turn (default: the legal moves).
    /// For the seat whose view a world was sampled from, they must be the same in every
    /// world sampled from that view (they depend only on what the seat knows): a search
    /// whose seat has one turn in one world stops there (`search::tally_within`).
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
    /// greedy move or a random one, in the agents' dispatch). A game that searches answers with
    /// `search::searched` and its [`Searched::budget`].
    fn choose_level(view: &SeatView, level: Searching, rng: &mut ChaCha20Rng) -> Result<String, AiError>;

    /// The `greedy-value` baseline's move, when the game has its own (Helofag: one ply
    /// by the race value that `normal` uses, the greedy player it had before the simple
    /// progress score); `None` (the default): the greedy move.
    fn choose_greedy_value(_view: &SeatView, _rng: &mut ChaCha20Rng) -> Option<Result<String, AiError>> {
        None
    }

    /// The review's chances of the view's seat's move `played` (the review's `chances` module);
    /// `seen` is the mover's view after the move. A game that searches answers with
    /// `chances::review_searched`.
    fn review_chances(view: &SeatView, played: &str, seen: &SeatView, effort: Effort, seed: u64) -> Result<MoveChances, AiError>;

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

/// The value of a playout's end `state` for every seat in 0..=1, the points lead
/// weighed in by `weight` (a level's [`Searched::lead_weight`]): [`AiGame::rewards`]
/// when `weight` is 0, else `(1 − weight) × rewards + weight × lead`, the lead being
/// each seat's [`AiGame::heuristic`] over the best other seat through the logistic
/// curve with [`AiGame::LEAD`] ([`lead_rewards`]). A win by more points is worth more
/// than a narrow one, and a loss by fewer less than a heavy one.
pub(crate) fn blended_rewards<G: AiGame>(state: &G, players: usize, weight: f64) -> Vec<f64> {
    let rewards = state.rewards(players);
    let w = weight.clamp(0.0, 1.0);
    if w <= 0.0 {
        return rewards;
    }
    let values: Vec<Option<f64>> = (0..players).map(|s| Some(state.heuristic(s))).collect();
    let lead = lead_rewards(&values, G::LEAD, 0.5);
    rewards.iter().zip(lead).map(|(r, l)| (1.0 - w) * r + w * l).collect()
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

/// The levels that think ahead (`normal`, `hard`, `master`): what [`AiGame::choose_level`] is
/// given. `easy` is no search, so no game has a budget for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Searching {
    Normal,
    Hard,
    /// `hard`'s budget with this much CPU time of the search thread, spent as the game's
    /// [`Searched::master_spread`] says: more sampled worlds, each with `hard`'s
    /// playouts, until the time is used or the choice is settled (`search::settled`), or
    /// `hard`'s worlds, each searched for its share of the time.
    Master(std::time::Duration),
}

impl Searching {
    /// The CPU time the search may go on for beyond its budget's worlds (`master`), else `None`.
    pub(crate) fn cpu_budget(self) -> Option<std::time::Duration> {
        match self {
            Searching::Master(cpu) => Some(cpu),
            Searching::Normal | Searching::Hard => None,
        }
    }
}

/// How `master` spends the CPU time it has beyond its level's budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Spread {
    /// More sampled worlds, each searched with the budget's playouts, until the CPU time
    /// is used (or the choice is settled, `search::settled`).
    Worlds,
    /// The budget's worlds, each searched for an equal share of the CPU time (at least
    /// `search::CLOCK_EVERY` playouts each): deeper trees in each world instead of more
    /// worlds.
    Playouts,
}

/// A game whose levels search (`search::best`) with a budget per level.
pub trait Searched: AiGame {
    /// The search budget of `level`.
    fn budget(level: Searching) -> Budget;

    /// How much `level`'s choice values the points lead beside the result, in 0..=1
    /// (default 0: the result alone). The level's search backs up each playout's end
    /// as `(1 − w) × result + w × lead` ([`blended_rewards`]); a review backs up the
    /// result alone, so its chances stay chances of winning.
    fn lead_weight(_level: Searching) -> f64 {
        0.0
    }

    /// How `master` spends its CPU time (default: [`Spread::Worlds`]).
    fn master_spread() -> Spread {
        Spread::Worlds
    }

    /// The search budget of a review at `level` (default: the level's own). A game
    /// whose levels were given more playouts than the review was measured with (issue
    /// 42 after issue 44) keeps the review's budget here.
    fn review_budget(level: Searching) -> Budget {
        Self::budget(level)
    }
}

/// How much search one move gets: `worlds` sampled worlds, `iterations` playouts in
/// each, the UCT exploration constant (rewards are in 0..=1), and how many of the
/// turns, best by the greedy one-ply value in the first world, the search considers
/// at the root (0: all).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Budget {
    pub worlds: usize,
    pub iterations: usize,
    pub exploration: f64,
    pub candidates: usize,
}

/// How much search a review spends: the budget of a searching level, its playouts
/// divided by `divisor` (a quick review: `easy`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Effort {
    pub level: Searching,
    pub divisor: usize,
}

/// One move of a game as the review values it, every chance in 0..=1 for the mover.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveChances {
    /// The seat that made the move.
    pub seat: Seat,
    /// The mover's chance before the move (with its roll when it rolled).
    pub before: f64,
    /// The mover's chance after the played move (before anything is drawn).
    pub after: f64,
    /// The move the AI prefers, in the game's notation, and the chance after it.
    pub preferred: String,
    pub preferred_chance: f64,
    /// The change of chance from chance itself: the roll before the move (Helofag) or the
    /// draw after it; `None` when nothing was rolled or drawn.
    pub luck: Option<f64>,
}

/// The setup of a game without hidden information, as the view holds it.
pub(crate) fn open_setup(view: &SeatView) -> Result<Value, AiError> {
    match view.knowledge() {
        Knowledge::Open { setup } => Ok(setup.clone()),
        other => Err(AiError::World(format!("expected an open setup, the view holds {other:?}"))),
    }
}
