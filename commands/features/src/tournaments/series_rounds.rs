//! A Hathor series run by the scheduler (issue 39: "Hathor tournaments are a series of
//! same-deal challenges (one per round, total points, ties by best single round)").
//!
//! Every round is a same-deal challenge of the series' channel ([`crate::store::series`]):
//! each entrant still in gets their own solo game of the round's deal, opened from
//! [`rules::rng::series_round_seed`] (the series' seed, the round), so the whole series
//! replays exactly. The games keep the series' time per move. While the round runs the
//! challenge rules hide each game from everyone but its player (its board, its page);
//! when every game of the round has ended (a finished pile, a resignation, a time-out)
//! the scheduler counts each game's points (`scores[0]`, spec hathor.md), closes the
//! round's challenge, posts the standings ([`super::series`]: the total, then the best
//! single round) and deals the next round, or posts the final standings.
//!
//! A game whose clock runs out ends with `@timeout 0`: the points made so far, without
//! end bonuses (as a closing challenge ends its games). An entrant who left plays no
//! later round (their rounds show empty and count nothing); the series ends early when
//! fewer than two are left. Each step is one transaction guarded by the round it was
//! decided at, so it happens once however many processes poll.

use rules::GameKind;
use serde_json::Value;

use crate::{
    base::ai_seat,
    base::i18n::Msg,
    base::i18n::Lang,
    base::reply::{Attachment, Audience, Reply, Text, User},
    store::challenges::NewChallenge,
    store::series::{CountedPoints, SeriesGame},
    store::tournaments::{Entrant, PairingRow, Stage, TournamentRow},
    store::{NewGame, Start, Status, StorageError},
    table::context::{Ctx, Loaded, Refused},
    table::Table,
};

use super::{channel_ctx, channel_origin, picture, series, texts::{counted_pairings, name_of, shown, standings_title}};

/// The rounds a series plays without `rounds=`.
pub const SERIES_ROUNDS: u32 = 3;

/// A round's challenge stays open until the series closes it (when the round is
/// counted, or the tournament is cancelled): its games end on their clocks, never by the
/// challenge's own time.
const NEVER: i64 = i64::MAX;

/// The points of a finished game (`scores[0]` of the solo game; 0 when it has none).
fn points_of(loaded: &Loaded) -> i64 {
    loaded.game.as_ref().and_then(|g| g.scores()).and_then(|s| s.first().copied()).unwrap_or(0)
}

/// When every game of `t`'s round has ended (or before the first round): counts the
/// round's points, then deals and starts the next round, or ends the series after the
/// last; what the channel (and each entrant, privately) is told. `None` when the round
/// still runs or another process did the step.
pub(super) async fn next_round(table: &Table, t: &TournamentRow, lang: Lang) -> Result<Option<Vec<Reply>>, StorageError> {
    let db = &table.db;
    let entrants = db.entrants(t.id).await?;
    let pairings = db.pairings(t.id).await?;
    let mut counted: Vec<CountedPoints> = Vec::new();
    for p in pairings.iter().filter(|p| p.round == t.round && p.result.is_none()) {
        let Some(id) = p.game else { continue };
        let Some(row) = db.game(id).await? else { continue };
        if row.status == Status::Running {
            return Ok(None);
        }
        counted.push((p.round, p.board, points_of(&table.load(row).await?)));
    }
    let mut after = pairings.clone();
    for p in &mut after {
        if let Some((_, _, points)) = counted.iter().find(|(round, board, _)| *round == p.round && *board == p.board) {
            p.result = Some("points".into());
            p.points = Some(*points);
        }
    }
    let rounds = t.rounds.unwrap_or(SERIES_ROUNDS);
    let present: Vec<&Entrant> = entrants.iter().filter(|e| e.left_at.is_none()).collect();
    let now = table.clock.now_ms();
    if t.round > 0 && (t.round >= rounds || present.len() < 2) {
        if !db.finish_series(t.id, t.round, &counted, now).await? {
            return Ok(None);
        }
        tracing::info!(tournament = %t.id, "series finished");
        let done = TournamentRow { stage: Stage::Finished, rounds: Some(rounds), ..t.clone() };
        return Ok(Some(vec![super::standings_reply(table, &done, &entrants, &after, lang, "tournament-finished").await?]));
    }
    let damaged = |what: String| StorageError::Damaged(format!("series {}: {what}", t.id));
    let seed = t.seed.ok_or_else(|| damaged("no seed".into()))?;
    let round = t.round + 1;
    let round_seed = rules::rng::series_round_seed(seed, round);
    let mut options = t.options.as_object().cloned().unwrap_or_default();
    options.insert("players".into(), Value::from(1));
    let kind = GameKind::Hathor;
    let deal = rules::open(kind, &Value::Object(options), 1, None, Some(round_seed)).map_err(|e| damaged(e.0))?;
    let (known, setup) = (deal.options(), deal.resolved_setup());
    // Every entrant's game opens the same deal, as a challenge's players' do.
    let mut opened = Vec::with_capacity(present.len());
    for _ in &present {
        let game = rules::open(kind, &known, 1, Some(setup.clone()), Some(round_seed)).map_err(|e| damaged(e.0))?;
        opened.push((game.options(), game.resolved_setup(), game.to_move()));
    }
    let games: Vec<SeriesGame<'_>> = present
        .iter()
        .zip(&opened)
        .map(|(e, (opts, setup, to_move))| SeriesGame {
            rank: e.rank,
            user_id: &e.user_id,
            game: NewGame {
                kind: kind.id(),
                platform: &t.platform,
                channel: &t.channel,
                server: t.server.as_deref(),
                creator_id: &e.user_id,
                creator_name: &e.name,
                creator_lang: e.lang.as_deref(),
                options: opts,
                seed: round_seed,
                seeded: false,
                at: now,
                move_ms: Some(t.move_ms),
                bank_ms: None,
                invitees: &[],
            },
            start: Start { options: opts, setup, to_move },
        })
        .collect();
    let challenge = NewChallenge {
        kind,
        platform: &t.platform,
        channel: &t.channel,
        creator: &t.organiser,
        daily: None,
        options: &known,
        seed: round_seed,
        seeded: false,
        setup: &setup,
        created_at: now,
        closes_at: NEVER,
    };
    if !db.store_series_round(t.id, t.round, rounds, &counted, &challenge, &games, now).await? {
        return Ok(None);
    }
    tracing::info!(tournament = %t.id, round, "series round dealt");
    let mut replies = Vec::new();
    if t.round > 0 {
        let mid = TournamentRow { rounds: Some(rounds), ..t.clone() };
        replies.push(super::standings_reply(table, &mid, &entrants, &after, lang, "tournament-round-over").await?);
    }
    let origin = channel_origin(t, lang);
    let ctx = channel_ctx(table, &origin, lang);
    let stored = db.pairings(t.id).await?;
    let this: Vec<&PairingRow> = stored.iter().filter(|p| p.round == round && p.game.is_some()).collect();
    let list: Vec<String> = this
        .iter()
        .filter_map(|p| Some(format!("#{} {}", p.game?, name_of(&ctx, &entrants, &p.white))))
        .collect();
    let text = ctx.text(
        &Msg::new("tournament-series-round-start")
            .arg("id", t.id)
            .arg("round", round)
            .arg("rounds", rounds)
            .arg("games", list.join(", ")),
    );
    replies.push(Reply::channel(text).with_link(table.tournament_link(t.id, lang).await));
    for p in this {
        let Some(id) = p.game else { continue };
        // An AI entrant's game is played by the scheduler: nobody to show it to.
        if ai_seat::is_ai(&p.white) {
            continue;
        }
        replies.extend(own_start(table, &ctx, t, round, id, &p.white).await?);
    }
    Ok(Some(replies))
}

/// The start of `user_id`'s game `id` of round `round`, with its board: to them alone
/// (the round's challenge hides it from the others).
async fn own_start(table: &Table, ctx: &Ctx<'_>, t: &TournamentRow, round: u32, id: crate::base::ids::GameId, user_id: &str) -> Result<Vec<Reply>, StorageError> {
    let Some(row) = table.db.game(id).await? else { return Ok(Vec::new()) };
    let loaded = table.load(row).await?.named_in(&table.texts, ctx.channel_lang);
    let Some(game) = loaded.game.as_ref() else { return Ok(Vec::new()) };
    table.remember(id, game.as_ref(), loaded.row.takebacks);
    let header = ctx.text(&Msg::new("tournament-series-your-game").arg("id", id).arg("tournament", t.id).arg("round", round));
    let replies = crate::table::turn::announce(ctx, &loaded, header, &[]).await;
    Ok(to_player(replies, user_id))
}

/// Every reply of `replies` addressed to `user_id` only.
fn to_player(replies: Vec<Reply>, user_id: &str) -> Vec<Reply> {
    replies.into_iter().map(|r| Reply { audience: Audience::User(user_id.to_string()), ..r }).collect()
}

/// Ends the series game `loaded` whose player ran out of time with `@timeout 0` (the
/// points made so far): the channel is told the points, the board goes to the player
/// alone. Nothing when another process ended it or a move came in meanwhile.
pub(super) async fn time_out(table: &Table, t: &TournamentRow, loaded: Loaded) -> Result<Vec<(String, Reply)>, StorageError> {
    let id = loaded.row.id;
    let Some(player) = loaded.players.first().cloned() else { return Ok(Vec::new()) };
    let Some(game) = loaded.game.as_ref().filter(|g| !g.is_finished()) else { return Ok(Vec::new()) };
    let mut game = game.box_clone();
    let Ok(event) = game.play("@timeout 0") else { return Ok(Vec::new()) };
    let origin = crate::table::context::seat_origin(&loaded.row, &loaded.players, User::new(player.user_id.clone(), player.name.clone()));
    let ctx = crate::table::context::acting(table, &origin, crate::grammar::Verb::Claim).await;
    match crate::table::turn::store(&ctx, loaded, game, None, &event).await {
        Ok(loaded) => {
            tracing::info!(game = %id, tournament = %t.id, "series game ended on time");
            let channel = loaded.row.channel.clone();
            let line = ctx.channel_text(&Msg::new("tournament-series-timed-out").arg("player", player.name.as_str()).arg("id", id).arg("points", points_of(&loaded)));
            let header = ctx.text(&Msg::new("tournament-series-your-time-out").arg("id", id).arg("points", points_of(&loaded)));
            let own = to_player(crate::table::turn::announce(&ctx, &loaded, header, &[]).await, &player.user_id);
            let mut out = vec![(channel.clone(), Reply::channel(line))];
            out.extend(own.into_iter().map(|r| (channel.clone(), r)));
            Ok(out)
        }
        Err(Refused::Storage(e)) => Err(e),
        Err(_) => Ok(Vec::new()),
    }
}

/// `round_points[entrant][round − 1]`: each entrant's counted points per round of
/// `rounds` (`None`: not counted, or not played), from counted `pairings`.
pub(super) fn round_points(entrants: &[Entrant], pairings: &[PairingRow], rounds: u32) -> Vec<Vec<Option<i64>>> {
    let mut out = vec![vec![None; rounds as usize]; entrants.len()];
    for p in pairings {
        let (Some(points), Some(i)) = (p.points, entrants.iter().position(|e| e.user_id == p.white)) else { continue };
        if let Some(cell) = out[i].get_mut((p.round as usize).wrapping_sub(1)) {
            *cell = Some(points);
        }
    }
    out
}

/// The series' names by entrant: shown in `ctx`'s language, "(left)" after one who left.
fn names(ctx: &Ctx<'_>, entrants: &[Entrant]) -> Vec<String> {
    entrants
        .iter()
        .map(|e| {
            let name = shown(ctx, e);
            if e.left_at.is_some() { ctx.table.texts.plain(ctx.lang, &Msg::new("tournament-standing-left").arg("line", name)) } else { name }
        })
        .collect()
}

/// The series table of `t` in `ctx`'s language (the standings picture's and the web
/// page's): place, player, total, best round, one column per round, of the counted
/// rounds of `pairings`.
pub(super) fn table(ctx: &Ctx<'_>, t: &TournamentRow, entrants: &[Entrant], pairings: &[PairingRow]) -> render::table::Table {
    let counted = counted_pairings(pairings);
    let rounds = t.rounds.unwrap_or(SERIES_ROUNDS);
    let lines = series::series_standings(&round_points(entrants, &counted, rounds));
    let words = series::series_words(&ctx.table.texts, ctx.lang, rounds as usize);
    series::series_table(standings_title(ctx, t, &counted), words, &names(ctx, entrants), &lines)
}

/// The series' standings as text (a header, one line per entrant, best first) and, when
/// pictures are on, as the table picture.
pub(super) async fn standings_text(ctx: &Ctx<'_>, t: &TournamentRow, entrants: &[Entrant], pairings: &[PairingRow]) -> (Text, Option<Attachment>) {
    let counted = counted_pairings(pairings);
    let rounds = t.rounds.unwrap_or(SERIES_ROUNDS);
    let lines = series::series_standings(&round_points(entrants, &counted, rounds));
    let said = series::series_lines(&ctx.table.texts, ctx.lang, &names(ctx, entrants), &lines, t.stage == Stage::Finished);
    let mut text = Text::plain_text(said.first().cloned().unwrap_or_default());
    for line in said.iter().skip(1) {
        text.push_line(Text::plain_text(line.clone()));
    }
    let drawn = if ctx.table.options.pictures { picture::draw(table(ctx, t, entrants, pairings), t.id, t.round).await } else { None };
    (text, drawn)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entrant(rank: u32, user: &str, left: bool) -> Entrant {
        Entrant { rank, user_id: user.into(), name: user.into(), lang: None, left_at: left.then_some(1) }
    }

    fn counted(round: u32, user: &str, points: i64) -> PairingRow {
        PairingRow { round, board: 0, leg: 0, white: user.into(), black: None, game: None, result: Some("points".into()), points: Some(points) }
    }

    #[test]
    fn points_go_to_their_entrant_and_round() {
        // bob left after round 1: his round 2 is empty; a round not played yet is empty.
        let entrants = [entrant(1, "alice", false), entrant(2, "bob", true)];
        let pairings = [counted(1, "alice", 300), counted(1, "bob", -500), counted(2, "alice", 0)];
        assert_eq!(round_points(&entrants, &pairings, 3), vec![vec![Some(300), Some(0), None], vec![Some(-500), None, None]]);
    }
}
