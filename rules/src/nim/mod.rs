//! Nim, the test game of the registry (only in `rules`' own unit tests and with the
//! `test-game` feature): it proves
//! that a game is added by its module and one line in [`crate::for_each_game`] (README,
//! "Adding a sixth game"). Not offered to players.
//!
//! Rules (normal play): heaps of sticks, `a` to `z`; two players take turns; a move
//! takes one or more sticks from one heap and is written as the heap's letter and the
//! number, e.g. `b2`; who takes the last stick wins.

#[cfg(test)]
mod sixth_game;

use std::{fmt, ops::RangeInclusive};

use serde::{Deserialize, Serialize};

use crate::{
    rng::ChaCha20Rng,
    view::single_winner,
    AnyView, Chance, Game, GameKind, GameView, Refusal, Seat, SetupError, Viewer,
};

/// The options: none.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NimOptions {}

/// The setup: the number of sticks on each heap, `[3, 4, 5]` when the record has none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NimSetup {
    pub heaps: Vec<u32>,
}

/// Take `count` sticks from heap `heap` (0 = `a`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NimMove {
    pub heap: usize,
    pub count: u32,
}

impl NimMove {
    /// The heap's letter (`a` for heap 0; heaps past `z` are written `?`).
    pub fn letter(&self) -> char {
        u8::try_from(self.heap).ok().filter(|&h| h < 26).map_or('?', |h| char::from(b'a' + h))
    }
}

impl fmt::Display for NimMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.letter(), self.count)
    }
}

/// What everyone sees: the heaps, whose turn it is and, at the end, the winner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NimView {
    pub heaps: Vec<u32>,
    pub to_move: Option<Seat>,
    pub winner: Option<Seat>,
}

impl GameView for NimView {
    fn conclude(&mut self, ranking: &[Vec<Seat>]) {
        self.to_move = None;
        self.winner = single_winner(ranking);
    }
}

/// A game of Nim.
#[derive(Debug, Clone)]
pub struct Nim {
    setup: NimSetup,
    heaps: Vec<u32>,
    next: Seat,
    /// The seat that took the last stick, or whose opponent left.
    winner: Option<Seat>,
}

impl Game for Nim {
    const KIND: GameKind = GameKind::Nim;
    const ID: &'static str = "nim";
    const NAME_EN: &'static str = "Nim";
    const NAME_DE: &'static str = "Nim";
    const PLAYERS: RangeInclusive<usize> = 2..=2;
    const UNDO: bool = true;
    type Options = NimOptions;
    type Setup = NimSetup;
    type Move = NimMove;

    fn random_setup(_options: &NimOptions, _players: usize, _rng: &mut ChaCha20Rng) -> NimSetup {
        NimSetup { heaps: vec![3, 4, 5] }
    }

    fn new(_options: &NimOptions, players: usize, setup: NimSetup, _chance: Chance) -> Result<Self, SetupError> {
        if players != 2 {
            return Err(SetupError::new(format!("Nim is played by 2 players, not {players}.")));
        }
        if setup.heaps.is_empty() || setup.heaps.len() > 26 || setup.heaps.contains(&0) {
            return Err(SetupError::new("Nim needs 1 to 26 heaps of at least one stick."));
        }
        Ok(Nim { heaps: setup.heaps.clone(), setup, next: 0, winner: None })
    }

    fn to_move(&self) -> Vec<Seat> {
        if self.winner.is_some() { Vec::new() } else { vec![self.next] }
    }

    fn outcome(&self) -> Option<Vec<Vec<Seat>>> {
        self.winner.map(|w| vec![vec![w], vec![1 - w]])
    }

    fn scores(&self) -> Option<Vec<i64>> {
        None
    }

    fn legal_moves(&self) -> Vec<NimMove> {
        if self.winner.is_some() {
            return Vec::new();
        }
        let mut moves = Vec::new();
        for (heap, &sticks) in self.heaps.iter().enumerate() {
            moves.extend((1..=sticks).map(|count| NimMove { heap, count }));
        }
        moves
    }

    fn parse_move(&self, text: &str) -> Result<NimMove, Refusal> {
        let bad = || Refusal::new("nim-bad-move", format!("“{text}” is not a Nim move: write a heap and a number, e.g. `b2`."));
        let text = text.trim().to_lowercase();
        let mut chars = text.chars();
        let letter = chars.next().filter(char::is_ascii_lowercase).ok_or_else(bad)?;
        let count: u32 = chars.as_str().parse().map_err(|_| bad())?;
        let heap = usize::from(u8::try_from(letter).map_err(|_| bad())? - b'a');
        Ok(NimMove { heap, count })
    }

    fn apply(&mut self, mv: &NimMove) -> Result<(), Refusal> {
        if self.winner.is_some() {
            return Err(Refusal::new("nim-over", "The game is over."));
        }
        let Some(sticks) = self.heaps.get_mut(mv.heap) else {
            return Err(Refusal::new("nim-no-heap", format!("There is no heap {}.", mv.letter())).arg("move", mv));
        };
        if mv.count == 0 || mv.count > *sticks {
            return Err(Refusal::new("nim-too-many", format!("Heap {} has {sticks} sticks.", mv.letter())));
        }
        *sticks -= mv.count;
        if self.heaps.iter().all(|&h| h == 0) {
            self.winner = Some(self.next);
        }
        self.next = 1 - self.next;
        Ok(())
    }

    fn remove_player(&mut self, seat: Seat) {
        if seat < 2 && self.winner.is_none() {
            self.winner = Some(1 - seat);
        }
    }

    fn details(&self) -> Option<serde_json::Value> {
        None
    }

    fn view(&self, _viewer: Viewer) -> AnyView {
        AnyView::Nim(NimView { heaps: self.heaps.clone(), to_move: self.to_move().first().copied(), winner: self.winner })
    }

    fn resolved_setup(&self) -> NimSetup {
        self.setup.clone()
    }
}
