//! The daily challenge's seed (spec `hathor.md`, "Playing together in a channel": a
//! daily challenge uses a setup derived from the date): from the UTC date and a
//! per-instance secret from the config, so it is the same for everyone on this bot and
//! cannot be computed from the source.

use sha2::{Digest, Sha256};

/// Separates this use of SHA-256 from any other the bot may make.
const DOMAIN: &[u8] = b"spieltisch/hathor/daily/v1";

/// The seed of the daily Hathor challenge for `date` (the UTC date as the command layer
/// writes it, e.g. `2026-11-03`) on an instance with `secret` (bytes from the config).
///
/// SHA-256 over the domain tag, the date's length (8 bytes, little-endian), the date and
/// the secret; the seed is the digest's first 8 bytes read little-endian. The same
/// (date, secret) always gives the same seed; without the secret the seed cannot be
/// predicted. Pure: the caller supplies the date.
pub fn daily_seed(date: &str, secret: &[u8]) -> u64 {
    let mut hasher = Sha256::new();
    hasher.update(DOMAIN);
    hasher.update((date.len() as u64).to_le_bytes());
    hasher.update(date.as_bytes());
    hasher.update(secret);
    let digest = hasher.finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_le_bytes(first)
}
