//! Sampled worlds: full game states that agree with a [`SeatView`].

use rand::RngExt;
use rules::{rng::ChaCha20Rng, Match, Played};

use crate::{ai_game::AiGame, AiError, SeatView};

/// How many samples [`sample`] draws before it gives up: a sample can disagree with
/// what the log reveals beyond the cards themselves (an Artifakes player who wasted a
/// card held no card that gives points), and such samples are drawn again.
const TRIES: usize = 200;

/// A full state of the game that agrees with everything the seat knows: the hidden
/// parts of the setup are sampled ([`AiGame::sample_setup`]), chance still to come
/// (dice, Hathor variant 4's symbols) is drawn from a fresh seed, the game is created
/// by the rules' own validated constructor and the public log is replayed on it.
/// Samples the log refutes are rejected and drawn again, up to [`TRIES`] times.
///
/// # Errors
/// [`AiError::World`] when every sample was refuted (the message names the last
/// refused entry).
pub(crate) fn sample<G: AiGame>(view: &SeatView, rng: &mut ChaCha20Rng) -> Result<G, AiError> {
    let mut last = AiError::World("no sample drawn".into());
    for _ in 0..TRIES {
        match attempt::<G>(view, rng) {
            Ok(world) => return Ok(world),
            Err(e) => last = e,
        }
    }
    Err(last)
}

fn attempt<G: AiGame>(view: &SeatView, rng: &mut ChaCha20Rng) -> Result<G, AiError> {
    let setup = G::sample_setup(view, rng)?;
    let chance_seed: u64 = rng.random();
    let mut played = Played::<G>::open(view.options(), view.players(), Some(setup), Some(chance_seed))
        .map_err(|e| AiError::World(e.to_string()))?;
    for entry in view.log() {
        played.play(entry).map_err(|e| AiError::World(format!("{entry}: {e}")))?;
    }
    Ok(played.game().clone())
}
