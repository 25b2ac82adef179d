//! What a seat knows of a game beyond the public log: its own hand, the stones it has
//! drawn, the public part of the setup ([`Knowledge`], the per-game part of a
//! [`crate::SeatView`]). The lowest layer of the AI: it reads the rules' seat views and
//! nothing of the search.

mod artifakes;
mod carat;
mod hathor;

use rules::{aratoth::Aratoth, helofag::Helofag, Game, Match, Seat};
use serde_json::Value;

use crate::AiError;

/// The per-game part of a [`crate::SeatView`].
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Knowledge {
    /// A game without hidden information (Aratoth, Helofag): the resolved setup is
    /// public (Helofag's rolls so far, the current one included; future rolls are not
    /// drawn yet).
    Open { setup: Value },
    Hathor(hathor::Known),
    Carat(carat::Known),
    Artifakes(artifakes::Known),
}

/// How a game tells what a seat knows: implemented by every game of the registry.
pub(crate) trait Learn: Game {
    /// What `seat` knows beyond the public log (its hand, the stones it has seen).
    ///
    /// # Errors
    /// [`AiError::World`] when `game` is not of this game's kind.
    fn learn(game: &dyn Match, seat: Seat) -> Result<Knowledge, AiError>;

    /// Whether the seat learnt something drawn between its views `before` and `after` of
    /// consecutive positions (a tile, cards, a stone); default: nothing is ever drawn.
    fn drew(_before: &Knowledge, _after: &Knowledge) -> bool {
        false
    }
}

impl Learn for Aratoth {
    fn learn(game: &dyn Match, _seat: Seat) -> Result<Knowledge, AiError> {
        Ok(Knowledge::Open { setup: public_setup(game, &["start_player"]) })
    }
}

impl Learn for Helofag {
    fn learn(game: &dyn Match, _seat: Seat) -> Result<Knowledge, AiError> {
        Ok(Knowledge::Open { setup: public_setup(game, &["rolls", "start_player"]) })
    }
}

/// What `seat` knows of `game` ([`Learn::learn`] of its kind).
pub(crate) fn learn(game: &dyn Match, seat: Seat) -> Result<Knowledge, AiError> {
    fn of<G: Learn>(game: &dyn Match, seat: Seat) -> Result<Knowledge, AiError> {
        G::learn(game, seat)
    }
    per_game!(game.kind(), of(game, seat))
}

/// A `Value::Object` of the given keys of the game's resolved setup (the public ones).
pub(crate) fn public_setup(game: &dyn Match, keys: &[&str]) -> Value {
    let setup = game.resolved_setup();
    Value::Object(keys.iter().filter_map(|&k| setup.get(k).map(|v| (k.to_string(), v.clone()))).collect())
}
