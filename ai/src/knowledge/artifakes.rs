//! What a seat knows of Artifakes.

use rules::{
    artifakes::{Artifakes, Phase},
    AnyView, Match, Seat, Viewer,
};
use serde_json::Value;

use super::{public_setup, Knowledge, Learn};
use crate::AiError;

/// What a player knows of an Artifakes game beyond the log: the start player, how
/// many rounds have been dealt and the player's own hand.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Known {
    pub(crate) setup: Value,
    pub(crate) start_player: Seat,
    pub(crate) dealt_rounds: usize,
    pub(crate) hand: Vec<u8>,
}

impl Learn for Artifakes {
    fn learn(game: &dyn Match, seat: Seat) -> Result<Knowledge, AiError> {
        let AnyView::Artifakes(view) = game.view(Viewer::Seat(seat)) else {
            return Err(AiError::World("not an Artifakes view".into()));
        };
        let round = usize::from(view.round);
        let setup = public_setup(game, &["start_player"]);
        Ok(Knowledge::Artifakes(Known {
            start_player: setup.get("start_player").and_then(Value::as_u64).unwrap_or(0) as Seat,
            setup,
            dealt_rounds: if view.phase == Phase::Bury { round.saturating_sub(1) } else { round },
            hand: view.hands.get(seat).cloned().flatten().unwrap_or_default(),
        }))
    }

    /// A new round was dealt.
    fn drew(before: &Knowledge, after: &Knowledge) -> bool {
        match (before, after) {
            (Knowledge::Artifakes(b), Knowledge::Artifakes(a)) => a.dealt_rounds > b.dealt_rounds,
            _ => false,
        }
    }
}
