//! What a viewer sees of a game, one variant per game, for the renderer.

use crate::Seat;

/// A per-viewer snapshot of any game (see [`crate::Game::view`]).
#[allow(clippy::large_enum_variant)] // made once per drawing; boxing would buy nothing
#[derive(Debug, Clone)]
pub enum AnyView {
    Aratoth(crate::aratoth::AratothView),
    Artifakes(crate::artifakes::ArtifakesView),
    Carat(crate::carat::CaratView),
    Hathor(crate::hathor::HathorView),
    Helofag(crate::helofag::HelofagView),
}

impl AnyView {
    /// Marks the game as over in the view with its final `ranking` as [`crate::Match`]
    /// gives it (best first, ties share a list, removed players last; `[]` when aborted):
    /// nobody is to move and the winners are the first tier. This matters for games that
    /// ended through an event the game's own rules do not see (a resignation or timeout,
    /// an abort): the game's own "last placer" or "most points" is then not the winner.
    pub fn conclude(&mut self, ranking: &[Vec<Seat>]) {
        let first = ranking.first().cloned().unwrap_or_default();
        let single = match first.as_slice() {
            [seat] => Some(*seat),
            _ => None,
        };
        match self {
            AnyView::Aratoth(v) => {
                v.to_move = None;
                v.restriction = None;
                v.winner = single;
            }
            AnyView::Artifakes(v) => {
                v.to_move = None;
                v.ranking = Some(ranking.to_vec());
            }
            AnyView::Carat(v) => {
                v.to_move = None;
                v.winners = first;
            }
            AnyView::Hathor(_) => {}
            AnyView::Helofag(v) => {
                v.to_move = None;
                v.winner = single;
            }
        }
    }
}
