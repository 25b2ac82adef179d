//! Aratoth's Revenge: perfect information, so one world; playouts run to the end.

use rules::{aratoth::Aratoth, rng::ChaCha20Rng, Game, Seat};
use serde_json::Value;

use crate::{
    ai_game::{open_setup, AiGame, Budget, Effort, MoveChances, Searched, Searching},
    chances::review_searched,
    search::searched,
    AiError, SeatView,
};

impl AiGame for Aratoth {
    // At most 36 pieces are ever placed: playouts always reach the end.
    const PLAYOUT_DEPTH: usize = 64;
    const LEAD: f64 = 10.0;

    fn sample_setup(view: &SeatView, _rng: &mut ChaCha20Rng) -> Result<Value, AiError> {
        open_setup(view)
    }

    fn review_chances(view: &SeatView, played: &str, seen: &SeatView, effort: Effort, seed: u64) -> Result<MoveChances, AiError> {
        review_searched::<Self>(view, played, seen, effort, seed)
    }

    fn choose_level(view: &SeatView, level: Searching, rng: &mut ChaCha20Rng) -> Result<String, AiError> {
        searched::<Self>(view, level, rng)
    }

    /// Mobility: the number of placements of the seat to move (others 0), so that a
    /// greedy player leaves its opponent as few placements as it can.
    fn heuristic(&self, seat: Seat) -> f64 {
        if self.to_move().contains(&seat) { self.legal_moves().len() as f64 } else { 0.0 }
    }
}

impl Searched for Aratoth {
    /// Measured against `ismcts:2000` (docs "AI players"): the old `normal` (1,500
    /// playouts, 0.08 s) was even with it and the old `hard` (6,000) won 93 %; `normal`
    /// now searches as `hard` did, and `hard` four times as long, both within their time.
    fn budget(level: Searching) -> Budget {
        match level {
            Searching::Normal => Budget { worlds: 1, iterations: 6000, exploration: 0.7, candidates: 0 },
            Searching::Hard | Searching::Master(_) => Budget { worlds: 1, iterations: 24000, exploration: 0.7, candidates: 0 },
        }
    }

    /// The budgets the review's CPU time was measured with (issue 44).
    fn review_budget(level: Searching) -> Budget {
        match level {
            Searching::Normal => Budget { worlds: 1, iterations: 1500, exploration: 0.7, candidates: 0 },
            Searching::Hard | Searching::Master(_) => Budget { worlds: 1, iterations: 6000, exploration: 0.7, candidates: 0 },
        }
    }
}
