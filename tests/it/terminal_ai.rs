//! Playing against the bot in `spieltisch local`: a human (this test) plays random legal
//! moves of a Carat game against `@bot:easy`, one process per move (the game survives
//! each restart), until the final ranking; the AI answers within the same run. The
//! terminal's AI names are reserved.

use crate::support::{spieltisch, Place};

/// Game 1 as the export says it stands.
fn game_now(place: &Place) -> Box<dyn rules::Match> {
    let db = place.db_url();
    let export = spieltisch(place.path(), &["export", "1", "--db", &db], "", &[]);
    assert_eq!(export.code, Some(0), "export failed: {}", export.stderr);
    let record: rules::record::Record = serde_json::from_str(&export.stdout).expect("the export is a record");
    let mut game = record.start().expect("the record starts");
    for text in &record.moves {
        game.play(text).expect("a stored move replays");
    }
    game
}

#[test]
fn a_carat_game_against_the_ai_runs_to_its_ranking_across_restarts() {
    let place = Place::new();
    let mut out = place.local("new carat @bot:easy seed=77\n").stdout;
    assert!(out.contains("Seats: alice, Spieltisch (AI, easy)."), "{out}");
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    for _ in 0..100 {
        let game = game_now(&place);
        if game.is_finished() {
            break;
        }
        // After every run the AI has answered: it is alice's (seat 0) turn.
        assert_eq!(game.to_move(), vec![0], "the AI did not answer:\n{out}");
        let legal = game.legal_moves();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let pick = &legal[usize::try_from(state % legal.len() as u64).unwrap_or(0)];
        out.push_str(&place.local(&format!("move {pick}\n")).stdout);
    }
    let game = game_now(&place);
    assert!(game.is_finished(), "the game ended:\n{out}");
    assert!(out.contains("Spieltisch (AI, easy) plays"), "{out}");
    // The end names the winner (alice or the AI) before the ranking.
    assert!(
        out.contains("Game #1 is over: alice wins. Ranking:") || out.contains("Game #1 is over: Spieltisch (AI, easy) wins. Ranking:")
            || out.contains("Game #1 is over: alice, Spieltisch (AI, easy) share the first place. Ranking:")
            || out.contains("Game #1 is over: Spieltisch (AI, easy), alice share the first place. Ranking:"),
        "{out}"
    );
    // The AI's moves are in the log like anyone's: half of the moves are its own.
    let ai_moves = game.log().len() / 2;
    assert!(out.matches("Spieltisch (AI, easy) plays").count() >= ai_moves, "{out}");
}

#[test]
fn the_names_of_the_ai_are_reserved_in_the_terminal() {
    let place = Place::new();
    let run = place.local("as bot\nas ai:hard\nas Spieltisch (AI)\nas @alice\nnew carat @bot:hard seed=3\n");
    assert_eq!(run.stdout.matches("You cannot speak as ").count(), 4, "{}", run.stdout);
    assert!(run.stdout.contains("You cannot speak as Spieltisch (AI): `bot`, names beginning with `Spieltisch` or `@`"), "{}", run.stdout);
    assert!(run.stdout.contains("Seats: alice, Spieltisch (AI, hard)."), "{}", run.stdout);
    let db = place.db_url();
    let refused = spieltisch(place.path(), &["local", "--db", &db, "--as", "Bot"], "", &[]);
    assert_eq!(refused.code, Some(2), "{}", refused.stderr);
    assert!(refused.stderr.contains("belongs to the bot's AI seats"), "{}", refused.stderr);
}

/// Issue 38: at a keyboard, `new hathor challenge @bot:hard` held up the next answer for
/// 61 s (21 s of CPU) while the AI played its board. Now the AI thinks in the background
/// and its moves are printed as they come: the next line is answered at once. The
/// session runs on a pseudo-terminal (`script`), so the terminal sees a keyboard.
#[test]
fn at_a_keyboard_the_next_line_is_answered_while_the_ai_thinks() {
    use std::time::{Duration, Instant};
    let place = Place::new();
    let command = format!(
        "exec script -qfec \"'{}' local --db '{}' --boards '{}' --as alice\" /dev/null",
        crate::support::binary().display(),
        place.db_url(),
        place.boards().display()
    );
    let mut chat = crate::support::Live::start(place.path(), &command);
    chat.wait_for("alice> ", Duration::from_secs(20));
    chat.type_line("new hathor challenge @bot:hard seed=5");
    chat.wait_for("Spieltisch (AI, hard)", Duration::from_secs(20));
    let typed = Instant::now();
    chat.type_line("help");
    let answered = chat.wait_for("Commands: new, join", Duration::from_secs(20));
    assert!(answered - typed < Duration::from_secs(3), "`help` was answered after {:?}", answered - typed);
    // `quit` while the AI thinks: the chat ends at once and gives the AI's claim on its
    // turn back, so that the next start plays it at once (a new user's trial found the
    // claim left for its minute's lease).
    chat.type_line("quit");
    let quit = Instant::now();
    let status = loop {
        if let Some(status) = chat.child.try_wait().expect("wait") {
            break status;
        }
        assert!(quit.elapsed() < Duration::from_secs(10), "quit took over 10 s");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status:?}");
    let claims = tokio::runtime::Runtime::new().expect("a runtime").block_on(async {
        let db = commands::store::Db::open(&place.db_url()).await.expect("open the database");
        let commands::store::backend::Exec::SqlitePool(pool) = db.exec() else { unreachable!("SQLite") };
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM ai_claims").fetch_one(pool).await.expect("count")
    });
    assert_eq!(claims, 0, "the AI's claim was given back");
}

/// `review` in the terminal (issue 44): the chat's background loop works on it while the
/// chat goes on and prints its progress as lines (the last one "reviewed: the review
/// follows"), then the review; the moves are counted without the resignation.
#[test]
fn a_review_in_the_terminal_prints_its_progress_as_lines_and_then_the_review() {
    use std::time::Duration;
    let place = Place::new();
    let plan = crate::support::plan_carat(7);
    let mut script = String::from("as alice\nnew carat seed=7\nas bob\njoin\nstart\n");
    script.push_str(&crate::support::move_lines(&plan.moves[..6], 0));
    script.push_str(&format!("as {}\nresign\n", plan.moves[6].0));
    place.local(&script);
    let command = format!(
        "exec '{}' local --db '{}' --boards '{}' --as carol",
        crate::support::binary().display(),
        place.db_url(),
        place.boards().display()
    );
    let mut chat = crate::support::Live::start(place.path(), &command);
    chat.type_line("review");
    chat.wait_for("Reviewing game #1 (6 moves), under a second per move", Duration::from_secs(20));
    // The chat answers meanwhile.
    chat.type_line("help");
    chat.wait_for("Commands: new, join", Duration::from_secs(20));
    chat.wait_for("Game #1 reviewed (6 moves): the review follows.", Duration::from_secs(180));
    chat.wait_for("Review of game #1 (Carat, 6 moves;", Duration::from_secs(20));
    chat.type_line("quit");
}
