//! Play: `move` (and bare moves), `resign`, `board`, `hand`, `moves`, the turn
//! announcement after every accepted move, and the AI seats' moves ([`ai_turn`]).

use rules::{Match, PlayErrorKind, Seat, Viewer};

use crate::{
    base::ai_seat,
    base::i18n::{Arg, Msg},
    base::ids::GameId,
    base::reply::{GameRef, Reply, Text},
    store::Status,
    table::context::{Ctx, Loaded, Outcome, Refused, Want},
    table::games::{may_list_moves, move_help},
    table::master::Standing,
    table::turn::{announce, announce_drawn, changed, hand_reply, hands, result_line, start_hands, status_text, store},
};

/// `move <notation>` or a bare move.
pub async fn play(ctx: &Ctx<'_>, id: Option<GameId>, notation: &str, at: Option<u64>, bare: bool) -> Outcome {
    if bare {
        return bare_move(ctx, id, notation, at).await;
    }
    // Only the user's own games: among several, the example names the move too; with
    // none, a game here that the move fits says that the user does not play in it.
    let loaded = match ctx.table.select(ctx, id, Want::MyRunning, false).await {
        Err(Refused::SeveralGames { games, example }) => {
            let example = example_for(ctx, notation, &example).await;
            return Err(Refused::SeveralGames { games, example: format!("{example} {notation}") });
        }
        Err(refused @ Refused::NoGame(_)) if id.is_none() => return Err(not_yours(ctx, notation).await?.unwrap_or(refused)),
        other => other?,
    };
    move_in(ctx, loaded, notation, at).await
}

/// A line that is not a command word: a move when the user plays exactly one running
/// game here and the text parses as a move of that game; else an unknown command.
async fn bare_move(ctx: &Ctx<'_>, id: Option<GameId>, notation: &str, at: Option<u64>) -> Outcome {
    let word = notation.split_whitespace().next().unwrap_or_default();
    let unknown = || match crate::grammar::Verb::nearest_word(word) {
        Some(nearest) => Refused::from(Msg::new("cmd-unknown-nearest").arg("word", word).arg("nearest", nearest)),
        None => Refused::from(Msg::new("cmd-unknown").arg("word", word)),
    };
    if notation.trim_start().starts_with('@') {
        return Err(unknown());
    }
    let loaded = match ctx.table.select(ctx, id, Want::MyRunning, false).await {
        Ok(loaded) => loaded,
        Err(Refused::SeveralGames { games, example }) => {
            // The same list, with the text as the move in the example.
            let example = format!("{} {notation}", example_for(ctx, notation, &example).await);
            return Err(Msg::new("cmd-bare-several").arg("text", notation).arg("games", games).arg("example", example).into());
        }
        // `#2 c3 red` names a game: say what is wrong with it, not "unknown command".
        Err(refused @ (Refused::Command(_) | Refused::NoGame(_))) if id.is_some() => return Err(refused),
        Err(Refused::Command(_) | Refused::NoGame(_)) => return Err(not_yours(ctx, notation).await?.unwrap_or_else(unknown)),
        Err(other) => return Err(other),
    };
    let Some(game) = &loaded.game else { return Err(unknown()) };
    let mut probe = game.box_clone();
    if let Err(e) = probe.play(notation)
        && e.kind == PlayErrorKind::Notation
        && !looks_like_a_move(game.as_ref(), word)
    {
        return Err(unknown());
    }
    move_in(ctx, loaded, notation, at).await
}

/// The example of naming the game for `notation` among the user's several running
/// games here: `example` (`move #N`, N the first game listed) with N the first of them
/// where `notation` is a legal move, else the first it reads as a move of, else N as it
/// was (issue 41: with a Hathor and a Carat game, `C5` was told to try the Carat game).
async fn example_for(ctx: &Ctx<'_>, notation: &str, example: &str) -> String {
    // The choice read along with the request when it was a move without a number.
    let choice = match ctx.chosen {
        Some((Want::MyRunning, choice)) => choice.clone(),
        _ => match ctx.table.choose(ctx, Want::MyRunning).await {
            Ok(choice) => choice,
            Err(_) => return example.to_string(),
        },
    };
    let word = notation.split_whitespace().next().unwrap_or_default();
    let (mut legal, mut reads) = (None, None);
    for row in choice.fitting.into_iter().filter(|g| g.plays).filter_map(|g| g.row) {
        let id = row.id;
        let Ok(loaded) = ctx.table.load(row).await else { continue };
        let Some(game) = &loaded.game else { continue };
        if legal.is_none() && game.box_clone().play(notation).is_ok() {
            legal = Some(id);
        }
        if reads.is_none() && (game.reads_as_move(notation) || looks_like_a_move(game.as_ref(), word)) {
            reads = Some(id);
        }
    }
    match (legal.or(reads), example.rsplit_once('#')) {
        (Some(id), Some((head, _))) => format!("{head}#{id}"),
        _ => example.to_string(),
    }
}

/// Why a line that reads as a move is no move of the requester's: a running game here
/// they do not play in and that is no other player's game of an open challenge
/// (`cmd-not-a-player`, the newest such game of a kind the line reads as), else the game that finished here last
/// (`cmd-game-over-result`, with its result); `None` when the line reads as a move of
/// neither (then it is an unknown command).
async fn not_yours(ctx: &Ctx<'_>, notation: &str) -> Result<Option<Refused>, Refused> {
    let word = notation.split_whitespace().next().unwrap_or_default();
    let reads = |game: &dyn Match| game.reads_as_move(notation) || looks_like_a_move(game, word);
    let db = &ctx.table.db;
    // The newest game of each kind stands for its kind: as many games to look at as
    // there are kinds, however many games the channel has.
    for row in db.newest_running_not_played(&ctx.origin.platform, &ctx.origin.channel, ctx.user_id()).await? {
        let loaded = ctx.table.load_for(ctx, row).await?;
        if loaded.game.as_deref().is_some_and(reads) && loaded.seat_of(ctx.user_id()).is_none() {
            return Ok(Some(Msg::new("cmd-not-a-player").arg("id", loaded.row.id).into()));
        }
    }
    let Some(row) = db.last_finished_in(&ctx.origin.platform, &ctx.origin.channel).await? else { return Ok(None) };
    let loaded = ctx.table.load_for(ctx, row).await?;
    Ok(loaded.game.as_deref().filter(|g| reads(*g)).map(|game| game_over(ctx, &loaded, game)))
}

/// `cmd-game-over-result`: game `loaded` is over, with its result in one line.
fn game_over(ctx: &Ctx<'_>, loaded: &Loaded, game: &dyn Match) -> Refused {
    match result_line(ctx, loaded, game) {
        Some(result) => Msg::new("cmd-game-over-result").arg("id", loaded.row.id).arg("result", result).into(),
        None => Msg::new("cmd-game-over").arg("id", loaded.row.id).into(),
    }
}

/// Whether `word` (the first word of a line that is no command) is shaped like the first
/// word of one of the game's legal moves (letters as letters, digits as digits, e.g. `z9`
/// like `a1`): then a mistyped move is answered by the rules' reason, not as an unknown
/// command, while a word like `hello` stays an unknown command.
fn looks_like_a_move(game: &dyn Match, word: &str) -> bool {
    // Trailing separators do not count: `S+2,` (the first of three actions) is shaped
    // like the single action `S+2`.
    let shape = |w: &str| -> String {
        w.trim_end_matches([',', ';', '.'])
            .chars()
            .map(|c| if c.is_alphabetic() { 'a' } else if c.is_ascii_digit() { '9' } else { c })
            .collect()
    };
    let wanted = shape(word);
    game.legal_moves().iter().any(|m| m.split_whitespace().next().is_some_and(|first| shape(first) == wanted))
}

/// `turn-moved` for `mover`'s move `canonical`: a move that begins with its own verb
/// (Artifakes' `play 12 colour ccw`, `bury block 17`) gives the sentence its verb, so it
/// is not doubled ("bob plays play 12 ..."), a wasted card is wasted ("bob wastes card
/// 14"); Hathor's hint is asked for, not played.
fn moved(mover: Arg, canonical: &str, kind: rules::GameKind, lang: crate::base::i18n::Lang) -> Msg {
    let (verb, rest) = match canonical.split_once(' ') {
        // Artifakes' `play 14 waste`: "alice wastes card 14".
        Some(("play", rest)) if rest.ends_with(" waste") => ("waste", rest.trim_end_matches(" waste")),
        Some((verb @ ("play" | "bury"), rest)) => (verb, rest),
        _ if canonical == "hint" && kind == rules::GameKind::Hathor => ("hint", ""),
        _ => ("other", canonical),
    };
    // The move in the reader's notation words (`c3 rot` in German).
    let rest = crate::table::games::notation_in(kind, lang, rest);
    Msg::new("turn-moved").arg("player", mover).arg("verb", verb).arg("move", rest)
}

/// Checks that the game runs and the requester plays it; returns the seat.
fn player_seat(loaded: &Loaded, ctx: &Ctx<'_>) -> Result<Seat, Refused> {
    let id = loaded.row.id;
    match loaded.row.status {
        Status::Running => {}
        Status::Invited => return Err(Msg::new("cmd-not-started").arg("id", id).into()),
        Status::Finished => {
            return Err(match &loaded.game {
                Some(game) => game_over(ctx, loaded, game.as_ref()),
                None => Msg::new("cmd-game-over").arg("id", id).into(),
            });
        }
        Status::Withdrawn => return Err(Msg::new("cmd-game-over").arg("id", id).into()),
    }
    loaded.seat_of(ctx.user_id()).ok_or_else(|| Msg::new("cmd-not-a-player").arg("id", id).into())
}

/// How long a scheduler's claim on an AI turn keeps other schedulers off it (ms): far
/// longer than a search (a few seconds; a `master` search, longer, renews its claim
/// every 20 s while it is queued or thinking), short enough that a turn whose process
/// died while thinking is played a minute later by another.
pub(crate) const AI_CLAIM_LEASE_MS: i64 = 60_000;

/// Plays the next turn of an AI seat in game `id` (README, "Playing against the bot"),
/// when one is to move: the `ai` crate chooses the move from what the seat may see
/// ([`ai::SeatView`]) at the seat's level, seeded by the game's seed, move number and
/// seat (so a choice made again after a crash is the same), and it is played like any
/// player's move: the same announcement, board and mention of who is next, in the
/// channel's language. A `master` seat's turn is searched in the background
/// ([`crate::table::master`]): the poll that claims it queues the search and returns
/// `Ok(None)`, and the first poll after the search is done plays the move. Returns the AI seat's origin and the replies of its move (the
/// caller applies the challenge rules and drops what is private to an AI seat);
/// `Ok(None)` when no AI seat is to move, another scheduler (process) claimed the turn
/// and is thinking ([`crate::store::turns::claim_ai_turn`], for [`AI_CLAIM_LEASE_MS`]),
/// or another poller stored a move first (the append is guarded by the move number: a
/// stored move is the only truth, so an AI turn is never played twice).
///
/// # Errors
/// A description for the log: a storage failure, the AI finding no move, or the rules
/// refusing the AI's move (a bug in a sampler).
pub async fn ai_turn(table: &crate::table::Table, id: GameId) -> Result<Option<(crate::base::origin::Origin, Vec<Reply>)>, String> {
    let Some(row) = table.db.game(id).await.map_err(|e| e.to_string())? else { return Ok(None) };
    if row.status != Status::Running {
        return Ok(None);
    }
    let loaded = table.load(row).await.map_err(|e| e.to_string())?;
    let Some(game) = &loaded.game else { return Ok(None) };
    let seats = game.to_move();
    let Some(player) = seats.iter().filter_map(|&s| loaded.players.get(s)).find(|p| ai_seat::is_ai(&p.user_id)).cloned()
    else {
        return Ok(None);
    };
    let level = ai_seat::level_of(&player.user_id).unwrap_or_default();
    let seq = loaded.row.seq;
    let seed = ai_seed(id, seq, player.seat);
    let turn = (id, seq, loaded.row.takebacks);
    // A master turn thinks in the background (`crate::table::master`): a poll starts
    // the search and a later one plays its move.
    let finished = if level == ai::Level::Master {
        match table.masters.take(turn) {
            Standing::Thinking => return Ok(None),
            Standing::Done(chosen) => Some(chosen),
            Standing::Absent => None,
        }
    } else {
        None
    };
    let (thinking, chosen) = match finished {
        // Claimed and noted when its search began.
        Some(chosen) => (Thinking { table, claim: turn }, chosen),
        None => {
            // Several schedulers (bot processes) may see this turn at once: one thinks,
            // the others leave it.
            let now = table.clock.now_ms();
            let claimed = crate::store::turns::claim_ai_turn(&table.db, id, seq, loaded.row.takebacks, now, AI_CLAIM_LEASE_MS).await;
            if !claimed.map_err(|e| e.to_string())? {
                return Ok(None);
            }
            // Noted while this process thinks, so that a stop gives the claim back
            // ([`crate::table::Table::release_ai_claims`]); forgotten once the turn is over.
            let thinking = Thinking::note(table, turn);
            let view = ai::SeatView::of(game.as_ref(), player.seat);
            if level == ai::Level::Master
                && let Ok(view) = view
            {
                tracing::info!(game = %id, seat = player.seat, "a master search is queued");
                table.start_master(turn, view, seed);
                return Ok(None);
            }
            let chosen = match view {
                Ok(view) => match tokio::task::spawn_blocking(move || ai::choose(&view, level, seed)).await {
                    Ok(Ok(notation)) => Ok(notation),
                    Ok(Err(e)) => Err(e.to_string()),
                    Err(e) => Err(e.to_string()),
                },
                Err(e) => Err(e.to_string()),
            };
            (thinking, chosen)
        }
    };
    // Should the search fail (a bug), the seat still moves: a legal move picked by the
    // seed, so that the game never waits for an AI seat for ever.
    let notation = match chosen {
        Ok(notation) => notation,
        Err(e) => {
            tracing::error!(game = %id, seat = player.seat, error = %e, "the AI found no move; it plays a legal one");
            let legal = game.legal_moves();
            let pick = usize::try_from(seed % legal.len().max(1) as u64).unwrap_or(0);
            legal.get(pick).cloned().ok_or_else(|| format!("the AI seat has no legal move: {e}"))?
        }
    };
    // While a person still plays, every move is shown; a game left to AI seats (its
    // last player resigned) is played on silently and only its end is told.
    let removed = game.removed();
    let watched = loaded.players.iter().any(|p| !ai_seat::is_ai(&p.user_id) && !removed.contains(&p.seat));
    let user = crate::base::reply::User::new(player.user_id.clone(), player.name.clone());
    let origin = crate::table::context::seat_origin(&loaded.row, &loaded.players, user);
    let ctx = crate::table::context::acting(table, &origin, crate::grammar::Verb::Move).await;
    tracing::info!(game = %id, seat = player.seat, %level, notation = %notation, "AI move chosen");
    let stored = move_in(&ctx, loaded.named_in(&table.texts, ctx.channel_lang), &notation, Some(seq)).await;
    // The turn is over, stored or refused (not cancelled mid-way: that keeps the note).
    thinking.done();
    match stored {
        Ok(replies) => {
            let over = table.db.game(id).await.map_err(|e| e.to_string())?.is_some_and(|r| r.status == Status::Finished);
            Ok(Some((origin.clone(), if watched || over { replies } else { Vec::new() })))
        }
        Err(refused) => match table.move_number(id).await {
            // Another poller (or process) stored a move first: nothing to do.
            Ok(Some(now)) if now != seq => Ok(None),
            _ => Err(format!("the AI's move {notation} was not stored: {refused:?}")),
        },
    }
}

/// Plays the replies due in game `id` by its players' conditional moves (docs
/// "Conditional moves"), as the scheduler plays AI turns: a plan whose opponent has just
/// played the move it names has its reply played at once, announced like any move with
/// "played as planned" ([`crate::table::plans::standing`] reads from the log whether a
/// reply is due, so a restart changes nothing). A turn is claimed as an AI turn is
/// ([`crate::store::turns::claim_ai_turn`]) and its move stored guarded by the move
/// number, so of several processes one plays it, once. A plan that another move broke,
/// or whose reply is illegal by then (a hand changed by a draw), is deleted and its
/// owner told privately; a used-up plan, or any in a game that ended, is deleted.
/// Returns the replies to post in the game's channel (announcements and private notes)
/// and how many moves were played.
///
/// # Errors
/// A description for the log: a storage failure.
pub async fn planned_replies(table: &crate::table::Table, id: GameId) -> Result<(usize, Vec<Reply>), String> {
    use crate::table::plans::Standing;
    let db = &table.db;
    let plans = db.plans_in(id).await.map_err(|e| e.to_string())?;
    let Some(row) = db.game(id).await.map_err(|e| e.to_string())? else { return Ok((0, Vec::new())) };
    if row.status != Status::Running {
        for plan in &plans {
            db.drop_plan(plan).await.map_err(|e| e.to_string())?;
        }
        return Ok((0, Vec::new()));
    }
    let loaded = table.load(row).await.map_err(|e| e.to_string())?;
    let (mut played, mut out) = (0, Vec::new());
    for plan in plans {
        let Some(player) = loaded.players.get(plan.seat).filter(|p| p.user_id == plan.user_id).cloned() else {
            db.drop_plan(&plan).await.map_err(|e| e.to_string())?;
            continue;
        };
        let user = crate::base::reply::User::new(player.user_id.clone(), player.name.clone());
        let origin = crate::table::context::seat_origin(&loaded.row, &loaded.players, user);
        let ctx = crate::table::context::acting(table, &origin, crate::grammar::Verb::Move).await;
        // The owner's own language for what is said to them alone.
        let tell = |msg: Msg| Reply::private(&player.user_id, ctx.text(&msg));
        match crate::table::plans::standing(&loaded, &plan) {
            None => tracing::error!(game = %id, "a conditional plan could not be read against the log"),
            Some(Standing::Waiting { .. }) => {}
            Some(Standing::Done) => {
                db.drop_plan(&plan).await.map_err(|e| e.to_string())?;
            }
            Some(Standing::Broken { text, by_owner, .. }) => {
                if db.drop_plan(&plan).await.map_err(|e| e.to_string())? && !by_owner {
                    let msg = if text.is_empty() {
                        Msg::new("conditional-ended-undo").arg("id", id)
                    } else {
                        let shown = crate::table::games::notation_in(loaded.kind, ctx.lang, &text);
                        Msg::new("conditional-ended").arg("id", id).arg("move", shown)
                    };
                    tracing::info!(game = %id, seat = plan.seat, "a conditional plan was broken by another move");
                    out.push(tell(msg));
                }
            }
            Some(Standing::Due { step, seq }) => {
                let Some(game) = &loaded.game else { continue };
                if !game.to_move().contains(&plan.seat) {
                    db.drop_plan(&plan).await.map_err(|e| e.to_string())?;
                    continue;
                }
                let claimed = crate::store::turns::claim_ai_turn(db, id, seq, loaded.row.takebacks, table.clock.now_ms(), AI_CLAIM_LEASE_MS).await;
                if !claimed.map_err(|e| e.to_string())? {
                    continue;
                }
                let (_, mine) = &plan.steps[step];
                let copy = Loaded { row: loaded.row.clone(), kind: loaded.kind, players: loaded.players.clone(), game: Some(game.box_clone()) };
                let note = Msg::new("conditional-played");
                match move_noted(&ctx, copy.named_in(&table.texts, ctx.channel_lang), mine, Some(seq), Some(note)).await {
                    Ok(replies) => {
                        tracing::info!(game = %id, seat = plan.seat, step, "a conditional reply was played");
                        played += 1;
                        if step + 1 == plan.steps.len() {
                            db.drop_plan(&plan).await.map_err(|e| e.to_string())?;
                        }
                        out.extend(replies);
                        // The game moved on: its other plans wait for the next poll.
                        break;
                    }
                    Err(refused) => match table.move_number(id).await {
                        // Another process stored a move first: nothing to do.
                        Ok(Some(now)) if now != seq => {}
                        _ => {
                            if db.drop_plan(&plan).await.map_err(|e| e.to_string())? {
                                let reason = match refused {
                                    Refused::Rule(rule) => table.rule_text(ctx.lang, &rule).plain(),
                                    Refused::Command(msg) | Refused::NoGame(msg) => ctx.text(&msg).plain(),
                                    Refused::Storage(e) => return Err(e.to_string()),
                                    Refused::SeveralGames { .. } => String::new(),
                                };
                                let shown = crate::table::games::notation_in(loaded.kind, ctx.lang, mine);
                                tracing::info!(game = %id, seat = plan.seat, "a conditional reply was illegal and dropped");
                                out.push(tell(Msg::new("conditional-dropped").arg("id", id).arg("move", shown).arg("reason", reason)));
                            }
                        }
                    },
                }
            }
        }
    }
    Ok((played, out))
}

/// The seed of an AI seat's choice at move number `seq` of game `id`: a mix of the game
/// id, the move number and the seat (SplitMix64's constants), so every turn searches
/// afresh and the same turn searches the same way. Not the game's own seed: nothing of
/// what the setup drew from it reaches the AI.
fn ai_seed(id: GameId, seq: u64, seat: Seat) -> u64 {
    let mut z = id.0.cast_unsigned() ^ seq.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (seat as u64).rotate_left(32);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

async fn move_in(ctx: &Ctx<'_>, loaded: Loaded, notation: &str, at: Option<u64>) -> Outcome {
    move_noted(ctx, loaded, notation, at, None).await
}

/// [`move_in`] with `note` said after the move in its announcement (a planned reply's
/// "played as planned").
async fn move_noted(ctx: &Ctx<'_>, loaded: Loaded, notation: &str, at: Option<u64>, note: Option<Msg>) -> Outcome {
    let id = loaded.row.id;
    let seat = player_seat(&loaded, ctx)?;
    let Some(game) = &loaded.game else { return Err(Msg::new("cmd-not-started").arg("id", id).into()) };
    if at.is_some_and(|at| at != loaded.row.seq) {
        return Err(Msg::new("cmd-out-of-date").arg("id", id).arg("seq", loaded.row.seq).into());
    }
    if notation.trim_start().starts_with('@') {
        return Err(Msg::new("cmd-event-not-a-move").into());
    }
    let to_move = game.to_move();
    if !to_move.contains(&seat) {
        let names = to_move.iter().filter_map(|&s| loaded.user(s)).map(|u| u.name).collect::<Vec<_>>().join(", ");
        return Err(Msg::new("cmd-not-your-turn").arg("player", names).arg("id", id).into());
    }
    let mut game = game.box_clone();
    let before = hands(game.as_ref());
    let canonical = game.play(notation).map_err(|e| match e.kind {
        PlayErrorKind::GameOver => Refused::from(Msg::new("cmd-game-over").arg("id", id)),
        PlayErrorKind::Notation | PlayErrorKind::Illegal => Refused::Rule(e.reason),
    })?;
    // The new board and the changed hands are drawn while the move is stored (the
    // post's language: the channel's; a hand's: its owner's).
    let board = ctx.table.board_or_ahead(ctx.ahead, id, game.as_ref(), loaded.row.takebacks, loaded.names(), ctx.channel_lang);
    let private = changed(&before, &hands(game.as_ref()));
    let drawn_hands = start_hands(ctx, &loaded, game.as_ref(), &private).await;
    let loaded = store(ctx, loaded, game, Some(seat), &canonical).await?;
    ctx.table.note_mover(ctx.origin, id, ctx.channel_lang);
    // Another player's plan may answer this move at once (only games that take plans
    // ask the database).
    if crate::table::plans::refusal(&loaded).is_none() {
        ctx.table.wake_for_plans(id, ctx.user_id()).await;
    }
    let Some(game) = &loaded.game else { return Ok(Vec::new()) };
    let seq = game.moves_applied();
    let mover = loaded.user(seat).map_or_else(|| Arg::from(ctx.origin.user.name.clone()), |u| Arg::from(u.name));
    let mut header = ctx.channel_text(&moved(mover, &canonical, loaded.kind, ctx.channel_lang).arg("id", id).arg("seq", seq));
    if let Some(note) = note {
        header.push_line(ctx.channel_text(&note));
    }
    Ok(announce_drawn(ctx, &loaded, header, drawn_hands, board).await)
}

/// `resign`: the requester leaves the game (with two players the other one wins).
pub async fn resign(ctx: &Ctx<'_>, id: Option<GameId>) -> Outcome {
    let loaded = ctx.table.select_mine(ctx, id).await?;
    let seat = player_seat(&loaded, ctx)?;
    let id = loaded.row.id;
    let Some(game) = &loaded.game else { return Err(Msg::new("cmd-not-started").arg("id", id).into()) };
    let mut game = game.box_clone();
    let before = hands(game.as_ref());
    let event = game.play(&format!("@resign {seat}")).map_err(|e| match e.kind {
        PlayErrorKind::GameOver => Refused::from(Msg::new("cmd-game-over").arg("id", id)),
        _ => Refused::Rule(e.reason),
    })?;
    let loaded = store(ctx, loaded, game, Some(seat), &event).await?;
    let Some(game) = &loaded.game else { return Ok(Vec::new()) };
    let header = ctx.channel_text(&Msg::new("turn-resigned").arg("player", ctx.origin.user.name.as_str()).arg("id", id));
    let private = changed(&before, &hands(game.as_ref()));
    Ok(announce(ctx, &loaded, header, &private).await)
}

/// `board`: the board as everyone sees it, the game's board notes
/// ([`crate::table::games::board_notes`]) and whose turn it is (no mention); when no
/// game runs here and none is named, the game that ended here last, with its result
/// (issue 41: "No game is running" right after the end was no answer).
pub async fn board(ctx: &Ctx<'_>, id: Option<GameId>) -> Outcome {
    let loaded = ctx.table.select_read_or_last(ctx, id).await?;
    // A post for the channel: in its language.
    let ctx = &ctx.in_channel();
    let id = loaded.row.id;
    let Some(game) = &loaded.game else { return Err(Msg::new("cmd-not-started").arg("id", id).into()) };
    let seq = game.moves_applied() as u64;
    let mut text = ctx.text(
        &Msg::new("board-caption").arg("id", id).arg("game", ctx.game_name(loaded.kind)).arg("seq", seq),
    );
    for note in crate::table::games::board_notes(game.as_ref(), &loaded.users()) {
        text.push_line(ctx.text(&note));
    }
    text.push_line(status_text(ctx, &loaded, game.as_ref(), false));
    let picture = ctx.table.board_png(id, game.as_ref(), loaded.names(), ctx.lang).await;
    let link = ctx.table.web_link_for(crate::store::web::WebLink { game: id, seat: None }, ctx.lang, game.is_finished()).await;
    Ok(vec![Reply::channel(text).with_file(picture).about(GameRef { id, seq }).with_link(link)])
}

/// `hand`: the requester's hand, privately.
pub async fn hand(ctx: &Ctx<'_>, id: Option<GameId>) -> Outcome {
    // A hand is its player's: only the user's own games are meant.
    let loaded = ctx.table.select_mine(ctx, id).await?;
    let id = loaded.row.id;
    let Some(seat) = loaded.seat_of(ctx.user_id()) else {
        return Err(Msg::new("cmd-not-a-player").arg("id", id).into());
    };
    let Some(game) = &loaded.game else { return Err(Msg::new("cmd-not-started").arg("id", id).into()) };
    match hand_reply(ctx, &loaded, game.as_ref(), seat).await {
        Some(reply) => {
            let link = ctx.table.web_link_for(crate::store::web::WebLink { game: id, seat: Some(seat) }, ctx.lang, game.is_finished()).await;
            Ok(vec![reply.with_link(link)])
        }
        None => Err(Msg::new("hand-none").arg("id", id).into()),
    }
}

/// An AI turn this process has claimed and thinks about, noted in
/// [`crate::table::Table`]'s list until [`Thinking::done`]. A turn cancelled while the AI
/// thinks (the process stops) stays noted, so that its claim is given back
/// ([`crate::table::Table::release_ai_claims`]).
struct Thinking<'t> {
    table: &'t crate::table::Table,
    claim: (GameId, u64, i64),
}

impl<'t> Thinking<'t> {
    fn note(table: &'t crate::table::Table, claim: (GameId, u64, i64)) -> Thinking<'t> {
        table.thinking.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(claim);
        Thinking { table, claim }
    }

    /// The turn is over: forgotten.
    fn done(self) {
        self.table.thinking.lock().unwrap_or_else(std::sync::PoisonError::into_inner).retain(|c| *c != self.claim);
    }
}

/// `moves [filter] [page=N]`: the legal moves of the player to move, privately, paged,
/// followed on the first page by the requester's own help where the game has one
/// (Artifakes: each card's points and landings). In a game with private hands only the
/// player to move sees the list; another player gets their own help, if any.
pub async fn moves(ctx: &Ctx<'_>, id: Option<GameId>, filter: &str, page: usize) -> Outcome {
    let loaded = ctx.table.select_read(ctx, id).await?;
    let id = loaded.row.id;
    let Some(game) = &loaded.game else { return Err(Msg::new("cmd-not-started").arg("id", id).into()) };
    if game.is_finished() {
        return Err(Msg::new("cmd-game-over").arg("id", id).into());
    }
    if let Some(sold) = crate::table::games::moves_sold(loaded.kind) {
        return Ok(vec![Reply::private(ctx.user_id(), ctx.text(&sold)).about(GameRef { id, seq: game.moves_applied() as u64 })]);
    }
    let seat = loaded.seat_of(ctx.user_id());
    // The requester's own help (Artifakes: what each card in their hand can do).
    let help = seat.map_or_else(Vec::new, |s| move_help(&game.view(Viewer::Seat(s)), s, &|m| ctx.text(m).plain()));
    let player =
        game.to_move().iter().filter_map(|&s| loaded.user(s)).map(|u| u.name).collect::<Vec<_>>().join(", ");
    let about = GameRef { id, seq: game.moves_applied() as u64 };
    if !may_list_moves(game.as_ref(), seat) {
        let hidden = Msg::new("moves-hidden").arg("player", player).arg("id", id);
        if help.is_empty() {
            return Err(hidden.into());
        }
        let mut text = ctx.text(&hidden);
        for line in help {
            text.push_line(Text::plain_text(line));
        }
        return Ok(vec![Reply::private(ctx.user_id(), text).about(about)]);
    }
    let list = if filter.trim().is_empty() { game.legal_moves() } else { game.filter_moves(filter) };
    if list.is_empty() {
        return Err(Msg::new("moves-none").arg("filter", filter).into());
    }
    let per_page = ctx.table.options.moves_per_page.max(1);
    let pages = list.len().div_ceil(per_page);
    if page > pages {
        return Err(Msg::new("cmd-page-out-of-range").arg("page", page).arg("pages", pages).into());
    }
    // In the reader's notation words (`c3 rot`): the parser reads them as the same moves.
    let shown = list
        .iter()
        .skip((page - 1) * per_page)
        .take(per_page)
        .map(|m| crate::table::games::notation_in(loaded.kind, ctx.lang, m))
        .collect::<Vec<_>>()
        .join(", ");
    let mut text = ctx.text(
        &Msg::new("moves-list")
            .arg("player", player)
            .arg("id", id)
            .arg("count", list.len())
            .arg("page", page)
            .arg("pages", pages)
            .arg("moves", shown),
    );
    if page < pages {
        // The command in the reader's language (`züge #1 c3 seite=2`); the filter is
        // what they typed, one space between words.
        let filter: String = filter.split_whitespace().map(|w| format!(" {w}")).collect();
        text.push_line(ctx.text(&Msg::new("moves-more").arg("id", id).arg("filter", filter).arg("next", page + 1)));
    }
    if pages > 1 && filter.trim().is_empty() {
        text.push_line(ctx.text(&crate::table::games::moves_hint(&ctx.table.texts, ctx.lang, loaded.kind, &list)));
    } else if pages > 1 {
        // Already narrowed (issue 41: `moves dragon` was told to narrow with `moves
        // dragon`): one more word, after what was typed.
        let verb = crate::grammar::Verb::Moves.word(ctx.lang);
        let typed = format!("{verb} {}", filter.split_whitespace().collect::<Vec<_>>().join(" "));
        text.push_line(ctx.text(&Msg::new("moves-narrow-further").arg("typed", typed)));
    }
    if page == 1 {
        for line in help {
            text.push_line(Text::plain_text(line));
        }
    }
    Ok(vec![Reply::private(ctx.user_id(), text).about(about)])
}

#[cfg(test)]
mod tests {
    use crate::base::i18n::{Lang, Texts};

    /// Issue 16: the verb of a move is said once, in the reader's words.
    #[test]
    fn a_move_is_told_with_its_own_verb_once() {
        let texts = Texts::load();
        let said = |canonical: &str, kind: rules::GameKind, lang: Lang| {
            texts.plain(lang, &super::moved("bob".into(), canonical, kind, lang).arg("id", 4_i64).arg("seq", 9_i64))
        };
        use rules::GameKind::{Artifakes, Carat, Hathor};
        assert_eq!(said("play 12 colour ccw", Artifakes, Lang::En), "bob plays 12 colour ccw (game #4, move 9).");
        assert_eq!(said("play 12 colour ccw", Artifakes, Lang::De), "bob spielt 12 farbe guzs (Partie #4, Zug 9).");
        assert_eq!(said("play 14 waste", Artifakes, Lang::En), "bob wastes card 14 (game #4, move 9).");
        assert_eq!(said("play 14 waste", Artifakes, Lang::De), "bob verschwendet Karte 14 (Partie #4, Zug 9).");
        assert_eq!(said("bury disc 17", Artifakes, Lang::De), "bob vergräbt scheibe 17 (Partie #4, Zug 9).");
        assert_eq!(said("hint", Hathor, Lang::En), "bob asks for the hint (game #4, move 9).");
        assert_eq!(said("hint", Hathor, Lang::De), "bob bittet um die Setzhilfe (Partie #4, Zug 9).");
        assert_eq!(said("c3 5RGBY", Carat, Lang::En), "bob plays c3 5RGBY (game #4, move 9).");
    }
}
