//! What the `*_samples` examples share: playing a game forward by seeded random legal
//! moves, so each sample position is the same on every run.

use rules::Match;

/// Plays up to `moves` legal moves in `game`, each picked from the legal list by a small
/// LCG on `seed`; stops early when no move is left.
pub fn play_randomly(mut game: Box<dyn Match>, seed: u64, moves: usize) -> Box<dyn Match> {
    let mut state = seed;
    for _ in 0..moves {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let pick = (state >> 33) as usize % legal.len();
        game.play(&legal[pick]).expect("legal move");
    }
    game
}
