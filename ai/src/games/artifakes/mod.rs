//! Artifakes: the hidden parts are the opponent's hand and the deck's order.

mod deal;

use rules::{
    artifakes::{Artifakes, ArtifakesMove, FIELDS},
    rng::ChaCha20Rng, Game, Seat,
};
use serde_json::Value;

use crate::{
    ai_game::{AiGame, Budget, Effort, MoveChances, Searched, Searching},
    chances::review_searched,
    search::searched,
    AiError, SeatView,
};

/// Cards dealt per excavation: five to each of the two players, alternately.
const DEALT_PER_ROUND: usize = 10;
/// Each number 1-30 is on two cards.
const COPIES: usize = 2;
/// Legal moves at most: 60 burials (a block and a disc on each field); an excavation
/// has at most 5 cards × 2 ways × 2 directions.
const MOST_MOVES: usize = 2 * FIELDS as usize;

impl AiGame for Artifakes {
    const PLAYOUT_DEPTH: usize = 60;
    const LEAD: f64 = 4.0;

    fn sample_setup(view: &SeatView, rng: &mut ChaCha20Rng) -> Result<Value, AiError> {
        deal::sample_setup(view, rng)
    }

    fn review_chances(view: &SeatView, played: &str, seen: &SeatView, effort: Effort, seed: u64) -> Result<MoveChances, AiError> {
        review_searched::<Self>(view, played, seen, effort, seed)
    }

    fn choose_level(view: &SeatView, level: Searching, rng: &mut ChaCha20Rng) -> Result<String, AiError> {
        searched::<Self>(view, level, rng)
    }

    /// A uniformly random legal move (the default's choice: the same move for the same
    /// random numbers), picked from a list on the stack.
    fn playout_move(&self, rng: &mut ChaCha20Rng) -> Option<ArtifakesMove> {
        let mut moves = [None; MOST_MOVES];
        let mut n = 0;
        for (slot, mv) in moves.iter_mut().zip(self.each_legal_move()) {
            *slot = Some(mv);
            n += 1;
        }
        if n == 0 {
            return None;
        }
        moves.get(rules::rng::index(n, rng)).copied().flatten()
    }

    /// The archaeologist's stone plus the finds waiting to be sold, and a quarter of
    /// the value still buried (finds to come, if the inspector gets there first).
    fn heuristic(&self, seat: Seat) -> f64 {
        let stones = self.scores().and_then(|s| s.get(seat).copied()).unwrap_or(0) as f64;
        let [_, buried, finds, _] = self.stock(seat);
        stones + f64::from(finds.value()) + 0.25 * f64::from(buried.value())
    }
}

impl Searched for Artifakes {
    /// `normal`: 16 sampled worlds of 2,000 playouts (issue 42: 8 of 250 used a tenth of
    /// its second and lost to `ismcts:2000`); `hard`: 48 of 2,000.
    fn budget(level: Searching) -> Budget {
        match level {
            Searching::Normal => Budget { worlds: 16, iterations: 2000, exploration: 0.7, candidates: 0 },
            Searching::Hard | Searching::Master(_) => Budget { worlds: 48, iterations: 2000, exploration: 0.7, candidates: 0 },
        }
    }

    /// The budgets the review's CPU time was measured with (issue 44).
    fn review_budget(level: Searching) -> Budget {
        match level {
            Searching::Normal => Budget { worlds: 8, iterations: 250, exploration: 0.7, candidates: 0 },
            Searching::Hard | Searching::Master(_) => Budget { worlds: 24, iterations: 250, exploration: 0.7, candidates: 0 },
        }
    }
}
