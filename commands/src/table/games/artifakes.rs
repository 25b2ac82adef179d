//! Artifälschungen in chat (spec `artifakes.md`): a hand is its card numbers, and
//! `moves` explains each card in hand (movement points by colour and by number, where
//! the inspector would land each way and what digging there brings).

use rules::{
    Seat,
    artifakes::{ArtifakesView, CardOption, Landing, WayOption},
};

use super::Chat;
use crate::base::i18n::Msg;

impl Chat for ArtifakesView {
    /// The card numbers, ascending, e.g. `3 12 12 22 29`.
    fn hand_text(&self, seat: Seat) -> Option<String> {
        self.hands.get(seat)?.as_ref().map(|hand| {
            let mut cards = hand.clone();
            cards.sort_unstable();
            cards.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
        })
    }

    /// For each card in hand its movement points by colour and by number and where the
    /// inspector would land each way (from [`rules::artifakes::Artifakes::card_options`]).
    fn move_help(&self, seat: Seat, format: &dyn Fn(&Msg) -> String) -> Vec<String> {
        artifakes_help(self, seat, format)
    }

    /// Burying takes pieces from the public supply onto fields: its moves show no card.
    fn moves_public(&self) -> bool {
        self.phase == rules::artifakes::Phase::Bury
    }
}

fn artifakes_help(view: &ArtifakesView, seat: Seat, format: &dyn Fn(&Msg) -> String) -> Vec<String> {
    let Some(Some(options)) = view.card_options.get(seat) else { return Vec::new() };
    if options.is_empty() {
        return Vec::new();
    }
    let mut lines = vec![format(&Msg::new("moves-artifakes-intro").arg("field", u64::from(view.inspector)))];
    lines.extend(options.iter().map(|option| artifakes_card_line(option, format)));
    if let Some(first) = options.first().filter(|_| options.iter().all(|o| !o.moves())) {
        lines.push(format(&Msg::new("moves-artifakes-must-waste").arg("card", u64::from(first.card))));
    }
    lines
}

fn artifakes_card_line(option: &CardOption, format: &dyn Fn(&Msg) -> String) -> String {
    let way = |w: &WayOption| match (w.cw, w.ccw) {
        (Some(cw), Some(ccw)) => format(
            &Msg::new("moves-artifakes-way")
                .arg("way", w.way.word())
                .arg("points", u64::from(w.points))
                .arg("cw", landing(&cw, format))
                .arg("ccw", landing(&ccw, format)),
        ),
        _ => format(&Msg::new("moves-artifakes-way-none").arg("way", w.way.word())),
    };
    format(
        &Msg::new("moves-artifakes-card")
            .arg("card", u64::from(option.card))
            .arg("copies", u64::from(option.copies))
            .arg("colour", option.colour.word())
            .arg("by-colour", way(&option.by_colour))
            .arg("by-number", way(&option.by_number)),
    )
}

/// A landing field, with what digging there brings: "5" or "5 (find 3, destroy 2)" (points).
fn landing(landing: &Landing, format: &dyn Fn(&Msg) -> String) -> String {
    let (find, destroy) = (u64::from(landing.finds.value()), u64::from(landing.destroys.value()));
    let key = match (find > 0, destroy > 0) {
        (false, false) => "moves-artifakes-field",
        (true, false) => "moves-artifakes-field-find",
        (false, true) => "moves-artifakes-field-destroy",
        (true, true) => "moves-artifakes-field-both",
    };
    format(&Msg::new(key).arg("field", u64::from(landing.field)).arg("find", find).arg("destroy", destroy))
}

