//! What one seat knows of a game: the only input of every agent.

use rules::{GameKind, Match, Seat};
use serde_json::Value;

use crate::{
    knowledge::{self, Knowledge},
    AiError,
};

/// Everything seat `seat` may know of a game, and nothing more: the options, the
/// public log of moves and events with who made each move, the legal moves, the
/// public part of the setup, and what the seat itself holds or has seen (per game:
/// its own hand, the stones it has drawn). Other players' hands, the order of a pile
/// or deck and future dice are not in it.
///
/// Fields are private and there is no conversion back to a game: an agent that holds
/// a `SeatView` can reach the hidden state neither through the view nor through a
/// world it builds from it (those worlds sample the hidden parts afresh). Two games
/// that differ only in what the seat may not see give equal views (`==`).
///
/// ```compile_fail
/// // A view cannot be turned back into the game it was taken from.
/// let game = rules::open(rules::GameKind::Carat, &serde_json::json!({}), 2, None, Some(1)).unwrap();
/// let view = ai::SeatView::of(game.as_ref(), 0).unwrap();
/// let full: rules::Played<rules::carat::Carat> = view.into();
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct SeatView {
    kind: GameKind,
    options: Value,
    players: usize,
    seat: Seat,
    log: Vec<String>,
    movers: Vec<Option<Seat>>,
    to_move: bool,
    legal: Vec<String>,
    knowledge: Knowledge,
}

impl SeatView {
    /// The view of `seat` (0-based) in `game`.
    ///
    /// # Errors
    /// [`AiError::NoSuchSeat`] when `seat` is not a seat of the game.
    pub fn of(game: &dyn Match, seat: Seat) -> Result<SeatView, AiError> {
        if seat >= game.players() {
            return Err(AiError::NoSuchSeat(seat));
        }
        Ok(SeatView {
            kind: game.kind(),
            options: game.options(),
            players: game.players(),
            seat,
            log: game.log().to_vec(),
            movers: movers(game),
            to_move: !game.is_finished() && game.to_move().contains(&seat),
            legal: if game.to_move().contains(&seat) { game.legal_moves() } else { Vec::new() },
            knowledge: knowledge::learn(game, seat)?,
        })
    }

    /// Which game.
    pub fn kind(&self) -> GameKind {
        self.kind
    }

    /// The seat this view belongs to.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The number of seats.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The applied moves and events, canonically printed, in order.
    pub fn log(&self) -> &[String] {
        &self.log
    }

    /// Who made each entry of [`SeatView::log`] (`None` for an event such as `@resign 1`).
    pub fn movers(&self) -> &[Option<Seat>] {
        &self.movers
    }

    /// Whether the seat is to move now.
    pub fn to_move(&self) -> bool {
        self.to_move
    }

    /// The seat's legal moves as the rules list them (empty when not to move).
    pub fn legal_moves(&self) -> &[String] {
        &self.legal
    }

    /// The options as the record stores them (with `players`).
    pub(crate) fn options(&self) -> &Value {
        &self.options
    }

    pub(crate) fn knowledge(&self) -> &Knowledge {
        &self.knowledge
    }
}

/// Who made each move of the log: public (every player sees who moved). Read by
/// replaying the log on a copy made from the game's own record.
fn movers(game: &dyn Match) -> Vec<Option<Seat>> {
    let log = game.log();
    let Ok(mut copy) = rules::open(game.kind(), &game.options(), game.players(), Some(game.resolved_setup()), None)
    else {
        return vec![None; log.len()];
    };
    log.iter()
        .map(|entry| {
            let mover = if entry.starts_with('@') { None } else { copy.to_move().first().copied() };
            // An entry the copy refuses leaves it behind; the remaining movers are then
            // unknown, never wrong.
            match copy.play(entry) {
                Ok(_) => mover,
                Err(_) => None,
            }
        })
        .collect()
}
