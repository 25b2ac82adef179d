//! Mentions in commands: invitees (`@bob`, `<@123>`, `@bob:example.org`) and lists of
//! them, and the player a `stats` argument names.

/// The characters a name (after `@`, or a plain name) must not contain: they belong
/// to mentions and lists of them (`@<@0>`, `@bob,@carol` name nobody as one name).
const NOT_IN_NAMES: [char; 4] = ['@', '<', '>', ','];

/// The longest word that can name an invitee (the longest Matrix user id), in bytes.
pub const MAX_INVITEE_BYTES: usize = 255;

/// The invitee a word names, if it is a mention: `@bob` gives `bob` (lower case), a
/// Discord mention `<@123>` or `<@!123>` gives `123`, a Matrix id `@bob:example.org`
/// stays whole. `None` for other words, a bare `@`, a name with one of `@ < > ,` in it
/// (`@<@0>`, `@bob,@carol`: see [`invitees_in`] for lists), an id of zeros (`<@0>`:
/// no Discord user has it) and a word longer than [`MAX_INVITEE_BYTES`].
pub fn invitee(word: &str) -> Option<String> {
    // Matrix allows user ids of up to 255 bytes; nothing longer names anyone.
    if word.len() > MAX_INVITEE_BYTES {
        return None;
    }
    // A Discord mention with an AI level after it (`<@123>:hard`) keeps the level.
    if let Some((mention, level)) = word.rsplit_once(">:")
        && !level.is_empty()
        && level.chars().all(|c| c.is_ascii_alphabetic())
    {
        return invitee(&format!("{mention}>")).filter(|id| id.chars().all(|c| c.is_ascii_digit())).map(|id| format!("{id}:{}", level.to_lowercase()));
    }
    let inner = word.strip_prefix("<@").and_then(|w| w.strip_suffix('>')).map(|w| w.trim_start_matches('!'));
    if let Some(id) = inner {
        let usable = id.chars().all(|c| c.is_ascii_digit()) && id.chars().any(|c| c != '0');
        return usable.then(|| id.to_string());
    }
    let name = word.strip_prefix('@')?;
    if name.is_empty() || name.contains(NOT_IN_NAMES) {
        return None;
    }
    Some(if name.contains(':') { word.to_string() } else { name.to_lowercase() })
}

/// The invitees of a word that is a comma-separated list of mentions (`@bob,@carol`,
/// `<@1>,<@2>`, also `@bob,` when the next word goes on after a space), each as
/// [`invitee`] reads it. `None` unless every non-empty piece is a mention and there
/// is at least one.
pub fn invitees_in(word: &str) -> Option<Vec<String>> {
    let found = word.split(',').filter(|piece| !piece.is_empty()).map(invitee).collect::<Option<Vec<_>>>()?;
    (!found.is_empty()).then_some(found)
}

/// The player a `stats` argument names: a mention as [`invitee`] reads it, or a plain
/// name (lower case) without `@ < > ,`. `None` for anything else (`@`, `<@0>`, `a,b`).
pub fn player(word: &str) -> Option<String> {
    invitee(word).or_else(|| (!word.contains(NOT_IN_NAMES)).then(|| word.to_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mentions_name_invitees() {
        let cases = [
            ("@Bob", Some("bob")),
            ("<@123>", Some("123")),
            ("<@!123>", Some("123")),
            ("@bob:example.org", Some("@bob:example.org")),
            ("@", None),
            ("@@x", None),
            ("<@abc>", None),
            ("<@0>", None),
            ("<@!000>", None),
            ("<@>", None),
            ("<@100>", Some("100")),
            ("bob", None),
            ("hand3", None),
            ("@<@0>", None),
            ("@bob,@carol", None),
            ("@bo<b", None),
            ("@bob>", None),
            ("<@123>:hard", Some("123:hard")),
            ("<@!123>:Easy", Some("123:easy")),
            ("<@0>:hard", None),
            ("<@123>:", None),
            ("@bot:hard", Some("@bot:hard")),
        ];
        for (word, want) in cases {
            assert_eq!(invitee(word).as_deref(), want, "{word:?}");
        }
    }

    #[test]
    fn comma_separated_mentions_are_several_invitees() {
        let list = |v: &[&str]| Some(v.iter().map(ToString::to_string).collect::<Vec<_>>());
        let cases = [
            ("@bob,@Carol", list(&["bob", "carol"])),
            ("@bob,", list(&["bob"])),
            (",@bob", list(&["bob"])),
            ("<@12>,<@!34>,@dora", list(&["12", "34", "dora"])),
            ("@bob,carol", None),
            ("@bob,,@carol", list(&["bob", "carol"])),
            (",", None),
            ("@bob,@", None),
            ("@bob,<@0>", None),
            ("@<@0>", None),
        ];
        for (word, want) in cases {
            assert_eq!(invitees_in(word), want, "{word:?}");
        }
    }

    #[test]
    fn a_player_is_a_mention_or_a_plain_name() {
        let cases = [
            ("@Bob", Some("bob")),
            ("Bob", Some("bob")),
            ("<@123>", Some("123")),
            ("@bob:example.org", Some("@bob:example.org")),
            ("@", None),
            ("<@0>", None),
            ("@@", None),
            ("bob,carol", None),
            ("<bob>", None),
            ("b@b", None),
        ];
        for (word, want) in cases {
            assert_eq!(player(word).as_deref(), want, "{word:?}");
        }
    }
}
