//! Carat's rules, each case worked out by hand from `carat.md`.
