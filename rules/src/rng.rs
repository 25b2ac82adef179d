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
