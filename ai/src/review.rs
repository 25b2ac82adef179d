//! Chances for the review of a finished game (issue 44): for each move, the mover's
//! chance to win before and after it and the move the AI prefers, estimated from the
//! mover's own view at that time ([`SeatView`]: its hand and the public log, never a card
//! or roll it could not know), with a fixed budget and seed, so a review is reproducible.
//!
//! The estimates are the search's own root statistics ([`crate::search`], determinized
//! UCT; Helofag: the race value its levels choose by), on the scale 0..=1 (a win 1, a
//! shared first place split; Hathor, played alone, values its score the same way).
//!
//! * **preferred**: the move a search with half the budget's playouts visits most.
//! * **before**: the mean reward through the preferred move, by a search of the same
//!   budget restricted to it (the most visited move's own mean is biased upwards).
//! * **after**: the mean reward through the played move, by a search restricted to it on
//!   the same sampled worlds (the same value as *before* when it is the preferred move).
//! * **luck**: the change of chance no decision made. Helofag: the roll (the chance with
//!   the roll minus the chance before it, the dice's expectation). Carat, Artifakes,
//!   Hathor: a draw after the move (the chance from the mover's view once the drawn
//!   tile, cards or stone are seen, by a search of the same budget, minus *after*).

use rand::SeedableRng;
use rules::{rng::ChaCha20Rng, GameKind, Match, Seat};

use crate::{
    games::{self, Effort, Searching},
    search::{self, Budget},
    AiError, Level, SeatView,
};

/// One move of a game as the review values it, every chance in 0..=1 for the mover.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveChances {
    /// The seat that made the move.
    pub seat: Seat,
    /// The mover's chance before the move (with its roll when it rolled).
    pub before: f64,
    /// The mover's chance after the played move (before anything is drawn).
    pub after: f64,
    /// The move the AI prefers, in the game's notation, and the chance after it.
    pub preferred: String,
    pub preferred_chance: f64,
    /// The change of chance from chance itself: the roll before the move (Helofag) or the
    /// draw after it; `None` when nothing was rolled or drawn.
    pub luck: Option<f64>,
}

/// The chances of the move `entry` played in `before` (which led to `after`), from the
/// mover's view of each position ([`SeatView::of`]: nothing hidden is read, so two games
/// with the same public moves and the same hands of the mover give the same chances).
/// `level` chooses the search budget: that of the AI level (`normal` is the default of a
/// review; `easy`, a quick review, a quarter of `normal`'s playouts); the same `seed`
/// gives the same chances. Runs synchronously (a blocking
/// task): about as long as one or two AI moves of `level` per move.
///
/// Returns `Ok(None)` for an event (`@resign 1`) or when nobody is to move in `before`.
///
/// # Errors
/// [`AiError::World`] when no world consistent with a view can be built.
pub fn review_move(before: &dyn Match, entry: &str, after: &dyn Match, level: Level, seed: u64) -> Result<Option<MoveChances>, AiError> {
    if entry.starts_with('@') {
        return Ok(None);
    }
    let Some(&seat) = before.to_move().first() else { return Ok(None) };
    let view = SeatView::of(before, seat)?;
    let seen = SeatView::of(after, seat)?;
    let effort = match level {
        Level::Easy => Effort { level: Searching::Normal, divisor: 4 },
        Level::Normal => Effort { level: Searching::Normal, divisor: 1 },
        Level::Hard => Effort { level: Searching::Hard, divisor: 1 },
    };
    games::review(before.kind(), &view, entry, &seen, effort, seed).map(Some)
}

/// [`review_move`] for a game that searches: [`search::tally`] with `budget`; `drew` says
/// whether the mover drew something after the move (then the luck is the change from the
/// search of `seen`).
pub(crate) fn searched<G: games::AiGame>(
    view: &SeatView,
    played: &str,
    seen: &SeatView,
    budget: Budget,
    drew: bool,
    seed: u64,
) -> Result<MoveChances, AiError> {
    let seat = view.seat();
    // The preferred move is chosen with half the playouts: it is valued again below.
    let choosing = Budget { iterations: (budget.iterations / 2).max(1), ..budget };
    let main = search::tally::<G>(view, choosing, None, &mut ChaCha20Rng::seed_from_u64(seed))?;
    let (preferred, _, preferred_mean) = main.best().ok_or(AiError::NotToMove(seat))?;
    // The preferred move valued again by a search of its own: the most visited move's
    // mean is biased upwards (it was chosen for doing well), and the played move is
    // valued the same way, on the same worlds.
    let focus = seed ^ 0xF0C0_5ED0;
    let before = search::focused::<G>(view, budget, preferred, focus)?.unwrap_or(preferred_mean);
    let after = if preferred == played { Some(before) } else { search::focused::<G>(view, budget, played, focus)? };
    // A move the search does not know (none should be) is valued as the preferred one:
    // no mark rather than a wrong one.
    let after = after.unwrap_or(before);
    let luck = if drew && !seen.log().is_empty() {
        let seen_tally = search::tally::<G>(seen, budget, None, &mut ChaCha20Rng::seed_from_u64(seed ^ 0x5eed))?;
        (seen_tally.playouts > 0.0).then(|| seen_tally.watch_sum / seen_tally.playouts - after)
    } else {
        None
    };
    Ok(MoveChances { seat, before, after, preferred: preferred.to_string(), preferred_chance: before, luck })
}

/// Whether `kind` has chance the review separates from the decisions: dice (Helofag) or
/// a drawn pile, cards or stones (Carat, Artifakes, Hathor).
pub fn has_luck(kind: GameKind) -> bool {
    !matches!(kind, GameKind::Aratoth)
}
