//! Aratoths Rache (spec `aratoth.md`): two or three players place pieces of three or
//! four balls into a tetrahedral pyramid of 120 sites; whoever cannot place is out, and
//! the placer of the last piece wins.
//!
//! * [`geometry`]: the sites, their names, support and coordinates;
//! * [`pieces`]: the shape table and the colours;
//! * [`placements`]: every way a shape lies in the pyramid, and which fit a board;
//! * [`notation`]: the move type and its parser.

pub mod geometry;
pub mod notation;
pub mod pieces;
pub mod placements;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use serde_json::json;

pub use geometry::{Site, SiteSet};
pub use notation::Placement;
pub use pieces::{Colour, Shape, ShapeSpec, SHAPES};

use crate::{game::Chance, rng, AnyView, Game, GameKind, Refusal, Seat, SetupError, Viewer};
use geometry::{list_in_words, list_plain};

/// How many pieces of each (shape, colour) a player starts with (spec "Two players",
/// "Three players"): with two players one of every shape in every colour (18 pieces);
/// with three players two of every shape in the seat's own colour (12 pieces).
const COPIES: [(usize, u8); 2] = [(2, 1), (3, 2)];

/// The record's `options` besides `players`: Aratoth has none.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AratothOptions {}

/// The record's `setup` (spec "Record setup"): who places first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AratothSetup {
    pub start_player: Seat,
}

impl AratothSetup {
    /// The setup of a rematch between the same players in the same seats: the loser of
    /// the previous game starts (with three players the last-ranked one). `ranking` is the
    /// previous game's final ranking, best first; the first seat of its last tier starts.
    /// `None` for an empty ranking (an aborted game: choose a start player freely).
    pub fn rematch(ranking: &[Vec<Seat>]) -> Option<AratothSetup> {
        let start_player = *ranking.last()?.first()?;
        Some(AratothSetup { start_player })
    }
}

/// A piece on the pyramid: who placed it, what it is and where it lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlacedPiece {
    pub seat: Seat,
    pub shape: Shape,
    pub colour: Colour,
    pub sites: SiteSet,
}

/// What the player to move may not place because of the last pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Restriction {
    /// Two players: not this colour, the colour of the opponent's last piece.
    Colour(Colour),
    /// Three players: not this shape, the shape of the last piece placed.
    Shape(Shape),
}

/// What anyone sees of an Aratoth game (there is no hidden information).
#[derive(Debug, Clone)]
pub struct AratothView {
    pub players: usize,
    /// Every placed piece, in the order placed (the last one is the last placed).
    pub pieces: Vec<PlacedPiece>,
    /// Per site, in index order (120 entries): the index in `pieces` of the ball's piece.
    pub piece_at: Vec<Option<usize>>,
    /// Per seat: how many pieces of each shape (index [`Shape::index`]) and colour
    /// (index [`Colour::index`]) the player still has.
    pub supply: Vec<[[u8; 3]; 6]>,
    /// Per seat its own colour (three players), or `None` (two players: all colours).
    pub seat_colours: Vec<Option<Colour>>,
    /// The seat to move, `None` when the game is over.
    pub to_move: Option<Seat>,
    /// What the player to move may not place.
    pub restriction: Option<Restriction>,
    /// Seats that could not place (or left the game), in order (always empty with two).
    pub eliminated: Vec<Seat>,
    /// The winner once the game is over: the first of the final ranking (a player who
    /// left ranks below everyone still in, so it is not simply the last placer).
    pub winner: Option<Seat>,
}

/// An Aratoth game.
#[derive(Debug, Clone)]
pub struct Aratoth {
    players: usize,
    setup: AratothSetup,
    occupied: SiteSet,
    pieces: Vec<PlacedPiece>,
    supply: Vec<[[u8; 3]; 6]>,
    to_move: Seat,
    /// Seats that could not place on their turn (or left), in order.
    stuck: Vec<Seat>,
    /// Seats that left the game (resigned or timed out), in order; also in `stuck`.
    left: Vec<Seat>,
    over: bool,
}

impl Aratoth {
    /// The occupied sites.
    pub fn occupied(&self) -> SiteSet {
        self.occupied
    }

    /// The placed pieces in order.
    pub fn pieces(&self) -> &[PlacedPiece] {
        &self.pieces
    }

    /// The colour `seat` owns in the three-player game; `None` with two players.
    pub fn seat_colour(&self, seat: Seat) -> Option<Colour> {
        if self.players == 3 {
            Colour::ALL.get(seat).copied()
        } else {
            None
        }
    }

    /// What `seat` may not place now because of the last pieces (rule 5).
    pub fn restriction(&self, seat: Seat) -> Option<Restriction> {
        if self.players == 2 {
            self.pieces.iter().rev().find(|p| p.seat != seat).map(|p| Restriction::Colour(p.colour))
        } else {
            self.pieces.last().map(|p| Restriction::Shape(p.shape))
        }
    }

    /// Per shape and colour: whether `seat` has that piece and may place it now (rules 4 and 5).
    fn allowed(&self, seat: Seat) -> [[bool; 3]; 6] {
        let restriction = self.restriction(seat);
        let supply = self.supply.get(seat).copied().unwrap_or_default();
        let mut allowed = [[false; 3]; 6];
        for shape in Shape::ALL {
            for colour in Colour::ALL {
                allowed[shape.index()][colour.index()] = supply[shape.index()][colour.index()] > 0
                    && restriction != Some(Restriction::Colour(colour))
                    && restriction != Some(Restriction::Shape(shape));
            }
        }
        allowed
    }

    /// Whether `seat` has at least one legal placement now.
    fn can_place(&self, seat: Seat) -> bool {
        let allowed = self.allowed(seat);
        Shape::ALL.into_iter().any(|shape| {
            allowed[shape.index()].contains(&true) && placements::fitting(shape, self.occupied).next().is_some()
        })
    }

    /// The legal placements of the player to move that `keep` accepts (by shape,
    /// colour and candidate), in canonical order: shape, then sites, then colour.
    fn placements_where(&self, keep: impl Fn(Shape, Colour, &placements::Candidate) -> bool) -> Vec<Placement> {
        if self.over {
            return Vec::new();
        }
        let allowed = self.allowed(self.to_move);
        let mut moves = Vec::new();
        for shape in Shape::ALL {
            let colours: Vec<Colour> = Colour::ALL.into_iter().filter(|c| allowed[shape.index()][c.index()]).collect();
            if colours.is_empty() {
                continue;
            }
            for candidate in placements::fitting(shape, self.occupied) {
                for &colour in &colours {
                    if keep(shape, colour, candidate) {
                        moves.push(Placement { shape, colour, sites: candidate.sites });
                    }
                }
            }
        }
        moves
    }

    /// Checks a placement by `seat` against rules 1-5, in that order.
    ///
    /// # Errors
    /// The refusal of the first rule that fails.
    fn check(&self, seat: Seat, mv: &Placement) -> Result<(), Refusal> {
        let Placement { shape, colour, sites } = *mv;
        if sites.len() != shape.balls() {
            return Err(Refusal::new(
                "aratoth-ball-count",
                format!("a {shape} has {} balls, but {} sites were named", shape.balls(), sites.len()),
            )
            .arg("shape", shape)
            .arg("balls", shape.balls())
            .arg("count", sites.len()));
        }
        let taken = sites.intersection(self.occupied);
        if !taken.is_empty() {
            let verb = if taken.len() == 1 { "is" } else { "are" };
            return Err(Refusal::new("aratoth-occupied", format!("{} {verb} already taken", list_in_words(taken)))
                .arg("sites", list_plain(taken)));
        }
        if !shape.fits(&sites.to_vec()) {
            return Err(Refusal::new(
                "aratoth-wrong-shape",
                format!("{sites} do not form a {shape}: a {shape} is {}", shape.spec().form),
            )
            .arg("shape", shape)
            .arg("sites", sites));
        }
        for ball in sites.iter() {
            let Some(below) = ball.supports() else { continue };
            let below = SiteSet::of(&below);
            let empty = below.minus(self.occupied.union(sites));
            if !empty.is_empty() {
                let verb = if empty.len() == 1 { "is" } else { "are" };
                return Err(Refusal::new(
                    "aratoth-unsupported",
                    format!(
                        "ball {ball} would hang in the air: it rests on {}, and {} {verb} empty",
                        list_in_words(below),
                        list_in_words(empty)
                    ),
                )
                .arg("ball", ball)
                .arg("supports", list_plain(below))
                .arg("empty", list_plain(empty)));
            }
        }
        if let Some(own) = self.seat_colour(seat).filter(|&own| own != colour) {
            return Err(Refusal::new(
                "aratoth-not-your-colour",
                format!("the {colour} pieces are not yours: you play {own}"),
            )
            .arg("colour", colour)
            .arg("own", own));
        }
        let left = self.supply.get(seat).map_or(0, |s| s[shape.index()][colour.index()]);
        if left == 0 {
            return Err(Refusal::new("aratoth-not-in-supply", format!("you have no {colour} {shape} left"))
                .arg("shape", shape)
                .arg("colour", colour));
        }
        match self.restriction(seat) {
            Some(Restriction::Colour(c)) if c == colour => Err(Refusal::new(
                "aratoth-colour-rule",
                format!("you may not place a {colour} piece: your opponent's last piece was {colour}"),
            )
            .arg("colour", colour)),
            Some(Restriction::Shape(s)) if s == shape => Err(Refusal::new(
                "aratoth-shape-rule",
                format!("you may not place a {shape}: the last piece placed was a {shape}"),
            )
            .arg("shape", shape)),
            _ => Ok(()),
        }
    }

    /// Gives the turn to the next seat after `from` that can place; seats that cannot
    /// are out (spec "Two players", "Three players"). Ends the game when at most one
    /// seat is left in.
    fn advance(&mut self, from: Seat) {
        for step in 1..=self.players {
            if self.stuck.len() + 1 >= self.players {
                break;
            }
            let seat = (from + step) % self.players;
            if self.stuck.contains(&seat) {
                continue;
            }
            if self.can_place(seat) {
                self.to_move = seat;
                return;
            }
            self.stuck.push(seat);
        }
        self.over = true;
    }

    /// The ranking: latest last placement first; seats that never placed share the
    /// next tier (spec "Three players", "Ranking"; with two players the last placer
    /// wins). Seats that left the game come after all others, a later removal above an
    /// earlier one (spec README, "events").
    fn ranking(&self) -> Vec<Vec<Seat>> {
        let last_placement = |seat: Seat| self.pieces.iter().rposition(|p| p.seat == seat);
        let stayed = |seat: &Seat| !self.left.contains(seat);
        let mut placed: Vec<(usize, Seat)> =
            (0..self.players).filter(stayed).filter_map(|s| last_placement(s).map(|k| (k, s))).collect();
        placed.sort_by(|a, b| b.cmp(a));
        let mut ranking: Vec<Vec<Seat>> = placed.into_iter().map(|(_, s)| vec![s]).collect();
        let never: Vec<Seat> = (0..self.players).filter(stayed).filter(|&s| last_placement(s).is_none()).collect();
        if !never.is_empty() {
            ranking.push(never);
        }
        ranking.extend(self.left.iter().rev().map(|&s| vec![s]));
        ranking
    }

    /// The winner once the game is over: the first tier of [`Self::ranking`] when it
    /// holds one seat.
    fn winner(&self) -> Option<Seat> {
        if !self.over {
            return None;
        }
        match self.ranking().first().map(Vec::as_slice) {
            Some([seat]) => Some(*seat),
            _ => None,
        }
    }

    /// The legal placements touching a filter (see [`Game::filter_moves`]): the words
    /// may name a shape, a colour and sites, in English or German; a placement matches
    /// when it has the shape and colour named and covers every site named. A word that
    /// is none of these matches nothing.
    fn filtered(&self, filter: &str) -> Vec<Placement> {
        let mut shapes = Vec::new();
        let mut colours = Vec::new();
        let mut sites = SiteSet::EMPTY;
        for word in filter.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()) {
            if let Some(shape) = Shape::parse(word) {
                shapes.push(shape);
            } else if let Some(colour) = Colour::parse(word) {
                colours.push(colour);
            } else if let Ok(site) = Site::parse(word) {
                sites = sites.with(site);
            } else {
                return Vec::new();
            }
        }
        self.placements_where(|shape, colour, candidate| {
            shapes.iter().all(|&s| s == shape)
                && colours.iter().all(|&c| c == colour)
                && sites.is_subset(candidate.sites)
        })
    }
}

impl Game for Aratoth {
    const KIND: GameKind = GameKind::Aratoth;
    const ID: &'static str = "aratoth";
    const NAME_EN: &'static str = "Aratoth's Revenge";
    const NAME_DE: &'static str = "Aratoths Rache";
    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=3;
    /// Nothing is drawn or rolled: a placement reveals nothing new.
    const UNDO: bool = true;
    type Options = AratothOptions;
    type Setup = AratothSetup;
    type Move = Placement;

    fn random_setup(_options: &AratothOptions, players: usize, rng: &mut rng::ChaCha20Rng) -> AratothSetup {
        AratothSetup { start_player: rng::index(players, rng) }
    }

    fn new(
        _options: &AratothOptions,
        players: usize,
        setup: AratothSetup,
        _chance: Chance,
    ) -> Result<Self, SetupError> {
        let Some(&(_, copies)) = COPIES.iter().find(|(n, _)| *n == players) else {
            return Err(SetupError::new(format!("Aratoth's Revenge is for 2 or 3 players, not {players}")));
        };
        if setup.start_player >= players {
            return Err(SetupError::new(format!(
                "setup.start_player is {}, but there are only {players} players",
                setup.start_player
            )));
        }
        let supply = (0..players)
            .map(|seat| {
                let mut counts = [[0u8; 3]; 6];
                for row in &mut counts {
                    for (colour, count) in row.iter_mut().enumerate() {
                        if players == 2 || colour == seat {
                            *count = copies;
                        }
                    }
                }
                counts
            })
            .collect();
        Ok(Aratoth {
            players,
            to_move: setup.start_player,
            setup,
            occupied: SiteSet::EMPTY,
            pieces: Vec::new(),
            supply,
            stuck: Vec::new(),
            left: Vec::new(),
            over: false,
        })
    }

    fn to_move(&self) -> Vec<Seat> {
        if self.over {
            Vec::new()
        } else {
            vec![self.to_move]
        }
    }

    fn outcome(&self) -> Option<Vec<Vec<Seat>>> {
        self.over.then(|| self.ranking())
    }

    fn scores(&self) -> Option<Vec<i64>> {
        None
    }

    fn legal_moves(&self) -> Vec<Placement> {
        self.placements_where(|_, _, _| true)
    }

    fn parse_move(&self, text: &str) -> Result<Placement, Refusal> {
        Placement::parse(text, self.seat_colour(self.to_move))
    }

    fn apply(&mut self, mv: &Placement) -> Result<(), Refusal> {
        if self.over {
            return Err(Refusal::new("game-over", "the game is over"));
        }
        let seat = self.to_move;
        self.check(seat, mv)?;
        if let Some(count) = self.supply.get_mut(seat).map(|s| &mut s[mv.shape.index()][mv.colour.index()]) {
            *count = count.saturating_sub(1);
        }
        self.occupied = self.occupied.union(mv.sites);
        self.pieces.push(PlacedPiece { seat, shape: mv.shape, colour: mv.colour, sites: mv.sites });
        self.advance(seat);
        Ok(())
    }

    fn remove_player(&mut self, seat: Seat) {
        if self.over || seat >= self.players || self.left.contains(&seat) {
            return;
        }
        // A seat already out (it could not place) that resigns now ranks as one that left.
        self.left.push(seat);
        if self.stuck.contains(&seat) {
            return;
        }
        self.stuck.push(seat);
        if self.stuck.len() + 1 >= self.players {
            self.over = true;
        } else if self.to_move == seat {
            self.advance(seat);
        }
    }

    fn details(&self) -> Option<serde_json::Value> {
        let last_piece = self.pieces.last().map(|p| format!("{} {}", p.shape, p.colour));
        let eliminated: &[Seat] = if self.players == 2 { &[] } else { &self.stuck };
        Some(json!({ "balls": self.occupied.len(), "last_piece": last_piece, "eliminated": eliminated }))
    }

    fn view(&self, _viewer: Viewer) -> AnyView {
        let mut piece_at = vec![None; geometry::SITES];
        for (k, piece) in self.pieces.iter().enumerate() {
            for site in piece.sites.iter() {
                if let Some(slot) = piece_at.get_mut(site.index()) {
                    *slot = Some(k);
                }
            }
        }
        AnyView::Aratoth(AratothView {
            players: self.players,
            pieces: self.pieces.clone(),
            piece_at,
            supply: self.supply.clone(),
            seat_colours: (0..self.players).map(|s| self.seat_colour(s)).collect(),
            to_move: (!self.over).then_some(self.to_move),
            restriction: if self.over { None } else { self.restriction(self.to_move) },
            eliminated: if self.players == 2 { Vec::new() } else { self.stuck.clone() },
            winner: self.winner(),
        })
    }

    fn resolved_setup(&self) -> AratothSetup {
        self.setup.clone()
    }

    /// The loser starts (spec `aratoth.md`; see [`AratothSetup::rematch`]).
    fn rematch_setup(ranking: &[Vec<Seat>]) -> Option<AratothSetup> {
        AratothSetup::rematch(ranking)
    }

    fn filter_moves(&self, filter: &str) -> Vec<Placement> {
        self.filtered(filter)
    }
}

impl crate::GameView for AratothView {
    fn conclude(&mut self, ranking: &[Vec<Seat>]) {
        self.to_move = None;
        self.restriction = None;
        self.winner = crate::view::single_winner(ranking);
    }
}
