//! Helofag's board (spec `helofag.md`, "Board"): the layout table, the fields, and
//! where every piece stands.
//!
//! **Interpretation** (spec): the seed's board picture is lost, so the layout is this
//! project's own. It lives in one table, [`BOARD`], so that a better-sourced layout is a
//! small change.

use std::fmt;

use crate::{Refusal, Seat};

/// Fields in ring A (`A1`-`A24`, `A24` next to `A1`).
pub const RING: usize = 24;
/// Run rows in area C, one per number (`C1`-`C6`); also the jump fields of D (`D1`-`D6`).
pub const ROWS: usize = 6;
/// Fields per run row (`Cp.1` entry jump field .. `Cp.8` exit jump field).
pub const ROW_LEN: usize = 8;
/// Pieces per player.
pub const PIECES: u8 = 6;

/// How many dice must show a jump field's number for its pieces to move to B.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Border {
    /// At least one die shows the number.
    Single,
    /// At least two dice show the number.
    Double,
}

impl Border {
    /// Dice that must show the number (1 or 2).
    pub fn dice_needed(self) -> usize {
        match self {
            Border::Single => 1,
            Border::Double => 2,
        }
    }
}

/// A jump field of ring A: its field number (1-24), the number printed on it (1-6) and
/// its border.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JumpField {
    pub field: u8,
    pub number: u8,
    pub border: Border,
}

/// The whole layout in one table (spec "Board").
#[derive(Debug, Clone, Copy)]
pub struct Layout {
    /// The jump fields of ring A; every other field of A is plain.
    pub jump_fields: [JumpField; 12],
    /// The black fields of each run row (index 0 = `C1`), as field numbers 1-8.
    pub black_fields: [&'static [u8]; ROWS],
}

const fn jump(field: u8, number: u8, border: Border) -> JumpField {
    JumpField { field, number, border }
}

/// The board of this project (spec "Board", Interpretation).
pub const BOARD: Layout = {
    use Border::{Double, Single};
    Layout {
        jump_fields: [
            jump(2, 1, Single),
            jump(4, 4, Double),
            jump(6, 2, Single),
            jump(8, 5, Double),
            jump(10, 3, Single),
            jump(12, 6, Double),
            jump(14, 4, Single),
            jump(16, 1, Double),
            jump(18, 5, Single),
            jump(20, 2, Double),
            jump(22, 6, Single),
            jump(24, 3, Double),
        ],
        black_fields: [&[3, 6], &[4], &[2, 6], &[5], &[3, 5], &[4, 7]],
    }
};

impl Layout {
    /// The jump field at `A<field>`, or `None` for a plain field.
    pub fn jump_field(&self, field: u8) -> Option<JumpField> {
        self.jump_fields.iter().copied().find(|j| j.field == field)
    }

    /// Whether `C<row>.<field>` is black (never entered). Out-of-range fields are not black.
    pub fn is_black(&self, row: u8, field: u8) -> bool {
        usize::from(row)
            .checked_sub(1)
            .and_then(|r| self.black_fields.get(r))
            .is_some_and(|black| black.contains(&field))
    }
}

/// A field of the board, or an area that holds any number of pieces.
///
/// The derived order is the spec's sort order for `details`: S, A by number, B, C by
/// row then field, D by number, Z.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Field {
    /// `S`, the common start.
    Start,
    /// `A1`-`A24`.
    A(u8),
    /// `B`, the waiting room.
    B,
    /// `Cp.k`: row 1-6, field 1-8.
    C(u8, u8),
    /// `D1`-`D6`.
    D(u8),
    /// `Z`, the goal.
    Goal,
}

impl Field {
    /// Parses `S`, `A7`, `B`, `C3.2`, `D2` or `Z` (case-insensitive, no spaces).
    ///
    /// # Errors
    /// `helofag-bad-field` when the text names no field of the board.
    pub fn parse(text: &str) -> Result<Field, Refusal> {
        let upper = text.to_uppercase();
        let number = |s: &str, max: usize| s.parse::<u8>().ok().filter(|n| (1..=max).contains(&usize::from(*n)));
        let field = match upper.as_str() {
            "S" => Some(Field::Start),
            "B" => Some(Field::B),
            "Z" => Some(Field::Goal),
            _ => {
                let rest = upper.get(1..).unwrap_or_default();
                match upper.chars().next() {
                    Some('A') => number(rest, RING).map(Field::A),
                    Some('D') => number(rest, ROWS).map(Field::D),
                    Some('C') => rest
                        .split_once('.')
                        .and_then(|(row, k)| Some(Field::C(number(row, ROWS)?, number(k, ROW_LEN)?))),
                    _ => None,
                }
            }
        };
        field.ok_or_else(|| {
            Refusal::new(
                "helofag-bad-field",
                format!("\"{text}\" is not a field: use S, A1-A24, B, C1.1-C6.8, D1-D6 or Z"),
            )
            .arg("text", text)
        })
    }

    /// The ring field `steps` fields from `A<from>`, clockwise or counter-clockwise.
    /// `from` 0 is the start, which lies between `A24` and `A1`: `S+n` reaches `An`,
    /// `S-n` reaches `A(25-n)`.
    pub fn ring_step(from: u8, clockwise: bool, steps: u8) -> u8 {
        let ring = RING as i32;
        let from = if from == 0 && !clockwise { ring + 1 } else { i32::from(from) };
        let steps = i32::from(steps);
        let to = if clockwise { from + steps } else { from - steps };
        // `rem_euclid` keeps 1..=24; the cast cannot truncate.
        ((to - 1).rem_euclid(ring) + 1) as u8
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Field::Start => f.write_str("S"),
            Field::A(n) => write!(f, "A{n}"),
            Field::B => f.write_str("B"),
            Field::C(row, k) => write!(f, "C{row}.{k}"),
            Field::D(n) => write!(f, "D{n}"),
            Field::Goal => f.write_str("Z"),
        }
    }
}

/// Where every piece stands. Fields of A, C and D hold at most one piece (the seat that
/// owns it); S, B and Z hold counts per seat. Indices are 0-based (`ring[0]` is `A1`,
/// `rows[2][0]` is `C3.1`, `d[4]` is `D5`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pieces {
    /// Pieces on the start, per seat.
    pub start: Vec<u8>,
    /// Ring A.
    pub ring: [Option<Seat>; RING],
    /// Pieces in the waiting room B, per seat.
    pub waiting: Vec<u8>,
    /// The run rows of C.
    pub rows: [[Option<Seat>; ROW_LEN]; ROWS],
    /// The jump fields of D.
    pub d: [Option<Seat>; ROWS],
    /// Pieces in the goal, per seat.
    pub goal: Vec<u8>,
}

impl Pieces {
    /// Every player's six pieces on the start.
    pub fn new(players: usize) -> Self {
        Pieces {
            start: vec![PIECES; players],
            ring: [None; RING],
            waiting: vec![0; players],
            rows: [[None; ROW_LEN]; ROWS],
            d: [None; ROWS],
            goal: vec![0; players],
        }
    }

    /// The occupant of a single-piece field (A, C, D); `None` for an empty field, an
    /// out-of-range field, or S, B and Z.
    pub fn occupant(&self, field: Field) -> Option<Seat> {
        self.slot(field).and_then(|slot| *slot)
    }

    /// How many pieces of `seat` stand on `field` (S, B and Z count; A, C, D are 0 or 1).
    pub fn count(&self, seat: Seat, field: Field) -> u8 {
        match field {
            Field::Start => self.start.get(seat).copied().unwrap_or(0),
            Field::B => self.waiting.get(seat).copied().unwrap_or(0),
            Field::Goal => self.goal.get(seat).copied().unwrap_or(0),
            _ => u8::from(self.occupant(field) == Some(seat)),
        }
    }

    fn slot(&self, field: Field) -> Option<&Option<Seat>> {
        match field {
            Field::A(n) => self.ring.get(usize::from(n).checked_sub(1)?),
            Field::C(row, k) => self.rows.get(usize::from(row).checked_sub(1)?)?.get(usize::from(k).checked_sub(1)?),
            Field::D(n) => self.d.get(usize::from(n).checked_sub(1)?),
            _ => None,
        }
    }

    fn slot_mut(&mut self, field: Field) -> Option<&mut Option<Seat>> {
        match field {
            Field::A(n) => self.ring.get_mut(usize::from(n).checked_sub(1)?),
            Field::C(row, k) => {
                self.rows.get_mut(usize::from(row).checked_sub(1)?)?.get_mut(usize::from(k).checked_sub(1)?)
            }
            Field::D(n) => self.d.get_mut(usize::from(n).checked_sub(1)?),
            _ => None,
        }
    }

    fn counter_mut(&mut self, field: Field) -> Option<&mut Vec<u8>> {
        match field {
            Field::Start => Some(&mut self.start),
            Field::B => Some(&mut self.waiting),
            Field::Goal => Some(&mut self.goal),
            _ => None,
        }
    }

    /// Takes a piece of `seat` off `field`; returns whether there was one.
    pub(crate) fn take(&mut self, seat: Seat, field: Field) -> bool {
        if let Some(counts) = self.counter_mut(field) {
            match counts.get_mut(seat) {
                Some(n) if *n > 0 => {
                    *n -= 1;
                    true
                }
                _ => false,
            }
        } else {
            match self.slot_mut(field) {
                Some(slot) if *slot == Some(seat) => {
                    *slot = None;
                    true
                }
                _ => false,
            }
        }
    }

    /// Puts a piece of `seat` on `field`. A piece of another player standing there is
    /// captured (sent to B) and returned; an own piece or an invalid field leaves the
    /// board unchanged and returns `Err(())` (callers check legality first).
    pub(crate) fn put(&mut self, seat: Seat, field: Field) -> Result<Option<Seat>, ()> {
        if let Some(counts) = self.counter_mut(field) {
            let n = counts.get_mut(seat).ok_or(())?;
            *n += 1;
            return Ok(None);
        }
        let slot = self.slot_mut(field).ok_or(())?;
        let captured = match *slot {
            Some(other) if other == seat => return Err(()),
            other => other,
        };
        *slot = Some(seat);
        if let Some(n) = captured.and_then(|victim| self.waiting.get_mut(victim)) {
            *n += 1;
        }
        Ok(captured)
    }

    /// Every piece of `seat`, sorted S, A by number, B, C by row then field, D, Z.
    pub fn fields_of(&self, seat: Seat) -> Vec<Field> {
        let mut fields = Vec::with_capacity(usize::from(PIECES));
        let repeat = |fields: &mut Vec<Field>, n: u8, f: Field| fields.extend(std::iter::repeat_n(f, usize::from(n)));
        repeat(&mut fields, self.count(seat, Field::Start), Field::Start);
        fields.extend(self.singles(seat).filter(|f| matches!(f, Field::A(_))));
        repeat(&mut fields, self.count(seat, Field::B), Field::B);
        fields.extend(self.singles(seat).filter(|f| !matches!(f, Field::A(_))));
        repeat(&mut fields, self.count(seat, Field::Goal), Field::Goal);
        fields
    }

    /// The single-piece fields (A, then C, then D, each in order) holding a piece of `seat`.
    pub fn singles(&self, seat: Seat) -> impl Iterator<Item = Field> + '_ {
        single_fields().filter(move |&f| self.occupant(f) == Some(seat))
    }

    /// The ring fields holding a piece (of anyone), in order.
    pub fn occupied_ring(&self) -> impl Iterator<Item = (u8, Seat)> + '_ {
        (1..=RING as u8).filter_map(|n| self.occupant(Field::A(n)).map(|s| (n, s)))
    }

    /// Removes every piece of `seat` from the board (a removed player).
    pub(crate) fn remove_seat(&mut self, seat: Seat) {
        for counts in [&mut self.start, &mut self.waiting, &mut self.goal] {
            if let Some(n) = counts.get_mut(seat) {
                *n = 0;
            }
        }
        let rows = self.rows.iter_mut().flatten();
        for slot in self.ring.iter_mut().chain(rows).chain(self.d.iter_mut()) {
            if *slot == Some(seat) {
                *slot = None;
            }
        }
    }

    /// How many pieces `seat` has on the board (6 while the player is in).
    pub fn total(&self, seat: Seat) -> usize {
        self.fields_of(seat).len()
    }
}

/// Every single-piece field: A1-A24, C1.1-C6.8, D1-D6, in sort order.
pub fn single_fields() -> impl Iterator<Item = Field> {
    let ring = (1..=RING as u8).map(Field::A);
    let rows = (1..=ROWS as u8).flat_map(|r| (1..=ROW_LEN as u8).map(move |k| Field::C(r, k)));
    let d = (1..=ROWS as u8).map(Field::D);
    ring.chain(rows).chain(d)
}
