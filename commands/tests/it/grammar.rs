//! Counts in replies take the right number: "1 player", "1 has joined", "1 move".

use crate::{
    slowsupport::{no, ok},
    support::{started, to_move, Place},
};

#[tokio::test]
async fn a_fixed_player_count_is_one_number() {
    let place = Place::new();
    let host = place.host().await;
    let text = no(&host, "alice", "c", "new artifakes @b @c").await;
    assert_eq!(text, "Artifakes is for 2 players.");
    // A range stays a range.
    let text = no(&host, "alice", "d", "new carat @a @b @c @d").await;
    assert_eq!(text, "Carat is for 2 to 4 players.");
}

#[tokio::test]
async fn one_joined_player_has_joined() {
    let place = Place::new();
    let host = place.host().await;
    ok(&host, "alice", "c", "new carat players=3").await;
    let text = no(&host, "alice", "c", "start").await;
    assert_eq!(text, "Game #1 needs at least 2 players, and only 1 has joined.");
}

#[tokio::test]
async fn one_move_played_is_one_move() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c", 12).await;
    let (mover, moves) = to_move(&host, id).await;
    ok(&host, &mover, "c", &format!("move {}", moves[0])).await;
    let (next, _) = to_move(&host, id).await;
    let list = ok(&host, &next, "c", "games").await;
    assert!(list.contains("your turn (1 move played)"), "{list}");
}

#[tokio::test]
async fn a_bare_number_after_a_command_is_shown_with_its_hash() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c", 12).await;
    let text = no(&host, "alice", "c", &format!("board {id}")).await;
    assert_eq!(text, format!("A game's number is written with #: try `board #{id}`."));
    let text = no(&host, "alice", "c", &format!("export {id}")).await;
    assert_eq!(text, format!("A game's number is written with #: try `export #{id}`."));
    // With a number already given the word is simply one too many.
    let text = no(&host, "alice", "c", &format!("board #{id} 3")).await;
    assert_eq!(text, "`board` takes no further words, but I got “3”.");
    ok(&host, "alice", "c", "language de").await;
    let text = no(&host, "alice", "c", &format!("history {id}")).await;
    assert_eq!(text, format!("Eine Spielnummer schreibt man mit #: versuch `history #{id}`."));
}

/// With two games of one's own here, a move that names no game is told to name it with
/// an example of the game the move is a move of (issue 41: `C5` and `hint`, Hathor
/// moves, were shown `#1 …`, the Carat game, where they fail again).
#[tokio::test]
async fn the_example_among_several_games_names_the_game_the_move_fits() {
    let place = Place::new();
    let host = place.host().await;
    let carat = started(&host, "c", 4).await;
    let hathor = host.handle(&crate::support::origin("alice", "c"), "new hathor seed=2").await;
    let hathor = hathor.iter().find_map(|r| r.game).expect("a solo game").id;
    assert_eq!((carat.0, hathor.0), (1, 2));
    let text = no(&host, "alice", "c", "hint").await;
    assert!(text.ends_with("if it is a move, name the game, e.g. `move #2 hint`."), "{text}");
    let text = no(&host, "alice", "c", "C5").await;
    assert!(text.ends_with("e.g. `move #2 C5`."), "{text}");
    let text = no(&host, "alice", "c", "move C5").await;
    assert!(text.ends_with("name one, e.g. `move #2 C5`."), "{text}");
    // A Carat move keeps the Carat game in its example.
    let (_, moves) = to_move(&host, carat).await;
    let text = no(&host, "alice", "c", &format!("move {}", moves[0])).await;
    assert!(text.ends_with(&format!("e.g. `move #1 {}`.", moves[0])), "{text}");
}
