//! Ids shared by every layer.

/// A game's id in storage (shown as `#12`).
pub type GameId = i64;

/// A challenge's id (shown as `challenge #3`).
pub type ChallengeId = i64;
