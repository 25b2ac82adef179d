//! What the command layer needs to know per game beyond the [`rules::Match`] trait: the
//! text of a player's private information, the notes announced with each turn
//! ([`turn_notes`], one file per game under `games/`) and the hint under a long `moves`
//! list ([`moves_hint`]). A new game adds its arms here.

mod aratoth;
mod helofag;

use rules::{AnyView, GameKind, Match, Seat};

use crate::i18n::{Lang, Msg, Texts};

/// What the channel is told after a start, move or event of `game` besides the move
/// itself and whose turn it is (or the ranking), in order (Helofag: automatic passes,
/// the new roll, its transfers to B, "only one action"; Aratoth: who could not place and
/// is out). `names` are the players' names by seat. Empty for games without such notes.
pub fn turn_notes(game: &dyn Match, names: &[String]) -> Vec<Msg> {
    match game.kind() {
        GameKind::Aratoth => aratoth::notes(game, names),
        GameKind::Helofag => helofag::notes(game, names),
        _ => Vec::new(),
    }
}

/// What `board` says of `game` besides the caption and whose turn it is (Helofag: the
/// roll of the player to move, what it sent to B, "only one action"). Empty for games
/// without such notes and once the game is over.
pub fn board_notes(game: &dyn Match, names: &[String]) -> Vec<Msg> {
    if game.is_finished() {
        return Vec::new();
    }
    match game.kind() {
        GameKind::Helofag => helofag::board_notes(game, names),
        _ => Vec::new(),
    }
}

/// The hint under a `moves` list longer than a page (`list`: every move listed, on all
/// pages): the game's own `<game>-moves-hint` when `lang` or English has one (Aratoth's
/// counts the placements per shape and suggests filters by shape and site), else the
/// general `moves-narrow`.
pub fn moves_hint(texts: &Texts, lang: Lang, kind: GameKind, list: &[String]) -> Msg {
    let own = format!("{}-moves-hint", kind.id());
    if !texts.has(lang, &own) && !texts.has(Lang::En, &own) {
        return Msg::new("moves-narrow");
    }
    match kind {
        GameKind::Aratoth => Msg::new(own).arg("counts", aratoth::shape_counts(list)),
        _ => Msg::new(own),
    }
}

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
        // No hidden information: Aratoth, Helofag; Hathor's current stone is public.
        AnyView::Aratoth(_) | AnyView::Hathor(_) | AnyView::Helofag(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use rules::{open, GameKind, Viewer};
    use serde_json::json;

    use super::*;

    #[test]
    fn a_long_moves_list_hints_at_the_games_own_filters_or_the_general_ones() {
        let texts = Texts::load();
        let list = ["mage red a1 a2 a3 b1", "formula red a1 a2 a4", "mage green a1 a2 a3 b1"].map(String::from);
        let hint = moves_hint(&texts, Lang::De, GameKind::Aratoth, &list);
        assert_eq!(hint.key, "aratoth-moves-hint");
        let text = texts.plain(Lang::De, &hint);
        assert!(text.contains("(mage 2, formula 1)") && text.contains("`züge drache a5`"), "{text}");
        assert_eq!(moves_hint(&texts, Lang::En, GameKind::Carat, &list).key, "moves-narrow");
    }

    #[test]
    fn games_without_notes_have_none() {
        let game = open(GameKind::Carat, &json!({"players": 2}), 2, None, Some(5)).expect("game");
        let names = ["a".to_string(), "b".to_string()];
        assert!(turn_notes(game.as_ref(), &names).is_empty());
        assert!(board_notes(game.as_ref(), &names).is_empty());
        let helofag = open(GameKind::Helofag, &json!({"players": 2}), 2, None, Some(5)).expect("game");
        assert_eq!(board_notes(helofag.as_ref(), &names)[0].key, "helofag-rolled");
    }

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
