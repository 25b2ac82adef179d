//! Hathor: solo; the hidden part is the order of the stones still in the pile.

use rand::RngExt;
use rules::{
    hathor::{Field, Hathor, HathorMove, Stone, COLS, ROWS},
    rng::ChaCha20Rng, Seat,
};
use serde_json::{json, Value};

use crate::{
    ai_game::{AiGame, Budget, Effort, MoveChances, Searched, Searching},
    chances::review_searched,
    knowledge::Knowledge,
    search::halved,
    AiError, SeatView,
};


/// The score that counts as a reward of 1 (a good game of variant 1 is well below it).
const FULL_REWARD: f64 = 200_000.0;
/// How often a playout places at random rather than next to the most stones.
const PLAYOUT_NOISE: f64 = 0.2;


impl AiGame for Hathor {
    const PLAYOUT_DEPTH: usize = 80;
    const LEAD: f64 = 1.0;

    fn sample_setup(view: &SeatView, rng: &mut ChaCha20Rng) -> Result<Value, AiError> {
        let Knowledge::Hathor(known) = view.knowledge() else {
            return Err(AiError::World("the view holds no Hathor knowledge".into()));
        };
        let mut unseen: Vec<String> = Stone::all().flat_map(|s| [s.to_string(), s.to_string()]).collect();
        for stone in &known.seen {
            if let Some(i) = unseen.iter().position(|s| s == stone) {
                unseen.swap_remove(i);
            }
        }
        unseen.sort();
        rules::rng::shuffle(&mut unseen, rng);
        let mut setup = known.setup.clone();
        if let Value::Object(map) = &mut setup {
            map.insert("pile".into(), json!(known.seen.iter().chain(&unseen).collect::<Vec<_>>()));
        }
        Ok(setup)
    }

    fn review_chances(view: &SeatView, played: &str, seen: &SeatView, effort: Effort, seed: u64) -> Result<MoveChances, AiError> {
        review_searched::<Self>(view, played, seen, effort, seed)
    }

    /// Sequential halving over the legal fields ([`halved`]) with [`playouts`] of the
    /// level (`master`: as many as its CPU time allows).
    fn choose_level(view: &SeatView, level: Searching, rng: &mut ChaCha20Rng) -> Result<String, AiError> {
        halved::<Self>(view, playouts(level), level.cpu_budget(), rng)
    }

    /// The score so far.
    fn heuristic(&self, _seat: Seat) -> f64 {
        self.score() as f64
    }

    /// The score (with the end bonuses once the game is over) as a fraction of
    /// [`FULL_REWARD`]: in a solo game there is nobody to beat.
    fn rewards(&self, _players: usize) -> Vec<f64> {
        vec![self.score() as f64 / FULL_REWARD]
    }

    /// Next to the most stones (the highest score now), now and then anywhere; the
    /// legal fields in a list on the stack.
    fn playout_move(&self, rng: &mut ChaCha20Rng) -> Option<HathorMove> {
        let mut legal = [(Field { col: 0, row: 0 }, 0usize); COLS * ROWS];
        let mut n = 0;
        for (slot, found) in legal.iter_mut().zip(self.each_legal_field()) {
            *slot = found;
            n += 1;
        }
        let legal = legal.get(..n)?;
        if legal.is_empty() {
            return None;
        }
        if rng.random::<f64>() < PLAYOUT_NOISE {
            return legal.get(rules::rng::index(n, rng)).map(|&(f, _)| HathorMove::Place(f));
        }
        let most = legal.iter().map(|&(_, k)| k).max()?;
        let best = || legal.iter().filter(move |&&(_, k)| k == most);
        best().nth(rules::rng::index(best().count(), rng)).map(|&(f, _)| HathorMove::Place(f))
    }
}

/// The playouts a level's move gets in all (spread over the rounds of [`halved`]).
fn playouts(level: Searching) -> usize {
    match level {
        Searching::Normal => 2_560,
        Searching::Hard | Searching::Master(_) => 10_240,
    }
}

/// The budget of the review's search (determinized UCT, as the other games'); the
/// levels themselves choose by [`playouts`].
impl Searched for Hathor {
    fn budget(level: Searching) -> Budget {
        match level {
            Searching::Normal => Budget { worlds: 8, iterations: 80, exploration: 0.05, candidates: 0 },
            Searching::Hard | Searching::Master(_) => Budget { worlds: 16, iterations: 160, exploration: 0.05, candidates: 0 },
        }
    }
}
