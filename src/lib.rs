//! Spieltisch's bot binary as a library: the platform adapters, so the integration tests
//! can run them in-process.

#[cfg(feature = "matrix")]
pub mod matrix;
#[cfg(feature = "discord")]
pub mod discord;
pub mod config;
pub mod logging;
pub mod secret;
pub mod notices;
pub mod shutdown;
pub mod web;
