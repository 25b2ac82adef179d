//! The command layer's integration tests (one test binary, modules per subject), on
//! temporary database files.

mod answers;
mod aratoth;
mod concurrency;
mod helofag;
mod permissions;
mod support;
