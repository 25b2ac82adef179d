//! The bottom layer: ids, time, the clock, replies and translations. Imports nothing
//! of the crate above it.

pub mod ai_seat;
pub mod clock;
pub mod i18n;
pub mod ids;
pub mod names;
pub mod options;
pub mod origin;
pub mod reply;
pub mod text;
pub mod time;
