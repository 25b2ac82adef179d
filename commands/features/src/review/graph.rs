//! The review's graph as [`render::chart`] draws it, from the stored chances: each
//! player's chance after each of their moves, the marks as dots, the words in `lang`.

use render::chart::{ChartLine, ChartMark, ChartPoint, ReviewChart};

use super::summary::{drop_points, Chances, Mark};
use crate::base::i18n::{Lang, Msg, Texts};

/// The chart of game `id`'s review for players `names`.
pub(crate) fn chart(texts: &Texts, id: crate::base::ids::GameId, names: &[String], chances: &[Option<Chances>], lang: Lang) -> ReviewChart {
    let word = |key: &str| texts.text(lang, &Msg::new(key).arg("id", id)).plain();
    let lines = names
        .iter()
        .enumerate()
        .map(|(seat, name)| ChartLine {
            name: name.clone(),
            seat,
            points: chances
                .iter()
                .enumerate()
                .filter_map(|(index, c)| {
                    let c = c.as_ref().filter(|c| c.seat == seat)?;
                    let mark = Mark::of(drop_points(c)).map(|m| match m {
                        Mark::Inaccuracy => ChartMark::Inaccuracy,
                        Mark::Mistake => ChartMark::Mistake,
                        Mark::Blunder => ChartMark::Blunder,
                    });
                    Some(ChartPoint { number: index + 1, chance: c.after, mark })
                })
                .collect(),
        })
        .filter(|line| !line.points.is_empty())
        .collect();
    ReviewChart {
        title: word("review-graph-title"),
        axis: word("review-graph-axis"),
        marks: [word("review-mark-inaccuracy"), word("review-mark-mistake"), word("review-mark-blunder")],
        moves: chances.len(),
        lines,
    }
}
