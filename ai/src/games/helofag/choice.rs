//! How the Helofag levels choose a turn (spec `helofag.md`, "A turn"): every legal turn
//! is played, the position after it is valued with the next player to roll, and the best
//! one for the mover is kept, the first in the rules' order of the turns when several are
//! equal; a turn that reaches the goal count is taken at once. `normal` values by each
//! player's chance to win the race ([`super::value`]); `hard` in a two-player game by
//! the learnt correction of it ([`learnt`]), and with more players as `normal` does.
//! No hidden information is sampled (only the rolls to come are unknown) and no clock
//! is read.
//!
//! Searching further did not choose better: rollouts over the dice (each of a shortlist
//! of turns played on by greedy turns for one or two rounds) and an expectimax over the
//! next player's 56 rolls won 48–54 % against one ply at up to 3.6 s a move, and 3 of 20
//! four-player games against three one-ply players (15 %, a fair share 25 %; README,
//! "AI players").

use std::{
    collections::HashMap,
    hash::{BuildHasherDefault, Hasher},
    rc::Rc,
};

use rules::{
    helofag::{play_on, turns_on, Field, Helofag, HelofagMove, Pieces, Roll},
    rng::ChaCha20Rng,
    Game, Match, Seat,
};

use super::{
    learnt, removed,
    value::{seat_cdf, win_chances, Table},
};
use crate::{
    ai_game::{open_setup, Searching},
    world, AiError, SeatView,
};

/// How a level values the position after a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Valuation {
    /// Each player's chance to win the race ([`super::value`]): `normal`, and the
    /// `greedy-value` baseline.
    Race,
    /// In a two-player game the learnt correction of the race chance ([`learnt`]); with
    /// more players the race chance.
    Learnt,
}

impl Valuation {
    /// The valuation of `level` (`easy` plays the simple greedy turn or a random one and
    /// never asks).
    pub(crate) fn of(level: Searching) -> Valuation {
        match level {
            Searching::Normal => Valuation::Race,
            Searching::Hard | Searching::Master(_) => Valuation::Learnt,
        }
    }
}

/// What valuing positions of one game needs, with the distributions already worked out.
struct Evaluator {
    players: usize,
    goal: u8,
    removed: Vec<bool>,
    table: &'static Table,
    /// Whether two-player positions are valued by the learnt correction ([`learnt`]).
    learnt: bool,
    /// [`seat_cdf`] by [`seat_key`].
    cache: HashMap<u64, Rc<[f64]>, BuildHasherDefault<KeyHasher>>,
}

impl Evaluator {
    fn new(game: &Helofag, valuation: Valuation) -> Self {
        Evaluator {
            players: game.players(),
            goal: game.goal(),
            removed: removed(game),
            table: Table::get(game.players()),
            learnt: valuation == Valuation::Learnt,
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
        let mut cdfs: Vec<Option<Rc<[f64]>>> = vec![None; self.players];
        let mut seat = next;
        for rolls_before in 0..self.players {
            if !self.is_in(seat) {
                break;
            }
            let key = seat_key(pieces, seat, rolls_before);
            let cdf = match self.cache.get(&key) {
                Some(c) => Rc::clone(c),
                None => {
                    let c: Rc<[f64]> = Rc::from(seat_cdf(self.table, pieces, seat, self.goal, rolls_before));
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
        let race = win_chances(&cdfs, next);
        if self.learnt && self.players == 2 && self.is_in(0) && self.is_in(1) {
            let first = learnt::chance(&learnt::WEIGHTS, &learnt::inputs(pieces, 0, 1, next, race.first().copied().unwrap_or(0.5)));
            return vec![first, 1.0 - first];
        }
        race
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

/// The move of the view's seat valued by `valuation`: [`choose_in`] on the position the
/// view shows.
///
/// # Errors
/// [`AiError::World`] when the position cannot be rebuilt from the view;
/// [`AiError::NotToMove`] when the seat has no turn.
pub(crate) fn choose(view: &SeatView, valuation: Valuation, rng: &mut ChaCha20Rng) -> Result<String, AiError> {
    let game: Helofag = world::sample(view, rng)?;
    choose_in(&game, view.seat(), valuation).map(|mv| mv.to_string())
}

/// The turn of `seat` (to move in `game`) that leaves it the best value by `valuation`:
/// a winning turn at once, else the first of the legal turns with the highest value.
///
/// # Errors
/// [`AiError::NotToMove`] when the seat has no turn (no roll, or no legal turn).
pub(crate) fn choose_in(game: &Helofag, seat: Seat, valuation: Valuation) -> Result<HelofagMove, AiError> {
    let roll = game.roll().ok_or(AiError::NotToMove(seat))?;
    if !game.to_move().contains(&seat) {
        return Err(AiError::NotToMove(seat));
    }
    let mut eval = Evaluator::new(game, valuation);
    best_turn(&mut eval, game.pieces(), seat, roll).map(|(mv, _)| mv).ok_or(AiError::NotToMove(seat))
}

/// The best turn of `mover` with `roll` on `pieces` (the transfer done) by `eval`'s value,
/// and the pieces after it: a winning turn at once, else the first of the legal turns
/// (in the rules' order) with the highest value for the mover; `None` when the turn
/// passes.
fn best_turn(eval: &mut Evaluator, pieces: &Pieces, mover: Seat, roll: Roll) -> Option<(HelofagMove, Pieces)> {
    let mut best: Option<(f64, HelofagMove, Pieces)> = None;
    for mv in turns_on(pieces, mover, roll, eval.goal) {
        let Some((after, value)) = eval.after_turn(pieces, mover, roll, &mv) else { continue };
        if after.count(mover, Field::Goal) >= eval.goal {
            return Some((mv, after));
        }
        let value = value.get(mover).copied().unwrap_or(0.0);
        if best.as_ref().is_none_or(|(b, _, _)| value > *b) {
            best = Some((value, mv, after));
        }
    }
    best.map(|(_, mv, after)| (mv, after))
}

/// What a review needs of one Helofag turn, by the race value (`normal`'s valuation):
/// the mover's chance before its roll (the position after the previous turn, the mover
/// rolling next; `None` when the turn before was no move), its chance with the roll (its
/// best turn's), that best turn, and the chance after the `played` turn (`None` when it
/// is no legal turn).
pub(crate) struct TurnChances {
    pub before_roll: Option<f64>,
    pub with_roll: f64,
    pub best: String,
    pub played: Option<f64>,
}

/// [`TurnChances`] of the view's seat, to move, for its turn `played` (spec `helofag.md`,
/// "A turn"; no hidden information: the position is rebuilt from the view's log and the
/// rolls so far).
///
/// # Errors
/// [`AiError::World`] when the position cannot be rebuilt; [`AiError::NotToMove`] when the
/// seat has no turn.
pub(crate) fn turn_chances(view: &SeatView, played: &str, rng: &mut ChaCha20Rng) -> Result<TurnChances, AiError> {
    let seat = view.seat();
    let game: Helofag = world::sample(view, rng)?;
    let roll = game.roll().ok_or(AiError::NotToMove(seat))?;
    let mut eval = Evaluator::new(&game, Valuation::Race);
    let (best, with_roll) = best_turn(&mut eval, game.pieces(), seat, roll)
        .and_then(|(mv, after)| {
            let value = if after.count(seat, Field::Goal) >= eval.goal { 1.0 } else { eval.value(&after, eval.next(seat)).get(seat).copied()? };
            Some((mv, value))
        })
        .ok_or(AiError::NotToMove(seat))?;
    let played = game
        .parse_move(played)
        .ok()
        .and_then(|mv| eval.after_turn(game.pieces(), seat, roll, &mv))
        .and_then(|(_, value)| value.get(seat).copied());
    let before_roll = before_roll(view, &mut eval)?;
    Ok(TurnChances { before_roll, with_roll, best: best.to_string(), played })
}

/// The view's seat's race chance before its current roll: the pieces after the log's
/// last turn (played again on the position before it, so before this roll's transfer),
/// the seat rolling next; at the game's start the position as it is. `None` when the
/// last entry is an event.
fn before_roll(view: &SeatView, eval: &mut Evaluator) -> Result<Option<f64>, AiError> {
    let seat = view.seat();
    let Some((last, earlier)) = view.log().split_last() else {
        let start = rules::Played::<Helofag>::open(view.options(), view.players(), Some(open_setup(view)?), None)
            .map_err(|e| AiError::World(e.to_string()))?;
        return Ok(eval.value(start.game().pieces(), seat).get(seat).copied());
    };
    if last.starts_with('@') {
        return Ok(None);
    }
    let mut previous = rules::Played::<Helofag>::open(view.options(), view.players(), Some(open_setup(view)?), None)
        .map_err(|e| AiError::World(e.to_string()))?;
    for entry in earlier {
        previous.play(entry).map_err(|e| AiError::World(format!("{entry}: {e}")))?;
    }
    let game = previous.game();
    let (Some(&mover), Some(roll), Ok(mv)) = (game.to_move().first(), game.roll(), game.parse_move(last)) else { return Ok(None) };
    let Ok(after) = play_on(game.pieces(), mover, roll, &mv, eval.goal) else { return Ok(None) };
    Ok(eval.value(&after, seat).get(seat).copied())
}

#[cfg(test)]
mod fit;

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rules::{Game, GameKind};

    use super::*;
    use crate::{Agent, Level};

    /// A two-player game (goal 3) for its evaluator: the tests value their own pieces.
    fn two_players() -> Helofag {
        let setup = rules::helofag::HelofagSetup { rolls: vec![vec![1, 2, 3]], start_player: 0 };
        Helofag::new(&rules::helofag::HelofagOptions::default(), 2, setup, rules::Chance::none()).expect("a game")
    }

    #[test]
    fn the_best_turn_captures_a_piece_waiting_at_the_end_of_its_row() {
        // Seat 1 waits on C2.8; seat 0 stands on C2.3 and rolls 5 1 1: C2.3+5 lands on
        // C2.8 and sends seat 1's piece back to B.
        let game = two_players();
        let mut pieces = Pieces::new(2);
        pieces.start = vec![5, 5];
        pieces.rows[1][2] = Some(0);
        pieces.rows[1][7] = Some(1);
        let mut eval = Evaluator::new(&game, Valuation::Race);
        let (_, after) = best_turn(&mut eval, &pieces, 0, [5, 1, 1]).expect("a turn");
        assert_eq!(after.occupant(Field::C(2, 8)), Some(0));
        assert_eq!(after.count(1, Field::B), 1);
        // The learnt value (`hard`) keeps the threat instead: by the capture risk, seat
        // 1's piece on C2.8 is caught with chance 0.96 before its pair 2 2 comes (seat
        // 0's C2.3 reaches C2.8 with a 5 or two dice making 5, seat 1 leaves with 16
        // rolls in 216), and the turn brings two pieces from S into A.
        let mut eval = Evaluator::new(&game, Valuation::Learnt);
        let (mv, after) = best_turn(&mut eval, &pieces, 0, [5, 1, 1]).expect("a turn");
        assert_eq!((after.occupant(Field::C(2, 3)), after.occupant(Field::C(2, 8))), (Some(0), Some(1)), "{mv}");
        assert_eq!(after.count(0, Field::Start), 3, "{mv}");
    }

    /// `normal`'s move worked out by another route: every legal turn played with
    /// `play_on`, a winning one at once, else the first with the highest race chance by
    /// [`super::super::value::position_value`] (the value module's own whole-position
    /// function), the next seat rolling next.
    fn reference_normal(game: &Helofag, seat: Seat) -> HelofagMove {
        let roll = game.roll().expect("a roll");
        let players = game.players();
        let removed: Vec<bool> = (0..players).map(|s| game.is_removed(s)).collect();
        let next = (1..=players).map(|k| (seat + k) % players).find(|&s| !removed[s]).expect("another seat");
        let mut best: Option<(f64, HelofagMove)> = None;
        for mv in game.legal_turns() {
            let after = play_on(game.pieces(), seat, roll, &mv, game.goal()).expect("a legal turn");
            if after.count(seat, Field::Goal) >= game.goal() {
                return mv;
            }
            let chance = super::super::value::position_value(&after, game.goal(), &removed, next)[seat];
            if best.is_none_or(|(b, _)| chance > b) {
                best = Some((chance, mv));
            }
        }
        best.expect("a turn").1
    }

    #[test]
    fn normal_plays_the_turn_the_race_value_ranks_first_with_any_number_of_players() {
        for players in [2, 3, 4] {
            let mut game = rules::open(GameKind::Helofag, &serde_json::json!({"players": players}), players, None, Some(11)).expect("game");
            if players == 4 {
                // A seat that has left is skipped: seat 2 resigns before the first move.
                game.play("@resign 2").expect("seat 2 leaves");
            }
            for number in 0..40 {
                let Some(&seat) = game.to_move().first() else { break };
                let view = SeatView::of(game.as_ref(), seat).expect("view");
                let position: Helofag = world::sample(&view, &mut ChaCha20Rng::seed_from_u64(0)).expect("the position");
                let normal = Agent::Level(Level::Normal).choose(&view, number).expect("a move");
                assert_eq!(normal, reference_normal(&position, seat).to_string(), "{players} players, move {number}");
                // With more than two players nothing is learnt: `hard` plays as `normal`.
                if players > 2 {
                    assert_eq!(Agent::Level(Level::Hard).choose(&view, number).expect("a move"), normal);
                }
                game.play(&normal).expect("legal");
            }
        }
    }

    #[test]
    fn a_turn_that_reaches_the_goal_is_taken_at_once() {
        // Seat 0 has two pieces in Z and one on D4, and rolls 4 2 6: D4>Z wins.
        let game = two_players();
        let mut pieces = Pieces::new(2);
        pieces.start = vec![3, 6];
        pieces.goal[0] = 2;
        pieces.d[3] = Some(0);
        let mut eval = Evaluator::new(&game, Valuation::Race);
        let (mv, after) = best_turn(&mut eval, &pieces, 0, [4, 2, 6]).expect("a turn");
        assert_eq!(after.count(0, Field::Goal), 3, "{mv}");
    }

    /// A two-player game after `moves` greedy turns from seed 3, and the seat to move.
    fn midgame(moves: u64) -> (Box<dyn rules::Match>, Seat) {
        let mut game = rules::open(GameKind::Helofag, &serde_json::json!({"players": 2}), 2, None, Some(3)).expect("game");
        for number in 0..moves {
            let seat = *game.to_move().first().expect("a seat to move");
            let view = SeatView::of(game.as_ref(), seat).expect("view");
            let mv = Agent::Greedy.choose(&view, number).expect("a move");
            game.play(&mv).expect("legal");
        }
        let seat = *game.to_move().first().expect("a seat to move");
        (game, seat)
    }

    /// The position of a game as the search sees it.
    fn position(game: &dyn rules::Match, seat: Seat) -> (SeatView, Helofag) {
        let view = SeatView::of(game, seat).expect("view");
        let game: Helofag = world::sample(&view, &mut ChaCha20Rng::seed_from_u64(0)).expect("the position");
        (view, game)
    }

    /// Every legal turn of the seat to move with its race chance after it (the next
    /// player rolling next) and the pieces after it.
    fn race_after_each_turn(game: &Helofag, seat: Seat) -> Vec<(HelofagMove, Pieces, f64)> {
        let roll = game.roll().expect("a roll");
        let mut eval = Evaluator::new(game, Valuation::Race);
        game.legal_turns()
            .into_iter()
            .filter_map(|mv| eval.after_turn(game.pieces(), seat, roll, &mv).map(|(after, value)| (mv, after, value[seat])))
            .collect()
    }

    #[test]
    fn normal_plays_the_best_turn_by_the_race_value() {
        for moves in [4, 12, 20] {
            let (game, seat) = midgame(moves);
            let (view, game) = position(game.as_ref(), seat);
            let turns = race_after_each_turn(&game, seat);
            let best = turns.iter().map(|(_, _, race)| *race).fold(f64::NEG_INFINITY, f64::max);
            let normal = Agent::Level(Level::Normal).choose(&view, 5).expect("a move");
            assert_eq!(normal, Agent::GreedyValue.choose(&view, 5).expect("a move"));
            let normal = game.parse_move(&normal).expect("a turn");
            let (_, _, race) = turns.iter().find(|(mv, _, _)| *mv == normal).expect("a legal turn");
            assert!((race - best).abs() < 1e-12, "after move {moves}: {race} against the best {best}");
        }
    }

    #[test]
    fn hard_with_two_players_plays_the_best_turn_by_the_learnt_value() {
        let mut differs = 0;
        for moves in [4, 12, 20, 28] {
            let (game, seat) = midgame(moves);
            let (view, game) = position(game.as_ref(), seat);
            // The learnt chance of each turn, from its race chance and the pieces after it.
            let learnt = |after: &Pieces, race: f64| learnt::chance(&learnt::WEIGHTS, &learnt::inputs(after, seat, 1 - seat, 1 - seat, race));
            let turns = race_after_each_turn(&game, seat);
            let best = turns.iter().map(|(_, after, race)| learnt(after, *race)).fold(f64::NEG_INFINITY, f64::max);
            let hard = Agent::Level(Level::Hard).choose(&view, 5).expect("a move");
            differs += usize::from(hard != Agent::Level(Level::Normal).choose(&view, 5).expect("a move"));
            let hard = game.parse_move(&hard).expect("a turn");
            let (_, after, race) = turns.iter().find(|(mv, _, _)| *mv == hard).expect("a legal turn");
            assert!((learnt(after, *race) - best).abs() < 1e-12, "after move {moves}: {} against the best {best}", learnt(after, *race));
        }
        assert!(differs > 0, "hard and normal chose alike in every position");
    }
}
