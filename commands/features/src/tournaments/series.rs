//! A Hathor series' standings (issue 39: "Hathor tournaments are a series of same-deal
//! challenges (one per round, total points, ties by best single round)"). Pure: no I/O.
//!
//! Only the counting and the table are here; the rounds of same-deal challenges and the
//! scheduler's steps are in [`super::series_rounds`].
//!
//! Units: Hathor points as the game counts them (`scores[0]` of the solo game; they may
//! be negative, spec `hathor.md`). A round an entrant has no ended game in (they left,
//! or the round is not over) counts nothing and shows empty.
//!
//! Order: the **total** over the rounds, higher first; then the **best single round**,
//! higher first (a player without any counted round below every player with one).
//! Players level on both share their place (1, 1, 3).

use std::cmp::Ordering;

use crate::base::i18n::{amount, Lang, Msg, Texts};

/// One line of a series' standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeriesStanding {
    /// The player's index (as in the input).
    pub player: usize,
    /// The place, from 1; level players share it.
    pub place: usize,
    /// The points summed over the counted rounds.
    pub total: i64,
    /// The most points in one counted round (`None`: no counted round).
    pub best: Option<i64>,
    /// The points per round, round 1 first (`None`: not counted).
    pub rounds: Vec<Option<i64>>,
}

/// The standings from `round_points[player][round]` (the points of that player's game of
/// that round, `None` when it does not count), best first. Rows may differ in length:
/// the missing rounds count as `None`.
pub fn series_standings(round_points: &[Vec<Option<i64>>]) -> Vec<SeriesStanding> {
    let rounds = round_points.iter().map(Vec::len).max().unwrap_or(0);
    let mut lines: Vec<SeriesStanding> = round_points
        .iter()
        .enumerate()
        .map(|(player, points)| {
            let mut padded = points.clone();
            padded.resize(rounds, None);
            SeriesStanding {
                player,
                place: 0,
                total: padded.iter().flatten().sum(),
                best: padded.iter().flatten().copied().max(),
                rounds: padded,
            }
        })
        .collect();
    lines.sort_by(|a, b| order(a, b).then(a.player.cmp(&b.player)));
    for i in 0..lines.len() {
        lines[i].place = if i > 0 && order(&lines[i - 1], &lines[i]) == Ordering::Equal { lines[i - 1].place } else { i + 1 };
    }
    lines
}

/// Better first: the higher total, then the higher best round (`None` lowest).
fn order(a: &SeriesStanding, b: &SeriesStanding) -> Ordering {
    b.total.cmp(&a.total).then_with(|| b.best.cmp(&a.best))
}

/// The words of a series table's header, in the reader's language.
#[derive(Debug, Clone)]
pub struct SeriesWords {
    pub place: String,
    pub player: String,
    pub total: String,
    pub best: String,
    /// One per round, round 1 first (like "R1").
    pub rounds: Vec<String>,
}

/// The standings `lines` as a table for `render::table` under `title`: columns place,
/// player (`names` by player index; a missing name shows empty), total, best round and
/// one column per round of `words.rounds` (an uncounted round empty).
pub fn series_table(title: String, words: SeriesWords, names: &[String], lines: &[SeriesStanding]) -> render::table::Table {
    let rounds = words.rounds.len();
    let mut header = vec![words.place, words.player, words.total, words.best];
    header.extend(words.rounds);
    let rows = lines
        .iter()
        .map(|s| {
            let mut row = vec![
                s.place.to_string(),
                names.get(s.player).cloned().unwrap_or_default(),
                s.total.to_string(),
                s.best.map(|b| b.to_string()).unwrap_or_default(),
            ];
            row.extend((0..rounds).map(|r| s.rounds.get(r).copied().flatten().map(|p| p.to_string()).unwrap_or_default()));
            row
        })
        .collect();
    render::table::Table { title, header, rows, name_column: 1, dark: Vec::new(), divider: Some(4) }
}

/// The table's header words in `lang` for `rounds` rounds ("#", "Player", "Total",
/// "Best", "R1" …; German "Pl.", "Spieler", "Summe", "Beste", "R1" …).
pub fn series_words(texts: &Texts, lang: Lang, rounds: usize) -> SeriesWords {
    let word = |key: &str| texts.plain(lang, &Msg::new(key));
    SeriesWords {
        place: word("tournament-col-place"),
        player: word("tournament-col-player"),
        total: word("tournament-col-total"),
        best: word("tournament-col-best"),
        rounds: (1..=rounds).map(|r| texts.plain(lang, &Msg::new("tournament-col-round").arg("round", r as i64))).collect(),
    }
}

/// The standings as text lines in `lang`: a header (`finished`: the final standings),
/// then one line per entrant, best first, with the total, the best round and each
/// round's points ("–" for a round not counted); `names` by player index.
pub fn series_lines(texts: &Texts, lang: Lang, names: &[String], lines: &[SeriesStanding], finished: bool) -> Vec<String> {
    let header = if finished { "tournament-series-final-standings" } else { "tournament-series-standings" };
    let mut out = vec![texts.plain(lang, &Msg::new(header))];
    for s in lines {
        let rounds: Vec<String> = s.rounds.iter().map(|p| p.map_or_else(|| "–".to_string(), |p| amount(p, lang))).collect();
        let msg = match s.best {
            Some(best) => Msg::new("tournament-series-standing").arg("points", best),
            None => Msg::new("tournament-series-standing-none"),
        };
        let msg = msg
            .arg("place", s.place as i64)
            .arg("player", names.get(s.player).cloned().unwrap_or_default())
            .arg("total", s.total)
            .arg("rounds", rounds.join(" · "));
        out.push(texts.plain(lang, &msg));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn places(lines: &[SeriesStanding]) -> Vec<(usize, usize, i64, Option<i64>)> {
        lines.iter().map(|s| (s.player, s.place, s.total, s.best)).collect()
    }

    #[test]
    fn the_total_ranks_first() {
        // alice 300 + 1,500 = 1,800; bob 2,100 + 0 = 2,100; carol 200 + 100 = 300.
        let lines = series_standings(&[vec![Some(300), Some(1500)], vec![Some(2100), Some(0)], vec![Some(200), Some(100)]]);
        assert_eq!(places(&lines), vec![(1, 1, 2100, Some(2100)), (0, 2, 1800, Some(1500)), (2, 3, 300, Some(200))]);
    }

    #[test]
    fn a_tie_goes_to_the_best_single_round() {
        // All three total 1,000: alice 500 + 500 (best 500), bob 900 + 100 (best 900),
        // carol -200 + 1,200 (best 1,200): carol, bob, alice.
        let lines = series_standings(&[vec![Some(500), Some(500)], vec![Some(900), Some(100)], vec![Some(-200), Some(1200)]]);
        assert_eq!(places(&lines), vec![(2, 1, 1000, Some(1200)), (1, 2, 1000, Some(900)), (0, 3, 1000, Some(500))]);
    }

    #[test]
    fn level_on_total_and_best_share_the_place() {
        // alice 400 + 600, bob 600 + 400: both 1,000 with a best of 600; dave 700.
        let lines = series_standings(&[vec![Some(400), Some(600)], vec![Some(600), Some(400)], vec![Some(700), Some(0)]]);
        assert_eq!(places(&lines), vec![(0, 1, 1000, Some(600)), (1, 1, 1000, Some(600)), (2, 3, 700, Some(700))]);
    }

    #[test]
    fn negative_points_and_rounds_not_counted() {
        // alice -500 then left (round 2 not counted): total -500, best -500.
        // bob 0 in round 1 only: total 0. carol nothing counted: total 0, no best, so
        // below bob (0 with a best of 0).
        let lines = series_standings(&[vec![Some(-500), None], vec![Some(0)], vec![]]);
        assert_eq!(places(&lines), vec![(1, 1, 0, Some(0)), (2, 2, 0, None), (0, 3, -500, Some(-500))]);
        assert_eq!(lines[1].rounds, vec![None, None]);
        assert_eq!(lines[0].rounds, vec![Some(0), None]);
    }

    #[test]
    fn the_words_and_lines_in_english_and_german() {
        // bob 12,000 + 3,000 = 15,000 (best 12,000); alice 300 and then left.
        let lines = series_standings(&[vec![Some(300), None], vec![Some(12_000), Some(3_000)]]);
        let texts = Texts::load();
        let names = ["alice".to_string(), "bob".into()];
        let en = series_words(&texts, Lang::En, 2);
        assert_eq!((en.total.as_str(), en.best.as_str(), en.rounds.clone()), ("Total", "Best", vec!["R1".to_string(), "R2".into()]));
        let de = series_words(&texts, Lang::De, 2);
        assert_eq!((de.place.as_str(), de.total.as_str(), de.best.as_str()), ("Pl.", "Summe", "Beste"));
        assert_eq!(
            series_lines(&texts, Lang::En, &names, &lines, false),
            vec![
                "Standings (total points; best round):".to_string(),
                "1. bob: 15,000 (best round 12,000; rounds 12,000 · 3000)".into(),
                "2. alice: 300 (best round 300; rounds 300 · –)".into(),
            ]
        );
        assert_eq!(
            series_lines(&texts, Lang::De, &names, &series_standings(&[vec![], vec![Some(-500)]]), true),
            vec![
                "Endstand (Punkte insgesamt; beste Runde):".to_string(),
                // Nothing counted (0) is more than -500.
                "1. alice: 0 (noch keine Runde gewertet; Runden –)".into(),
                "2. bob: -500 (beste Runde -500; Runden -500)".into(),
            ]
        );
    }

    #[test]
    fn every_round_deals_afresh_and_replays() {
        // The deal a round's games open with is the resolved setup of its round seed.
        let deal = |seed, round| {
            let game = rules::open(rules::GameKind::Hathor, &serde_json::json!({}), 1, None, Some(rules::rng::series_round_seed(seed, round)))
                .expect("Hathor opens solo");
            game.resolved_setup()
        };
        assert_eq!(deal(9, 1), deal(9, 1));
        assert_ne!(deal(9, 1), deal(9, 2));
        assert_ne!(deal(9, 1), deal(10, 1));
    }

    #[test]
    fn no_players_no_lines() {
        assert!(series_standings(&[]).is_empty());
    }

    #[test]
    fn the_table_has_place_player_total_best_and_the_rounds() {
        let lines = series_standings(&[vec![Some(300), None], vec![Some(2100), Some(-500)]]);
        let words = SeriesWords {
            place: "#".into(),
            player: "Player".into(),
            total: "Total".into(),
            best: "Best".into(),
            rounds: vec!["R1".into(), "R2".into()],
        };
        let table = series_table("Series".into(), words, &["alice".into(), "bob".into()], &lines);
        assert_eq!(table.header, vec!["#", "Player", "Total", "Best", "R1", "R2"]);
        assert_eq!(
            table.rows,
            vec![vec!["1", "bob", "1600", "2100", "2100", "-500"], vec!["2", "alice", "300", "300", "300", ""]]
        );
        assert_eq!(table.name_column, 1);
        assert_eq!(table.divider, Some(4));
    }

    /// Draws a series table to `$SERIES_PNG` to look at (phone width): run with
    /// `SERIES_PNG=/tmp/series.png cargo test -p commands series::tests::draw -- --ignored`.
    #[test]
    #[ignore = "writes a picture to look at"]
    fn draw() {
        let lines = series_standings(&[
            vec![Some(1800), Some(25600), Some(-500)],
            vec![Some(2100), Some(400), Some(24400)],
            vec![Some(300), None, None],
            vec![Some(0), Some(20700), Some(6300)],
        ]);
        let words = SeriesWords {
            place: "Pl.".into(),
            player: "Spieler".into(),
            total: "Summe".into(),
            best: "Beste".into(),
            rounds: vec!["R1".into(), "R2".into(), "R3".into()],
        };
        let names = ["alice".to_string(), "bob".into(), "Carolina Sonnenschein-Übermut (left)".into(), "🤖 bot".into()];
        let table = series_table("Hathor-Serie #2 – nach Runde 3".into(), words, &names, &lines);
        let png = render::table::table_png(&table).expect("drawn");
        std::fs::write(std::env::var("SERIES_PNG").unwrap_or_else(|_| "/tmp/series.png".into()), png).expect("written");
    }
}
