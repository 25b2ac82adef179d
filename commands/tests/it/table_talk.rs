//! Table talk: what the bot says around the rules, in whole sentences, in
//! English and German.

use commands::{Lang, Origin};

use crate::support::{admin, origin, refused, started, texts, to_move, Place};

fn german(user: &str, channel: &str) -> Origin {
    Origin { lang: Some(Lang::De), ..origin(user, channel) }
}

/// The one refusal text of `replies` (fails on anything else).
fn refusal(replies: &[commands::Reply]) -> String {
    assert!(matches!(replies, [r] if r.refusal), "not one refusal: {}", texts(replies));
    texts(replies)
}

#[tokio::test]
async fn a_game_number_before_a_command_names_the_game() {
    let place = Place::new();
    let host = place.host().await;
    let first = started(&host, "c", 3).await;
    let second = started(&host, "c", 4).await;
    // Without a number alice must name one of her two games...
    let replies = host.handle(&origin("alice", "c"), "board").await;
    assert!(refused(&replies, "alice", "name one"), "{}", texts(&replies));
    // ...and `#N board` names it as `board #N` does: the board of that game, no refusal.
    for line in [format!("#{second} board"), format!("board #{second}")] {
        let replies = host.handle(&origin("alice", "c"), &line).await;
        assert!(!replies.is_empty() && !replies[0].refusal, "{line}: {}", texts(&replies));
        assert_eq!(replies[0].game.map(|g| g.id), Some(second), "{line}");
    }
    let (mover, moves) = to_move(&host, first).await;
    let replies = host.handle(&origin(&mover, "c"), &format!("#{first} moves")).await;
    assert!(!replies[0].refusal && texts(&replies).contains(&moves[0]), "{}", texts(&replies));
    // German command words too.
    let replies = host.handle(&german("alice", "c"), &format!("#{first} brett")).await;
    assert_eq!(replies[0].game.map(|g| g.id), Some(first), "{}", texts(&replies));
}

#[tokio::test]
async fn a_move_by_a_spectator_or_after_the_end_says_why() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c", 12).await;
    let (mover, moves) = to_move(&host, id).await;
    let waiter = if mover == "alice" { "bob" } else { "alice" };
    // Someone who does not play hears so, with or without `move`.
    let replies = host.handle(&origin("carol", "c"), &moves[0]).await;
    assert_eq!(refusal(&replies), format!("You do not play in game #{id}."));
    let replies = host.handle(&german("carol", "c"), &format!("zug {}", moves[0])).await;
    assert_eq!(refusal(&replies), format!("Du spielst in Partie #{id} nicht mit."));
    // The mover resigns: the other player wins; no tile was laid, so nobody has points.
    let replies = host.handle(&origin(&mover, "c"), "resign").await;
    assert!(!replies[0].refusal, "{}", texts(&replies));
    // The end says who won and why, and marks the player who left.
    assert_eq!(
        texts(&replies[..1]),
        format!(
            "{mover} resigns game #{id}.\nGame #{id} is over: {waiter} wins, {mover} resigned. Ranking:\n\
             1. {waiter}: 0 points\n2. {mover} (resigned): 0 points"
        )
    );
    let over = format!("Game #{id} is already over: 1. {waiter}: 0 points; 2. {mover} (resigned): 0 points.");
    let replies = host.handle(&origin(&mover, "c"), &moves[0]).await;
    assert_eq!(refusal(&replies), over, "a bare move after the end");
    let replies = host.handle(&origin(waiter, "c"), &format!("move #{id} {}", moves[0])).await;
    assert_eq!(refusal(&replies), over, "a move with `move` after the end");
    let replies = host.handle(&german(&mover, "c"), &moves[0]).await;
    assert_eq!(refusal(&replies), format!("Partie #{id} ist schon vorbei: 1. {waiter}: 0 Punkte; 2. {mover} (aufgegeben): 0 Punkte."));
    // Text that is no move of the finished game stays an unknown command.
    let replies = host.handle(&origin(&mover, "c"), "hello").await;
    assert_eq!(refusal(&replies).lines().next(), Some("I do not know the command “hello”: type `help` for the list of commands."));
}

#[tokio::test]
async fn conflicting_options_and_bad_numbers_are_refused_and_nothing_is_created() {
    let place = Place::new();
    let host = place.host().await;
    let cases = [
        ("new carat hand3 two_colours", "“hand3” and “two_colours” both set the variant: give each option once."),
        ("new carat 3 players=4", "“3” and “players=4” both set the player count: give each option once."),
        ("new carat time=2h time=3h", "“time=2h” and “time=3h” both set the time per move: give each option once."),
        ("new hathor 6", "“6” is not a variant of Hathor: `rules hathor` lists the variants."),
    ];
    for (line, want) in cases {
        let replies = host.handle(&origin("alice", "c"), line).await;
        assert_eq!(refusal(&replies), want, "{line}");
    }
    let replies = host.handle(&german("alice", "c"), "neu carat hand3 zweifarbig").await;
    assert_eq!(refusal(&replies), "„hand3“ und „zweifarbig“ setzen beide die Variante: gib jede Option nur einmal an.");
    let replies = host.handle(&german("alice", "c"), "neu hathor 6").await;
    assert_eq!(refusal(&replies), "„6“ ist keine Variante von Hathor: `regeln hathor` nennt die Varianten.");
    // Nothing was stored: there is no game to join.
    let replies = host.handle(&origin("bob", "c"), "join").await;
    assert!(refused(&replies, "bob", "no"), "{}", texts(&replies));
}

#[tokio::test]
async fn a_bad_setting_value_says_which_values_the_setting_takes() {
    let place = Place::new();
    let host = place.host().await;
    let replies = host.handle(&admin("alice", "c"), "settings time=0").await;
    assert_eq!(
        refusal(&replies),
        "“time=0” is not a value of that setting: the time per move is from 1 minute to 365 days, such as time=3d, time=12h or time=90m (or default)."
    );
    let replies = host.handle(&admin("alice", "c"), "settings half=maybe").await;
    assert_eq!(refusal(&replies), "“half=maybe” is not a value of that setting: the reminder at half time is on or off (or default).");
    let replies = host.handle(&Origin { lang: Some(Lang::De), ..admin("alice", "c") }, "einstellungen zeit=0").await;
    assert_eq!(
        refusal(&replies),
        "„zeit=0“ geht für diese Einstellung nicht: die Zeit pro Zug ist 1 Minute bis 365 Tage, etwa zeit=3d, zeit=12h oder zeit=90m (oder standard)."
    );
    // A word that names no setting keeps its own answer.
    let replies = host.handle(&admin("alice", "c"), "settings colour=red").await;
    assert!(refusal(&replies).starts_with("“colour=red” is not a setting"), "{}", texts(&replies));
}

/// A long move list in German names the next page in German command words, and that
/// command, typed as shown, brings the next page.
#[tokio::test]
async fn the_next_page_of_moves_is_named_in_the_readers_language() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c", 3).await;
    let (mover, moves) = to_move(&host, id).await;
    assert!(moves.len() > 30, "Carat's first move has many placements: {}", moves.len());
    let text = texts(&host.handle(&german(&mover, "c"), "züge").await);
    let next = format!("Nächste Seite: `züge #{id} seite=2`");
    assert!(text.contains(&next), "{text}");
    let text = texts(&host.handle(&german(&mover, "c"), &format!("züge #{id} seite=2")).await);
    assert!(text.contains("Seite 2 von"), "{text}");
    let text = texts(&host.handle(&origin(&mover, "c"), "moves c").await);
    assert!(!text.contains("Next page") || text.contains(&format!("Next page: `moves #{id} c page=2`")), "{text}");
}

/// An invitation names what was chosen: the variant and the time per move (the bot's
/// 3 days when `new` names none), in the reader's language.
#[tokio::test]
async fn an_invitation_names_its_options_and_time() {
    let place = Place::new();
    let host = place.host().await;
    let text = texts(&host.handle(&origin("alice", "c"), "new carat hand3 time=2d").await);
    assert!(text.contains("invites you to a game of Carat (#1) for 2 players (hand3, 2 days per move): type `join`"), "{text}");
    let text = texts(&host.handle(&german("bob", "d"), "neu carat").await);
    assert!(text.contains("lädt zu einer Partie Carat (#2) für 2 Spieler (3 Tage Bedenkzeit je Zug) ein"), "{text}");
}

#[tokio::test]
async fn several_games_are_listed_up_to_ten_and_counted_beyond() {
    let place = Place::new();
    let host = place.host().await;
    let mut ids = Vec::new();
    for seed in 0..12 {
        ids.push(started(&host, "c", seed).await);
    }
    let listed = |and: &str| {
        let first_ten = ids[..10].iter().map(|id| format!("#{id} Carat")).collect::<Vec<_>>().join(", ");
        format!("{first_ten} {and} 2")
    };
    let replies = host.handle(&origin("alice", "c"), "board").await;
    assert_eq!(
        refusal(&replies),
        format!("Several games fit here ({} more): name one, e.g. `board #{}`.", listed("and"), ids[0])
    );
    let replies = host.handle(&german("alice", "c"), "brett").await;
    assert_eq!(
        refusal(&replies),
        format!("Hier passen mehrere Partien ({} weitere): nenne eine, z. B. `brett #{}`.", listed("und"), ids[0])
    );
    // Eleven fit after one ends: ten listed and one more.
    let replies = host.handle(&origin("alice", "c"), &format!("resign #{}", ids[11])).await;
    assert!(!replies[0].refusal, "{}", texts(&replies));
    let replies = host.handle(&origin("bob", "c"), "board").await;
    assert!(refusal(&replies).contains(&format!("#{} Carat and 1 more)", ids[9])), "{}", texts(&replies));
}

/// The choice behind a command without `#N` ([`commands::store::Db::choose_games`]), worked
/// out by hand for a channel with two invitations (#1 alice's, #2 bob's) and two running
/// games (#3 carol and dave, #4 erin and alice): the fitting games, the user's own
/// first, then by number; their counts; and, when the limit leaves room, the one
/// invitation that does not fit, the user's own first.
#[tokio::test]
async fn the_choice_of_a_game_puts_the_users_own_first_and_keeps_one_waiting_invitation() {
    use commands::{
        store::{ChoiceFilter, Status},
        Command, GameId,
    };
    let place = Place::new();
    let host = place.host().await;
    for (creator, joiner) in [("alice", None), ("bob", None), ("carol", Some("dave")), ("erin", Some("alice"))] {
        let replies = host.handle(&origin(creator, "c"), "new carat").await;
        let id = replies[0].game.expect("an invitation").id;
        if let Some(joiner) = joiner {
            assert!(!host.run(&origin(joiner, "c"), Command::Join { game: Some(id) }).await[0].refusal);
            assert!(!host.run(&origin(creator, "c"), Command::Start { game: Some(id) }).await[0].refusal);
        }
    }
    let db = host.db();
    let choose = |user: &'static str, status: Option<Status>, plays: bool, limit: u32| async move {
        let choice = db
            .choose_games("test", "c", user, ChoiceFilter { status, plays }, limit)
            .await
            .expect("read");
        let ids: Vec<i64> = choice.fitting.iter().map(|g| g.id.0).collect();
        (ids, choice.fitting_count, choice.fitting_played, choice.waiting.map(|g: GameId| g.0))
    };
    // alice's running games: #4; the waiting invitation is her own #1.
    assert_eq!(choose("alice", Some(Status::Running), true, 11).await, (vec![4], 1, 1, Some(1)));
    // Every running game for bob, who plays none: by number; his own invitation waits.
    assert_eq!(choose("bob", Some(Status::Running), false, 11).await, (vec![3, 4], 2, 0, Some(2)));
    // alice's own running game first; with the limit full no invitation is read.
    assert_eq!(choose("alice", Some(Status::Running), false, 1).await, (vec![4], 2, 1, None));
    assert_eq!(choose("alice", Some(Status::Running), false, 2).await, (vec![4, 3], 2, 1, None));
    // Invitations and running games alike: all four fit, alice's own (#1, #4) first.
    assert_eq!(choose("alice", None, false, 10).await, (vec![1, 4, 2, 3], 4, 2, None));
    // bob's open games: his invitation #2; alice's invitation #1 waits.
    assert_eq!(choose("bob", None, true, 10).await, (vec![2], 1, 1, Some(1)));
    // Someone without a game here: nothing fits; the oldest invitation waits.
    assert_eq!(choose("zed", Some(Status::Running), true, 11).await, (vec![], 0, 0, Some(1)));
}

/// A player's commands (`move`, `resign`, `hand`, `claim`) without `#N` mean only the
/// user's own games: among several, the refusal lists just those (and `move`'s example
/// keeps the move); someone who plays none here is told so, not offered others' games.
#[tokio::test]
async fn a_players_commands_without_a_number_list_only_the_users_own_games() {
    let place = Place::new();
    let host = place.host().await;
    let first = started(&host, "c", 1).await;
    let second = started(&host, "c", 2).await;
    // A third game, of dave and erin.
    let third = crate::support::started_between(&host, |u| origin(u, "c"), ("dave", "erin"), 3).await;
    let mine = format!("#{first} Carat, #{second} Carat");
    for (line, example) in [("resign", "resign"), ("hand", "hand"), ("claim", "claim"), ("move c3 red", "move")] {
        let replies = host.handle(&origin("alice", "c"), line).await;
        let example = if line.starts_with("move") { format!("{example} #{first} c3 red") } else { format!("{example} #{first}") };
        assert_eq!(refusal(&replies), format!("Several games fit here ({mine}): name one, e.g. `{example}`."), "{line}");
    }
    let replies = host.handle(&german("alice", "c"), "zug c3 red").await;
    assert_eq!(refusal(&replies), format!("Hier passen mehrere Partien ({mine}): nenne eine, z. B. `zug #{first} c3 red`."));
    for line in ["resign", "hand", "claim"] {
        let replies = host.handle(&origin("gina", "c"), line).await;
        assert_eq!(refusal(&replies), "You have no game running in this channel.", "{line}");
    }
    // A move from her is answered by a game it fits (the newest of its kind).
    let (_, moves) = to_move(&host, third).await;
    let replies = host.handle(&origin("gina", "c"), &format!("move {}", moves[0])).await;
    assert_eq!(refusal(&replies), format!("You do not play in game #{third}."));
    // With one game running, she hears that she does not play in it.
    let only = started(&host, "d", 4).await;
    for line in ["resign", "hand", "claim"] {
        let replies = host.handle(&origin("gina", "d"), line).await;
        assert_eq!(refusal(&replies), format!("You do not play in game #{only}."), "{line}");
    }
}

/// `claim` in a game for one: its player hears that nobody waits; anyone else, that
/// they do not play in it.
#[tokio::test]
async fn a_claim_in_a_solo_game_is_answered_by_who_asks() {
    let place = Place::new();
    let host = place.host().await;
    let replies = host.handle(&origin("alice", "c"), "new hathor").await;
    let id = replies[0].game.expect("a game").id;
    let replies = host.handle(&origin("bob", "c"), &format!("claim #{id}")).await;
    assert_eq!(refusal(&replies), format!("You do not play in game #{id}."));
    let replies = host.handle(&origin("alice", "c"), "claim").await;
    assert!(refusal(&replies).starts_with(&format!("You play game #{id} alone")), "{}", texts(&replies));
}

#[tokio::test]
async fn a_resignation_in_german_names_the_winner_and_marks_the_loser() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c", 5).await;
    let replies = host.handle(&german("bob", "c"), &format!("aufgeben #{id}")).await;
    assert!(!replies[0].refusal, "{}", texts(&replies));
    assert_eq!(
        texts(&replies[..1]),
        format!(
            "bob gibt Partie #{id} auf.\nPartie #{id} ist vorbei: alice gewinnt, bob hat aufgegeben. Rangfolge:\n\
             1. alice: 0 Punkte\n2. bob (aufgegeben): 0 Punkte"
        )
    );
}

#[tokio::test]
async fn the_start_names_the_options_and_the_time_per_move() {
    let place = Place::new();
    let host = place.host().await;
    host.handle(&origin("alice", "c"), "new helofag goal=2 time=2h").await;
    host.handle(&origin("bob", "c"), "join").await;
    let replies = host.handle(&origin("bob", "c"), "start").await;
    let first = texts(&replies[..1]);
    assert_eq!(
        first.lines().next(),
        Some("Game #1 of Helofag begins (goal=2, 2 hours per move). Seats: alice, bob."),
        "{first}"
    );
    host.handle(&german("alice", "c"), "neu carat hand3").await;
    host.handle(&german("bob", "c"), "beitreten").await;
    let replies = host.handle(&german("bob", "c"), "starten").await;
    let first = texts(&replies[..1]);
    assert_eq!(
        first.lines().next(),
        Some("Partie #2 Carat beginnt (hand3, 3 Tage Bedenkzeit je Zug). Plätze: alice, bob."),
        "{first}"
    );
}

/// Hathor game `id` as the rules crate replays its record.
async fn hathor_now(host: &commands::Host, id: commands::GameId) -> Box<dyn rules::Match> {
    let record = host.record(id).await.expect("read").expect("started");
    let mut game = record.start().expect("starts");
    for text in &record.moves {
        game.play(text).expect("replays");
    }
    game
}

/// The fields of a `hathor-hint-fields` line ("… fits on 3 fields: C5, D2, E7 (the hint …"), sorted.
fn hint_fields(text: &str, before: &str) -> Vec<String> {
    let line = text.lines().find(|l| l.contains(before)).unwrap_or_else(|| panic!("no hint line in {text}"));
    let list = line.split(": ").nth(1).and_then(|rest| rest.split(" (").next()).unwrap_or_default();
    let mut fields: Vec<String> = list.split(", ").map(str::to_string).collect();
    fields.sort();
    fields
}

#[tokio::test]
async fn the_hathor_hint_lists_the_legal_fields_in_text_in_english_and_german() {
    let place = Place::new();
    let host = place.host().await;
    let started = host.handle(&origin("alice", "c"), "new hathor seed=3").await;
    let id = started[0].game.expect("a game").id;
    // The rules' own legal fields for the current stone (the hint itself is no field).
    let mut legal: Vec<String> = hathor_now(&host, id).await.legal_moves().into_iter().filter(|m| m != "hint").collect();
    legal.sort();
    let text = texts(&host.handle(&origin("alice", "c"), "hint").await);
    assert!(text.contains(&format!("The current stone fits on {} fields: ", legal.len())) && text.contains(" (the hint cost 500 points)."), "{text}");
    assert_eq!(hint_fields(&text, "The current stone fits on"), legal);
    // The hint is asked for, not played.
    assert!(text.contains(&format!("alice asks for the hint (game #{id}, move 1).")), "{text}");
    let text = texts(&host.handle(&german("alice", "c"), "zug hilfe").await);
    assert!(text.contains(&format!("Der aktuelle Stein passt auf {} Felder: ", legal.len())) && text.contains(" (der Tipp kostete 500 Punkte)."), "{text}");
    assert_eq!(hint_fields(&text, "Der aktuelle Stein passt auf"), legal);
    assert!(text.contains(&format!("alice bittet um die Setzhilfe (Partie #{id}, Zug 2).")), "{text}");
}

#[tokio::test]
async fn the_end_of_a_hathor_game_says_why_and_names_the_hathor_bonus() {
    for lang in [Lang::En, Lang::De] {
        let place = Place::new();
        let host = place.host().await;
        let at = Origin { lang: Some(lang), ..origin("alice", "c") };
        // Variant 2 ("hard"): every stone that shows the hathor symbol at the end earns 500.
        let started = host.handle(&at, "new hathor 2 seed=5").await;
        let id = started[0].game.expect("a game").id;
        let mut last = String::new();
        for k in 0..100 {
            let game = hathor_now(&host, id).await;
            if game.is_finished() {
                break;
            }
            let fields: Vec<String> = game.legal_moves().into_iter().filter(|m| m != "hint").collect();
            last = texts(&host.handle(&at, &fields[(k * 7) % fields.len()]).await);
        }
        let game = hathor_now(&host, id).await;
        assert!(game.is_finished(), "{last}");
        let rules::AnyView::Hathor(view) = game.view(rules::Viewer::Spectator) else { panic!("a Hathor view") };
        // Worked out from the final board: the stones showing the symbol, 500 each.
        let hathors = view.board.iter().flatten().flatten().filter(|s| s.symbol == rules::hathor::Symbol::Hathor).count();
        let points = hathors as i64 * 500;
        let (why, over) = match (lang, view.placed == 72) {
            (Lang::En, true) => ("All 72 stones are placed: 20,000 bonus points.".to_string(), "is over. Ranking:"),
            (Lang::En, false) => {
                (format!("The current stone fits nowhere, so the game ends after {} stones.", view.placed), "is over. Ranking:")
            }
            (_, true) => ("Alle 72 Steine liegen: 20.000 Bonuspunkte.".to_string(), "ist vorbei. Rangfolge:"),
            (_, false) => (
                format!("Der aktuelle Stein passt nirgends, also endet die Partie nach {} Steinen.", view.placed),
                "ist vorbei. Rangfolge:",
            ),
        };
        let bonus = match (lang, hathors) {
            (Lang::En, 1) => "Hathor bonus: one stone shows the hathor symbol, 500 points.".to_string(),
            (Lang::En, n) => format!("Hathor bonus: {n} stones show the hathor symbol, {} points.", crate::support::amount(points)),
            (_, 1) => "Hathor-Bonus: ein Stein zeigt das Hathor-Symbol, 500 Punkte.".to_string(),
            (_, n) => format!("Hathor-Bonus: {n} Steine zeigen das Hathor-Symbol, {} Punkte.", crate::support::amount(points).replace(',', ".")),
        };
        assert!(last.lines().any(|l| l == why), "{why:?} in {last}");
        assert!(last.lines().any(|l| l == bonus), "{bonus:?} in {last}");
        // A game of one names no winner.
        let game_word = if lang == Lang::En { "Game" } else { "Partie" };
        assert!(last.contains(&format!("{game_word} #{id} {over}")), "{last}");
    }
}

#[tokio::test]
async fn german_readers_see_moves_in_german_words_that_the_parser_takes() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c", 7).await;
    let (mover, moves) = to_move(&host, id).await;
    // The rules' list, colours in German words (`red` → `rot` …), first page.
    let german_list: Vec<String> = moves
        .iter()
        .take(40)
        .map(|m| m.replace("red", "rot").replace("blue", "blau").replace("green", "grün").replace("yellow", "gelb"))
        .collect();
    let text = texts(&host.handle(&german(&mover, "c"), "züge").await);
    assert!(text.contains(&format!(": {}", german_list.join(", "))), "{text}");
    // A German move as listed is taken, and announced in the same words.
    let replies = host.handle(&german(&mover, "c"), &german_list[0]).await;
    assert_eq!(texts(&replies).lines().next(), Some(format!("{mover} zieht {} (Partie #{id}, Zug 1).", german_list[0]).as_str()));
    // English readers keep the English words.
    let (next, moves) = to_move(&host, id).await;
    let replies = host.handle(&origin(&next, "c"), &moves[0]).await;
    assert_eq!(texts(&replies).lines().next(), Some(format!("{next} plays {} (game #{id}, move 2).", moves[0]).as_str()));
}

#[tokio::test]
async fn a_german_channel_posts_in_german_whoever_moves_and_private_answers_keep_the_users_language() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c", 7).await;
    texts(&host.handle(&admin("admin", "c"), "settings language=de").await);
    let (mover, moves) = to_move(&host, id).await;
    // The mover chose English for themselves.
    texts(&host.handle(&origin(&mover, "c"), "language en").await);
    let german_move = moves[0].replace("red", "rot").replace("blue", "blau").replace("green", "grün").replace("yellow", "gelb");
    let replies = host.handle(&origin(&mover, "c"), &moves[0]).await;
    let channel = replies.iter().find(|r| r.audience == commands::Audience::Channel).expect("the post");
    let first = channel.text.plain();
    assert_eq!(first.lines().next(), Some(format!("{mover} zieht {german_move} (Partie #{id}, Zug 1).").as_str()), "{first}");
    assert!(first.contains("ist am Zug"), "{first}");
    // What goes to the mover alone stays English: their hand, a refusal.
    let hand = replies.iter().find(|r| r.audience == commands::Audience::User(mover.clone())).expect("the hand");
    assert!(hand.text.plain().starts_with(&format!("Your hand in game #{id} (Carat")), "{}", hand.text.plain());
    let refusal = host.handle(&origin(&mover, "c"), &moves[1]).await;
    assert!(refused(&refusal, &mover, "turn"), "{}", texts(&refusal));
    // `board` is a channel post: German.
    let board = texts(&host.handle(&origin(&mover, "c"), "board").await);
    assert!(board.starts_with(&format!("Partie #{id}")), "{board}");
}

#[tokio::test]
async fn the_history_lists_moves_in_the_readers_notation_words() {
    let place = Place::new();
    let host = place.host().await;
    let id = started(&host, "c", 7).await;
    let (mover, moves) = to_move(&host, id).await;
    let replies = host.handle(&origin(&mover, "c"), &moves[0]).await;
    assert!(!replies[0].refusal, "{}", texts(&replies));
    let german_move = moves[0].replace("red", "rot").replace("blue", "blau").replace("green", "grün").replace("yellow", "gelb");
    let de = texts(&host.handle(&german(&mover, "c"), "verlauf").await);
    // Carat's lines name the tile placed too (issue 41), in the reader's word for it.
    assert!(de.lines().any(|l| l.starts_with(&format!("1. {mover}: {german_move} (Plättchen "))), "{de}");
    let en = texts(&host.handle(&origin(&mover, "c"), "history").await);
    assert!(en.lines().any(|l| l.starts_with(&format!("1. {mover}: {} (tile ", moves[0]))), "{en}");
}

/// Issue 16: a channel whose setting is German hears its clock notices (reminders, time
/// up, an expired invitation) in German even when the player they mention speaks
/// English with the bot; German durations after "in" and "seit" are in the dative.
#[tokio::test]
async fn a_german_channel_hears_its_clock_notices_in_german_whoever_they_mention() {
    use std::sync::Arc;

    use commands::base::clock::ManualClock;

    use crate::slowsupport::{due, notice_texts, ok, ok_at, timed_host, DAY, HOUR, T0};

    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    // The confirmation is the channel's, in German already.
    assert_eq!(
        ok_at(&host, &admin("root", "c"), "settings language=de time=8d before=2d half=off").await,
        "Einstellungen hier: Sprache de, Bedenkzeit 8 Tage, Erinnerung zur Halbzeit aus, Erinnerung vor dem Ende 2 Tage, ein Thread pro Partie aus, alte Zug-Erinnerungen löschen aus, Partie zum Nachspielen am Ende aus."
    );
    let id = started(&host, "c", 11).await;
    let (mover, _) = to_move(&host, id).await;
    let waiter = if mover == "alice" { "bob" } else { "alice" };
    // The mover speaks English with the bot; the channel's posts stay German.
    assert_eq!(ok(&host, &mover, "c", "language en").await, "I speak English with you.");
    clock.advance(6 * DAY);
    assert_eq!(
        notice_texts(&due(&host, &clock).await),
        format!("[c] @{mover}, deine Bedenkzeit in Partie #{id} (Carat) läuft in 2 Tagen ab: bitte mach deinen Zug.")
    );
    // A list for one user alone is in that user's language: the channel's German for the
    // waiter (no choice of their own), English for the mover.
    assert_eq!(
        ok(&host, waiter, "c", "partien").await,
        format!("Deine Partien:\n• #{id} Carat in c: {mover} ist am Zug, wartet seit 6 Tagen")
    );
    assert_eq!(
        ok(&host, &mover, "c", "games").await,
        format!("Your games:\n• #{id} Carat in c: your turn (no moves played), waiting for 6 days")
    );
    clock.advance(2 * DAY);
    assert_eq!(
        notice_texts(&due(&host, &clock).await),
        format!(
            "[c] Die Bedenkzeit von @{mover} in Partie #{id} (Carat) ist um: die anderen Spieler können die Partie jetzt mit `reklamieren` einfordern."
        )
    );
    // The lists say that the time is up, each in its reader's language.
    assert_eq!(
        ok(&host, waiter, "c", "partien").await,
        format!("Deine Partien:\n• #{id} Carat in c: {mover} ist am Zug, wartet seit 8 Tagen; die Bedenkzeit ist um: `reklamieren #{id}` beendet das Warten")
    );
    assert_eq!(
        ok(&host, &mover, "c", "games").await,
        format!(
            "Your games:\n• #{id} Carat in c: your turn (no moves played), waiting for 8 days; your time is up: you can still move until someone claims the game"
        )
    );
    // An English speaker's invitation expires in German here.
    ok(&host, "carol", "c", "language en").await;
    ok(&host, "carol", "c", "new carat").await;
    clock.advance(48 * HOUR);
    assert_eq!(
        notice_texts(&due(&host, &clock).await),
        "[c] Niemand hat die Einladung zu Partie #2 (Carat) rechtzeitig angenommen, darum ist sie abgelaufen."
    );
}

/// Issue 16: invitations and starts name the options in the reader's words (German
/// `ziel=2`, `zweifarben`, Hathor's variant by name); a German option word with `=` is
/// read; an option given twice names it in the reader's language.
#[tokio::test]
async fn options_are_named_in_the_readers_words() {
    let place = Place::new();
    let host = place.host().await;
    let first = |replies: &[commands::Reply]| texts(&replies[..1]).lines().next().unwrap_or_default().to_string();
    let invited = host.handle(&german("alice", "c"), "neu helofag ziel=2 zeit=2h").await;
    assert_eq!(
        first(&invited),
        "@alice lädt zu einer Partie Helofag (#1) für 2 Spieler (ziel=2, 2 Stunden Bedenkzeit je Zug) ein: mit `beitreten` bekommst du einen Platz."
    );
    host.handle(&german("bob", "c"), "beitreten").await;
    let begun = host.handle(&german("bob", "c"), "starten").await;
    assert_eq!(first(&begun), "Partie #1 Helofag beginnt (ziel=2, 2 Stunden Bedenkzeit je Zug). Plätze: alice, bob.");
    let invited = host.handle(&german("alice", "d"), "neu carat zweifarben").await;
    assert_eq!(
        first(&invited),
        "@alice lädt zu einer Partie Carat (#2) für 2 Spieler (zweifarben, 3 Tage Bedenkzeit je Zug) ein: mit `beitreten` bekommst du einen Platz."
    );
    let invited = host.handle(&origin("bob", "e"), "new carat two_colours").await;
    assert_eq!(
        first(&invited),
        "@bob invites you to a game of Carat (#3) for 2 players (two_colours, 3 days per move): type `join` to take a seat."
    );
    // Hathor starts at once: its variant by name.
    let begun = host.handle(&german("carol", "f"), "neu hathor 2").await;
    assert_eq!(first(&begun), "Partie #4 Hathor beginnt (Variante schwer, 3 Tage Bedenkzeit je Zug). Plätze: carol.");
    let begun = host.handle(&origin("dave", "g"), "new hathor 3").await;
    assert_eq!(first(&begun), "Game #5 of Hathor begins (variant easy, 3 days per move). Seats: dave.");
    // The same option twice, and a word that is no option, in German words.
    assert_eq!(
        refusal(&host.handle(&german("erin", "h"), "neu helofag ziel=2 ziel3").await),
        "„ziel=2“ und „ziel3“ setzen beide das Ziel: gib jede Option nur einmal an."
    );
    assert_eq!(
        refusal(&host.handle(&german("erin", "h"), "neu artifakes lila").await),
        "„lila“ ist keine Option von Artifälschungen: siehe `hilfe neu`."
    );
    // A value the game does not take, in either language's words.
    assert_eq!(
        refusal(&host.handle(&german("erin", "h"), "neu helofag ziel=9").await),
        "Helofag erlaubt „ziel=9“ nicht: `regeln helofag` nennt die erlaubten Werte."
    );
    assert_eq!(
        refusal(&host.handle(&origin("erin", "h"), "new helofag goal=9").await),
        "Helofag does not allow “goal=9”: `rules helofag` lists the values it takes."
    );
    assert_eq!(
        refusal(&host.handle(&german("erin", "h"), "neu carat startwert=x").await),
        "Der Startwert (`startwert=N`) muss eine ganze Zahl von 0 bis 18446744073709551615 sein, nicht „x“."
    );
}

/// Issue 16: `#N` before `hand` and `undo` names the game too, and in Aratoth `#N board`
/// is a board, not a shape.
#[tokio::test]
async fn a_game_number_names_the_game_for_hand_undo_and_in_aratoth() {
    let place = Place::new();
    let host = place.host().await;
    host.handle(&origin("alice", "c"), "new aratoth seed=5").await;
    host.handle(&origin("bob", "c"), "join").await;
    host.handle(&origin("alice", "c"), "start").await;
    let other = started(&host, "c", 4).await;
    let replies = host.handle(&origin("alice", "c"), "#1 board").await;
    assert_eq!(
        replies[0].text.plain().lines().next(),
        Some("Game #1 of Aratoth's Revenge after 0 moves."),
        "{}",
        texts(&replies)
    );
    let replies = host.handle(&origin("alice", "c"), &format!("#{other} hand")).await;
    assert!(!replies.is_empty() && !replies[0].refusal, "{}", texts(&replies));
    assert_eq!(replies[0].game.map(|g| g.id), Some(other), "{}", texts(&replies));
    // `#1 undo` asks to take back in game #1 (nothing was played there yet).
    let replies = host.handle(&origin("alice", "c"), "#1 undo").await;
    assert_eq!(refusal(&replies), "There is no move to take back in game #1.");
}

/// Issue 16: `claim` in German: with three players the player leaves and play goes
/// on; the player to move hears a plain sentence; what is left of a 1-day move after
/// 13 hours reads "11 Stunden".
#[tokio::test]
async fn a_claim_and_the_time_left_are_told_in_german() {
    use std::sync::Arc;

    use commands::base::clock::ManualClock;

    use crate::slowsupport::{no, timed_host, HOUR, MINUTE, T0};

    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    ok_at_german(&host, "alice", "neu aratoth 3 startwert=5 zeit=1d").await;
    ok_at_german(&host, "bob", "beitreten").await;
    ok_at_german(&host, "carol", "beitreten").await;
    ok_at_german(&host, "alice", "starten").await;
    let (mover, _) = to_move(&host, commands::GameId(1)).await;
    let claimer = ["alice", "bob", "carol"].into_iter().find(|u| *u != mover).expect("someone waits");
    clock.advance(13 * HOUR);
    assert_eq!(
        no_german(&host, claimer, "reklamieren").await,
        format!("{mover} hat in Partie #1 noch 11 Stunden für diesen Zug: du kannst erst reklamieren, wenn die Zeit um ist.")
    );
    assert_eq!(
        no(&host, claimer, "c", "claim").await,
        format!("{mover} still has 11 hours for this move in game #1: you can claim only when the time is up.")
    );
    assert_eq!(
        no_german(&host, &mover, "reklamieren").await,
        "In Partie #1 bist du am Zug, du kannst also nichts reklamieren: die anderen können es erst, wenn deine Bedenkzeit abgelaufen ist."
    );
    clock.advance(11 * HOUR + MINUTE);
    // The mover whose own time is up has nothing to claim, and hears why.
    assert_eq!(
        no_german(&host, &mover, "reklamieren").await,
        "Deine Bedenkzeit in Partie #1 ist um, du kannst also nichts reklamieren: du kannst aber noch ziehen, bis jemand die Partie reklamiert."
    );
    let said = ok_at_german(&host, claimer, "reklamieren").await;
    assert_eq!(
        said.lines().next(),
        Some(format!("{claimer} reklamiert Partie #1: die Bedenkzeit von {mover} ist abgelaufen, {mover} scheidet also aus, und das Spiel geht weiter.").as_str()),
        "{said}"
    );
}

async fn ok_at_german(host: &commands::Host, user: &str, line: &str) -> String {
    crate::slowsupport::ok_at(host, &german(user, "c"), line).await
}

async fn no_german(host: &commands::Host, user: &str, line: &str) -> String {
    crate::slowsupport::no_at(host, &german(user, "c"), line).await
}

/// Issue 16: a result uses the game's own unit, in English and German: Artifakes ranks
/// by stones (both archaeologists start on stone 1, spec `artifakes.md`), Helofag by
/// pieces in the goal (none at the start).
#[tokio::test]
async fn results_use_the_games_own_units_in_english_and_german() {
    let cases = [
        ("artifakes", Lang::En, "bob resigns game #1.\nGame #1 is over: alice wins, bob resigned. Ranking:\n1. alice: 1 stone\n2. bob (resigned): 1 stone"),
        ("artifakes", Lang::De, "bob gibt Partie #1 auf.\nPartie #1 ist vorbei: alice gewinnt, bob hat aufgegeben. Rangfolge:\n1. alice: 1 Stein\n2. bob (aufgegeben): 1 Stein"),
        (
            "helofag",
            Lang::En,
            "bob resigns game #1.\nGame #1 is over: alice wins, bob resigned. Ranking:\n1. alice: 0 pieces in the goal\n2. bob (resigned): 0 pieces in the goal",
        ),
        (
            "helofag",
            Lang::De,
            "bob gibt Partie #1 auf.\nPartie #1 ist vorbei: alice gewinnt, bob hat aufgegeben. Rangfolge:\n1. alice: 0 Figuren im Ziel\n2. bob (aufgegeben): 0 Figuren im Ziel",
        ),
    ];
    for (game, lang, expected) in cases {
        let place = Place::new();
        let host = place.host().await;
        let at = |user: &str| Origin { lang: Some(lang), ..origin(user, "c") };
        host.handle(&at("alice"), &format!("new {game} seed=3")).await;
        host.handle(&at("bob"), "join").await;
        host.handle(&at("alice"), "start").await;
        let replies = host.handle(&at("bob"), "resign").await;
        assert!(!replies[0].refusal, "{}", texts(&replies));
        assert_eq!(texts(&replies[..1]), expected, "{game} {lang:?}");
    }
}

/// Issue 16: a hand goes in its owner's language, whoever started the game: alice chose
/// English in a German channel, bob (no choice of his own) starts.
#[tokio::test]
async fn a_hand_dealt_at_the_start_is_in_its_owners_language() {
    let place = Place::new();
    let host = place.host().await;
    host.handle(&admin("root", "c"), "settings language=de").await;
    host.handle(&origin("alice", "c"), "language en").await;
    host.handle(&origin("alice", "c"), "new carat hand3 seed=2").await;
    host.handle(&origin("bob", "c"), "join").await;
    let replies = host.handle(&origin("bob", "c"), "start").await;
    let hand_of = |user: &str| {
        replies
            .iter()
            .find(|r| r.audience == commands::Audience::User(user.into()))
            .map(|r| r.text.plain())
            .unwrap_or_else(|| panic!("a hand for {user}: {}", texts(&replies)))
    };
    assert!(hand_of("alice").starts_with("Your hand in game #1 (Carat, channel c): "), "{}", hand_of("alice"));
    assert!(hand_of("bob").starts_with("Deine Hand in Partie #1 (Carat, Kanal c): "), "{}", hand_of("bob"));
}

/// Issue 16 (a phone user need not open the picture): after a Hathor placement the
/// channel hears the stone, its field, the neighbours it touches and the points
/// (spec `hathor.md`: 100 × 2^neighbours), the score, and the next stone, in English and
/// German; worked out from the rules' board, with the German stone words typed here.
#[tokio::test]
async fn a_hathor_placement_says_its_stone_points_and_the_next_stone() {
    fn german(stone: &str) -> String {
        let words = [
            ("blue", "blau"),
            ("red", "rot"),
            ("green", "grün"),
            ("yellow", "gelb"),
            ("white", "weiß"),
            ("purple", "violett"),
            ("ankh", "anch"),
            ("scarab", "skarabäus"),
            ("eye", "auge"),
            ("falcon", "falke"),
        ];
        stone.split('-').map(|w| words.iter().find(|(en, _)| *en == w).map_or(w, |(_, de)| de)).collect::<Vec<_>>().join("-")
    }
    for lang in [Lang::En, Lang::De] {
        let place = Place::new();
        let host = place.host().await;
        let at = Origin { lang: Some(lang), ..origin("alice", "c") };
        let started = host.handle(&at, "new hathor seed=9").await;
        let id = started[0].game.expect("a game").id;
        for k in 0..3 {
            let before = hathor_now(&host, id).await;
            let rules::AnyView::Hathor(view) = before.view(rules::Viewer::Spectator) else { panic!("a Hathor view") };
            let stone = view.current.expect("a stone to place").to_string();
            let fields: Vec<String> = before.legal_moves().into_iter().filter(|m| m != "hint").collect();
            let field = fields[(k * 5) % fields.len()].clone();
            let said = texts(&host.handle(&at, &field).await);
            let after = hathor_now(&host, id).await;
            let rules::AnyView::Hathor(now) = after.view(rules::Viewer::Spectator) else { panic!("a Hathor view") };
            let placed = rules::hathor::Field::parse(&field).expect("a field");
            let touching = placed
                .neighbours()
                .filter(|n| now.board[usize::from(n.row)][usize::from(n.col)].is_some())
                .count();
            let points = 100_i64 << touching;
            assert_eq!(now.score - view.score, points, "the rules scored the placement so");
            let next = now.current.expect("the game goes on").to_string();
            let (placed_line, next_line) = match lang {
                Lang::En => (
                    format!(
                        "{stone} on {field} touches {}: {points} points, {} in all.",
                        match touching {
                            0 => "no stone".to_string(),
                            1 => "1 stone".to_string(),
                            n => format!("{n} stones"),
                        },
                        crate::support::amount(now.score)
                    ),
                    format!("The current stone is {next}."),
                ),
                _ => (
                    format!(
                        "{} auf {field} berührt {}: {points} Punkte, insgesamt {}.",
                        german(&stone),
                        match touching {
                            0 => "keinen Stein".to_string(),
                            1 => "1 Stein".to_string(),
                            n => format!("{n} Steine"),
                        },
                        crate::support::amount(now.score).replace(',', ".")
                    ),
                    format!("Der aktuelle Stein ist {}.", german(&next)),
                ),
            };
            assert!(said.lines().any(|l| l == placed_line), "{placed_line:?} in {said}");
            assert!(said.lines().any(|l| l == next_line), "{next_line:?} in {said}");
        }
    }
}

/// Issue 16: `claim` without a number, with several games here, claims the one game
/// whose player to move has run out of time.
#[tokio::test]
async fn a_bare_claim_takes_the_one_game_that_can_be_claimed() {
    use std::sync::Arc;

    use commands::base::clock::ManualClock;

    use crate::slowsupport::{ok, timed_host, DAY, MINUTE, T0};

    let place = Place::new();
    let clock = Arc::new(ManualClock::at(T0));
    let host = timed_host(&place, &clock).await;
    ok(&host, "alice", "c", "new carat time=1d seed=3").await;
    ok(&host, "bob", "c", "join").await;
    ok(&host, "alice", "c", "start").await;
    let second = started(&host, "c", 4).await;
    let (late, _) = to_move(&host, commands::GameId(1)).await;
    let claimer = if late == "alice" { "bob" } else { "alice" };
    clock.advance(DAY + MINUTE);
    let said = ok(&host, claimer, "c", "claim").await;
    assert_eq!(said.lines().next(), Some(format!("{claimer} claims game #1: the time of {late} ran out.").as_str()), "{said}");
    // The other game (3 days per move) goes on.
    assert!(host.db().game(second).await.expect("read").expect("the game").status == commands::store::Status::Running);
}

/// Issue 16: a game's number after a move names the game (`hint #2` as `#2 hint`), so a
/// player with two Hathor boards here need not learn a second order of words.
#[tokio::test]
async fn a_game_number_after_a_move_names_the_game() {
    let place = Place::new();
    let host = place.host().await;
    host.handle(&origin("alice", "c"), "new hathor seed=1").await;
    host.handle(&origin("alice", "c"), "new hathor seed=2").await;
    let replies = host.handle(&origin("alice", "c"), "hint #2").await;
    assert!(!replies.is_empty() && !replies[0].refusal, "{}", texts(&replies));
    assert_eq!(texts(&replies).lines().next(), Some("alice asks for the hint (game #2, move 1)."), "{}", texts(&replies));
    let replies = host.handle(&german("alice", "c"), "setzhilfe #1").await;
    assert_eq!(texts(&replies).lines().next(), Some("alice bittet um die Setzhilfe (Partie #1, Zug 1)."), "{}", texts(&replies));
}

/// Choosing the game a line means reads the channel's games' whole rows: a game whose
/// stored row no longer parses (damaged JSON) spoils only commands about itself, not
/// the choice among the channel's other games.
#[tokio::test]
async fn a_damaged_game_does_not_spoil_the_choice_of_the_others() {
    let place = Place::new();
    let host = place.host().await;
    let ours = started(&host, "c", 3).await;
    let theirs = crate::support::started_between(&host, |user| origin(user, "c"), ("carol", "dave"), 4).await;
    let damaged = crate::support::execute(host.db(), "UPDATE games SET options = 'not json' WHERE id = $1", &[theirs.0]).await;
    assert_eq!(damaged, 1);
    // alice plays one of the two running games: `board` finds hers.
    let board = host.handle(&origin("alice", "c"), "board").await;
    assert!(!board[0].refusal, "{}", texts(&board));
    assert_eq!(board[0].game.map(|g| g.id), Some(ours));
    // Among several, the list still names both.
    let several = host.handle(&origin("eve", "c"), "board").await;
    assert!(refused(&several, "eve", &format!("#{} Carat, #{} Carat", ours.0, theirs.0)), "{}", texts(&several));
    // carol's own game cannot be loaded: a storage refusal, and nothing else changes.
    let hers = host.handle(&origin("carol", "c"), "board").await;
    assert!(hers[0].refusal && hers[0].text.plain().contains("try again"), "{}", texts(&hers));
}
