//! The Helofag AI's search: an expectimax one opponent turn deep. Each shortlisted turn
//! (best by the one-ply value) is valued by the mean, over the 56 distinct rolls of the
//! next player weighted by their probability, of the position after that player's
//! greedy reply (the reply that maximises its own chance to win). The search sees the
//! captures and the moves of its pieces in A that the position value leaves out.
//! No hidden information is sampled (only the rolls to come are unknown, and they are
//! enumerated), no clock is read: the work is fixed by the shortlist's length.

use std::collections::HashMap;

use rules::{
    helofag::{play_on, transfer_on, turns_on, Field, Helofag, HelofagMove, Pieces, Roll},
    rng::ChaCha20Rng,
    Seat,
};

use super::{
    next_seat, removed,
    value::{rolls, seat_cdf, win_chances, Table},
};
use crate::{search::Budget, world, AiError, SeatView};

/// What valuing positions of one game needs, with the distributions already worked out.
struct Evaluator {
    players: usize,
    goal: u8,
    removed: Vec<bool>,
    table: &'static Table,
    /// [`seat_cdf`] by (the seat's fields, rolls before its own).
    cache: HashMap<(Vec<Field>, usize), Vec<f64>>,
}

impl Evaluator {
    fn new(game: &Helofag) -> Self {
        Evaluator {
            players: game.players(),
            goal: game.goal(),
            removed: removed(game),
            table: Table::get(game.players()),
            cache: HashMap::new(),
        }
    }

    fn is_in(&self, seat: Seat) -> bool {
        seat < self.players && !self.removed.get(seat).copied().unwrap_or(true)
    }

    /// The seat after `seat` still in the game.
    fn next(&self, seat: Seat) -> Seat {
        (1..=self.players).map(|k| (seat + k) % self.players).find(|&s| self.is_in(s)).unwrap_or(seat)
    }

    /// Every seat's chance to win when `next` rolls next.
    fn value(&mut self, pieces: &Pieces, next: Seat) -> Vec<f64> {
        let mut cdfs: Vec<Option<Vec<f64>>> = vec![None; self.players];
        let mut seat = next;
        for rolls_before in 0..self.players {
            if !self.is_in(seat) {
                break;
            }
            let key = (pieces.fields_of(seat), rolls_before);
            let cdf = match self.cache.get(&key) {
                Some(c) => c.clone(),
                None => {
                    let c = seat_cdf(self.table, pieces, seat, self.goal, rolls_before);
                    self.cache.insert(key, c.clone());
                    c
                }
            };
            if let Some(slot) = cdfs.get_mut(seat) {
                *slot = Some(cdf);
            }
            seat = self.next(seat);
            if seat == next {
                break;
            }
        }
        win_chances(&cdfs, next)
    }

    /// `seat`'s chance to win after `mover`'s turn `mv` with `roll` on `pieces`: 1 or 0
    /// when the turn wins, `None` when it is illegal.
    fn after_turn(&mut self, pieces: &Pieces, mover: Seat, roll: Roll, mv: &HelofagMove, seat: Seat) -> Option<(Pieces, Vec<f64>)> {
        let after = play_on(pieces, mover, roll, mv, self.goal).ok()?;
        if after.count(mover, Field::Goal) >= self.goal {
            let wins = (0..self.players).map(|s| if s == mover { 1.0 } else { 0.0 }).collect();
            return Some((after, wins));
        }
        let _ = seat;
        let next = self.next(mover);
        let value = self.value(&after, next);
        Some((after, value))
    }

    /// `seat`'s chance to win from the end of a turn on `pieces` when `mover` rolls
    /// next, averaged over `mover`'s rolls, `mover` answering each greedily.
    fn reply_value(&mut self, pieces: &Pieces, mover: Seat, seat: Seat) -> f64 {
        let mut total = 0.0;
        for &(roll, weight) in rolls() {
            let mut rolled = pieces.clone();
            transfer_on(&mut rolled, roll);
            let turns = turns_on(&rolled, mover, roll, self.goal);
            let mut best: Option<(f64, f64)> = None;
            for mv in &turns {
                let Some((_, value)) = self.after_turn(&rolled, mover, roll, mv, seat) else { continue };
                let (theirs, ours) = (value.get(mover).copied().unwrap_or(0.0), value.get(seat).copied().unwrap_or(0.0));
                if best.is_none_or(|(b, _)| theirs > b + 1e-12) {
                    best = Some((theirs, ours));
                }
            }
            let ours = match best {
                Some((_, ours)) => ours,
                // The turn passes: the next seat rolls.
                None => {
                    let next = self.next(mover);
                    self.value(&rolled, next).get(seat).copied().unwrap_or(0.0)
                }
            };
            total += weight * ours;
        }
        total
    }
}

/// The move of the view's seat: the shortlist of `budget.candidates` turns with the
/// best one-ply value (distinct positions only), each valued by [`Evaluator::reply_value`].
///
/// # Errors
/// [`AiError::World`] when the position cannot be rebuilt from the view;
/// [`AiError::NotToMove`] when the seat has no turn.
pub(crate) fn choose(view: &SeatView, budget: Budget, rng: &mut ChaCha20Rng) -> Result<String, AiError> {
    let seat = view.seat();
    let game: Helofag = world::sample(view, rng)?;
    let roll = game.roll().ok_or(AiError::NotToMove(seat))?;
    let mut eval = Evaluator::new(&game);
    let mut scored: Vec<(HelofagMove, Pieces, f64)> = Vec::new();
    for mv in game.legal_turns() {
        let Some((after, value)) = eval.after_turn(game.pieces(), seat, roll, &mv, seat) else { continue };
        let mine = value.get(seat).copied().unwrap_or(0.0);
        if after.count(seat, Field::Goal) >= game.goal() {
            return Ok(mv.to_string());
        }
        scored.push((mv, after, mine));
    }
    scored.sort_by(|a, b| b.2.total_cmp(&a.2));
    let mut shortlist: Vec<(HelofagMove, Pieces)> = Vec::new();
    for (mv, after, _) in scored {
        if shortlist.len() >= budget.candidates.max(1) {
            break;
        }
        if shortlist.iter().all(|(_, p)| *p != after) {
            shortlist.push((mv, after));
        }
    }
    if shortlist.len() == 1 {
        return shortlist.first().map(|(mv, _)| mv.to_string()).ok_or(AiError::NotToMove(seat));
    }
    let mover = next_seat(&game, seat);
    let mut best: Option<(f64, HelofagMove)> = None;
    for (mv, after) in &shortlist {
        let value = eval.reply_value(after, mover, seat);
        if best.is_none_or(|(b, _)| value > b + 1e-12) {
            best = Some((value, *mv));
        }
    }
    best.map(|(_, mv)| mv.to_string()).ok_or(AiError::NotToMove(seat))
}
