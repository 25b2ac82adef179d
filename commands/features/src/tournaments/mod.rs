//! Tournaments in a channel (issue 39): Swiss by the FIDE Dutch system and round robin
//! by the Berger tables (both from the `pairing` crate), over the games' two-player
//! form, with the time per move of the tournament on every game.
//!
//! Commands: `tournament new <game> …` opens sign-up (the creator organises and plays;
//! `@bot` mentions sign AI players up), `tournament join|leave|start|cancel [#T]`,
//! `tournament [#T]` shows the round, the running games and the standings
//! (`subcommands.rs`; the texts they and the posts share are `texts.rs`).
//!
//! The scheduler drives it ([`drive`], from every poll): a tournament whose sign-up has
//! ended starts with three or more entrants (is cancelled with fewer); a tournament
//! game whose clock has run out ends at once, the waiting player winning on time
//! (vacations do not stop tournament clocks); when every game of the round has ended,
//! its results are counted and the next round is paired and started, or the
//! tournament ends with its final standings. Each of these steps is one transaction
//! guarded by the round it was decided at ([`crate::store::tournaments`]), so it
//! happens once however many processes poll.

mod game_pages;
pub mod page;
mod picture;
pub mod series;
mod series_rounds;
pub mod standings;
mod subcommands;
mod texts;
mod threads;

pub use subcommands::{cancel, choices, join, leave, new, start, status};
use texts::{counted_pairings, counted_rounds, name_of, shown, standings_title, table_of};

use rules::{GameKind, Viewer};
use serde_json::Value;

use crate::{
    base::ai_seat,
    base::i18n::{Lang, Msg},
    base::ids::{GameId, TournamentId},
    base::reply::{Reply, Text, User},
    store::platforms::Platforms,
    store::tournaments::{Counted, Entrant, PairingRow, RoundGame, Stage, System, TournamentRow},
    store::{NewGame, PlayerRow, Start, Status, StorageError},
    table::context::{Ctx, Loaded, Refused},
    table::Table,
};

use standings::{halves, quarters};

/// How long sign-up stays open without `signup=`: 48 hours.
pub const DEFAULT_SIGNUP_MS: i64 = 48 * 3_600_000;
/// The fewest entrants a tournament starts with.
pub const MIN_PLAYERS: usize = crate::grammar::tournaments::MIN_PLAYERS as usize;

/// The fewest entrants `t` starts with: 3, a Hathor series 2.
fn min_players(t: &TournamentRow) -> usize {
    if t.system == System::Series { crate::grammar::tournaments::SERIES_MIN_PLAYERS as usize } else { MIN_PLAYERS }
}

/// Replies for an adapter to post in `channel` of `platform` (what [`drive`] returns).
#[derive(Debug, Clone, PartialEq)]
pub struct Posted {
    pub platform: String,
    pub channel: String,
    pub reply: Reply,
}

/// The rounds a Swiss of `n` plays without `rounds=`: ⌈log2 n⌉ + 1, at most n − 1.
pub fn swiss_rounds(n: usize) -> u32 {
    let log = usize::BITS - n.saturating_sub(1).leading_zeros();
    (log + 1).min(u32::try_from(n.saturating_sub(1)).unwrap_or(u32::MAX)).max(1)
}

/// The rounds a round robin of `n` plays: n − 1, or n for an odd n (everyone has a bye).
pub fn round_robin_rounds(n: usize) -> u32 {
    u32::try_from(n + (n & 1)).unwrap_or(u32::MAX).saturating_sub(1)
}

/// The standings as text (a header, then one line per entrant, best first) and, when
/// pictures are on, as a table picture ([`picture`]): of the counted rounds only
/// ([`counted_pairings`]).
async fn standings_text(
    ctx: &Ctx<'_>,
    t: &TournamentRow,
    entrants: &[Entrant],
    pairings: &[PairingRow],
) -> Result<(Text, Option<crate::base::reply::Attachment>), StorageError> {
    if t.system == System::Series {
        return Ok(series_rounds::standings_text(ctx, t, entrants, pairings).await);
    }
    let pairings = &counted_pairings(pairings);
    let lines = table_of(ctx.table, t, entrants, pairings).await?;
    let drawn = if ctx.table.options.pictures {
        let title = standings_title(ctx, t, pairings);
        let table = picture::table(&ctx.table.texts, ctx.lang, title, t, entrants, pairings, &lines);
        picture::draw(table, t.id, t.round).await
    } else {
        None
    };
    let heading = match t.stage {
        Stage::Finished => Msg::new("tournament-final-standings"),
        // Cancelled during play: the standings of the rounds completed before it.
        Stage::Cancelled => Msg::new("tournament-standings-cancelled")
            .arg("round", counted_rounds(pairings))
            .arg("rounds", t.rounds.unwrap_or(t.round)),
        _ => Msg::new("tournament-standings"),
    };
    let mut text = ctx.text(&heading);
    for s in &lines {
        let Some(e) = entrants.get(s.player) else { continue };
        let mut msg = Msg::new("tournament-standing")
            .arg("place", s.place)
            .arg("player", shown(ctx, e))
            .arg("points", halves(s.half_points))
            .arg("cut", halves(s.buchholz_cut1_half))
            .arg("buchholz", halves(s.buchholz_half))
            .arg("sb", quarters(s.sonneborn_berger_quarters))
            .arg("wins", s.wins);
        if e.left_at.is_some() {
            msg = Msg::new("tournament-standing-left").arg("line", ctx.table.texts.plain(ctx.lang, &msg));
        }
        text.push_line(ctx.text(&msg));
    }
    Ok((text, drawn))
}

// ---------------------------------------------------------------- the scheduler

/// The language of `t`'s channel when nobody asked: its scope's setting, else the
/// language the organiser spoke when opening it (as a request without a setting speaks
/// the requester's; with the organiser gone, the first entrant's), else the bot's.
async fn lang_of(table: &Table, t: &TournamentRow) -> Result<Lang, StorageError> {
    let here = crate::store::settings::channel_settings(&table.db, &t.platform, t.scope()).await?;
    if let Some(lang) = here.lang {
        return Ok(lang);
    }
    let entrants = table.db.entrants(t.id).await?;
    let spoken = entrants.iter().find(|e| e.user_id == t.organiser).into_iter().chain(&entrants).find_map(|e| e.lang.as_deref()?.parse().ok());
    Ok(spoken.unwrap_or(table.options.language))
}

/// Everything due in the tournaments of `platforms` at the table's time: starts when
/// sign-up ends, time-outs of tournament games, counting a finished round and pairing
/// the next or ending the tournament. What to post comes back; each step happens once
/// across processes (module docs). Failures of one tournament are logged and the others
/// still run.
///
/// # Errors
/// [`StorageError`] when the list of tournaments cannot be read.
pub async fn drive(table: &Table, platforms: Platforms<'_>) -> Result<Vec<Posted>, StorageError> {
    let now = table.clock.now_ms();
    let mut out = Vec::new();
    for t in table.db.tournaments_to_drive(platforms, now).await? {
        let lang = lang_of(table, &t).await?;
        let post = |(channel, reply): (String, Reply)| Posted { platform: t.platform.clone(), channel, reply };
        let here = |replies: Vec<Reply>| replies.into_iter().map(|r| (t.channel.clone(), r)).collect::<Vec<_>>();
        let step = async {
            match t.stage {
                Stage::Signup => Ok(here(signup_over(table, &t, lang).await?)),
                _ => {
                    let mut replies = time_outs(table, &t).await?;
                    if let Some(more) = next_round(table, &t, lang).await? {
                        replies.extend(here(more));
                    }
                    Ok(replies)
                }
            }
        };
        match step.await {
            Ok(replies) => out.extend(replies.into_iter().map(post)),
            Err(e) => {
                table.db.saw(&e);
                tracing::error!(tournament = %t.id, error = %e, "driving the tournament failed");
            }
        }
    }
    Ok(out)
}

/// Sign-up of `t` is over: it starts with enough entrants, else it is cancelled.
async fn signup_over(table: &Table, t: &TournamentRow, lang: Lang) -> Result<Vec<Reply>, StorageError> {
    let entrants = table.db.entrants(t.id).await?;
    if entrants.len() >= min_players(t) {
        return Ok(next_round(table, t, lang).await?.unwrap_or_default());
    }
    if table.db.cancel_tournament(t.id, &t.organiser, table.clock.now_ms()).await?.is_none() {
        return Ok(Vec::new());
    }
    tracing::info!(tournament = %t.id, "tournament cancelled: too few entrants");
    let msg = Msg::new("tournament-cancelled-too-few").arg("id", t.id).arg("count", entrants.len()).arg("min", min_players(t));
    Ok(vec![Reply::channel(table.texts.text(lang, &msg))])
}

/// Ends every game of `t`'s round whose player to move has run out of time (a person;
/// vacations do not count): the waiting player wins on time. Each reply comes with the
/// game's channel (its thread on Discord, where it has one).
async fn time_outs(table: &Table, t: &TournamentRow) -> Result<Vec<(String, Reply)>, StorageError> {
    let now = table.clock.now_ms();
    let mut replies = Vec::new();
    for p in table.db.pairings(t.id).await?.iter().filter(|p| p.round == t.round) {
        let Some(id) = p.game else { continue };
        let Some(turn) = crate::store::turns::turn_of(&table.db, id).await? else { continue };
        if now - turn.since < turn.move_ms.unwrap_or(t.move_ms) {
            continue;
        }
        let Some(row) = table.db.game(id).await? else { continue };
        let loaded = table.load(row).await?;
        let Some(&late) = turn.to_move.first() else { continue };
        let Some(late_player) = loaded.players.get(late).filter(|p| !ai_seat::is_ai(&p.user_id)) else { continue };
        if loaded.players.len() == 1 {
            // A series game, played alone: it ends with the points made so far.
            replies.extend(series_rounds::time_out(table, t, loaded).await?);
            continue;
        }
        let Some(waiting) = loaded.players.iter().find(|p| p.seat != late) else { continue };
        let Some(game) = loaded.game.as_ref().filter(|g| !g.is_finished()) else { continue };
        let mut game = game.box_clone();
        let Ok(event) = game.play(&format!("@timeout {late}")) else { continue };
        let origin = crate::table::context::seat_origin(&loaded.row, &loaded.players, User::new(waiting.user_id.clone(), waiting.name.clone()));
        let ctx = crate::table::context::acting(table, &origin, crate::grammar::Verb::Claim).await;
        let late_name = late_player.name.clone();
        let waiting_seat = waiting.seat;
        match crate::table::turn::store(&ctx, loaded, game, Some(waiting_seat), &event).await {
            Ok(loaded) => {
                tracing::info!(game = %id, tournament = %t.id, seat = late, "tournament game lost on time");
                let header = ctx.channel_text(&Msg::new("tournament-lost-on-time").arg("player", late_name).arg("id", id));
                let channel = loaded.row.channel.clone();
                replies.extend(crate::table::turn::announce(&ctx, &loaded, header, &[]).await.into_iter().map(|r| (channel.clone(), r)));
            }
            // Another process ended it, or a move came in meanwhile.
            Err(Refused::Storage(e)) => return Err(e),
            Err(_) => {}
        }
    }
    Ok(replies)
}

/// When every game of `t`'s current round has ended (or before the first round):
/// counts the round, then pairs and starts the next one, or ends the tournament after
/// the last; what the channel is told. `None` when the round still runs or another
/// process did the step.
async fn next_round(table: &Table, t: &TournamentRow, lang: Lang) -> Result<Option<Vec<Reply>>, StorageError> {
    if t.system == System::Series {
        return series_rounds::next_round(table, t, lang).await;
    }
    let db = &table.db;
    let entrants = db.entrants(t.id).await?;
    let pairings = db.pairings(t.id).await?;
    // The results of the round being played, from its games (all must have ended).
    let mut counted: Vec<Counted> = Vec::new();
    for p in pairings.iter().filter(|p| p.round == t.round && p.result.is_none()) {
        let Some(id) = p.game else { continue };
        let Some(row) = db.game(id).await? else { continue };
        if row.status == Status::Running {
            return Ok(None);
        }
        let loaded = table.load(row).await?;
        counted.push((p.round, p.board, p.leg, result_of(&loaded, &p.white).to_string()));
    }
    let mut after: Vec<PairingRow> = pairings.clone();
    for p in &mut after {
        if let Some((_, _, _, r)) = counted.iter().find(|(round, board, leg, _)| *round == p.round && *board == p.board && *leg == p.leg) {
            p.result = Some(r.clone());
        }
    }
    let n = entrants.len();
    let rounds = t.rounds.unwrap_or(match t.system {
        System::Swiss => swiss_rounds(n),
        System::RoundRobin => round_robin_rounds(n),
        System::Series => series_rounds::SERIES_ROUNDS,
    });
    let present: Vec<&Entrant> = entrants.iter().filter(|e| e.left_at.is_none()).collect();
    let now = table.clock.now_ms();
    let ctx_texts = |msg: &Msg| table.texts.text(lang, msg);
    if t.round > 0 && (t.round >= rounds || present.len() < 2) {
        if !db.finish_tournament(t.id, t.round, &counted, now).await? {
            return Ok(None);
        }
        tracing::info!(tournament = %t.id, "tournament finished");
        let done = TournamentRow { stage: Stage::Finished, rounds: Some(rounds), ..t.clone() };
        return Ok(Some(vec![standings_reply(table, &done, &entrants, &after, lang, "tournament-finished").await?]));
    }
    let pairs = match t.system {
        // A series was dealt by `series_rounds::next_round` above; never paired.
        System::Swiss | System::Series => swiss_pairs(&entrants, &after, rounds),
        System::RoundRobin => round_robin_pairs(&entrants, t.round + 1),
    };
    let pairs = match pairs {
        Ok(pairs) => pairs,
        Err(e) => {
            // No pairing is possible (everyone has met everyone): the tournament ends.
            tracing::warn!(tournament = %t.id, error = %e, "no pairing: the tournament ends early");
            if !db.finish_tournament(t.id, t.round, &counted, now).await? {
                return Ok(None);
            }
            let done = TournamentRow { stage: Stage::Finished, rounds: Some(t.round), ..t.clone() };
            let mut replies = vec![Reply::channel(ctx_texts(&Msg::new("tournament-no-pairing").arg("id", t.id)))];
            replies.push(standings_reply(table, &done, &entrants, &after, lang, "tournament-finished").await?);
            return Ok(Some(replies));
        }
    };
    let Ok(kind) = t.kind.parse::<GameKind>() else { return Err(StorageError::Damaged(format!("tournament {} game {:?}", t.id, t.kind))) };
    let mut options = t.options.as_object().cloned().unwrap_or_default();
    options.insert("players".into(), Value::from(2));
    let options = Value::Object(options);
    // Every game of the round, with its opened game (for the start's options and setup).
    struct Planned {
        board: u32,
        leg: u32,
        white: usize,
        black: Option<usize>,
        result: Option<&'static str>,
        game: Option<(u64, Box<dyn rules::Match>)>,
        /// White takes seat 1 (the deal gives seat 1 the first move).
        white_second: bool,
    }
    let mut planned = Vec::new();
    let mut board = 0;
    for (white, black) in &pairs {
        board += 1;
        // A bye is one bye also in a double tournament: a second leg has no game.
        let legs: &[u32] = if t.twice && black.is_some() { &[0, 1] } else { &[0] };
        for &leg in legs {
            let (w, b) = if leg == 0 { (*white, *black) } else { match black { Some(b) => (*b, Some(*white)), None => (*white, None) } };
            let gone = |i: usize| entrants[i].left_at.is_some();
            let result = match b {
                // Who has left scores nothing, a bye neither.
                None if gone(w) => Some("0-0"),
                None => Some("bye"),
                Some(b) if gone(w) && gone(b) => Some("0-0"),
                Some(_) if gone(w) => Some("-+"),
                Some(b) if gone(b) => Some("+-"),
                Some(_) => None,
            };
            let game = if result.is_none() {
                let seed = rand::random::<u64>();
                let game = rules::open(kind, &options, 2, None, Some(seed))
                    .map_err(|e| StorageError::Damaged(format!("tournament {} options: {}", t.id, e.0)))?;
                Some((seed, game))
            } else {
                None
            };
            // "White" moves first: where the deal gives the first move to seat 1, white
            // sits there.
            let white_second = game.as_ref().is_some_and(|(_, g)| g.to_move().first() == Some(&1));
            planned.push(Planned { board, leg, white: w, black: b, result, game, white_second });
        }
    }
    let starts: Vec<(Value, Value, Vec<usize>)> =
        planned.iter().map(|p| p.game.as_ref().map(|(_, g)| (g.options(), g.resolved_setup(), g.to_move())).unwrap_or_default()).collect();
    // The player of seat 1 of each game (black, or white when white moves second).
    let seconds: Vec<Option<PlayerRow>> = planned
        .iter()
        .map(|p| {
            let second = if p.white_second { Some(p.white) } else { p.black };
            second.map(|i| PlayerRow { seat: 1, user_id: entrants[i].user_id.clone(), name: entrants[i].name.clone(), lang: entrants[i].lang.clone() })
        })
        .collect();
    let games: Vec<RoundGame<'_>> = planned
        .iter()
        .zip(&starts)
        .zip(&seconds)
        .map(|((p, (opts, setup, to_move)), second)| {
            let white = &entrants[p.white];
            let first = match (p.white_second, p.black) {
                (true, Some(b)) => &entrants[b],
                _ => white,
            };
            let game = match (&p.game, second) {
                (Some((seed, _)), Some(second)) => Some((
                    NewGame {
                        kind: kind.id(),
                        platform: &t.platform,
                        channel: &t.channel,
                        server: t.server.as_deref(),
                        creator_id: &first.user_id,
                        creator_name: &first.name,
                        creator_lang: first.lang.as_deref(),
                        options: opts,
                        seed: *seed,
                        seeded: false,
                        at: now,
                        move_ms: Some(t.move_ms),
                        // A tournament's games keep its time per move, without a bank.
                        bank_ms: None,
                        invitees: &[],
                    },
                    Start { options: opts, setup, to_move },
                    second.clone(),
                )),
                _ => None,
            };
            RoundGame {
                board: p.board,
                leg: p.leg,
                white: &white.user_id,
                black: p.black.map(|b| entrants[b].user_id.as_str()),
                game,
                result: p.result,
            }
        })
        .collect();
    if !db.store_round(t.id, t.round, rounds, &counted, &games, now).await? {
        return Ok(None);
    }
    let round = t.round + 1;
    tracing::info!(tournament = %t.id, round, "tournament round paired");
    let mut replies = Vec::new();
    if t.round > 0 {
        let mid = TournamentRow { rounds: Some(rounds), ..t.clone() };
        replies.push(standings_reply(table, &mid, &entrants, &after, lang, "tournament-round-over").await?);
    }
    // The pairings, then each game's start with its board.
    let stored = db.pairings(t.id).await?;
    let ch_origin = channel_origin(t, lang);
    let ctx = channel_ctx(table, &ch_origin, lang);
    let mut text = ctx.text(&Msg::new("tournament-round-start").arg("id", t.id).arg("round", round).arg("rounds", rounds));
    // The games in board order, then the bye.
    let mut this: Vec<&PairingRow> = stored.iter().filter(|p| p.round == round).collect();
    this.sort_by_key(|p| (p.black.is_none(), p.board, p.leg));
    let games: Vec<GameId> = this.iter().filter_map(|p| p.game).collect();
    let pages = game_pages::urls(table, &games).await;
    for p in &this {
        let white = name_of(&ctx, &entrants, &p.white);
        let line = match (&p.black, p.game, p.result.as_deref()) {
            // A bye of someone who has left: nothing to announce.
            (None, _, Some("0-0")) => continue,
            (None, _, _) => Msg::new("tournament-pairing-bye").arg("player", white),
            (Some(b), Some(game), _) => {
                let msg = match pages.get(&game) {
                    Some(url) => Msg::new("tournament-pairing-page").arg("url", url.as_str()),
                    None => Msg::new("tournament-pairing"),
                };
                msg.arg("game", game).arg("white", white).arg("black", name_of(&ctx, &entrants, b))
            }
            (Some(b), None, result) => Msg::new("tournament-pairing-forfeit")
                .arg("white", white)
                .arg("black", name_of(&ctx, &entrants, b))
                .arg("result", result.unwrap_or("0-0")),
        };
        text.push_line(ctx.text(&line));
    }
    let seats: Vec<(GameId, String)> = this
        .iter()
        .filter_map(|p| {
            let black = p.black.as_deref().map_or_else(String::new, |b| name_of(&ctx, &entrants, b));
            Some((p.game?, format!("{} – {black}", name_of(&ctx, &entrants, &p.white))))
        })
        .collect();
    let wanted = threads::wanted(table, t, &seats, lang).await?;
    replies.push(Reply::channel(text).with_link(table.tournament_link(t.id, lang).await).with_threads(wanted));
    for (id, seats) in seats {
        replies.extend(announce_start(table, &ctx, id, t.id, round, seats).await?);
    }
    Ok(Some(replies))
}

/// A started tournament game's announcement (`seats`: "white – black"): its board, who
/// is to move, the hands.
async fn announce_start(
    table: &Table,
    ctx: &Ctx<'_>,
    id: GameId,
    tournament: TournamentId,
    round: u32,
    seats: String,
) -> Result<Vec<Reply>, StorageError> {
    let Some(row) = table.db.game(id).await? else { return Ok(Vec::new()) };
    let loaded = table.load(row).await?.named_in(&table.texts, ctx.channel_lang);
    let Some(game) = loaded.game.as_ref() else { return Ok(Vec::new()) };
    table.remember(id, game.as_ref(), loaded.row.takebacks);
    let dealt: Vec<usize> =
        (0..game.players()).filter(|&s| crate::table::games::hand_text(&game.view(Viewer::Seat(s)), s).is_some_and(|h| !h.is_empty())).collect();
    let header = ctx.text(&Msg::new("tournament-game-started").arg("id", id).arg("tournament", tournament).arg("round", round).arg("seats", seats));
    Ok(crate::table::turn::announce(ctx, &loaded, header, &dealt).await)
}

/// The tournament's channel as the origin of its posts: the organiser speaking, in `lang`.
fn channel_origin(t: &TournamentRow, lang: Lang) -> crate::base::origin::Origin {
    crate::base::origin::Origin {
        platform: t.platform.clone(),
        channel: t.channel.clone(),
        server: t.server.clone(),
        user: User::new(t.organiser.clone(), String::new()),
        is_admin: false,
        lang: Some(lang),
    }
}

/// The context of a post in the tournament's channel, written in the tournament's `lang`
/// (given, so no language is looked up).
fn channel_ctx<'a>(table: &'a Table, origin: &'a crate::base::origin::Origin, lang: Lang) -> Ctx<'a> {
    Ctx {
        table,
        origin,
        lang,
        channel_lang: lang,
        admin: false,
        verb: Some(crate::grammar::Verb::Tournament),
        chosen: None,
        ahead: None,
    }
}

/// The channel's post of the standings after a round or at the end (`key`).
async fn standings_reply(
    table: &Table,
    t: &TournamentRow,
    entrants: &[Entrant],
    pairings: &[PairingRow],
    lang: Lang,
    key: &str,
) -> Result<Reply, StorageError> {
    let origin = channel_origin(t, lang);
    let ctx = channel_ctx(table, &origin, lang);
    let mut text = ctx.text(&Msg::new(key).arg("id", t.id).arg("round", t.round).arg("rounds", t.rounds.unwrap_or(t.round)));
    let (standings, picture) = standings_text(&ctx, t, entrants, pairings).await?;
    text.push_line(standings);
    // With `[web]`: the round's games, each with its result and page.
    if let Some(games) = game_pages::round_results(&ctx, entrants, pairings, t.round).await {
        text.push_line(games);
    }
    // The page's link on the final standings (a round's come right before the next
    // round's pairings, which carry it).
    let link = if t.stage == Stage::Finished { table.tournament_link(t.id, lang).await } else { None };
    Ok(Reply::channel(text).with_file(picture).with_link(link))
}

/// The result word of a finished tournament game whose first mover is `white` (a user
/// id): `1-0` when white won, `0-1` when the other did, `1/2` for a draw (a shared first
/// place), `0-0` when it was aborted (a double forfeit: no game played).
fn result_of(loaded: &Loaded, white: &str) -> &'static str {
    let Some(ranking) = loaded.game.as_ref().and_then(|g| g.ranking()) else { return "0-0" };
    match ranking.first().map(Vec::as_slice) {
        Some([seat]) if loaded.players.get(*seat).is_some_and(|p| p.user_id == white) => "1-0",
        Some([_]) => "0-1",
        Some([_, _, ..]) => "1/2",
        _ => "0-0",
    }
}

/// The next Swiss round's pairs (white, black; entrants by index) by the FIDE Dutch
/// system from the rounds so far (`pairings` with their results); entrants who left are
/// not paired.
fn swiss_pairs(entrants: &[Entrant], pairings: &[PairingRow], rounds: u32) -> Result<Vec<(usize, Option<usize>)>, pairing::Error> {
    let played = pairings.iter().map(|p| p.round).max().unwrap_or(0);
    let rank_of = |user: &str| entrants.iter().find(|e| e.user_id == user).map(|e| e.rank);
    let players = entrants
        .iter()
        .map(|e| {
            let history = (1..=played)
                .map(|round| history_entry(e, round, pairings, &rank_of))
                .collect();
            pairing::Player { rank: e.rank, history, present: e.left_at.is_none() }
        })
        .collect();
    let t = pairing::Tournament { players, total_rounds: rounds, initial_colour: pairing::Colour::White };
    let index = |rank: u32| entrants.iter().position(|e| e.rank == rank);
    Ok(pairing::pair_dutch(&t)?
        .into_iter()
        .filter_map(|p| Some((index(p.white)?, if p.is_bye() { None } else { Some(index(p.black)?) })))
        .collect())
}

/// What round `round` was for entrant `e` as the Dutch system reads it: the game of the
/// first leg (its opponent and colour) with the outcome over both legs of a `double`
/// round, the bye, a forfeit, or absent.
fn history_entry(e: &Entrant, round: u32, pairings: &[PairingRow], rank_of: &impl Fn(&str) -> Option<u32>) -> pairing::RoundEntry {
    use pairing::{Colour, Outcome, RoundEntry};
    let mine: Vec<&PairingRow> =
        pairings.iter().filter(|p| p.round == round && (p.white == e.user_id || p.black.as_deref() == Some(e.user_id.as_str()))).collect();
    let Some(first) = mine.iter().find(|p| p.leg == 0).or(mine.first()) else { return RoundEntry::without_game(Outcome::Absent) };
    let Some(black) = first.black.as_deref() else { return RoundEntry::without_game(Outcome::PairingBye) };
    let white = first.white == e.user_id;
    let opponent = rank_of(if white { black } else { &first.white }).unwrap_or(0);
    // Half-points over the legs, from this entrant's side.
    let (mut mine_half, mut total) = (0, 0);
    let mut forfeit = false;
    for p in &mine {
        let as_white = p.white == e.user_id;
        let (w, b) = match p.result.as_deref() {
            Some("1-0") => (2, 0),
            Some("0-1") => (0, 2),
            Some("1/2") => (1, 1),
            Some("+-") => {
                forfeit = true;
                (2, 0)
            }
            Some("-+") => {
                forfeit = true;
                (0, 2)
            }
            // A double forfeit (a game aborted by an admin, or both gone): no game
            // played, no colour, the two may meet again (FIDE C.04.1).
            Some("0-0") => {
                forfeit = true;
                (0, 0)
            }
            _ => (0, 0),
        };
        mine_half += if as_white { w } else { b };
        total += 2;
    }
    if forfeit {
        let outcome = if mine_half * 2 > total { Outcome::ForfeitWin } else { Outcome::ForfeitLoss };
        return RoundEntry { opponent: Some(opponent), colour: None, outcome };
    }
    let outcome = match (mine_half * 2).cmp(&total) {
        std::cmp::Ordering::Greater => Outcome::Win,
        std::cmp::Ordering::Equal => Outcome::Draw,
        std::cmp::Ordering::Less => Outcome::Loss,
    };
    RoundEntry::game(opponent, if white { Colour::White } else { Colour::Black }, outcome)
}

/// Round `round` of the Berger tables for the entrants (by index; all of them, also
/// those who left: their games become forfeits).
fn round_robin_pairs(entrants: &[Entrant], round: u32) -> Result<Vec<(usize, Option<usize>)>, pairing::Error> {
    let n = u32::try_from(entrants.len()).unwrap_or(u32::MAX);
    let tables = pairing::berger_tables(n)?;
    let games = tables.get(round as usize - 1).ok_or(pairing::Error::NoValidPairing)?;
    let index = |rank: u32| entrants.iter().position(|e| e.rank == rank);
    Ok(games.iter().filter_map(|g| Some((index(g.white)?, if g.black == 0 { None } else { Some(index(g.black)?) }))).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swiss_rounds_are_log2_plus_one_capped_by_n_minus_one() {
        // ⌈log2 n⌉ + 1: 3 → 3 (capped at 2), 4 → 3, 5 → 4, 7 → 4, 8 → 4, 9 → 5, 16 → 5, 17 → 6.
        let got: Vec<u32> = [3, 4, 5, 7, 8, 9, 16, 17].into_iter().map(swiss_rounds).collect();
        assert_eq!(got, vec![2, 3, 4, 4, 4, 5, 5, 6]);
        assert_eq!([round_robin_rounds(4), round_robin_rounds(5)], [3, 5]);
    }
}
