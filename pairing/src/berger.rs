//! Round robin by the Berger tables (FIDE Handbook C.05, Annex 1).

use crate::Error;

/// One game of a round-robin round: starting ranks (1-based) of White and Black.
/// `black == 0` marks the bye of an odd field (the player "meets" the dummy).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// Starting rank of the player with the first move ("white").
    pub white: u32,
    /// Starting rank of the other player, or 0 for a bye.
    pub black: u32,
}

/// Largest field [`berger_tables`] accepts (the tables grow quadratically).
pub const MAX_ROUND_ROBIN_PLAYERS: u32 = 1000;

/// The Berger tables of FIDE C.05 Annex 1 for `n` players (2 ≤ n ≤ 1000).
///
/// Shape: `n' − 1` rounds (n' = n rounded up to even), each a list of `n' / 2` games in
/// board order. For odd `n` the table is that of `n + 1` players where player `n + 1` is
/// a dummy: the game against it is returned as a bye `(rank, 0)` in the board order of
/// the table. Colours are exactly as published: the first-named player of each game
/// has White.
///
/// Construction (equivalent to the published tables): players `1..n'-1` rotate; in
/// round `r` (0-based) the sequence `s_i = (r·n'/2 + i) mod (n'−1) + 1`, `i = 0..n'−1`,
/// is laid out so that board 1 is `s_0` against player `n'` (`s_0` has White in odd
/// rounds 1, 3, …, player `n'` in even rounds) and board `k ≥ 2` is `s_{k−1}` (White)
/// against `s_{n'−k}` (Black).
///
/// Errors: [`Error::RoundRobinSize`] for n < 2 or n > [`MAX_ROUND_ROBIN_PLAYERS`].
/// Double round robin: play the table twice with colours swapped in the second cycle
/// (FIDE recommends swapping the last two rounds of the first cycle); that is left to
/// the caller.
pub fn berger_tables(n: u32) -> Result<Vec<Vec<Game>>, Error> {
    if !(2..=MAX_ROUND_ROBIN_PLAYERS).contains(&n) {
        return Err(Error::RoundRobinSize(n));
    }
    let even = n + (n & 1);
    let m = even - 1;
    let half = even / 2;
    let real = |p: u32| if p > n { 0 } else { p };
    let mut rounds = Vec::with_capacity(m as usize);
    for r in 0..m {
        let seq: Vec<u32> = (0..m).map(|i| (r * half + i) % m + 1).collect();
        let mut games = Vec::with_capacity(half as usize);
        let first = seq[0];
        let (w, b) = if r % 2 == 0 {
            (first, even)
        } else {
            (even, first)
        };
        games.push(order_bye(real(w), real(b)));
        for k in 1..half as usize {
            games.push(order_bye(real(seq[k]), real(seq[m as usize - k])));
        }
        rounds.push(games);
    }
    Ok(rounds)
}

/// A game against the dummy becomes `(player, 0)`.
fn order_bye(white: u32, black: u32) -> Game {
    if white == 0 {
        Game {
            white: black,
            black: 0,
        }
    } else {
        Game { white, black }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(n: u32) -> Vec<Vec<(u32, u32)>> {
        berger_tables(n)
            .unwrap_or_default()
            .into_iter()
            .map(|r| r.into_iter().map(|g| (g.white, g.black)).collect())
            .collect()
    }

    // Expected values: the Berger tables of FIDE Handbook C.05 Annex 1, as reproduced at
    // http://c.w.fox.tripod.com/chess/berger.html ("Berger Tables", 3/4, 5/6, 7/8, 9/10
    // players; "if there is an odd number of players, the highest number counts as a bye").
    #[test]
    fn four_players() {
        assert_eq!(
            table(4),
            vec![
                vec![(1, 4), (2, 3)],
                vec![(4, 3), (1, 2)],
                vec![(2, 4), (3, 1)]
            ]
        );
    }

    #[test]
    fn six_players() {
        assert_eq!(
            table(6),
            vec![
                vec![(1, 6), (2, 5), (3, 4)],
                vec![(6, 4), (5, 3), (1, 2)],
                vec![(2, 6), (3, 1), (4, 5)],
                vec![(6, 5), (1, 4), (2, 3)],
                vec![(3, 6), (4, 2), (5, 1)],
            ]
        );
    }

    #[test]
    fn eight_players() {
        assert_eq!(
            table(8),
            vec![
                vec![(1, 8), (2, 7), (3, 6), (4, 5)],
                vec![(8, 5), (6, 4), (7, 3), (1, 2)],
                vec![(2, 8), (3, 1), (4, 7), (5, 6)],
                vec![(8, 6), (7, 5), (1, 4), (2, 3)],
                vec![(3, 8), (4, 2), (5, 1), (6, 7)],
                vec![(8, 7), (1, 6), (2, 5), (3, 4)],
                vec![(4, 8), (5, 3), (6, 2), (7, 1)],
            ]
        );
    }

    #[test]
    fn ten_players() {
        let t = table(10);
        assert_eq!(t[1], vec![(10, 6), (7, 5), (8, 4), (9, 3), (1, 2)]);
        assert_eq!(t[8], vec![(5, 10), (6, 4), (7, 3), (8, 2), (9, 1)]);
    }

    // Five players: the 6-player table with 6 as the bye (same source).
    #[test]
    fn five_players_odd() {
        assert_eq!(
            table(5),
            vec![
                vec![(1, 0), (2, 5), (3, 4)],
                vec![(4, 0), (5, 3), (1, 2)],
                vec![(2, 0), (3, 1), (4, 5)],
                vec![(5, 0), (1, 4), (2, 3)],
                vec![(3, 0), (4, 2), (5, 1)],
            ]
        );
    }

    #[test]
    fn every_pair_meets_once_and_sizes_are_checked() {
        for n in 2..=31u32 {
            let t = berger_tables(n).unwrap_or_default();
            let mut seen = std::collections::HashSet::new();
            let mut byes = vec![0; n as usize + 1];
            for round in &t {
                let mut present = vec![false; n as usize + 1];
                for g in round {
                    assert!(!present[g.white as usize]);
                    present[g.white as usize] = true;
                    if g.black == 0 {
                        byes[g.white as usize] += 1;
                    } else {
                        assert!(!present[g.black as usize]);
                        present[g.black as usize] = true;
                        assert!(seen.insert((g.white.min(g.black), g.white.max(g.black))));
                    }
                }
            }
            assert_eq!(seen.len() as u32, n * (n - 1) / 2);
            if n % 2 == 1 {
                assert!(byes[1..].iter().all(|&b| b == 1));
            }
        }
        assert_eq!(berger_tables(1), Err(Error::RoundRobinSize(1)));
        assert_eq!(berger_tables(0), Err(Error::RoundRobinSize(0)));
        assert!(berger_tables(MAX_ROUND_ROBIN_PLAYERS + 1).is_err());
    }
}
