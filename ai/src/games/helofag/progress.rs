//! Helofag's simple score, the greedy baseline's measure (as Carat's greedy counts
//! points): how far a player's pieces have come along their path, in the game's own
//! terms (spec `helofag.md`, "Board" and "A turn").
//!
//! A piece's path is S → A → B → `Cp.1` … `Cp.8` → `Dp` → Z: one step into A, one to
//! B (the transfer from a jump field), one into C, seven along a row, one to D and one
//! into the goal, twelve in all. A piece counts the steps it has come; standing on a
//! jump field of A, from which the next roll that meets its border sends it to B, is
//! half the step to B. A piece in the goal counts most: double its path.
//!
//! | where | counts |
//! |---|---|
//! | `S` | 0 |
//! | A, plain field | 1 |
//! | A, jump field | 1.5 |
//! | `B` | 2 |
//! | `Cp.k` | 2 + k (`Cp.1` 3, `Cp.8` 10) |
//! | `Dp` | 11 |
//! | `Z` | 24 |
//!
//! Bringing a piece home (+13) counts more than any capture takes from another player
//! (a piece on `Dp` sent back to B: 11 − 2 = 9). A player's score is the sum over its
//! six pieces; the greedy player takes the turn that leaves its score furthest ahead of
//! the best other player's, so a capture counts for the capturer too.

use rules::{
    helofag::{Field, Pieces, BOARD},
    Seat,
};

/// What a piece on `field` counts (see the module's table).
pub(crate) fn piece(field: Field) -> f64 {
    match field {
        Field::Start => 0.0,
        Field::A(n) if BOARD.jump_field(n).is_some() => 1.5,
        Field::A(_) => 1.0,
        Field::B => 2.0,
        Field::C(_, k) => 2.0 + f64::from(k.clamp(1, 8)),
        Field::D(_) => 11.0,
        Field::Goal => 24.0,
    }
}

/// `seat`'s score: the sum of what its pieces count.
pub(crate) fn score(pieces: &Pieces, seat: Seat) -> f64 {
    pieces.fields_of(seat).into_iter().map(piece).sum()
}

#[cfg(test)]
mod tests {
    //! The scores are added up by hand from the module's table (the path of the spec).

    use rules::helofag::Pieces;

    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn six_pieces_on_the_start_count_nothing() {
        assert!(close(score(&Pieces::new(2), 0), 0.0));
        assert!(close(score(&Pieces::new(4), 3), 0.0));
    }

    #[test]
    fn a_piece_counts_the_steps_of_its_path() {
        assert!(close(piece(Field::A(1)), 1.0));
        // A2 (number 1, single border) and A4 (4, double) are jump fields, A23 is plain.
        assert!(close(piece(Field::A(2)), 1.5));
        assert!(close(piece(Field::A(4)), 1.5));
        assert!(close(piece(Field::A(23)), 1.0));
        assert!(close(piece(Field::B), 2.0));
        // S, A, B, then C3.1 is the third step and C3.8 the tenth.
        assert!(close(piece(Field::C(3, 1)), 3.0));
        assert!(close(piece(Field::C(3, 8)), 10.0));
        assert!(close(piece(Field::C(1, 5)), 7.0));
        assert!(close(piece(Field::D(6)), 11.0));
        // Twelve steps to Z, counted double.
        assert!(close(piece(Field::Goal), 24.0));
    }

    #[test]
    fn a_mixed_position() {
        // Seat 0: S, S, A7 (plain), A10 (jump), B, Z = 0 + 0 + 1 + 1.5 + 2 + 24 = 28.5.
        // Seat 1: S × 3, C2.3, C5.8, D1 = 0 + 5 + 10 + 11 = 26.
        let mut pieces = Pieces::new(2);
        pieces.start = vec![2, 3];
        pieces.ring[6] = Some(0);
        pieces.ring[9] = Some(0);
        pieces.waiting = vec![1, 0];
        pieces.goal = vec![1, 0];
        pieces.rows[1][2] = Some(1);
        pieces.rows[4][7] = Some(1);
        pieces.d[0] = Some(1);
        assert!(close(score(&pieces, 0), 28.5));
        assert!(close(score(&pieces, 1), 26.0));
    }
}
