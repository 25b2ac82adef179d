//! The greedy one-ply player.

use rules::{rng::ChaCha20Rng, Seat};

use crate::games::AiGame;

/// The move that leaves `seat` best off one ply ahead by [`AiGame::rewards`] (the
/// game's result, else its points or position heuristic), ties broken uniformly by
/// `rng`; `None` when there is no move.
pub(crate) fn best<G: AiGame>(world: &G, seat: Seat, players: usize, rng: &mut ChaCha20Rng) -> Option<String> {
    let mut best: Vec<G::Move> = Vec::new();
    let mut best_value = f64::NEG_INFINITY;
    for mv in world.turns() {
        let mut after = world.clone();
        if after.apply(&mv).is_err() {
            continue;
        }
        let value = after.rewards(players).get(seat).copied().unwrap_or(0.0);
        if value > best_value + 1e-12 {
            best_value = value;
            best.clear();
            best.push(mv);
        } else if value > best_value - 1e-12 {
            best.push(mv);
        }
    }
    if best.is_empty() {
        return None;
    }
    let i = rules::rng::index(best.len(), rng);
    best.get(i).map(ToString::to_string)
}
