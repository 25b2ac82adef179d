//! Ids shared by every layer.

/// A game's id in storage (shown as `#12`).
pub type GameId = i64;
