//! Who may do what (spec README, "Who may do what"), and that hidden information
//! reaches only its owner.

use commands::{Audience, Command, Host};
use rules::{AnyView, Viewer};

use crate::support::{admin, origin, refused, started, texts, to_move, Place};

fn other(user: &str) -> &'static str {
    if user == "alice" { "bob" } else { "alice" }
}

async fn stored_moves(host: &Host, id: commands::GameId) -> usize {
    host.db().log_after(id, 0).await.expect("log").len()
}

#[tokio::test]
async fn a_non_player_cannot_move() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c", 1).await;
    let (_, moves) = to_move(&host, id).await;
    let replies = host.handle(&origin("carol", "c"), &format!("move {}", moves[0])).await;
    assert!(refused(&replies, "carol", "You do not play in game #1."), "{}", texts(&replies));
    // Not even an admin who does not play.
    let replies = host.handle(&admin("dave", "c"), &format!("move {}", moves[0])).await;
    assert!(refused(&replies, "dave", "You do not play in game #1."), "{}", texts(&replies));
    assert_eq!(stored_moves(&host, id).await, 0);
}

#[tokio::test]
async fn a_player_cannot_move_out_of_turn() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c", 2).await;
    let (mover, moves) = to_move(&host, id).await;
    let waiting = other(&mover);
    let replies = host.handle(&origin(waiting, "c"), &format!("move {}", moves[0])).await;
    assert!(refused(&replies, waiting, &format!("It is {mover}'s turn in game #1, not yours.")), "{}", texts(&replies));
    // A bare move out of turn gets the same answer.
    let replies = host.handle(&origin(waiting, "c"), &moves[0]).await;
    assert!(refused(&replies, waiting, "not yours"), "{}", texts(&replies));
    assert_eq!(stored_moves(&host, id).await, 0);
}

#[tokio::test]
async fn events_cannot_be_typed_as_moves() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c", 3).await;
    let (mover, _) = to_move(&host, id).await;
    for line in ["move @resign 1", "move @abort"] {
        let replies = host.handle(&origin(&mover, "c"), line).await;
        assert!(refused(&replies, &mover, "A move does not start with @"), "{}", texts(&replies));
    }
    let replies = host.handle(&origin(&mover, "c"), "@abort").await;
    assert!(refused(&replies, &mover, "I do not know the command “@abort”"), "{}", texts(&replies));
    assert_eq!(stored_moves(&host, id).await, 0);
}

#[tokio::test]
async fn an_illegal_move_says_why_in_the_users_language() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c", 4).await;
    let (mover, _) = to_move(&host, id).await;
    let replies = host.handle(&origin(&mover, "c"), "move a1 red").await;
    assert!(refused(&replies, &mover, "The first tile may not go on an edge or corner space"), "{}", texts(&replies));
    let german = commands::Origin { lang: Some(commands::Lang::De), ..origin(&mover, "c") };
    let replies = host.handle(&german, "zug a1 rot").await;
    assert!(refused(&replies, &mover, "Das erste Plättchen darf nicht auf ein Rand- oder Eckfeld"), "{}", texts(&replies));
    let replies = host.handle(&german, "zug c3 lila").await;
    assert!(refused(&replies, &mover, "„lila“ ist keine Farbe"), "{}", texts(&replies));
    assert_eq!(stored_moves(&host, id).await, 0);
}

#[tokio::test]
async fn a_stale_button_is_refused() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c", 5).await;
    let (mover, moves) = to_move(&host, id).await;
    let ok = host.run(&origin(&mover, "c"), Command::Move { game: Some(id), notation: moves[0].clone(), at: Some(0), bare: false }).await;
    assert!(!ok[0].refusal);
    assert_eq!(ok[0].game.map(|g| g.seq), Some(1), "the announcement carries the new move number");
    let (next, moves) = to_move(&host, id).await;
    let stale = host.run(&origin(&next, "c"), Command::Move { game: Some(id), notation: moves[0].clone(), at: Some(0), bare: false }).await;
    assert!(refused(&stale, &next, "Game #1 has moved on (it is at move 1 now)"), "{}", texts(&stale));
}

/// Plays a whole game through the host and checks every reply: a hand's tiles appear
/// only in replies addressed to the hand's owner, and the owner gets the hand after each
/// of their moves.
#[tokio::test]
async fn a_hand_is_never_shown_to_anyone_but_its_owner() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c", 6).await;
    let mut turn = 0;
    loop {
        let record = host.record(id).await.expect("record").expect("started");
        let (game, _) = rules::record::replay_record(&record).expect("replays");
        if game.is_finished() {
            break;
        }
        let AnyView::Carat(all) = game.view(Viewer::Omniscient) else { panic!("a Carat view") };
        let hands: Vec<Vec<String>> =
            all.hands.iter().map(|h| h.clone().unwrap_or_default().iter().map(ToString::to_string).collect()).collect();
        let (mover, moves) = to_move(&host, id).await;
        let mut replies = host.handle(&origin(other(&mover), "c"), "hand").await;
        replies.extend(host.handle(&origin("carol", "c"), "hand").await);
        replies.extend(host.handle(&origin("carol", "c"), "board").await);
        replies.extend(host.handle(&origin(&mover, "c"), &moves[turn % moves.len()]).await);
        for reply in &replies {
            for (seat, tiles) in hands.iter().enumerate() {
                let owner = &record.players[seat];
                for tile in tiles {
                    if reply.text.plain().contains(tile.as_str()) {
                        assert_eq!(reply.audience, Audience::User(owner.clone()), "{tile} of {owner} leaked: {}", reply.text);
                    }
                }
            }
            if reply.audience == Audience::Channel {
                assert!(reply.file.as_ref().is_none_or(|f| !f.name.contains("hand")), "a hand picture in the channel");
            }
        }
        let own_hand = replies.iter().filter(|r| r.audience == Audience::User(mover.clone())).count();
        if turn < 34 {
            assert_eq!(own_hand, 1, "turn {turn}: {mover} gets the newly drawn tile privately");
        }
        turn += 1;
    }
    assert_eq!(turn, 36);
}

#[tokio::test]
async fn abort_is_for_players_before_the_second_move_and_for_admins() {
    let place = Place::new();
    let host = place.host().await;
    // An invitation: any of its players withdraws it; an outsider cannot.
    host.handle(&origin("alice", "w"), "new carat").await;
    let replies = host.handle(&origin("carol", "w"), "abort").await;
    assert!(refused(&replies, "carol", "You have no game running in this channel."), "{}", texts(&replies));
    let replies = host.handle(&origin("alice", "w"), "abort").await;
    assert!(texts(&replies).contains("alice withdrew the invitation to game #1."), "{}", texts(&replies));

    let id = started(&host, "c", 7).await;
    for _ in 0..2 {
        let (mover, moves) = to_move(&host, id).await;
        host.handle(&origin(&mover, "c"), &moves[0]).await;
    }
    let replies = host.handle(&origin("bob", "c"), "abort").await;
    assert!(refused(&replies, "bob", "past its second move"), "{}", texts(&replies));
    // An admin who does not play names the game: a bare `abort` never ends another's
    // game, not even the only one here.
    let replies = host.handle(&admin("dave", "c"), "abort").await;
    assert!(refused(&replies, "dave", "You have no game running in this channel."), "{}", texts(&replies));
    let replies = host.handle(&admin("dave", "c"), &format!("abort #{id}")).await;
    assert!(texts(&replies).contains("dave aborted game #2"), "{}", texts(&replies));
    let record = host.record(id).await.expect("record").expect("started");
    assert_eq!(record.moves.last().map(String::as_str), Some("@abort"));
    let replay = rules::record::replay(&serde_json::to_string(&record).expect("json"));
    assert_eq!(replay.output["ranking"], serde_json::json!([]));

    // Before the second move a player may abort.
    let id = started(&host, "d", 8).await;
    let (mover, moves) = to_move(&host, id).await;
    host.handle(&origin(&mover, "d"), &moves[0]).await;
    let replies = host.handle(&origin("bob", "d"), "abort").await;
    assert!(texts(&replies).contains("bob aborted game #3"), "{}", texts(&replies));
}

#[tokio::test]
async fn the_creator_may_start_early_and_the_others_once_it_is_full() {
    let place = Place::new();
    let host = place.host().await;
    host.handle(&origin("alice", "c"), "new carat 3").await;
    host.handle(&origin("bob", "c"), "join").await;
    let replies = host.handle(&origin("bob", "c"), "start").await;
    assert!(refused(&replies, "bob", "Only alice can start game #1 before all 3 seats are taken."), "{}", texts(&replies));
    let replies = host.handle(&origin("carol", "c"), "start").await;
    assert!(refused(&replies, "carol", "You have not joined any open invitation"), "{}", texts(&replies));
    let replies = host.handle(&origin("alice", "c"), "start").await;
    assert!(texts(&replies).contains("Game #1 of Carat begins (3 days per move). Seats: alice, bob."), "{}", texts(&replies));
    let record = host.record(commands::GameId(1)).await.expect("record").expect("started");
    assert_eq!(record.options["players"], 2);

    host.handle(&origin("alice", "e"), "new carat 2").await;
    let replies = host.handle(&origin("alice", "e"), "start").await;
    assert!(refused(&replies, "alice", "needs at least 2 players, and only 1 has joined"), "{}", texts(&replies));
    host.handle(&origin("bob", "e"), "join").await;
    let replies = host.handle(&origin("carol", "e"), "join").await;
    assert!(refused(&replies, "carol", "All 2 seats of game #2 are taken."), "{}", texts(&replies));
    let replies = host.handle(&origin("bob", "e"), "start").await;
    assert!(texts(&replies).contains("Game #2 of Carat begins"), "{}", texts(&replies));
}

#[tokio::test]
async fn a_running_record_is_exported_to_admins_only_and_to_players_when_over() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c", 9).await;
    let replies = host.handle(&origin("carol", "c"), &format!("export #{id}")).await;
    assert!(refused(&replies, "carol", "only an admin can export it now"), "{}", texts(&replies));
    // A player does not get it, and neither does an admin who plays in it (on Matrix the
    // room's creator).
    let replies = host.handle(&origin("alice", "c"), "export").await;
    assert!(refused(&replies, "alice", "you play in it"), "{}", texts(&replies));
    let replies = host.handle(&admin("alice", "c"), "export").await;
    assert_eq!(
        replies[0].text.plain(),
        "Game #1 is still running and you play in it: its record would show you hidden information (the pile, the other hands), so you get it when the game is over."
    );
    assert!(replies[0].refusal && replies[0].file.is_none());
    let replies = host.handle(&admin("dave", "c"), "export").await;
    assert_eq!(replies[0].audience, Audience::User("dave".into()), "the record goes to the admin alone");
    assert!(replies[0].file.as_ref().is_some_and(|f| f.mime == "application/json"));
    // Bob resigns: Alice wins; now the players get the record.
    let replies = host.handle(&origin("bob", "c"), "resign").await;
    assert!(texts(&replies).contains("bob resigns game #1."), "{}", texts(&replies));
    assert!(texts(&replies).contains("1. alice"), "{}", texts(&replies));
    let replies = host.handle(&origin("bob", "c"), &format!("export #{id}")).await;
    let file = replies[0].file.as_ref().expect("the record");
    let replay = rules::record::replay(std::str::from_utf8(&file.bytes).expect("utf-8"));
    assert_eq!(replay.output["ranking"], serde_json::json!([[0], [1]]));
    let replies = host.handle(&origin("carol", "c"), &format!("export #{id}")).await;
    assert!(refused(&replies, "carol", "You do not play in game #1."), "{}", texts(&replies));
}

#[tokio::test]
async fn games_lists_the_ones_waiting_for_me_first() {
    let place = Place::new();
    let host = place.host().await;
    let first = started(&host, "one", 10).await;
    let second = started(&host, "two", 11).await;
    host.handle(&origin("alice", "three"), "new carat").await;
    let (mover_first, _) = to_move(&host, first).await;
    let (mover_second, _) = to_move(&host, second).await;
    let replies = host.handle(&origin("alice", "anywhere"), "games").await;
    let text = texts(&replies);
    let lines: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(lines.len(), 3, "{text}");
    let mine: Vec<commands::GameId> = [(first, &mover_first), (second, &mover_second)]
        .iter()
        .filter(|(_, m)| m.as_str() == "alice")
        .map(|(id, _)| *id)
        .collect();
    for (line, id) in lines.iter().zip(&mine) {
        assert!(line.contains(&format!("#{id} Carat")) && line.contains("your turn"), "{text}");
    }
    assert!(lines[2].contains("#3 Carat in three: invitation, 1 of 2 seats taken"), "{text}");
}
