//! Which platforms' work a scheduler poll takes, as an SQL condition.

/// Whose work a poll takes: every platform's, or only that of the platforms named
/// (the ones a running adapter serves).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Platforms<'a> {
    All,
    Only(&'a [&'a str]),
}

impl Platforms<'_> {
    /// The SQL condition that `column` names one of the platforms; its two parameters
    /// are bound by [`Platforms::bind`] (the list as a JSON array, or NULL for all).
    pub(crate) fn sql(column: &str) -> String {
        format!("(? IS NULL OR {column} IN (SELECT value FROM json_each(?)))")
    }

    fn json(self) -> Option<String> {
        match self {
            Platforms::All => None,
            Platforms::Only(names) => Some(serde_json::Value::from(names.to_vec()).to_string()),
        }
    }

    /// Binds the parameters of [`Platforms::sql`] to `query`.
    pub(crate) fn bind<'q>(
        self,
        query: sqlx::query::Query<'q, sqlx::Sqlite, sqlx::sqlite::SqliteArguments>,
    ) -> sqlx::query::Query<'q, sqlx::Sqlite, sqlx::sqlite::SqliteArguments> {
        let json = self.json();
        query.bind(json.clone()).bind(json)
    }

    /// [`Platforms::bind`] for a `query_as`.
    pub(crate) fn bind_as<'q, O>(
        self,
        query: sqlx::query::QueryAs<'q, sqlx::Sqlite, O, sqlx::sqlite::SqliteArguments>,
    ) -> sqlx::query::QueryAs<'q, sqlx::Sqlite, O, sqlx::sqlite::SqliteArguments> {
        let json = self.json();
        query.bind(json.clone()).bind(json)
    }
}
