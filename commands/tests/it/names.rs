//! Names nobody can fake (issue 38): `\u{200B}Spieltisch (AI, hard)` passed the reserved
//! name check and was drawn as the AI's name; `evil` and `\u{202E}evil\u{202C}`, or a
//! Cyrillic `аlice` and `alice`, were different players with the same visible name; a
//! name of only zero-width characters was invisible. Now a name is normalised where it
//! enters, a person's name never passes for the AI (they are shown by their id), and
//! players of one game whose names look alike are told apart by a number.

use commands::{Host, Origin, User};

use crate::support::{origin, Place};

fn named(id: &str, name: &str) -> Origin {
    Origin { user: User::new(id, name), ..origin(id, "c") }
}

/// The start line of a new game of Carat (on a database of its own) that `first` created
/// and `second` joined.
async fn start_between(first: &Origin, second: &Origin) -> String {
    let place = Place::new();
    let host: std::sync::Arc<Host> = place.host().await;
    let invited = host.handle(first, &format!("new carat @{}", second.user.id)).await;
    assert!(!invited.iter().any(|r| r.refusal), "{}", invited[0].text.plain());
    let started = host.handle(second, "join").await;
    let text = started.iter().map(|r| r.text.plain()).collect::<Vec<_>>().join("\n");
    text.lines().find(|l| l.contains("begins")).unwrap_or_else(|| panic!("the game began: {text}")).to_string()
}

#[tokio::test]
async fn nobody_passes_for_the_ai_or_for_another_player() {
    // A zero-width space before the AI's name: shown as the person's id.
    let start = start_between(&named("mallory", "\u{200B}Spieltisch (AI, hard)"), &named("bob", "bob")).await;
    assert!(start.ends_with("Seats: mallory, bob."), "{start}");
    // A Cyrillic а (U+0430) for the Latin a: told apart from alice.
    let start = start_between(&named("alice", "alice"), &named("eve", "\u{0430}lice")).await;
    assert!(start.ends_with("Seats: alice, \u{0430}lice (2)."), "{start}");
    // A right-to-left override around the same letters: the same name, told apart.
    let start = start_between(&named("u1", "evil"), &named("u2", "\u{202E}evil\u{202C}")).await;
    assert!(start.ends_with("Seats: evil, evil (2)."), "{start}");
    // Only zero-width characters: the id, not an invisible name.
    let start = start_between(&named("ghost", "\u{200B}\u{200D}\u{FEFF}"), &named("bob", "bob")).await;
    assert!(start.ends_with("Seats: ghost, bob."), "{start}");
}
