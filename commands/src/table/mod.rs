//! The table: the request context, loading and caching a game, choosing which game a
//! command means, and pictures. Imports [`crate::base`], [`crate::grammar`] and
//! [`crate::store`].

pub mod games;
pub mod replay;
