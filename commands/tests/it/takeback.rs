//! Takebacks by consent, rematches and the move list.

use std::sync::Arc;

use commands::{base::clock::ManualClock, store::Status};

use crate::{
    slowsupport::{due, log, no, ok, timed_host, DAY, HOUR, MINUTE, T0},
    support::{admin, execute, integers, started, to_move, Place},
};

fn other(user: &str) -> &'static str {
    if user == "alice" { "bob" } else { "alice" }
}

/// Alice invites Bob to Aratoth's Revenge and starts it; game #1.
async fn aratoth(host: &commands::Host) {
    ok(host, "alice", "c", "new aratoth seed=3").await;
    ok(host, "bob", "c", "join").await;
    ok(host, "alice", "c", "start").await;
}

#[tokio::test]
async fn undo_takes_a_move_back_once_the_opponent_agrees() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    aratoth(&host).await;
    let before = host.db().game(commands::GameId(1)).await.expect("read").expect("game");
    let (first, moves) = to_move(&host, commands::GameId(1)).await;
    ok(&host, &first, "c", &format!("move {}", moves[0])).await;
    let played = log(&host, commands::GameId(1)).await;
    assert_eq!(played.len(), 1);

    let asked = ok(&host, &first, "c", "undo").await;
    assert_eq!(
        asked,
        format!("{first} asks to take back {} in game #1: type `undo` to agree.\nWaiting for @{}.", played[0], other(&first))
    );
    assert_eq!(log(&host, commands::GameId(1)).await, played, "nothing is taken back without consent");
    // Asking twice changes nothing either, and is answered only to the asker.
    let again = host.handle(&crate::support::origin(&first, "c"), "undo").await;
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].audience, commands::Audience::User(first.clone()));
    assert_eq!(
        again[0].text.plain(),
        format!("You have asked to take back {} in game #1 already; waiting for @{}.", played[0], other(&first))
    );
    assert_eq!(log(&host, commands::GameId(1)).await.len(), 1);

    let done = ok(&host, other(&first), "c", "undo").await;
    assert!(done.starts_with(&format!("Everyone agreed: {} in game #1 is taken back.", played[0])), "{done}");
    assert!(log(&host, commands::GameId(1)).await.is_empty());
    let after = host.db().game(commands::GameId(1)).await.expect("read").expect("game");
    assert_eq!((after.seq, after.to_move.clone()), (0, before.to_move.clone()));
    // The same player is to move again and the game goes on from there.
    let (again, moves) = to_move(&host, commands::GameId(1)).await;
    assert_eq!(again, first);
    ok(&host, &first, "c", &format!("move {}", moves[1])).await;
    assert_eq!(log(&host, commands::GameId(1)).await.len(), 1);
}

#[tokio::test]
async fn without_consent_the_move_stays() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    aratoth(&host).await;
    let (first, moves) = to_move(&host, commands::GameId(1)).await;
    ok(&host, &first, "c", &format!("move {}", moves[0])).await;
    ok(&host, &first, "c", "undo").await;
    // The opponent answers with a move instead: the request was for move 1 only.
    let (second, moves) = to_move(&host, commands::GameId(1)).await;
    ok(&host, &second, "c", &format!("move {}", moves[0])).await;
    let asked = ok(&host, &second, "c", "undo").await;
    assert!(asked.contains("asks to take back"), "first's old vote does not count for move 2: {asked}");
    assert_eq!(log(&host, commands::GameId(1)).await.len(), 2);
    // Nor can a non-player agree.
    assert!(no(&host, "carol", "c", "undo #1").await.contains("do not play"));
    assert_eq!(log(&host, commands::GameId(1)).await.len(), 2);
}

#[tokio::test]
async fn games_where_a_move_reveals_something_have_no_undo() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    let id = started(&host, "c", 21).await;
    let (first, moves) = to_move(&host, id).await;
    ok(&host, &first, "c", &format!("move {}", moves[0])).await;
    let refusal = no(&host, &first, "c", "undo").await;
    assert!(refusal.starts_with("Carat has no `undo`: a move there reveals something new"), "{refusal}");
    assert_eq!(log(&host, id).await.len(), 1);
}

#[tokio::test]
async fn a_rematch_lets_the_loser_of_aratoth_start() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    aratoth(&host).await;
    assert!(no(&host, "alice", "c", "rematch #1").await.contains("is not over yet"));
    ok(&host, "bob", "c", "resign").await;
    // Nobody is pulled into a game: alice asks, bob agrees, then it starts.
    let asked = ok(&host, "alice", "c", "rematch").await;
    assert_eq!(
        asked,
        "alice would like to play game #1 (Aratoth's Revenge) again: type `rematch #1` to agree.\nWaiting for @bob."
    );
    assert_eq!(host.db().game(commands::GameId(2)).await.expect("read"), None, "not yet");
    assert_eq!(
        ok(&host, "alice", "c", "rematch").await,
        "You have asked for a rematch of game #1 already; waiting for @bob.",
        "asking twice changes nothing and pings nobody"
    );
    assert_eq!(no(&host, "carol", "c", "rematch #1").await, "You do not play in game #1.");
    let said = ok(&host, "bob", "c", "revanche").await;
    assert!(said.starts_with("Rematch of game #1: game #2 of Aratoth's Revenge begins with the same players."), "{said}");
    let new = host.db().game(commands::GameId(2)).await.expect("read").expect("game");
    assert_eq!(new.status, Status::Running);
    let players: Vec<String> = host.db().players(commands::GameId(2)).await.expect("players").into_iter().map(|p| p.user_id).collect();
    assert_eq!(players, vec!["alice", "bob"], "the same seats");
    assert_eq!(new.to_move, vec![1], "bob lost, bob starts");
    // Once only.
    assert_eq!(no(&host, "alice", "c", "rematch #1").await, "Game #1 has been played again already: game #2.");
    assert_eq!(host.db().game(commands::GameId(3)).await.expect("read"), None);
}

/// A rematch keeps the old game's time per move (`time=2d`), even after the channel's
/// setting changed; a rematch of a game stored without a time of its own gets what a
/// new game here gets now (the channel's 1 day).
#[tokio::test]
async fn a_rematch_keeps_the_time_per_move() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    ok(&host, "alice", "c", "new aratoth seed=3 time=2d").await;
    ok(&host, "bob", "c", "join").await;
    ok(&host, "alice", "c", "start").await;
    ok(&host, "bob", "c", "resign").await;
    host.handle(&admin("root", "c"), "settings time=1d").await;
    ok(&host, "alice", "c", "rematch #1").await;
    ok(&host, "bob", "c", "rematch #1").await;
    ok(&host, "bob", "c", "resign #2").await;
    execute(host.db(), "UPDATE games SET move_ms = NULL WHERE id = 2", &[]).await;
    ok(&host, "alice", "c", "rematch #2").await;
    ok(&host, "bob", "c", "rematch #2").await;
    let stored = integers(host.db(), "SELECT move_ms FROM games ORDER BY id", &[]).await;
    assert_eq!(stored, vec![Some(2 * DAY), None, Some(DAY)]);
}

#[tokio::test]
async fn history_lists_the_moves_with_their_players() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    aratoth(&host).await;
    assert!(ok(&host, "alice", "c", "history").await.ends_with("No moves yet."));
    let (first, moves) = to_move(&host, commands::GameId(1)).await;
    ok(&host, &first, "c", &format!("move {}", moves[0])).await;
    let played = log(&host, commands::GameId(1)).await;
    let list = ok(&host, "carol", "c", "verlauf").await;
    assert_eq!(list, format!("The moves of game #1 (Aratoth's Revenge):\n1. {first}: {}", played[0]));
}

#[tokio::test]
async fn after_a_takeback_the_turn_and_its_reminders_start_afresh() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    aratoth(&host).await;
    let (first, moves) = to_move(&host, commands::GameId(1)).await;
    clock.advance(2 * DAY);
    assert_eq!(due(&host, &clock).await.len(), 1, "first's half-time reminder");
    ok(&host, &first, "c", &format!("move {}", moves[0])).await;
    ok(&host, &first, "c", "undo").await;
    clock.advance(HOUR);
    ok(&host, other(&first), "c", "undo").await;
    // first is to move again, from now on: 3 days, half of them 36 hours from now.
    assert!(no(&host, other(&first), "c", "claim").await.contains("still has 3 days"));
    clock.advance(36 * HOUR - MINUTE);
    assert!(due(&host, &clock).await.is_empty());
    clock.advance(MINUTE);
    let notices = due(&host, &clock).await;
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].reply.text.mentions()[0].id, first);
}

#[tokio::test]
async fn a_finished_games_export_comes_with_a_strip_of_boards() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let db = commands::store::Db::open(&place.url()).await.expect("database");
    let host = commands::Host::with_db(db, commands::HostOptions::default(), clock.clone());
    aratoth(&host).await;
    for _ in 0..2 {
        let (mover, moves) = to_move(&host, commands::GameId(1)).await;
        ok(&host, &mover, "c", &format!("move {}", moves[0])).await;
    }
    // Running: players get no record yet, so no strip either.
    assert!(no(&host, "alice", "c", "export #1").await.contains("still running"));
    ok(&host, "bob", "c", "resign").await;
    let replies = host.handle(&crate::support::origin("alice", "c"), "export #1").await;
    assert_eq!(replies.len(), 2, "{}", crate::support::texts(&replies));
    let file = replies[1].file.as_ref().expect("a picture");
    assert_eq!((file.name.as_str(), file.mime), ("game-1-replay.png", "image/png"));
    assert_eq!(&file.bytes[1..4], b"PNG");
    // Two moves and a resignation: 4 positions, in rows of three boards 400 pixels wide
    // with 8 pixels between them (issue 41: fewer, larger boards), two rows, each board
    // under a 30-pixel label with its move number.
    let width = u32::from_be_bytes([file.bytes[16], file.bytes[17], file.bytes[18], file.bytes[19]]);
    assert_eq!(width, 3 * 400 + 2 * 8);
    let strip = image::load_from_memory(&file.bytes).expect("a PNG").to_rgb8();
    // Each label holds dark text on its light panel: the first board's and the fourth's
    // (the second row's first).
    let cell_height = (strip.height() - 8) / 2 + 8;
    for top in [0, cell_height] {
        let dark = (8..200).flat_map(|x| (top..top + 30).map(move |y| (x, y))).filter(|&(x, y)| strip.get_pixel(x, y).0.iter().all(|&c| c < 90)).count();
        assert!(dark > 40, "a label with text over the board at y={top}: {dark} dark pixels");
    }
    std::fs::write(std::env::temp_dir().join("spieltisch-replay-strip.png"), &file.bytes).expect("keep it to look at");
    assert!(file.bytes.len() < 300_000, "{} bytes", file.bytes.len());
    assert_eq!(replies[1].audience, commands::Audience::User("alice".into()));
}

#[tokio::test]
async fn history_tells_a_resignation_in_words() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    aratoth(&host).await;
    let (first, moves) = to_move(&host, commands::GameId(1)).await;
    ok(&host, &first, "c", &format!("move {}", moves[0])).await;
    ok(&host, "bob", "c", "resign").await;
    let list = ok(&host, "carol", "c", "history #1").await;
    assert!(list.ends_with("\n2. bob resigned."), "{list}");
    assert!(!list.contains('@'), "{list}");
    let german = host.handle(&commands::Origin { lang: Some(commands::Lang::De), ..crate::support::origin("carol", "c") }, "verlauf #1").await;
    let german = crate::support::texts(&german);
    assert!(german.ends_with("\n2. bob hat aufgegeben."), "{german}");
}

#[tokio::test]
async fn history_tells_an_abort_in_words() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    aratoth(&host).await;
    let aborted = host.handle(&crate::support::admin("admin", "c"), "abort #1").await;
    assert!(aborted.iter().all(|r| !r.refusal), "{}", crate::support::texts(&aborted));
    let list = ok(&host, "carol", "c", "history #1").await;
    assert!(list.ends_with("\n1. The game was aborted."), "{list}");
}

#[tokio::test]
async fn history_and_export_without_a_number_find_the_game_that_just_ended() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    aratoth(&host).await;
    let (first, moves) = to_move(&host, commands::GameId(1)).await;
    ok(&host, &first, "c", &format!("move {}", moves[0])).await;
    ok(&host, "bob", "c", "resign").await;
    // No game runs in "c" any more: both commands take game #1, the last one that ended.
    let list = ok(&host, "carol", "c", "history").await;
    assert!(list.starts_with("The moves of game #1 (Aratoth's Revenge):") && list.ends_with("\n2. bob resigned."), "{list}");
    let export = host.handle(&crate::support::origin("alice", "c"), "export").await;
    assert!(export.iter().all(|r| !r.refusal), "{}", crate::support::texts(&export));
    let record = export[0].file.as_ref().expect("the record as a file");
    let json: serde_json::Value = serde_json::from_slice(&record.bytes).expect("JSON");
    assert_eq!(json["moves"].as_array().map(Vec::len), Some(2));
    // Another channel has had no game: still "no game here".
    assert!(no(&host, "carol", "d", "history").await.starts_with("No game is running in this channel"));
}

/// Issue 16: in a German channel a take-back names the move in German notation words
/// (the rules' own German words for shapes and colours), says whom it waits for, and
/// that the move was taken back.
#[tokio::test]
async fn a_take_back_in_a_german_channel_names_the_move_in_german_words() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    aratoth(&host).await;
    crate::slowsupport::ok_at(&host, &admin("root", "c"), "settings language=de").await;
    let (first, moves) = to_move(&host, commands::GameId(1)).await;
    ok(&host, &first, "c", &format!("move {}", moves[0])).await;
    let german: Vec<&str> = moves[0]
        .split(' ')
        .map(|w| {
            rules::aratoth::SHAPES
                .iter()
                .find(|s| s.en == w)
                .map(|s| s.de)
                .or_else(|| rules::aratoth::Colour::parse(w).map(rules::aratoth::Colour::word_de))
                .unwrap_or(w)
        })
        .collect();
    let german = german.join(" ");
    assert_ne!(german, moves[0], "the move has words to translate");
    let asked = ok(&host, &first, "c", "undo").await;
    assert_eq!(
        asked,
        format!("{first} möchte {german} in Partie #1 zurücknehmen: tippe `zurücknehmen`, um zuzustimmen.\nEs fehlen noch: @{}.", other(&first))
    );
    let done = ok(&host, other(&first), "c", "undo").await;
    assert_eq!(done.lines().next(), Some(format!("Alle sind einverstanden: {german} in Partie #1 wurde zurückgenommen.").as_str()), "{done}");
}

/// Carat's notation names a space and a colour, not the tile (every player holds one):
/// `history` says which tile each move placed (issue 41). The tiles are read from the
/// record's pile by the spec's deal ("Setup": each player draws one tile in seat order,
/// a placement draws the next): the first mover places the tile of its seat, the other
/// player the other one, then the first mover the third tile of the pile.
#[tokio::test]
async fn carat_history_names_the_tile_each_move_placed() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    ok(&host, "alice", "c", "new carat seed=8").await;
    ok(&host, "bob", "c", "join").await;
    ok(&host, "alice", "c", "start").await;
    let id = commands::GameId(1);
    let record = host.record(id).await.expect("read").expect("started");
    let setup = record.setup.expect("a setup");
    let pile: Vec<String> = serde_json::from_value(setup["pile"].clone()).expect("a pile");
    let start: usize = serde_json::from_value(setup["start_player"].clone()).expect("a start player");
    let mut expected = Vec::new();
    for tile in [&pile[start], &pile[1 - start], &pile[2]] {
        let (mover, moves) = to_move(&host, id).await;
        ok(&host, &mover, "c", &format!("move {}", moves[0])).await;
        expected.push(format!("{mover}: {} (tile {tile})", moves[0]));
    }
    let list = ok(&host, "carol", "c", "history").await;
    let lines: Vec<&str> = list.lines().skip(1).map(|l| l.split_once(". ").map_or(l, |(_, rest)| rest)).collect();
    assert_eq!(lines, expected, "{list}");
    let german = ok(&host, "carol", "c", "sprache de").await;
    assert!(!german.is_empty());
    let liste = ok(&host, "carol", "c", "verlauf").await;
    assert!(liste.contains(&format!("(Plättchen {})", pile[start])), "{liste}");
}

/// `replay` posts the game as an animated GIF in the channel (issue 44): the boards'
/// size, one frame per position (drawn and checked to the pixel in render's tests),
/// words in the channel's language; a game not started has none.
#[tokio::test]
async fn replay_posts_the_game_as_an_animated_gif() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let db = commands::store::Db::open(&place.url()).await.expect("database");
    let options = commands::HostOptions { pictures: true, ..commands::HostOptions::default() };
    let host = commands::Host::with_db(db, options, clock.clone());
    ok(&host, "alice", "c", "new carat seed=5").await;
    assert!(no(&host, "alice", "c", "replay").await.contains("#1"), "an invitation has no replay");
    ok(&host, "bob", "c", "join").await;
    ok(&host, "alice", "c", "start").await;
    let mut board = Vec::new();
    for _ in 0..3 {
        let (mover, moves) = to_move(&host, commands::GameId(1)).await;
        let replies = host.handle(&crate::support::origin(&mover, "c"), &format!("move {}", moves[0])).await;
        board = replies.iter().find_map(|r| r.file.as_ref().filter(|f| f.mime == "image/png").map(|f| f.bytes.clone())).expect("a board");
    }
    let replies = host.handle(&crate::support::origin("carol", "c"), "replay").await;
    assert_eq!(replies.len(), 1, "{}", crate::support::texts(&replies));
    let reply = &replies[0];
    assert_eq!(reply.audience, commands::Audience::Channel);
    assert_eq!(reply.text.plain(), "The replay of game #1 (Carat, 3 moves).");
    let file = reply.file.as_ref().expect("a GIF");
    assert_eq!((file.name.as_str(), file.mime), ("game-1-replay.gif", "image/gif"));
    assert_eq!(&file.bytes[..6], b"GIF89a");
    // The logical screen is the board's size (PNG: width and height at bytes 16..24).
    let gif_size = (u16::from_le_bytes([file.bytes[6], file.bytes[7]]), u16::from_le_bytes([file.bytes[8], file.bytes[9]]));
    let png_size = (
        u32::from_be_bytes([board[16], board[17], board[18], board[19]]),
        u32::from_be_bytes([board[20], board[21], board[22], board[23]]),
    );
    assert_eq!((u32::from(gif_size.0), u32::from(gif_size.1)), png_size);
    // Four positions: four image descriptors, each after a graphic control extension
    // (0x21 0xF9 0x04, flags, the delay in hundredths of a second LE, the transparent
    // index, 0x00).
    let delays: Vec<u16> = file.bytes.windows(8).filter(|w| w[..3] == [0x21, 0xF9, 0x04] && w[7] == 0).map(|w| u16::from_le_bytes([w[4], w[5]])).collect();
    assert_eq!(delays, [80, 80, 80, 500], "0.8 s a move, the last held 5 s");
    let german = host.handle(&crate::support::origin("carol", "c"), "sprache de").await;
    assert!(!german[0].refusal);
    let replies = host.handle(&crate::support::origin("carol", "c"), "nachspielen #1").await;
    assert_eq!(replies[0].text.plain(), "Die Partie #1 zum Nachspielen (Carat, 3 Züge).");
}
