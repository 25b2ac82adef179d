//! One type for every secret the bot holds (tokens, passwords, the daily challenge's
//! secret, the Matrix access token): [`Secret`]. A leaf: it uses only the log's
//! redaction, which it feeds.

use std::fmt;

use serde::{Deserialize, Deserializer, Serializer};

/// A secret (token, password): `Debug` and `Display` print `***`, so it never reaches a
/// log or an error message; [`Secret::expose`] gives the value to the one place that
/// needs it.
///
/// Every secret is registered with the log's redaction when it is made
/// ([`crate::logging::hide`]): a library that prints it (a frame, a request) prints `***`.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Secret {
        let value = value.into();
        crate::logging::hide(&value);
        Secret(value)
    }

    /// The secret value itself.
    #[cfg_attr(not(feature = "discord"), allow(dead_code, reason = "the platform adapters read it"))]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for Secret {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Secret, D::Error> {
        String::deserialize(deserializer).map(Secret::new)
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

impl Secret {
    /// For `#[serde(serialize_with = "Secret::serialize_exposed")]` on the one field
    /// that must be written out as it is (the Matrix session file, which only the bot
    /// reads): there is deliberately no `Serialize` for `Secret`.
    ///
    /// # Errors
    /// The serializer's.
    pub fn serialize_exposed<S: Serializer>(secret: &Secret, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&secret.0)
    }
}
