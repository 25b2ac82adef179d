//! The `spieltisch` binary's tests, in one test binary (each test binary that links the
//! whole stack is large): modules per subject.

mod browser;
mod cli_config;
#[cfg(feature = "discord")]
mod discord;
#[cfg(feature = "discord")]
mod discord_over_days;
#[cfg(feature = "discord")]
mod discord_review;
mod discord_tidy;
#[cfg(feature = "discord")]
mod discord_threads;
mod docs_examples;
#[cfg(feature = "discord")]
mod fake_discord;
mod matrix;
mod matrix_units;
mod postgres_script;
mod render_cli;
mod robustness;
mod support;
mod synapse;
mod terminal_ai;
mod terminal_game;
mod terminal_clock;
mod terminal_comforts;
mod terminal_keyboard;
mod tournament_kills;
mod web;
