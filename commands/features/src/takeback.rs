//! Takebacks and what comes after a game (README, the command table): `undo` by consent (only where a
//! move revealed nothing new: Aratoth's Revenge), `rematch` (the same game with the same
//! players in the same seats; Aratoth: the loser starts) and `history` (the public move
//! list).

use rules::{GameKind, Match};

use crate::{
    base::ai_seat::is_ai,
    base::ids::GameId,
    table::context::{Ctx, Loaded, Outcome, Refused, Want},
    base::i18n::{Arg, Msg},
    base::reply::{GameRef, Reply, Text, User},
    store::{GameRow, NewGame, RematchVote, Start, Status, StorageError},
};

/// Whether `undo` is offered in `kind`: only where no move reveals anything new (no
/// drawn tile or card, no dice roll); each game declares it ([`rules::Game::UNDO`]).
pub fn undo_offered(kind: GameKind) -> bool {
    kind.undo()
}

/// `undo [#id]`: the first call asks to take back the game's last move; once every
/// player still in the game has typed `undo` for that move, it is taken back.
pub async fn undo(ctx: &Ctx<'_>, id: Option<GameId>) -> Outcome {
    let loaded = ctx.table.select(ctx, id, Want::MyRunning, false).await?;
    let id = loaded.row.id;
    if loaded.row.status != Status::Running {
        return Err(Msg::new("cmd-game-over").arg("id", id).into());
    }
    if loaded.seat_of(ctx.user_id()).is_none() {
        return Err(Msg::new("cmd-not-a-player").arg("id", id).into());
    }
    if !undo_offered(loaded.kind) {
        return Err(Msg::new("cmd-undo-not-offered").arg("game", ctx.game_name(loaded.kind)).into());
    }
    // Tournament games keep every move (issue 39).
    if let Some(tournament) = ctx.table.db.tournament_of_game(id).await? {
        return Err(Msg::new("undo-tournament").arg("id", id).arg("tournament", tournament).into());
    }
    let seq = loaded.row.seq;
    let db = &ctx.table.db;
    let log = db.log_after(id, 0).await?;
    if log.last().is_none_or(|l| l.seq != seq || l.text.starts_with('@')) {
        return Err(Msg::new("cmd-undo-nothing").arg("id", id).into());
    }
    // Against the AI: its answers go back together with the player's move they answered
    // (taken back alone, the AI would only play them again).
    let answers = log.iter().rev().take_while(|e| is_ai(&e.user_id) && !e.text.starts_with('@')).count();
    let taken = answers + 1;
    let start = log.len().checked_sub(taken);
    let players_move = start.and_then(|i| log.get(i)).filter(|e| !e.text.starts_with('@') && !is_ai(&e.user_id));
    let (Some(start), Some(_)) = (start, players_move) else {
        return Err(Msg::new("cmd-undo-nothing").arg("id", id).into());
    };
    // The moves taken back, in the order they were made ("c3 red, d4 blue").
    // In the reader's notation words (`formel rot a1 a2 a4` in German).
    let kind = loaded.kind;
    let taken_back: Vec<String> = log[start..].iter().map(|e| e.text.clone()).collect();
    let words_in = |lang| taken_back.iter().map(|text| crate::table::games::notation_in(kind, lang, text)).collect::<Vec<_>>().join(", ");
    let (first_ask, votes) = db.vote_undo(id, seq, ctx.user_id(), ctx.now()).await?;
    let removed = loaded.game.as_ref().map(|g| g.removed().to_vec()).unwrap_or_default();
    let missing: Vec<User> = loaded
        .players
        .iter()
        // AI seats always agree to take a move back.
        .filter(|p| !removed.contains(&p.seat) && !is_ai(&p.user_id) && !votes.contains(&p.user_id))
        .map(|p| User::new(p.user_id.clone(), p.name.clone()))
        .collect();
    if !missing.is_empty() && !first_ask {
        // Asked before: only the asker hears whom it still waits for (no second ping).
        let msg = Msg::new("undo-already-asked").arg("move", words_in(ctx.lang)).arg("id", id).arg("players", Arg::Mentions(missing));
        return Ok(vec![Reply::private(ctx.user_id(), ctx.text(&msg))]);
    }
    if !missing.is_empty() {
        let mut text = ctx.channel_text(
            &Msg::new("undo-asked").arg("player", ctx.origin.user.name.as_str()).arg("move", words_in(ctx.channel_lang)).arg("id", id),
        );
        text.push_line(ctx.channel_text(&Msg::new("rematch-waiting").arg("players", Arg::Mentions(missing))));
        return Ok(vec![Reply::channel(text).about(GameRef { id, seq })]);
    }
    // Everyone agrees: rebuild the game without the entries taken back and store that.
    let entries = log;
    let mut game = rules::open(loaded.kind, &loaded.row.options, loaded.players.len(), loaded.row.setup.clone(), Some(loaded.row.seed))
        .map_err(|e| StorageError::Damaged(format!("game #{id}: {e}")))?;
    let back_to = seq - taken as u64;
    for entry in entries.iter().filter(|e| e.seq <= back_to) {
        game.play(&entry.text).map_err(|e| StorageError::Damaged(format!("game #{id}: {e}")))?;
    }
    if !ctx.table.db.take_back(id, seq, taken as u64, &game.to_move(), ctx.now()).await? {
        return Err(Msg::new("cmd-out-of-date").arg("id", id).arg("seq", seq).into());
    }
    tracing::info!(game = %id, seq, "move taken back");
    ctx.table.remember(id, game.as_ref(), loaded.row.takebacks + 1);
    let header = ctx.channel_text(&Msg::new("undo-done").arg("move", words_in(ctx.channel_lang)).arg("count", taken).arg("id", id));
    let loaded = crate::table::context::Loaded {
        row: GameRow { seq: back_to, to_move: game.to_move(), takebacks: loaded.row.takebacks + 1, ..loaded.row },
        game: Some(game),
        ..loaded
    };
    Ok(crate::table::turn::announce(ctx, &loaded, header, &[]).await)
}

/// The finished game a `rematch` means: `id` (in this channel), else the requester's
/// last finished game here.
async fn finished_game(ctx: &Ctx<'_>, id: Option<GameId>) -> Result<GameRow, Refused> {
    let db = &ctx.table.db;
    let id = match id {
        Some(id) => id,
        None => {
            let last = db.last_finished_of(&ctx.origin.platform, &ctx.origin.channel, ctx.user_id()).await?;
            let Some(id) = last else { return Err(Msg::new("cmd-rematch-nothing").into()) };
            id
        }
    };
    let row = db.game(id).await?.filter(|r| r.platform == ctx.origin.platform && r.channel == ctx.origin.channel);
    let Some(row) = row else { return Err(Msg::new("cmd-no-such-game").arg("id", id).into()) };
    if row.status != Status::Finished {
        return Err(Msg::new("cmd-rematch-not-over").arg("id", id).into());
    }
    Ok(row)
}

/// `rematch [#id]`: a player of a finished game asks to play it again; once every player
/// has asked (nobody is pulled into a game), it starts with the same players in the same
/// seats and the same options and time per move; in Aratoth the loser starts
/// (`AratothSetup::rematch`), elsewhere a new seed decides. A game is played again at
/// most once.
pub async fn rematch(ctx: &Ctx<'_>, id: Option<GameId>) -> Outcome {
    let old = ctx.table.load_for(ctx, finished_game(ctx, id).await?).await?;
    let old_id = old.row.id;
    if old.seat_of(ctx.user_id()).is_none() {
        return Err(Msg::new("cmd-not-a-player").arg("id", old_id).into());
    }
    let db = &ctx.table.db;
    // The new game is set up before the vote, so that the last vote stores it in the
    // same transaction (of concurrent last votes exactly one starts it).
    let n = old.players.len();
    let ranking = old.game.as_ref().and_then(|g| g.ranking()).unwrap_or_default();
    let setup = old.kind.rematch_setup(&ranking);
    let seed = rand::random::<u64>();
    let game: Box<dyn Match> = rules::open(old.kind, &old.row.options, n, setup, Some(seed)).map_err(|e| {
        Refused::from(Msg::new("cmd-setup-refused").arg("game", ctx.game_name(old.kind)).arg("reason", e.0))
    })?;
    let Some(first) = old.players.first() else { return Err(Msg::new("cmd-no-such-game").arg("id", old_id).into()) };
    // An old game stored without its own time (before times were kept at creation)
    // gets what a new game of its scope gets now.
    let move_ms = match db.move_ms(old_id).await? {
        Some(ms) => ms,
        None => {
            let scope = old.row.server.as_deref().or(ctx.origin.server.as_deref()).unwrap_or(&old.row.channel);
            crate::store::settings::new_game_move_ms(db, &old.row.platform, scope, &ctx.table.options.clock).await?
        }
    };
    let (options, resolved, to_move) = (game.options(), game.resolved_setup(), game.to_move());
    let new = NewGame {
        kind: old.kind.id(),
        platform: &old.row.platform,
        channel: &old.row.channel,
        // The old game's server; for one stored before servers were, the requester's
        // (who asks from the old game's channel).
        server: old.row.server.as_deref().or(ctx.origin.server.as_deref()),
        creator_id: &first.user_id,
        creator_name: &first.name,
        creator_lang: first.lang.as_deref(),
        options: &options,
        seed,
        seeded: false,
        at: ctx.now(),
        move_ms: Some(move_ms),
        bank_ms: old.row.bank_ms,
        invitees: &[],
    };
    let start = Start { options: &options, setup: &resolved, to_move: &to_move };
    let id = match db.vote_rematch(old_id, ctx.user_id(), &old.players, &new, start).await? {
        RematchVote::Exists(again) => {
            return Err(Msg::new("cmd-rematch-exists").arg("old", old_id).arg("id", again).into());
        }
        RematchVote::Waiting { first, votes } => {
            let missing: Vec<User> = old
                .players
                .iter()
                .filter(|p| !is_ai(&p.user_id) && !votes.contains(&p.user_id))
                .map(|p| User::new(p.user_id.clone(), p.name.clone()))
                .collect();
            if !first {
                let msg = Msg::new("rematch-already-asked").arg("id", old_id).arg("players", Arg::Mentions(missing));
                return Ok(vec![Reply::private(ctx.user_id(), ctx.text(&msg))]);
            }
            let ch = ctx.in_channel();
            let mut text = ch.text(
                &Msg::new("rematch-asked")
                    .arg("player", ctx.origin.user.name.as_str())
                    .arg("id", old_id)
                    .arg("game", ch.game_name(old.kind)),
            );
            text.push_line(ch.text(&Msg::new("rematch-waiting").arg("players", Arg::Mentions(missing))));
            return Ok(vec![Reply::channel(text)]);
        }
        RematchVote::Started(id) => id,
    };
    tracing::info!(game = %id, of = %old_id, "rematch started");
    ctx.table.remember(id, game.as_ref(), 0);
    let Some(row) = db.game(id).await? else { return Err(Msg::new("cmd-no-such-game").arg("id", id).into()) };
    let loaded = ctx.table.load_for(ctx, row).await?;
    let ch = ctx.in_channel();
    let header = ch.text(&Msg::new("rematch-started").arg("id", id).arg("old", old_id).arg("game", ch.game_name(old.kind)));
    let seats: Vec<usize> = (0..n).collect();
    // A rematch is a new game: its start carries the new game's links, as any start does.
    let mut replies = crate::table::turn::announce(ctx, &loaded, header, &seats).await;
    crate::table::links::add_start_links(ctx, &loaded, &mut replies).await;
    Ok(replies)
}

/// `history [#id]`: the moves and events so far, numbered, with who made them (public
/// information only: the log holds no hidden information), privately.
pub async fn history(ctx: &Ctx<'_>, id: Option<GameId>) -> Outcome {
    let loaded = ctx.table.select_read_or_last(ctx, id).await?;
    let id = loaded.row.id;
    if matches!(loaded.row.status, Status::Invited | Status::Withdrawn) {
        return Err(Msg::new("cmd-not-started").arg("id", id).into());
    }
    let entries = ctx.table.db.log_after(id, 0).await?;
    let mut text = ctx.text(&Msg::new("history-header").arg("id", id).arg("game", ctx.game_name(loaded.kind)));
    if entries.is_empty() {
        text.push_line(ctx.text(&Msg::new("history-empty")));
    }
    let notes = loaded.game.as_deref().map(crate::table::games::played_notes).unwrap_or_default();
    for (i, entry) in entries.iter().enumerate() {
        let note = notes.get(i).and_then(Option::as_ref);
        text.push_line(Text::plain_text(format!("{}. {}", entry.seq, entry_words(ctx, &loaded, entry, note))));
    }
    Ok(vec![Reply::private(ctx.user_id(), text).about(GameRef { id, seq: loaded.row.seq })])
}

/// A log entry in the reader's words: an event (`@resign P`, `@timeout P`, `@abort`) as
/// a sentence, a move as `who: notation` in the reader's notation words (`c3 rot` in
/// German). For `history` and the web page's move list. A `@resign` stored by nobody's
/// seat is a closing challenge ending a game still running (a player's resignation is
/// stored with their seat): the challenge's time ran out, nobody resigned. `note` is
/// what the move put on the board beyond its notation
/// ([`crate::table::games::played_notes`]: Carat's tile), shown after it in brackets.
pub fn entry_words(ctx: &Ctx<'_>, loaded: &Loaded, entry: &crate::store::LogEntry, note: Option<&Msg>) -> String {
    match rules::Event::parse(&entry.text) {
        Some(Ok(event)) => {
            let name = |seat| loaded.user(seat).map_or_else(|| seat.to_string(), |u| u.name);
            ctx.text(&match event {
                rules::Event::Resign(seat) | rules::Event::Timeout(seat) if entry.seat.is_none() => {
                    Msg::new("history-challenge-closed").arg("player", name(seat))
                }
                rules::Event::Resign(seat) => Msg::new("history-resigned").arg("player", name(seat)),
                rules::Event::Timeout(seat) => Msg::new("history-timeout").arg("player", name(seat)),
                rules::Event::Abort => Msg::new("history-aborted"),
            })
            .plain()
        }
        _ => {
            let who = entry.seat.and_then(|s| loaded.user(s)).map_or_else(|| entry.user_id.clone(), |u| u.name);
            let notation = crate::table::games::notation_in(loaded.kind, ctx.lang, &entry.text);
            match note {
                Some(note) => format!("{who}: {notation} ({})", ctx.text(note).plain()),
                None => format!("{who}: {notation}"),
            }
        }
    }
}
