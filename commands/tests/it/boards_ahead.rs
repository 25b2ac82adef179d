//! A move's board drawn ahead while the turn reads its game (`table::ahead`): whatever
//! was guessed, the board a turn posts is the one of the stored position, in the
//! channel's language, with the seats' names: compared byte for byte with the board
//! drawn afresh from the game's record.

use commands::{Command, GameId, Host, HostOptions, Lang, Origin, Reply, User};

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

// ------------------------------------------------ which board is drawn ahead (was a unit test of `table::ahead`)


fn at(user: &str, channel: &str) -> Origin {
    Origin { platform: "test".into(), channel: channel.into(), server: None, user: User::new(user, user), is_admin: false, lang: Some(Lang::En) }
}

/// The user to move in game `id` and the first and last of their legal moves.
async fn mover(host: &Host, id: GameId) -> (String, String, String) {
    let row = host.db.game(id).await.expect("read").expect("game");
    let players = host.db.players(id).await.expect("players");
    let user = players[row.to_move[0]].user_id.clone();
    let moves = host.legal_moves(&at(&user, "c"), Some(id), "").await.expect("moves");
    (user, moves[0].clone(), moves[moves.len() - 1].clone())
}

#[tokio::test]
async fn a_movers_next_board_is_drawn_ahead_in_the_game_they_last_moved_in() {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("g.db").display());
    let host = Host::open(&url, HostOptions::default()).await.expect("open");
    let invited = host.handle(&at("alice", "c"), "new carat seed=5").await;
    let id = invited[0].game.expect("an invitation").id;
    assert!(!host.run(&at("bob", "c"), Command::Join { game: Some(id) }).await[0].refusal);
    assert!(!host.run(&at("alice", "c"), Command::Start { game: Some(id) }).await[0].refusal);
    // Nobody has moved yet: nothing is known to draw ahead.
    let (first, line, _) = mover(&host, id).await;
    assert!(host.draw_ahead(&at(&first, "c"), None, &line, None).is_none());
    assert!(!host.handle(&at(&first, "c"), &line).await[0].refusal);
    let (second, line, _) = mover(&host, id).await;
    assert!(!host.handle(&at(&second, "c"), &line).await[0].refusal);

    // Both have moved: the first mover's next move is drawn ahead, as the turn would
    // draw it (game, 3 moves, no take-back, English, the seats' names).
    let (next, line, last) = mover(&host, id).await;
    assert_eq!(next, first);
    let names = vec!["alice".to_string(), "bob".to_string()];
    let early = host.draw_ahead(&at(&next, "c"), None, &line, None).expect("drawn ahead");
    assert!(early.shows(id, 3, 0, Lang::En, &names));
    assert!(!early.shows(id, 2, 0, Lang::En, &names), "another move number");
    assert!(!early.shows(id, 3, 1, Lang::En, &names), "after a take-back");
    assert!(!early.shows(id, 3, 0, Lang::De, &names), "another language");
    assert!(!early.shows(id, 3, 0, Lang::En, &["alice".into(), "carol".into()]), "other names");
    assert!(!early.shows(GameId(id.0 + 1), 3, 0, Lang::En, &names), "another game");
    // Naming the game is the same guess; the last legal move too.
    assert!(host.draw_ahead(&at(&next, "c"), Some(id), &last, None).is_some_and(|e| e.shows(id, 3, 0, Lang::En, &names)));
    // Not for a move that does not apply, another game named, another channel or
    // another user.
    assert!(host.draw_ahead(&at(&next, "c"), None, "z9 purple", None).is_none());
    assert!(host.draw_ahead(&at(&next, "c"), Some(GameId(id.0 + 1)), &line, None).is_none());
    assert!(host.draw_ahead(&at(&next, "d"), None, &line, None).is_none());
    assert!(host.draw_ahead(&at("carol", "c"), None, &line, None).is_none());
    // Nor for a line that will be refused: the other player's (not to move), an
    // event, a move seen at another move number (the game stands at move 2).
    assert!(host.draw_ahead(&at(&second, "c"), None, &line, None).is_none());
    assert!(host.draw_ahead(&at(&next, "c"), None, "@resign 0", None).is_none());
    assert!(host.draw_ahead(&at(&next, "c"), None, &line, Some(1)).is_none());
    assert!(host.draw_ahead(&at(&next, "c"), None, &line, Some(2)).is_some(), "the move number it stands at");
    // With pictures off nothing is drawn.
    let blind = Host::open(&url, HostOptions { pictures: false, ..HostOptions::default() }).await.expect("open");
    blind.note_mover(&at(&next, "c"), id, Lang::En);
    assert!(blind.draw_ahead(&at(&next, "c"), None, &line, None).is_none());
}
