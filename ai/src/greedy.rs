//! The greedy one-ply player.

use rules::{rng::ChaCha20Rng, Seat};

use crate::ai_game::AiGame;

/// The move that leaves `seat` best off one ply ahead by [`AiGame::turn_rewards`] (the
/// game's result, else its points or position value), ties broken uniformly by `rng`;
/// `None` when there is no move.
pub(crate) fn best<G: AiGame>(world: &G, seat: Seat, players: usize, rng: &mut ChaCha20Rng) -> Option<String> {
    best_move(world, seat, players, rng).map(|m| m.to_string())
}

/// The turns of `world` with `seat`'s one-ply value ([`AiGame::turn_rewards`]),
/// best first; the order among equal values is that of [`AiGame::turns`].
pub(crate) fn ranked<G: AiGame>(world: &G, seat: Seat, players: usize) -> Vec<(G::Move, f64)> {
    let mut ranked: Vec<(G::Move, f64)> = world
        .turns()
        .into_iter()
        .filter_map(|mv| {
            let value = world.turn_rewards(&mv, players)?.get(seat).copied().unwrap_or(0.0);
            Some((mv, value))
        })
        .collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    ranked
}

/// [`best`] as a move.
pub(crate) fn best_move<G: AiGame>(world: &G, seat: Seat, players: usize, rng: &mut ChaCha20Rng) -> Option<G::Move> {
    let mut best: Vec<G::Move> = Vec::new();
    let mut best_value = f64::NEG_INFINITY;
    for mv in world.turns() {
        let Some(rewards) = world.turn_rewards(&mv, players) else { continue };
        let value = rewards.get(seat).copied().unwrap_or(0.0);
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
    Some(best.swap_remove(i))
}
