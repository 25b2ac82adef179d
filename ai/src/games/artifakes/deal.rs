//! A sampled Artifakes deck that agrees with a seat's view: the cards the seat has
//! seen (its own hands, every card played or wasted) at the deck positions they were
//! dealt from, the unseen cards shuffled into the rest, and the opponent's cards still
//! in hand drawn only from cards its wastes allow.
//!
//! A player may waste a card only while no card in its hand gives movement points
//! (spec "Excavating"), so an opponent's waste tells that every card it held then gave
//! it no points. Drawing the opponent's hidden cards from all unseen cards and rejecting
//! the worlds the log refutes (the world sampler's fallback) fails when few unseen cards
//! give it no points: in such positions every one of the sampler's tries could be
//! refuted and no world was found (issue 42: `ismcts:2000` failed two moves in 20 arena
//! games; the levels sample from the same code). Here the constraint is met by
//! construction, and the deck is still uniform among the decks that agree with the view.

use rules::{
    artifakes::{Artifakes, Phase, Way, FIELDS},
    rng::ChaCha20Rng,
    Played, Seat,
};
use serde_json::{json, Value};

use super::{COPIES, DEALT_PER_ROUND};
use crate::{knowledge::Knowledge, AiError, SeatView};

/// `allowed[card]`: the card may be one of the opponent's hidden cards (index 0 unused).
type Allowed = [bool; FIELDS as usize + 1];

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

/// The deck as the view fixes it.
struct Partial {
    /// The seen cards at their positions, `None` where the card is unseen.
    deck: Vec<Option<u8>>,
    /// The unseen cards, ascending.
    unseen: Vec<u8>,
    /// The positions of the opponent's cards of the current excavation that it still
    /// holds (unplayed), in dealing order.
    hidden_hand: Vec<usize>,
}

impl Partial {
    /// Places every card the view has seen: each played or wasted card at the next
    /// position of its player's deal in the round it was played, the seat's own hand at
    /// its positions of the last round dealt.
    fn of(view: &SeatView, start_player: Seat, dealt_rounds: usize, hand: &[u8]) -> Result<Partial, AiError> {
        let mut deck: Vec<Option<u8>> = vec![None; usize::from(FIELDS) * COPIES];
        let plays = view.log().iter().zip(view.movers()).filter(|(entry, _)| entry.starts_with("play"));
        for (i, (entry, mover)) in plays.enumerate() {
            let card = entry.split_whitespace().nth(1).and_then(|c| c.parse::<u8>().ok());
            let (Some(card), Some(seat)) = (card, *mover) else {
                return Err(AiError::World(format!("cannot read the play {entry}")));
            };
            deal_to(&mut deck, positions(start_player, i / DEALT_PER_ROUND, seat), card)?;
        }
        let mut hidden_hand = Vec::new();
        if let Some(round) = dealt_rounds.checked_sub(1) {
            for &card in hand {
                deal_to(&mut deck, positions(start_player, round, view.seat()), card)?;
            }
            let opponent = 1 - view.seat().min(1);
            hidden_hand = positions(start_player, round, opponent).filter(|&p| deck.get(p).is_some_and(Option::is_none)).collect();
        }
        let mut unseen: Vec<u8> = (1..=FIELDS).flat_map(|n| std::iter::repeat_n(n, COPIES)).collect();
        for card in deck.iter().flatten() {
            if let Some(i) = unseen.iter().position(|c| c == card) {
                unseen.swap_remove(i);
            }
        }
        unseen.sort_unstable();
        Ok(Partial { deck, unseen, hidden_hand })
    }

    /// A full deck: with `allowed`, the opponent's hidden cards first, each drawn
    /// uniformly from the unseen cards allowed and not drawn yet; then the other unseen
    /// cards shuffled into the free positions in order.
    ///
    /// # Errors
    /// [`AiError::World`] when fewer unseen cards are allowed than the opponent holds.
    fn fill(&self, allowed: Option<&Allowed>, rng: &mut ChaCha20Rng) -> Result<Vec<u8>, AiError> {
        let mut deck = self.deck.clone();
        let mut unseen = self.unseen.clone();
        if let Some(allowed) = allowed {
            for &p in &self.hidden_hand {
                let fits: Vec<usize> =
                    (0..unseen.len()).filter(|&i| unseen.get(i).is_some_and(|&c| allowed.get(usize::from(c)).copied().unwrap_or(false))).collect();
                if fits.is_empty() {
                    return Err(AiError::World("the opponent's wastes leave too few unseen cards for its hand".into()));
                }
                let i = fits.get(rules::rng::index(fits.len(), rng)).copied().unwrap_or(0);
                let card = unseen.remove(i);
                if let Some(slot) = deck.get_mut(p) {
                    *slot = Some(card);
                }
            }
        }
        rules::rng::shuffle(&mut unseen, rng);
        let mut unseen = unseen.into_iter();
        Ok(deck.into_iter().map(|c| c.or_else(|| unseen.next()).unwrap_or(1)).collect())
    }
}

/// The setup `known` with `deck`.
fn with_deck(setup: &Value, deck: Vec<u8>) -> Value {
    let mut setup = setup.clone();
    if let Value::Object(map) = &mut setup {
        map.insert("deck".into(), json!(deck));
    }
    setup
}

/// Whether the opponent of the view's seat wasted a card in the current excavation
/// (read from the log alone: a waste by it after the last bury).
fn opponent_wasted_lately(view: &SeatView) -> bool {
    let entries = view.log().iter().zip(view.movers()).rev();
    for (entry, mover) in entries {
        if entry.starts_with("bury") {
            return false;
        }
        if entry.ends_with(" waste") && mover.is_some_and(|m| m != view.seat()) {
            return true;
        }
    }
    false
}

/// Replays the view's log on a game of `setup` and narrows `allowed` at every waste of
/// the opponent in the excavation of round `dealt_rounds`: a card that gave the
/// opponent points just before it could not have been in its hand. Stops at the first
/// entry the game refuses (the deck's guess for the hidden cards was refuted there).
/// Returns whether the whole log replayed.
fn narrow(view: &SeatView, setup: Value, dealt_rounds: usize, allowed: &mut Allowed) -> Result<bool, AiError> {
    let mut played = Played::<Artifakes>::open(view.options(), view.players(), Some(setup), None).map_err(|e| AiError::World(e.to_string()))?;
    for (entry, mover) in view.log().iter().zip(view.movers()) {
        let game: &Artifakes = played.game();
        if entry.ends_with(" waste")
            && let Some(opponent) = mover.filter(|&m| m != view.seat())
            && game.phase() == Phase::Excavate
            && usize::from(game.round()) == dealt_rounds
        {
            for card in 1..=FIELDS {
                if Way::ALL.iter().any(|&way| game.points(opponent, card, way) > 0)
                    && let Some(a) = allowed.get_mut(usize::from(card))
                {
                    *a = false;
                }
            }
        }
        if rules::Match::play(&mut played, entry).is_err() {
            return Ok(false);
        }
    }
    Ok(true)
}

/// A full Artifakes setup that agrees with `view` (see the module docs), the deck
/// uniform among those that do.
///
/// # Errors
/// [`AiError::World`] when the view holds no Artifakes knowledge or its log cannot
/// have been dealt from any deck.
pub(super) fn sample_setup(view: &SeatView, rng: &mut ChaCha20Rng) -> Result<Value, AiError> {
    let Knowledge::Artifakes(known) = view.knowledge() else {
        return Err(AiError::World("the view holds no Artifakes knowledge".into()));
    };
    let partial = Partial::of(view, known.start_player, known.dealt_rounds, &known.hand)?;
    if partial.hidden_hand.is_empty() || !opponent_wasted_lately(view) {
        return Ok(with_deck(&known.setup, partial.fill(None, rng)?));
    }
    // The opponent's wastes are judged on the board as it stood then, which a replay
    // shows; a replay stops at a waste its guessed hand refutes, so each pass learns the
    // constraint of at least one more waste (a round has at most five of them).
    let mut allowed: Allowed = [true; FIELDS as usize + 1];
    for _ in 0..=DEALT_PER_ROUND {
        let setup = with_deck(&known.setup, partial.fill(Some(&allowed), rng)?);
        let before = allowed;
        let whole = narrow(view, setup.clone(), known.dealt_rounds, &mut allowed)?;
        if whole && before == allowed {
            return Ok(setup);
        }
    }
    Err(AiError::World("the opponent's wastes cannot be met by any hand".into()))
}

#[cfg(test)]
mod tests;
