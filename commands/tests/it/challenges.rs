//! Hathor solo games and challenges in a channel: the same stones for every player of a
//! challenge, boards only for their player until the challenge closes, the leaderboard,
//! the line when someone finishes, the daily challenge.

use std::sync::Arc;

use commands::{
    base::clock::{Clock, ManualClock},
    store::{Db, Status},
    Audience, GameId, Host, HostOptions, Reply,
};
use serde_json::Value;

use crate::support::{admin, amount, on_server, origin, refused, texts, Place};

/// 2026-11-29 10:00 UTC.
const NOW: i64 = 1_795_946_400_000;
const HOUR: i64 = 3_600_000;

async fn host_at(place: &Place, clock: &Arc<ManualClock>, secret: Option<&str>) -> Host {
    let db = Db::open(&place.url()).await.expect("open the database");
    let options =
        HostOptions { pictures: false, hathor_daily_secret: secret.map(str::to_string), ..HostOptions::default() };
    Host::with_db(db, options, Arc::clone(clock) as Arc<dyn Clock>)
}

/// The game a user's private replies are about.
fn game_of(replies: &[Reply], user: &str) -> GameId {
    replies
        .iter()
        .find(|r| r.audience == Audience::User(user.into()) && r.game.is_some())
        .and_then(|r| r.game)
        .unwrap_or_else(|| panic!("no private game reply for {user}: {}", texts(replies)))
        .id
}

fn channel_texts(replies: &[Reply]) -> Vec<String> {
    replies.iter().filter(|r| r.audience == Audience::Channel).map(|r| r.text.plain()).collect()
}

/// The game rebuilt from the admin's record (an independent replay of the stored log).
async fn replayed(host: &Host, id: GameId) -> (rules::record::Record, Box<dyn rules::Match>) {
    let record = host.record(id).await.expect("read").expect("started");
    let (game, error) = rules::record::replay_record(&record).expect("the record replays");
    assert_eq!(error, None);
    (record, game)
}

fn current(game: &dyn rules::Match) -> Value {
    game.details().expect("details")["current"].clone()
}

/// Plays the legal field `pick` chooses for `user` in game `id`; every reply about the
/// game goes to `user` only.
async fn put(host: &Host, user: &str, id: GameId, pick: fn(&[String]) -> String) -> Vec<Reply> {
    // `moves` does not list Hathor's fields (the hint sells them): the replayed record does.
    let (_, game) = replayed(host, id).await;
    let moves = game.legal_moves();
    assert!(!moves.is_empty(), "game #{id} has a legal field");
    let replies = host.handle(&origin(user, "c"), &format!("move #{id} {}", pick(&moves))).await;
    assert!(!replies[0].refusal, "{}", texts(&replies));
    for r in replies.iter().filter(|r| r.game.is_some()) {
        assert_eq!(r.audience, Audience::User(user.into()), "a challenge board went elsewhere: {}", r.text.plain());
    }
    replies
}

#[tokio::test]
async fn solo_games_start_at_once_with_the_variant_named() {
    let place = Place::new();
    let host = place.host().await;
    for (line, variant) in [("new hathor", 1), ("new hathor 3", 3), ("new hathor v2", 2), ("neu hathor mittel", 4), ("new hathor variant=5", 5)]
    {
        let replies = host.handle(&origin("alice", &format!("solo-{variant}")), line).await;
        assert!(!replies[0].refusal, "{line}: {}", texts(&replies));
        // A solo game is not a challenge: its board is the channel's.
        assert_eq!(replies[0].audience, Audience::Channel, "{line}");
        let id = replies[0].game.expect("about the game").id;
        let row = host.db().game(id).await.expect("read").expect("game");
        assert_eq!(row.status, Status::Running, "{line}");
        let (record, _) = replayed(&host, id).await;
        assert_eq!(record.setup.as_ref().map(|s| s["variant"].clone()), Some(Value::from(variant)), "{line}");
    }
    let replies = host.handle(&origin("alice", "c"), "new hathor 6").await;
    assert!(replies[0].refusal, "{}", texts(&replies));
    // Challenges are Hathor's, and for one player per board.
    for line in ["new carat challenge", "daily carat"] {
        let replies = host.handle(&origin("alice", "c"), line).await;
        assert!(refused(&replies, "alice", "Challenges and the daily challenge are for Hathor"), "{line}: {}", texts(&replies));
    }
    let replies = host.handle(&origin("alice", "c"), "new hathor challenge players=2").await;
    assert!(refused(&replies, "alice", "Hathor"), "{}", texts(&replies));
    // Named players and a time per move mean nothing to a challenge: said, not dropped.
    let replies = host.handle(&origin("alice", "c"), "new hathor challenge @bob @carol").await;
    assert_eq!(
        texts(&replies),
        "A challenge is open to everyone here, so it names no players (@bob, @carol): leave them out, and they play with \
         `join challenge`. Only the bot may be named (`@bot`): it plays the same stones."
    );
    let german = commands::Origin { lang: Some(commands::Lang::De), ..origin("alice", "c") };
    let replies = host.handle(&german, "new hathor challenge time=2d").await;
    assert_eq!(
        texts(&replies),
        "Eine Herausforderung hat keine Zeit pro Zug: Sie bleibt `stunden=N` Stunden offen (ohne Angabe einen Tag), und \
         jeder spielt in seinem Tempo, bis sie schließt."
    );
    assert!(host.handle(&origin("bob", "c"), "leaderboard").await[0].refusal, "no challenge was opened");
}

#[tokio::test]
async fn two_players_of_a_challenge_get_the_same_stones_and_play_apart() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(NOW));
    let host = host_at(&place, &clock, None).await;
    let opened = host.handle(&origin("alice", "c"), "new hathor challenge 4 seed=77").await;
    assert!(!opened[0].refusal, "{}", texts(&opened));
    assert!(
        channel_texts(&opened)[0].starts_with("@alice opened Hathor challenge #1 (Hathor, variant 4, seed=77): everyone here"),
        "{}",
        texts(&opened)
    );
    // The chosen seed is on the leaderboard too: whoever played seed 77 alone knows the
    // stones, so everyone is told.
    let board = host.handle(&origin("carol", "c"), "leaderboard").await;
    assert!(texts(&board).starts_with("Challenge #1 (Hathor, variant 4, seed=77), open until "), "{}", texts(&board));
    let german = commands::Origin { lang: Some(commands::Lang::De), ..origin("carol", "c") };
    let board = host.handle(&german, "bestenliste").await;
    assert!(texts(&board).starts_with("Herausforderung #1 (Hathor, Variante 4, startwert=77), offen bis "), "{}", texts(&board));
    let a = game_of(&opened, "alice");
    let joined = host.handle(&origin("bob", "c"), "join").await;
    assert_eq!(channel_texts(&joined), vec!["bob joins challenge #1 (2 players)."], "{}", texts(&joined));
    let b = game_of(&joined, "bob");
    assert_ne!(a, b);
    // Joining twice is refused.
    let again = host.handle(&origin("bob", "c"), "join challenge").await;
    assert!(refused(&again, "bob", &format!("your board is game #{b}")), "{}", texts(&again));

    let (ra, _) = replayed(&host, a).await;
    let (rb, _) = replayed(&host, b).await;
    assert_eq!(ra.setup, rb.setup, "the same start stones and pile");
    assert_eq!((ra.seed, ra.options["variant"].clone()), (Some(77), Value::from(4)));

    // Alice moves; Bob's game does not change.
    put(&host, "alice", a, |m| m[0].clone()).await;
    assert_eq!(host.db().game(b).await.expect("read").expect("game").seq, 0);

    // Both play the same fields: the same boards, the same variant-4 random symbols.
    put(&host, "bob", b, |m| m[0].clone()).await;
    let mut symbols_drawn = false;
    for _ in 0..70 {
        let (_, ga) = replayed(&host, a).await;
        if ga.is_finished() {
            break;
        }
        put(&host, "alice", a, |m| m[0].clone()).await;
        put(&host, "bob", b, |m| m[0].clone()).await;
        let (ra, ga) = replayed(&host, a).await;
        let (rb, gb) = replayed(&host, b).await;
        assert_eq!(ra.moves, rb.moves);
        assert_eq!(ra.setup, rb.setup, "the random symbols drawn so far agree");
        assert_eq!((current(ga.as_ref()), ga.scores()), (current(gb.as_ref()), gb.scores()));
        symbols_drawn |= ra.setup.as_ref().is_some_and(|s| s["random_symbols"].as_array().is_some_and(|v| !v.is_empty()));
        if symbols_drawn && ra.moves.len() >= 20 {
            break;
        }
    }
    assert!(symbols_drawn, "the games placed a stone with 4 or more neighbours");
}

/// The games of a challenge opened in a channel of a server know the server (where
/// ratings and settings count).
#[tokio::test]
async fn a_challenges_games_know_their_server() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(NOW));
    let host = host_at(&place, &clock, None).await;
    let opened = host.handle(&on_server("alice", "c", "g1"), "new hathor challenge seed=5").await;
    let joined = host.handle(&on_server("bob", "c", "g1"), "join").await;
    for id in [game_of(&opened, "alice"), game_of(&joined, "bob")] {
        let row = host.db().game(id).await.expect("read").expect("game");
        assert_eq!((row.channel.as_str(), row.server.as_deref()), ("c", Some("g1")), "game #{id}");
    }
}

#[tokio::test]
async fn diverging_players_still_draw_the_same_stones_in_the_same_order() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(NOW));
    let host = host_at(&place, &clock, None).await;
    let a = game_of(&host.handle(&origin("alice", "c"), "new hathor challenge seed=5").await, "alice");
    let b = game_of(&host.handle(&origin("bob", "c"), "join challenge #1").await, "bob");
    let mut seen_a = Vec::new();
    let mut seen_b = Vec::new();
    for _ in 0..15 {
        let (_, ga) = replayed(&host, a).await;
        let (_, gb) = replayed(&host, b).await;
        if ga.is_finished() || gb.is_finished() {
            break;
        }
        seen_a.push(current(ga.as_ref()));
        seen_b.push(current(gb.as_ref()));
        put(&host, "alice", a, |m| m[0].clone()).await;
        put(&host, "bob", b, |m| m[m.len() - 1].clone()).await;
    }
    assert!(seen_a.len() >= 3, "several stones were placed");
    assert_eq!(seen_a, seen_b, "the same current stones, move by move");
    let (ra, _) = replayed(&host, a).await;
    let (rb, _) = replayed(&host, b).await;
    assert_ne!(ra.moves, rb.moves, "the boards differ: the games are independent");
}

#[tokio::test]
async fn boards_are_private_until_the_challenge_closes_then_shown_to_the_channel() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(NOW));
    let host = host_at(&place, &clock, None).await;
    let opened = host.handle(&origin("alice", "c"), "new hathor challenge hours=2 seed=9").await;
    assert!(channel_texts(&opened)[0].contains("It closes 2026-11-29 12:00 UTC"), "{}", texts(&opened));
    let a = game_of(&opened, "alice");
    let b = game_of(&host.handle(&origin("bob", "c"), "join").await, "bob");
    put(&host, "alice", a, |m| m[0].clone()).await;

    // Alice's own board: to her only.
    let mine = host.handle(&origin("alice", "c"), &format!("board #{a}")).await;
    assert!(!mine[0].refusal && mine[0].audience == Audience::User("alice".into()), "{}", texts(&mine));
    // Another player or a spectator may not look; a player may not export.
    for user in ["bob", "carol"] {
        for command in [format!("board #{a}"), format!("moves #{a}")] {
            let replies = host.handle(&origin(user, "c"), &command).await;
            assert!(refused(&replies, user, &format!("Game #{a} belongs to challenge #1")), "{}", texts(&replies));
        }
    }
    // Nor list its legal fields (autocomplete).
    let fields = host.legal_moves(&origin("bob", "c"), Some(a), "").await;
    assert!(fields.is_err_and(|t| t.plain().contains(&format!("Game #{a} belongs to challenge #1"))));
    let export = host.handle(&admin("alice", "c"), &format!("export #{a}")).await;
    assert!(refused(&export, "alice", "would show the shared pile"), "{}", texts(&export));
    // Nor may an admin who does not play: what they saw would let them enter the
    // challenge, or play the same day's daily challenge elsewhere, knowing the pile.
    for command in [format!("board #{a}"), format!("moves #{a}"), format!("history #{a}"), format!("export #{a}")] {
        let replies = host.handle(&admin("dave", "c"), &command).await;
        assert!(refused(&replies, "dave", &format!("Game #{a} belongs to challenge #1")), "{command}: {}", texts(&replies));
    }
    // Without a number, the commands of a bystander admin find no challenge game.
    for command in ["board", "history", "export", "abort"] {
        let replies = host.handle(&admin("dave", "c"), command).await;
        assert!(replies[0].refusal && !replies[0].text.plain().contains("#1"), "{command}: {}", texts(&replies));
    }
    assert!(host.legal_moves(&admin("dave", "c"), Some(a), "").await.is_err());

    // Time is up: the next command in the channel closes the challenge first.
    clock.advance(2 * HOUR);
    let replies = host.handle(&origin("carol", "c"), "leaderboard").await;
    let channel: Vec<&Reply> = replies.iter().filter(|r| r.audience == Audience::Channel).collect();
    assert!(channel[0].text.plain().starts_with("Challenge #1 (Hathor, variant 1, seed=9) is closed."), "{}", texts(&replies));
    let shown: Vec<GameId> = channel.iter().filter_map(|r| r.game.map(|g| g.id)).collect();
    assert_eq!(shown.len(), 2, "both boards are shown: {}", texts(&replies));
    assert!(shown.contains(&a) && shown.contains(&b));
    // The games still running ended with the score so far: their time ran out.
    for id in [a, b] {
        let row = host.db().game(id).await.expect("read").expect("game");
        assert_eq!(row.status, Status::Finished);
        let log = host.db().log_after(id, 0).await.expect("log");
        assert_eq!(log.last().map(|e| e.text.as_str()), Some("@timeout 0"));
    }
    // Now anyone sees any board, and the player gets the record.
    let board = host.handle(&origin("bob", "c"), &format!("board #{a}")).await;
    assert!(!board[0].refusal && board[0].audience == Audience::Channel, "{}", texts(&board));
    let export = host.handle(&origin("alice", "c"), &format!("export #{a}")).await;
    assert!(!export[0].refusal && export[0].file.is_some(), "{}", texts(&export));
    // Closing happens once.
    let again = host.handle(&origin("carol", "c"), "leaderboard").await;
    assert_eq!(again.len(), 1, "{}", texts(&again));
}

/// A bare move typed as the challenge's time runs out: the line first closes the
/// challenge (ending its games), so the move finds no running game of the player's
/// and is told the game is over, with its result; nothing more is stored.
#[tokio::test]
async fn a_move_typed_as_the_challenge_closes_meets_the_closed_game() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(NOW));
    let host = host_at(&place, &clock, None).await;
    let opened = host.handle(&origin("alice", "c"), "new hathor challenge hours=2 seed=9").await;
    let a = game_of(&opened, "alice");
    let (_, game) = replayed(&host, a).await;
    let field = game.legal_moves()[0].clone();
    let seq = host.db().game(a).await.expect("read").expect("game").seq;
    clock.advance(2 * HOUR);
    let replies = host.handle(&origin("alice", "c"), &field).await;
    assert!(channel_texts(&replies)[0].starts_with("Challenge #1 (Hathor, variant 1, seed=9) is closed."), "{}", texts(&replies));
    // Answered as a line that reads as a move of the game that finished here last.
    let last = replies.last().expect("a reply");
    assert!(last.refusal, "{}", texts(&replies));
    assert_eq!(last.text.plain(), "Game #1 is already over: 1. alice (out of time): 0 points.");
    let row = host.db().game(a).await.expect("read").expect("game");
    assert_eq!((row.status, row.seq), (Status::Finished, seq + 1), "only the close's resignation is stored");
}

/// An admin may still end another player's challenge game by its number; the answer
/// goes to the admin alone and shows nothing of the board.
#[tokio::test]
async fn an_admin_aborts_a_challenge_game_by_number_and_is_told_alone() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(NOW));
    let host = host_at(&place, &clock, None).await;
    let opened = host.handle(&origin("alice", "c"), "new hathor challenge hours=2 seed=9").await;
    let a = game_of(&opened, "alice");
    put(&host, "alice", a, |m| m[0].clone()).await;
    let replies = host.handle(&admin("dave", "c"), &format!("abort #{a}")).await;
    assert!(!replies[0].refusal, "{}", texts(&replies));
    assert!(replies.iter().all(|r| r.audience == Audience::User("dave".into()) && r.file.is_none()), "{}", texts(&replies));
    assert_eq!(replies[0].text.plain(), format!("dave aborted game #{a}; it ends without a result."));
    assert_eq!(host.db().game(a).await.expect("read").expect("game").status, Status::Finished);
    // alice's board is over: joining again says so.
    let again = host.handle(&origin("alice", "c"), "join challenge").await;
    assert_eq!(texts(&again), format!("Your board in challenge #1, game #{a}, is over: one board a challenge."));
    let bob = game_of(&host.handle(&origin("bob", "c"), "join challenge").await, "bob");
    let again = host.handle(&origin("bob", "c"), "join challenge").await;
    assert_eq!(texts(&again), format!("You are already playing in challenge #1: your board is game #{bob}."));
}

/// `join challenge` with two open challenges here asks which; with one left to join it
/// takes that one; `join challenge #N` names it.
#[tokio::test]
async fn join_challenge_among_several_asks_which() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(NOW));
    let host = host_at(&place, &clock, None).await;
    host.handle(&origin("alice", "c"), "new hathor challenge seed=1").await;
    host.handle(&origin("bob", "c"), "new hathor challenge 3 seed=2").await;
    let asked = host.handle(&origin("carol", "c"), "join challenge").await;
    assert_eq!(refusal_text(&asked), "Several challenges are open here (#1, #2): name one, e.g. `join challenge #1`.");
    let german = host.handle(&commands::Origin { lang: Some(commands::Lang::De), ..origin("carol", "c") }, "beitreten herausforderung").await;
    assert_eq!(
        refusal_text(&german),
        "Hier sind mehrere Herausforderungen offen (#1, #2): nenne eine, z. B. `beitreten herausforderung #1`."
    );
    let one = host.handle(&origin("carol", "c"), "join challenge #2").await;
    assert_eq!(channel_texts(&one), vec!["carol joins challenge #2 (2 players)."]);
    // Only #1 is left for her: a bare `join challenge` takes it.
    let other = host.handle(&origin("carol", "c"), "join challenge").await;
    assert_eq!(channel_texts(&other), vec!["carol joins challenge #1 (2 players)."]);
}

/// The text of the one refusal among `replies`.
fn refusal_text(replies: &[Reply]) -> String {
    let refusals: Vec<String> = replies.iter().filter(|r| r.refusal).map(|r| r.text.plain()).collect();
    assert_eq!(refusals.len(), 1, "{}", texts(replies));
    refusals[0].clone()
}

#[tokio::test]
async fn adapters_close_due_challenges_by_polling() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(NOW));
    // With pictures: the player's board and, at the close, the channel's are PNGs.
    let db = Db::open(&place.url()).await.expect("open the database");
    let host = Host::with_db(db, HostOptions::default(), Arc::clone(&clock) as Arc<dyn Clock>);
    let opened = host.handle(&origin("alice", "c"), "new hathor challenge hours=1").await;
    let a = game_of(&opened, "alice");
    let private = opened.iter().find(|r| r.game.is_some()).and_then(|r| r.file.as_ref()).expect("a board");
    assert!(private.bytes.starts_with(b"\x89PNG"), "a PNG for alice");
    assert!(host.close_due_challenges().await.expect("poll").is_empty());
    clock.advance(HOUR);
    let due = host.close_due_challenges().await.expect("poll");
    assert_eq!(due.len(), 1);
    assert_eq!((due[0].platform.as_str(), due[0].channel.as_str()), ("test", "c"));
    let shown = due[0].replies.iter().find(|r| r.game.map(|g| g.id) == Some(a)).expect("alice's board is shown");
    assert_eq!(shown.audience, Audience::Channel);
    assert_eq!(shown.text.plain(), format!("alice: 0 points (game #{a})"));
    assert!(shown.file.as_ref().is_some_and(|f| f.bytes.starts_with(b"\x89PNG")), "the board as a PNG");
    assert!(host.close_due_challenges().await.expect("poll").is_empty(), "closed once");
}

#[tokio::test]
async fn the_leaderboard_lists_scores_and_who_has_finished() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(NOW));
    let host = host_at(&place, &clock, None).await;
    let nothing = host.handle(&origin("carol", "c"), "leaderboard").await;
    assert!(refused(&nothing, "carol", "Nobody has a rating here yet, and there is no Hathor challenge in this channel."), "{}", texts(&nothing));
    let a = game_of(&host.handle(&origin("alice", "c"), "new hathor challenge seed=3").await, "alice");
    let b = game_of(&host.handle(&origin("bob", "c"), "join").await, "bob");
    let c = game_of(&host.handle(&origin("carol", "c"), "join").await, "carol");
    put(&host, "alice", a, |m| m[0].clone()).await;
    put(&host, "alice", a, |m| m[0].clone()).await;
    let resigned = host.handle(&origin("carol", "c"), "resign").await;
    assert!(!resigned[0].refusal, "{}", texts(&resigned));
    let (_, ga) = replayed(&host, a).await;
    let points = ga.scores().expect("scores")[0];
    assert!(points >= 200, "two placements score at least 100 each");
    let _ = (b, c);
    let replies = host.handle(&origin("dave", "c"), "bestenliste").await;
    assert_eq!(replies[0].audience, Audience::Channel);
    let lines: Vec<String> = replies[0].text.plain().lines().map(str::to_string).collect();
    assert_eq!(
        lines,
        vec![
            "Challenge #1 (Hathor, variant 1, seed=3), open until 2026-11-30 10:00 UTC:".to_string(),
            format!("1. alice: {points} points (playing, 2 of 72 stones placed)"),
            "2. bob: 0 points (playing, 0 of 72 stones placed)".to_string(),
            // Equal points share a place.
            "2. carol: 0 points (over, 0 of 72 stones placed)".to_string(),
        ]
    );
}

#[tokio::test]
async fn the_channel_hears_who_finished_and_the_challenge_closes_when_all_have() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(NOW));
    let host = host_at(&place, &clock, None).await;
    let a = game_of(&host.handle(&origin("alice", "c"), "new hathor challenge seed=11").await, "alice");
    let b = game_of(&host.handle(&origin("bob", "c"), "join").await, "bob");
    // Alice plays her game to its end.
    let mut last = Vec::new();
    for _ in 0..80 {
        if host.db().game(a).await.expect("read").expect("game").status == Status::Finished {
            break;
        }
        last = put(&host, "alice", a, |m| m[0].clone()).await;
    }
    let (_, ga) = replayed(&host, a).await;
    assert!(ga.is_finished(), "the game ended when the current stone fit nowhere");
    let points = ga.scores().expect("scores")[0];
    assert_eq!(
        channel_texts(&last),
        vec![format!("alice has finished challenge #1 with {} points (1 still playing).", amount(points))],
        "{}",
        texts(&last)
    );
    // Bob aborts (before his second move): nobody plays any more, the challenge closes
    // and shows the boards.
    let replies = host.handle(&origin("bob", "c"), "abort").await;
    assert_eq!(replies[0].audience, Audience::User("bob".into()), "{}", texts(&replies));
    let channel = channel_texts(&replies);
    assert_eq!(channel[0], "bob has finished challenge #1 with 0 points (nobody is playing any more).");
    assert!(channel[1].starts_with("Challenge #1 (Hathor, variant 1, seed=11) is closed."), "{}", texts(&replies));
    assert_eq!(replies.iter().filter(|r| r.audience == Audience::Channel && r.game.is_some()).count(), 2);
    let board = host.handle(&origin("carol", "c"), &format!("board #{b}")).await;
    assert!(!board[0].refusal, "{}", texts(&board));
    // A closed challenge takes nobody in.
    let late = host.handle(&origin("carol", "c"), "join challenge #1").await;
    assert!(refused(&late, "carol", "Challenge #1 is closed"), "{}", texts(&late));
}

#[tokio::test]
async fn the_daily_challenge_is_the_same_on_a_date_for_every_channel_and_changes_the_next_day() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(NOW));
    let host = host_at(&place, &clock, Some("s3cret")).await;
    let first = host.handle(&origin("alice", "c1"), "daily hathor").await;
    assert!(
        channel_texts(&first)[0].starts_with("Today's Hathor challenge (2026-11-29) is open here as challenge #1"),
        "{}",
        texts(&first)
    );
    let a = game_of(&first, "alice");
    let b = game_of(&host.handle(&origin("bob", "c2"), "täglich").await, "bob");
    let joined = host.handle(&origin("carol", "c1"), "daily hathor").await;
    assert_eq!(channel_texts(&joined), vec!["carol joins challenge #1 (2 players)."]);
    let (ra, _) = replayed(&host, a).await;
    let (rb, _) = replayed(&host, b).await;
    assert_eq!(ra.seed, Some(rules::hathor::daily_seed("2026-11-29", b"s3cret")));
    assert_eq!((ra.seed, &ra.setup), (rb.seed, &rb.setup), "the same stones in both channels");
    // So one board a day per player: alice may not practise in another channel.
    let again = host.handle(&origin("alice", "c2"), "daily hathor").await;
    let refusal = again.iter().find(|r| r.refusal).expect("a refusal");
    assert_eq!(
        refusal.text.plain(),
        format!("You already play the daily challenge of 2026-11-29 in another channel (game #{a}): one board a day, as every board of the day has the same stones.")
    );
    assert!(again.iter().all(|r| r.game.is_none()), "no board: {}", texts(&again));
    let german = host.handle(&commands::Origin { lang: Some(commands::Lang::De), ..origin("bob", "c3") }, "täglich hathor").await;
    let refusal = german.iter().find(|r| r.refusal).expect("a refusal");
    assert_eq!(
        refusal.text.plain(),
        format!("Du spielst die Tages-Herausforderung vom 2026-11-29 schon in einem anderen Kanal (Partie #{b}): ein Spielbrett am Tag, denn alle Spielbretter des Tages haben dieselben Steine.")
    );
    // The daily challenge does not close when all have finished (its pile is shared).
    for user in ["alice", "carol"] {
        host.handle(&origin(user, "c1"), "resign").await;
    }
    let board = host.handle(&origin("dave", "c1"), &format!("board #{a}")).await;
    assert!(refused(&board, "dave", "belongs to challenge #1"), "{}", texts(&board));

    // The next day: yesterday's closes, today's has other stones.
    clock.advance(24 * HOUR);
    let next = host.handle(&origin("alice", "c1"), "daily hathor").await;
    let channel = channel_texts(&next);
    assert!(channel[0].starts_with("Challenge #1 (Hathor, variant 1) is closed."), "{}", texts(&next));
    assert!(channel.iter().any(|t| t.starts_with("Today's Hathor challenge (2026-11-30)")), "{}", texts(&next));
    let (rn, _) = replayed(&host, game_of(&next, "alice")).await;
    assert_eq!(rn.seed, Some(rules::hathor::daily_seed("2026-11-30", b"s3cret")));
    assert_ne!(rn.setup, ra.setup);
}

#[tokio::test]
async fn without_a_configured_secret_one_is_generated_and_kept() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(NOW));
    let first = host_at(&place, &clock, None).await;
    let a = game_of(&first.handle(&origin("alice", "c1"), "daily hathor").await, "alice");
    let secret = commands::store::settings::kept_setting(first.db(), "hathor-daily-secret", "not this")
        .await
        .expect("the secret is stored");
    assert_eq!(secret.len(), 64);
    // Another host on the same database (a restart) uses the same secret.
    let second = host_at(&place, &clock, None).await;
    let b = game_of(&second.handle(&origin("bob", "c2"), "daily hathor").await, "bob");
    let (ra, _) = replayed(&second, a).await;
    let (rb, _) = replayed(&second, b).await;
    assert_eq!(ra.seed, rb.seed);
    assert_eq!(ra.seed, Some(rules::hathor::daily_seed("2026-11-29", secret.as_bytes())));
}

#[tokio::test]
async fn challenges_speak_german_and_the_hint_stays_private() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(NOW));
    let host = host_at(&place, &clock, None).await;
    let german = |user: &str| commands::Origin { lang: Some(commands::Lang::De), ..origin(user, "c") };
    let opened = host.handle(&german("anna"), "neu hathor herausforderung leicht stunden=3").await;
    assert!(
        channel_texts(&opened)[0].starts_with("@anna hat die Hathor-Herausforderung #1 eröffnet (Hathor, Variante 3)"),
        "{}",
        texts(&opened)
    );
    assert!(channel_texts(&opened)[0].contains("Sie endet 2026-11-29 13:00 UTC"), "{}", texts(&opened));
    let a = game_of(&opened, "anna");
    let joined = host.handle(&german("ben"), "beitreten herausforderung").await;
    assert_eq!(channel_texts(&joined), vec!["ben spielt in Herausforderung #1 mit (2 Spieler)."]);
    // The hint (German word, through `zug`) answers Anna alone and costs 500 points.
    let hint = host.handle(&german("anna"), "zug hilfe").await;
    assert!(!hint[0].refusal, "{}", texts(&hint));
    assert!(hint.iter().all(|r| r.audience == Audience::User("anna".into())), "{}", texts(&hint));
    let (_, game) = replayed(&host, a).await;
    assert_eq!(game.scores(), Some(vec![-500]));
    let board = host.handle(&german("ben"), "bestenliste").await;
    assert_eq!(
        board[0].text.plain().lines().next(),
        Some("Herausforderung #1 (Hathor, Variante 3), offen bis 2026-11-29 13:00 UTC:")
    );
    assert!(board[0].text.plain().contains("1. ben: 0 Punkte (spielt noch, 0 von 72 Steinen gelegt)"), "{}", texts(&board));
    assert!(board[0].text.plain().contains("2. anna: -500 Punkte (spielt noch"), "{}", texts(&board));
}

/// A challenge closed by the poll speaks the language of its server's settings (German
/// on g1, set from another channel of g1), else of its channel's (a room without a
/// server set to German), else the bot's (English on g2), whoever opened it.
#[tokio::test]
async fn a_closed_challenge_speaks_its_servers_language() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(NOW));
    let host = host_at(&place, &clock, None).await;
    let root = commands::Origin { is_admin: true, ..on_server("root", "A", "g1") };
    assert!(!host.handle(&root, "settings language=de").await[0].refusal);
    assert!(!host.handle(&admin("root", "room"), "settings language=de").await[0].refusal);
    for at in [on_server("alice", "C", "g1"), on_server("alice", "X", "g2"), origin("alice", "room")] {
        let opened = host.handle(&at, "new hathor challenge hours=1").await;
        assert!(!opened[0].refusal, "{}", texts(&opened));
    }
    clock.advance(HOUR);
    let closed = host.close_due_challenges().await.expect("poll");
    let firsts: Vec<(String, String)> =
        closed.iter().map(|c| (c.channel.clone(), c.replies[0].text.plain())).collect();
    assert_eq!(firsts, vec![
        ("C".to_string(), "Herausforderung #1 (Hathor, Variante 1) ist beendet. Endstand der Bestenliste:\n1. alice: 0 Punkte (vorbei, 0 von 72 Steinen gelegt)".to_string()),
        ("X".to_string(), "Challenge #2 (Hathor, variant 1) is closed. Final leaderboard:\n1. alice: 0 points (over, 0 of 72 stones placed)".to_string()),
        ("room".to_string(), "Herausforderung #3 (Hathor, Variante 1) ist beendet. Endstand der Bestenliste:\n1. alice: 0 Punkte (vorbei, 0 von 72 Steinen gelegt)".to_string()),
    ]);
    assert_eq!(closed[0].replies[1].text.plain(), "alice: 0 Punkte (Partie #1)");
}

/// With two boards of an open challenge in the channel, a player's `board` and `moves`
/// find their own game and never name the other player's.
#[tokio::test]
async fn other_players_challenge_boards_are_not_offered() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(NOW));
    let host = host_at(&place, &clock, None).await;
    let opened = host.handle(&origin("alice", "c"), "new hathor challenge seed=5").await;
    let a = game_of(&opened, "alice");
    let joined = host.handle(&origin("bob", "c"), "join").await;
    let b = game_of(&joined, "bob");
    for (user, mine, theirs) in [("alice", a, b), ("bob", b, a)] {
        let board = host.handle(&origin(user, "c"), "board").await;
        assert!(board.iter().all(|r| !r.refusal), "{}", texts(&board));
        assert!(board.iter().any(|r| r.game.is_some_and(|g| g.id == mine)), "{}", texts(&board));
        assert!(!texts(&board).contains(&format!("#{theirs}")), "{}", texts(&board));
    }
    // carol plays in no challenge game: no board is hers to see while it is open.
    let carol = host.handle(&origin("carol", "c"), "board").await;
    assert!(refused(&carol, "carol", "No game is running in this channel"), "{}", texts(&carol));
}

/// A board ended by its challenge's close, or by its player, was ended early: no
/// "alice wins, alice resigned" for a game of one (English and German).
#[tokio::test]
async fn a_board_the_close_ended_says_it_was_ended_early() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(NOW));
    let host = host_at(&place, &clock, None).await;
    let a = game_of(&host.handle(&origin("alice", "c"), "new hathor challenge hours=1 seed=3").await, "alice");
    let b = game_of(&host.handle(&origin("bob", "c"), "join").await, "bob");
    put(&host, "bob", b, |m| m[0].clone()).await;
    let (_, played) = replayed(&host, b).await;
    let points = played.scores().expect("scores")[0];
    assert!(points > 0, "a placed stone scores");
    clock.advance(HOUR);
    let closed = host.close_due_challenges().await.expect("poll");
    // Its time ran out: so the log, and so the board's own status line (issue 41).
    let (record, ended) = replayed(&host, b).await;
    assert_eq!(record.moves.last().map(String::as_str), Some("@timeout 0"));
    let rules::AnyView::Hathor(view) = ended.view(rules::Viewer::Spectator) else { panic!("a Hathor view") };
    assert_eq!(view.end, Some(rules::hathor::End::TimedOut));
    let board = closed[0].replies[0].text.plain();
    assert!(board.ends_with(&format!("1. bob: {points} points (over, 1 of 72 stones placed)\n2. alice: 0 points (over, 0 of 72 stones placed)")), "{board}");
    let text = texts(&host.handle(&origin("bob", "c"), &format!("board #{b}")).await);
    assert!(text.ends_with(&format!("Game #{b} was ended early: bob has {points} points.")), "{text}");
    let german = commands::Origin { lang: Some(commands::Lang::De), ..origin("alice", "c") };
    let text = texts(&host.handle(&german, &format!("brett #{a}")).await);
    assert!(text.ends_with(&format!("Partie #{a} wurde vorzeitig beendet: alice hat 0 Punkte.")), "{text}");
    // A solo game its player resigns.
    let started = host.handle(&origin("carol", "c"), "new hathor seed=4").await;
    let id = started[0].game.expect("a game").id;
    let text = texts(&host.handle(&origin("carol", "c"), "resign").await);
    assert_eq!(text, format!("carol resigns game #{id}.\nGame #{id} was ended early: carol has 0 points."));
}

/// A game a closing challenge ended was shown as "alice resigned." in `history` and on
/// the web page's move list (its log holds `@resign 0`, stored by no seat), while the
/// status said the game was ended early. Now the history says the challenge's time ran
/// out, in English and German; a player's own resignation still reads as one.
#[tokio::test]
async fn the_history_of_a_game_a_closing_challenge_ended_says_its_time_ran_out() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(NOW));
    let host = host_at(&place, &clock, None).await;
    let opened = host.handle(&origin("alice", "c"), "new hathor challenge hours=2 seed=9").await;
    let a = game_of(&opened, "alice");
    let joined = host.handle(&origin("bob", "c"), "join challenge").await;
    let b = game_of(&joined, "bob");
    let resigned = host.handle(&origin("bob", "c"), &format!("resign #{b}")).await;
    assert!(!resigned[0].refusal, "{}", texts(&resigned));
    clock.advance(2 * HOUR);
    host.handle(&origin("carol", "c"), "leaderboard").await;
    let history = texts(&host.handle(&origin("alice", "c"), &format!("history #{a}")).await);
    assert!(history.contains("The challenge's time ran out for alice."), "{history}");
    assert!(!history.contains("resigned"), "{history}");
    let german = commands::Origin { lang: Some(commands::Lang::De), ..origin("alice", "c") };
    let history = texts(&host.handle(&german, &format!("history #{a}")).await);
    assert!(history.contains("Die Zeit der Herausforderung ist für alice abgelaufen."), "{history}");
    let history = texts(&host.handle(&origin("bob", "c"), &format!("history #{b}")).await);
    assert!(history.contains("bob resigned."), "{history}");
}

/// A move that names no game reads the channel's games along with the request's
/// settings (`Host::run`); when a challenge is due, the command first closes it, which
/// ends its games, so the game is chosen again after closing: the move is refused as
/// one of a finished game, not attempted on the game as it stood before.
#[tokio::test]
async fn a_move_after_its_challenge_is_due_meets_the_closed_game() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(NOW));
    let host = host_at(&place, &clock, None).await;
    let a = game_of(&host.handle(&origin("alice", "c"), "new hathor challenge hours=2 seed=9").await, "alice");
    let (_, game) = replayed(&host, a).await;
    let field = game.legal_moves()[0].clone();
    clock.advance(2 * HOUR);
    let replies = host.handle(&origin("alice", "c"), &format!("move {field}")).await;
    assert!(channel_texts(&replies)[0].starts_with("Challenge #1 (Hathor, variant 1, seed=9) is closed."), "{}", texts(&replies));
    let last = replies.last().expect("a reply");
    assert!(last.refusal, "{}", texts(&replies));
    assert!(last.text.plain().starts_with(&format!("Game #{a} is already over: ")), "{}", texts(&replies));
    // Nothing was stored after the closing timeout.
    let log = host.db().log_after(a, 0).await.expect("log");
    assert_eq!(log.iter().map(|e| e.text.as_str()).collect::<Vec<_>>(), ["@timeout 0"]);
}

/// Private replies speak the reader's language (issue 41): in a German channel a
/// player who chose English for herself hears her challenge moves, her hint and her
/// refusals in English, while the channel's lines stay German.
#[tokio::test]
async fn a_challenge_players_private_replies_are_in_her_own_language() {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(NOW));
    let host = host_at(&place, &clock, None).await;
    assert!(!host.handle(&admin("root", "c"), "settings language=de").await[0].refusal);
    assert!(!host.handle(&origin("anna", "c"), "language en").await[0].refusal);
    let opened = host.handle(&origin("anna", "c"), "new hathor challenge easy hours=3").await;
    assert!(channel_texts(&opened)[0].contains("hat die Hathor-Herausforderung #1 eröffnet"), "{}", texts(&opened));
    let a = game_of(&opened, "anna");
    let mine = |replies: &[Reply]| {
        replies.iter().filter(|r| r.audience == Audience::User("anna".into())).map(|r| r.text.plain()).collect::<Vec<_>>().join("\n")
    };
    let hint = host.handle(&origin("anna", "c"), &format!("#{a} hint")).await;
    let said = mine(&hint);
    assert!(said.contains("Hint") || said.contains("hint"), "{said}");
    assert!(!said.contains("Hinweis") && !said.contains("Tipp") && !said.contains("Punkte"), "{said}");
    let moved = put(&host, "anna", a, |moves| moves[0].clone()).await;
    let said = mine(&moved);
    assert!(!said.contains(" ist am Zug") && !said.contains("Punkte") && !said.contains("Partie"), "{said}");
    let refused = host.handle(&origin("anna", "c"), &format!("#{a} Z9")).await;
    assert!(refused[0].refusal && !mine(&refused).contains("Zug"), "{}", mine(&refused));
}
