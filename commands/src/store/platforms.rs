//! Which platforms' (or which one channel's) work a scheduler poll takes, as an SQL
//! condition.

/// Whose work a poll takes: every platform's, only that of the platforms named (the
/// ones a running adapter serves), or one channel's (a terminal chat, which prints only
/// its own channel's notices; another channel's wait for that channel's terminal).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Platforms<'a> {
    All,
    Only(&'a [&'a str]),
    Channel { platform: &'a str, channel: &'a str },
}

impl Platforms<'_> {
    /// The SQL condition that `platform` (a column) names one of the platforms and, for
    /// one channel's poll, `channel` (a column) that channel; its four parameters are
    /// bound by [`Platforms::bind`] (the list as a JSON array or NULL for all, then the
    /// channel or NULL, each twice).
    pub(crate) fn sql(platform: &str, channel: &str) -> String {
        format!("(? IS NULL OR {platform} IN (SELECT value FROM json_each(?))) AND (? IS NULL OR {channel} = ?)")
    }

    fn json(self) -> Option<String> {
        match self {
            Platforms::All => None,
            Platforms::Only(names) => Some(serde_json::Value::from(names.to_vec()).to_string()),
            Platforms::Channel { platform, .. } => Some(serde_json::Value::from(vec![platform]).to_string()),
        }
    }

    fn channel(self) -> Option<String> {
        match self {
            Platforms::Channel { channel, .. } => Some(channel.to_string()),
            _ => None,
        }
    }

    /// Binds the parameters of [`Platforms::sql`] to `query`.
    pub(crate) fn bind<'q>(
        self,
        query: sqlx::query::Query<'q, sqlx::Sqlite, sqlx::sqlite::SqliteArguments>,
    ) -> sqlx::query::Query<'q, sqlx::Sqlite, sqlx::sqlite::SqliteArguments> {
        let (json, channel) = (self.json(), self.channel());
        query.bind(json.clone()).bind(json).bind(channel.clone()).bind(channel)
    }

    /// [`Platforms::bind`] for a `query_as`.
    pub(crate) fn bind_as<'q, O>(
        self,
        query: sqlx::query::QueryAs<'q, sqlx::Sqlite, O, sqlx::sqlite::SqliteArguments>,
    ) -> sqlx::query::QueryAs<'q, sqlx::Sqlite, O, sqlx::sqlite::SqliteArguments> {
        let (json, channel) = (self.json(), self.channel());
        query.bind(json.clone()).bind(json).bind(channel.clone()).bind(channel)
    }
}
