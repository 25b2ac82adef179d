//! A learnt correction of the race value for two players (issue 17, `hard`): the chance
//! that a seat wins, by logistic regression on the logit of its race chance
//! ([`super::value`], no capture risk) and the differences between the two seats' piece
//! counts per stage and capture risks, fitted on the outcomes of self-play (see the
//! README, "AI players", and the ignored test `fit` in `choice`).

use rules::{
    helofag::{Border, Field, Pieces, BOARD},
    Seat,
};

use super::value::capture_risks;

/// The features of one seat: pieces in Z, in B, in D, on `Cp.8`, on `Cp.4`–`Cp.7`, on
/// `Cp.1`–`Cp.3`, on single and double jump fields and plain fields of A, and the sum of
/// its capture risks' chances.
pub(crate) const FEATURES: usize = 10;

/// The model's inputs: the race logit, the [`FEATURES`] differences and the roll flag.
pub(crate) const INPUTS: usize = FEATURES + 2;

/// The weights fitted by the `fit` test of `choice` (see there): the race logit,
/// each feature difference, then +1/−1 for the seat rolling next or not.
pub(crate) const WEIGHTS: [f64; INPUTS] = [0.793, 0.605, 0.135, 0.492, 0.313, 0.205, 0.209, 0.051, 0.062, 0.033, -0.322, 0.002];

/// [`FEATURES`] of `seat`.
pub(crate) fn features(pieces: &Pieces, seat: Seat) -> [f64; FEATURES] {
    let mut f = [0.0; FEATURES];
    f[0] = f64::from(pieces.count(seat, Field::Goal));
    f[1] = f64::from(pieces.count(seat, Field::B));
    for field in pieces.singles(seat) {
        let i = match field {
            Field::D(_) => 2,
            Field::C(_, 8) => 3,
            Field::C(_, k) if k >= 4 => 4,
            Field::C(_, _) => 5,
            Field::A(n) => match BOARD.jump_field(n).map(|j| j.border) {
                Some(Border::Single) => 6,
                Some(Border::Double) => 7,
                None => 8,
            },
            Field::Start | Field::B | Field::Goal => continue,
        };
        f[i] += 1.0;
    }
    f[9] = capture_risks(pieces, seat).iter().map(|r| r.chance).sum();
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
    /// (plain), C2.2, three on S.
    fn position() -> Pieces {
        let mut pieces = Pieces::new(2);
        pieces.start = vec![0, 3];
        pieces.goal[0] = 1;
        pieces.waiting[0] = 1;
        pieces.d[1] = Some(0);
        pieces.rows[2][7] = Some(0);
        pieces.rows[0][4] = Some(0);
        pieces.ring[1] = Some(0);
        pieces.ring[3] = Some(1);
        pieces.ring[4] = Some(1);
        pieces.rows[1][1] = Some(1);
        pieces
    }

    #[test]
    fn the_features_count_each_stage_and_the_capture_risk() {
        let pieces = position();
        // Only D2 is at risk: seat 1 has a piece in row C2, whose triple 2 2 2 (1/216 a
        // roll) lands on D2, until seat 0's own die 2 (91/216) takes it home. Per roll
        // h = 1/216, q = 91/216; the chance that the capture comes first is
        // h / (h + q − hq) = 216 / (216 + 19656 − 91) = 216/19781.
        let risk = 216.0 / 19781.0;
        let mine = features(&pieces, 0);
        let want = [1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 1.0, 0.0, 0.0, risk];
        for (i, (got, want)) in mine.iter().zip(want).enumerate() {
            assert!((got - want).abs() < 1e-12, "seat 0, feature {i}: {mine:?}");
        }
        // Seat 1: C2.2 has nothing of seat 0 behind it; A4 double, A5 plain.
        assert_eq!(features(&pieces, 1), [0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0]);
    }

    #[test]
    fn the_inputs_are_the_race_logit_the_differences_and_who_rolls() {
        let pieces = position();
        let x = inputs(&pieces, 0, 1, 1, 0.75);
        assert!((x[0] - 3f64.ln()).abs() < 1e-12);
        assert_eq!(&x[1..10], &[1.0, 1.0, 1.0, 1.0, 1.0, -1.0, 1.0, -1.0, -1.0]);
        assert!((x[10] - 216.0 / 19781.0).abs() < 1e-12);
        assert_eq!(x[11], -1.0, "seat 1 rolls next");
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
