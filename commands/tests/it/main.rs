//! The command layer's integration tests (one test binary, modules per subject), on
//! temporary database files.

mod answers;
mod concurrency;
mod permissions;
mod support;
