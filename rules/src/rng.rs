//! The seeded random number generators. All randomness of a game comes from its seed:
//! one stream resolves the setup, another draws chance that unfolds during play
//! (spec README, "Chance that unfolds during play").

use rand::SeedableRng;
pub use rand_chacha::ChaCha20Rng;

/// The generator that resolves a game's setup from its seed.
pub fn setup_rng(seed: u64) -> ChaCha20Rng {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    rng.set_stream(1);
    rng
}

/// The generator for chance drawn during play (dice, random symbols).
pub fn play_rng(seed: u64) -> ChaCha20Rng {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    rng.set_stream(2);
    rng
}

/// The seed of round `round` of a series of games played from one `seed` (a Hathor
/// tournament: every entrant plays the same deal in a round, a fresh one each round;
/// issue 39): the `round`-th number (counting from 0) of stream 3 of `seed`'s
/// generator, so the whole series replays from `seed` and the rounds' seeds are
/// independent draws (distinct positions of one ChaCha20 stream, apart from the setup's
/// and play's streams 1 and 2).
pub fn series_round_seed(seed: u64, round: u32) -> u64 {
    use rand::Rng;
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    rng.set_stream(3);
    rng.set_word_pos(u128::from(round) * 2);
    rng.next_u64()
}

/// Fisher-Yates shuffle driven by `rng` (uniform, deterministic for a given stream).
pub fn shuffle<T>(items: &mut [T], rng: &mut ChaCha20Rng) {
    use rand::RngExt;
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i);
        items.swap(i, j);
    }
}

/// A uniform index in `0..n` (`n` > 0).
pub fn index(n: usize, rng: &mut ChaCha20Rng) -> usize {
    use rand::RngExt;
    if n <= 1 { 0 } else { rng.random_range(0..n) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn a_series_round_seed_is_that_position_of_stream_three() {
        // Read stream 3 straight through: its k-th number is round k's seed.
        let mut rng = ChaCha20Rng::seed_from_u64(77);
        rng.set_stream(3);
        let straight: Vec<u64> = (0..6).map(|_| rng.next_u64()).collect();
        let jumped: Vec<u64> = (0..6).map(|round| series_round_seed(77, round)).collect();
        assert_eq!(jumped, straight);
    }

    #[test]
    fn series_round_seeds_replay_and_differ_by_round_and_seed() {
        assert_eq!(series_round_seed(5, 3), series_round_seed(5, 3));
        let seeds: std::collections::BTreeSet<u64> = (0..50).map(|round| series_round_seed(5, round)).collect();
        assert_eq!(seeds.len(), 50);
        assert_ne!(series_round_seed(5, 1), series_round_seed(6, 1));
        // Not the setup's stream: round 0 is not the setup's first number.
        assert_ne!(series_round_seed(5, 0), setup_rng(5).next_u64());
    }
}
