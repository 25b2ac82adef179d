//! Replies quote a user's words only up to a short length, whatever they typed.

use crate::support::{origin, started, texts, to_move, Place};

/// Discord's limit for one message.
const CHAT_LIMIT: usize = 2000;

#[tokio::test]
async fn a_very_long_line_is_quoted_only_in_part() {
    let place = Place::new();
    let host = place.host().await;
    let long = "x".repeat(10_000);
    let replies = host.handle(&origin("alice", "c"), &long).await;
    let text = texts(&replies);
    assert!(text.contains(&format!("“{}…”", "x".repeat(40))), "{text}");
    assert!(text.chars().count() < 200, "{} characters", text.chars().count());

    // The same for other echoed words: an extra word, a help topic, a move's words.
    for line in [format!("help {long}"), format!("new {long}"), format!("list {long}")] {
        let replies = host.handle(&origin("alice", "c"), &line).await;
        let text = texts(&replies);
        assert!(text.chars().count() < CHAT_LIMIT, "{}: {} characters", &line[..10], text.chars().count());
        assert!(!text.contains(&"x".repeat(41)), "{text}");
    }
    let id = started(&host, "c", 12).await;
    let (mover, _) = to_move(&host, id).await;
    let replies = host.handle(&origin(&mover, "c"), &format!("move a1 {long}")).await;
    let text = texts(&replies);
    assert!(!text.contains(&"x".repeat(41)), "{text}");
}

#[tokio::test]
async fn invisible_characters_around_a_line_do_not_stick_to_its_words() {
    let place = Place::new();
    let host = place.host().await;
    // A right-to-left mark before the command, a zero-width space and a byte order
    // mark after it: the line is `new carat seed=3`.
    let replies = host.handle(&origin("alice", "c"), "\u{200F}new carat seed=3\u{200B}\u{FEFF}").await;
    assert!(!replies[0].refusal, "{}", texts(&replies));
    assert!(replies[0].text.plain().starts_with("@alice invites you to a game of Carat (#1)"), "{}", texts(&replies));
    let replies = host.handle(&origin("bob", "c"), "\u{2066}join\u{2069}").await;
    assert!(!replies[0].refusal, "{}", texts(&replies));
    // Inside a word one stays what it is: `jo\u{200B}in` is no command word.
    let replies = host.handle(&origin("bob", "c"), "jo\u{200B}in").await;
    assert!(replies[0].refusal, "{}", texts(&replies));
}
