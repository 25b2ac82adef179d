//! Helofag's turn flow in chat: the game is played in the rules crate alongside the
//! Host (the same seed, the same moves), and every announcement is checked against
//! what the rules crate says happened: automatic passes ("bob rolled 1 2 6 and cannot
//! move"), the roll for the player to move, transfers to B, "only one action", and
//! the mention of the next player.

use std::sync::Arc;

use commands::{Command, GameId, Host, HostOptions, Lang, Origin, Reply, Segment};
use rules::{helofag::HelofagView, open, AnyView, GameKind, Match, Viewer};
use serde_json::json;

use crate::support::{origin, texts, Place};

const USERS: [&str; 3] = ["alice", "bob", "carol"];

async fn host(place: &Place) -> Arc<Host> {
    let options = HostOptions { pictures: false, ..HostOptions::default() };
    Arc::new(Host::open(&place.url(), options).await.expect("open the database"))
}

/// The game as `new helofag 2 seed=<seed>` and `start` open it.
fn rules_game(seed: u64) -> Box<dyn Match> {
    open(GameKind::Helofag, &json!({"players": 2}), 2, None, Some(seed)).expect("a Helofag game")
}

fn view(game: &dyn Match) -> HelofagView {
    match game.view(Viewer::Spectator) {
        AnyView::Helofag(v) => v,
        _ => panic!("a Helofag view"),
    }
}

fn roll_text(roll: [u8; 3]) -> String {
    format!("{} {} {}", roll[0], roll[1], roll[2])
}

/// What a turn in the rules game looked like: the move played (by the first legal
/// move), and the view after it.
struct Step {
    mover: usize,
    mv: String,
    after: HelofagView,
}

/// Plays the rules game of `seed` with the first legal move each turn until it ends (or
/// `limit` moves), returning the view after the start and every step.
fn steps(seed: u64, limit: usize) -> (HelofagView, Vec<Step>) {
    let mut game = rules_game(seed);
    let start = view(game.as_ref());
    let mut steps = Vec::new();
    while !game.is_finished() && steps.len() < limit {
        let mover = game.to_move()[0];
        let mv = game.legal_moves()[0].clone();
        game.play(&mv).expect("a legal move");
        steps.push(Step { mover, mv, after: view(game.as_ref()) });
    }
    (start, steps)
}

/// The announcement lines the spec's turn flow asks for after a step, worked out from
/// the rules' view: each pass (with its transfers), the new roll, its transfers, and
/// "only one action" when so; then whose turn it is.
fn expected_notes(v: &HelofagView) -> Vec<String> {
    let sent = |ts: &[rules::helofag::Transfer]| {
        ts.iter().map(|t| format!("The roll sends {}'s piece on A{} to the waiting room B.", USERS[t.owner], t.field)).collect::<Vec<_>>()
    };
    let mut lines = Vec::new();
    // The pieces the move captured (none at the start: no move yet).
    for moved in v.last_move.iter().flat_map(|last| &last.pieces) {
        if let (Some(victim), Some(field)) = (moved.captured, moved.path.last()) {
            lines.push(format!("@{}'s piece on {field} goes back to B.", USERS[victim]));
        }
    }
    for pass in &v.passes {
        lines.push(format!("{} rolled {} and cannot move.", USERS[pass.seat], roll_text(pass.roll)));
        lines.extend(sent(&pass.transfers));
    }
    if let (Some(seat), Some(roll)) = (v.to_move, v.roll) {
        lines.push(format!("{} rolled {}.", USERS[seat], roll_text(roll)));
        lines.extend(sent(&v.transfers));
        if v.most_actions == 1 {
            lines.push("With this roll only one action is possible.".to_string());
        }
        lines.push(format!("It is @{}'s turn.", USERS[seat]));
    }
    lines
}

/// A seed whose game (first legal move each turn) has an automatic pass after a move,
/// a transfer to B and a turn with only one action: found by playing the rules crate.
fn seed_with_everything() -> (u64, Vec<Step>) {
    (0..500)
        .find_map(|seed| {
            let (_, steps) = steps(seed, 400);
            let pass = steps.iter().any(|s| !s.after.passes.is_empty());
            let transfer = steps
                .iter()
                .any(|s| !s.after.transfers.is_empty() || s.after.passes.iter().any(|p| !p.transfers.is_empty()));
            let one = steps.iter().any(|s| s.after.most_actions == 1);
            (pass && transfer && one).then_some((seed, steps))
        })
        .expect("a seed with a pass, a transfer and a single action among the first 500")
}

async fn start(host: &Host, seed: u64) -> (GameId, Vec<Reply>) {
    let replies = host.handle(&origin("alice", "c"), &format!("new helofag 2 seed={seed}")).await;
    let id = replies.first().and_then(|r| r.game).expect("an invitation").id;
    let joined = host.run(&origin("bob", "c"), Command::Join { game: Some(id) }).await;
    assert!(!joined[0].refusal, "{}", texts(&joined));
    let started = host.run(&origin("alice", "c"), Command::Start { game: Some(id) }).await;
    assert!(!started[0].refusal, "{}", texts(&started));
    (id, started)
}

/// The lines of the channel announcement after its first line (the start or the move).
fn notes_of(replies: &[Reply]) -> Vec<String> {
    replies[0].text.plain().lines().skip(1).map(str::to_string).collect()
}

#[tokio::test]
async fn every_turn_announces_passes_rolls_transfers_and_the_next_player() {
    let (seed, steps) = seed_with_everything();
    let place = Place::new();
    let host = host(&place).await;
    let (id, started) = start(&host, seed).await;
    let (start_view, _) = self::steps(seed, 0);
    assert_eq!(notes_of(&started), expected_notes(&start_view), "the start shows the first roll");
    let mut saw_pass = false;
    for (n, step) in steps.iter().enumerate() {
        let user = USERS[step.mover];
        let legal = host.legal_moves(&origin(user, "c"), Some(id), "").await.expect("legal moves");
        assert!(legal.contains(&step.mv), "move {n}: the Host offers {} too", step.mv);
        let replies = host.handle(&origin(user, "c"), &step.mv).await;
        assert!(!replies[0].refusal, "move {n} {}: {}", step.mv, texts(&replies));
        let text = replies[0].text.plain();
        assert!(text.starts_with(&format!("{user} plays {}", step.mv)), "{text}");
        if let Some(winner) = step.after.winner {
            assert!(text.contains(&format!("is over: {} wins. Ranking:", USERS[winner])), "{text}");
            assert!(!text.contains("rolled"), "no roll once the game is won: {text}");
            break;
        }
        assert_eq!(notes_of(&replies), expected_notes(&step.after), "move {n} ({})", step.mv);
        // The next player is a mention (the platforms ping them).
        let next = USERS[step.after.to_move.expect("someone to move")];
        assert!(replies[0].text.segments().iter().any(|s| matches!(s, Segment::Mention(u) if u.id == next)));
        if let Some(pass) = step.after.passes.first() {
            saw_pass = true;
            // The worked example: the pass names who passed and their roll, then the
            // next player's roll follows.
            let passed = format!("{} rolled {} and cannot move.", USERS[pass.seat], roll_text(pass.roll));
            let lines = notes_of(&replies);
            let at = lines.iter().position(|l| *l == passed).expect("the pass is announced");
            let roll = step.after.roll.expect("a roll for the next player");
            let rolled = format!("{next} rolled {}.", roll_text(roll));
            assert!(lines.iter().skip(at + 1).any(|l| *l == rolled), "{lines:?}");
        }
    }
    assert!(saw_pass);
}

#[tokio::test]
async fn announcements_speak_german_too() {
    let (seed, steps) = seed_with_everything();
    let place = Place::new();
    let host = host(&place).await;
    let (id, _) = start(&host, seed).await;
    let at = steps.iter().position(|s| !s.after.passes.is_empty()).expect("a pass");
    for step in &steps[..at] {
        let replies = host.handle(&origin(USERS[step.mover], "c"), &step.mv).await;
        assert!(!replies[0].refusal, "{}", texts(&replies));
    }
    let step = &steps[at];
    let german = Origin { lang: Some(Lang::De), ..origin(USERS[step.mover], "c") };
    let command = Command::Move { game: Some(id), notation: step.mv.clone(), at: None, bare: false };
    let replies = host.run(&german, command).await;
    let text = replies[0].text.plain();
    let pass = &step.after.passes[0];
    let passed = format!("{} hat {} gewürfelt und kann nicht ziehen.", USERS[pass.seat], roll_text(pass.roll));
    assert!(text.contains(&passed), "{text}");
    let next = step.after.to_move.expect("a player to move");
    let rolled = format!("{} hat {} gewürfelt.", USERS[next], roll_text(step.after.roll.expect("a roll")));
    assert!(text.contains(&rolled), "{text}");
}

/// A second process (its own cache) on the same database rebuilds the running game from
/// the stored setup and log, rolls included, and sees the same roll as the first.
#[tokio::test]
async fn a_reloaded_game_rolls_the_same_dice() {
    let (seed, steps) = seed_with_everything();
    let place = Place::new();
    let first = host(&place).await;
    let (id, _) = start(&first, seed).await;
    for step in &steps[..6] {
        let replies = first.handle(&origin(USERS[step.mover], "c"), &step.mv).await;
        assert!(!replies[0].refusal, "{}", texts(&replies));
    }
    let second = host(&place).await;
    let board = second.handle(&origin("carol", "c"), &format!("board #{id}")).await;
    assert!(!board[0].refusal, "the second host loads the game: {}", texts(&board));
    let step = &steps[6];
    let legal = second.legal_moves(&origin(USERS[step.mover], "c"), Some(id), "").await.expect("legal moves");
    assert!(legal.contains(&step.mv), "{legal:?}");
    let replies = second.handle(&origin(USERS[step.mover], "c"), &step.mv).await;
    assert!(!replies[0].refusal, "{}", texts(&replies));
    assert_eq!(notes_of(&replies), expected_notes(&step.after));
}

/// `board` shows the roll of the player to move with the board (no passes: those came
/// with the move), and names who is to move without a mention.
#[tokio::test]
async fn the_board_shows_the_current_roll() {
    let (seed, _) = seed_with_everything();
    let place = Place::new();
    let host = host(&place).await;
    let (id, _) = start(&host, seed).await;
    let (start_view, _) = steps(seed, 0);
    let replies = host.handle(&origin("carol", "c"), &format!("board #{id}")).await;
    assert!(!replies[0].refusal, "{}", texts(&replies));
    let mut want = vec![format!("Game #{id} of Helofag after 0 moves.")];
    want.extend(expected_notes(&start_view).into_iter().filter(|l| !l.contains("cannot move")));
    let seat = start_view.to_move.expect("someone to move");
    let last = want.last_mut().expect("the turn line");
    *last = format!("It is {}'s turn.", USERS[seat]);
    assert_eq!(replies[0].text.plain().lines().collect::<Vec<_>>(), want);
    assert!(replies[0].text.mentions().is_empty());
}

/// With three players a resigning player's pieces leave the board, and the game goes on
/// with the roll of the player to move (a new one when the resigning player was to move).
#[tokio::test]
async fn a_resignation_with_three_players_takes_the_pieces_off() {
    for resigner_is_to_move in [false, true] {
        let seed = 3;
        let mut game = open(GameKind::Helofag, &json!({"players": 3}), 3, None, Some(seed)).expect("game");
        let place = Place::new();
        let host = host(&place).await;
        let replies = host.handle(&origin("alice", "c"), &format!("new helofag 3 seed={seed}")).await;
        let id = replies[0].game.expect("an invitation").id;
        for user in ["bob", "carol"] {
            assert!(!host.run(&origin(user, "c"), Command::Join { game: Some(id) }).await[0].refusal);
        }
        assert!(!host.run(&origin("alice", "c"), Command::Start { game: Some(id) }).await[0].refusal);
        // Two moves first, so that pieces stand on the board.
        for _ in 0..2 {
            let seat = game.to_move()[0];
            let mv = game.legal_moves()[0].clone();
            game.play(&mv).expect("legal");
            let replies = host.handle(&origin(USERS[seat], "c"), &mv).await;
            assert!(!replies[0].refusal, "{}", texts(&replies));
        }
        let to_move = game.to_move()[0];
        let resigner = if resigner_is_to_move { to_move } else { (to_move + 1) % 3 };
        game.play(&format!("@resign {resigner}")).expect("a resignation");
        let replies = host.handle(&origin(USERS[resigner], "c"), "resign").await;
        assert!(!replies[0].refusal, "{}", texts(&replies));
        let after = view(game.as_ref());
        assert!(after.removed[resigner]);
        let mut want = vec![
            format!("{} resigns game #{id}.", USERS[resigner]),
            format!("{}'s pieces leave the board.", USERS[resigner]),
        ];
        want.extend(expected_notes(&after));
        assert_eq!(replies[0].text.plain().lines().collect::<Vec<_>>(), want);
        if resigner_is_to_move {
            assert_ne!(after.to_move, Some(resigner), "the next player rolls");
        } else {
            assert_eq!(after.to_move, Some(to_move), "the player to move keeps the roll");
        }
    }
}

/// With two players a resignation ends the game: who won and why, the ranking with the
/// resigned player marked, no pieces leaving, no roll.
#[tokio::test]
async fn a_resignation_with_two_players_ends_the_game() {
    let place = Place::new();
    let host = host(&place).await;
    let (id, _) = start(&host, 5).await;
    let replies = host.handle(&origin("bob", "c"), "resign").await;
    let text = replies[0].text.plain();
    let want = format!(
        "bob resigns game #{id}.\nGame #{id} is over: alice wins, bob resigned. Ranking:\n\
         1. alice: 0 pieces in the goal\n2. bob (resigned): 0 pieces in the goal"
    );
    assert_eq!(text, want);
}

#[tokio::test]
async fn a_capture_is_told_with_its_owner_mentioned_in_english_and_german() {
    // A seed whose game (first legal move each turn) has a capture, found by the rules crate.
    let (seed, steps, at) = (0..3000)
        .find_map(|seed| {
            let (_, steps) = steps(seed, 600);
            let at = steps.iter().position(|s| s.after.last_move.as_ref().is_some_and(|m| m.pieces.iter().any(|p| p.captured.is_some())))?;
            Some((seed, steps, at))
        })
        .expect("a capture among the first 3000 seeds");
    let step = &steps[at];
    let moved = step.after.last_move.as_ref().and_then(|m| m.pieces.iter().find(|p| p.captured.is_some())).expect("the capture");
    let (victim, field) = (USERS[moved.captured.expect("captured")], moved.path.last().expect("a path").to_string());
    for (lang, word, line) in [
        (Lang::En, "move", format!("@{victim}'s piece on {field} goes back to B.")),
        (Lang::De, "zug", format!("Die Figur von @{victim} auf {field} muss zurück nach B.")),
    ] {
        let place = Place::new();
        let host = host(&place).await;
        let (id, _) = start(&host, seed).await;
        for step in &steps[..at] {
            let replies = host.handle(&origin(USERS[step.mover], "c"), &format!("move #{id} {}", step.mv)).await;
            assert!(!replies[0].refusal, "{}", texts(&replies));
        }
        let mover = Origin { lang: Some(lang), ..origin(USERS[step.mover], "c") };
        let replies = host.handle(&mover, &format!("{word} #{id} {}", step.mv)).await;
        let text = replies[0].text.plain();
        assert!(text.lines().any(|l| l == line), "{line:?} in {text}");
        assert!(replies[0].text.segments().iter().any(|s| matches!(s, Segment::Mention(u) if u.id == victim)), "{victim} is mentioned");
    }
}

/// Issue 16: a Helofag turn typed without `move`/`zug` is read as a move: an illegal one
/// gets the rules' reason as a sentence, a legal one is told with one verb, in English
/// and German.
#[tokio::test]
async fn a_bare_turn_is_a_move_in_english_and_german() {
    for lang in [Lang::En, Lang::De] {
        let place = Place::new();
        let host = host(&place).await;
        let (id, _) = start(&host, 7).await;
        let first = view(host_game(&host, id).await.as_ref()).to_move.expect("someone is to move");
        let at = Origin { lang: Some(lang), ..origin(USERS[first], "c") };
        let replies = host.handle(&at, "S+2, S+5, S+5").await;
        let expected = match lang {
            Lang::En => "A turn uses at most two of the three dice (only a triple uses all three).",
            _ => "Ein Zug nutzt höchstens zwei der drei Würfel (nur drei Gleiche nutzen alle drei).",
        };
        assert!(matches!(replies.as_slice(), [r] if r.refusal) && texts(&replies) == expected, "{}", texts(&replies));
        let legal = host.legal_moves(&at, Some(id), "").await.expect("legal moves");
        let replies = host.handle(&at, &legal[0]).await;
        let said = replies[0].text.plain();
        let header = match lang {
            Lang::En => format!("{} plays {} (game #{id}, move 1).", USERS[first], legal[0]),
            _ => format!("{} zieht {} (Partie #{id}, Zug 1).", USERS[first], legal[0]),
        };
        assert_eq!(said.lines().next(), Some(header.as_str()), "{said}");
    }
}

/// The game `id` as its stored record replays.
async fn host_game(host: &Host, id: GameId) -> Box<dyn Match> {
    let record = host.record(id).await.expect("read").expect("a started game");
    rules::record::replay_record(&record).expect("replays").0
}

#[tokio::test]
async fn two_actions_without_a_comma_are_refused_with_the_line_as_it_should_be() {
    let place = Place::new();
    let host = host(&place).await;
    let (id, _) = start(&host, 7).await;
    let row = host.db().game(id).await.expect("read").expect("game");
    let players = host.db().players(id).await.expect("players");
    let mover = players[row.to_move[0]].user_id.clone();
    for line in ["S+3 S+1", "move S+3 S+1"] {
        let replies = host.handle(&origin(&mover, "c"), line).await;
        assert!(crate::support::refused(&replies, &mover, "Separate two actions with a comma: S+3, S+1"), "{line}: {}", texts(&replies));
    }
    let german = Origin { lang: Some(Lang::De), ..origin(&mover, "c") };
    let replies = host.handle(&german, "S+3 S+1").await;
    assert!(crate::support::refused(&replies, &mover, "Trenne zwei Aktionen mit einem Komma: S+3, S+1"), "{}", texts(&replies));
    // Nothing was played.
    assert_eq!(host.db().game(id).await.expect("read").expect("game").seq, row.seq);
}
