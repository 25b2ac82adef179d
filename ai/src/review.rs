//! Chances for the review of a finished game (issue 44): for each move, the mover's
//! chance to win before and after it and the move the AI prefers, estimated from the
//! mover's own view at that time ([`crate::SeatView`]: its hand and the public log, never a card
//! or roll it could not know), with a fixed budget and seed, so a review is reproducible.
//!
//! The estimates are the search's own root statistics ((the search), determinized
//! UCT; Helofag: the race value its levels choose by), on the scale 0..=1 (a win 1, a
//! shared first place split; Hathor, played alone, values its score the same way).
//!
//! * **preferred**: the move a search with half the budget's playouts visits most.
//! * **before**: the mean reward through the preferred move, by a search of the same
//!   budget restricted to it (the most visited move's own mean is biased upwards).
//! * **after**: the mean reward through the played move, by a search restricted to it on
//!   the same sampled worlds (the same value as *before* when it is the preferred move).
//! * **luck**: the change of chance no decision made. Helofag: the roll (the chance with
//!   the roll minus the chance before it, the dice's expectation). Carat, Artifakes,
//!   Hathor: a draw after the move (the chance from the mover's view once the drawn
//!   tile, cards or stone are seen, by a search of the same budget, minus *after*).

pub use crate::{
    ai_game::MoveChances,
    chances::{has_luck, rolls},
    dispatch::review_move,
};
