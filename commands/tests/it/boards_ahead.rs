//! A move's board drawn ahead while the turn reads its game (`table::ahead`): whatever
//! was guessed, the board a turn posts is the one of the stored position, in the
//! channel's language, with the seats' names: compared byte for byte with the board
//! drawn afresh from the game's record.

use commands::{Command, GameId, Host, Reply};

use crate::support::{admin, origin, texts, to_move, Place};

/// The board of game `id` as stored now, drawn afresh from its record in `lang`.
async fn board_of_record(host: &Host, id: GameId, lang: render::Lang) -> Vec<u8> {
    let record = host.record(id).await.expect("read").expect("record");
    let (game, refused) = rules::record::replay_record(&record).expect("replays");
    assert!(refused.is_none());
    render::board_png(&game.view(rules::Viewer::Spectator), &record.players, lang).expect("drawn")
}

/// A running two-player game of `kind` (`seed`) between alice and bob in channel `c`.
async fn started(host: &Host, kind: &str, seed: u64) -> GameId {
    let replies = host.handle(&origin("alice", "c"), &format!("new {kind} seed={seed}")).await;
    let id = replies[0].game.expect("an invitation").id;
    assert!(!host.run(&origin("bob", "c"), Command::Join { game: Some(id) }).await[0].refusal);
    let started = host.run(&origin("alice", "c"), Command::Start { game: Some(id) }).await;
    assert!(!started[0].refusal, "{}", texts(&started));
    id
}

/// The player to move in game `id` (as `seen_by` reads it) plays the middle one of
/// their legal moves through `host`; the replies.
async fn middle_move(host: &Host, seen_by: &Host, id: GameId) -> Vec<Reply> {
    let (user, moves) = to_move(seen_by, id).await;
    let replies = host.handle(&origin(&user, "c"), &moves[moves.len() / 2]).await;
    assert!(!replies[0].refusal, "{}", texts(&replies));
    replies
}

/// The board posted with `replies`, checked against the stored position in `lang`.
async fn assert_posted_board_is_stored_position(host: &Host, id: GameId, replies: &[Reply], lang: render::Lang) {
    let posted = replies[0].file.as_ref().expect("a board");
    let seq = host.db().game(id).await.expect("read").expect("game").seq;
    assert_eq!(posted.name, format!("game-{id}-move-{seq}.png"));
    assert!(posted.bytes == board_of_record(host, id, lang).await, "the board of move {seq} differs from the stored position's");
}

#[tokio::test]
async fn a_board_drawn_ahead_in_another_language_is_not_posted() {
    let place = Place::new();
    let host = place.host().await;
    // Helofag's board has words (the start field, the waiting area, the goal).
    let id = started(&host, "helofag", 11).await;
    assert!(board_of_record(&host, id, render::Lang::En).await != board_of_record(&host, id, render::Lang::De).await);
    // From each player's second move on the board is drawn ahead, and the guess is right.
    for _ in 0..5 {
        let replies = middle_move(&host, &host, id).await;
        assert_posted_board_is_stored_position(&host, id, &replies, render::Lang::En).await;
    }
    // The channel turns German: the boards drawn ahead in English are not taken.
    assert!(!host.handle(&admin("root", "c"), "settings language=de").await[0].refusal);
    for _ in 0..4 {
        let replies = middle_move(&host, &host, id).await;
        assert_posted_board_is_stored_position(&host, id, &replies, render::Lang::De).await;
    }
}

#[tokio::test]
async fn a_board_drawn_ahead_of_a_position_another_process_has_left_is_not_posted() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "carat", 11).await;
    for _ in 0..4 {
        let replies = middle_move(&host, &host, id).await;
        assert_posted_board_is_stored_position(&host, id, &replies, render::Lang::En).await;
    }
    // Another process stores a move of each player: this host's kept game stays two
    // moves behind, where the next move applies too (a Carat move is a field and a
    // colour), so it draws ahead a position that is not the one the move is played in.
    let other = place.host().await;
    for _ in 0..3 {
        for _ in 0..2 {
            let replies = middle_move(&other, &other, id).await;
            assert_posted_board_is_stored_position(&other, id, &replies, render::Lang::En).await;
        }
        let replies = middle_move(&host, &other, id).await;
        assert_posted_board_is_stored_position(&host, id, &replies, render::Lang::En).await;
    }
}

#[tokio::test]
async fn a_board_drawn_ahead_of_a_position_another_process_took_back_is_not_posted() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "aratoth", 3).await;
    for _ in 0..4 {
        let replies = middle_move(&host, &host, id).await;
        assert_posted_board_is_stored_position(&host, id, &replies, render::Lang::En).await;
    }
    // This host keeps move 4 before any take-back, with the player to move and their moves.
    let (next, kept_moves) = to_move(&host, id).await;
    // Another process takes move 4 back and plays another move there: move 4 again,
    // after one take-back, in another position.
    let other = place.host().await;
    let log = other.db().log_after(id, 0).await.expect("read");
    let taken_back = log.last().expect("a move").text.clone();
    for user in ["alice", "bob"] {
        let replies = other.handle(&origin(user, "c"), "undo").await;
        assert!(!replies[0].refusal, "{}", texts(&replies));
    }
    let (again, moves) = to_move(&other, id).await;
    let instead = moves.iter().find(|m| **m != taken_back).expect("another move").clone();
    let replies = other.handle(&origin(&again, "c"), &instead).await;
    assert!(!replies[0].refusal, "{}", texts(&replies));
    // The same player is to move at the same move number; a move legal in both
    // positions is drawn ahead in the kept one, which is not the stored one.
    let (now_next, now_moves) = to_move(&other, id).await;
    assert_eq!(now_next, next);
    let in_both: Vec<&String> = now_moves.iter().filter(|m| kept_moves.contains(m)).collect();
    let replies = host.handle(&origin(&next, "c"), in_both[in_both.len() / 2]).await;
    assert!(!replies[0].refusal, "{}", texts(&replies));
    assert_posted_board_is_stored_position(&host, id, &replies, render::Lang::En).await;
}
