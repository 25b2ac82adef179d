//! The top of the AI: from a game's kind to its type. Every entry point that works on
//! any game (an agent's move, a review's chances) picks the game's [`AiGame`] here, one
//! arm per game of the registry (`per_game!`: a game without an AI fails to compile).

use rand::SeedableRng;
use rules::{rng::ChaCha20Rng, GameKind, Match};

use crate::{
    agent::{Agent, Level},
    ai_game::{AiGame, Effort, MoveChances, Searching},
    greedy, ismcts, world, AiError, SeatView,
};

impl Agent {
    /// The agent's move for the view's seat, in the game's notation. Deterministic for
    /// a given `seed`.
    ///
    /// # Errors
    /// [`AiError::NotToMove`] when the seat is not to move.
    pub fn choose(&self, view: &SeatView, seed: u64) -> Result<String, AiError> {
        if !view.to_move() {
            return Err(AiError::NotToMove(view.seat()));
        }
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        choose(*self, view, &mut rng)
    }
}

/// The move of `agent` for the view's seat.
fn choose(agent: Agent, view: &SeatView, rng: &mut ChaCha20Rng) -> Result<String, AiError> {
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
        Agent::GreedyValue => G::choose_greedy_value(view, rng).unwrap_or_else(|| {
            let world = world::sample::<G>(view, rng)?;
            greedy::best(&world, view.seat(), view.players(), rng).ok_or(AiError::NotToMove(view.seat()))
        }),
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
        Agent::Level(Level::Master) => G::choose_level(view, Searching::Master(crate::MASTER_CPU), rng),
        Agent::Master(cpu) => G::choose_level(view, Searching::Master(cpu), rng),
        Agent::Ismcts(iterations) => ismcts::choose::<G>(view, iterations as usize, rng),
    }
}

/// The chances of the move `entry` played in `before` (which led to `after`), from the
/// mover's view of each position ([`SeatView::of`]: nothing hidden is read, so two games
/// with the same public moves and the same hands of the mover give the same chances).
/// `level` chooses the search budget: that of the AI level (`normal` is the default of a
/// review; `easy`, a quick review, a quarter of `normal`'s playouts; `master` reviews
/// as `hard`, with no clock); the same `seed`
/// gives the same chances. Runs synchronously (a blocking
/// task): about as long as one or two AI moves of `level` per move.
///
/// Returns `Ok(None)` for an event (`@resign 1`) or when nobody is to move in `before`.
///
/// # Errors
/// [`AiError::World`] when no world consistent with a view can be built.
pub fn review_move(before: &dyn Match, entry: &str, after: &dyn Match, level: Level, seed: u64) -> Result<Option<MoveChances>, AiError> {
    if entry.starts_with('@') {
        return Ok(None);
    }
    let Some(&seat) = before.to_move().first() else { return Ok(None) };
    let view = SeatView::of(before, seat)?;
    let seen = SeatView::of(after, seat)?;
    let effort = match level {
        Level::Easy => Effort { level: Searching::Normal, divisor: 4 },
        Level::Normal => Effort { level: Searching::Normal, divisor: 1 },
        Level::Hard | Level::Master => Effort { level: Searching::Hard, divisor: 1 },
    };
    review(before.kind(), &view, entry, &seen, effort, seed).map(Some)
}

/// The review's chances ([`review_move`]) of the view's seat's move
/// `played` in a game of `kind`.
fn review(kind: GameKind, view: &SeatView, played: &str, seen: &SeatView, effort: Effort, seed: u64) -> Result<MoveChances, AiError> {
    per_game!(kind, review_in(view, played, seen, effort, seed))
}

fn review_in<G: AiGame>(view: &SeatView, played: &str, seen: &SeatView, effort: Effort, seed: u64) -> Result<MoveChances, AiError> {
    G::review_chances(view, played, seen, effort, seed)
}
