//! AI seats (README, "Playing against the bot"): inviting the bot seats an AI player
//! at once; the scheduler plays its turns like any player's (announcement, mention of
//! who is next); a turn pending at a crash is played once after the restart; AI seats
//! are never reminded, never time out, and agree to undo and rematch; they have ratings.

use std::sync::Arc;

use commands::{
    base::clock::ManualClock, store::Status, Audience, Command, GameId, Host, Lang, Notice, Origin, Segment,
};

use crate::{
    slowsupport::{due, log, no_at, notice_texts, ok_at, timed_host, DAY, MINUTE, T0},
    support::{origin, texts, Place},
};

/// `user` in the terminal's channel `t` (where `@bot` names the bot).
fn at(user: &str) -> Origin {
    Origin { platform: "terminal".into(), ..origin(user, "t") }
}

/// A small deterministic generator for the human's random legal moves.
fn next(state: &mut u64) -> usize {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    usize::try_from(*state % 1_000_003).unwrap_or(0)
}

/// The game `new` (or the start it led to) is about.
fn game_of(replies: &[commands::Reply]) -> GameId {
    replies.iter().find_map(|r| r.game).map(|g| g.id).unwrap_or_else(|| panic!("no game in {}", texts(replies)))
}

/// Whether alice is to move in game `id`.
async fn alice_to_move(host: &Host, id: GameId) -> bool {
    let row = host.db().game(id).await.expect("read").expect("game");
    let players = host.db().players(id).await.expect("players");
    row.to_move.iter().any(|&s| players[s].user_id == "alice")
}

/// Alice's legal moves in game `id` (in the terminal's channel).
async fn alice_moves(host: &Host, id: GameId) -> ((), Vec<String>) {
    ((), host.legal_moves(&at("alice"), Some(id), "").await.expect("legal moves"))
}

/// Alice plays random legal moves (seeded by `seed`) and the scheduler polls after each,
/// until game `id` ends; returns every notice posted and the texts of alice's replies.
/// Panics when, after a poll, the game waits for an AI seat (the AI must have moved).
async fn play_out(host: &Host, clock: &ManualClock, id: GameId, seed: u64) -> (Vec<Notice>, String) {
    let mut rng = seed | 1;
    let mut notices = Vec::new();
    let mut said = String::new();
    for _ in 0..5_000 {
        notices.extend(due(host, clock).await);
        let row = host.db().game(id).await.expect("read").expect("game");
        if row.status == Status::Finished {
            return (notices, said);
        }
        assert!(alice_to_move(host, id).await, "after a poll the AI must have moved: {row:?}\n{}", notice_texts(&notices));
        let moves = host.legal_moves(&at("alice"), Some(id), "").await.expect("legal moves");
        assert!(!moves.is_empty(), "alice has no legal move in {row:?}");
        let notation = moves[next(&mut rng) % moves.len()].clone();
        let replies = host.run(&at("alice"), Command::Move { game: Some(id), notation: notation.clone(), at: None, bare: false }).await;
        assert!(!replies[0].refusal, "alice's {notation}: {}", texts(&replies));
        // Nothing of alice's move goes privately to anyone but her (an AI seat's hand
        // goes nowhere).
        assert!(replies.iter().all(|r| r.audience == Audience::Channel || r.audience == Audience::User("alice".into())), "{replies:?}");
        said += &texts(&replies);
        said.push('\n');
        clock.advance(MINUTE);
    }
    panic!("game #{id} did not end")
}

async fn terminal_host() -> (Place, Arc<ManualClock>, Host) {
    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    (place, clock, host)
}

#[tokio::test]
async fn an_ai_game_of_every_table_game_runs_from_new_to_its_end() {
    let cases = [
        ("new carat @bot:easy seed=5", "Carat", vec!["Spieltisch (AI, easy)"]),
        ("new aratoth @bot:easy seed=6", "Aratoth", vec!["Spieltisch (AI, easy)"]),
        ("new aratoth 3 @bot:easy @bot:easy seed=7", "Aratoth", vec!["Spieltisch (AI, easy)", "Spieltisch (AI, easy) 2"]),
        ("new artifakes @bot:easy seed=8", "Artifakes", vec!["Spieltisch (AI, easy)"]),
        ("new helofag @bot:easy @bot:easy seed=9", "Helofag", vec!["Spieltisch (AI, easy)", "Spieltisch (AI, easy) 2"]),
    ];
    for (i, (line, game, ai_names)) in cases.into_iter().enumerate() {
        let (_place, clock, host) = terminal_host().await;
        let replies = host.handle(&at("alice"), line).await;
        assert!(!replies[0].refusal, "{line}: {}", texts(&replies));
        let id = game_of(&replies);
        // Named only the bot: every seat is taken, so the game begins at once.
        let begun = replies[0].text.plain();
        let seats = std::iter::once("alice").chain(ai_names.iter().copied()).collect::<Vec<_>>().join(", ");
        assert!(begun.starts_with(&format!("Game #{id} of ")) && begun.contains(&format!("Seats: {seats}.")), "{line}: {begun}");
        let players = host.db().players(id).await.expect("players");
        assert_eq!(players.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), std::iter::once("alice").chain(ai_names.iter().copied()).collect::<Vec<_>>());

        let (notices, said) = play_out(&host, &clock, id, 1000 + i as u64).await;
        let text = notice_texts(&notices);
        // The AI's moves are announced like anyone's, with who is next; its name is
        // never a mention (nobody to ping) and nothing goes privately to an AI seat.
        assert!(text.contains(&format!("{} plays", ai_names[0])) || text.contains(&format!("{} buries", ai_names[0])), "{game}: {text}");
        assert!(text.contains("It is @alice's turn."), "{game}: {text}");
        let over = format!("Game #{id} is over");
        assert!(text.contains(&over) || said.contains(&over), "{game}: the end is announced: {text}\n{said}");
        for notice in &notices {
            assert!(matches!(&notice.reply.audience, Audience::Channel) || notice.reply.audience == Audience::User("alice".into()), "{game}: {:?}", notice.reply.audience);
            assert!(
                notice.reply.text.segments().iter().all(|s| !matches!(s, Segment::Mention(u) if u.id.starts_with("ai:"))),
                "{game}: an AI seat is mentioned: {:?}",
                notice.reply.text
            );
        }
        // Each AI seat made moves of its own.
        let entries = host.db().log_after(id, 0).await.expect("log");
        for p in players.iter().filter(|p| p.user_id.starts_with("ai:")) {
            assert!(entries.iter().any(|e| e.user_id == p.user_id && !e.text.starts_with('@')), "{game}: {} made no move", p.name);
        }
        // The finished game replays from its record (the AI's moves are ordinary moves).
        let record = host.record(id).await.expect("record").expect("a started game");
        assert!(rules::record::replay_record(&record).is_ok(), "{game}: the record replays");
        // The leaderboard has alice and the easy level once, however many seats it had.
        let board = ok_at(&host, &at("alice"), &format!("leaderboard {}", game.to_lowercase())).await;
        let rows: Vec<&str> = board.lines().filter(|l| l.starts_with("1. ") || l.starts_with("2. ") || l.starts_with("3. ")).collect();
        assert_eq!(rows.len(), 2, "{game}: {board}");
        assert!(rows.iter().any(|r| r.contains("Spieltisch (AI, easy): ")) && rows.iter().any(|r| r.contains("alice: ")), "{game}: {board}");
        assert!(!board.contains("Spieltisch (AI, easy) 2"), "{game}: {board}");
    }
}

#[tokio::test]
async fn the_ai_at_normal_strength_answers_a_move() {
    let (_place, clock, host) = terminal_host().await;
    let replies = host.handle(&at("alice"), "new carat @bot seed=21").await;
    let id = game_of(&replies);
    assert!(texts(&replies).contains("Seats: alice, Spieltisch (AI)."), "{}", texts(&replies));
    if !alice_to_move(&host, id).await {
        let notices = due(&host, &clock).await;
        assert!(notice_texts(&notices).contains("Spieltisch (AI) plays"), "{}", notice_texts(&notices));
    }
    let (_, moves) = alice_moves(&host, id).await;
    ok_at(&host, &at("alice"), &format!("move #{id} {}", moves[0])).await;
    let before = log(&host, id).await.len();
    let notices = due(&host, &clock).await;
    assert_eq!(log(&host, id).await.len(), before + 1, "one AI move: {}", notice_texts(&notices));
    assert!(alice_to_move(&host, id).await);
    assert!(notice_texts(&notices).contains("It is @alice's turn."), "{}", notice_texts(&notices));
}

/// An Aratoth game of alice against the easy AI, just after alice's first move: the AI's
/// turn is pending (the scheduler has not polled). The game and its log.
async fn ai_turn_pending(host: &Host, clock: &ManualClock) -> (GameId, Vec<String>) {
    let id = game_of(&host.handle(&at("alice"), "new aratoth @bot:easy seed=31").await);
    if !alice_to_move(host, id).await {
        due(host, clock).await;
    }
    let (_, moves) = alice_moves(host, id).await;
    ok_at(host, &at("alice"), &format!("move #{id} {}", moves[0])).await;
    (id, log(host, id).await)
}

/// How many of `notices` announce a move of the easy AI.
fn ai_moves(notices: &[Notice]) -> usize {
    notices.iter().filter(|n| n.reply.text.plain().contains("Spieltisch (AI, easy) plays")).count()
}

#[tokio::test]
async fn an_ai_turn_pending_at_a_crash_is_played_once_after_the_restart() {
    let (place, clock, host) = terminal_host().await;
    let (id, stored) = ai_turn_pending(&host, &clock).await;
    // The bot stops before its scheduler polls: the AI's turn is pending.
    drop(host);
    // Two restarted processes poll at the same moment: the move is played once.
    let (first, second) = (timed_host(&place, &clock).await, timed_host(&place, &clock).await);
    let (a, b) = tokio::join!(due(&first, &clock), due(&second, &clock));
    let announced: usize = [&a, &b].iter().map(|n| ai_moves(n)).sum();
    assert_eq!(announced, 1, "{}\n--\n{}", notice_texts(&a), notice_texts(&b));
    let after = log(&first, id).await;
    assert_eq!(after.len(), stored.len() + 1, "exactly one AI move: {after:?}");
    assert_eq!(after[..stored.len()], stored[..]);
    // Polling again plays nothing more: it is alice's turn.
    assert!(due(&first, &clock).await.is_empty() && due(&second, &clock).await.is_empty());
    assert!(alice_to_move(&first, id).await);
}

/// With several processes, the one that claimed an AI turn thinks and the others leave
/// it; a claim a minute old (its process died while thinking) is taken over.
#[tokio::test]
async fn an_ai_turn_claimed_by_another_process_is_left_to_it_until_its_lease_ends() {
    let (_place, clock, host) = terminal_host().await;
    let (id, stored) = ai_turn_pending(&host, &clock).await;
    let row = host.db().game(id).await.expect("read").expect("game");
    // Another process claims the turn now and is thinking.
    let claimed = commands::store::turns::claim_ai_turn(host.db(), id, row.seq, row.takebacks, commands::base::clock::Clock::now_ms(&*clock), 60_000).await;
    assert!(claimed.expect("write"));
    assert_eq!(ai_moves(&due(&host, &clock).await), 0, "the turn is the other process's");
    clock.advance(59_999);
    assert_eq!(ai_moves(&due(&host, &clock).await), 0, "the other process may still be thinking");
    assert_eq!(log(&host, id).await, stored);
    // A minute after the claim, its process is taken for dead: this one plays the turn, once.
    clock.advance(1);
    assert_eq!(ai_moves(&due(&host, &clock).await), 1);
    assert_eq!(log(&host, id).await.len(), stored.len() + 1);
    assert!(alice_to_move(&host, id).await);
}

/// (The scheduler plays an AI turn before it looks for reminders, so a late AI turn is
/// played, never reminded; `claim` meanwhile says the AI never runs out of time.)
#[tokio::test]
async fn an_ai_seat_never_times_out_and_its_late_turn_is_played_not_reminded() {
    let (_place, clock, host) = terminal_host().await;
    let id = game_of(&host.handle(&at("alice"), "new carat @bot:easy seed=41 time=1d").await);
    if alice_to_move(&host, id).await {
        let (_, moves) = alice_moves(&host, id).await;
        ok_at(&host, &at("alice"), &format!("move #{id} {}", moves[0])).await;
    }
    // The AI is to move and the bot was away for four days.
    clock.advance(4 * DAY);
    let claim = no_at(&host, &at("alice"), "claim").await;
    assert_eq!(claim, format!("Spieltisch (AI, easy) is to move in game #{id} and never runs out of time: its move comes by itself."));
    let notices = due(&host, &clock).await;
    assert_eq!(notices.len(), 1, "only the AI's move, no reminder: {}", notice_texts(&notices));
    assert!(notices[0].reply.text.plain().starts_with("Spieltisch (AI, easy) plays"), "{}", notice_texts(&notices));
    assert!(!log(&host, id).await.iter().any(|e| e.starts_with("@timeout")));
}

#[tokio::test]
async fn the_ai_agrees_to_undo_and_to_a_rematch() {
    let (_place, clock, host) = terminal_host().await;
    let id = game_of(&host.handle(&at("alice"), "new aratoth @bot:easy seed=51").await);
    if !alice_to_move(&host, id).await {
        due(&host, &clock).await;
    }
    let (_, moves) = alice_moves(&host, id).await;
    ok_at(&host, &at("alice"), &format!("move #{id} {}", moves[0])).await;
    let mine = log(&host, id).await;
    // alice takes her move back at once: the AI agrees without being asked.
    let undone = ok_at(&host, &at("alice"), "undo").await;
    assert!(undone.starts_with(&format!("Everyone agreed: {} in game #{id} is taken back.", mine[mine.len() - 1])), "{undone}");
    assert_eq!(log(&host, id).await, mine[..mine.len() - 1]);

    // After the AI's answer, `undo` takes back the answer with the move it answered
    // (alone, the AI would only play it again).
    ok_at(&host, &at("alice"), &format!("move #{id} {}", moves[0])).await;
    due(&host, &clock).await;
    let answered = log(&host, id).await;
    let (move_, answer) = (&answered[answered.len() - 2], &answered[answered.len() - 1]);
    let undone = ok_at(&host, &at("alice"), "undo").await;
    assert!(undone.starts_with(&format!("Everyone agreed: {move_}, {answer} in game #{id} are taken back.")), "{undone}");
    assert_eq!(log(&host, id).await, answered[..answered.len() - 2]);
    assert!(alice_to_move(&host, id).await, "alice moves again");
    assert!(due(&host, &clock).await.is_empty(), "the AI has nothing to play");

    ok_at(&host, &at("alice"), "resign").await;
    let again = ok_at(&host, &at("alice"), "rematch").await;
    assert!(again.starts_with(&format!("Rematch of game #{id}: game #")), "one vote is enough with the AI: {again}");
    let rows = host.db().open_games_of("terminal", "alice").await.expect("games");
    let (row, _) = rows.iter().find(|(r, _)| r.status == Status::Running).expect("the rematch runs");
    let players = host.db().players(row.id).await.expect("players");
    assert_eq!(players.iter().map(|p| p.user_id.as_str()).collect::<Vec<_>>(), ["alice", "ai:easy"]);
}

#[tokio::test]
async fn ai_seats_have_a_rating_of_their_own() {
    let (_place, clock, host) = terminal_host().await;
    let id = game_of(&host.handle(&at("alice"), "new carat @bot:easy seed=61").await);
    if !alice_to_move(&host, id).await {
        due(&host, &clock).await;
    }
    ok_at(&host, &at("alice"), "resign").await;
    let board = ok_at(&host, &at("alice"), "leaderboard carat").await;
    let lines: Vec<&str> = board.lines().collect();
    assert!(lines.len() >= 3 && lines[1].starts_with("1. Spieltisch (AI, easy): ") && lines[2].starts_with("2. alice: "), "{board}");
    // `stats` names the bot as players invite it: its rating is the leaderboard's.
    let rating = lines[1].trim_start_matches("1. Spieltisch (AI, easy): ").split(' ').next().expect("a rating");
    for line in ["stats @bot", "stats @bot:easy"] {
        let stats = ok_at(&host, &at("alice"), line).await;
        let stats: Vec<&str> = stats.lines().collect();
        assert_eq!(stats[0], "The ratings of Spieltisch (AI, easy) here:", "{line}");
        assert!(stats[1].starts_with(&format!("Carat: {rating} ± ")) && stats[1].ends_with(" after 1 game"), "{line}: {stats:?}");
        assert_eq!(stats.len(), 2, "{line}: no other level has a rating");
    }
    let replies = host.handle(&at("alice"), "stats @bot:hard").await;
    assert_eq!(texts(&replies), "Spieltisch (AI, hard) has no rating here yet.");
    // In German, with the decimal comma.
    let german = Origin { lang: Some(Lang::De), ..at("alice") };
    let stats = ok_at(&host, &german, "stats @bot").await;
    let stats: Vec<&str> = stats.lines().collect();
    assert_eq!(stats[0], "Die Wertungen von Spieltisch (KI, leicht) hier:");
    let komma = rating.replace('.', ",");
    assert!(stats[1].starts_with(&format!("Carat: {komma} ± ")) && stats[1].ends_with(" nach 1 Partie"), "{stats:?}");
}

#[tokio::test]
async fn inviting_the_bot_seats_it_at_once_with_its_level() {
    let (_place, _clock, host) = terminal_host().await;
    // Open seats besides the AI: an invitation; the AI seats are taken at once.
    let invited = ok_at(&host, &at("alice"), "new helofag players=4 @bot @bot:hard").await;
    assert!(
        invited.ends_with("Spieltisch (AI), Spieltisch (AI, hard) take seats at once (3 of 4 seats taken)."),
        "{invited}"
    );
    ok_at(&host, &at("bob"), "join").await;
    let started = ok_at(&host, &at("alice"), "start").await;
    assert!(started.contains("Seats: alice, Spieltisch (AI), Spieltisch (AI, hard), bob."), "{started}");

    // German names; `level=` for the seats named without one.
    let de = Origin { lang: Some(Lang::De), ..at("carla") };
    let begun = ok_at(&host, &de, "neu carat @bot level=leicht").await;
    assert!(begun.contains("Plätze: carla, Spieltisch (KI, leicht)."), "{begun}");
    // The bot's own name invites it too.
    let begun = ok_at(&host, &at("erna"), "new carat @Spieltisch:hard").await;
    assert!(begun.contains("Seats: erna, Spieltisch (AI, hard)."), "{begun}");

    // Refusals change nothing.
    let games = host.db().open_games_of("terminal", "dora").await.expect("games").len();
    assert_eq!(
        no_at(&host, &at("dora"), "new carat players=2 @bot @bot").await,
        "You, the AI and those you named need 3 seats, but this game of Carat is for 2 players."
    );
    assert_eq!(
        no_at(&host, &at("dora"), "new carat level=hard").await,
        "`level=` sets the strength of AI seats, but this game has none: invite the bot (`@bot`) too."
    );
    assert_eq!(no_at(&host, &at("dora"), "new carat @bot level=grandmaster").await, "Unknown AI level “grandmaster”: use easy, normal, hard or master.");
    // Words after the bot that are no level, as a name nobody could accept.
    assert_eq!(no_at(&host, &at("dora"), "new carat @bot:normal:hard").await, "Unknown AI level “normal:hard”: use easy, normal, hard or master.");
    assert_eq!(no_at(&host, &at("dora"), "new carat @bot:hard:").await, "Unknown AI level “hard:”: use easy, normal, hard or master.");
    // A level after someone else, and names nobody in the terminal can take (`as`
    // refuses them), would leave the invitation waiting for nobody.
    assert_eq!(no_at(&host, &at("dora"), "new carat @bob:hard").await, "Only the bot plays at a level (`@bot:hard`): invite bob as `@bob`.");
    let dora_de = Origin { lang: Some(Lang::De), ..at("dora") };
    assert_eq!(no_at(&host, &dora_de, "neu carat @Bob:schwer").await, "Nur der Bot spielt auf einer Stufe (`@bot:schwer`): lade Bob als `@Bob` ein.");
    assert_eq!(
        no_at(&host, &at("dora"), "new carat @bob:x").await,
        "Nobody here can be called “bob:x”: names have no `:` and do not begin with “Spieltisch”."
    );
    assert_eq!(
        no_at(&host, &at("dora"), "new carat @SpieltischFan").await,
        "Nobody here can be called “spieltischfan”: names have no `:` and do not begin with “Spieltisch”."
    );
    assert_eq!(no_at(&host, &at("dora"), "new hathor @bot").await, "Hathor is played alone: the AI cannot take a seat at your table. Play the same stones against it: `new hathor challenge @bot`.");
    assert_eq!(host.db().open_games_of("terminal", "dora").await.expect("games").len(), games);

    // Nobody speaks as an AI seat.
    let fake = Origin { user: commands::User::new("ai:normal", "Spieltisch (AI)"), ..at("x") };
    assert_eq!(no_at(&host, &fake, "games").await, "This name belongs to the bot's AI seats; choose another.");
}

#[tokio::test]
async fn on_a_platform_the_bot_is_invited_by_its_own_id() {
    let (_place, _clock, host) = terminal_host().await;
    // Before the adapter has told its id, the bot is invited like anyone.
    let before = ok_at(&host, &origin("alice", "c"), "new carat <@999>").await;
    assert!(before.contains("invites"), "{before}");
    let named = ok_at(&host, &origin("alice", "f"), "new carat @carol").await;
    assert!(named.contains("invites @carol"), "{named}");
    host.set_bot_user("test", "999");
    // Now users have ids: someone who only calls themselves carol takes no seat of the
    // invitation made before.
    let eve = commands::Origin { user: commands::User::new("666", "carol"), ..origin("eve", "f") };
    let refused = no_at(&host, &eve, "join").await;
    assert_eq!(refused, "Game #2 is an invitation for named players only, and you are not one of them.");
    let begun = ok_at(&host, &origin("bob", "d"), "new carat <@999>:hard").await;
    assert!(begun.contains("Seats: bob, Spieltisch (AI, hard)."), "{begun}");
    // `@bot` is the terminal's name for the bot only; on a platform with ids a typed
    // name is anyone's to take, so it invites nobody.
    let elsewhere = no_at(&host, &origin("carol", "e"), "new carat @bot").await;
    assert_eq!(
        elsewhere,
        "“@bot” is only a name, and anyone can call themselves that: name the player with a mention (on Matrix a pill, or the full id such as @bot:example.org), so that only they can take the seat."
    );
    // A mention of someone else still invites them.
    let invited = ok_at(&host, &origin("carol", "e"), "new carat <@555>").await;
    assert!(invited.contains("invites"), "{invited}");
}

/// Plays alice's own game `id` (Hathor, solo) to its end with random legal fields,
/// worked out from its record by the rules crate.
async fn play_solo(host: &Host, id: GameId, seed: u64) {
    let mut rng = seed | 1;
    for _ in 0..200 {
        let record = host.record(id).await.expect("record").expect("started");
        let mut game = record.start().expect("the record starts");
        for text in &record.moves {
            game.play(text).expect("a stored move replays");
        }
        if game.is_finished() {
            return;
        }
        let legal = game.legal_moves();
        let notation = legal[next(&mut rng) % legal.len()].clone();
        let replies = host.run(&at("alice"), Command::Move { game: Some(id), notation: notation.clone(), at: None, bare: false }).await;
        assert!(!replies[0].refusal, "alice's {notation}: {}", texts(&replies));
    }
    panic!("game #{id} did not end")
}

#[tokio::test]
async fn in_a_hathor_challenge_the_ai_plays_the_same_stones_unseen_until_the_end() {
    let (_place, clock, host) = terminal_host().await;
    let opened = ok_at(&host, &at("alice"), "new hathor challenge @bot:easy seed=71").await;
    assert!(opened.contains("Spieltisch (AI, easy) joins challenge #1 (2 players)."), "{opened}");
    let games = host.db().open_games_of("terminal", "alice").await.expect("games");
    let mine = games[0].0.id;
    // The AI plays its whole board through the scheduler (72 stones, over two polls);
    // nothing of its board reaches the channel while the challenge is open.
    let mut notices = Vec::new();
    for _ in 0..3 {
        notices.extend(due(&host, &clock).await);
    }
    let said = notice_texts(&notices);
    assert_eq!(notices.len(), 1, "only the AI's finish is told: {said}");
    assert!(said.contains("Spieltisch (AI, easy) has finished challenge #1 with ") && said.ends_with("(1 still playing)."), "{said}");
    assert!(!said.contains(" plays "), "no move of the AI's board while the challenge is open: {said}");
    // alice finishes hers: the challenge closes and shows both boards.
    play_solo(&host, mine, 72).await;
    let board = ok_at(&host, &at("alice"), "leaderboard #1").await;
    assert!(board.starts_with("Challenge #1 (Hathor, variant 1, seed=71) is closed. Final leaderboard:"), "{board}");
    assert!(board.contains("Spieltisch (AI, easy): ") && board.contains("alice: "), "{board}");
}

#[tokio::test]
async fn a_game_left_to_ai_seats_is_played_on_silently_and_its_end_is_told() {
    let (_place, clock, host) = terminal_host().await;
    let id = game_of(&host.handle(&at("alice"), "new aratoth 3 @bot:easy @bot:easy seed=81").await);
    if !alice_to_move(&host, id).await {
        due(&host, &clock).await;
    }
    ok_at(&host, &at("alice"), "resign").await;
    let mut notices = Vec::new();
    for _ in 0..50 {
        notices.extend(due(&host, &clock).await);
        if host.db().game(id).await.expect("read").expect("game").status == Status::Finished {
            break;
        }
    }
    let said = notice_texts(&notices);
    assert_eq!(host.db().game(id).await.expect("read").expect("game").status, Status::Finished, "{said}");
    assert_eq!(notices.len(), 1, "only the end: {said}");
    assert!(said.contains(&format!("Game #{id} is over")), "{said}");
}

#[tokio::test]
async fn the_ai_claims_the_game_when_the_only_person_in_it_runs_out_of_time() {
    let (_place, clock, host) = terminal_host().await;
    let id = game_of(&host.handle(&at("alice"), "new carat @bot:easy seed=91 time=1d").await);
    if !alice_to_move(&host, id).await {
        due(&host, &clock).await;
    }
    assert!(alice_to_move(&host, id).await);
    // alice does not move for more than a day.
    clock.advance(DAY + MINUTE);
    let notices = due(&host, &clock).await;
    let said = notice_texts(&notices);
    assert!(said.contains(&format!("Time is up for @alice in game #{id} (Carat)")), "{said}");
    assert!(said.contains(&format!("Spieltisch (AI, easy) claims game #{id}: the time of alice ran out.")), "{said}");
    assert!(said.contains(&format!("Game #{id} is over: Spieltisch (AI, easy) wins, the time of alice ran out.")), "{said}");
    assert_eq!(host.db().game(id).await.expect("read").expect("game").status, Status::Finished);
    assert!(due(&host, &clock).await.is_empty(), "claimed once");
}

#[tokio::test]
async fn at_a_german_table_the_ai_speaks_german() {
    let (_place, clock, host) = terminal_host().await;
    let german = Origin { lang: Some(Lang::De), ..at("alice") };
    let id = game_of(&host.handle(&german, "neu carat @bot:easy seed=5").await);
    if alice_to_move(&host, id).await {
        let (_, moves) = alice_moves(&host, id).await;
        ok_at(&host, &german, &format!("zug #{id} {}", moves[0])).await;
    }
    let said = notice_texts(&due(&host, &clock).await);
    assert!(said.contains("Spieltisch (KI, leicht) zieht "), "{said}");
    assert!(said.contains(" (Partie #") && said.contains("@alice ist am Zug."), "{said}");
    assert!(!said.contains(" red") && !said.contains(" blue") && !said.contains(" green") && !said.contains(" yellow"), "{said}");
}

/// The AI seats' names are public: they are written in the channel's language, not in
/// the language of whoever invited the bot.
#[tokio::test]
async fn an_ai_seat_is_named_in_the_channels_language() {
    let (_place, _clock, host) = terminal_host().await;
    ok_at(&host, &Origin { is_admin: true, ..at("admin") }, "settings language=de").await;
    // alice speaks English for herself.
    let english = Origin { lang: Some(Lang::En), ..at("alice") };
    let replies = host.handle(&english, "new carat @bot:easy seed=5").await;
    let id = game_of(&replies);
    let players = host.db().players(id).await.expect("players");
    assert_eq!(players.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["alice", "Spieltisch (KI, leicht)"]);
    assert!(texts(&replies).contains("Plätze: alice, Spieltisch (KI, leicht)."), "{}", texts(&replies));
}

/// An AI seat's name is no data frozen in the language its game began in (issue 41):
/// a game begun in German is read in English as "Spieltisch (AI, easy)" by the English
/// `leaderboard`, `history` and `players`, and a German `rangliste` of it says "KI".
#[tokio::test]
async fn an_ai_seats_name_is_shown_in_the_readers_language_after_the_game() {
    let (_place, clock, host) = terminal_host().await;
    let german = Origin { lang: Some(Lang::De), ..at("alice") };
    let english = Origin { lang: Some(Lang::En), ..at("alice") };
    let id = game_of(&host.handle(&german, "neu carat @bot:easy seed=5").await);
    let stored = host.db().players(id).await.expect("players");
    assert_eq!(stored[1].name, "Spieltisch (KI, leicht)", "stored as it was begun");
    play_out(&host, &clock, id, 11).await;
    let board = texts(&host.handle(&english, "leaderboard carat").await);
    assert!(board.contains("Spieltisch (AI, easy)") && !board.contains("KI"), "{board}");
    let history = texts(&host.handle(&english, &format!("history #{id}")).await);
    assert!(history.contains("Spieltisch (AI, easy)") && !history.contains("KI"), "{history}");
    let rangliste = texts(&host.handle(&german, "rangliste carat").await);
    assert!(rangliste.contains("Spieltisch (KI, leicht)"), "{rangliste}");
}
