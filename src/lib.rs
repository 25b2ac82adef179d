//! Spieltisch, the library half of the binary: the platform adapters, so the
//! integration tests (`tests/it/`) can run them in-process.

#[cfg(feature = "discord")]
pub mod discord;
