//! HTML escaping, shared by the Matrix messages' formatted bodies and the web page.

/// `text` with the five characters that mean something in HTML (`& < > " '`) escaped:
/// safe in element content and in quoted attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn html_is_escaped() {
        assert_eq!(super::escape(r#"<b>"Tom" & 'Jerry'</b>"#), "&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;");
    }
}
