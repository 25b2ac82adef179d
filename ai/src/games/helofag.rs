//! Helofag: no hidden information but dice; the worlds differ in the rolls to come.

use rules::{
    helofag::{Border, Field, Helofag, HelofagMove, BOARD, ROW_LEN},
    rng::ChaCha20Rng,
    Game, Match, Seat,
};
use serde_json::Value;

use super::{public_setup, AiGame};
use crate::{agent::Level, search::Budget, seat_view::Knowledge, AiError, SeatView};

/// The progress a piece on `field` stands for, in steps of about one good turn.
fn progress(field: Field) -> f64 {
    match field {
        Field::Start => 0.0,
        // A jump field sends the piece on to B when the next roll shows its number:
        // likely with a single border (42 %), rarely with a double one (7 %).
        Field::A(n) => match BOARD.jump_field(n).map(|j| j.border) {
            Some(Border::Single) => 1.8,
            Some(Border::Double) => 1.2,
            None => 1.0,
        },
        Field::B => 2.5,
        Field::C(_, k) => 4.0 + f64::from(k) / ROW_LEN as f64,
        Field::D(_) => 6.5,
        Field::Goal => 9.0,
    }
}

impl AiGame for Helofag {
    const PLAYOUT_DEPTH: usize = 3;
    const LEAD: f64 = 3.0;

    fn learn(game: &dyn Match, _seat: Seat) -> Result<Knowledge, AiError> {
        Ok(Knowledge::Open { setup: public_setup(game, &["rolls", "start_player"]) })
    }

    fn sample_setup(view: &SeatView, _rng: &mut ChaCha20Rng) -> Result<Value, AiError> {
        super::open_setup(view)
    }

    fn budget(level: Level) -> Budget {
        match level {
            Level::Easy => Budget { worlds: 1, iterations: 20, exploration: 0.5, candidates: 0 },
            Level::Normal => Budget { worlds: 12, iterations: 30, exploration: 0.3, candidates: 6 },
            Level::Hard => Budget { worlds: 24, iterations: 60, exploration: 0.3, candidates: 8 },
        }
    }

    /// The greedy turn: a race is won by steady progress, so playouts play well.
    fn playout_move(&self, rng: &mut ChaCha20Rng) -> Option<HelofagMove> {
        let seat = *self.to_move().first()?;
        crate::greedy::best_move(self, seat, self.pieces().start.len(), rng)
    }

    /// Every complete turn: one action, or two.
    fn turns(&self) -> Vec<HelofagMove> {
        self.legal_turns()
    }

    /// The progress of the seat's `goal` most advanced pieces (those that can win),
    /// the others counting a tenth.
    fn heuristic(&self, seat: Seat) -> f64 {
        let mut values: Vec<f64> = self.pieces().fields_of(seat).into_iter().map(progress).collect();
        values.sort_by(|a, b| b.total_cmp(a));
        let goal = usize::from(self.goal());
        values.iter().enumerate().map(|(i, v)| if i < goal { *v } else { v / 10.0 }).sum()
    }
}
