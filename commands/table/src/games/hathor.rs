//! Hathor in chat (spec `hathor.md`, "Hint", "End and bonus"): the current stone is
//! public, so nothing is private; the legal fields are sold as the hint, and after a
//! hint the announcement lists them in text (a phone user need not open the picture);
//! the end says why the game ended and what the end bonuses were.

use rules::{
    hathor::{variant_rules, End, HathorView, Stone, Symbol, COMPLETION_BONUS, HATHOR_BONUS, HINT_COST, PILE_SIZE, PLACEMENT_BASE},
    AnyView, Match, Viewer,
};

use super::Chat;
use crate::base::{
    i18n::{Arg, Msg},
    reply::User,
};

impl Chat for HathorView {
    /// The rules' move `hint` names the legal fields for [`HINT_COST`] points.
    fn moves_sold() -> Option<Msg> {
        Some(Msg::new("hathor-moves-sold").arg("points", HINT_COST))
    }

    /// The hint in German (`hilfe`).
    fn word_de(word: &str) -> Option<&'static str> {
        (word == "hint").then_some("hilfe")
    }

    fn turn_notes(game: &dyn Match, _players: &[User]) -> Vec<Msg> {
        let AnyView::Hathor(view) = game.view(Viewer::Spectator) else { return Vec::new() };
        let mut notes = Vec::new();
        let placed = game.log().last().is_some_and(|entry| !entry.starts_with('@') && view.hint.is_none());
        if placed {
            notes.extend(placement(&view));
        }
        if let Some(fields) = &view.hint {
            let list = fields.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
            notes.push(Msg::new("hathor-hint-fields").arg("count", fields.len()).arg("fields", list).arg("points", HINT_COST));
        }
        notes.extend(end_notes(&view));
        if let Some(stone) = view.current.filter(|_| view.end.is_none()) {
            notes.push(Msg::new("hathor-current").arg("stone", stone_words(stone)));
        }
        notes
    }
}

/// A stone in each language's words, as the board names it (`blue-lotus`, `blau-lotus`).
fn stone_words(stone: Stone) -> Arg {
    Arg::per_lang(|lang| render::hathor_stone_name(stone, lang))
}

/// After a placement (spec "Scoring"): the stone, its field, how many neighbours it
/// touches and the points that brought, 100 × 2^neighbours, and the score since
/// ("blue-lotus on C3 touches 2 stones: 400 points, 1,200 in all.").
fn placement(view: &HathorView) -> Option<Msg> {
    let field = view.last?;
    let stone = view.board.get(usize::from(field.row))?.get(usize::from(field.col)).copied().flatten()?;
    let neighbours =
        field.neighbours().filter(|n| view.board.get(usize::from(n.row)).and_then(|r| r.get(usize::from(n.col))).is_some_and(Option::is_some)).count();
    Some(
        Msg::new("hathor-placed")
            .arg("stone", stone_words(stone))
            .arg("field", field.to_string())
            .arg("count", neighbours)
            .arg("points", PLACEMENT_BASE << neighbours)
            .arg("total", view.score),
    )
}

/// Why the game ended and its end bonuses (spec "End and bonus"): all 72 stones placed
/// (20,000), or the current stone fitting nowhere; in variants 2–4 the Hathor bonus
/// (500 per stone showing the hathor symbol). Nothing while it goes on or after a
/// resignation (no bonuses then; the header says so).
fn end_notes(view: &HathorView) -> Vec<Msg> {
    let mut notes = match view.end {
        Some(End::Complete) => vec![Msg::new("hathor-end-complete").arg("stones", PILE_SIZE).arg("points", COMPLETION_BONUS)],
        Some(End::Blocked) => vec![Msg::new("hathor-end-blocked").arg("placed", view.placed)],
        Some(End::Resigned | End::TimedOut) | None => return Vec::new(),
    };
    if variant_rules(view.variant).is_some_and(|rules| rules.hathor_bonus) {
        let stones = view.board.iter().flatten().flatten().filter(|s| s.symbol == Symbol::Hathor).count();
        notes.push(Msg::new("hathor-end-bonus").arg("stones", stones).arg("points", HATHOR_BONUS * stones as i64));
    }
    notes
}
