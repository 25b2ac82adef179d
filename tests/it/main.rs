//! The root package's one integration test binary (a debug build of the full stack is
//! large, so every area is a module here rather than a binary of its own).

mod discord;
mod fake_discord;
