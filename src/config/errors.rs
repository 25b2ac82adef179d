//! How a configuration error names the key and its line without quoting a secret's
//! value ([`super::SECRET_KEYS`]).

use super::SECRET_KEYS;

/// The lines of a config text that hold a secret's value: the line of a secret key (see
/// [`SECRET_KEYS`]) and the further lines of a multi-line string begun there (also when it
/// is never closed).
pub(super) struct SecretLines {
    /// Per line (0-based): the secret key whose value is on it.
    keys: Vec<Option<&'static str>>,
    /// The texts of the values (quotes stripped), which no message may contain.
    values: Vec<String>,
}

impl SecretLines {
    pub(super) fn of(text: &str) -> SecretLines {
        let mut keys = Vec::new();
        let mut values = Vec::new();
        let mut open: Option<(&'static str, &'static str)> = None;
        for line in text.split('\n') {
            if let Some((key, delimiter)) = open {
                keys.push(Some(key));
                values.push(line.trim().trim_end_matches(delimiter).trim().to_string());
                if line.contains(delimiter) {
                    open = None;
                }
                continue;
            }
            let found = secret_key_on(line);
            keys.push(found.map(|(key, _)| key));
            if let Some((key, value)) = found {
                let value = value.trim();
                for delimiter in ["\"\"\"", "'''"] {
                    if let Some(rest) = value.strip_prefix(delimiter) {
                        if !rest.contains(delimiter) {
                            open = Some((key, delimiter));
                        }
                        break;
                    }
                }
                values.push(value.trim_matches(|c| c == '"' || c == '\'').trim().to_string());
            }
        }
        SecretLines { keys, values }
    }

    /// The secret key whose value lies on a line that `span` touches.
    pub(super) fn touched(&self, text: &str, span: Option<&std::ops::Range<usize>>) -> Option<&'static str> {
        let span = span?;
        let first = line_of(text, span.start);
        let last = line_of(text, span.end.saturating_sub(1).max(span.start));
        (first..=last).find_map(|line| self.keys.get(line - 1).copied().flatten())
    }

    /// Whether `message` quotes a secret value.
    pub(super) fn leaks(&self, message: &str) -> bool {
        self.values.iter().any(|v| v.chars().count() >= 4 && message.contains(v.as_str()))
    }

    /// A TOML syntax error: line and column and TOML's message (which names what was
    /// expected, not the text), or about a secret's line only the key and the line.
    pub(super) fn syntax_error(&self, text: &str, message: &str, span: Option<std::ops::Range<usize>>) -> String {
        let Some(at) = span else {
            return if self.leaks(message) { "a value cannot be read (not shown: it may hold a secret)".into() } else { message.into() };
        };
        let line = line_of(text, at.start);
        let column = text[..at.start.min(text.len())].rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        if let Some(key) = self.touched(text, Some(&at)) {
            let reason = if message == "duplicate key" {
                format!("`{key}` is set twice")
            } else if self.leaks(message) {
                format!("the value of `{key}` is not valid TOML")
            } else {
                format!("the value of `{key}` is not valid TOML ({message})")
            };
            return format!("line {line}: {reason} (the value is not shown)");
        }
        let mut out = format!("line {line}, column {column}: {message}");
        if message == "duplicate key"
            && let Some(name) = text.get(at.clone()).filter(|k| !k.contains('\n'))
        {
            out = format!("line {line}, column {column}: `{name}` is set twice");
        }
        if self.leaks(&out) { format!("line {line}: a value cannot be read (not shown: it may hold a secret)") } else { out }
    }

    /// A bad value at `path` (`discord.token`): the line and serde's message, or, for a
    /// secret, what was expected and the kind of value found, without the value.
    pub(super) fn value_error(&self, text: &str, path: &str, message: &str, span: Option<std::ops::Range<usize>>) -> String {
        let line = span.as_ref().map(|s| line_of(text, s.start));
        let prefix = line.map_or_else(String::new, |l| format!("line {l}: "));
        let leaf = path.rsplit('.').next().unwrap_or(path);
        // A bad entry of `guilds` is not quoted either: what is pasted there by mistake
        // is often the bot's token (issue 38).
        let pasted = leaf.split('[').next().is_some_and(|key| UNQUOTED_KEYS.contains(&key));
        let secret = SECRET_KEYS.contains(&leaf) || pasted || self.touched(text, span.as_ref()).is_some();
        if !secret {
            return format!("{prefix}{message}");
        }
        let hidden = match type_mismatch(message) {
            Some((found, expected)) => format!("expected {expected}, found {found}"),
            None => "the value cannot be used".to_string(),
        };
        let out = format!("{prefix}{hidden} (the value is not shown)");
        if self.leaks(&out) { format!("{prefix}the value cannot be used (the value is not shown)") } else { out }
    }
}

/// The keys whose bad values are not quoted back in errors, though they are no secret:
/// a token is easily pasted there by mistake.
pub(super) const UNQUOTED_KEYS: &[&str] = &["guilds"];

/// The 1-based line of `url = …` in the `[database]` table of a config text.
pub(super) fn database_url_line(text: &str) -> Option<usize> {
    let mut in_database = false;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('[') {
            in_database = line.trim_start_matches('[').trim_end_matches(']').trim() == "database";
        } else if in_database && line.split('=').next().is_some_and(|key| key.trim().trim_matches('"') == "url") {
            return Some(i + 1);
        }
    }
    None
}

/// The 1-based line of byte `offset` in `text`.
pub(super) fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

/// The secret key set on `line` (as `key =`, `"key" =`, `table.key =` or inside an
/// inline table) and the text after its `=`.
pub(super) fn secret_key_on(line: &str) -> Option<(&'static str, &str)> {
    for &key in SECRET_KEYS {
        for (at, _) in line.match_indices(key) {
            let before = line[..at].chars().next_back();
            if !before.is_none_or(|c| c.is_whitespace() || matches!(c, '.' | '{' | ',' | '"' | '\'')) {
                continue;
            }
            let after = line[at + key.len()..].trim_start_matches(['"', '\'']).trim_start();
            if let Some(value) = after.strip_prefix('=') {
                return Some((key, value));
            }
        }
    }
    None
}

/// serde's "invalid type: integer `98765432123`, expected a string" as the kind of value
/// found ("integer") and what was expected ("a string"), without the value.
pub(super) fn type_mismatch(message: &str) -> Option<(&str, &str)> {
    let rest = message.strip_prefix("invalid type: ").or_else(|| message.strip_prefix("invalid value: "))?;
    let (found, expected) = rest.rsplit_once(", expected ")?;
    // serde's names of kinds of values, which come before the value itself; what was
    // expected comes from the program (a type's description), never from the file
    const KINDS: &[&str] = &[
        "boolean", "integer", "floating point", "character", "string", "byte array", "unit value", "Option value",
        "newtype struct", "sequence", "map", "enum", "unit variant", "newtype variant", "tuple variant",
        "struct variant",
    ];
    let found = KINDS.iter().copied().filter(|k| found == *k || found.starts_with(&format!("{k} "))).max_by_key(|k| k.len());
    Some((found.unwrap_or("another kind of value"), expected))
}
