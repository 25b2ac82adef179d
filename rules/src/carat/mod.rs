//! Carat (spec `carat.md`): 2-4 players lay diamond tiles around scoring chips; an
//! enclosed chip scores for the colour with the highest unique sum.

mod plan;
mod tile;
#[cfg(test)]
mod tests;

use std::{collections::VecDeque, fmt, sync::Arc};

use serde::{Deserialize, Serialize};
use serde_json::json;

pub use tile::{Colour, Space, Tile};

use crate::{game::Chance, rng, AnyView, Game, GameKind, Refusal, Seat, SetupError, Viewer};

/// The chip values: ten each of 1-4 and nine 5s (spec "Board").
pub const CHIP_COUNTS: [(u8, usize); 5] = [(1, 10), (2, 10), (3, 10), (4, 10), (5, 9)];
/// Tiles in the game.
pub const TILES: usize = 36;

/// Carat's variants (spec "Play").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// Two players, each owning two colours (player 0 red + green, player 1 blue + yellow).
    TwoColours,
    /// Hands of three tiles, refilled after each placement.
    Hand3,
}

/// The record's `options` besides `players`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct CaratOptions {
    pub variant: Option<Variant>,
}

/// The record's `setup` (spec "Record setup"): `chips` 7 rows of 7 values, top row
/// first; `pile` all 36 tile codes in drawing order; `start_player`; `variant`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CaratSetup {
    pub chips: Vec<Vec<u8>>,
    pub pile: Vec<String>,
    pub start_player: Seat,
    #[serde(default)]
    pub variant: Option<Variant>,
}

/// A move: the hand tile (named only with `hand3`) placed on `space` with `north_west`
/// in the north-west corner. Prints as `c3 red` or `c3 red 5RGBY`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CaratMove {
    pub space: Space,
    pub north_west: Colour,
    pub tile: Option<Tile>,
}

impl fmt::Display for CaratMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.space, self.north_west)?;
        if let Some(tile) = self.tile {
            write!(f, " {tile}")?;
        }
        Ok(())
    }
}

/// Reads `text` as a move by its shape alone (a space, a colour, maybe a tile), the
/// hand not read: the tile is the one named, if any.
///
/// # Errors
/// A [`Refusal`] naming what is not a space, colour or tile, or the wrong word count.
fn parse_shape(text: &str) -> Result<CaratMove, Refusal> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() < 2 || words.len() > 3 {
        return Err(Refusal::new(
            "carat-not-a-move",
            format!("\"{}\" is not a Carat move: write a space and a colour, e.g. \"c3 red\"", text.trim()),
        )
        .arg("text", text.trim()));
    }
    let space = Space::parse(words[0])?;
    let north_west = Colour::parse(words[1]).ok_or_else(|| {
        Refusal::new("carat-bad-colour", format!("\"{}\" is not a colour: red, blue, green or yellow", words[1]))
            .arg("text", words[1])
    })?;
    let tile = words.get(2).map(|code| Tile::parse(code)).transpose()?;
    Ok(CaratMove { space, north_west, tile })
}

/// A placed tile: its value and the colours at the corners NW, NE, SE, SW.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlacedTile {
    pub tile: Tile,
    pub corners: [Colour; 4],
}

/// A chip that has been scored: the winning colour (if any sum remained), the seat that
/// scored it (none for a neutral winner or no winner) and the points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoredChip {
    pub winner: Option<Colour>,
    pub owner: Option<Seat>,
    pub points: i64,
}

/// What a viewer sees of a Carat game. Grids are indexed `[row][col]`.
#[derive(Debug, Clone)]
pub struct CaratView {
    pub chips: [[u8; 7]; 7],
    pub scored: [[Option<ScoredChip>; 7]; 7],
    pub board: [[Option<PlacedTile>; 6]; 6],
    /// The space of the last placed tile.
    pub last: Option<Space>,
    /// The colours each seat owns (empty for a removed seat).
    pub colours: Vec<Vec<Colour>>,
    pub scores: Vec<i64>,
    /// The seat to move, `None` when the game is over.
    pub to_move: Option<Seat>,
    /// The winners once the game is over (the first tier of the final ranking: the
    /// players still in with the most points), else empty.
    pub winners: Vec<Seat>,
    /// Each seat's hand, `Some` only where the viewer may see it.
    pub hands: Vec<Option<Vec<Tile>>>,
    pub hand_sizes: Vec<usize>,
    /// Tiles left in the pile.
    pub pile: usize,
    pub variant: Option<Variant>,
}

/// A Carat game.
#[derive(Debug, Clone)]
pub struct Carat {
    players: usize,
    variant: Option<Variant>,
    /// Shared, not copied, by the clones a search makes of a game.
    setup: Arc<CaratSetup>,
    chips: [[u8; 7]; 7],
    scored: [[Option<ScoredChip>; 7]; 7],
    board: [[Option<PlacedTile>; 6]; 6],
    pile: VecDeque<Tile>,
    hands: Vec<Vec<Tile>>,
    removed: Vec<bool>,
    to_move: Seat,
    placed: usize,
    last: Option<Space>,
    scores: Vec<i64>,
}

fn refusal_first_edge() -> Refusal {
    Refusal::new("carat-first-edge", "the first tile may not go on an edge or corner space (b2-e5 only)")
}

impl Carat {
    fn hand_size(&self) -> usize {
        if self.variant == Some(Variant::Hand3) { 3 } else { 1 }
    }

    /// The seat that owns `colour` now, if any (neutral colours and removed players' colours have none).
    pub fn owner(&self, colour: Colour) -> Option<Seat> {
        let seat = match self.variant {
            Some(Variant::TwoColours) => match colour {
                Colour::Red | Colour::Green => 0,
                Colour::Blue | Colour::Yellow => 1,
            },
            _ => colour.index(),
        };
        (seat < self.players && !self.removed[seat]).then_some(seat)
    }

    fn refill(&mut self, seat: Seat) {
        while self.hands[seat].len() < self.hand_size() {
            match self.pile.pop_front() {
                Some(t) => self.hands[seat].push(t),
                None => break,
            }
        }
    }

    /// The players still in with the most points once all tiles are placed, else empty.
    fn winners(&self) -> Vec<Seat> {
        if !self.is_over() {
            return Vec::new();
        }
        let still_in = |s: &Seat| !self.removed.get(*s).copied().unwrap_or(true);
        let best = (0..self.players).filter(still_in).filter_map(|s| self.scores.get(s)).max();
        (0..self.players).filter(still_in).filter(|&s| self.scores.get(s) == best).collect()
    }

    fn is_over(&self) -> bool {
        self.placed == TILES
    }

    /// Moves the turn to the next seat in seating order that is still in and can place.
    fn advance(&mut self) {
        for step in 1..=self.players {
            let seat = (self.to_move + step) % self.players;
            if self.removed[seat] {
                continue;
            }
            self.refill(seat);
            if !self.hands[seat].is_empty() {
                self.to_move = seat;
                return;
            }
        }
    }

    /// Whether a tile may go on `space` now: [`Carat::placement_allowed`] without
    /// building the refusal (the legal moves ask this of every space).
    fn may_place(&self, space: Space) -> bool {
        if self.board[space.row as usize][space.col as usize].is_some() {
            return false;
        }
        if self.placed == 0 {
            return !space.on_edge();
        }
        let (c, r) = (space.col as i32, space.row as i32);
        [(0, -1), (1, 0), (0, 1), (-1, 0)].iter().any(|(dc, dr)| {
            let (nc, nr) = (c + dc, r + dr);
            (0..6).contains(&nc) && (0..6).contains(&nr) && self.board[nr as usize][nc as usize].is_some()
        })
    }

    /// [`Carat::may_place`] with the reason when not.
    fn placement_allowed(&self, space: Space) -> Result<(), Refusal> {
        if self.may_place(space) {
            return Ok(());
        }
        if self.board[space.row as usize][space.col as usize].is_some() {
            Err(Refusal::new("carat-occupied", format!("{space} is already taken")).arg("space", space))
        } else if self.placed == 0 {
            Err(refusal_first_edge())
        } else {
            Err(Refusal::new("carat-not-adjacent", format!("{space} does not share an edge with a placed tile"))
                .arg("space", space))
        }
    }

    /// Scores chip (col, row) if all its tile spaces are filled and it was not scored.
    fn score_chip(&mut self, col: usize, row: usize) {
        if self.scored[row][col].is_some() {
            return;
        }
        let mut sums = [0i64; 4];
        let mut present = [false; 4];
        for (dc, dr, corner) in [(-1, -1, 2), (0, -1, 3), (-1, 0, 1), (0, 0, 0)] {
            let (c, r) = (col as i32 + dc, row as i32 + dr);
            if !(0..6).contains(&c) || !(0..6).contains(&r) {
                continue;
            }
            let Some(placed) = self.board[r as usize][c as usize] else {
                return; // not enclosed yet
            };
            let colour = placed.corners[corner];
            sums[colour.index()] += i64::from(placed.tile.value);
            present[colour.index()] = true;
        }
        let winner = chip_winner(sums);
        let owner = winner.and_then(|w| self.owner(w));
        let distinct = present.iter().filter(|&&p| p).count() as i64;
        let points = if owner.is_some() { i64::from(self.chips[row][col]) * distinct } else { 0 };
        if let Some(seat) = owner {
            self.scores[seat] += points;
        }
        self.scored[row][col] = Some(ScoredChip { winner, owner, points });
    }

    fn hand_tiles(&self) -> Vec<Tile> {
        let mut tiles = self.hands[self.to_move].clone();
        tiles.sort();
        tiles.dedup();
        tiles
    }
}

/// The colour that wins a chip with these sums (indexed by [`Colour::index`]): sums equal
/// to another colour's sum are discarded; the highest remaining wins (spec "Scoring a chip").
pub fn chip_winner(sums: [i64; 4]) -> Option<Colour> {
    Colour::ALL
        .into_iter()
        .filter(|c| (0..4).all(|d| d == c.index() || sums[d] != sums[c.index()]))
        .max_by_key(|c| sums[c.index()])
}

fn validate_chips(chips: &[Vec<u8>]) -> Result<[[u8; 7]; 7], SetupError> {
    if chips.len() != 7 || chips.iter().any(|row| row.len() != 7) {
        return Err(SetupError::new("setup.chips must be 7 rows of 7 values"));
    }
    let mut grid = [[0u8; 7]; 7];
    let mut counts = [0usize; 6];
    for (r, row) in chips.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            if !(1..=5).contains(&v) {
                return Err(SetupError::new(format!("setup.chips has the value {v}; chips are 1-5")));
            }
            counts[v as usize] += 1;
            grid[r][c] = v;
        }
    }
    for (value, want) in CHIP_COUNTS {
        if counts[value as usize] != want {
            return Err(SetupError::new(format!(
                "setup.chips has {} chips of value {value}; there must be {want}",
                counts[value as usize]
            )));
        }
    }
    Ok(grid)
}

fn validate_pile(pile: &[String]) -> Result<VecDeque<Tile>, SetupError> {
    let mut tiles = VecDeque::with_capacity(TILES);
    for code in pile {
        let tile = Tile::parse(code).map_err(|e| SetupError::new(format!("setup.pile: {e}")))?;
        if tiles.contains(&tile) {
            return Err(SetupError::new(format!("setup.pile holds {tile} twice")));
        }
        tiles.push_back(tile);
    }
    if tiles.len() != TILES {
        return Err(SetupError::new(format!("setup.pile has {} tiles; there must be all {TILES}", tiles.len())));
    }
    Ok(tiles)
}

impl Game for Carat {
    const KIND: GameKind = GameKind::Carat;
    const ID: &'static str = "carat";
    const NAME_EN: &'static str = "Carat";
    const NAME_DE: &'static str = "Carat";
    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=4;
    type Options = CaratOptions;
    type Setup = CaratSetup;
    type Move = CaratMove;

    fn random_setup(options: &CaratOptions, players: usize, rng: &mut rng::ChaCha20Rng) -> CaratSetup {
        let mut values: Vec<u8> = CHIP_COUNTS.iter().flat_map(|&(v, n)| std::iter::repeat_n(v, n)).collect();
        rng::shuffle(&mut values, rng);
        let mut tiles = Tile::all();
        rng::shuffle(&mut tiles, rng);
        CaratSetup {
            chips: values.chunks(7).map(<[u8]>::to_vec).collect(),
            pile: tiles.iter().map(ToString::to_string).collect(),
            start_player: rng::index(players, rng),
            variant: options.variant,
        }
    }

    fn new(options: &CaratOptions, players: usize, setup: CaratSetup, _chance: Chance) -> Result<Self, SetupError> {
        let variant = match (options.variant, setup.variant) {
            (Some(a), Some(b)) if a != b => {
                return Err(SetupError::new("options.variant and setup.variant disagree"));
            }
            (a, b) => a.or(b),
        };
        if variant == Some(Variant::TwoColours) && players != 2 {
            return Err(SetupError::new("the two_colours variant is for 2 players only"));
        }
        if setup.start_player >= players {
            return Err(SetupError::new(format!(
                "setup.start_player is {}, but there are only {players} players",
                setup.start_player
            )));
        }
        let chips = validate_chips(&setup.chips)?;
        let pile = validate_pile(&setup.pile)?;
        let mut game = Carat {
            players,
            variant,
            setup: Arc::new(CaratSetup { variant, ..setup.clone() }),
            chips,
            scored: [[None; 7]; 7],
            board: [[None; 6]; 6],
            pile,
            hands: vec![Vec::new(); players],
            removed: vec![false; players],
            to_move: setup.start_player,
            placed: 0,
            last: None,
            scores: vec![0; players],
        };
        for k in 0..players {
            game.refill((setup.start_player + k) % players);
        }
        Ok(game)
    }

    fn to_move(&self) -> Vec<Seat> {
        if self.is_over() { Vec::new() } else { vec![self.to_move] }
    }

    fn outcome(&self) -> Option<Vec<Vec<Seat>>> {
        if !self.is_over() {
            return None;
        }
        let mut points: Vec<i64> = self.scores.clone();
        points.sort_unstable_by(|a, b| b.cmp(a));
        points.dedup();
        Some(points.iter().map(|p| (0..self.players).filter(|&s| self.scores[s] == *p).collect()).collect())
    }

    fn scores(&self) -> Option<Vec<i64>> {
        Some(self.scores.clone())
    }

    fn legal_moves(&self) -> Vec<CaratMove> {
        if self.is_over() {
            return Vec::new();
        }
        let named = self.hand_size() > 1;
        let tiles = self.hand_tiles();
        let mut moves = Vec::new();
        for row in 0..6 {
            for col in 0..6 {
                let space = Space { col, row };
                if !self.may_place(space) {
                    continue;
                }
                for &tile in &tiles {
                    for north_west in Colour::ALL {
                        moves.push(CaratMove { space, north_west, tile: named.then_some(tile) });
                    }
                }
            }
        }
        moves
    }

    /// A space, a colour and, optionally, a tile code: the hand is not read.
    fn written_as_move(&self, text: &str) -> bool {
        parse_shape(text).is_ok()
    }

    fn parse_move(&self, text: &str) -> Result<CaratMove, Refusal> {
        let CaratMove { space, north_west, tile } = parse_shape(text)?;
        let hand = self.hands.get(self.to_move).cloned().unwrap_or_default();
        if let Some(t) = tile
            && !hand.contains(&t)
        {
            return Err(Refusal::new("carat-tile-not-in-hand", format!("{t} is not in your hand")).arg("tile", t));
        }
        let tile = if self.hand_size() > 1 {
            match tile {
                Some(t) => Some(t),
                None => match self.hand_tiles().as_slice() {
                    [only] => Some(*only),
                    _ => {
                        return Err(Refusal::new(
                            "carat-which-tile",
                            "you hold several tiles: add the tile to place, e.g. \"c3 red 5RGBY\"",
                        ));
                    }
                },
            }
        } else {
            None
        };
        Ok(CaratMove { space, north_west, tile })
    }

    fn apply(&mut self, mv: &CaratMove) -> Result<(), Refusal> {
        if self.is_over() {
            return Err(Refusal::new("carat-board-full", "all 36 tiles are placed"));
        }
        self.placement_allowed(mv.space)?;
        let hand = &self.hands[self.to_move];
        let index = match mv.tile {
            Some(t) => hand.iter().position(|&h| h == t).ok_or_else(|| {
                Refusal::new("carat-tile-not-in-hand", format!("{t} is not in your hand")).arg("tile", t)
            })?,
            None if hand.len() == 1 => 0,
            None => {
                return Err(Refusal::new(
                    "carat-which-tile",
                    "you hold several tiles: add the tile to place, e.g. \"c3 red 5RGBY\"",
                ));
            }
        };
        let seat = self.to_move;
        let tile = self.hands[seat].remove(index);
        let (c, r) = (mv.space.col as usize, mv.space.row as usize);
        self.board[r][c] = Some(PlacedTile { tile, corners: tile.corners(mv.north_west) });
        self.placed += 1;
        self.last = Some(mv.space);
        for (cc, cr) in mv.space.corner_chips() {
            self.score_chip(cc, cr);
        }
        self.refill(seat);
        if !self.is_over() {
            self.advance();
        }
        Ok(())
    }

    fn remove_player(&mut self, seat: Seat) {
        if seat >= self.players || self.removed[seat] {
            return;
        }
        self.removed[seat] = true;
        let hand = std::mem::take(&mut self.hands[seat]);
        self.pile.extend(hand);
        // When one player is left the game is over: nobody gets the turn (or tiles).
        let still_in = self.removed.iter().filter(|r| !**r).count();
        if self.to_move == seat && !self.is_over() && still_in > 1 {
            self.advance();
        }
    }

    fn details(&self) -> Option<serde_json::Value> {
        let chips_scored = self.scored.iter().flatten().filter(|s| s.is_some()).count();
        Some(json!({ "chips_scored": chips_scored, "pile": self.pile.len() }))
    }

    fn view(&self, viewer: Viewer) -> AnyView {
        AnyView::Carat(CaratView {
            chips: self.chips,
            scored: self.scored,
            board: self.board,
            last: self.last,
            colours: (0..self.players)
                .map(|s| Colour::ALL.into_iter().filter(|&c| self.owner(c) == Some(s)).collect())
                .collect(),
            scores: self.scores.clone(),
            to_move: (!self.is_over()).then_some(self.to_move),
            winners: self.winners(),
            hands: (0..self.players).map(|s| viewer.sees_private_of(s).then(|| self.hands[s].clone())).collect(),
            hand_sizes: self.hands.iter().map(Vec::len).collect(),
            pile: self.pile.len(),
            variant: self.variant,
        })
    }

    fn resolved_setup(&self) -> CaratSetup {
        CaratSetup::clone(&self.setup)
    }

    fn option_word(word: &str) -> Option<(&'static str, serde_json::Value)> {
        match word.to_lowercase().replace(['-', '_'], "").as_str() {
            "hand3" | "hand" | "hands" | "drei" | "hand3tiles" => Some(("variant", json!("hand3"))),
            "twocolours" | "twocolors" | "2colours" | "2colors" | "zweifarben" | "zweifarbig" => {
                Some(("variant", json!("two_colours")))
            }
            _ => None,
        }
    }
}

impl crate::GameView for CaratView {
    fn conclude(&mut self, ranking: &[Vec<Seat>]) {
        self.to_move = None;
        self.winners = ranking.first().cloned().unwrap_or_default();
    }

    /// On a stand-in made from this view ([`crate::plan`]): each move's space must be
    /// free and touch a placed tile (the plan's own tiles count), a tile the opponent's
    /// move names must be one the planner cannot see (not on the board, not in their
    /// own hand, not named before in the plan), with several tiles in their hand
    /// (`hand3`) the opponent's move must name one, and the planner's reply must name a
    /// tile of their hand or one they will have drawn by then.
    fn check_plan(&self, planner: Seat, steps: &[(String, String)]) -> Result<(), crate::plan::StepSnag> {
        plan::check(self, planner, steps)
    }
}
