//! Helofag's position value (spec `helofag.md`, "A turn" and "End"): how many of its
//! owner's turns a piece still needs to reach the goal Z, as a probability distribution,
//! and from that each player's chance to win the race.
//!
//! **One piece.** A piece is followed alone through a Markov chain whose step is one turn
//! of its owner: the dice of that turn (3d6, [`ROLLS`]), the A→B transfer of the owner's
//! own roll, and the move that brings the piece closest to Z by expected turns (at most
//! two dice, a pair or a triple, as the action table allows; other pieces are ignored).
//! Between two turns of its owner the other players roll `players − 1` times; a piece on a
//! jump field of A is transferred by each of those rolls with the field's probability
//! (single border: at least one die shows the number, 91/216; double: at least two do,
//! 16/216). Two queues are kept because they serialise pieces of one player: pieces in B
//! enter C one per roll that has a pair (96/216), so the `j`-th piece of B first waits for
//! `j − 1` such rolls; pieces on S leave at most two per turn, so the `j`-th waits
//! `⌈j/2⌉ − 1` turns.
//!
//! **One player.** A player needs `goal` minus its pieces in Z more pieces home; its
//! pieces are taken as independent, so the turns it needs are the order statistic of
//! their distributions.
//!
//! **The race.** A player wins when it reaches the goal count in an earlier turn than
//! every other player, or in the same round but seated earlier after the current point.
//! Captures and moves of other players' pieces in A are left out; the learnt correction of
//! `hard` ([`super::learnt`]) counts the risk of capture ([`capture_risks`]).

use std::sync::OnceLock;

use rules::{
    helofag::{Border, Field, Pieces, Roll, BOARD, RING, ROWS, ROW_LEN},
    Seat,
};

/// How many turns of its owner a distribution covers: `P(home within t turns)` for
/// `t = 0..=HORIZON`. A piece on S needs about 25 turns on average; the rest of the
/// mass (well under 1 %) counts as never.
pub(crate) const HORIZON: usize = 150;

/// The queue places kept for S and for B (a player has six pieces).
const QUEUE: usize = 6;
/// Chain state indices: `S` queue place `j` (1-based) is `S0 + j − 1`, and so on.
const S0: usize = 0;
const A0: usize = S0 + QUEUE;
const B0: usize = A0 + RING;
const C0: usize = B0 + QUEUE;
const D0: usize = C0 + ROWS * ROW_LEN;
const Z: usize = D0 + ROWS;
const STATES: usize = Z + 1;

/// The 56 distinct rolls of three dice (as multisets, ascending) with their
/// probabilities (1, 3 or 6 in 216).
static ROLLS: OnceLock<Vec<(Roll, f64)>> = OnceLock::new();

/// [`ROLLS`], made on first use.
fn rolls() -> &'static [(Roll, f64)] {
    ROLLS.get_or_init(|| {
        let mut list = Vec::with_capacity(56);
        for a in 1..=6u8 {
            for b in a..=6 {
                for c in b..=6 {
                    let orders = if a == c {
                        1.0
                    } else if a == b || b == c {
                        3.0
                    } else {
                        6.0
                    };
                    list.push(([a, b, c], orders / 216.0));
                }
            }
        }
        list
    })
}

/// The chance that one roll transfers a piece from a jump field with `border`:
/// 91/216 for a single border (at least one of three dice shows the number), 16/216
/// for a double one (at least two do: 15 rolls with exactly two, 1 with three).
pub(crate) fn transfer_chance(border: Border) -> f64 {
    match border {
        Border::Single => 91.0 / 216.0,
        Border::Double => 16.0 / 216.0,
    }
}

/// The state of a piece on `field`, queue places 1 for S and B.
fn state_of(field: Field) -> usize {
    match field {
        Field::Start => S0,
        Field::A(n) => A0 + usize::from(n).saturating_sub(1).min(RING - 1),
        Field::B => B0,
        Field::C(p, k) => {
            C0 + usize::from(p).saturating_sub(1).min(ROWS - 1) * ROW_LEN + usize::from(k).saturating_sub(1).min(ROW_LEN - 1)
        }
        Field::D(p) => D0 + usize::from(p).saturating_sub(1).min(ROWS - 1),
        Field::Goal => Z,
    }
}

/// The jump field's chance per roll of a state of A, `None` for every other state.
fn jump_chance(state: usize) -> Option<(u8, Border)> {
    if !(A0..A0 + RING).contains(&state) {
        return None;
    }
    let n = u8::try_from(state - A0 + 1).ok()?;
    BOARD.jump_field(n).map(|j| (j.number, j.border))
}

/// How many of the roll's dice show `n`.
fn showing(roll: Roll, n: u8) -> usize {
    roll.iter().filter(|&&d| d == n).count()
}

/// The ring field reached from ring position `from` (0: S) by `die` in either direction.
fn ring_targets(from: u8, die: u8) -> [usize; 2] {
    [true, false].map(|cw| A0 + usize::from(Field::ring_step(from, cw, die)) - 1)
}

/// The C field `Cp.k` as a state, if it may be entered (within the row, not black).
fn c_state(p: u8, k: u8) -> Option<usize> {
    (usize::from(k) <= ROW_LEN && k >= 1 && !BOARD.is_black(p, k)).then(|| state_of(Field::C(p, k)))
}

/// Where one piece in `state` (after the roll's transfer) can be at the end of a turn
/// with `roll`, staying put included. Steps may use one die or two different dice.
fn reach(state: usize, roll: Roll) -> Vec<usize> {
    let mut out = vec![state];
    let pairs = [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)];
    let die = |i: usize| roll.get(i).copied().unwrap_or(1);
    if (S0..S0 + QUEUE).contains(&state) {
        let place = state - S0 + 1;
        if place > 2 {
            // Two pieces ahead of it leave S first (at most two a turn).
            return vec![state - 2];
        }
        for &(i, j) in &pairs {
            for first in ring_targets(0, die(i)) {
                out.push(first);
                if let Ok(n) = u8::try_from(first - A0 + 1) {
                    out.extend(ring_targets(n, die(j)));
                }
            }
        }
    } else if (A0..A0 + RING).contains(&state) {
        let n = u8::try_from(state - A0 + 1).unwrap_or(1);
        for &(i, j) in &pairs {
            for first in ring_targets(n, die(i)) {
                out.push(first);
                if let Ok(m) = u8::try_from(first - A0 + 1) {
                    out.extend(ring_targets(m, die(j)));
                }
            }
        }
    } else if (B0..B0 + QUEUE).contains(&state) {
        let pair = (1..=6u8).find(|&p| showing(roll, p) >= 2);
        match pair {
            Some(_) if state > B0 => return vec![state - 1],
            Some(p) => {
                out.extend(c_state(p, 1));
                if showing(roll, p) == 3 {
                    out.push(state_of(Field::D(p)));
                }
            }
            None => {}
        }
    } else if (C0..D0).contains(&state) {
        let (p, k) = (((state - C0) / ROW_LEN + 1) as u8, ((state - C0) % ROW_LEN + 1) as u8);
        for &(i, j) in &pairs {
            if let Some(first) = c_state(p, k + die(i)) {
                out.push(first);
                out.extend(c_state(p, k + die(i) + die(j)));
            }
        }
        if showing(roll, p) == 3 || (usize::from(k) == ROW_LEN && showing(roll, p) == 2) {
            out.push(state_of(Field::D(p)));
        }
    } else if (D0..Z).contains(&state) {
        let p = (state - D0 + 1) as u8;
        if showing(roll, p) >= 1 {
            out.push(Z);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The state a piece in `state` is in after the transfer of `roll` (spec "A turn", 2).
fn transferred(state: usize, roll: Roll) -> usize {
    match jump_chance(state) {
        Some((number, border)) if showing(roll, number) >= border.dice_needed() => B0,
        _ => state,
    }
}

/// The distributions of one piece for a game of `players`.
pub(crate) struct Table {
    /// For each state: the expected turns of its owner to Z, counted from just before
    /// the owner's roll.
    #[cfg_attr(not(test), allow(dead_code))]
    expected: Vec<f64>,
    /// For each state: `P(home within t turns)`, `t = 0..=HORIZON`, from just before the
    /// owner's roll.
    cdf: Vec<Vec<f64>>,
    /// For each state of A: the chance that a piece there at the end of its owner's turn
    /// survives the other players' rolls untransferred.
    #[cfg_attr(not(test), allow(dead_code))]
    survive: Vec<f64>,
}

impl Table {
    /// Works out the chain for `players` seats: the expected turns by value iteration,
    /// then the distributions under the policy that minimises them.
    fn new(players: usize) -> Table {
        let rolls = rolls();
        let others = i32::try_from(players.saturating_sub(1)).unwrap_or(1);
        let survive: Vec<f64> = (0..STATES)
            .map(|s| jump_chance(s).map_or(1.0, |(_, border)| (1.0 - transfer_chance(border)).powi(others)))
            .collect();
        let choices: Vec<Vec<Vec<usize>>> =
            (0..STATES).map(|s| rolls.iter().map(|&(roll, _)| reach(transferred(s, roll), roll)).collect()).collect();
        // End of turn on `y`: the other players' rolls may still transfer it.
        let end = |values: &[f64], y: usize| {
            let a = survive.get(y).copied().unwrap_or(1.0);
            a * values.get(y).copied().unwrap_or(0.0) + (1.0 - a) * values.get(B0).copied().unwrap_or(0.0)
        };
        let mut expected = vec![0.0; STATES];
        for _ in 0..5000 {
            let mut change: f64 = 0.0;
            for s in 0..Z {
                let mut total = 1.0;
                for (&(_, weight), options) in rolls.iter().zip(&choices[s]) {
                    let best = options.iter().map(|&y| end(&expected, y)).fold(f64::INFINITY, f64::min);
                    total += weight * best;
                }
                change = change.max((total - expected[s]).abs());
                expected[s] = total;
            }
            if change < 1e-9 {
                break;
            }
        }
        let policy: Vec<Vec<usize>> = choices
            .iter()
            .map(|per_roll| {
                per_roll
                    .iter()
                    .map(|options| {
                        options
                            .iter()
                            .copied()
                            .min_by(|&a, &b| end(&expected, a).total_cmp(&end(&expected, b)))
                            .unwrap_or(Z)
                    })
                    .collect()
            })
            .collect();
        let mut by_turn = vec![vec![0.0; STATES]; HORIZON + 1];
        by_turn[0][Z] = 1.0;
        for t in 1..=HORIZON {
            let (done, todo) = by_turn.split_at_mut(t);
            let prev = &done[t - 1];
            let next = &mut todo[0];
            for s in 0..Z {
                next[s] = rolls.iter().zip(&policy[s]).map(|(&(_, w), &y)| w * end(prev, y)).sum();
            }
            next[Z] = 1.0;
        }
        let cdf = (0..STATES).map(|s| by_turn.iter().map(|row| row[s]).collect()).collect();
        Table { expected, cdf, survive }
    }

    /// The table for `players` seats (2–6), made on first use.
    pub(crate) fn get(players: usize) -> &'static Table {
        static TABLES: [OnceLock<Table>; 7] = [const { OnceLock::new() }; 7];
        let players = players.clamp(2, 6);
        TABLES[players].get_or_init(|| Table::new(players))
    }

    /// The expected turns of its owner a piece on `field` needs to reach Z, counted from
    /// just before the owner's roll, when it is first in the queues of S and B.
    #[cfg(test)]
    pub(crate) fn expected_turns(&self, field: Field) -> f64 {
        self.expected.get(state_of(field)).copied().unwrap_or(0.0)
    }

    /// `P(home within t turns)` of a piece on `field` (queue place `place`, 1-based, for
    /// S and B), with `rolls_before` rolls of other players still to come before its
    /// owner's own roll: the distribution if it stays, the one if it is transferred to B
    /// first, and the chance that it stays.
    fn piece_cdf_parts(&self, field: Field, place: usize, rolls_before: usize) -> (&[f64], &[f64], f64) {
        let place = place.clamp(1, QUEUE) - 1;
        let state = match field {
            Field::Start => S0 + place,
            Field::B => B0 + place,
            other => state_of(other),
        };
        let own: &[f64] = self.cdf.get(state).map_or(&[], |c| c.as_slice());
        match jump_chance(state) {
            Some((_, border)) if rolls_before > 0 => {
                let stay = (1.0 - transfer_chance(border)).powi(i32::try_from(rolls_before).unwrap_or(i32::MAX));
                let moved = self.cdf.get(B0 + place).map_or(own, |c| c.as_slice());
                (own, moved, stay)
            }
            _ => (own, own, 1.0),
        }
    }

    /// [`Table::piece_cdf_parts`] mixed into one distribution.
    #[cfg(test)]
    fn piece_cdf(&self, field: Field, place: usize, rolls_before: usize) -> Vec<f64> {
        let (own, moved, stay) = self.piece_cdf_parts(field, place, rolls_before);
        own.iter().zip(moved).map(|(a, b)| stay * a + (1.0 - stay) * b).collect()
    }

    /// The chance that a piece on A field `n` at the end of its owner's turn is still
    /// there at the owner's next roll (1 for plain fields).
    #[cfg(test)]
    pub(crate) fn survives(&self, n: u8) -> f64 {
        self.survive.get(state_of(Field::A(n))).copied().unwrap_or(1.0)
    }
}

/// The chance that one roll lets a piece on `Cp.j` step onto `Cp.k` (`j < k`): a die
/// showing `k − j`, or two dice adding up to it whose first step does not end on a black
/// field (other pieces in between are not looked at).
fn step_hit(p: u8, j: u8, k: u8) -> f64 {
    static HITS: OnceLock<Vec<f64>> = OnceLock::new();
    let hits = HITS.get_or_init(|| {
        let mut hits = vec![0.0; ROWS * ROW_LEN * ROW_LEN];
        for (row, by_row) in hits.chunks_mut(ROW_LEN * ROW_LEN).enumerate() {
            let p = row as u8 + 1;
            for (i, slot) in by_row.iter_mut().enumerate() {
                let (j, k) = ((i / ROW_LEN) as u8 + 1, (i % ROW_LEN) as u8 + 1);
                if k <= j {
                    continue;
                }
                let d = k - j;
                let mut count = 0u32;
                for a in 1..=6u8 {
                    for b in 1..=6u8 {
                        for c in 1..=6u8 {
                            let roll = [a, b, c];
                            let one = roll.contains(&d);
                            let two = (0..3).any(|x| {
                                (0..3).any(|y| {
                                    x != y && roll[x] + roll[y] == d && !BOARD.is_black(p, j + roll[x])
                                })
                            });
                            if one || two {
                                count += 1;
                            }
                        }
                    }
                }
                *slot = f64::from(count) / 216.0;
            }
        }
        hits
    });
    let (p, j, k) = (usize::from(p), usize::from(j), usize::from(k));
    if p == 0 || j == 0 || k == 0 || p > ROWS || j > ROW_LEN || k > ROW_LEN {
        return 0.0;
    }
    hits.get((p - 1) * ROW_LEN * ROW_LEN + (j - 1) * ROW_LEN + (k - 1)).copied().unwrap_or(0.0)
}

/// The risk that a piece of one player in C or D is captured before it moves on: the
/// field and the chance.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Risk {
    pub field: Field,
    pub chance: f64,
}

/// The capture risks of `seat`'s pieces in C and D from the other players' pieces (spec
/// "A turn": landing on another player's piece in C or D captures it). Per roll of another
/// player: a piece behind in the same row steps onto it ([`step_hit`]); a pair *p p*
/// brings a piece from B onto `Cp.1` or from `Cp.8` onto `Dp`; a triple *p p p* brings a
/// piece from B or row `Cp` onto `Dp`. Each roll's threats are taken as independent and
/// every threat as taken. A piece on `Cp.8` is exposed until its own pair *p p* (16/216 a
/// turn), one on `Dp` until its die *p* (91/216); one elsewhere in C moves on and is
/// exposed for one round.
pub(crate) fn capture_risks(pieces: &Pieces, seat: Seat) -> Vec<Risk> {
    let players = pieces.start.len();
    let mut risks = Vec::new();
    for field in pieces.singles(seat) {
        let (p, own_leave) = match field {
            Field::C(p, 8) => (p, Some(16.0 / 216.0)),
            Field::C(p, _) => (p, None),
            Field::D(p) => (p, Some(91.0 / 216.0)),
            _ => continue,
        };
        let mut safe = 1.0;
        for other in (0..players).filter(|&o| o != seat) {
            let mut safe_roll = 1.0;
            let in_b = pieces.count(other, Field::B) > 0;
            let row = |k: u8| pieces.occupant(Field::C(p, k)) == Some(other);
            match field {
                Field::C(_, k) => {
                    for j in 1..k {
                        if row(j) {
                            safe_roll *= 1.0 - step_hit(p, j, k);
                        }
                    }
                    if k == 1 && in_b {
                        safe_roll *= 1.0 - 16.0 / 216.0;
                    }
                }
                _ => {
                    if row(8) {
                        safe_roll *= 1.0 - 16.0 / 216.0;
                    }
                    if in_b || (1..8).any(row) {
                        safe_roll *= 1.0 - 1.0 / 216.0;
                    }
                }
            }
            safe *= safe_roll;
        }
        let hazard = 1.0 - safe;
        if hazard <= 0.0 {
            continue;
        }
        let chance = match own_leave {
            Some(q) => hazard / (hazard + q - hazard * q),
            None => hazard,
        };
        risks.push(Risk { field, chance });
    }
    risks
}

/// `P(T ≤ t)` for `t = 0..=HORIZON`, `T` the turns `seat` needs to bring `goal` pieces
/// into Z, with `rolls_before` rolls of other players before its own next roll.
pub(crate) fn seat_cdf(table: &Table, pieces: &Pieces, seat: Seat, goal: u8, rolls_before: usize) -> Vec<f64> {
    let fields = pieces.fields_of(seat);
    let home = fields.iter().filter(|f| **f == Field::Goal).count();
    let need = usize::from(goal).saturating_sub(home);
    if need == 0 {
        return vec![1.0; HORIZON + 1];
    }
    let waiting = fields.iter().filter(|f| **f == Field::B).count();
    let (mut on_start, mut in_b) = (0, 0);
    let parts: Vec<(&[f64], &[f64], f64)> = fields
        .iter()
        .filter(|f| **f != Field::Goal)
        .map(|&f| {
            let place = match f {
                Field::Start => {
                    on_start += 1;
                    on_start
                }
                Field::B => {
                    in_b += 1;
                    in_b
                }
                // A piece transferred from A joins B behind those waiting there.
                _ => waiting + 1,
            };
            table.piece_cdf_parts(f, place, rolls_before)
        })
        .collect();
    let at = |c: &[f64], t: usize| c.get(t).copied().unwrap_or(0.0);
    (0..=HORIZON)
        .map(|t| at_least(parts.iter().map(|&(own, moved, stay)| stay * at(own, t) + (1.0 - stay) * at(moved, t)), need))
        .collect()
}

/// The chance that at least `need` (at most 6) of independent events with chances `ps`
/// happen.
fn at_least(ps: impl Iterator<Item = f64>, need: usize) -> f64 {
    // dist[c]: P(exactly c so far), dist[need]: P(need or more).
    let need = need.min(6);
    let mut dist = [0.0f64; 7];
    dist[0] = 1.0;
    for p in ps {
        for c in (0..=need).rev() {
            let stay = if c == need { dist[c] } else { dist[c] * (1.0 - p) };
            let from_below = if c > 0 { dist[c - 1] * p } else { 0.0 };
            dist[c] = stay + from_below;
        }
    }
    dist[need]
}

/// Each seat's chance to win from a position where seat `next` rolls next and then the
/// others in seating order, given each seat's [`seat_cdf`] (computed with its number of
/// rolls before its own). Removed seats (`None`) get 0. The little mass beyond the
/// horizon is shared equally. Distributions shorter than the horizon count as done.
pub(crate) fn win_chances<C: AsRef<[f64]>>(cdfs: &[Option<C>], next: Seat) -> Vec<f64> {
    let n = cdfs.len();
    // The seats in the order they roll from now, with their distributions.
    let order: Vec<(Seat, &[f64])> = (0..n)
        .map(|i| (next + i) % n)
        .filter_map(|s| cdfs.get(s).and_then(Option::as_ref).map(|c| (s, c.as_ref())))
        .collect();
    let k = order.len();
    let cdf = |c: &[f64], t: usize| c.get(t).copied().unwrap_or(1.0);
    let mut wins = vec![0.0; n];
    // before[i]: product over seats before i of P(not done by round t);
    // after[i]: product over seats after i of P(not done before round t).
    let mut before = vec![1.0; k + 1];
    let mut after = vec![1.0; k + 1];
    for t in 1..=HORIZON {
        for (i, &(_, c)) in order.iter().enumerate() {
            before[i + 1] = before[i] * (1.0 - cdf(c, t));
        }
        for (i, &(_, c)) in order.iter().enumerate().rev() {
            after[i] = after[i + 1] * (1.0 - cdf(c, t - 1));
        }
        for (i, &(s, c)) in order.iter().enumerate() {
            let here = cdf(c, t) - cdf(c, t - 1);
            if here > 0.0 {
                wins[s] += here * before[i] * after[i + 1];
            }
        }
        // What any seat can still win after round t is at most the chance that nobody
        // is done by then.
        if before[k] < 1e-6 {
            break;
        }
    }
    let left = (1.0 - wins.iter().sum::<f64>()).max(0.0);
    if k > 0 {
        for &(s, _) in &order {
            wins[s] += left / k as f64;
        }
    }
    wins
}

/// Each seat's chance to win when seat `next` rolls next (see [`win_chances`]).
#[cfg(test)]
pub(crate) fn position_value(pieces: &Pieces, goal: u8, removed: &[bool], next: Seat) -> Vec<f64> {
    let n = pieces.start.len();
    let table = Table::get(n);
    let active: Vec<Seat> = (0..n).filter(|&s| !removed.get(s).copied().unwrap_or(false)).collect();
    let cdfs: Vec<Option<Vec<f64>>> = (0..n)
        .map(|s| -> Option<Vec<f64>> {
            let place = active.iter().position(|&a| a == s)?;
            let first = active.iter().position(|&a| a >= next).unwrap_or(0);
            let rolls_before = (place + active.len() - first) % active.len();
            Some(seat_cdf(table, pieces, s, goal, rolls_before))
        })
        .collect();
    win_chances(&cdfs, next)
}

#[cfg(test)]
mod tests {
    //! The numbers here are worked out by hand from the dice (three fair dice, 216
    //! equally likely rolls), not copied from the code.

    use rules::helofag::{Field, Pieces};

    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-6
    }

    #[test]
    fn the_56_rolls_carry_all_216_outcomes() {
        assert_eq!(rolls().len(), 56);
        assert!(close(rolls().iter().map(|r| r.1).sum(), 1.0));
        // At least one die shows a 4: 1 - (5/6)^3 = 91/216; at least two: 15 + 1 = 16.
        let p = |pred: &dyn Fn(Roll) -> bool| rolls().iter().filter(|r| pred(r.0)).map(|r| r.1).sum::<f64>();
        assert!(close(p(&|r| showing(r, 4) >= 1), 91.0 / 216.0));
        assert!(close(p(&|r| showing(r, 4) >= 2), 16.0 / 216.0));
        // Some pair or triple: all but the 6 * 5 * 4 rolls of three different numbers.
        assert!(close(p(&|r| (1..=6).any(|n| showing(r, n) >= 2)), 96.0 / 216.0));
    }

    #[test]
    fn expected_turns_of_a_piece_in_d_and_at_the_end_of_c() {
        let table = Table::get(2);
        // D3 -> Z needs one die 3: 91/216 a turn, so 216/91 turns on average.
        let d3 = 216.0 / 91.0;
        assert!(close(table.expected_turns(Field::D(3)), d3));
        // C3.8 -> D3 needs the pair 3 3 (16/216 a turn: 13.5 turns), then D3 as above.
        let c38 = 216.0 / 16.0 + d3;
        assert!(close(table.expected_turns(Field::C(3, 8)), c38));
        // C3.7: a 1 steps to C3.8 (91/216), the triple 3 3 3 jumps to D3 (1/216; it
        // has no 1), else it waits: E = (1 + 91/216 E(C3.8) + 1/216 E(D3)) / (92/216).
        let c37 = (1.0 + 91.0 / 216.0 * c38 + 1.0 / 216.0 * d3) / (92.0 / 216.0);
        assert!(close(table.expected_turns(Field::C(3, 7)), c37));
        assert!((c37 - 18.075).abs() < 1e-3);
        // In B the piece still has the whole row ahead of it.
        assert!(table.expected_turns(Field::B) > c38);
    }

    #[test]
    fn chance_to_be_home_within_a_few_turns() {
        let table = Table::get(2);
        let within = |f: Field, t: usize| table.piece_cdf(f, 1, 0)[t];
        assert!(close(within(Field::D(3), 1), 91.0 / 216.0));
        // C3.8: the pair 3 3 in the first turn, then a 3 in the second.
        assert!(close(within(Field::C(3, 8), 2), 16.0 / 216.0 * 91.0 / 216.0));
        assert!(close(within(Field::C(3, 8), 1), 0.0));
        // B within 3 turns: a triple p p p (6 of 216) jumps to Dp, then a die p in one
        // of the two turns left (1 - (125/216)^2); or a pair p p enters Cp.1 (15/216
        // for each p), the triple p p p jumps from there (1/216), a p finishes (91/216);
        // or a roll without pair or triple (120/216), then a triple, then its number.
        let b3 = 6.0 / 216.0 * (1.0 - (125.0f64 / 216.0).powi(2))
            + 6.0 * 15.0 * 91.0 / 216f64.powi(3)
            + 120.0 * 6.0 * 91.0 / 216f64.powi(3);
        assert!(close(within(Field::B, 3), b3), "{} vs {b3}", within(Field::B, 3));
        assert!((b3 - 0.025789).abs() < 1e-5);
    }

    #[test]
    fn pieces_on_jump_fields_are_transferred_by_the_other_players_rolls() {
        // A2 has a single border (91/216 per roll), A4 a double one (16/216).
        assert!(close(Table::get(2).survives(2), 125.0 / 216.0));
        assert!(close(Table::get(2).survives(4), 200.0 / 216.0));
        assert!(close(Table::get(4).survives(2), (125.0f64 / 216.0).powi(3)));
        assert!(close(Table::get(4).survives(1), 1.0));
        // A single-border field is the better place to wait.
        let table = Table::get(2);
        assert!(table.expected_turns(Field::A(2)) < table.expected_turns(Field::A(4)));
        assert!(table.expected_turns(Field::A(2)) < table.expected_turns(Field::Start));
    }

    #[test]
    fn a_race_of_two_pieces_in_d() {
        // Goal 1; seat 0 has one piece on D3, seat 1 one on D5, seat 1 rolls first.
        // Each finishes in a turn with chance p = 91/216; seat 1 wins when it finishes
        // no later than seat 0: P = p / (1 - (1-p)^2) = 1 / (2 - p) = 216 / 341.
        let mut pieces = Pieces::new(2);
        pieces.start = vec![0, 0];
        pieces.d[2] = Some(0);
        pieces.d[4] = Some(1);
        let wins = position_value(&pieces, 1, &[false, false], 1);
        assert!(close(wins[1], 216.0 / 341.0));
        assert!(close(wins[0], 125.0 / 341.0));
    }

    #[test]
    fn a_race_where_nobody_can_finish_at_once() {
        // Goal 1; seat 0 on C3.8 (the pair 3 3, then a 3), seat 1 on D5 (a 5): nobody is
        // home after one turn of seat 1, yet seat 1 is far ahead.
        let mut pieces = Pieces::new(2);
        pieces.start = vec![0, 0];
        pieces.rows[2][7] = Some(0);
        pieces.d[4] = Some(1);
        let wins = position_value(&pieces, 1, &[false, false], 0);
        assert!(wins[1] > 0.8, "{wins:?}");
        assert!(close(wins[0] + wins[1], 1.0));
    }

    #[test]
    fn a_second_piece_in_b_waits_for_the_first() {
        let table = Table::get(2);
        let within = |place: usize, t: usize| table.piece_cdf(Field::B, place, 0)[t];
        // First in B, home within 2 turns: only a triple p p p (6/216) to Dp, then a p.
        assert!(close(within(1, 2), 6.0 * 91.0 / 216f64.powi(2)));
        // Second in B: the first pair or triple (96/216) goes to the piece ahead of it.
        assert!(close(within(2, 2), 0.0));
        assert!(close(within(2, 3), 96.0 * 6.0 * 91.0 / 216f64.powi(3)));
    }

    #[test]
    fn a_piece_behind_in_the_row_hits_with_a_die_or_two() {
        // C1.1 to C1.2: a die 1, 91/216.
        assert!(close(step_hit(1, 1, 2), 91.0 / 216.0));
        // C2.1 to C2.8: seven fields, only two dice: {1,6}, {2,5} or {3,4} (4 then 3,
        // as C2.4 is black). Rolls without two dice adding up to 7: the dice of each
        // pair {1,6}, {2,5}, {3,4} all show the same side, sum over the ways to share
        // three dice among the pairs of 2^(pairs used): 3·2 + 18·4 + 6·8 = 126; hits
        // 216 − 126 = 90.
        assert!(close(step_hit(2, 1, 8), 90.0 / 216.0));
        // C1.1 to C1.8: {2,5} would stop on the black C1.3 or C1.6, so only {1,6} or
        // {3,4}: without them (dice of {1,6} alike, of {3,4} alike, 2 and 5 free)
        // 156 rolls, hits 60.
        assert!(close(step_hit(1, 1, 8), 60.0 / 216.0));
        assert!(close(step_hit(1, 8, 2), 0.0));
    }

    #[test]
    fn a_piece_waiting_on_the_end_of_its_row_may_be_caught_first() {
        // Seat 0 on C2.8, seat 1 on C2.1: a hit h = 90/216 a round against seat 0's
        // pair 2 2, q = 16/216 a turn; caught first: h / (h + q − hq) = 19440/21456.
        let mut pieces = Pieces::new(2);
        pieces.start = vec![5, 5];
        pieces.rows[1][7] = Some(0);
        pieces.rows[1][0] = Some(1);
        let risks = capture_risks(&pieces, 0);
        assert_eq!(risks.len(), 1);
        assert_eq!(risks[0].field, Field::C(2, 8));
        assert!(close(risks[0].chance, 19440.0 / 21456.0));
        // Nothing is ahead of seat 1's piece on C2.1, and seat 0 has no piece in B.
        assert!(capture_risks(&pieces, 1).is_empty());
    }
}
