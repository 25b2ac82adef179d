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
