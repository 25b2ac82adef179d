//! Hathor rules, each case worked out by hand from `hathor.md`.
