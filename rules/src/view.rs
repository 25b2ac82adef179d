//! What a viewer sees of a game, one variant per game, for the renderer.

/// A per-viewer snapshot of any game (see [`crate::Game::view`]).
/// A view is a one-off snapshot handed to the renderer, so the variants' sizes may differ.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum AnyView {
    Artifakes(crate::artifakes::ArtifakesView),
    Carat(crate::carat::CaratView),
}
