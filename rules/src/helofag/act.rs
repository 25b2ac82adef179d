//! Checking and carrying out one action (spec "A turn", step 3, the action table and
//! the rules below it).

use super::{
    action::Action,
    board::{Field, Pieces, BOARD, ROW_LEN},
    dice::Dice,
};
use crate::{Refusal, Seat};

/// What a legal action does: the piece of `owner` goes from `from` to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effect {
    pub owner: Seat,
    pub from: Field,
    pub to: Field,
}

fn no_own_piece(field: Field) -> Refusal {
    Refusal::new("helofag-no-own-piece", format!("you have no piece on {field}")).arg("field", field)
}

/// Checks that `seat` owns the piece on the single-piece field `field`.
fn own_piece_on(pieces: &Pieces, seat: Seat, field: Field) -> Result<(), Refusal> {
    match pieces.occupant(field) {
        Some(owner) if owner == seat => Ok(()),
        Some(_) => Err(Refusal::new(
            "helofag-not-yours",
            format!("the piece on {field} is not yours; only in A may you move other players' pieces"),
        )
        .arg("field", field)),
        None => Err(no_own_piece(field)),
    }
}

/// Checks that `seat` has a piece in S or B.
fn own_piece_in(pieces: &Pieces, seat: Seat, area: Field) -> Result<(), Refusal> {
    if pieces.count(seat, area) > 0 { Ok(()) } else { Err(no_own_piece(area)) }
}

/// Checks a landing on a field of A: it must be empty.
fn land_in_ring(pieces: &Pieces, field: Field) -> Result<(), Refusal> {
    if pieces.occupant(field).is_some() {
        Err(Refusal::new("helofag-occupied", format!("{field} is occupied; in A no piece may land on another"))
            .arg("field", field))
    } else {
        Ok(())
    }
}

/// Checks a landing in C or D: not on a black field, not on an own piece (another
/// player's piece there is captured).
fn land_in_c_or_d(pieces: &Pieces, seat: Seat, field: Field) -> Result<(), Refusal> {
    if let Field::C(row, k) = field
        && BOARD.is_black(row, k)
    {
        return Err(Refusal::new("helofag-black-field", format!("{field} is a black field")).arg("field", field));
    }
    if pieces.occupant(field) == Some(seat) {
        return Err(Refusal::new("helofag-own-piece", format!("you already have a piece on {field}")).arg("field", field));
    }
    Ok(())
}

/// Checks `action` for `seat` on `pieces` with the dice left, and uses its dice.
///
/// # Errors
/// The [`Refusal`] of the first rule the action breaks; `dice` may then be changed, so
/// callers pass a copy.
pub fn resolve(pieces: &Pieces, seat: Seat, action: Action, dice: &mut Dice) -> Result<Effect, Refusal> {
    let effect = |owner, from, to| Effect { owner, from, to };
    match action {
        Action::Step { from, clockwise, die } => match from {
            Field::Start => {
                own_piece_in(pieces, seat, from)?;
                dice.take_one(die)?;
                let to = Field::A(Field::ring_step(0, clockwise, die));
                land_in_ring(pieces, to)?;
                Ok(effect(seat, from, to))
            }
            Field::A(n) => {
                let owner = pieces.occupant(from).ok_or_else(|| {
                    Refusal::new("helofag-no-piece", format!("there is no piece on {from}")).arg("field", from)
                })?;
                dice.take_one(die)?;
                let to = Field::A(Field::ring_step(n, clockwise, die));
                land_in_ring(pieces, to)?;
                Ok(effect(owner, from, to))
            }
            Field::C(row, k) => {
                if !clockwise {
                    return Err(Refusal::new("helofag-backward", "in C a piece moves forward only (+)"));
                }
                own_piece_on(pieces, seat, from)?;
                dice.take_one(die)?;
                let target = k + die;
                if usize::from(target) > ROW_LEN {
                    return Err(Refusal::new("helofag-overshoot", format!("{action} would go beyond C{row}.{ROW_LEN}"))
                        .arg("action", action)
                        .arg("field", Field::C(row, ROW_LEN as u8)));
                }
                let to = Field::C(row, target);
                land_in_c_or_d(pieces, seat, to)?;
                Ok(effect(seat, from, to))
            }
            Field::B | Field::D(_) | Field::Goal => Err(Refusal::new(
                "helofag-cannot-step",
                format!(
                    "a piece on {from} does not step: from B a pair enters C, from D one die of its number reaches the goal"
                ),
            )
            .arg("field", from)),
        },
        Action::Enter { row } => {
            own_piece_in(pieces, seat, Field::B)?;
            dice.take_pair(row, action)?;
            let to = Field::C(row, 1);
            land_in_c_or_d(pieces, seat, to)?;
            Ok(effect(seat, Field::B, to))
        }
        Action::Leave { row, field } => {
            let from = Field::C(row, field);
            own_piece_on(pieces, seat, from)?;
            if usize::from(field) == ROW_LEN {
                dice.take_pair(row, action)?;
            } else if dice.count(row) == 2 && dice.used() == 0 {
                return Err(Refusal::new(
                    "helofag-not-exit",
                    format!("the pair {row} {row} leaves C only from C{row}.{ROW_LEN}; from {from} you need the triple {row} {row} {row}"),
                )
                .arg("field", from)
                .arg("number", row));
            } else {
                dice.take_triple(row, action)?;
            }
            let to = Field::D(row);
            land_in_c_or_d(pieces, seat, to)?;
            Ok(effect(seat, from, to))
        }
        Action::Triple { row } => {
            own_piece_in(pieces, seat, Field::B)?;
            dice.take_triple(row, action)?;
            let to = Field::D(row);
            land_in_c_or_d(pieces, seat, to)?;
            Ok(effect(seat, Field::B, to))
        }
        Action::Finish { row } => {
            let from = Field::D(row);
            own_piece_on(pieces, seat, from)?;
            dice.take_one(row)?;
            Ok(effect(seat, from, Field::Goal))
        }
    }
}

/// Moves the piece as `effect` says; returns the seat whose piece was captured (sent
/// back to B), if any. `effect` must come from [`resolve`] on the same `pieces`.
pub fn perform(pieces: &mut Pieces, effect: Effect) -> Option<Seat> {
    if !pieces.take(effect.owner, effect.from) {
        return None;
    }
    match pieces.put(effect.owner, effect.to) {
        Ok(captured) => captured,
        Err(()) => {
            // Unreachable after `resolve`; put the piece back rather than lose it.
            let _ = pieces.put(effect.owner, effect.from);
            None
        }
    }
}

/// The fields a piece passes through, from where it stood to where it lands (for
/// highlighting the last move): a step visits every field in between.
pub fn path(action: Action, effect: Effect) -> Vec<Field> {
    let mut fields = vec![effect.from];
    if let Action::Step { from, clockwise, die } = action {
        for s in 1..die {
            match from {
                Field::Start => fields.push(Field::A(Field::ring_step(0, clockwise, s))),
                Field::A(n) => fields.push(Field::A(Field::ring_step(n, clockwise, s))),
                Field::C(row, k) => fields.push(Field::C(row, k + s)),
                _ => {}
            }
        }
    }
    fields.push(effect.to);
    fields
}

/// Every action that could be legal for `seat` with `dice` (a superset; [`legal_actions`]
/// filters it).
fn candidates(pieces: &Pieces, seat: Seat, dice: &Dice) -> Vec<Action> {
    let mut list = Vec::new();
    let own_c: Vec<Field> = pieces.singles(seat).filter(|f| matches!(f, Field::C(..))).collect();
    for die in dice.values() {
        if pieces.count(seat, Field::Start) > 0 {
            for clockwise in [true, false] {
                list.push(Action::Step { from: Field::Start, clockwise, die });
            }
        }
        for (n, _) in pieces.occupied_ring() {
            for clockwise in [true, false] {
                list.push(Action::Step { from: Field::A(n), clockwise, die });
            }
        }
        for &from in &own_c {
            list.push(Action::Step { from, clockwise: true, die });
        }
        list.push(Action::Finish { row: die });
        if dice.count(die) >= 2 {
            list.push(Action::Enter { row: die });
            list.push(Action::Triple { row: die });
            for &from in &own_c {
                if let Field::C(row, field) = from
                    && row == die
                {
                    list.push(Action::Leave { row, field });
                }
            }
        }
    }
    list
}

/// The distinct legal actions for `seat` with the dice left, sorted.
pub fn legal_actions(pieces: &Pieces, seat: Seat, dice: &Dice) -> Vec<Action> {
    let mut list: Vec<Action> = candidates(pieces, seat, dice)
        .into_iter()
        .filter(|&a| resolve(pieces, seat, a, &mut dice.clone()).is_ok())
        .collect();
    list.sort();
    list.dedup();
    list
}

/// Whether `seat` has any legal action with the dice left.
pub fn any_legal_action(pieces: &Pieces, seat: Seat, dice: &Dice) -> bool {
    candidates(pieces, seat, dice).into_iter().any(|a| resolve(pieces, seat, a, &mut dice.clone()).is_ok())
}
