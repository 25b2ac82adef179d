//! Names nobody can fake (issue 38): a display name is normalised once, where it enters
//! ([`crate::reply::User::new`]), and compared by what it looks like.
//!
//! - [`normalise`]: the invisible characters are removed (controls, zero-width
//!   characters, direction marks and overrides: [`render::invisible`]; private-use
//!   characters), then the name is put in Unicode's compatibility form NFKC (`ﬁ` is `fi`,
//!   a full-width `ａ` is `a`), its runs of white space become one space, and it is cut to
//!   [`MAX_NAME_CHARS`].
//! - [`skeleton`]: what a name looks like, by Unicode's confusable skeletons (UTS #39,
//!   the `unicode-security` crate), in lower case: a Cyrillic `аlice` and `alice` have
//!   one skeleton.
//! - [`passes_for_the_bot`]: a person's name that looks like the AI's ("Spieltisch (AI,
//!   hard)", `Ѕpieltisch`) is not shown; the person is shown by their id instead.
//! - [`tell_apart`]: players of one game whose names look alike are told apart by a
//!   number after the later ones' names ("alice (2)").

use unicode_normalization::UnicodeNormalization;

/// Longest display name kept (longer names are cut): bounds what a hostile name costs.
pub const MAX_NAME_CHARS: usize = 64;

/// `name` as shown: invisible and private-use characters removed, in NFKC, white space
/// collapsed and trimmed, at most [`MAX_NAME_CHARS`] characters. May be empty.
pub fn normalise(name: &str) -> String {
    let visible: String = clean_text(name).nfkc().collect();
    // NFKC may bring back nothing invisible, but clean once more to be sure.
    let visible = clean_text(&visible);
    visible.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(MAX_NAME_CHARS).collect()
}

/// What `name` looks like: its confusable skeleton (UTS #39) in lower case, without
/// white space. Two names with one skeleton pass for each other.
pub fn skeleton(name: &str) -> String {
    // In lower case first (`SPIELTISCH` is `spieltisch`: in upper case its `I`s would map
    // to `l`), then the skeleton, in lower case again.
    let lower = normalise(name).to_lowercase();
    unicode_security::confusable_detection::skeleton(&lower).flat_map(char::to_lowercase).filter(|c| !c.is_whitespace()).collect()
}

/// Whether `name` would pass for the bot's AI seats, whose names begin with
/// "Spieltisch" ("Spieltisch (AI, hard)"), by what it looks like.
pub fn passes_for_the_bot(name: &str) -> bool {
    skeleton(name).starts_with(&skeleton("Spieltisch"))
}

/// Tells apart the names of one game's players that look alike (same [`skeleton`],
/// another user): each later one gets the first free number after it, "alice (2)". The
/// first of them keeps its name; names that differ are unchanged. `players` are
/// (user id, name) in seat order.
pub fn tell_apart(players: &mut [(String, String)]) {
    // The skeletons of the names as shown so far (earlier seats first).
    let mut shown: Vec<String> = Vec::with_capacity(players.len());
    for i in 0..players.len() {
        let looks = skeleton(&players[i].1);
        let clash = (0..i).any(|j| players[j].0 != players[i].0 && shown[j] == looks);
        if clash
            && let Some((free, free_looks)) = (2..)
                .map(|n| format!("{} ({n})", players[i].1))
                .map(|candidate| {
                    let looks = skeleton(&candidate);
                    (candidate, looks)
                })
                .find(|(_, looks)| !shown.contains(looks))
        {
            players[i].1 = free;
            shown.push(free_looks);
        } else {
            shown.push(looks);
        }
    }
}

/// `text` without the characters that draw nothing but steer the display
/// ([`render::invisible`]: zero-width characters, direction marks, embeddings,
/// overrides and isolates, …) and without private-use characters (which mark mentions
/// while a message is formatted). Every text argument of a message is cleaned so: a
/// user's right-to-left override cannot flip the rest of a reply, and two words that
/// differ only by invisible characters look as different as they are.
pub fn clean_text(text: &str) -> String {
    text.chars().filter(|&c| !render::invisible(c) && !is_private_use(c)).collect()
}

/// Whether `c` is in a private-use area of Unicode.
pub fn is_private_use(c: char) -> bool {
    matches!(c, '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..='\u{FFFFD}' | '\u{100000}'..='\u{10FFFD}')
}


#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_normalised_once() {
        assert_eq!(normalise("\u{200B}Spieltisch (AI, hard)"), "Spieltisch (AI, hard)");
        assert_eq!(normalise("\u{202E}evil\u{202C}"), "evil");
        assert_eq!(normalise("ａｌｉｃｅ"), "alice", "full-width letters are letters");
        assert_eq!(normalise("ﬁona  \t smith "), "fiona smith");
        assert_eq!(normalise("\u{200B}\u{200D}\u{FEFF}"), "", "only invisible characters: nothing");
        assert_eq!(normalise(&"x".repeat(100)).chars().count(), MAX_NAME_CHARS);
        assert_eq!(normalise("李小龙"), "李小龙");
    }

    #[test]
    fn names_that_look_alike_have_one_skeleton() {
        // A Cyrillic а (U+0430) for the Latin a.
        assert_eq!(skeleton("\u{0430}lice"), skeleton("alice"));
        assert_eq!(skeleton("\u{202E}evil\u{202C}"), skeleton("evil"));
        assert_eq!(skeleton("Alice"), skeleton("alice"));
        assert_ne!(skeleton("alice"), skeleton("alicia"));
        assert_ne!(skeleton("bob"), skeleton("rob"));
    }

    #[test]
    fn nobody_passes_for_the_bot() {
        for name in ["Spieltisch (AI, hard)", "\u{200B}Spieltisch (AI)", "spieltisch", "\u{0405}pieltisch (KI)", "SPIELTISCH", "Sp ieltisch"] {
            assert!(passes_for_the_bot(name), "{name}");
        }
        for name in ["alice", "robot", "tisch", "Spiel", "Bot"] {
            assert!(!passes_for_the_bot(name), "{name}");
        }
    }

    #[test]
    fn players_whose_names_look_alike_are_told_apart() {
        let mut players = vec![
            ("1".to_string(), "alice".to_string()),
            ("2".to_string(), "\u{0430}lice".to_string()),
            ("3".to_string(), "bob".to_string()),
            ("4".to_string(), "Alice".to_string()),
        ];
        tell_apart(&mut players);
        let names: Vec<&str> = players.iter().map(|(_, n)| n.as_str()).collect();
        assert_eq!(names, ["alice", "\u{0430}lice (2)", "bob", "Alice (3)"]);
        // The same user twice (seats of one person) is no clash.
        let mut same = vec![("1".to_string(), "alice".to_string()), ("1".to_string(), "alice".to_string())];
        tell_apart(&mut same);
        assert_eq!(same[1].1, "alice");
    }
}
