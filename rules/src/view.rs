//! What a viewer sees of a game, one variant per game, for the renderer.

/// A per-viewer snapshot of any game (see [`crate::Game::view`]).
/// Built once per drawing, so the variants' different sizes do not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum AnyView {
    Carat(crate::carat::CaratView),
    Helofag(crate::helofag::HelofagView),
}
