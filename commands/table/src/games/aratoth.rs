//! Aratoths Rache's chat notes (spec `aratoth.md`, "Two players", "Three players"): who
//! could not place and is out. Without them a three-player announcement would just skip
//! that player, and a two-player game would end without saying why.

use rules::{AnyView, Match, Seat, Viewer, aratoth::AratothView, words::Worded};

use super::Chat;
use crate::base::{
    i18n::{Lang, Msg, Texts},
    reply::User,
};

impl Chat for AratothView {
    fn turn_notes(game: &dyn Match, players: &[User]) -> Vec<Msg> {
        let names: Vec<String> = players.iter().map(|u| u.name.clone()).collect();
        notes(game, &names)
    }

    /// Counts the placements per shape (shape names in `lang`), for the hint's suggestion
    /// to filter by shape and site.
    fn moves_hint(texts: &Texts, lang: Lang, hint: Msg, list: &[String]) -> Msg {
        hint.arg("counts", shape_counts(texts, lang, list))
    }

    /// Shapes and colours in German (`drache`, `grün`).
    fn word_de(word: &str) -> Option<&'static str> {
        rules::aratoth::SHAPES
            .iter()
            .find(|s| s.en == word)
            .map(|s| s.de)
            .or_else(|| rules::aratoth::Colour::de_of_en(word))
    }
}

/// After a placement: each player who then could not place ("carol cannot place any
/// piece and is out"), in order. Nothing after an event (a resignation is announced by
/// its own header).
fn notes(game: &dyn Match, names: &[String]) -> Vec<Msg> {
    let AnyView::Aratoth(view) = game.view(Viewer::Spectator) else { return Vec::new() };
    if game.aborted() || game.log().last().is_none_or(|entry| entry.starts_with('@')) {
        return Vec::new();
    }
    let out: Vec<Seat> = if view.players == 2 {
        // The player to move who cannot place loses: the one who did not place last.
        match view.pieces.last() {
            Some(last) if game.is_finished() => vec![(last.seat + 1) % 2],
            _ => Vec::new(),
        }
    } else {
        let before = if view.eliminated.is_empty() { 0 } else { eliminated_before_last(game) };
        view.eliminated.get(before..).unwrap_or_default().to_vec()
    };
    let name = |seat: Seat| names.get(seat).cloned().unwrap_or_else(|| format!("#{seat}"));
    out.into_iter().map(|seat| Msg::new("aratoth-out").arg("player", name(seat))).collect()
}

/// How many players were out before the last log entry: the game rebuilt from its
/// resolved setup and every entry but the last (at most 36 placements).
fn eliminated_before_last(game: &dyn Match) -> usize {
    let log = game.log();
    let Ok(mut before) =
        rules::open(game.kind(), &game.options(), game.players(), Some(game.resolved_setup()), game.seed())
    else {
        return 0;
    };
    for entry in log.iter().take(log.len().saturating_sub(1)) {
        if before.play(entry).is_err() {
            return 0;
        }
    }
    match before.view(Viewer::Spectator) {
        AnyView::Aratoth(view) => view.eliminated.len(),
        _ => 0,
    }
}

/// How many of the placements `list` (`dragon red a5 a9 a10 a13`, ...) have each shape,
/// in the order the shapes first appear: `formula 216, bird 300, ...`.
fn shape_counts(texts: &Texts, lang: Lang, list: &[String]) -> String {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for shape in list.iter().filter_map(|m| m.split_whitespace().next()) {
        match counts.iter_mut().find(|(s, _)| *s == shape) {
            Some((_, n)) => *n += 1,
            None => counts.push((shape, 1)),
        }
    }
    counts
        .iter()
        .map(|(shape, n)| texts.plain(lang, &Msg::new("aratoth-shape-count").arg("shape", *shape).arg("count", *n)))
        .collect::<Vec<_>>()
        .join(", ")
}
