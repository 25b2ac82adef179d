//! `[discord] shards`: which shards this process runs.

use std::fmt;

use serde::{Deserialize, Deserializer};

/// `[discord] shards`: which of how many shards this process runs, written `"0-3/8"`
/// (shards 0, 1, 2 and 3 of 8) or `"2/8"` (shard 2 of 8 alone). Always
/// `first <= last < total`, so at least one shard and `total >= 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardRange {
    first: u32,
    last: u32,
    total: u32,
}

/// Why a text is not a [`ShardRange`]; each names the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardRangeError {
    #[error("\"{0}\" is not a shard range like \"0-3/8\" (shards 0 to 3 of 8) or \"2/8\" (shard 2 of 8)")]
    Form(String),
    #[error("\"{text}\": the total number of shards must be at least 1")]
    NoShards { text: String },
    #[error("\"{text}\": the first shard ({first}) comes after the last ({last})")]
    FirstAfterLast { text: String, first: u32, last: u32 },
    #[error("\"{text}\": there is no shard {shard} of {total} (they are numbered 0 to {})", .total.saturating_sub(1))]
    PastTotal { text: String, shard: u32, total: u32 },
}

impl ShardRange {
    /// Shards `first` to `last` (both included) of `total`.
    ///
    /// # Errors
    /// [`ShardRangeError`] (naming `text`) unless `first <= last < total`.
    pub fn new(first: u32, last: u32, total: u32, text: &str) -> Result<ShardRange, ShardRangeError> {
        let text = text.to_string();
        if total == 0 {
            Err(ShardRangeError::NoShards { text })
        } else if first > last {
            Err(ShardRangeError::FirstAfterLast { text, first, last })
        } else if last >= total {
            Err(ShardRangeError::PastTotal { text, shard: last, total })
        } else {
            Ok(ShardRange { first, last, total })
        }
    }

    /// The first shard this process runs.
    pub fn first(&self) -> u32 {
        self.first
    }

    /// The last shard this process runs (included).
    pub fn last(&self) -> u32 {
        self.last
    }

    /// How many shards the bot has in all processes together.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// In words, for logs: "shards 0 to 3 of 8", "shard 2 of 8".
    pub fn describe(&self) -> String {
        if self.first == self.last {
            format!("shard {} of {}", self.first, self.total)
        } else {
            format!("shards {} to {} of {}", self.first, self.last, self.total)
        }
    }
}

impl std::str::FromStr for ShardRange {
    type Err = ShardRangeError;

    /// `"FIRST-LAST/TOTAL"` or `"SHARD/TOTAL"`: decimal numbers, spaces around them
    /// allowed.
    fn from_str(text: &str) -> Result<ShardRange, ShardRangeError> {
        let form = || ShardRangeError::Form(text.to_string());
        let number = |part: &str| {
            let part = part.trim();
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            part.parse::<u32>().ok()
        };
        let (range, total) = text.split_once('/').ok_or_else(form)?;
        let total = number(total).ok_or_else(form)?;
        let (first, last) = match range.split_once('-') {
            Some((first, last)) => (number(first).ok_or_else(form)?, number(last).ok_or_else(form)?),
            None => {
                let shard = number(range).ok_or_else(form)?;
                (shard, shard)
            }
        };
        ShardRange::new(first, last, total, text)
    }
}

/// As written in the config: `"0-3/8"`, or `"2/8"` for one shard.
impl fmt::Display for ShardRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.last {
            write!(f, "{}/{}", self.first, self.total)
        } else {
            write!(f, "{}-{}/{}", self.first, self.last, self.total)
        }
    }
}

impl<'de> Deserialize<'de> for ShardRange {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ShardRange, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = ShardRange;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a shard range like \"0-3/8\" or \"2/8\"")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<ShardRange, E> {
                text.parse().map_err(E::custom)
            }
        }
        d.deserialize_str(Visitor)
    }
}
