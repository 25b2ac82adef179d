//! A learnt correction of the race value for two players (issue 17, `hard`): the chance
//! that a seat wins, by logistic regression on the logit of its race chance
//! ([`super::value`]) and the differences between the two seats' piece counts per stage
//! and capture risks, fitted on the outcomes of self-play (see the README, "AI players",
//! and the ignored test `choice::fit::fit_the_learnt_value`).

use rules::{
    helofag::{Border, Field, Pieces, BOARD, ROWS},
    Seat,
};

use super::value::capture_risks;

/// The features of one seat, in this order: pieces in Z; 1 with two or more in Z; pieces
/// in B; 1 with two or more in B; pieces in D; on `Cp.8`; on `Cp.6`–`Cp.7`; on
/// `Cp.4`–`Cp.5`; on `Cp.2`–`Cp.3`; on `Cp.1`; the rows of C it has pieces in; pieces on
/// single jump fields, double jump fields and plain fields of A; the sum of its capture
/// risks' chances ([`capture_risks`]).
pub(crate) const FEATURES: usize = 15;

/// The model's inputs: the race logit, the [`FEATURES`] differences (the seat's minus
/// the other's), the cubed race logit over 10, and +1/−1 for the seat rolling next or not.
/// Every input is odd in the seat (the other seat's inputs are their negatives), so the two
/// seats' chances add up to 1.
pub(crate) const INPUTS: usize = FEATURES + 3;

/// The weights fitted by `choice::fit::fit_the_learnt_value` (see there), one per input.
pub(crate) const WEIGHTS: [f64; INPUTS] = [
    0.74, // race logit
    0.732, -0.006, // Z, two or more in Z
    0.15, -0.064, // B, two or more in B
    0.58, // D
    0.32, 0.168, 0.209, 0.244, 0.225, // Cp.8, Cp.6–7, Cp.4–5, Cp.2–3, Cp.1
    0.009, // rows of C
    0.067, 0.043, -0.007, // single, double, plain fields of A
    -0.328, // capture risk
    0.024, // cubed race logit / 10
    0.019, // rolls next
];

/// [`FEATURES`] of `seat`.
pub(crate) fn features(pieces: &Pieces, seat: Seat) -> [f64; FEATURES] {
    let mut f = [0.0; FEATURES];
    let home = pieces.count(seat, Field::Goal);
    let waiting = pieces.count(seat, Field::B);
    f[0] = f64::from(home);
    f[1] = if home >= 2 { 1.0 } else { 0.0 };
    f[2] = f64::from(waiting);
    f[3] = if waiting >= 2 { 1.0 } else { 0.0 };
    let mut rows = [false; ROWS];
    for field in pieces.singles(seat) {
        let i = match field {
            Field::D(_) => 4,
            Field::C(_, 8) => 5,
            Field::C(_, 6..) => 6,
            Field::C(_, 4..) => 7,
            Field::C(_, 2..) => 8,
            Field::C(_, _) => 9,
            Field::A(n) => match BOARD.jump_field(n).map(|j| j.border) {
                Some(Border::Single) => 11,
                Some(Border::Double) => 12,
                None => 13,
            },
            Field::Start | Field::B | Field::Goal => continue,
        };
        if let Field::C(p, _) = field
            && let Some(row) = rows.get_mut(usize::from(p).wrapping_sub(1))
        {
            *row = true;
        }
        f[i] += 1.0;
    }
    f[10] = rows.iter().filter(|&&r| r).count() as f64;
    f[14] = capture_risks(pieces, seat).iter().map(|r| r.chance).sum();
    f
}

/// The inputs for `seat` of a two-player game whose other seat is `other`, `next`
/// rolling next, and `race` the seat's race chance.
pub(crate) fn inputs(pieces: &Pieces, seat: Seat, other: Seat, next: Seat, race: f64) -> [f64; INPUTS] {
    let mine = features(pieces, seat);
    let theirs = features(pieces, other);
    let mut x = [0.0; INPUTS];
    let p = race.clamp(1e-6, 1.0 - 1e-6);
    x[0] = (p / (1.0 - p)).ln();
    for i in 0..FEATURES {
        x[i + 1] = mine[i] - theirs[i];
    }
    x[INPUTS - 2] = x[0].powi(3) / 10.0;
    x[INPUTS - 1] = if next == seat { 1.0 } else { -1.0 };
    x
}

/// The chance to win for inputs `x` under `weights` (the logistic of their product).
/// The inputs of the two seats are opposite, so their chances add up to 1.
pub(crate) fn chance(weights: &[f64], x: &[f64]) -> f64 {
    let z: f64 = weights.iter().zip(x).map(|(w, v)| w * v).sum();
    1.0 / (1.0 + (-z).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seat 0: Z, B, D2, C3.8, C1.5, A2 (single, 1); seat 1: A4 (double, 4), A5
    /// (plain), C2.2, C4.1, two on S.
    fn position() -> Pieces {
        let mut pieces = Pieces::new(2);
        pieces.start = vec![0, 2];
        pieces.goal[0] = 1;
        pieces.waiting[0] = 1;
        pieces.d[1] = Some(0);
        pieces.rows[2][7] = Some(0);
        pieces.rows[0][4] = Some(0);
        pieces.ring[1] = Some(0);
        pieces.ring[3] = Some(1);
        pieces.ring[4] = Some(1);
        pieces.rows[1][1] = Some(1);
        pieces.rows[3][0] = Some(1);
        pieces
    }

    #[test]
    fn the_features_count_each_stage_and_the_capture_risk() {
        let pieces = position();
        // Only D2 is at risk: seat 1 has pieces in rows C2 and C4; C2's triple 2 2 2
        // (1/216 a roll) lands on D2, until seat 0's own die 2 (91/216) takes it home.
        // Per roll h = 1/216, q = 91/216; the chance that the capture comes first is
        // h / (h + q − hq) = 216 / (216 + 19656 − 91) = 216/19781.
        let risk = 216.0 / 19781.0;
        let mine = features(&pieces, 0);
        // Z 1, B 1, D 1, C3.8, C1.5 (rows 1 and 3), A2 single.
        let want = [1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 0.0, 2.0, 1.0, 0.0, 0.0, risk];
        for (i, (got, want)) in mine.iter().zip(want).enumerate() {
            assert!((got - want).abs() < 1e-12, "seat 0, feature {i}: {mine:?}");
        }
        // Seat 1: C2.2 and C4.1 (rows 2 and 4), A4 double, A5 plain. C2.2 has nothing of
        // seat 0 behind it, but seat 0's piece in B enters C4.1 with the pair 4 4
        // (16/216 a roll); a piece before `Cp.8` moves on, so that is its risk.
        let theirs = features(&pieces, 1);
        let want = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 2.0, 0.0, 1.0, 1.0, 16.0 / 216.0];
        for (i, (got, want)) in theirs.iter().zip(want).enumerate() {
            assert!((got - want).abs() < 1e-12, "seat 1, feature {i}: {theirs:?}");
        }
    }

    #[test]
    fn two_in_z_or_in_b_are_marked() {
        let mut pieces = Pieces::new(2);
        pieces.start = vec![2, 6];
        pieces.goal[0] = 2;
        pieces.waiting[0] = 2;
        let f = features(&pieces, 0);
        assert_eq!(&f[..4], &[2.0, 1.0, 2.0, 1.0]);
    }

    #[test]
    fn the_inputs_are_the_race_logit_the_differences_and_who_rolls() {
        let pieces = position();
        let x = inputs(&pieces, 0, 1, 1, 0.75);
        assert!((x[0] - 3f64.ln()).abs() < 1e-12);
        assert_eq!(&x[1..15], &[1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0, -1.0, -1.0, 0.0, 1.0, -1.0, -1.0]);
        assert!((x[15] - (216.0 / 19781.0 - 16.0 / 216.0)).abs() < 1e-12);
        assert!((x[16] - 3f64.ln().powi(3) / 10.0).abs() < 1e-12);
        assert_eq!(x[17], -1.0, "seat 1 rolls next");
        // The race weight alone gives the race chance back.
        let mut race_only = [0.0; INPUTS];
        race_only[0] = 1.0;
        assert!((chance(&race_only, &x) - 0.75).abs() < 1e-12);
        // The two seats' chances add up to 1 under the fitted weights.
        let y = inputs(&pieces, 1, 0, 1, 0.25);
        assert!((chance(&WEIGHTS, &x) + chance(&WEIGHTS, &y) - 1.0).abs() < 1e-12);
        // Progress counts: with these inputs seat 0 is ahead of its race chance.
        assert!(chance(&WEIGHTS, &x) > 0.75);
    }
}
