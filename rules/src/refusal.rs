//! Errors that explain themselves in one sentence.

use std::fmt;

/// Why a move (or an event) was refused, in one sentence.
///
/// `key` names the message for translation (the command layer looks it up in its
/// Fluent bundles as `rule-<key>` with `args` as Fluent arguments); `text` is the
/// canonical English sentence, used in records, logs and as the fallback.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub key: &'static str,
    pub args: Vec<(&'static str, String)>,
    pub text: String,
}

impl Refusal {
    /// A refusal with a translation key and its English text.
    pub fn new(key: &'static str, text: impl Into<String>) -> Self {
        Refusal { key, args: Vec::new(), text: text.into() }
    }

    /// Adds a named argument for the translated message.
    pub fn arg(mut self, name: &'static str, value: impl fmt::Display) -> Self {
        self.args.push((name, value.to_string()));
        self
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::error::Error for Refusal {}

/// A record or setup that cannot start a game: bad options, a missing, extra or
/// duplicated component, a value out of range. The text names what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError(pub String);

impl SetupError {
    pub fn new(text: impl Into<String>) -> Self {
        SetupError(text.into())
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}
