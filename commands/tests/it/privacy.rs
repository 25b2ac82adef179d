//! Reads by game id stay in the game's own channel, an open challenge's game is seen only
//! by its player, and Hathor's `moves` does not give away the legal fields the hint sells.

use std::sync::Arc;

use commands::{Audience, Host, HostOptions};

use crate::support::{admin, origin, refused, started, texts, Place};

async fn quiet(place: &Place) -> Arc<Host> {
    let options = HostOptions { pictures: true, ..HostOptions::default() };
    Arc::new(Host::open(&place.url(), options).await.expect("open the database"))
}

#[tokio::test]
async fn reads_by_id_from_another_channel_find_no_game() {
    let place = Place::new();
    let host = quiet(&place).await;
    let id = started(&host, "local", 7).await;
    // A player of the game and a stranger, in another channel of the same platform.
    for user in ["alice", "carol"] {
        for command in ["board", "history", "export", "moves", "hand"] {
            let replies = host.handle(&origin(user, "other"), &format!("{command} #{id}")).await;
            assert!(refused(&replies, user, &format!("There is no game #{id} here")), "{command}: {}", texts(&replies));
        }
        let listed = host.legal_moves(&origin(user, "other"), Some(id), "").await;
        assert!(listed.is_err_and(|t| t.plain().contains(&format!("There is no game #{id} here"))));
    }
    // In its own channel the reads work.
    let board = host.handle(&origin("carol", "local"), &format!("board #{id}")).await;
    assert!(!board[0].refusal, "{}", texts(&board));
    let history = host.handle(&origin("carol", "local"), &format!("history #{id}")).await;
    assert!(!history[0].refusal, "{}", texts(&history));
    // A bot admin may still export any game of the platform from anywhere.
    let export = host.handle(&admin("root", "other"), &format!("export #{id}")).await;
    assert!(!export[0].refusal && export[0].file.is_some(), "{}", texts(&export));
    // Another platform never finds it, not even for an admin.
    let elsewhere = commands::Origin { platform: "discord".into(), ..admin("root", "local") };
    let export = host.handle(&elsewhere, &format!("export #{id}")).await;
    assert!(refused(&export, "root", &format!("There is no game #{id} here")), "{}", texts(&export));
}

#[tokio::test]
async fn a_spectator_sees_nothing_of_an_open_challenge_game() {
    let place = Place::new();
    let host = quiet(&place).await;
    let opened = host.handle(&origin("alice", "c"), "new hathor challenge seed=4").await;
    let a = opened.iter().find_map(|r| r.game).expect("alice's game").id;
    let moved = host.handle(&origin("alice", "c"), &format!("move #{a} C1")).await;
    assert!(!moved[0].refusal, "{}", texts(&moved));
    let joined = host.handle(&origin("bob", "c"), "join").await;
    assert!(!joined[0].refusal, "{}", texts(&joined));
    for user in ["bob", "carol"] {
        for command in ["board", "history", "moves", "export"] {
            let replies = host.handle(&origin(user, "c"), &format!("{command} #{a}")).await;
            assert!(replies.iter().all(|r| r.file.is_none()), "{command} by {user} sent a file: {}", texts(&replies));
            assert!(
                refused(&replies, user, "belongs to challenge #1"),
                "{command} by {user}: {}",
                texts(&replies)
            );
        }
    }
    // Its player still sees her own board and history, privately.
    for command in ["board", "history"] {
        let mine = host.handle(&origin("alice", "c"), &format!("{command} #{a}")).await;
        assert!(!mine[0].refusal, "{}", texts(&mine));
        assert!(mine.iter().all(|r| r.audience == Audience::User("alice".into())), "{}", texts(&mine));
    }
}

#[tokio::test]
async fn hathor_moves_point_to_the_paid_hint_instead_of_listing_the_fields() {
    let place = Place::new();
    let host = quiet(&place).await;
    let opened = host.handle(&origin("alice", "solo"), "new hathor seed=8").await;
    let id = opened.iter().find_map(|r| r.game).expect("alice's game").id;
    let record = host.record(id).await.expect("read").expect("started");
    let (game, _) = rules::record::replay_record(&record).expect("the record replays");
    let fields = game.legal_moves();
    assert!(!fields.is_empty());

    let moves = host.handle(&origin("alice", "solo"), "moves").await;
    assert_eq!(moves.len(), 1, "{}", texts(&moves));
    let text = moves[0].text.plain();
    assert!(text.contains("costs 500 points") && text.contains("`hint`"), "{text}");
    assert!(fields.iter().all(|f| !text.contains(f.as_str())), "a legal field is named: {text}");
    assert_eq!(moves[0].audience, Audience::User("alice".into()));
    // Autocomplete says the same instead of listing the fields.
    let listed = host.legal_moves(&origin("alice", "solo"), Some(id), "").await;
    assert!(listed.is_err_and(|t| t.plain().contains("costs 500 points")));
    let filtered = host.legal_moves(&origin("alice", "solo"), Some(id), "c").await;
    assert!(filtered.is_err());
    // In German, with the German words for the hint.
    let german = commands::Origin { lang: Some(commands::Lang::De), ..origin("alice", "solo") };
    let züge = host.handle(&german, "züge").await;
    let text = züge[0].text.plain();
    assert!(text.contains("kostet 500 Punkte") && text.contains("`zug hilfe`"), "{text}");
    // The hint has a help topic.
    let help = host.handle(&origin("alice", "solo"), "help hint").await;
    assert!(!help[0].refusal && help[0].text.plain().contains("costs 500 points"), "{}", texts(&help));
    let hilfe = host.handle(&german, "hilfe setzhilfe").await;
    assert!(!hilfe[0].refusal && hilfe[0].text.plain().contains("kostet 500 Punkte"), "{}", texts(&hilfe));
    // Nothing was paid for all that; the hint itself still works and costs its points.
    let (game, _) = rules::record::replay_record(&host.record(id).await.expect("read").expect("started")).expect("replays");
    assert_eq!(game.scores(), Some(vec![0]));
    let hint = host.handle(&origin("alice", "solo"), "move hint").await;
    assert!(!hint[0].refusal, "{}", texts(&hint));
    let (game, _) = rules::record::replay_record(&host.record(id).await.expect("read").expect("started")).expect("replays");
    assert_eq!(game.scores(), Some(vec![-500]));
}

/// A player who leaves a game of three is not sent their emptied hand ("Your hand in game
/// #1 … is empty"): the game goes on without them. The others' hands are unchanged and
/// not sent either.
#[tokio::test]
async fn a_player_who_resigns_gets_no_emptied_hand() {
    let place = Place::new();
    let host = quiet(&place).await;
    for (user, line) in [("alice", "new carat @bob @carol seed=7"), ("bob", "join"), ("carol", "join")] {
        let replies = host.handle(&origin(user, "c"), line).await;
        assert!(replies.iter().all(|r| !r.refusal), "{line}: {}", texts(&replies));
    }
    let replies = host.handle(&origin("bob", "c"), "resign").await;
    assert!(replies.iter().all(|r| !r.refusal), "{}", texts(&replies));
    assert_eq!(replies.len(), 1, "one post to the channel, nothing private: {}", texts(&replies));
    assert_eq!(replies[0].audience, Audience::Channel);
    assert!(replies[0].text.plain().starts_with("bob resigns game #1.\nIt is @alice's turn."), "{}", texts(&replies));
}
