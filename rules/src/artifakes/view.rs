//! What a viewer sees of an Artifakes game: everything on the table, their own hand
//! only, and of the deck only its size (spec README, "hidden information").

use super::{
    notation::{Piece, Way},
    Artifakes, CardOption, Direction, Phase, Pieces, FIELDS, PLAYERS,
};
use crate::{Seat, Viewer};

/// The last thing that happened, for highlighting and notices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LastPlay {
    /// `seat` buried `piece` on `field`.
    Buried { seat: Seat, piece: Piece, field: u8 },
    /// `seat` played `card` `way` for `points` and moved the inspector `from` -> `to`;
    /// `found` became their finds, `destroyed` were the opponent's pieces there.
    Moved {
        seat: Seat,
        card: u8,
        way: Way,
        direction: Direction,
        points: u8,
        from: u8,
        to: u8,
        found: Pieces,
        destroyed: Pieces,
    },
    /// `seat` wasted `card` (laid it face up; the inspector stayed).
    Wasted { seat: Seat, card: u8 },
}

/// A per-viewer snapshot of an Artifakes game. Arrays indexed by seat have two entries;
/// `buried` is indexed `[field - 1][seat]`.
#[derive(Debug, Clone, PartialEq)]
pub struct ArtifakesView {
    pub round: u8,
    pub phase: Phase,
    /// The seat that started this round (deals first).
    pub round_start_player: Seat,
    /// The seat to move, `None` when the game is over.
    pub to_move: Option<Seat>,
    /// The chief inspector's field (1-30).
    pub inspector: u8,
    pub buried: [[Pieces; PLAYERS]; FIELDS as usize],
    /// The archaeologists' stones on the dolerite row (1-19, uncapped past 19).
    pub stones: [i64; PLAYERS],
    pub supply: [Pieces; PLAYERS],
    pub finds: [Pieces; PLAYERS],
    pub destroyed: [Pieces; PLAYERS],
    /// Cards wasted this round, face up in front of each player.
    pub wasted: [Vec<u8>; PLAYERS],
    /// Each seat's hand, `Some` only where the viewer may see it.
    pub hands: [Option<Vec<u8>>; PLAYERS],
    pub hand_sizes: [usize; PLAYERS],
    /// [`Artifakes::card_options`] for each hand the viewer may see.
    pub card_options: [Option<Vec<CardOption>>; PLAYERS],
    /// Cards left in the deck (never their order).
    pub deck: usize,
    /// Cards on the discard pile (the altar stone).
    pub discard: usize,
    /// Consecutive card plays this excavation that did not move the inspector (he goes
    /// home at 4).
    pub idle_plays: u8,
    /// Whether the inspector went home (the game ended early).
    pub went_home: bool,
    pub last: Option<LastPlay>,
    /// The final ranking once the game is over (best first, ties share a list).
    pub ranking: Option<Vec<Vec<Seat>>>,
}

impl Artifakes {
    /// What `viewer` may see: hands only of the seats the viewer may see privately.
    pub fn view_for(&self, viewer: Viewer) -> ArtifakesView {
        use crate::Game;
        let private = |seat: Seat| viewer.sees_private_of(seat);
        ArtifakesView {
            round: self.round,
            phase: self.phase,
            round_start_player: self.round_start_player(self.round),
            to_move: (self.phase != Phase::Over).then_some(self.to_move),
            inspector: self.inspector,
            buried: self.buried,
            stones: self.stones,
            supply: self.supply,
            finds: self.finds,
            destroyed: self.destroyed,
            wasted: self.wasted.clone(),
            hands: [0, 1].map(|s| private(s).then(|| self.hands[s].clone())),
            hand_sizes: [0, 1].map(|s| self.hands[s].len()),
            card_options: [0, 1].map(|s| private(s).then(|| self.card_options(s))),
            deck: self.deck_left(),
            discard: self.discarded,
            idle_plays: self.idle_plays,
            went_home: self.went_home,
            last: self.last,
            ranking: self.outcome(),
        }
    }
}
