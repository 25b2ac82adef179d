//! Artifälschungen / Artifakes (spec `artifakes.md`): two archaeologists bury fakes
//! around the stone circle, steer the bribed chief inspector with number cards, and sell
//! what he "finds". First to the end of the 19-stone dolerite row wins.
//!
//! A round is burying ([`Phase::Bury`]), then excavating ([`Phase::Excavate`]); selling
//! needs no decision and happens as the excavation ends. At most three rounds.

mod notation;
mod options;
mod pieces;
mod plan;
mod ring;
#[cfg(test)]
mod tests;
mod view;

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::json;

pub use notation::{ArtifakesMove, Piece, Way};
pub use options::{CardOption, Landing, WayOption};
pub use pieces::Pieces;
pub use ring::{colour_of, fields_of, step, Colour, Direction, FIELDS, RING};
pub use view::{ArtifakesView, LastPlay};

use crate::{game::Chance, rng, AnyView, Game, GameKind, Refusal, Seat, SetupError, Viewer};

/// Players: always two.
pub const PLAYERS: usize = 2;
/// Cards in the deck: each number 1-30 twice.
pub const DECK_SIZE: usize = 60;
/// Copies of each card number in the deck.
pub const COPIES: usize = 2;
/// Cards dealt to each player per excavation.
pub const HAND_SIZE: usize = 5;
/// Points a field may hold at most (both players' pieces together).
pub const FIELD_CAP: u8 = 5;
/// Movement points a card gives at most, either way.
pub const MAX_POINTS: u8 = 5;
/// Rounds at most.
pub const ROUNDS: u8 = 3;
/// The last stone of the dolerite row; reaching it ends the game after selling.
pub const LAST_STONE: i64 = 19;
/// The stone both archaeologists start on, and the floor of the penalty.
pub const FIRST_STONE: i64 = 1;
/// Consecutive card plays without moving the inspector after which he goes home.
pub const IDLE_LIMIT: u8 = 4;
/// The field the inspector starts on.
pub const INSPECTOR_START: u8 = 1;

/// The phase of the current round; `Over` once the game has ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    Bury,
    Excavate,
    Over,
}

impl Phase {
    /// `bury`, `excavate` or `over` (as in the summary's `details.phase`).
    pub fn word(self) -> &'static str {
        match self {
            Phase::Bury => "bury",
            Phase::Excavate => "excavate",
            Phase::Over => "over",
        }
    }
}

/// Artifakes has no options (always two players); unknown keys are ignored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ArtifakesOptions {}

/// The record's `setup` (spec "Record setup"): `deck` all 60 card numbers, top first;
/// `start_player` the seat that starts round 1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ArtifakesSetup {
    pub deck: Vec<u8>,
    pub start_player: Seat,
}

/// An Artifakes game. Seats are 0 and 1; fields and cards are 1-30.
#[derive(Debug, Clone, PartialEq)]
pub struct Artifakes {
    /// Shared by the game's clones (the AI clones a game for every playout).
    setup: Arc<ArtifakesSetup>,
    round: u8,
    phase: Phase,
    to_move: Seat,
    inspector: u8,
    /// `buried[field - 1][seat]`.
    buried: [[Pieces; PLAYERS]; FIELDS as usize],
    supply: [Pieces; PLAYERS],
    finds: [Pieces; PLAYERS],
    destroyed: [Pieces; PLAYERS],
    /// Cards laid face up in front of each player this round.
    wasted: [Vec<u8>; PLAYERS],
    hands: [Vec<u8>; PLAYERS],
    /// Cards dealt so far from the top of `setup.deck`.
    dealt: usize,
    /// Cards on the discard pile (only their number is ever shown).
    discarded: usize,
    /// Archaeologists' stones on the dolerite row (uncapped past 19).
    stones: [i64; PLAYERS],
    /// Consecutive card plays in this excavation that did not move the inspector.
    idle_plays: u8,
    last_burier: Option<Seat>,
    went_home: bool,
    last: Option<LastPlay>,
}

fn other(seat: Seat) -> Seat {
    1 - seat.min(1)
}

/// The index of field (or card) `n` into the ring's tables, `None` outside 1-30.
fn slot(n: u8) -> Option<usize> {
    (1..=FIELDS).contains(&n).then(|| usize::from(n) - 1)
}

fn refusal_over() -> Refusal {
    Refusal::new("artifakes-over", "the game is over")
}

impl Artifakes {
    /// The current round, 1-3 (stays at the last round played once the game is over).
    pub fn round(&self) -> u8 {
        self.round
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The field the chief inspector stands on (1-30).
    pub fn inspector(&self) -> u8 {
        self.inspector
    }

    /// The seat that starts round `round` (1-3): the setup's start player in round 1,
    /// then alternating (spec **Interpretation**).
    pub fn round_start_player(&self, round: u8) -> Seat {
        (self.setup.start_player + usize::from(round.saturating_sub(1))) % PLAYERS
    }

    /// `seat`'s pieces on field `field` (nothing outside 1-30 or for a bad seat).
    pub fn buried(&self, field: u8, seat: Seat) -> Pieces {
        slot(field).and_then(|i| self.buried[i].get(seat)).copied().unwrap_or_default()
    }

    /// Points on field `field`, both players' pieces counted.
    pub fn field_points(&self, field: u8) -> u8 {
        slot(field).and_then(|i| self.buried.get(i)).map_or(0, |pieces| pieces.iter().map(|p| p.value()).sum())
    }

    /// `seat`'s supply, finds and destroyed pieces, and the pieces buried anywhere.
    pub fn stock(&self, seat: Seat) -> [Pieces; 4] {
        let seat = seat.min(PLAYERS - 1);
        let mut buried = Pieces::NONE;
        for field in 1..=FIELDS {
            buried += self.buried(field, seat);
        }
        [self.supply[seat], buried, self.finds[seat], self.destroyed[seat]]
    }

    /// `seat`'s hand (cards in the order dealt).
    pub fn hand(&self, seat: Seat) -> &[u8] {
        self.hands.get(seat).map_or(&[], Vec::as_slice)
    }

    /// Cards still in the deck.
    pub fn deck_left(&self) -> usize {
        self.setup.deck.len().saturating_sub(self.dealt)
    }

    /// Movement points of `card` for `seat` played by colour: the number of fields of the
    /// card's colour holding at least one of `seat`'s pieces, at most 5 (spec
    /// "Excavating"). 0 for a card outside 1-30.
    pub fn colour_points(&self, seat: Seat, card: u8) -> u8 {
        let Some(colour) = colour_of(card) else { return 0 };
        let fields = fields_of(colour).filter(|&f| !self.buried(f, seat).is_empty()).count();
        u8::try_from(fields).unwrap_or(MAX_POINTS).min(MAX_POINTS)
    }

    /// Movement points of `card` for `seat` played by number: the value of `seat`'s own
    /// pieces on the field with the card's number (block 2, disc 1), at most 5.
    pub fn number_points(&self, seat: Seat, card: u8) -> u8 {
        self.buried(card, seat).value().min(MAX_POINTS)
    }

    /// Movement points of `card` for `seat` played `way`.
    pub fn points(&self, seat: Seat, card: u8, way: Way) -> u8 {
        match way {
            Way::Colour => self.colour_points(seat, card),
            Way::Number => self.number_points(seat, card),
        }
    }

    /// The lowest card in `seat`'s hand that gives at least one movement point, if any
    /// (while there is one, `seat` may not waste a card).
    pub fn first_moving_card(&self, seat: Seat) -> Option<u8> {
        self.hand(seat).iter().copied().filter(|&c| Way::ALL.iter().any(|&w| self.points(seat, c, w) > 0)).min()
    }

    /// Moves the turn in the burying phase after `seat` buried: to the other player while
    /// they have a supply, else `seat` continues alone, else the excavation begins.
    fn next_burier(&mut self, seat: Seat) {
        if let Some(next) = [other(seat), seat].into_iter().find(|&s| !self.supply[s].is_empty()) {
            self.to_move = next;
        } else {
            self.begin_excavation();
        }
    }

    /// Starts round `round` with burying (or goes straight on to excavating when both
    /// supplies are empty).
    fn begin_round(&mut self, round: u8) {
        self.round = round;
        self.phase = Phase::Bury;
        self.last_burier = None;
        let start = self.round_start_player(round);
        match [start, other(start)].into_iter().find(|&s| !self.supply[s].is_empty()) {
            Some(first) => self.to_move = first,
            None => self.begin_excavation(),
        }
    }

    /// Deals five cards each, one at a time, the round's start player first; the player
    /// who buried last (else the round's start player) starts the excavation.
    fn begin_excavation(&mut self) {
        self.phase = Phase::Excavate;
        self.idle_plays = 0;
        let start = self.round_start_player(self.round);
        for k in 0..HAND_SIZE * PLAYERS {
            let Some(&card) = self.setup.deck.get(self.dealt) else { break };
            self.dealt += 1;
            self.hands[(start + k) % PLAYERS].push(card);
        }
        self.to_move = self.last_burier.unwrap_or(start);
        if self.hands.iter().all(Vec::is_empty) {
            self.end_excavation();
        } else if self.hands[self.to_move].is_empty() {
            self.to_move = other(self.to_move);
        }
    }

    /// After `seat` played a card: the inspector goes home after four idle plays;
    /// otherwise the other player (or `seat` alone) plays on until both hands are empty.
    fn next_player(&mut self, seat: Seat) {
        if self.idle_plays >= IDLE_LIMIT {
            self.went_home = true;
            self.end_excavation();
            return;
        }
        match [other(seat), seat].into_iter().find(|&s| !self.hands[s].is_empty()) {
            Some(next) => self.to_move = next,
            None => self.end_excavation(),
        }
    }

    /// Ends the excavation: cards left in hand are discarded (no penalty), both players
    /// sell, then the game ends or the next round begins.
    fn end_excavation(&mut self) {
        for seat in 0..PLAYERS {
            let hand = std::mem::take(&mut self.hands[seat]);
            self.discarded += hand.len();
        }
        self.sell();
        let reached = self.stones.iter().any(|&s| s >= LAST_STONE);
        if reached || self.went_home || self.round >= ROUNDS {
            self.phase = Phase::Over;
        } else {
            self.begin_round(self.round + 1);
        }
    }

    /// Selling (spec "Selling"): finds move the archaeologist forward by their value,
    /// then one stone back per wasted card, never below stone 1; sold pieces return to
    /// the supply, wasted cards go to the discard pile.
    fn sell(&mut self) {
        for seat in 0..PLAYERS {
            let finds = std::mem::take(&mut self.finds[seat]);
            let wasted = std::mem::take(&mut self.wasted[seat]);
            let forward = self.stones[seat] + i64::from(finds.value());
            self.stones[seat] = (forward - wasted.len() as i64).max(FIRST_STONE);
            self.supply[seat] += finds;
            self.discarded += wasted.len();
        }
    }

    /// Whether the player to move may bury `piece` on `field` ([`Artifakes::check_bury`]
    /// without building its refusal: the legal moves ask it of every field).
    fn may_bury(&self, piece: Piece, field: u8) -> bool {
        slot(field).is_some() && self.supply[self.to_move].of(piece) > 0 && self.field_points(field) + piece.value() <= FIELD_CAP
    }

    fn check_bury(&self, piece: Piece, field: u8) -> Result<usize, Refusal> {
        let Some(index) = slot(field) else {
            return Err(Refusal::new("artifakes-bad-field", format!("there is no field \"{field}\": fields are numbered 1-30"))
                .arg("field", field));
        };
        if self.supply[self.to_move].of(piece) == 0 {
            return Err(Refusal::new("artifakes-supply-empty", format!("you have no {piece}s left in your supply"))
                .arg("piece", piece));
        }
        let held = self.field_points(field);
        let total = held + piece.value();
        if total > FIELD_CAP {
            return Err(Refusal::new(
                "artifakes-field-full",
                format!("field {field} already holds {held} points: a {piece} would make {total}, and a field holds at most {FIELD_CAP}"),
            )
            .arg("field", field)
            .arg("points", held)
            .arg("piece", piece)
            .arg("total", total));
        }
        Ok(index)
    }

    fn check_card(&self, card: u8) -> Result<usize, Refusal> {
        if slot(card).is_none() {
            return Err(Refusal::new("artifakes-bad-card", format!("there is no card \"{card}\": cards are numbered 1-30"))
                .arg("card", card));
        }
        self.hands[self.to_move]
            .iter()
            .position(|&c| c == card)
            .ok_or_else(|| Refusal::new("artifakes-not-in-hand", format!("card {card} is not in your hand")).arg("card", card))
    }

    fn check_points(&self, card: u8, way: Way) -> Result<u8, Refusal> {
        let seat = self.to_move;
        let points = self.points(seat, card, way);
        if points > 0 {
            return Ok(points);
        }
        Err(match way {
            Way::Number => Refusal::new(
                "artifakes-no-number-points",
                format!("card {card} gives no movement points by number: you have nothing buried on field {card}"),
            )
            .arg("card", card),
            Way::Colour => {
                let colour = colour_of(card).map_or("", Colour::word);
                Refusal::new(
                    "artifakes-no-colour-points",
                    format!("card {card} gives no movement points by colour: you have nothing buried on a {colour} field"),
                )
                .arg("card", card)
                .arg("colour", colour)
            }
        })
    }

    /// Digs up `field`: `seat`'s pieces become their finds, the opponent's are destroyed.
    /// Returns (found, destroyed).
    fn dig(&mut self, seat: Seat, field: u8) -> (Pieces, Pieces) {
        let Some(index) = slot(field) else { return (Pieces::NONE, Pieces::NONE) };
        let found = std::mem::take(&mut self.buried[index][seat]);
        let lost = std::mem::take(&mut self.buried[index][other(seat)]);
        self.finds[seat] += found;
        self.destroyed[other(seat)] += lost;
        (found, lost)
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The distinct card numbers in `seat`'s hand, ascending.
    fn distinct_cards(&self, seat: Seat) -> Vec<u8> {
        self.each_distinct_card(seat).collect()
    }

    /// [`Artifakes::distinct_cards`] without a list.
    fn each_distinct_card(&self, seat: Seat) -> impl Iterator<Item = u8> + '_ {
        let hand = self.hand(seat);
        (1..=FIELDS).filter(move |card| hand.contains(card))
    }

    /// The legal moves in the order [`Game::legal_moves`] lists them, one at a time and
    /// without building a list (a playout asks for their number and then one of them).
    pub fn each_legal_move(&self) -> impl Iterator<Item = ArtifakesMove> + '_ {
        let seat = self.to_move;
        let burying = (self.phase == Phase::Bury).then(|| {
            Piece::ALL
                .into_iter()
                .flat_map(|piece| (1..=FIELDS).map(move |field| (piece, field)))
                .filter(|&(piece, field)| self.may_bury(piece, field))
                .map(|(piece, field)| ArtifakesMove::Bury { piece, field })
        });
        let excavating = (self.phase == Phase::Excavate).then(|| {
            let moving = self.first_moving_card(seat).is_some();
            let plays = self.each_distinct_card(seat).filter(move |_| moving).flat_map(move |card| {
                Way::ALL.into_iter().filter(move |&way| self.points(seat, card, way) > 0).flat_map(move |way| {
                    Direction::ALL.into_iter().map(move |direction| ArtifakesMove::Play { card, way, direction })
                })
            });
            let wastes = self.each_distinct_card(seat).filter(move |_| !moving).map(|card| ArtifakesMove::Waste { card });
            plays.chain(wastes)
        });
        burying.into_iter().flatten().chain(excavating.into_iter().flatten())
    }
}

fn validate_deck(deck: &[u8]) -> Result<(), SetupError> {
    let mut counts = [0usize; FIELDS as usize];
    for &card in deck {
        let Some(count) = slot(card).and_then(|i| counts.get_mut(i)) else {
            return Err(SetupError::new(format!("setup.deck holds the card {card}; cards are 1-30")));
        };
        *count += 1;
    }
    if let Some((i, &n)) = counts.iter().enumerate().find(|(_, n)| **n != COPIES) {
        return Err(SetupError::new(format!(
            "setup.deck holds the card {} {n} times; each number 1-30 must be there exactly {COPIES} times",
            i + 1
        )));
    }
    Ok(())
}

impl Game for Artifakes {
    const KIND: GameKind = GameKind::Artifakes;
    const ID: &'static str = "artifakes";
    const NAME_EN: &'static str = "Artifakes";
    const NAME_DE: &'static str = "Artifälschungen";
    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=2;
    type Options = ArtifakesOptions;
    type Setup = ArtifakesSetup;
    type Move = ArtifakesMove;

    fn random_setup(_options: &ArtifakesOptions, players: usize, rng: &mut rng::ChaCha20Rng) -> ArtifakesSetup {
        let mut deck: Vec<u8> = (1..=FIELDS).flat_map(|n| std::iter::repeat_n(n, COPIES)).collect();
        rng::shuffle(&mut deck, rng);
        ArtifakesSetup { deck, start_player: rng::index(players, rng) }
    }

    fn new(_options: &ArtifakesOptions, players: usize, setup: ArtifakesSetup, _chance: Chance) -> Result<Self, SetupError> {
        if players != PLAYERS {
            return Err(SetupError::new(format!("Artifakes is for {PLAYERS} players, not {players}")));
        }
        if setup.start_player >= PLAYERS {
            return Err(SetupError::new(format!(
                "setup.start_player is {}, but there are only {PLAYERS} players",
                setup.start_player
            )));
        }
        validate_deck(&setup.deck)?;
        let mut game = Artifakes {
            setup: Arc::new(setup),
            round: 1,
            phase: Phase::Bury,
            to_move: 0,
            inspector: INSPECTOR_START,
            buried: [[Pieces::NONE; PLAYERS]; FIELDS as usize],
            supply: [Pieces::FULL_SET; PLAYERS],
            finds: [Pieces::NONE; PLAYERS],
            destroyed: [Pieces::NONE; PLAYERS],
            wasted: [Vec::new(), Vec::new()],
            hands: [Vec::new(), Vec::new()],
            dealt: 0,
            discarded: 0,
            stones: [FIRST_STONE; PLAYERS],
            idle_plays: 0,
            last_burier: None,
            went_home: false,
            last: None,
        };
        game.begin_round(1);
        Ok(game)
    }

    fn to_move(&self) -> Vec<Seat> {
        if self.is_over() { Vec::new() } else { vec![self.to_move] }
    }

    /// The archaeologist further along the row wins (positions past 19 count); equal is a draw.
    fn outcome(&self) -> Option<Vec<Vec<Seat>>> {
        if !self.is_over() {
            return None;
        }
        let [a, b] = self.stones;
        Some(match a.cmp(&b) {
            std::cmp::Ordering::Greater => vec![vec![0], vec![1]],
            std::cmp::Ordering::Less => vec![vec![1], vec![0]],
            std::cmp::Ordering::Equal => vec![vec![0, 1]],
        })
    }

    fn scores(&self) -> Option<Vec<i64>> {
        Some(self.stones.to_vec())
    }

    /// Burying: every (piece, field) the supply and the cap allow, blocks first.
    /// Excavating: every (card, way, direction) that gives points, cards ascending; when
    /// no card gives points, one `waste` per distinct card.
    fn legal_moves(&self) -> Vec<ArtifakesMove> {
        self.each_legal_move().collect()
    }

    fn parse_move(&self, text: &str) -> Result<ArtifakesMove, Refusal> {
        notation::parse(text)
    }

    fn apply(&mut self, mv: &ArtifakesMove) -> Result<(), Refusal> {
        let seat = self.to_move;
        match (self.phase, *mv) {
            (Phase::Over, _) => Err(refusal_over()),
            (Phase::Bury, ArtifakesMove::Bury { piece, field }) => {
                let index = self.check_bury(piece, field)?;
                self.supply[seat].take(piece);
                self.buried[index][seat].put(piece);
                self.last_burier = Some(seat);
                self.last = Some(LastPlay::Buried { seat, piece, field });
                self.next_burier(seat);
                Ok(())
            }
            (Phase::Excavate, ArtifakesMove::Play { card, way, direction }) => {
                let position = self.check_card(card)?;
                let points = self.check_points(card, way)?;
                self.hands[seat].remove(position);
                self.discarded += 1;
                let from = self.inspector;
                self.inspector = step(from, points, direction);
                let (found, destroyed) = self.dig(seat, self.inspector);
                self.idle_plays = 0;
                self.last = Some(LastPlay::Moved { seat, card, way, direction, points, from, to: self.inspector, found, destroyed });
                self.next_player(seat);
                Ok(())
            }
            (Phase::Excavate, ArtifakesMove::Waste { card }) => {
                let position = self.check_card(card)?;
                if let Some(good) = self.first_moving_card(seat) {
                    return Err(Refusal::new(
                        "artifakes-waste-refused",
                        format!("you may not waste a card while one gives movement points (card {good} does)"),
                    )
                    .arg("card", good));
                }
                self.hands[seat].remove(position);
                self.wasted[seat].push(card);
                self.idle_plays = self.idle_plays.saturating_add(1);
                self.last = Some(LastPlay::Wasted { seat, card });
                self.next_player(seat);
                Ok(())
            }
            (Phase::Bury, _) => Err(Refusal::new(
                "artifakes-burying-now",
                "it is the burying phase: bury a piece from your supply, e.g. \"bury block 17\"",
            )),
            (Phase::Excavate, ArtifakesMove::Bury { .. }) => Err(Refusal::new(
                "artifakes-excavating-now",
                "it is the excavating phase: play a card, e.g. \"play 17 number cw\"",
            )),
        }
    }

    /// Never called: with two players a resignation or timeout ends the game ([`crate::Played`]).
    fn remove_player(&mut self, _seat: Seat) {}

    fn details(&self) -> Option<serde_json::Value> {
        Some(json!({
            "round": self.round,
            "phase": self.phase.word(),
            "inspector": self.inspector,
            "supply": self.supply,
            "finds": self.finds,
        }))
    }

    fn view(&self, viewer: Viewer) -> AnyView {
        AnyView::Artifakes(self.view_for(viewer))
    }

    fn resolved_setup(&self) -> ArtifakesSetup {
        ArtifakesSetup::clone(&self.setup)
    }

    /// Keeps the moves whose printed form contains every filter word; German keywords
    /// (`zahl`, `farbe`, `uzs`, `scheibe`, ...) match their English counterparts.
    fn filter_moves(&self, filter: &str) -> Vec<ArtifakesMove> {
        let words: Vec<String> = filter.split_whitespace().map(notation::canonical_word).collect();
        self.legal_moves()
            .into_iter()
            .filter(|m| {
                let text = m.to_string();
                let tokens: Vec<&str> = text.split(' ').collect();
                words.iter().all(|w| tokens.contains(&w.as_str()))
            })
            .collect()
    }
}

impl crate::GameView for ArtifakesView {
    fn conclude(&mut self, ranking: &[Vec<Seat>]) {
        self.to_move = None;
        self.ranking = Some(ranking.to_vec());
    }

    /// On a stand-in made from this view ([`crate::plan`]): burying is all public and
    /// checked as it would be played; when excavating, a card the opponent's move names
    /// must be one the planner does not see both copies of (in their hand or wasted),
    /// and must give the opponent the points its way asks (from their buried pieces);
    /// the planner's reply is checked against their own hand. The steps after a phase
    /// ends within the plan (a deal nobody knows yet) are checked when due.
    fn check_plan(&self, planner: Seat, steps: &[(String, String)]) -> Result<(), crate::plan::StepSnag> {
        plan::check(self, planner, steps)
    }
}
