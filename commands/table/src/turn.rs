//! A turn's end (spec README, "Chat behaviour": after every turn the bot posts the
//! board): storing a move or event as the game's next log entry, rating a game that has
//! just finished, and the channel's announcement with the board and the private hands.
//! Every command that changes a game (moves, starts, take-backs, claims, challenges)
//! ends here.

use rules::{Match, Seat, Viewer};

use crate::{
    base::i18n::{Arg, Msg},
    base::reply::{GameRef, Reply, Text},
    store::{Advance, Appended, ReplayAsk, Status},
    context::{Ctx, Loaded, Refused},
    games::hand_text,
    Drawing,
};

/// The private information of every seat, as text (to see whose changed).
pub fn hands(game: &dyn Match) -> Vec<Option<String>> {
    (0..game.players()).map(|seat| hand_text(&game.view(Viewer::Seat(seat)), seat)).collect()
}

/// The seats whose private information differs between `before` and `after` (and
/// who have some now).
pub fn changed(before: &[Option<String>], after: &[Option<String>]) -> Vec<Seat> {
    (0..after.len()).filter(|&s| after.get(s) != before.get(s) && after.get(s).is_some_and(Option::is_some)).collect()
}

/// Stores the move or event that `game` has just applied (as its last log entry),
/// guarded by the move number the loaded game stood at.
pub async fn store(ctx: &Ctx<'_>, loaded: Loaded, game: Box<dyn Match>, seat: Option<Seat>, text: &str) -> Result<Loaded, Refused> {
    let id = loaded.row.id;
    let bank_left_ms = match seat {
        Some(seat) if !text.starts_with('@') => bank_after(ctx, &loaded, seat).await?,
        _ => None,
    };
    // A game this move ends asks for its replay in the same transaction (`replay=on`).
    let lang = ctx.channel_lang.code();
    let replay = if game.is_finished() && crate::replay::wanted_at_end(ctx.table, &loaded).await {
        Some(ReplayAsk { platform: &loaded.row.platform, channel: &loaded.row.channel, lang })
    } else {
        None
    };
    let replay_asked = replay.is_some();
    let appended = ctx
        .table
        .db
        .append(&Advance {
            game: id,
            seen: loaded.row.seq,
            takebacks: loaded.row.takebacks,
            seat,
            user_id: ctx.user_id(),
            text,
            finished: game.is_finished(),
            to_move: &game.to_move(),
            at: ctx.now(),
            bank_left_ms,
            // A person's move (not an event, not the AI's) waits for its answer.
            answer: seat.is_some() && !text.starts_with('@') && !crate::base::ai_seat::is_ai(ctx.user_id()),
            replay,
        })
        .await?;
    match appended {
        Appended::Stale => {
            let now = ctx.table.move_number(id).await?.unwrap_or(loaded.row.seq);
            Err(Msg::new("cmd-out-of-date").arg("id", id).arg("seq", now).into())
        }
        Appended::Stored(seq) => {
            tracing::info!(game = %id, seq, text, "move stored");
            ctx.table.unanswered(id, seq);
            ctx.table.remember(id, game.as_ref(), loaded.row.takebacks);
            let status = if game.is_finished() { Status::Finished } else { Status::Running };
            let loaded = Loaded { row: crate::store::GameRow { seq, status, to_move: game.to_move(), ..loaded.row }, game: Some(game), ..loaded };
            if status == Status::Finished
                && let Err(e) = crate::ratings::record_result(&ctx.table.db, &loaded, ctx.now()).await
            {
                tracing::error!(game = %id, error = %e, "the ratings could not be updated");
            }
            // The scheduler acts at once rather than at its next tick when the end asked
            // for a replay (it posts it) or may end a tournament's round (it counts it and
            // pairs the next).
            if status == Status::Finished
                && (replay_asked || matches!(ctx.table.db.tournament_of_game(id).await, Ok(Some(_))))
            {
                ctx.table.wake_scheduler();
            }
            Ok(loaded)
        }
    }
}

/// What the bank of the player at `seat` of game `loaded` holds once their move is
/// stored now, in a game with a bank (docs "Clocks with a bank"): the bank left when
/// the turn began, less what the move took beyond the time per move (vacations left
/// out), never below 0. `None` in a game without a bank. The turn read here is the one
/// the move is stored into (the append is guarded by the move number).
async fn bank_after(ctx: &Ctx<'_>, loaded: &Loaded, seat: Seat) -> Result<Option<i64>, Refused> {
    if loaded.row.bank_ms.is_none() {
        return Ok(None);
    }
    let db = &ctx.table.db;
    let (Some(turn), Some(player)) = (crate::store::turns::turn_of(db, loaded.row.id).await?, loaded.players.get(seat)) else {
        return Ok(None);
    };
    let here = crate::store::settings::channel_settings(db, &turn.platform, &turn.scope).await?;
    let default_ms = here.clock(&ctx.table.options.clock).move_ms;
    let clock = crate::store::turns::seat_clock(db, &turn, &player.user_id, default_ms, ctx.now()).await?;
    Ok(Some(clock.bank_left_ms()))
}

/// The channel's announcement after a start or an accepted move: `header`, the game's
/// turn notes ([`crate::games::turn_notes`]), then whose turn it is (a mention) or the
/// final ranking, with the new board; and a private reply with the hand of each seat in
/// `private`.
pub async fn announce(ctx: &Ctx<'_>, loaded: &Loaded, header: Text, private: &[Seat]) -> Vec<Reply> {
    let Some(game) = &loaded.game else { return Vec::new() };
    let board = ctx.table.start_board(loaded.row.id, game.as_ref(), loaded.names(), ctx.channel_lang);
    let hands = start_hands(ctx, loaded, game.as_ref(), private).await;
    announce_drawn(ctx, loaded, header, hands, board).await
}

/// [`announce`] with the new board and the hands already being drawn (`board`, started
/// with [`crate::Table::start_board`] in the channel's language, and `hands`,
/// from [`start_hands`], while the move was stored).
pub async fn announce_drawn(ctx: &Ctx<'_>, loaded: &Loaded, header: Text, hands: Vec<PendingHand>, board: Drawing) -> Vec<Reply> {
    let Some(game) = &loaded.game else { return Vec::new() };
    ctx.table.wake_ai_if_to_move(loaded);
    // The post is the channel's, in its language; each hand goes in its owner's.
    let ctx = &ctx.in_channel();
    let id = loaded.row.id;
    let seq = game.moves_applied() as u64;
    let mut text = header;
    for note in crate::games::turn_notes(game.as_ref(), &loaded.users()) {
        text.push_line(ctx.text(&note));
    }
    text.push_line(status_text(ctx, loaded, game.as_ref(), true));
    let mut replies = vec![Reply::channel(text).with_file(board.finish().await).about(GameRef { id, seq })];
    for hand in hands {
        replies.push(hand.finish().await);
    }
    replies
}

/// The private hand replies for the seats in `private` after `game`'s last move, their
/// pictures started on blocking threads ([`start_hand_reply`]); at the end a hand that
/// has run out is no news and is left out, and so is the emptied hand of a player who
/// has just left the game (resigned, claimed against).
pub async fn start_hands(ctx: &Ctx<'_>, loaded: &Loaded, game: &dyn Match, private: &[Seat]) -> Vec<PendingHand> {
    let mut hands = Vec::new();
    for &seat in private {
        let emptied = (game.is_finished() || game.removed().contains(&seat))
            && hand_text(&game.view(Viewer::Seat(seat)), seat).is_some_and(|h| h.is_empty());
        if emptied {
            continue;
        }
        hands.extend(start_hand_reply(ctx, loaded, game, seat).await);
    }
    hands
}

/// Whose turn it is (`mention`: as mentions, else as names), or the final ranking.
pub fn status_text(ctx: &Ctx<'_>, loaded: &Loaded, game: &dyn Match, mention: bool) -> Text {
    let id = loaded.row.id;
    if game.ranking().is_some() {
        if game.aborted() {
            return ctx.text(&Msg::new("game-ended-aborted").arg("id", id));
        }
        if let Some(early) = solo_ended_early(loaded, game) {
            return ctx.text(&early);
        }
        let mut text = ctx.text(&game_over_header(loaded, game));
        for place in places(ctx, loaded, game) {
            text.push_line(ctx.text(&place));
        }
        return text;
    }
    let mut text = Text::default();
    for seat in game.to_move() {
        let Some(user) = loaded.user(seat) else { continue };
        let player = if mention { Arg::Mention(user) } else { Arg::from(user.name) };
        text.push_line(ctx.text(&Msg::new("turn-next").arg("player", player)));
    }
    text
}

/// How a player left a game before its end: the events of its log (spec README,
/// "Events"), in order, as (seat, `resigned` or `timeout`).
fn removed(game: &dyn Match) -> Vec<(Seat, &'static str)> {
    game.log()
        .iter()
        .filter_map(|entry| match rules::Event::parse(entry) {
            Some(Ok(rules::Event::Resign(seat))) => Some((seat, "resigned")),
            Some(Ok(rules::Event::Timeout(seat))) => Some((seat, "timeout")),
            _ => None,
        })
        .collect()
}

/// The end of a game of one player that was stopped before its own end (a resignation,
/// or the close of its challenge, which ends the board where it stands): "Game #2 was
/// ended early: bob has 100 points." — no winner and no ranking of one. `None` for
/// other games and other ends.
fn solo_ended_early(loaded: &Loaded, game: &dyn Match) -> Option<Msg> {
    if game.players() != 1 {
        return None;
    }
    let last = game.log().last().and_then(|entry| rules::Event::parse(entry)).and_then(Result::ok)?;
    let (rules::Event::Resign(seat) | rules::Event::Timeout(seat)) = last else { return None };
    let player = loaded.user(seat)?;
    let points = game.scores().and_then(|s| s.first().copied()).unwrap_or(0);
    Some(Msg::new("game-over-solo-early").arg("id", loaded.row.id).arg("player", player.name).arg("points", points))
}

/// The first line of a finished game's ranking: `game-over-won` naming the winners
/// ("alice wins"), or — when its last entry removed a player (a resignation, a claimed
/// timeout) — `game-over-why`, naming the winners and why the game ended ("alice wins,
/// bob resigned"); a game of one: `game-over`.
fn game_over_header(loaded: &Loaded, game: &dyn Match) -> Msg {
    let id = loaded.row.id;
    let last = game.log().last().and_then(|entry| rules::Event::parse(entry)).and_then(Result::ok);
    let winners = game.ranking().and_then(|r| r.first().cloned()).unwrap_or_default();
    let names = winners.iter().filter_map(|&s| loaded.user(s)).map(|u| u.name).collect::<Vec<_>>();
    let (seat, how) = match last {
        Some(rules::Event::Resign(seat)) => (seat, "resigned"),
        Some(rules::Event::Timeout(seat)) => (seat, "timeout"),
        // An ordinary end of a game of two or more names who won ("alice wins", or who
        // share the first place).
        _ if loaded.players.len() >= 2 && !names.is_empty() => {
            return Msg::new("game-over-won").arg("id", id).arg("winners", names.join(", ")).arg("count", names.len());
        }
        _ => return Msg::new("game-over").arg("id", id),
    };
    let (Some(loser), false) = (loaded.user(seat), names.is_empty()) else { return Msg::new("game-over").arg("id", id) };
    Msg::new("game-over-why")
        .arg("id", id)
        .arg("winners", names.join(", "))
        .arg("count", names.len())
        .arg("player", loser.name)
        .arg("how", how)
}

/// The places of a finished game, best first (`ranking-place-points` in the game's
/// own unit: points, stones, pieces in the goal; ties share a place); a player who
/// resigned or ran out of time is marked so (`ranking-removed`).
fn places(ctx: &Ctx<'_>, loaded: &Loaded, game: &dyn Match) -> Vec<Msg> {
    let Some(ranking) = game.ranking() else { return Vec::new() };
    let scores = game.scores();
    let removed = removed(game);
    let mut place = 1;
    let mut out = Vec::new();
    for tier in ranking {
        let names = tier
            .iter()
            .filter_map(|&s| {
                let name = loaded.user(s)?.name;
                // A removed player's mark follows their name, inside the list of a tie.
                Some(match removed.iter().find(|(seat, _)| *seat == s) {
                    Some((_, how)) => ctx
                        .table
                        .texts
                        .plain(ctx.lang, &Msg::new("ranking-removed").arg("player", name).arg("how", *how)),
                    None => name,
                })
            })
            .collect::<Vec<_>>()
            .join(", ");
        let points = scores.as_ref().and_then(|sc| tier.first().and_then(|&s| sc.get(s).copied()));
        let msg = match points {
            Some(points) => Msg::new("ranking-place-points").arg("points", points).arg("game", loaded.kind.id()),
            None => Msg::new("ranking-place"),
        };
        out.push(msg.arg("place", place).arg("players", names));
        place += tier.len();
    }
    out
}

/// The result of a finished game in one line (`1. alice: 31 points; 2. bob: 20 points`,
/// or that it ended without one); `None` while it goes on.
pub fn result_line(ctx: &Ctx<'_>, loaded: &Loaded, game: &dyn Match) -> Option<String> {
    game.ranking()?;
    if game.aborted() {
        return Some(ctx.table.texts.plain(ctx.lang, &Msg::new("result-none")));
    }
    Some(places(ctx, loaded, game).iter().map(|m| ctx.table.texts.plain(ctx.lang, m)).collect::<Vec<_>>().join("; "))
}

/// The private reply with `seat`'s hand (text and picture), when the game has one.
pub async fn hand_reply(ctx: &Ctx<'_>, loaded: &Loaded, game: &dyn Match, seat: Seat) -> Option<Reply> {
    Some(start_hand_reply(ctx, loaded, game, seat).await?.finish().await)
}

/// A private hand reply whose picture is being drawn ([`start_hand_reply`]).
pub struct PendingHand {
    reply: Reply,
    picture: Drawing,
}

impl PendingHand {
    /// The reply with its picture (none when drawing failed, logged).
    pub(crate) async fn finish(self) -> Reply {
        let picture = self.picture.finish().await;
        self.reply.with_file(picture)
    }
}

/// [`hand_reply`] with its picture started on a blocking thread and not waited for, so
/// that it can be drawn while a move is stored; `game` is the game as it is (or will be)
/// stored, `loaded` gives its players.
pub(crate) async fn start_hand_reply(ctx: &Ctx<'_>, loaded: &Loaded, game: &dyn Match, seat: Seat) -> Option<PendingHand> {
    let hand = hand_text(&game.view(Viewer::Seat(seat)), seat)?;
    // An AI seat's hand goes nowhere: it reads its seat's view itself.
    let owner = loaded.user(seat).filter(|u| !crate::base::ai_seat::is_ai(&u.id))?;
    let id = loaded.row.id;
    // In the owner's language (issue 16: what goes to one user alone): the requester's
    // own; for another seat the language that user chose (`language`), else the one
    // stored when they joined, else the channel's.
    let lang = if owner.id == ctx.user_id() {
        ctx.lang
    } else {
        let chosen = crate::store::settings::user_lang(&ctx.table.db, &ctx.origin.platform, &owner.id).await.ok().flatten();
        let stored = loaded.players.get(seat).and_then(|p| p.lang.as_deref()).and_then(|l| l.parse().ok());
        chosen.or(stored).unwrap_or(ctx.channel_lang)
    };
    let picture = ctx.table.start_hand(id, game, seat, loaded.names(), lang);
    let key = if hand.is_empty() { "hand-empty" } else { "hand-yours" };
    let text = ctx.table.texts.text(
        lang,
        &Msg::new(key)
            .arg("id", id)
            .arg("game", lang.game_name(loaded.kind))
            .arg("channel", loaded.row.channel.clone())
            .arg("hand", hand),
    );
    let reply = Reply::private(&owner.id, text).about(GameRef { id, seq: game.moves_applied() as u64 });
    Some(PendingHand { reply, picture })
}

/// The seats to move in `turn` whose time has run out, with their user ids, by the
/// game's own time per move, else its scope's setting (AI seats never run out).
pub async fn out_of_time(ctx: &Ctx<'_>, turn: &crate::store::turns::Turn) -> Result<Vec<(usize, String)>, crate::store::StorageError> {
    let db = &ctx.table.db;
    let here = crate::store::settings::channel_settings(db, &turn.platform, &turn.scope).await?;
    let default_ms = here.clock(&ctx.table.options.clock).move_ms;
    let players = db.players(turn.game).await?;
    let mut out = Vec::new();
    for &seat in &turn.to_move {
        let Some(player) = players.get(seat).filter(|p| !crate::base::ai_seat::is_ai(&p.user_id)) else { continue };
        if crate::store::turns::seat_clock(db, turn, &player.user_id, default_ms, ctx.now()).await?.expired() {
            out.push((seat, player.user_id.clone()));
        }
    }
    Ok(out)
}
