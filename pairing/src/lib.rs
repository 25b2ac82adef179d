//! Tournament pairings (crate doc written below).
pub mod blossom;
