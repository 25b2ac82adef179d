//! The search behind the review ([`crate::review`]): a move's chances before and after
//! it, the preferred move and the luck of a draw, from the mover's view with a fixed
//! budget and seed.

use rand::SeedableRng;
use rules::{rng::ChaCha20Rng, GameKind};

use crate::{
    ai_game::{AiGame, Budget, Effort, MoveChances, Searched},
    search, AiError, SeatView,
};

/// [`AiGame::review_chances`] of a game that searches: the effort's budget, the luck of a
/// draw when [`AiGame::drew`] says the mover drew.
pub(crate) fn review_searched<G: Searched>(view: &SeatView, played: &str, seen: &SeatView, effort: Effort, seed: u64) -> Result<MoveChances, AiError> {
    let drew = G::drew(view.knowledge(), seen.knowledge());
    let mut budget = G::review_budget(effort.level);
    budget.iterations = (budget.iterations / effort.divisor.max(1)).max(1);
    searched::<G>(view, played, seen, budget, drew, seed)
}

/// `review_move` for a game that searches: [`search::tally`] with `budget`; `drew` says
/// whether the mover drew something after the move (then the luck is the change from the
/// search of `seen`).
pub(crate) fn searched<G: AiGame>(
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

/// Whether `kind`'s chance is dice (Helofag: the review says a player "rolled" well or
/// badly); the other games with chance draw it from a pile, cards or stones ("drew").
pub fn rolls(kind: GameKind) -> bool {
    matches!(kind, GameKind::Helofag)
}

/// Whether `kind` has chance the review separates from the decisions: dice (Helofag) or
/// a drawn pile, cards or stones (Carat, Artifakes, Hathor).
pub fn has_luck(kind: GameKind) -> bool {
    !matches!(kind, GameKind::Aratoth)
}
