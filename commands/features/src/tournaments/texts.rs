//! A tournament's texts: its header and details, the entrants' names, the standings as
//! text and table (the rating tie-break as it stood at the start).

use rules::GameKind;
use serde_json::Value;

use crate::{
    base::ai_seat,
    base::i18n::Msg,
    store::tournaments::{Entrant, PairingRow, Stage, System, TournamentRow},
    store::StorageError,
    table::context::Ctx,
    table::Table,
};

use super::standings::{self, How, Scored, Standing};

/// `YYYY-MM-DD HH:MM UTC` of `ms`.
pub(super) fn utc_time(ms: i64) -> String {
    jiff::Timestamp::from_millisecond(ms).map_or_else(|_| ms.to_string(), |t| t.strftime("%Y-%m-%d %H:%M UTC").to_string())
}

/// What `tournament new` and the status say of it: game, system, rounds, double, time.
pub(super) fn details(ctx: &Ctx<'_>, t: &TournamentRow) -> String {
    let kind = t.kind.parse::<GameKind>().ok();
    let mut parts = vec![kind.map_or_else(|| t.kind.clone(), |k| ctx.game_name(k).to_string())];
    parts.push(ctx.table.texts.plain(ctx.lang, &Msg::new(system_key(t.system))));
    if let Some(rounds) = t.rounds {
        parts.push(ctx.table.texts.plain(ctx.lang, &Msg::new("tournament-rounds").arg("rounds", rounds)));
    }
    if t.twice {
        parts.push(ctx.table.texts.plain(ctx.lang, &Msg::new("tournament-double")));
    }
    if let Value::Object(map) = &t.options {
        for (key, value) in map {
            match value {
                Value::String(w) => parts.push(w.clone()),
                Value::Bool(true) => parts.push(key.clone()),
                Value::Number(n) => parts.push(format!("{key}={n}")),
                _ => {}
            }
        }
    }
    let time = crate::base::time::format_duration(&ctx.table.texts, ctx.lang, t.move_ms);
    parts.push(ctx.table.texts.plain(ctx.lang, &Msg::new("new-time-per-move").arg("time", time)));
    parts.join(", ")
}

/// The words of a pairing system: "Swiss", "round robin", "Hathor series".
pub(super) fn system_key(system: System) -> &'static str {
    match system {
        System::Swiss => "tournament-swiss",
        System::RoundRobin => "tournament-roundrobin",
        System::Series => "tournament-series",
    }
}

pub(super) fn header(ctx: &Ctx<'_>, t: &TournamentRow) -> Msg {
    let key = match t.stage {
        Stage::Signup => "tournament-status-signup",
        Stage::Running => "tournament-status-running",
        Stage::Finished => "tournament-status-finished",
        Stage::Cancelled => "tournament-status-cancelled",
    };
    Msg::new(key).arg("id", t.id).arg("details", details(ctx, t)).arg("round", t.round).arg("rounds", t.rounds.unwrap_or(0))
}

/// An entrant's name as shown in `ctx`'s language (an AI entrant's in it).
pub(super) fn shown(ctx: &Ctx<'_>, e: &Entrant) -> String {
    ai_seat::shown_name(&ctx.table.texts, ctx.lang, &e.user_id, &e.name)
}

pub(super) fn name_of(ctx: &Ctx<'_>, entrants: &[Entrant], user_id: &str) -> String {
    entrants.iter().find(|e| e.user_id == user_id).map_or_else(|| user_id.to_string(), |e| shown(ctx, e))
}

/// The standings' title: final, after which round, or before the first results (the
/// picture's and the web page's).
pub(super) fn standings_title(ctx: &Ctx<'_>, t: &TournamentRow, pairings: &[PairingRow]) -> String {
    let counted = counted_rounds(pairings);
    let key = match (t.stage, counted) {
        (Stage::Finished, _) => "tournament-picture-final",
        (Stage::Cancelled, _) => "tournament-picture-cancelled",
        (_, 0) => "tournament-picture-start",
        _ => "tournament-picture-title",
    };
    ctx.table.texts.plain(ctx.lang, &Msg::new(key).arg("id", t.id).arg("round", counted).arg("rounds", t.rounds.unwrap_or(t.round)))
}

/// The pairings of the rounds up to the last counted one: the standings "after round N"
/// count no result of round N + 1 yet (its bye and forfeits are stored when it is paired).
pub(super) fn counted_pairings(pairings: &[PairingRow]) -> Vec<PairingRow> {
    let counted = counted_rounds(pairings);
    pairings.iter().filter(|p| p.round <= counted).cloned().collect()
}

/// The last round whose every result is counted (0: none).
pub(super) fn counted_rounds(pairings: &[PairingRow]) -> u32 {
    let last = pairings.iter().map(|p| p.round).max().unwrap_or(0);
    (1..=last).rev().find(|&r| pairings.iter().filter(|p| p.round == r).all(|p| p.result.is_some())).unwrap_or(0)
}

/// The standings of `t` from its counted results (entrants by index = rank − 1), the
/// rating tie-break by the ratings as they stood at its start ([`crate::store::Db::start_ratings`]).
pub(super) async fn table_of(table: &Table, t: &TournamentRow, entrants: &[Entrant], pairings: &[PairingRow]) -> Result<Vec<Standing>, StorageError> {
    let index = |user: &str| entrants.iter().position(|e| e.user_id == user);
    let mut scored = Vec::new();
    for p in pairings {
        let Some(result) = p.result.as_deref() else { continue };
        let Some(a) = index(&p.white) else { continue };
        let b = p.black.as_deref().and_then(index);
        let (a_half, b_half, how) = match result {
            "1-0" => (2, 0, How::Played),
            "0-1" => (0, 2, How::Played),
            "1/2" => (1, 1, How::Played),
            "bye" => (2, 0, How::Bye),
            "+-" => (2, 0, How::Forfeit),
            "-+" => (0, 2, How::Forfeit),
            _ => (0, 0, How::Forfeit),
        };
        scored.push(Scored { a, b, a_half, b_half, how });
    }
    // The rating tie-break: each entrant's rating as it stood at the start.
    let start = table.db.start_ratings(t.id).await?;
    let ratings: Vec<Option<f64>> = entrants.iter().map(|e| start.get(&e.user_id).copied()).collect();
    Ok(standings::standings(entrants.len(), &scored, &ratings))
}
