//! What a seat knows of Carat.

use rules::{
    carat::{Carat, Space, Tile, Variant},
    AnyView, Match, Seat, Viewer,
};
use serde_json::Value;

use super::{public_setup, Knowledge, Learn};
use crate::AiError;

/// What a player knows of a Carat game: the public setup (chips, start player,
/// variant), the tiles on the board and the player's own hand.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Known {
    pub(crate) setup: Value,
    pub(crate) start_player: Seat,
    pub(crate) hand_size: usize,
    /// (space, tile code) of every placed tile, in reading order.
    pub(crate) board: Vec<(String, String)>,
    /// The seat's own hand tiles, codes.
    pub(crate) hand: Vec<String>,
}

impl Learn for Carat {
    fn learn(game: &dyn Match, seat: Seat) -> Result<Knowledge, AiError> {
        let AnyView::Carat(view) = game.view(Viewer::Seat(seat)) else {
            return Err(AiError::World("not a Carat view".into()));
        };
        let mut board = Vec::new();
        for (row, tiles) in (0u8..).zip(view.board.iter()) {
            for (col, placed) in (0u8..).zip(tiles.iter()) {
                if let Some(placed) = placed {
                    board.push((Space { col, row }.to_string(), placed.tile.to_string()));
                }
            }
        }
        let hand = view.hands.get(seat).cloned().flatten().unwrap_or_default();
        let setup = public_setup(game, &["chips", "start_player", "variant"]);
        Ok(Knowledge::Carat(Known {
            start_player: setup.get("start_player").and_then(Value::as_u64).unwrap_or(0) as Seat,
            setup,
            hand_size: if view.variant == Some(Variant::Hand3) { 3 } else { 1 },
            board,
            hand: hand.iter().map(Tile::to_string).collect(),
        }))
    }

    /// A tile came into the hand that was not in it before the move.
    fn drew(before: &Knowledge, after: &Knowledge) -> bool {
        match (before, after) {
            (Knowledge::Carat(b), Knowledge::Carat(a)) => a.hand.iter().any(|t| !b.hand.contains(t)),
            _ => false,
        }
    }
}
