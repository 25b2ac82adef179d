//! Conditional moves in Carat (docs "Conditional moves"): a plan is checked on a
//! stand-in made from the planner's view alone ([`crate::plan`]). The tiles the planner
//! cannot see (the opponent's hand and the pile) are dealt to the stand-in in any order,
//! and a tile a planned move names is moved to where that move needs it whenever the
//! planner's view allows it to be there.

use std::collections::{BTreeSet, VecDeque};

use super::{parse_shape, Carat, CaratSetup, CaratView, Tile};
use crate::{
    plan::{PlanSnag, StepSnag},
    Game, Refusal, Seat,
};

/// Checks `steps` (the opponent's move, the planner's reply) for the player at `planner`
/// as [`crate::GameView::check_plan`] says, on a stand-in made from `view` (the
/// planner's view).
pub(super) fn check(view: &CaratView, planner: Seat, steps: &[(String, String)]) -> Result<(), StepSnag> {
    let mut stand_in = StandIn::of(view, planner);
    for (step, (their, mine)) in steps.iter().enumerate() {
        stand_in.their_move(step, their)?;
        stand_in.my_move(step, mine)?;
    }
    Ok(())
}

/// Where a tile lies in the stand-in.
#[derive(Debug, Clone, Copy)]
enum Place {
    Pile(usize),
    Hand(Seat, usize),
    /// On the board at (row, col), placed by a move of the plan that named no tile.
    Board(usize, usize),
}

/// A game that looks to the planner as theirs does.
struct StandIn {
    game: Carat,
    planner: Seat,
    /// Whether the game is over already (a resignation or a timeout ended it).
    ended: bool,
    /// The tiles the planner knows where they are: on the board, in their hand as the
    /// view shows it, and every tile the plan has named so far. All others may be
    /// anywhere the planner cannot see.
    known: BTreeSet<Tile>,
}

impl StandIn {
    fn of(view: &CaratView, planner: Seat) -> StandIn {
        let players = view.colours.len();
        let on_board = view.board.iter().flatten().flatten().map(|placed| placed.tile);
        let mine = view.hands.get(planner).cloned().flatten().unwrap_or_default();
        let known: BTreeSet<Tile> = on_board.chain(mine.iter().copied()).collect();
        let mut unseen: VecDeque<Tile> = Tile::all().into_iter().filter(|t| !known.contains(t)).collect();
        let hands = (0..players)
            .map(|seat| {
                if seat == planner {
                    return mine.clone();
                }
                let size = view.hand_sizes.get(seat).copied().unwrap_or_default();
                (0..size).filter_map(|_| unseen.pop_front()).collect()
            })
            .collect();
        let game = Carat {
            players,
            variant: view.variant,
            setup: std::sync::Arc::new(CaratSetup {
                chips: view.chips.iter().map(|row| row.to_vec()).collect(),
                pile: Vec::new(),
                start_player: 0,
                variant: view.variant,
            }),
            chips: view.chips,
            scored: view.scored,
            board: view.board,
            pile: unseen,
            hands,
            removed: view.colours.iter().map(Vec::is_empty).collect(),
            to_move: view.to_move.unwrap_or(planner),
            placed: view.board.iter().flatten().filter(|space| space.is_some()).count(),
            last: view.last,
            scores: view.scores.clone(),
        };
        StandIn { game, planner, ended: view.to_move.is_none(), known }
    }

    fn over(&self) -> bool {
        self.ended || self.game.is_over()
    }

    fn their_move(&mut self, step: usize, text: &str) -> Result<(), StepSnag> {
        if self.over() {
            return Err(StepSnag::new(step, PlanSnag::GameOver));
        }
        let mover = self.game.to_move;
        if mover == self.planner {
            return Err(StepSnag::new(step, PlanSnag::StillYours));
        }
        let shape = parse_shape(text).map_err(|_| StepSnag::new(step, PlanSnag::NotAMove { text: text.to_string() }))?;
        match shape.tile {
            Some(tile) => self.deal(mover, tile).map_err(|r| StepSnag::theirs_illegal(step, r))?,
            None if self.game.hands[mover].len() > 1 => {
                return Err(StepSnag::theirs_illegal(
                    step,
                    Refusal::new(
                        "carat-plan-their-tile",
                        "your opponent holds several tiles: name the one they would place, e.g. \"c3 red 5RGBY\"",
                    ),
                ));
            }
            None => {}
        }
        self.play(text).map_err(|r| StepSnag::theirs_illegal(step, r))?;
        if self.over() {
            return Err(StepSnag::new(step, PlanSnag::GameOver));
        }
        if self.game.to_move != self.planner {
            return Err(StepSnag::new(step, PlanSnag::NotYoursThen { their: text.to_string() }));
        }
        Ok(())
    }

    fn my_move(&mut self, step: usize, text: &str) -> Result<(), StepSnag> {
        let shape = parse_shape(text).map_err(|_| StepSnag::new(step, PlanSnag::NotAMove { text: text.to_string() }))?;
        if let Some(tile) = shape.tile
            && !self.game.hands[self.planner].contains(&tile)
        {
            // Not in the hand the planner sees: only a tile they will have drawn by then.
            let not_mine = || Refusal::new("carat-tile-not-in-hand", format!("{tile} is not in your hand")).arg("tile", tile);
            self.deal(self.planner, tile).map_err(|_| StepSnag::illegal(step, not_mine()))?;
        }
        self.play(text).map_err(|r| StepSnag::illegal(step, r))
    }

    /// Makes `tile` one of `seat`'s hand in the stand-in, if the planner's view allows:
    /// the tile is not one the planner knows where it lies, and `seat` holds a tile the
    /// planner cannot see (swapped with it, wherever the tile lies unseen: the pile, a
/// hand, or the board where a move of the plan that named no tile put it). The tile is
/// known from then on.
    fn deal(&mut self, seat: Seat, tile: Tile) -> Result<(), Refusal> {
        let seen = || {
            Refusal::new(
                "carat-plan-tile-seen",
                format!("{tile} cannot be played then: it is on the board or in your hand, or your plan places it before"),
            )
            .arg("tile", tile)
        };
        if self.known.contains(&tile) {
            return Err(seen());
        }
        let hand = &self.game.hands[seat];
        if !hand.contains(&tile) {
            let Some(swap) = hand.iter().position(|t| !self.known.contains(t)) else { return Err(seen()) };
            let Some(from) = self.place_of(tile) else { return Err(seen()) };
            let given = self.game.hands[seat][swap];
            self.game.hands[seat][swap] = tile;
            match from {
                Place::Pile(i) => self.game.pile[i] = given,
                Place::Hand(other, i) => self.game.hands[other][i] = given,
                Place::Board(row, col) => {
                    if let Some(placed) = self.game.board[row][col].as_mut() {
                        *placed = super::PlacedTile { tile: given, corners: given.corners(placed.corners[0]) };
                    }
                }
            }
        }
        self.known.insert(tile);
        Ok(())
    }

    fn place_of(&self, tile: Tile) -> Option<Place> {
        if let Some(i) = self.game.pile.iter().position(|&t| t == tile) {
            return Some(Place::Pile(i));
        }
        if let Some(place) = self.game.hands.iter().enumerate().find_map(|(seat, hand)| hand.iter().position(|&t| t == tile).map(|i| Place::Hand(seat, i))) {
            return Some(place);
        }
        // A tile on the board that the planner does not know was placed by a move of
        // the plan that named none: any unseen tile could have been that one.
        (0..6).flat_map(|row| (0..6).map(move |col| (row, col))).find_map(|(row, col)| {
            self.game.board[row][col].filter(|placed| placed.tile == tile).map(|_| Place::Board(row, col))
        })
    }

    fn play(&mut self, text: &str) -> Result<(), Refusal> {
        let mv = self.game.parse_move(text)?;
        self.game.apply(&mv)
    }
}
