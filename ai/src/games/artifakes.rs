//! Artifakes: the hidden parts are the opponent's hand and the deck's order.

use rules::{
    artifakes::{Artifakes, FIELDS},
    rng::ChaCha20Rng, Game, Seat,
};
use serde_json::{json, Value};

use crate::{
    ai_game::{AiGame, Budget, Effort, MoveChances, Searched, Searching},
    chances::review_searched,
    knowledge::Knowledge,
    search::searched,
    AiError, SeatView,
};

/// Cards dealt per excavation: five to each of the two players, alternately.
const DEALT_PER_ROUND: usize = 10;
/// Each number 1-30 is on two cards.
const COPIES: usize = 2;


/// The deck positions dealt to `seat` in round `round` (0-based): the round's start
/// player gets the first card, then they alternate.
fn positions(start_player: Seat, round: usize, seat: Seat) -> impl Iterator<Item = usize> {
    let start = (start_player + round) % 2;
    (0..DEALT_PER_ROUND).filter(move |k| (start + k) % 2 == seat).map(move |k| round * DEALT_PER_ROUND + k)
}

/// Puts `card` on the first free position of `slots` in `deck`.
fn deal_to(deck: &mut [Option<u8>], slots: impl Iterator<Item = usize>, card: u8) -> Result<(), AiError> {
    for p in slots {
        if let Some(slot) = deck.get_mut(p)
            && slot.is_none()
        {
            *slot = Some(card);
            return Ok(());
        }
    }
    Err(AiError::World(format!("card {card} cannot have been dealt there")))
}

impl AiGame for Artifakes {
    const PLAYOUT_DEPTH: usize = 60;
    const LEAD: f64 = 4.0;

    fn sample_setup(view: &SeatView, rng: &mut ChaCha20Rng) -> Result<Value, AiError> {
        let Knowledge::Artifakes(known) = view.knowledge() else {
            return Err(AiError::World("the view holds no Artifakes knowledge".into()));
        };
        let mut deck: Vec<Option<u8>> = vec![None; usize::from(FIELDS) * COPIES];
        let plays = view.log().iter().zip(view.movers()).filter(|(entry, _)| entry.starts_with("play"));
        for (i, (entry, mover)) in plays.enumerate() {
            let card = entry.split_whitespace().nth(1).and_then(|c| c.parse::<u8>().ok());
            let (Some(card), Some(seat)) = (card, *mover) else {
                return Err(AiError::World(format!("cannot read the play {entry}")));
            };
            deal_to(&mut deck, positions(known.start_player, i / DEALT_PER_ROUND, seat), card)?;
        }
        if let Some(round) = known.dealt_rounds.checked_sub(1) {
            for &card in &known.hand {
                deal_to(&mut deck, positions(known.start_player, round, view.seat()), card)?;
            }
        }
        let mut unseen: Vec<u8> = (1..=FIELDS).flat_map(|n| std::iter::repeat_n(n, COPIES)).collect();
        for card in deck.iter().flatten() {
            if let Some(i) = unseen.iter().position(|c| c == card) {
                unseen.swap_remove(i);
            }
        }
        unseen.sort_unstable();
        rules::rng::shuffle(&mut unseen, rng);
        let mut unseen = unseen.into_iter();
        let deck: Vec<u8> = deck.into_iter().map(|c| c.or_else(|| unseen.next()).unwrap_or(1)).collect();
        let mut setup = known.setup.clone();
        if let Value::Object(map) = &mut setup {
            map.insert("deck".into(), json!(deck));
        }
        Ok(setup)
    }

    fn review_chances(view: &SeatView, played: &str, seen: &SeatView, effort: Effort, seed: u64) -> Result<MoveChances, AiError> {
        review_searched::<Self>(view, played, seen, effort, seed)
    }

    fn choose_level(view: &SeatView, level: Searching, rng: &mut ChaCha20Rng) -> Result<String, AiError> {
        searched::<Self>(view, level, rng)
    }

    /// The archaeologist's stone plus the finds waiting to be sold, and a quarter of
    /// the value still buried (finds to come, if the inspector gets there first).
    fn heuristic(&self, seat: Seat) -> f64 {
        let stones = self.scores().and_then(|s| s.get(seat).copied()).unwrap_or(0) as f64;
        let [_, buried, finds, _] = self.stock(seat);
        stones + f64::from(finds.value()) + 0.25 * f64::from(buried.value())
    }
}

impl Searched for Artifakes {
    fn budget(level: Searching) -> Budget {
        match level {
            Searching::Normal => Budget { worlds: 8, iterations: 250, exploration: 0.7, candidates: 0 },
            Searching::Hard | Searching::Master(_) => Budget { worlds: 24, iterations: 250, exploration: 0.7, candidates: 0 },
        }
    }
}
