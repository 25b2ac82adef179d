//! What a viewer sees of a game, one variant per game, for the renderer.

/// A per-viewer snapshot of any game (see [`crate::Game::view`]).
#[derive(Debug, Clone)]
pub enum AnyView {
    Artifakes(crate::artifakes::ArtifakesView),
    Carat(crate::carat::CaratView),
}
