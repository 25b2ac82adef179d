//! What a viewer sees of a game, one variant per game, for the renderer.

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
    /// Marks the game as over in the view (nobody to move), for games that ended through
    /// an event the game's own rules do not see (a resignation or timeout with two
    /// players, an abort).
    pub fn end_turns(&mut self) {
        match self {
            AnyView::Aratoth(v) => v.to_move = None,
            AnyView::Artifakes(v) => v.to_move = None,
            AnyView::Carat(v) => v.to_move = None,
            AnyView::Hathor(_) => {}
            AnyView::Helofag(v) => v.to_move = None,
        }
    }
}
