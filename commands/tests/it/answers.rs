//! Answers that change nothing: help, rules, unknown words, and the bare-move rule.

use commands::{Audience, Lang, Origin};

use crate::support::{origin, refused, started, texts, to_move, Place};

fn german(user: &str, channel: &str) -> Origin {
    Origin { lang: Some(Lang::De), ..origin(user, channel) }
}

#[tokio::test]
async fn help_and_rules_answer_privately_in_the_users_language() {
    let place = Place::new();
    let host = place.host().await;
    let replies = host.handle(&origin("alice", "c"), "help").await;
    assert_eq!(replies[0].audience, Audience::User("alice".into()));
    assert!(texts(&replies).starts_with("Commands: new, join, start, move"), "{}", texts(&replies));
    let replies = host.handle(&german("alice", "c"), "hilfe").await;
    let list = texts(&replies);
    assert!(
        list.contains("(auf Deutsch: neu, beitreten, starten, zug, brett, hand, züge, bedingt, aufgeben, abbrechen, ablehnen, partien, hilfe, regeln, exportieren, reklamieren, urlaub, zurücknehmen, revanche, erinnerungen, verlauf, nachspielen, analyse, rangliste, statistik, einstellungen, sprache, täglich, turnier, übersicht"),
        "every command in German: {list}"
    );
    let replies = host.handle(&german("alice", "c"), "hilfe abbrechen").await;
    assert!(texts(&replies).starts_with("`abbrechen [#Nr]` beendet eine Partie ohne Ergebnis"), "{}", texts(&replies));
    let replies = host.handle(&german("alice", "c"), "regeln carat").await;
    assert!(texts(&replies).starts_with("Carat, für 2 bis 4 Spieler."), "{}", texts(&replies));
    let replies = host.handle(&origin("alice", "c"), "help carat").await;
    assert!(texts(&replies).starts_with("Carat, for 2 to 4 players."), "{}", texts(&replies));
    let replies = host.handle(&origin("alice", "c"), "help chess").await;
    assert!(refused(&replies, "alice", "There is no help on “chess”"), "{}", texts(&replies));
}

#[tokio::test]
async fn a_word_that_is_neither_command_nor_move_is_unknown() {
    let place = Place::new();
    let host = place.host().await;
    let replies = host.handle(&origin("alice", "c"), "hello there").await;
    assert!(refused(&replies, "alice", "I do not know the command “hello”"), "{}", texts(&replies));
    let id = started(&host, "c", 12).await;
    let (mover, moves) = to_move(&host, id).await;
    // In a game, text that is no move of it is still an unknown command...
    let replies = host.handle(&origin(&mover, "c"), "hello there").await;
    assert!(refused(&replies, &mover, "I do not know the command “hello”"), "{}", texts(&replies));
    // ...while a move that breaks a rule is answered by the rule.
    let replies = host.handle(&origin(&mover, "c"), "a1 red").await;
    assert!(refused(&replies, &mover, "The first tile may not go on an edge"), "{}", texts(&replies));
    // A spectator's bare move is not played, and they hear why.
    let replies = host.handle(&origin("carol", "c"), &moves[0]).await;
    assert_eq!(texts(&replies), format!("You do not play in game #{id}."));
    assert!(replies[0].refusal);
    // With two games of one's own here, a bare move must name the game.
    let second = started(&host, "c", 13).await;
    let replies = host.handle(&origin("alice", "c"), "c3 red").await;
    assert!(refused(&replies, "alice", "name the game, e.g. `move #1 c3 red`"), "{}", texts(&replies));
    // Other commands that must name the game say so with their own word.
    for (line, example) in [("history", "`history #1`"), ("claim", "`claim #1`"), ("moves", "`moves #1`")] {
        let replies = host.handle(&origin("alice", "c"), line).await;
        assert!(refused(&replies, "alice", &format!("name one, e.g. {example}")), "{line}: {}", texts(&replies));
    }
    let replies = host.handle(&german("alice", "c"), "verlauf").await;
    assert!(refused(&replies, "alice", "nenne eine, z. B. `verlauf #1`"), "{}", texts(&replies));
    let (mover, moves) = to_move(&host, second).await;
    let replies = host.handle(&origin(&mover, "c"), &format!("#{second} {}", moves[0])).await;
    assert!(!replies[0].refusal, "{}", texts(&replies));
    assert!(texts(&replies).contains(&format!("(game #{second}, move 1)")), "{}", texts(&replies));
    // A game named by number that is not here is named in the answer.
    let replies = host.handle(&origin(&mover, "elsewhere"), &format!("#{second} {}", moves[0])).await;
    assert!(refused(&replies, &mover, &format!("There is no game #{second} here.")), "{}", texts(&replies));
    let replies = host.handle(&origin(&mover, "c"), "#99 c3 red").await;
    assert!(refused(&replies, &mover, "There is no game #99 here."), "{}", texts(&replies));
}

#[tokio::test]
async fn the_announcement_mentions_the_player_to_move() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c", 14).await;
    let (mover, moves) = to_move(&host, id).await;
    let replies = host.handle(&origin(&mover, "c"), &moves[0]).await;
    let channel = &replies[0];
    assert_eq!(channel.audience, Audience::Channel);
    let next = if mover == "alice" { "bob" } else { "alice" };
    let mentioned: Vec<&str> = channel.text.mentions().iter().map(|u| u.id.as_str()).collect();
    assert_eq!(mentioned, vec![next]);
    assert!(channel.file.as_ref().is_some_and(|f| f.mime == "image/png" && f.bytes.starts_with(b"\x89PNG")));
    assert_eq!(channel.game.map(|g| (g.id, g.seq)), Some((id, 1)));
    // The mover drew a new tile: their new hand comes privately, with its picture (drawn
    // while the move was stored), named after the move and the seat.
    let seat = if mover == "alice" { 0 } else { 1 };
    let hand = replies.iter().find(|r| r.audience == Audience::User(mover.clone())).expect("the mover's new hand");
    assert!(hand.text.plain().starts_with(&format!("Your hand in game #{id} (Carat, channel c):")), "{}", hand.text);
    let picture = hand.file.as_ref().expect("the hand's picture");
    assert_eq!((picture.name.as_str(), picture.mime), (format!("game-{id}-move-1-hand-{seat}.png").as_str(), "image/png"));
    assert!(picture.bytes.starts_with(b"\x89PNG"));
    assert_eq!(replies.len(), 2, "the board and the mover's hand: {}", texts(&replies));
}

#[tokio::test]
async fn a_private_hand_comes_in_its_owners_language() {
    let place = Place::new();
    let host = place.host().await;
    host.handle(&german("anna", "c"), "neu carat seed=15").await;
    host.handle(&origin("bob", "c"), "join").await;
    let replies = host.handle(&origin("bob", "c"), "start").await;
    let anna = replies.iter().find(|r| r.audience == Audience::User("anna".into())).expect("anna's hand");
    assert!(anna.text.plain().starts_with("Deine Hand in Partie #1 (Carat, Kanal c):"), "{}", anna.text);
    let bob = replies.iter().find(|r| r.audience == Audience::User("bob".into())).expect("bob's hand");
    assert!(bob.text.plain().starts_with("Your hand in game #1 (Carat, channel c):"), "{}", bob.text);
}

#[tokio::test]
async fn a_mistyped_bare_move_is_answered_by_the_rules() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c", 12).await;
    let (mover, _) = to_move(&host, id).await;
    // The same reason as with `move`: the colour, the field, the extra word.
    for line in ["c3 purple", "z9 red", "d3 red extra"] {
        let with_move = texts(&host.handle(&origin(&mover, "c"), &format!("move {line}")).await);
        let replies = host.handle(&origin(&mover, "c"), line).await;
        assert!(refused(&replies, &mover, &with_move), "{line}: {} (with move: {with_move})", texts(&replies));
        assert!(!with_move.contains("I do not know the command"), "{with_move}");
    }
    let replies = host.handle(&origin(&mover, "c"), "c3 purple").await;
    assert!(refused(&replies, &mover, "“purple” is not a colour"), "{}", texts(&replies));
    // Someone who does not play the running game here hears so; elsewhere, with no
    // game at all, it is an unknown command.
    let replies = host.handle(&origin("carol", "c"), "c3 purple").await;
    assert!(refused(&replies, "carol", &format!("You do not play in game #{id}.")), "{}", texts(&replies));
    let replies = host.handle(&origin("carol", "elsewhere"), "c3 purple").await;
    assert!(refused(&replies, "carol", "I do not know the command “c3”"), "{}", texts(&replies));
}
