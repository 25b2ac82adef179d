//! Helofag: no hidden information but dice. The greedy baseline counts progress in the
//! game's own terms ([`progress`]); the levels value positions by each player's chance to
//! win the race ([`value`]) and choose the best turn at one ply ([`choice`]); `hard` in
//! two-player games values by a learnt correction of it ([`learnt`]).

mod learnt;
mod choice;
pub(crate) mod progress;
pub(crate) mod value;

use rules::{
    helofag::{play_on, Field, Helofag, HelofagMove, Pieces, Roll},
    rng::ChaCha20Rng,
    Game, Seat,
};
use serde_json::Value;

use crate::{
    ai_game::{lead_rewards, open_setup, ranking_rewards, AiGame, Effort, MoveChances, Searching},
    AiError, SeatView,
};

/// Which seats have left the game.
pub(crate) fn removed(game: &Helofag) -> Vec<bool> {
    (0..game.players()).map(|s| game.is_removed(s)).collect()
}

impl AiGame for Helofag {
    const PLAYOUT_DEPTH: usize = 3;
    /// A lead of six steps of [`progress`] (half a piece's path) is a clear advantage.
    const LEAD: f64 = 6.0;

    fn sample_setup(view: &SeatView, _rng: &mut ChaCha20Rng) -> Result<Value, AiError> {
        open_setup(view)
    }

    /// By the race value at one ply, as `normal` chooses (the budget does not matter: no
    /// search); the luck is the roll's ([`choice::turn_chances`]).
    fn review_chances(view: &SeatView, played: &str, _seen: &SeatView, _effort: Effort, seed: u64) -> Result<MoveChances, AiError> {
        use rand::SeedableRng;
        let chances = choice::turn_chances(view, played, &mut ChaCha20Rng::seed_from_u64(seed))?;
        Ok(MoveChances {
            seat: view.seat(),
            before: chances.with_roll,
            // A turn the rules refuse (none should be) is valued as the best one.
            after: chances.played.unwrap_or(chances.with_roll),
            preferred: chances.best,
            preferred_chance: chances.with_roll,
            luck: chances.before_roll.map(|b| chances.with_roll - b),
        })
    }

    /// The levels choose by [`choice::Valuation`] at one ply, not by a search.
    fn choose_level(view: &SeatView, level: Searching, rng: &mut ChaCha20Rng) -> Result<String, AiError> {
        choice::choose(view, choice::Valuation::of(level), rng)
    }

    /// Every complete turn: one action, or two.
    fn turns(&self) -> Vec<HelofagMove> {
        self.legal_turns()
    }

    /// The greedy baseline with the race value of [`value`] instead of the progress
    /// score: the turn that leaves the seat the best chance to win.
    fn choose_greedy_value(view: &SeatView, rng: &mut ChaCha20Rng) -> Option<Result<String, AiError>> {
        Some(choice::choose(view, choice::Valuation::Race, rng))
    }

    /// The seat's progress score ([`progress::score`]).
    fn heuristic(&self, seat: Seat) -> f64 {
        progress::score(self.pieces(), seat)
    }

    /// The result when the game is over, else every seat's progress lead through the
    /// logistic curve ([`progress_rewards`]).
    fn rewards(&self, players: usize) -> Vec<f64> {
        if let Some(ranking) = self.outcome() {
            return ranking_rewards(&ranking, players);
        }
        progress_rewards(self.pieces(), &removed(self), players)
    }

    /// The position at the end of the turn, before the next player's roll (so the next
    /// roll's transfer is not seen): the progress leads, or the result when the turn
    /// reaches the goal count.
    fn turn_rewards(&self, mv: &HelofagMove, players: usize) -> Option<Vec<f64>> {
        let seat = *self.to_move().first()?;
        progress_after(self.pieces(), seat, self.roll()?, mv, self.goal(), &removed(self), players)
    }
}

/// Every seat's reward after `seat`'s turn `mv` with `roll` on `pieces` (the transfer
/// done): the result when the turn reaches `goal`, else [`progress_rewards`]; `None`
/// when the turn is illegal.
fn progress_after(
    pieces: &Pieces,
    seat: Seat,
    roll: Roll,
    mv: &HelofagMove,
    goal: u8,
    removed: &[bool],
    players: usize,
) -> Option<Vec<f64>> {
    let after = play_on(pieces, seat, roll, mv, goal).ok()?;
    if after.count(seat, Field::Goal) >= goal {
        return Some(ranking_rewards(&[vec![seat]], players));
    }
    Some(progress_rewards(&after, removed, players))
}

/// Every seat's [`progress::score`] lead over the best other seat still in the game,
/// through the logistic curve with [`AiGame::LEAD`] (0 for removed seats).
fn progress_rewards(pieces: &Pieces, removed: &[bool], players: usize) -> Vec<f64> {
    let scores: Vec<Option<f64>> = (0..players)
        .map(|s| (!removed.get(s).copied().unwrap_or(false)).then(|| progress::score(pieces, s)))
        .collect();
    lead_rewards(&scores, Helofag::LEAD, 1.0)
}

#[cfg(test)]
mod tests {
    use rules::helofag::turns_on;

    use super::*;

    /// The turns of seat 0 with `roll` on `pieces` that the greedy player ranks best.
    fn greedy_best(pieces: &Pieces, roll: Roll) -> Vec<Pieces> {
        let value = |mv: &HelofagMove| progress_after(pieces, 0, roll, mv, 3, &[false, false], 2).map_or(0.0, |r| r[0]);
        let turns = turns_on(pieces, 0, roll, 3);
        let best = turns.iter().map(value).fold(f64::NEG_INFINITY, f64::max);
        turns.iter().filter(|mv| value(mv) > best - 1e-12).filter_map(|mv| play_on(pieces, 0, roll, mv, 3).ok()).collect()
    }

    #[test]
    fn the_greedy_turn_brings_a_piece_home_and_steps_furthest() {
        // Seat 0: D2 and C3.3 (four on S); seat 1: D5. Roll 2 2 5, no piece in A, no
        // transfer. D2>Z counts 24 − 11 = +13; C3.3+5 reaches C3.8 (+5; passing the
        // black C3.6 is fine), C3.3+2 only C3.5 (+2), a step from S at most
        // +1.5, and no action reaches D5. Best: D2>Z and C3.3+5 (+18), in either order.
        let mut pieces = Pieces::new(2);
        pieces.start = vec![4, 5];
        pieces.d[1] = Some(0);
        pieces.rows[2][2] = Some(0);
        pieces.d[4] = Some(1);
        let best = greedy_best(&pieces, [2, 2, 5]);
        assert!(!best.is_empty());
        for after in best {
            assert_eq!(after.count(0, Field::Goal), 1);
            assert_eq!(after.occupant(Field::C(3, 8)), Some(0));
        }
    }

    #[test]
    fn the_greedy_turn_captures_when_nothing_steps_further() {
        // Seat 0 on C2.3 and five on S; seat 1 waits on C2.8. Roll 5 1 1: C2.3+5 lands
        // on C2.8 (+5 for seat 0, and seat 1's piece goes back to B: 10 − 2 = −8), a
        // lead 13 steps greater, and a 1 may still take a piece from S (+1.5 on A24);
        // C2.3+1 (C2.4 is black) is illegal, and turns without C2.3+5 reach at most +3
        // (two pieces from S onto jump fields).
        let mut pieces = Pieces::new(2);
        pieces.start = vec![5, 5];
        pieces.rows[1][2] = Some(0);
        pieces.rows[1][7] = Some(1);
        for after in greedy_best(&pieces, [5, 1, 1]) {
            assert_eq!(after.occupant(Field::C(2, 8)), Some(0));
            assert_eq!(after.count(1, Field::B), 1);
        }
    }
}
