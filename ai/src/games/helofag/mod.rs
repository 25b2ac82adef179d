//! Helofag: no hidden information but dice. Positions are valued by each player's
//! chance to win the race ([`value`]); the AI looks one opponent turn ahead over every
//! roll of the dice ([`lookahead`]).

mod lookahead;
pub(crate) mod value;

use rules::{
    helofag::{play_on, Field, Helofag, HelofagMove},
    rng::ChaCha20Rng,
    Game, Match, Seat,
};
use serde_json::Value;

use super::{public_setup, ranking_rewards, AiGame};
use crate::{agent::Level, search::Budget, seat_view::Knowledge, AiError, SeatView};

/// The seat after `seat` in seating order that is still in the game.
pub(crate) fn next_seat(game: &Helofag, seat: Seat) -> Seat {
    let n = game.players();
    (1..=n).map(|k| (seat + k) % n).find(|&s| !game.is_removed(s)).unwrap_or(seat)
}

/// Which seats have left the game.
pub(crate) fn removed(game: &Helofag) -> Vec<bool> {
    (0..game.players()).map(|s| game.is_removed(s)).collect()
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

    /// Not used: the levels search by [`lookahead::Plan`] (see [`AiGame::choose_level`]).
    fn budget(_level: Level) -> Budget {
        Budget { worlds: 1, iterations: 0, exploration: 0.0, candidates: 1 }
    }

    fn choose_level(view: &SeatView, level: Level, rng: &mut ChaCha20Rng) -> Result<String, AiError> {
        lookahead::choose(view, lookahead::Plan::of(level, view.players()), rng)
    }

    /// Every complete turn: one action, or two.
    fn turns(&self) -> Vec<HelofagMove> {
        self.legal_turns()
    }

    /// The seat's chance to win (see [`AiGame::rewards`]).
    fn heuristic(&self, seat: Seat) -> f64 {
        self.rewards(self.players()).get(seat).copied().unwrap_or(0.0)
    }

    /// The result when the game is over, else every seat's chance to win
    /// ([`value::position_value`]) with the seat to move rolling next (its roll, already
    /// made, is not looked at).
    fn rewards(&self, players: usize) -> Vec<f64> {
        if let Some(ranking) = self.outcome() {
            return ranking_rewards(&ranking, players);
        }
        let next = self.to_move().first().copied().unwrap_or(0);
        value::position_value(self.pieces(), self.goal(), &removed(self), next)
    }

    /// The position at the end of the turn, before the next player's roll: every
    /// seat's chance to win with the next seat rolling next, or the result when the turn
    /// reaches the goal count.
    fn turn_rewards(&self, mv: &HelofagMove, players: usize) -> Option<Vec<f64>> {
        let seat = *self.to_move().first()?;
        let after = play_on(self.pieces(), seat, self.roll()?, mv, self.goal()).ok()?;
        if after.count(seat, Field::Goal) >= self.goal() {
            return Some(ranking_rewards(&[vec![seat]], players));
        }
        Some(value::position_value(&after, self.goal(), &removed(self), next_seat(self, seat)))
    }
}
