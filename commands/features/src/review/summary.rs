//! What a review says, from the chances of every move (pure; issue 44): the marks, each
//! player's accuracy and luck, and the turning points. Chances are on the scale 0..=1;
//! drops, luck and marks are in points of chance (0..=100).

use serde::{Deserialize, Serialize};

/// The mover's chances of one log entry as stored (`review_moves.chances`):
/// [`ai::review::MoveChances`] in a stable JSON form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Chances {
    pub seat: usize,
    pub before: f64,
    pub after: f64,
    pub preferred: String,
    pub preferred_chance: f64,
    pub luck: Option<f64>,
}

impl From<ai::review::MoveChances> for Chances {
    fn from(c: ai::review::MoveChances) -> Chances {
        Chances { seat: c.seat, before: c.before, after: c.after, preferred: c.preferred, preferred_chance: c.preferred_chance, luck: c.luck }
    }
}

/// A drop of at least this many points is an inaccuracy (Lichess's marks on the chance
/// scale).
pub(crate) const INACCURACY: f64 = 5.0;
/// ... a mistake.
pub(crate) const MISTAKE: f64 = 10.0;
/// ... a blunder.
pub(crate) const BLUNDER: f64 = 15.0;

/// How bad a move was, by the points of chance it lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    /// The mark of a drop of `points` (`None` under [`INACCURACY`]).
    pub(crate) fn of(points: f64) -> Option<Mark> {
        if points >= BLUNDER {
            Some(Mark::Blunder)
        } else if points >= MISTAKE {
            Some(Mark::Mistake)
        } else if points >= INACCURACY {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    /// The word of the mark in the message ids (`inaccuracy`, `mistake`, `blunder`).
    pub(crate) fn word(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

/// The points of chance a move lost: `before − after` in points, never negative (a move
/// valued above the preferred one lost nothing).
pub(crate) fn drop_points(c: &Chances) -> f64 {
    ((c.before - c.after) * 100.0).max(0.0)
}

/// A move's accuracy in percent from its drop in points: Lichess's formula
/// `103.1668 · e^(−0.04354 · drop) − 3.1669`, clamped to 0..=100 (0 points: 100 %,
/// 5: 79.8 %, 10: 63.6 %, 15: 50.5 %, 30: 24.8 %).
pub(crate) fn move_accuracy(drop: f64) -> f64 {
    (103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * drop).exp() - 3.166_924_740_191_411).clamp(0.0, 100.0)
}

/// One player's figures.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PlayerFigures {
    pub seat: usize,
    pub moves: usize,
    /// The mean of the player's move accuracies, in percent.
    pub accuracy: f64,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// The sum of the luck of the player's rolls and draws, in points; `None` when the
    /// player never rolled or drew.
    pub luck: Option<f64>,
}

/// A marked move: its 0-based index in the log, the chances and the mark.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Marked {
    pub index: usize,
    pub chances: Chances,
    pub mark: Mark,
}

/// The review of a game: per player figures (seat order, players with moves only), every
/// marked move in log order, and the turning points (the up to three largest drops of at
/// least [`INACCURACY`] points, in log order).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Summary {
    pub players: Vec<PlayerFigures>,
    pub marked: Vec<Marked>,
    pub turning: Vec<Marked>,
}

/// The summary of the chances of a game's log entries (`None` for events).
pub(crate) fn summarise(entries: &[Option<Chances>], players: usize) -> Summary {
    let marked: Vec<Marked> = entries
        .iter()
        .enumerate()
        .filter_map(|(index, c)| {
            let c = c.as_ref()?;
            Mark::of(drop_points(c)).map(|mark| Marked { index, chances: c.clone(), mark })
        })
        .collect();
    let figures = (0..players)
        .filter_map(|seat| {
            let own: Vec<&Chances> = entries.iter().flatten().filter(|c| c.seat == seat).collect();
            if own.is_empty() {
                return None;
            }
            let count = |m: Mark| marked.iter().filter(|x| x.chances.seat == seat && x.mark == m).count();
            let lucky: Vec<f64> = own.iter().filter_map(|c| c.luck).collect();
            Some(PlayerFigures {
                seat,
                moves: own.len(),
                accuracy: own.iter().map(|c| move_accuracy(drop_points(c))).sum::<f64>() / own.len() as f64,
                inaccuracies: count(Mark::Inaccuracy),
                mistakes: count(Mark::Mistake),
                blunders: count(Mark::Blunder),
                luck: (!lucky.is_empty()).then(|| lucky.iter().sum::<f64>() * 100.0),
            })
        })
        .collect();
    let mut turning = marked.clone();
    turning.sort_by(|a, b| drop_points(&b.chances).total_cmp(&drop_points(&a.chances)).then(a.index.cmp(&b.index)));
    turning.truncate(3);
    turning.sort_by_key(|m| m.index);
    Summary { players: figures, marked, turning }
}

/// A chance as whole percent (`0.624` → `62`).
pub(crate) fn percent(chance: f64) -> i64 {
    (chance * 100.0).round() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chances(seat: usize, before: f64, after: f64, luck: Option<f64>) -> Option<Chances> {
        Some(Chances { seat, before, after, preferred: "x".into(), preferred_chance: before, luck })
    }

    #[test]
    fn the_lichess_accuracy_at_the_marks() {
        // 103.1668100711649 · e^(−0.04354415386753951 · d) − 3.166924740191411, by hand:
        // d = 0: 103.16681 − 3.16692 = 99.99989; d = 10: e^−0.43544 = 0.64698, 66.7474 −
        // 3.1669 = 63.58; d = 100: e^−4.35442 = 0.012852, 1.3259 − 3.1669 < 0: 0.
        assert!((move_accuracy(0.0) - 99.99989).abs() < 1e-4);
        assert!((move_accuracy(10.0) - 63.58).abs() < 0.01);
        assert_eq!(move_accuracy(100.0), 0.0);
    }

    #[test]
    fn marks_figures_and_turning_points() {
        // Seat 0: drops 0, 6 (inaccuracy), 20 (blunder); seat 1: drops 11 (mistake), 0
        // (a move valued above the preferred: no drop), 16 (blunder); an event between.
        let entries = vec![
            chances(0, 0.50, 0.50, Some(0.04)),
            chances(1, 0.50, 0.39, Some(-0.02)),
            chances(0, 0.60, 0.54, None),
            None,
            chances(1, 0.40, 0.45, Some(0.10)),
            chances(0, 0.70, 0.50, Some(0.01)),
            chances(1, 0.30, 0.14, None),
        ];
        let summary = summarise(&entries, 2);
        let kinds: Vec<(usize, Mark)> = summary.marked.iter().map(|m| (m.index, m.mark)).collect();
        assert_eq!(kinds, vec![(1, Mark::Mistake), (2, Mark::Inaccuracy), (5, Mark::Blunder), (6, Mark::Blunder)]);
        // The three largest drops (20, 16, 11) in log order.
        assert_eq!(summary.turning.iter().map(|m| m.index).collect::<Vec<_>>(), vec![1, 5, 6]);
        let alice = &summary.players[0];
        assert_eq!((alice.moves, alice.inaccuracies, alice.mistakes, alice.blunders), (3, 1, 0, 1));
        // Luck: 4 + 1 points.
        assert!((alice.luck.unwrap() - 5.0).abs() < 1e-9);
        let expected = (move_accuracy(0.0) + move_accuracy(6.0) + move_accuracy(20.0)) / 3.0;
        assert!((alice.accuracy - expected).abs() < 1e-9);
        let bob = &summary.players[1];
        assert_eq!((bob.moves, bob.inaccuracies, bob.mistakes, bob.blunders), (3, 0, 1, 1));
        assert!((bob.luck.unwrap() - 8.0).abs() < 1e-9);
    }
}
