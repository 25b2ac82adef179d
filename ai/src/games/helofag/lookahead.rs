//! The Helofag AI's search: short greedy rollouts with common dice. Each shortlisted
//! turn (best by the one-ply value) is followed by `depth` more turns, every player
//! (this one included) playing the greedy turn that maximises its own chance to win,
//! and then valued by [`super::value`]. The first roll after the turn runs over all 56
//! distinct rolls (weighted by their probability), the later ones are drawn from the
//! seed; every candidate meets the same dice, so their differences are not noise of
//! the draw. The rollouts see what the position value leaves out: captures in C and
//! D, and players moving each other's pieces in A. No hidden information is sampled
//! (only the rolls to come are unknown), no clock is read: the work is fixed by the
//! plan's counts.

use std::{
    collections::HashMap,
    hash::{BuildHasherDefault, Hasher},
    rc::Rc,
};

use rand::RngExt;
use rules::{
    helofag::{play_on, transfer_on, turns_on, Field, Helofag, HelofagMove, Pieces, Roll},
    rng::ChaCha20Rng,
    Seat,
};

use super::{
    next_seat, removed,
    value::{capture_risks, rolls, seat_cdf, win_chances, Table},
};
use crate::{agent::Level, world, AiError, SeatView};

/// How much a level looks ahead: the turns it considers (best by the one-ply value),
/// the rollouts per first roll after the turn, the turns each rollout plays after the
/// candidate's, and a cap on the positions valued for one move (the time budget as a
/// count: once the next candidate would pass it, the candidates left are not looked at).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Plan {
    pub candidates: usize,
    pub per_roll: usize,
    pub depth: usize,
    pub max_values: usize,
    /// Whether the value counts the risk of capture ([`capture_risks`]).
    pub risk: bool,
}

impl Plan {
    /// One ply by the race value, no rollouts: the `greedy-value` baseline.
    pub(crate) const GREEDY: Plan = Plan { candidates: 1, per_roll: 0, depth: 0, max_values: 0, risk: false };

    /// The plan of `level` for `players` seats: `normal`'s rollout plays one round, up to
    /// and including this player's next turn, so that it ends where the one-ply value is
    /// taken (after this player's turn); `hard`'s plays two rounds, twice per first roll,
    /// and values with the risk of capture. (Three rollouts of one round for eight
    /// candidates, `hard` before, won 13 of 40 games against `normal`; two rounds won 40
    /// of 72 paired games, see the README.)
    pub(crate) fn of(level: Level, players: usize) -> Plan {
        match (level, players) {
            (Level::Easy, _) => Plan::GREEDY,
            (Level::Normal, _) => Plan { candidates: 6, per_roll: 1, depth: players, max_values: 150_000, risk: false },
            (Level::Hard, _) => Plan { candidates: 6, per_roll: 2, depth: 2 * players, max_values: 600_000, risk: true },
        }
    }
}

/// What valuing positions of one game needs, with the distributions already worked out.
struct Evaluator {
    players: usize,
    goal: u8,
    removed: Vec<bool>,
    table: &'static Table,
    /// Whether positions are valued with the risk of capture.
    risk: bool,
    /// Positions valued so far (calls of [`Evaluator::value`]).
    values: usize,
    /// [`seat_cdf`] by [`seat_key`] (and the capture risks, when counted).
    cache: HashMap<(u64, u64), Rc<[f64]>, BuildHasherDefault<KeyHasher>>,
}

impl Evaluator {
    fn new(game: &Helofag, risk: bool) -> Self {
        Evaluator {
            risk,
            players: game.players(),
            goal: game.goal(),
            removed: removed(game),
            table: Table::get(game.players()),
            values: 0,
            cache: HashMap::default(),
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
        self.values += 1;
        let mut cdfs: Vec<Option<Rc<[f64]>>> = vec![None; self.players];
        let mut seat = next;
        for rolls_before in 0..self.players {
            if !self.is_in(seat) {
                break;
            }
            let risks = if self.risk { capture_risks(pieces, seat) } else { Vec::new() };
            let key = (seat_key(pieces, seat, rolls_before), risk_key(&risks));
            let cdf = match self.cache.get(&key) {
                Some(c) => Rc::clone(c),
                None => {
                    let c = Rc::from(seat_cdf(self.table, pieces, seat, self.goal, rolls_before, &risks));
                    self.cache.insert(key, Rc::clone(&c));
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

    /// The pieces after `mover`'s turn `mv` with `roll` on `pieces` and every seat's
    /// chance to win (1 or 0 when the turn wins); `None` when the turn is illegal.
    fn after_turn(&mut self, pieces: &Pieces, mover: Seat, roll: Roll, mv: &HelofagMove) -> Option<(Pieces, Vec<f64>)> {
        let after = play_on(pieces, mover, roll, mv, self.goal).ok()?;
        if after.count(mover, Field::Goal) >= self.goal {
            let wins = (0..self.players).map(|s| if s == mover { 1.0 } else { 0.0 }).collect();
            return Some((after, wins));
        }
        let next = self.next(mover);
        let value = self.value(&after, next);
        Some((after, value))
    }

    /// The greedy turn of `mover` with `roll` on `pieces` (transfer done): the pieces
    /// after it and every seat's chance to win; `None` when the turn passes.
    fn greedy_turn(&mut self, pieces: &Pieces, mover: Seat, roll: Roll) -> Option<(Pieces, Vec<f64>)> {
        let mut best: Option<(Pieces, Vec<f64>)> = None;
        let mut seen: Vec<Pieces> = Vec::new();
        for mv in turns_on(pieces, mover, roll, self.goal) {
            // Turns that differ only in the order of their steps end alike.
            let Ok(after) = play_on(pieces, mover, roll, &mv, self.goal) else { continue };
            if seen.contains(&after) {
                continue;
            }
            seen.push(after);
            let Some((after, value)) = self.after_turn(pieces, mover, roll, &mv) else { continue };
            let theirs = value.get(mover).copied().unwrap_or(0.0);
            if best.as_ref().is_none_or(|(_, b)| theirs > b.get(mover).copied().unwrap_or(0.0) + 1e-12) {
                best = Some((after, value));
            }
        }
        best
    }

    /// `seat`'s chance to win after the end of a turn on `pieces`, `mover` rolling next,
    /// when the next turns are played greedily with `rolls` (one per turn, passes
    /// included).
    fn rollout(&mut self, pieces: &Pieces, mover: Seat, rolls: &[Roll], seat: Seat) -> f64 {
        let mut pieces = pieces.clone();
        let mut mover = mover;
        for &roll in rolls {
            transfer_on(&mut pieces, roll);
            if let Some((after, value)) = self.greedy_turn(&pieces, mover, roll) {
                if after.count(mover, Field::Goal) >= self.goal {
                    return value.get(seat).copied().unwrap_or(0.0);
                }
                pieces = after;
            }
            mover = self.next(mover);
        }
        self.value(&pieces, mover).get(seat).copied().unwrap_or(0.0)
    }
}

/// A key for the distribution of `seat`'s pieces with `rolls_before`: the counts on S,
/// in B and in Z and the single fields it holds (at most six, each 1..=78), packed.
fn seat_key(pieces: &Pieces, seat: Seat, rolls_before: usize) -> u64 {
    let count = |v: &[u8]| u64::from(v.get(seat).copied().unwrap_or(0));
    let mut key = (count(&pieces.start) << 6) | (count(&pieces.waiting) << 3) | count(&pieces.goal);
    key = (key << 3) | (rolls_before as u64 & 7);
    let singles = pieces.ring.iter().chain(pieces.rows.iter().flatten()).chain(pieces.d.iter());
    for (i, slot) in singles.enumerate() {
        if *slot == Some(seat) {
            key = (key << 7) | (i as u64 + 1);
        }
    }
    key
}

/// The capture risks as a key: their fields, chances and delays mixed (0 for none).
fn risk_key(risks: &[super::value::Risk]) -> u64 {
    let mut hasher = KeyHasher::default();
    for r in risks {
        hasher.write_u64(r.chance.to_bits());
        let field = match r.field {
            Field::C(p, k) => u64::from(p) * 16 + u64::from(k),
            Field::D(p) => 128 + u64::from(p),
            _ => 0,
        };
        hasher.write_u64(((r.delay as u64) << 8) | field);
    }
    hasher.finish()
}

/// A fast hasher for the `u64` keys of the evaluator's cache (multiplicative; the keys
/// are ours, not an adversary's).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// The dice of the rollouts: every distinct first roll with its probability, each
/// followed by `plan.depth − 1` drawn rolls, `plan.per_roll` times.
fn rollout_dice(plan: Plan, rng: &mut ChaCha20Rng) -> Vec<(f64, Vec<Roll>)> {
    let mut draw = || -> Roll { [rng.random_range(1..=6), rng.random_range(1..=6), rng.random_range(1..=6)] };
    let mut out = Vec::new();
    for &(first, weight) in rolls() {
        for _ in 0..plan.per_roll {
            let mut seq = vec![first];
            seq.extend((1..plan.depth).map(|_| draw()));
            out.push((weight / plan.per_roll as f64, seq));
        }
    }
    out
}

/// The move of the view's seat: the shortlist of `plan.candidates` turns with the best
/// one-ply value (distinct positions only), each valued by the mean of its rollouts.
///
/// # Errors
/// [`AiError::World`] when the position cannot be rebuilt from the view;
/// [`AiError::NotToMove`] when the seat has no turn.
pub(crate) fn choose(view: &SeatView, plan: Plan, rng: &mut ChaCha20Rng) -> Result<String, AiError> {
    let game: Helofag = world::sample(view, rng)?;
    choose_in(&game, view.seat(), plan, rng).map(|mv| mv.to_string())
}

/// [`choose`] on the game itself, for `seat` to move.
pub(crate) fn choose_in(game: &Helofag, seat: Seat, plan: Plan, rng: &mut ChaCha20Rng) -> Result<HelofagMove, AiError> {
    let roll = game.roll().ok_or(AiError::NotToMove(seat))?;
    let mut eval = Evaluator::new(game, plan.risk);
    let mut scored: Vec<(HelofagMove, Pieces, f64)> = Vec::new();
    for mv in game.legal_turns() {
        let Some((after, value)) = eval.after_turn(game.pieces(), seat, roll, &mv) else { continue };
        if after.count(seat, Field::Goal) >= game.goal() {
            return Ok(mv);
        }
        scored.push((mv, after, value.get(seat).copied().unwrap_or(0.0)));
    }
    scored.sort_by(|a, b| b.2.total_cmp(&a.2));
    let mut shortlist: Vec<(HelofagMove, Pieces)> = Vec::new();
    for (mv, after, _) in scored {
        if shortlist.len() >= plan.candidates.max(1) {
            break;
        }
        if shortlist.iter().all(|(_, p)| *p != after) {
            shortlist.push((mv, after));
        }
    }
    if shortlist.len() == 1 || plan.per_roll == 0 || plan.depth == 0 {
        return shortlist.first().map(|(mv, _)| *mv).ok_or(AiError::NotToMove(seat));
    }
    let dice = rollout_dice(plan, rng);
    let mover = next_seat(game, seat);
    let mut best: Option<(f64, HelofagMove)> = None;
    let mut most = 0;
    for (mv, after) in &shortlist {
        let before = eval.values;
        if most > 0 && before + most > plan.max_values {
            break;
        }
        let value: f64 = dice.iter().map(|(weight, seq)| weight * eval.rollout(after, mover, seq, seat)).sum();
        most = most.max(eval.values - before);
        if best.is_none_or(|(b, _)| value > b + 1e-12) {
            best = Some((value, *mv));
        }
    }
    best.map(|(_, mv)| mv).ok_or(AiError::NotToMove(seat))
}
#[cfg(test)]
mod tests {
    use rules::{Game, GameKind};

    use super::*;
    use crate::{Agent, Level};

    #[test]
    fn the_greedy_turn_captures_a_piece_waiting_at_the_end_of_its_row() {
        // Seat 1 waits on C2.8; seat 0 stands on C2.3 and rolls 5 1 1: C2.3+5 lands on
        // C2.8 and sends seat 1's piece back to B.
        let game = rules::helofag::Helofag::new(
            &rules::helofag::HelofagOptions::default(),
            2,
            rules::helofag::HelofagSetup { rolls: vec![[5, 1, 1].to_vec()], start_player: 0 },
            rules::Chance::none(),
        )
        .expect("a game");
        let mut eval = Evaluator::new(&game, false);
        let mut pieces = Pieces::new(2);
        pieces.start = vec![5, 5];
        pieces.rows[1][2] = Some(0);
        pieces.rows[1][7] = Some(1);
        let (after, value) = eval.greedy_turn(&pieces, 0, [5, 1, 1]).expect("a turn");
        assert_eq!(after.occupant(Field::C(2, 8)), Some(0));
        assert_eq!(after.count(1, Field::B), 1);
        let (_, before) = eval.greedy_turn(&pieces, 1, [6, 6, 4]).expect("a turn");
        assert!(value[0] > before[0]);
    }

    #[test]
    fn the_search_gives_the_same_move_for_the_same_seed() {
        let mut game = rules::open(GameKind::Helofag, &serde_json::json!({"players": 2}), 2, None, Some(3)).expect("game");
        for number in 0..12 {
            let seat = *game.to_move().first().expect("a seat to move");
            let view = SeatView::of(game.as_ref(), seat).expect("view");
            let mv = Agent::Greedy.choose(&view, number).expect("a move");
            game.play(&mv).expect("legal");
        }
        let view = SeatView::of(game.as_ref(), *game.to_move().first().expect("a seat")).expect("view");
        let first = Agent::Level(Level::Normal).choose(&view, 7).expect("a move");
        assert_eq!(first, Agent::Level(Level::Normal).choose(&view, 7).expect("a move"));
        assert!(view.legal_moves().iter().any(|m| first.starts_with(m.as_str())));
    }
}
