//! Which platforms' (or which one channel's) work a scheduler poll takes, as an SQL
//! condition.

use super::backend::Dialect;

/// Whose work a poll takes: every platform's, only that of the platforms named (the
/// ones a running adapter serves), or one channel's (a terminal chat, which prints only
/// its own channel's notices; another channel's wait for that channel's terminal).
#[derive(Debug, Clone, Copy)]
pub enum Platforms<'a> {
    All,
    Only(&'a [&'a str]),
    Channel { platform: &'a str, channel: &'a str },
}

impl Platforms<'_> {
    /// The SQL condition that `platform` (a column) names one of the platforms and, for
    /// one channel's poll, `channel` (a column) that channel. Its two parameters are
    /// `$first` and `$first + 1`, bound to [`Platforms::list`] and
    /// [`Platforms::channel`] in that order.
    pub(crate) fn sql(dialect: Dialect, platform: &str, channel: &str, first: usize) -> String {
        let (list, one) = (format!("${first}"), format!("${}", first + 1));
        let values = dialect.json_strings(&list);
        format!("({list} IS NULL OR {platform} IN (SELECT value FROM {values})) AND ({one} IS NULL OR {channel} = {one})")
    }

    /// The platforms as a JSON array of names; `None` for all.
    pub(crate) fn list(self) -> Option<String> {
        match self {
            Platforms::All => None,
            Platforms::Only(names) => Some(serde_json::Value::from(names.to_vec()).to_string()),
            Platforms::Channel { platform, .. } => Some(serde_json::Value::from(vec![platform]).to_string()),
        }
    }

    /// The one channel; `None` for every channel of the platforms.
    pub(crate) fn channel(self) -> Option<String> {
        match self {
            Platforms::Channel { channel, .. } => Some(channel.to_string()),
            _ => None,
        }
    }
}
