//! Keeps secrets out of logs and error texts: the bot token, and the interaction tokens
//! that serenity's errors carry in their URLs (`/webhooks/{app}/{token}`,
//! `/interactions/{id}/{token}`).

/// `text` with every interaction token in a URL path and every occurrence of `secret`
/// replaced by `***`.
pub fn redact(text: &str, secret: &str) -> String {
    let mut out = if secret.len() >= 8 { text.replace(secret, "***") } else { text.to_string() };
    for marker in ["/webhooks/", "/interactions/"] {
        out = redact_after(&out, marker);
    }
    out
}

/// Replaces the second path segment after each `marker` (the token after the id).
fn redact_after(text: &str, marker: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(pos) = rest.find(marker) {
        let (head, tail) = rest.split_at(pos + marker.len());
        out.push_str(head);
        let id_end = tail.find('/').unwrap_or(tail.len());
        out.push_str(&tail[..id_end]);
        let after_id = &tail[id_end..];
        if let Some(token_part) = after_id.strip_prefix('/') {
            let end = token_part.find(['/', '?', ' ', '"', ')', '\'']).unwrap_or(token_part.len());
            out.push_str("/***");
            rest = &token_part[end..];
        } else {
            rest = after_id;
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::redact;

    #[test]
    fn tokens_in_urls_and_the_bot_token_are_hidden() {
        let text = "error sending request for url (https://discord.com/api/v10/webhooks/123/aW50ZXJhY3Rpb24?wait=true): \
                    POST /api/v10/interactions/77/secret-token/callback, token MTIz.abc.def";
        let out = redact(text, "MTIz.abc.def");
        assert_eq!(
            out,
            "error sending request for url (https://discord.com/api/v10/webhooks/123/***?wait=true): \
             POST /api/v10/interactions/77/***/callback, token ***"
        );
        assert_eq!(redact("no secrets here", "MTIz.abc.def"), "no secrets here");
        assert_eq!(redact("ends /webhooks/1", ""), "ends /webhooks/1");
    }
}
