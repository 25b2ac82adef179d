//! What the command layer needs to know per game beyond the [`rules::Match`] trait: the
//! text of a player's private information. A new game adds its arm here.

use rules::{AnyView, Seat};

/// The private information `view` shows of `seat`, as text (Carat: the hand tiles,
/// e.g. `5RGBY 2RBGY`), or `None` when the view hides nothing of that seat from others
/// or `view` was made for a viewer who may not see it. An empty hand is `Some("")`.
pub fn hand_text(view: &AnyView, seat: Seat) -> Option<String> {
    match view {
        AnyView::Carat(v) => v
            .hands
            .get(seat)?
            .as_ref()
            .map(|hand| hand.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")),
        // Hathor's current stone is public: nothing is private.
        AnyView::Hathor(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use rules::{open, GameKind, Viewer};
    use serde_json::json;

    use super::*;

    #[test]
    fn a_carat_hand_is_shown_to_its_owner_only() {
        let game = open(GameKind::Carat, &json!({"players": 2}), 2, None, Some(5)).expect("game");
        let AnyView::Carat(all) = game.view(Viewer::Omniscient) else { panic!("a Carat view") };
        let own = all.hands[1].clone().expect("hand");
        assert_eq!(own.len(), 1);
        assert_eq!(hand_text(&game.view(Viewer::Seat(1)), 1), Some(own[0].to_string()));
        assert_eq!(hand_text(&game.view(Viewer::Seat(0)), 1), None);
        assert_eq!(hand_text(&game.view(Viewer::Spectator), 1), None);
        assert_eq!(hand_text(&game.view(Viewer::Seat(1)), 7), None);
    }
}
