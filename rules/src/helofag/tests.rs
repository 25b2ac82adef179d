//! Helofag's rules, each case worked out by hand from helofag.md.
