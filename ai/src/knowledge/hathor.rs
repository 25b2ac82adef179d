//! What a seat knows of Hathor.

use rules::{hathor::Hathor, AnyView, Match, Seat, Viewer};
use serde_json::Value;

use super::{public_setup, Knowledge, Learn};
use crate::AiError;

/// What the player knows of a Hathor deal: the public setup (variant, start stones,
/// the random symbols used so far) and the stones drawn so far, in order (the placed
/// ones and the current stone).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Known {
    pub(crate) setup: Value,
    pub(crate) seen: Vec<String>,
}

impl Learn for Hathor {
    fn learn(game: &dyn Match, seat: Seat) -> Result<Knowledge, AiError> {
        let AnyView::Hathor(view) = game.view(Viewer::Seat(seat)) else {
            return Err(AiError::World("not a Hathor view".into()));
        };
        let drawn = view.placed + usize::from(view.current.is_some());
        let pile = game.resolved_setup().get("pile").and_then(Value::as_array).cloned().unwrap_or_default();
        let seen = pile.iter().take(drawn).filter_map(|s| s.as_str().map(str::to_string)).collect();
        Ok(Knowledge::Hathor(Known { setup: public_setup(game, &["variant", "start_stones", "random_symbols"]), seen }))
    }

    /// The next stone was drawn.
    fn drew(before: &Knowledge, after: &Knowledge) -> bool {
        match (before, after) {
            (Knowledge::Hathor(b), Knowledge::Hathor(a)) => a.seen.len() > b.seen.len(),
            _ => false,
        }
    }
}
