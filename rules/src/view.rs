//! What a viewer sees of a game, one variant per game, for the renderer.

/// A per-viewer snapshot of any game (see [`crate::Game::view`]).
#[allow(clippy::large_enum_variant)] // made once per drawing; boxing would buy nothing
#[derive(Debug, Clone)]
pub enum AnyView {
    Aratoth(crate::aratoth::AratothView),
    Carat(crate::carat::CaratView),
    Hathor(crate::hathor::HathorView),
    Helofag(crate::helofag::HelofagView),
}
