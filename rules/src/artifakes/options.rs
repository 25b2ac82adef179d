//! What each card in a hand can do, so a player need not count (spec `artifakes.md`,
//! "Round structure"): the movement points by colour and by number and where the inspector would
//! land each way, with what digging there would bring up.

use super::{colour_of, step, Artifakes, Colour, Direction, Pieces, Way, PLAYERS};
use crate::Seat;

/// Where the inspector would stop, and what digging that field would do for the player:
/// `finds` = their own pieces there (they become finds), `destroys` = the opponent's
/// pieces there (they leave the game).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Landing {
    pub field: u8,
    pub finds: Pieces,
    pub destroys: Pieces,
}

/// One way of playing a card: its movement points (0-5) and, when they are at least 1,
/// the landing clockwise and counter-clockwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WayOption {
    pub way: Way,
    pub points: u8,
    pub cw: Option<Landing>,
    pub ccw: Option<Landing>,
}

impl WayOption {
    /// The landing in `direction`, `None` when this way gives no points.
    pub fn landing(&self, direction: Direction) -> Option<Landing> {
        match direction {
            Direction::Clockwise => self.cw,
            Direction::CounterClockwise => self.ccw,
        }
    }
}

/// What one card number in a hand can do (`copies` = how many of it the hand holds).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardOption {
    pub card: u8,
    pub copies: u8,
    pub colour: Colour,
    pub by_colour: WayOption,
    pub by_number: WayOption,
}

impl CardOption {
    /// Whether the card gives movement points either way.
    pub fn moves(&self) -> bool {
        self.by_colour.points > 0 || self.by_number.points > 0
    }
}

impl Artifakes {
    /// Where the inspector would stop after `points` fields in `direction`, and what
    /// digging there would do for `seat`.
    pub fn landing(&self, seat: Seat, points: u8, direction: Direction) -> Landing {
        let field = step(self.inspector(), points, direction);
        let opponent = (seat + 1) % PLAYERS;
        Landing { field, finds: self.buried(field, seat), destroys: self.buried(field, opponent) }
    }

    fn way_option(&self, seat: Seat, card: u8, way: Way) -> WayOption {
        let points = self.points(seat, card, way);
        let reach = |direction| (points > 0).then(|| self.landing(seat, points, direction));
        WayOption { way, points, cw: reach(Direction::Clockwise), ccw: reach(Direction::CounterClockwise) }
    }

    /// For each distinct card in `seat`'s hand (ascending): its colour, the movement
    /// points by colour and by number, and where the inspector would land each way from
    /// where he stands now. Empty for a seat without cards. Pure; reveals `seat`'s hand,
    /// so only `seat` may see it.
    pub fn card_options(&self, seat: Seat) -> Vec<CardOption> {
        let hand = self.hand(seat);
        self.distinct_cards(seat)
            .into_iter()
            .filter_map(|card| {
                let copies = u8::try_from(hand.iter().filter(|&&c| c == card).count()).unwrap_or(u8::MAX);
                Some(CardOption {
                    card,
                    copies,
                    colour: colour_of(card)?,
                    by_colour: self.way_option(seat, card, Way::Colour),
                    by_number: self.way_option(seat, card, Way::Number),
                })
            })
            .collect()
    }
}
