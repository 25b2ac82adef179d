//! Hathor (spec `hathor.md`): a solitaire tile game. Place the 72 stones of a shuffled
//! pile on a 14 × 8 board so that each matches its neighbours in colour or symbol.

mod daily;
mod field;
mod stone;
mod variant;
#[cfg(test)]
mod tests;

use std::{fmt, sync::Arc};

use serde::{Deserialize, Serialize};
use serde_json::json;

pub use daily::daily_seed;
pub use field::{Field, COLS, ROWS};
pub use stone::{Colour, Stone, Symbol};
pub use variant::{
    variant_from_word, variant_rules, Transform, VariantRules, BLUE_HATHOR, COMPLETION_BONUS, DEFAULT_VARIANT,
    EXCEPTION_MIN_NEIGHBOURS, HATHOR_BONUS, HINT_COST, PILE_SIZE, PLACEMENT_BASE, START_FIELDS,
    TRANSFORM_MIN_NEIGHBOURS, VARIANTS,
};

use crate::{game::Chance, rng, AnyView, Game, GameKind, Refusal, Seat, SetupError, Viewer};

/// The record's `options`: `variant` 1-5 (default 1).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct HathorOptions {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<u8>,
}

/// The record's `setup` (spec "Record setup"): `start_stones` the 8 start stones for
/// `A1, N1, A8, N8, G4, H4, G5, H5`, all with the symbol `hathor`; `pile` all 72 stones,
/// top first; `random_symbols` variant 4's random symbols in order of use; `variant`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HathorSetup {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<u8>,
    pub start_stones: Vec<Stone>,
    pub pile: Vec<Stone>,
    #[serde(default)]
    pub random_symbols: Vec<Symbol>,
}

/// A move: place the current stone on a field (`C5`), or ask for the hint (`hint`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HathorMove {
    Place(Field),
    Hint,
}

impl fmt::Display for HathorMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HathorMove::Place(field) => field.fmt(f),
            HathorMove::Hint => f.write_str("hint"),
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// All 72 stones are placed (20,000 bonus).
    Complete,
    /// The current stone fits nowhere.
    Blocked,
    /// The player resigned (`@resign 0`): no end bonuses.
    Resigned,
    /// The player's time ran out (`@timeout 0`, e.g. when a challenge closes with the
    /// game unfinished): no end bonuses, as after a resignation.
    TimedOut,
}

/// Whether the current stone may go on a field, and if not, why (spec "Placing").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Legal, with `k` occupied neighbours.
    Legal { k: usize },
    /// The field holds a stone.
    Occupied(Stone),
    /// The neighbour on this field is identical to the stone (rule 1).
    Identical(Field, Stone),
    /// Rule 2 fails: `first` (and `second`, if any) match in neither colour nor symbol;
    /// `k` occupied neighbours.
    Mismatch { k: usize, first: (Field, Stone), second: Option<(Field, Stone)> },
}

/// What a viewer sees of a Hathor game. `board` is indexed `[row][col]`.
#[derive(Debug, Clone, PartialEq)]
pub struct HathorView {
    pub board: [[Option<Stone>; COLS]; ROWS],
    /// The current stone; `None` when all 72 are placed.
    pub current: Option<Stone>,
    /// Stones of the 72 not yet placed, the current one included.
    pub left: usize,
    /// Stones of the 72 placed.
    pub placed: usize,
    pub score: i64,
    pub hints_used: u32,
    /// The field of the last placed stone.
    pub last: Option<Field>,
    /// The neighbours the last placement transformed (variants 2-4), reading order.
    pub transformed: Vec<Field>,
    /// Right after a hint: the legal fields for the current stone.
    pub hint: Option<Vec<Field>>,
    pub variant: u8,
    /// How the game ended; `None` while it goes on.
    pub end: Option<End>,
}

/// A Hathor game.
#[derive(Debug, Clone)]
pub struct Hathor {
    rules: &'static VariantRules,
    /// The setup as resolved so far: `random_symbols` grows as variant 4 draws. Shared
    /// by the game's clones (the AI clones a game for every playout) until one draws.
    setup: Arc<HathorSetup>,
    board: [[Option<Stone>; COLS]; ROWS],
    /// Stones of the pile placed so far; `setup.pile[placed]` is the current stone.
    placed: usize,
    /// Random symbols used so far (a prefix of `setup.random_symbols`).
    symbols_used: usize,
    chance: Chance,
    /// Values drawn from `chance` so far (see [`Hathor::next_symbol`]).
    chance_draws: usize,
    /// Placement points minus hint costs.
    points: i64,
    /// End bonuses, added when the game ends.
    bonus: i64,
    hints_used: u32,
    hint_shown: bool,
    last: Option<Field>,
    transformed: Vec<Field>,
    end: Option<End>,
}

impl Hathor {
    /// The variant's rules.
    pub fn rules(&self) -> &'static VariantRules {
        self.rules
    }

    /// The stone on `field`.
    pub fn stone_at(&self, field: Field) -> Option<Stone> {
        self.board[field.row as usize][field.col as usize]
    }

    /// The current stone (top of the pile), `None` once all 72 are placed.
    pub fn current(&self) -> Option<Stone> {
        self.setup.pile.get(self.placed).copied()
    }

    /// The score: placement points, minus hints, plus end bonuses once the game ended.
    pub fn score(&self) -> i64 {
        self.points + self.bonus
    }

    /// How the game ended, `None` while it goes on.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Judges placing `stone` on `field` by rules 1 and 2 of "Placing".
    pub fn judge(&self, field: Field, stone: Stone) -> Verdict {
        if let Some(there) = self.stone_at(field) {
            return Verdict::Occupied(there);
        }
        let mut k = 0;
        let mut first = None;
        let mut second = None;
        for n in field.neighbours() {
            let Some(other) = self.stone_at(n) else { continue };
            k += 1;
            if other == stone {
                return Verdict::Identical(n, other);
            }
            if !other.matches(stone) {
                if first.is_none() {
                    first = Some((n, other));
                } else if second.is_none() {
                    second = Some((n, other));
                }
            }
        }
        match first {
            None => Verdict::Legal { k },
            Some(_) if second.is_none() && self.rules.exception && k >= EXCEPTION_MIN_NEIGHBOURS => {
                Verdict::Legal { k }
            }
            Some(first) => Verdict::Mismatch { k, first, second },
        }
    }

    /// The legal fields for the current stone, in reading order (empty when over).
    pub fn legal_fields(&self) -> Vec<Field> {
        self.each_legal_field().map(|(field, _)| field).collect()
    }

    /// [`Hathor::legal_fields`] one at a time, without a list, each with its number of
    /// occupied neighbours `k` (the placement scores 100 × 2^k).
    pub fn each_legal_field(&self) -> impl Iterator<Item = (Field, usize)> + '_ {
        let stone = if self.end.is_none() { self.current() } else { None };
        stone.into_iter().flat_map(move |stone| {
            Field::all().filter_map(move |f| match self.judge(f, stone) {
                Verdict::Legal { k } => Some((f, k)),
                _ => None,
            })
        })
    }

    fn has_legal_field(&self, stone: Stone) -> bool {
        Field::all().any(|f| matches!(self.judge(f, stone), Verdict::Legal { .. }))
    }

    /// Whether `needed` more random symbols can be had: from the setup's list, or drawn
    /// from the seeded chance.
    fn symbols_available(&mut self, needed: usize) -> bool {
        self.chance.rng().is_some() || self.setup.random_symbols.len().saturating_sub(self.symbols_used) >= needed
    }

    /// The next random symbol (variant 4). Taken from the setup's `random_symbols` while
    /// any are left, then drawn from the seeded chance and recorded. Symbol number *n*
    /// (0-based, over the whole game) is always the *n*-th value of the chance stream
    /// when it is drawn, so a game restored from its resolved setup and seed draws the
    /// same symbols as one that ran without a break. `None` without either source.
    fn next_symbol(&mut self) -> Option<Symbol> {
        if let Some(&symbol) = self.setup.random_symbols.get(self.symbols_used) {
            self.symbols_used += 1;
            return Some(symbol);
        }
        let wanted = self.symbols_used;
        let rng = self.chance.rng()?;
        while self.chance_draws < wanted {
            rng::index(Symbol::ALL.len(), rng);
            self.chance_draws += 1;
        }
        let symbol = Symbol::ALL.get(rng::index(Symbol::ALL.len(), rng)).copied()?;
        self.chance_draws += 1;
        Arc::make_mut(&mut self.setup).random_symbols.push(symbol);
        self.symbols_used += 1;
        Some(symbol)
    }

    fn set(&mut self, field: Field, stone: Stone) {
        self.board[field.row as usize][field.col as usize] = Some(stone);
    }

    /// Transforms the occupied neighbours of `field` after a placement with k ≥ 4.
    fn transform(&mut self, field: Field, placed: Stone) {
        let neighbours: Vec<Field> = field.neighbours().filter(|&n| self.stone_at(n).is_some()).collect();
        if neighbours.len() < TRANSFORM_MIN_NEIGHBOURS || self.rules.transform == Transform::None {
            return;
        }
        for &n in &neighbours {
            let Some(old) = self.stone_at(n) else { continue };
            let new = match self.rules.transform {
                Transform::None => old,
                Transform::BlueHathor => BLUE_HATHOR,
                Transform::CopyPlaced => placed,
                Transform::RandomSymbol => Stone { symbol: self.next_symbol().unwrap_or(old.symbol), ..old },
            };
            self.set(n, new);
        }
        self.transformed = neighbours;
    }

    /// Ends the game: `Complete` or `Blocked` add the end bonuses.
    fn finish(&mut self, end: End) {
        self.end = Some(end);
        if matches!(end, End::Resigned | End::TimedOut) {
            return;
        }
        if end == End::Complete {
            self.bonus += COMPLETION_BONUS;
        }
        if self.rules.hathor_bonus {
            let hathors = self.board.iter().flatten().flatten().filter(|s| s.symbol == Symbol::Hathor).count();
            self.bonus += HATHOR_BONUS * hathors as i64;
        }
    }

    fn refusal(&self, field: Field, stone: Stone, verdict: Verdict) -> Refusal {
        match verdict {
            Verdict::Legal { .. } => Refusal::new("hathor-internal", "the placement is legal"),
            Verdict::Occupied(there) => Refusal::new("hathor-occupied", format!("{field} is taken by {there}"))
                .arg("field", field)
                .arg("occupant", there),
            Verdict::Identical(n, other) => Refusal::new(
                "hathor-identical",
                format!("{n} is {other} too: a stone may not lie next to an identical stone"),
            )
            .arg("neighbour", n)
            .arg("neighbour_stone", other),
            Verdict::Mismatch { first: (n, other), second: Some((m, second)), .. } if self.rules.exception => {
                Refusal::new(
                    "hathor-second-mismatch",
                    format!(
                        "{n} is {other} and {m} is {second}: neither matches {stone} in colour or symbol, \
                         and only one neighbour may mismatch"
                    ),
                )
                .arg("neighbour", n)
                .arg("neighbour_stone", other)
                .arg("second", m)
                .arg("second_stone", second)
                .arg("stone", stone)
            }
            Verdict::Mismatch { first: (n, other), .. } if !self.rules.exception => Refusal::new(
                "hathor-mismatch-extra",
                format!(
                    "{n} is {other}: neither colour nor symbol matches {stone} (variant {} allows no mismatch)",
                    self.rules.number
                ),
            )
            .arg("neighbour", n)
            .arg("neighbour_stone", other)
            .arg("stone", stone)
            .arg("variant", self.rules.number),
            Verdict::Mismatch { k, first: (n, other), .. } => Refusal::new(
                "hathor-mismatch",
                format!(
                    "{n} is {other}: neither colour nor symbol matches {stone} ({field} has {k} {}; \
                     one mismatch is allowed only with at least {EXCEPTION_MIN_NEIGHBOURS})",
                    if k == 1 { "neighbour" } else { "neighbours" }
                ),
            )
            .arg("neighbour", n)
            .arg("neighbour_stone", other)
            .arg("stone", stone)
            .arg("field", field)
            .arg("count", k),
        }
    }

    fn place(&mut self, field: Field) -> Result<(), Refusal> {
        let Some(stone) = self.current() else { return Err(over_refusal()) };
        let k = match self.judge(field, stone) {
            Verdict::Legal { k } => k,
            verdict => return Err(self.refusal(field, stone, verdict)),
        };
        let transforms = k >= TRANSFORM_MIN_NEIGHBOURS && self.rules.transform != Transform::None;
        if transforms && self.rules.transform == Transform::RandomSymbol && !self.symbols_available(k) {
            return Err(Refusal::new(
                "hathor-no-symbols",
                format!(
                    "placing on {field} changes {k} neighbours to random symbols, but the record's \
                     random_symbols are used up and it has no seed"
                ),
            )
            .arg("field", field)
            .arg("count", k));
        }
        self.set(field, stone);
        self.placed += 1;
        self.points += PLACEMENT_BASE << k;
        self.last = Some(field);
        self.hint_shown = false;
        self.transformed.clear();
        if transforms {
            self.transform(field, stone);
        }
        match self.current() {
            None => self.finish(End::Complete),
            Some(next) if !self.has_legal_field(next) => self.finish(End::Blocked),
            Some(_) => {}
        }
        Ok(())
    }
}

fn over_refusal() -> Refusal {
    Refusal::new("hathor-over", "the game is over")
}

fn not_a_move(text: &str) -> Refusal {
    Refusal::new(
        "hathor-not-a-move",
        format!("\"{text}\" is not a Hathor move: write a field A1-N8 (e.g. C5) or \"hint\""),
    )
    .arg("text", text)
}

/// Checks that `pile` holds each of the 36 stones exactly twice.
fn validate_pile(pile: &[Stone]) -> Result<(), SetupError> {
    if pile.len() != PILE_SIZE {
        return Err(SetupError::new(format!("setup.pile has {} stones; there must be {PILE_SIZE}", pile.len())));
    }
    for stone in Stone::all() {
        let n = pile.iter().filter(|&&s| s == stone).count();
        if n != 2 {
            return Err(SetupError::new(format!("setup.pile holds {stone} {n} times; each stone is there twice")));
        }
    }
    Ok(())
}

fn validate_start(start: &[Stone]) -> Result<(), SetupError> {
    if start.len() != START_FIELDS.len() {
        return Err(SetupError::new(format!(
            "setup.start_stones has {} stones; there must be {}",
            start.len(),
            START_FIELDS.len()
        )));
    }
    match start.iter().find(|s| s.symbol != Symbol::Hathor) {
        Some(s) => Err(SetupError::new(format!("setup.start_stones holds {s}; start stones show the hathor symbol"))),
        None => Ok(()),
    }
}

fn resolve_variant(options: Option<u8>, setup: Option<u8>) -> Result<&'static VariantRules, SetupError> {
    let number = match (options, setup) {
        (Some(a), Some(b)) if a != b => {
            return Err(SetupError::new(format!("options.variant is {a} but setup.variant is {b}")));
        }
        (a, b) => a.or(b).unwrap_or(DEFAULT_VARIANT),
    };
    variant_rules(number).ok_or_else(|| SetupError::new(format!("variant {number} does not exist; variants are 1-5")))
}

impl Game for Hathor {
    const KIND: GameKind = GameKind::Hathor;
    const ID: &'static str = "hathor";
    const NAME_EN: &'static str = "Hathor";
    const NAME_DE: &'static str = "Hathor";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=1;
    type Options = HathorOptions;
    type Setup = HathorSetup;
    type Move = HathorMove;

    fn random_setup(options: &HathorOptions, _players: usize, rng: &mut rng::ChaCha20Rng) -> HathorSetup {
        let start_stones = START_FIELDS
            .iter()
            .map(|_| {
                let colour = Colour::ALL.get(rng::index(Colour::ALL.len(), rng)).copied().unwrap_or(Colour::Blue);
                Stone::new(colour, Symbol::Hathor)
            })
            .collect();
        let mut pile: Vec<Stone> = Stone::all().flat_map(|s| [s, s]).collect();
        rng::shuffle(&mut pile, rng);
        HathorSetup { variant: options.variant, start_stones, pile, random_symbols: Vec::new() }
    }

    fn new(options: &HathorOptions, players: usize, setup: HathorSetup, chance: Chance) -> Result<Self, SetupError> {
        if players != 1 {
            return Err(SetupError::new(format!("Hathor is a solo game, not for {players} players")));
        }
        let rules = resolve_variant(options.variant, setup.variant)?;
        validate_start(&setup.start_stones)?;
        validate_pile(&setup.pile)?;
        let mut board = [[None; COLS]; ROWS];
        for (field, &stone) in START_FIELDS.iter().zip(&setup.start_stones) {
            board[field.row as usize][field.col as usize] = Some(stone);
        }
        let mut game = Hathor {
            rules,
            setup: Arc::new(HathorSetup { variant: Some(rules.number), ..setup }),
            board,
            placed: 0,
            symbols_used: 0,
            chance,
            chance_draws: 0,
            points: 0,
            bonus: 0,
            hints_used: 0,
            hint_shown: false,
            last: None,
            transformed: Vec::new(),
            end: None,
        };
        if let Some(first) = game.current()
            && !game.has_legal_field(first)
        {
            game.finish(End::Blocked);
        }
        Ok(game)
    }

    fn to_move(&self) -> Vec<Seat> {
        if self.end.is_some() { Vec::new() } else { vec![0] }
    }

    fn outcome(&self) -> Option<Vec<Vec<Seat>>> {
        self.end.map(|_| vec![vec![0]])
    }

    fn scores(&self) -> Option<Vec<i64>> {
        Some(vec![self.score()])
    }

    /// The legal placements (the hint, always allowed while the game is on, is not listed:
    /// spec "Summary `legal_moves` counts the legal fields").
    fn legal_moves(&self) -> Vec<HathorMove> {
        self.legal_fields().into_iter().map(HathorMove::Place).collect()
    }

    fn parse_move(&self, text: &str) -> Result<HathorMove, Refusal> {
        let trimmed = text.trim();
        match trimmed.to_lowercase().as_str() {
            "hint" | "hilfe" | "setzhilfe" => Ok(HathorMove::Hint),
            _ => Field::parse(trimmed).map(HathorMove::Place).ok_or_else(|| not_a_move(trimmed)),
        }
    }

    fn apply(&mut self, mv: &HathorMove) -> Result<(), Refusal> {
        if self.end.is_some() {
            return Err(over_refusal());
        }
        match *mv {
            HathorMove::Place(field) => self.place(field),
            HathorMove::Hint => {
                self.points -= HINT_COST;
                self.hints_used += 1;
                self.hint_shown = true;
                Ok(())
            }
        }
    }

    fn remove_player(&mut self, seat: Seat) {
        if seat == 0 && self.end.is_none() {
            self.finish(End::Resigned);
        }
    }

    fn time_out_player(&mut self, seat: Seat) {
        if seat == 0 && self.end.is_none() {
            self.finish(End::TimedOut);
        }
    }

    fn details(&self) -> Option<serde_json::Value> {
        Some(json!({
            "current": self.current().map(|s| s.to_string()),
            "placed": self.placed,
            "hints_used": self.hints_used,
        }))
    }

    /// The same for every viewer: the board, the current stone and the numbers are what
    /// the player sees; the order of the pile is never part of the view. (Hiding a
    /// challenge board from the channel until the challenge closes is the command
    /// layer's business.)
    fn view(&self, _viewer: Viewer) -> AnyView {
        AnyView::Hathor(HathorView {
            board: self.board,
            current: self.current(),
            left: PILE_SIZE - self.placed,
            placed: self.placed,
            score: self.score(),
            hints_used: self.hints_used,
            last: self.last,
            transformed: self.transformed.clone(),
            hint: (self.hint_shown && self.end.is_none()).then(|| self.legal_fields()),
            variant: self.rules.number,
            end: self.end,
        })
    }

    fn resolved_setup(&self) -> HathorSetup {
        HathorSetup::clone(&self.setup)
    }

    fn option_word(word: &str) -> Option<(&'static str, serde_json::Value)> {
        variant_from_word(word).map(|n| ("variant", json!(n)))
    }

    /// Moves matching a filter: a column letter (`c`), a row number (`5`) or a field
    /// (`c5`) keeps the legal fields there; other words use the default filter.
    fn filter_moves(&self, filter: &str) -> Vec<HathorMove> {
        let word = filter.trim().to_uppercase();
        let legal = self.legal_moves();
        let keep = |f: &Field| -> Option<bool> {
            let mut chars = word.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_uppercase() => Some(f.col == c as u8 - b'A'),
                (Some(d), None) if d.is_ascii_digit() => Some(u32::from(f.row) + 1 == d.to_digit(10).unwrap_or(0)),
                _ => Field::parse(&word).map(|g| g == *f),
            }
        };
        if word.is_empty() {
            return legal;
        }
        legal
            .into_iter()
            .filter(|m| match m {
                HathorMove::Place(f) => keep(f).unwrap_or(false),
                HathorMove::Hint => false,
            })
            .collect()
    }
}

impl crate::GameView for HathorView {
    /// A solo game: nobody is shown to move once it is over, and its score is its result.
    fn conclude(&mut self, _ranking: &[Vec<Seat>]) {}
}
