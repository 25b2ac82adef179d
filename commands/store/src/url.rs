//! The database URL as the user wrote it: [`redact`] hides its secrets wherever it is
//! shown, [`check`] refuses one that is neither PostgreSQL's nor SQLite's before it can
//! be taken for a file name.
//!
//! Both work on the text, not on a parsed URL: what they look at is often no valid URL
//! (a scheme with one slash, `user:password@host` without a scheme), and a password may
//! hold characters a URL parser would cut at.

/// The forms a database URL may take, for messages.
pub const FORMS: &str = "`postgres://user:password@host:port/database` (or `postgresql://…`) for PostgreSQL, \
                         `sqlite://FILE`, `sqlite:///ABSOLUTE/PATH` or a plain file path for SQLite";

/// Whether a query parameter's key names a secret (`password`, libpq's `sslpassword`,
/// …); `passfile` names a file and is no secret.
fn secret_key(key: &str) -> bool {
    let key = decoded_key(key);
    ["password", "passwd", "pwd", "secret", "token"].iter().any(|word| key.contains(word))
}

/// A query parameter's key as the driver reads it: percent-decoded (`pass%77ord` is
/// `password`) and in lower case.
fn decoded_key(key: &str) -> String {
    percent_encoding::percent_decode_str(key).decode_utf8_lossy().to_ascii_lowercase()
}

/// The scheme of `text` (`postgres` of `postgres:/…`) when it begins with one of at
/// least two characters (a single letter is a Windows drive), and what follows the `:`.
fn scheme(text: &str) -> Option<(&str, &str)> {
    let (scheme, rest) = text.split_once(':')?;
    let mut chars = scheme.chars();
    let well_formed = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    (well_formed && scheme.len() >= 2).then_some((scheme, rest))
}

/// `url` with every secret replaced by `***`, for messages and logs:
/// - the password of a user part, `user:password@host` (after a scheme and its
///   slashes, however many, or without any scheme), up to the last `@` (a password may
///   hold an `@` of its own);
/// - the value of every query parameter whose key names a secret (`?password=…`,
///   `&sslpassword=…`).
///
/// A text without either comes back unchanged; in doubt more is hidden, never less.
pub fn redact(url: &str) -> String {
    let (head, rest) = url.split_at(after_scheme(url));
    let rest = match (rest.find('@'), rest.rfind('@')) {
        (Some(first_at), Some(last_at)) => match rest[..first_at].find(':') {
            Some(colon) => format!("{}:***{}", &rest[..colon], &rest[last_at..]),
            None => rest.to_string(),
        },
        _ => rest.to_string(),
    };
    let (before, query) = match rest.split_once('?') {
        Some((before, query)) => (before, Some(query)),
        None => (rest.as_str(), None),
    };
    let mut shown = format!("{head}{before}");
    if let Some(query) = query {
        let pairs: Vec<String> = query
            .split('&')
            .map(|pair| match pair.split_once('=') {
                Some((key, _)) if secret_key(key) => format!("{key}=***"),
                _ => pair.to_string(),
            })
            .collect();
        shown.push('?');
        shown.push_str(&pairs.join("&"));
    }
    shown
}

/// Where what follows the scheme and its slashes begins (`postgres://`, `postgres:/`,
/// `sqlite:///`); without slashes (`pwuser:secret@host`) the "scheme" may be the user, so 0.
fn after_scheme(url: &str) -> usize {
    match scheme(url) {
        Some((scheme, rest)) if rest.starts_with('/') => scheme.len() + 1 + (rest.len() - rest.trim_start_matches('/').len()),
        _ => 0,
    }
}

/// The secret values in `url`, exactly the parts [`redact`] hides: the password of its
/// user part and the values of its secret query parameters (as written; the log also
/// hides their decoded forms). For the log's redaction of every configured URL.
pub fn secrets(url: &str) -> Vec<String> {
    let rest = &url[after_scheme(url)..];
    let mut out = Vec::new();
    if let (Some(first_at), Some(last_at)) = (rest.find('@'), rest.rfind('@'))
        && let Some(colon) = rest[..first_at].find(':')
    {
        out.push(rest[colon + 1..last_at].to_string());
    }
    if let Some((_, query)) = rest.split_once('?') {
        for (key, value) in query.split('&').filter_map(|pair| pair.split_once('=')) {
            if secret_key(key) && !value.is_empty() {
                out.push(value.to_string());
            }
        }
    }
    out
}

/// Why `url` is refused before anything is opened (the reason shows the URL through
/// [`redact`] only), or `Ok` for a PostgreSQL URL (`postgres://`, `postgresql://`), a
/// SQLite one (`sqlite:…`) or a file path. Refused:
/// - a misspelt or foreign scheme (`postgres:/`, `postgress://`, `mysql://`, any
///   `scheme:/…`), which SQLite would otherwise take for a file name;
/// - `user:password@host` without a scheme;
/// - a PostgreSQL URL with a secret parameter other than `password` (`sslpassword`):
///   sqlx ignores it and would log its value.
pub fn check(url: &str) -> Result<(), String> {
    let url = url.trim();
    let shown = redact(url);
    if super::is_postgres_url(url) {
        let query = url.split_once('?').map_or("", |(_, query)| query);
        for key in query.split('&').filter_map(|pair| pair.split('=').next()) {
            if secret_key(key) && decoded_key(key) != "password" {
                return Err(format!("`{shown}`: the parameter `{key}` is not supported (its value is not shown); PostgreSQL's password goes in `postgres://user:password@host/…` or `?password=…`"));
            }
        }
        return Ok(());
    }
    if url.starts_with("sqlite:") {
        return Ok(());
    }
    let refuse = |why: &str| Err(format!("`{shown}` is not a database URL: {why}; write {FORMS}"));
    if let Some((scheme, rest)) = scheme(url)
        && rest.starts_with('/')
    {
        let lower = scheme.to_ascii_lowercase();
        return refuse(&if lower == "postgres" || lower == "postgresql" {
            "a PostgreSQL URL begins with two slashes after the scheme".to_string()
        } else if ["postg", "pg", "psql", "sqlite"].iter().any(|p| lower.starts_with(p)) {
            format!("the scheme `{scheme}:` is misspelt")
        } else if ["mysql", "mariadb", "mssql", "sqlserver", "oracle", "mongodb"].contains(&lower.as_str()) {
            "Spieltisch keeps its games in PostgreSQL or SQLite only".to_string()
        } else {
            format!("the scheme `{scheme}:` is unknown")
        });
    }
    if url[..url.find('@').unwrap_or(0)].contains(':') {
        return refuse("it looks like `user:password@host` without a scheme");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_secrets_are_hidden() {
        assert_eq!(redact("sqlite://games.db"), "sqlite://games.db");
        assert_eq!(redact("sqlite:///var/lib/a@b.db"), "sqlite:///var/lib/a@b.db");
        assert_eq!(redact("games.db"), "games.db");
        assert_eq!(redact("sqlite::memory:"), "sqlite::memory:");
        assert_eq!(redact("postgres://bot@h/db"), "postgres://bot@h/db");
        assert_eq!(redact("postgres://bot:pw@h:5432/db?x=1"), "postgres://bot:***@h:5432/db?x=1");
        assert_eq!(redact("postgres://u@h:5432/db?sslmode=require&passfile=/p"), "postgres://u@h:5432/db?sslmode=require&passfile=/p");
    }

    #[test]
    fn passwords_in_query_parameters_are_hidden() {
        assert_eq!(redact("postgres://pwuser@127.0.0.1:41699/rev_a?password=WrongQ-777"), "postgres://pwuser@127.0.0.1:41699/rev_a?password=***");
        assert_eq!(redact("postgres://h/db?user=pwuser&password=WrongQ-777&sslmode=disable"), "postgres://h/db?user=pwuser&password=***&sslmode=disable");
        assert_eq!(redact("postgresql://h/db?sslpassword=k3y&Password=x"), "postgresql://h/db?sslpassword=***&Password=***");
        // sqlx decodes a parameter's key before it reads it: `pass%77ord` is its
        // password, so it is hidden as one (issue 38).
        assert_eq!(redact("postgres://u@h/db?pass%77ord=Hunter2x&sslmode=disable"), "postgres://u@h/db?pass%77ord=***&sslmode=disable");
        assert_eq!(redact("postgres://u@h/db?%50ASSWORD=Hunter2x"), "postgres://u@h/db?%50ASSWORD=***");
        // What `redact` hides is what `secrets` names.
        assert_eq!(secrets("https://bot:s3cr%40t@example.org:8448/path?x=1"), vec!["s3cr%40t"]);
        assert_eq!(secrets("postgres://u@h/db?pass%77ord=Hunter2x&sslmode=disable&token=abc"), vec!["Hunter2x", "abc"]);
        assert_eq!(secrets("sqlite:///var/lib/a@b.db"), Vec::<String>::new());
    }

    #[test]
    fn user_passwords_are_hidden_however_the_scheme_is_written() {
        assert_eq!(redact("postgres:/pwuser:Sekr3t-PW-xyz@127.0.0.1:41699/rev_a"), "postgres:/pwuser:***@127.0.0.1:41699/rev_a");
        assert_eq!(redact("pwuser:Sekr3t-PW-xyz@127.0.0.1/rev_a"), "pwuser:***@127.0.0.1/rev_a");
        assert_eq!(redact("postgress://u:p@h/d"), "postgress://u:***@h/d");
        // An `@` or `/` inside the password: hidden up to the last `@`.
        assert_eq!(redact("postgres://u:p@ss/w?rd@h/d"), "postgres://u:***@h/d");
    }

    #[test]
    fn urls_of_both_databases_and_file_paths_are_taken() {
        for url in ["postgres://u:p@h:5432/d", "postgresql://h/d?password=x", "sqlite://games.db", "sqlite:games.db", "games.db", "/var/lib/a@b.db", "C:/games.db", "games:2024.db"] {
            assert_eq!(check(url), Ok(()), "{url}");
        }
    }

    #[test]
    fn misspelt_or_foreign_urls_are_refused_without_their_password() {
        let cases = [
            ("postgres:/pwuser:Sekr3t-PW-xyz@127.0.0.1:41699/rev_a", "`postgres:/pwuser:***@127.0.0.1:41699/rev_a` is not a database URL: a PostgreSQL URL begins with two slashes after the scheme"),
            ("postgresql:/u:Sekr3t@h/d", "`postgresql:/u:***@h/d` is not a database URL: a PostgreSQL URL begins with two slashes after the scheme"),
            ("postgress://u:Sekr3t@h/d", "`postgress://u:***@h/d` is not a database URL: the scheme `postgress:` is misspelt"),
            ("mysql://u:Sekr3t@h/d", "`mysql://u:***@h/d` is not a database URL: Spieltisch keeps its games in PostgreSQL or SQLite only"),
            ("pwuser:Sekr3t-PW-xyz@127.0.0.1/rev_a", "`pwuser:***@127.0.0.1/rev_a` is not a database URL: it looks like `user:password@host` without a scheme"),
            ("http://h/games.db", "`http://h/games.db` is not a database URL: the scheme `http:` is unknown"),
        ];
        for (url, reason) in cases {
            let error = check(url).expect_err(url);
            assert_eq!(error, format!("{reason}; write {FORMS}"), "{url}");
            assert!(!error.contains("Sekr3t"), "{error}");
        }
        let error = check("postgres://u@h/d?sslpassword=Sekr3t").expect_err("sslpassword");
        assert_eq!(
            error,
            "`postgres://u@h/d?sslpassword=***`: the parameter `sslpassword` is not supported (its value is not shown); \
             PostgreSQL's password goes in `postgres://user:password@host/…` or `?password=…`"
        );
    }
}
