//! Aratoth's Revenge: perfect information, so one world; playouts run to the end.

use rules::{aratoth::Aratoth, rng::ChaCha20Rng, Game, Match, Seat};
use serde_json::Value;

use super::{public_setup, AiGame, Searched, Searching};
use crate::{search::Budget, seat_view::Knowledge, AiError, SeatView};

impl AiGame for Aratoth {
    // At most 36 pieces are ever placed: playouts always reach the end.
    const PLAYOUT_DEPTH: usize = 64;
    const LEAD: f64 = 10.0;

    fn learn(game: &dyn Match, _seat: Seat) -> Result<Knowledge, AiError> {
        Ok(Knowledge::Open { setup: public_setup(game, &["start_player"]) })
    }

    fn sample_setup(view: &SeatView, _rng: &mut ChaCha20Rng) -> Result<Value, AiError> {
        super::open_setup(view)
    }

    fn review_chances(view: &SeatView, played: &str, seen: &SeatView, effort: super::Effort, seed: u64) -> Result<crate::review::MoveChances, AiError> {
        super::review_searched::<Self>(view, played, seen, effort, seed)
    }

    fn choose_level(view: &SeatView, level: Searching, rng: &mut ChaCha20Rng) -> Result<String, AiError> {
        super::searched::<Self>(view, level, rng)
    }

    /// Mobility: the number of placements of the seat to move (others 0), so that a
    /// greedy player leaves its opponent as few placements as it can.
    fn heuristic(&self, seat: Seat) -> f64 {
        if self.to_move().contains(&seat) { self.legal_moves().len() as f64 } else { 0.0 }
    }
}

impl Searched for Aratoth {
    fn budget(level: Searching) -> Budget {
        match level {
            Searching::Normal => Budget { worlds: 1, iterations: 1500, exploration: 0.7, candidates: 0 },
            Searching::Hard => Budget { worlds: 1, iterations: 6000, exploration: 0.7, candidates: 0 },
        }
    }
}
