//! A tournament's standings (issue 39, "Running it"): points and the tie-breaks in
//! their order — Buchholz cut 1, Buchholz, Sonneborn-Berger, direct encounter, wins,
//! rating. Pure: no I/O.
//!
//! Units: points are kept in half-points (a win 2, a draw 1, a loss 0, a bye 2, a
//! forfeit win 2), Sonneborn-Berger in quarter-points (own half-points × the
//! opponent's half-points / 4 × 4), so nothing is rounded.
//!
//! * **Buchholz**: the sum of the final points of every opponent met over the board
//!   (once per game: the opponent of both games of a `double` pairing counts twice).
//!   A bye or a forfeit has no opponent and adds nothing.
//! * **Buchholz cut 1**: Buchholz without the lowest of those opponents' points (0 with
//!   no opponent).
//! * **Sonneborn-Berger**: the sum, over games played, of the points scored in the game
//!   times the opponent's final points.
//! * **Direct encounter**: among players still level on everything before, the points
//!   each scored in the games between them.
//! * **Wins**: games won over the board (not byes or forfeits).
//! * **Rating**: the rating each player had when the tournament started (the caller's
//!   `ratings`), the higher first, compared as players read a rating (one decimal, as
//!   `stats` and `leaderboard` show it: 25.04 and 24.96 both read 25.0 and are level);
//!   none counts below any.
//!
//! Players level on every one of these share their place (1, 1, 3).

use std::cmp::Ordering;

/// How a scored entry came about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum How {
    /// A game played over the board.
    Played,
    /// The pairing-allocated bye (`a` only).
    Bye,
    /// Not played: one side left (the other scores a forfeit win).
    Forfeit,
}

/// One scored pairing: players by index, each side's half-points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scored {
    pub a: usize,
    /// `None` for a bye.
    pub b: Option<usize>,
    pub a_half: u32,
    pub b_half: u32,
    pub how: How,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// The player's index (as in the input).
    pub player: usize,
    /// The place, from 1; level players share it.
    pub place: usize,
    pub half_points: u32,
    pub buchholz_cut1_half: u32,
    pub buchholz_half: u32,
    pub sonneborn_berger_quarters: u32,
    /// Half-points in the games among the players level with this one before direct
    /// encounter (0 when nobody is).
    pub direct_half: u32,
    pub wins: u32,
    pub rating: Option<f64>,
}

/// The standings of `players` players (indices `0..players`) from `results`, best
/// first, with `ratings` by index (shorter: the rest unrated).
pub fn standings(players: usize, results: &[Scored], ratings: &[Option<f64>]) -> Vec<Standing> {
    let mut points = vec![0u32; players];
    let mut wins = vec![0u32; players];
    for r in results.iter().filter(|r| r.a < players && r.b.is_none_or(|b| b < players)) {
        points[r.a] += r.a_half;
        if let Some(b) = r.b {
            points[b] += r.b_half;
        }
        if r.how == How::Played {
            wins[r.a] += u32::from(r.a_half == 2);
            if let Some(b) = r.b {
                wins[b] += u32::from(r.b_half == 2);
            }
        }
    }
    // (opponent, own half-points) of every game played, per player.
    let mut met: Vec<Vec<(usize, u32)>> = vec![Vec::new(); players];
    for r in results.iter().filter(|r| r.how == How::Played) {
        if let Some(b) = r.b.filter(|&b| b < players && r.a < players) {
            met[r.a].push((b, r.a_half));
            met[b].push((r.a, r.b_half));
        }
    }
    let mut lines: Vec<Standing> = (0..players)
        .map(|p| {
            let opponents: Vec<u32> = met[p].iter().map(|&(o, _)| points[o]).collect();
            let buchholz: u32 = opponents.iter().sum();
            let cut = buchholz - opponents.iter().min().copied().unwrap_or(0);
            let sb = met[p].iter().map(|&(o, own)| own * points[o]).sum();
            Standing {
                player: p,
                place: 0,
                half_points: points[p],
                buchholz_cut1_half: cut,
                buchholz_half: buchholz,
                sonneborn_berger_quarters: sb,
                direct_half: 0,
                wins: wins[p],
                rating: ratings.get(p).copied().flatten(),
            }
        })
        .collect();
    let before_direct = |s: &Standing| (s.half_points, s.buchholz_cut1_half, s.buchholz_half, s.sonneborn_berger_quarters);
    // Direct encounter within each group level on everything before it.
    for i in 0..players {
        let group: Vec<usize> = (0..players).filter(|&j| before_direct(&lines[j]) == before_direct(&lines[i])).collect();
        if group.len() < 2 {
            continue;
        }
        lines[i].direct_half = met[i].iter().filter(|(o, _)| group.contains(o)).map(|&(_, own)| own).sum();
    }
    let order = |x: &Standing, y: &Standing| -> Ordering {
        before_direct(y)
            .cmp(&before_direct(x))
            .then(y.direct_half.cmp(&x.direct_half))
            .then(y.wins.cmp(&x.wins))
            .then(rating_order(y.rating, x.rating))
    };
    lines.sort_by(|x, y| order(x, y).then(x.player.cmp(&y.player)));
    for i in 0..lines.len() {
        lines[i].place = if i > 0 && order(&lines[i - 1], &lines[i]) == Ordering::Equal { lines[i - 1].place } else { i + 1 };
    }
    lines
}

/// Ratings compared as players read them, in tenths (one decimal); none below any.
fn rating_order(x: Option<f64>, y: Option<f64>) -> Ordering {
    // `as` saturates (and NaN becomes 0): no rating is near that.
    let tenths = |r: Option<f64>| r.map(|r| (r * 10.0).round() as i64);
    tenths(x).cmp(&tenths(y))
}

/// Half-points as written: `2½`, `½`, `0`, `3`.
pub fn halves(half: u32) -> String {
    match (half / 2, half % 2) {
        (0, 1) => "½".to_string(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

/// Quarter-points as written: `1¼`, `¾`, `2½`, `0`.
pub fn quarters(q: u32) -> String {
    let frac = ["", "¼", "½", "¾"][(q % 4) as usize];
    match q / 4 {
        0 if !frac.is_empty() => frac.to_string(),
        n => format!("{n}{frac}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(a: usize, b: usize, a_half: u32) -> Scored {
        Scored { a, b: Some(b), a_half, b_half: 2 - a_half, how: How::Played }
    }

    /// A round robin of four worked by hand: A beats B and D and draws C, B beats C and
    /// D, C draws D. Points A 2½, B 2, C 1, D ½. Buchholz: A 2 + 1 + ½ = 3½, B 2½ + 1 +
    /// ½ = 4, C 2½ + 2 + ½ = 5, D 2½ + 2 + 1 = 5½; cut 1: 3, 3½, 4½, 4½. Sonneborn-Berger:
    /// A 2 + ½·1 + ½ = 3, B 1 + ½ = 1½, C ½·2½ + ½·½ = 1½, D ½·1 = ½.
    #[test]
    fn a_round_robin_of_four_by_hand() {
        let results = [game(0, 1, 2), game(0, 2, 1), game(0, 3, 2), game(1, 2, 2), game(1, 3, 2), game(2, 3, 1)];
        let lines = standings(4, &results, &[]);
        let got: Vec<(usize, usize, String, String, String, String, u32)> = lines
            .iter()
            .map(|s| {
                (
                    s.player,
                    s.place,
                    halves(s.half_points),
                    halves(s.buchholz_cut1_half),
                    halves(s.buchholz_half),
                    quarters(s.sonneborn_berger_quarters),
                    s.wins,
                )
            })
            .collect();
        let want = |p, place, pts: &str, c1: &str, bh: &str, sb: &str, w| (p, place, pts.to_string(), c1.to_string(), bh.to_string(), sb.to_string(), w);
        assert_eq!(got, vec![
            want(0, 1, "2½", "3", "3½", "3", 2),
            want(1, 2, "2", "3½", "4", "1½", 2),
            want(2, 3, "1", "4½", "5", "1½", 0),
            want(3, 4, "½", "4½", "5½", "½", 0),
        ]);
    }

    /// A cycle (A beats B, B beats C, C beats A, all beat D): A, B and C level on
    /// points (2), Buchholz (2 + 2 + 0 = 4), cut 1 (4) and Sonneborn-Berger (2), direct
    /// encounter (1 each) and wins (2): the rating decides, B 30 before C 25 before A 20.
    /// Without ratings the three share first place.
    #[test]
    fn the_rating_breaks_a_cycle_and_without_it_the_place_is_shared() {
        let results = [game(0, 1, 2), game(1, 2, 2), game(2, 0, 2), game(0, 3, 2), game(1, 3, 2), game(2, 3, 2)];
        let lines = standings(4, &results, &[Some(20.0), Some(30.0), Some(25.0), None]);
        let got: Vec<(usize, usize, u32, u32)> = lines.iter().map(|s| (s.player, s.place, s.buchholz_half, s.direct_half)).collect();
        assert_eq!(got, vec![(1, 1, 8, 2), (2, 2, 8, 2), (0, 3, 8, 2), (3, 4, 12, 0)]);
        let unrated = standings(4, &results, &[]);
        let places: Vec<usize> = unrated.iter().map(|s| s.place).collect();
        assert_eq!(places, vec![1, 1, 1, 4]);
    }

    /// Two players level on everything before the rating, whose ratings read the same
    /// (26.04 and 25.96 both read 26.0), share their place; a tenth more (26.1) is
    /// ahead. A (0) beats C (2) and B (1) beats D (3), then A and B draw, C and D
    /// draw: A and B 1½ each, Buchholz ½ + 1½ = 2 each (cut 1: 1½), Sonneborn-Berger
    /// 1·½ + ½·1½ = 1¼ each (5 quarters), direct encounter ½ each, one win each.
    #[test]
    fn ratings_that_read_the_same_share_the_place() {
        let results = [game(0, 2, 2), game(1, 3, 2), game(0, 1, 1), game(2, 3, 1)];
        let lines = standings(4, &results, &[Some(26.04), Some(25.96), Some(30.0), None]);
        let got: Vec<(usize, usize, u32, u32, u32, u32, u32)> =
            lines.iter().map(|s| (s.player, s.place, s.half_points, s.buchholz_cut1_half, s.buchholz_half, s.sonneborn_berger_quarters, s.wins)).collect();
        // C (2) and D (3): ½ each, Buchholz 1½ + ½ = 2 (cut 1: 1½), SB ½·½ = ¼, no
        // win: level too, C's rating (30.0) before D (none).
        assert_eq!(got, vec![(0, 1, 3, 3, 4, 5, 1), (1, 1, 3, 3, 4, 5, 1), (2, 3, 1, 3, 4, 1, 0), (3, 4, 1, 3, 4, 1, 0)]);
        let apart = standings(4, &results, &[Some(26.1), Some(26.04), None, None]);
        let places: Vec<(usize, usize)> = apart.iter().map(|s| (s.player, s.place)).collect();
        assert_eq!(places, vec![(0, 1), (1, 2), (2, 3), (3, 3)]);
    }

    /// Direct encounter counts only the games among the players level on everything
    /// before it.
    #[test]
    fn direct_encounter_counts_only_games_within_the_level_group() {
        // A(0) beats B(1); B beats C(2); C beats A; D(3) loses to all: a cycle of three
        // level on everything before direct encounter; each scored 2 half-points in the
        // games among the three (one win of two games).
        let results = [game(0, 1, 2), game(1, 2, 2), game(2, 0, 2), game(3, 0, 0), game(3, 1, 0), game(3, 2, 0)];
        let lines = standings(4, &results, &[]);
        for s in lines.iter().filter(|s| s.player != 3) {
            assert_eq!(s.direct_half, 2, "{s:?}");
        }
        assert_eq!(lines.iter().find(|s| s.player == 3).map(|s| s.direct_half), Some(0));
    }

    /// A bye scores a point and adds nothing to Buchholz; a draw is half a point each.
    #[test]
    fn byes_and_draws() {
        let results = [
            Scored { a: 2, b: None, a_half: 2, b_half: 0, how: How::Bye },
            game(0, 1, 1),
        ];
        let lines = standings(3, &results, &[]);
        let got: Vec<(usize, usize, u32, u32, u32)> = lines.iter().map(|s| (s.player, s.place, s.half_points, s.buchholz_half, s.wins)).collect();
        // C 1 point (bye, no Buchholz); A and B ½ each with Buchholz ½, level on
        // everything, direct encounter 1 each: shared second place.
        assert_eq!(got, vec![(2, 1, 2, 0, 0), (0, 2, 1, 1, 0), (1, 2, 1, 1, 0)]);
    }

    #[test]
    fn fractions_are_written_with_their_signs() {
        assert_eq!([halves(0), halves(1), halves(4), halves(5)], ["0", "½", "2", "2½"]);
        assert_eq!([quarters(0), quarters(1), quarters(6), quarters(7), quarters(8)], ["0", "¼", "1½", "1¾", "2"]);
    }
}
