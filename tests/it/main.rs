//! The root package's one integration test binary (one module per area).

mod synapse;
mod matrix;
