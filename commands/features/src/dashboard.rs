//! `dashboard [off]` (issue 40, a living board of games): an admin posts one message in
//! the channel listing the running games of its scope (the server, else the channel):
//! game, players, whose turn, time left and the game page's link. The reply carries the
//! [`Slot::DASHBOARD`] slot with [`SlotAction::Edit`]; the scheduler
//! (`Host::due_notices`, in `commands`) edits that one message when the list changes, at most
//! once per [`EDIT_EVERY_MS`] per channel. `dashboard off` stops it.
//!
//! The list names players without mentions: an edit must never ping anybody. Time left
//! is rounded down to whole hours (minutes in the last hour), so that a running clock
//! changes the text at most once an hour per game.

use rules::GameKind;

use crate::{
    base::{
        ai_seat,
        i18n::{Lang, Msg},
        reply::{Reply, Slot, SlotAction, Text},
        time::{HOUR_MS, MINUTE_MS, format_duration},
    },
    store::{StorageError, settings::channel_settings, tracked::Dashboard, turns, web::WebLink},
    table::{
        Table,
        context::{Ctx, Outcome},
    },
};

/// The least time (ms) between two edits of one channel's dashboard.
pub const EDIT_EVERY_MS: i64 = 10_000;

/// `dashboard` (admins): posts the channel's dashboard, a fresh message also when one is
/// kept already (the old one stays as it was); `dashboard off` stops editing it.
pub async fn dashboard(ctx: &Ctx<'_>, on: bool) -> Outcome {
    if !ctx.admin {
        return Err(Msg::new("dashboard-admins-only").into());
    }
    let db = &ctx.table.db;
    let (platform, channel) = (ctx.origin.platform.as_str(), ctx.origin.channel.as_str());
    if !on {
        let key = if db.remove_dashboard(platform, channel).await? { "dashboard-off" } else { "dashboard-none" };
        return Ok(vec![Reply::private(ctx.user_id(), ctx.text(&Msg::new(key)))]);
    }
    let lang = ctx.channel_lang;
    let text = text(ctx.table, platform, ctx.origin.scope(), lang, ctx.now()).await?;
    db.set_dashboard(&Dashboard {
        platform: platform.to_string(),
        channel: channel.to_string(),
        scope: ctx.origin.scope().to_string(),
        lang: lang.code().to_string(),
        shown: text.clone(),
        edited_at: ctx.now(),
    })
    .await?;
    // A fresh message: the adapter finds nothing kept and posts (and pins) a new one.
    if let Some(kept) = db.tracked(platform, channel, Slot::DASHBOARD).await? {
        db.untrack(platform, channel, Slot::DASHBOARD, &kept.message_id).await?;
    }
    tracing::info!(platform, channel, "dashboard on");
    Ok(vec![Reply::channel(Text::plain_text(text)).in_slot(Slot::DASHBOARD, SlotAction::Edit)])
}

/// The dashboard's text for the running games of `scope` on `platform` at `now`, in
/// `lang`: a header, then one line per game, oldest first.
///
/// # Errors
/// [`StorageError`] when a read fails.
pub async fn text(table: &Table, platform: &str, scope: &str, lang: Lang, now: i64) -> Result<String, StorageError> {
    let db = &table.db;
    let texts = &table.texts;
    let games = db.running_games_in(platform, scope).await?;
    if games.is_empty() {
        return Ok(texts.plain(lang, &Msg::new("dashboard-empty")));
    }
    let move_ms = channel_settings(db, platform, scope).await?.clock(&table.options.clock).move_ms;
    let mut out = texts.plain(lang, &Msg::new("dashboard-header").arg("n", games.len()));
    for row in games {
        let players = db.players(row.id).await?;
        let name = |seat: usize| {
            players.get(seat).map_or_else(String::new, |p| ai_seat::shown_name(texts, lang, &p.user_id, &p.name))
        };
        let game = row.kind.parse::<GameKind>().map_or(row.kind.clone(), |k| lang.game_name(k).to_string());
        let all = (0..players.len()).map(name).collect::<Vec<_>>().join(" – ");
        let waiting = row.to_move.iter().map(|&s| name(s)).collect::<Vec<_>>().join(", ");
        let mut line = texts.plain(
            lang,
            &Msg::new("dashboard-game").arg("id", row.id).arg("game", game).arg("players", all).arg("player", waiting),
        );
        let human_to_move = row.to_move.iter().filter_map(|&s| players.get(s)).find(|p| !ai_seat::is_ai(&p.user_id));
        if let (Some(player), Some(turn)) = (human_to_move, turns::turn_of(db, row.id).await?) {
            let clock = turns::seat_clock(db, &turn, &player.user_id, move_ms, now).await?;
            let words = |ms: i64| format_duration(texts, lang, coarse(ms));
            let left = if clock.expired() {
                Msg::new("dashboard-time-up")
            } else if turn.bank_ms.is_some() {
                clock.bank_msg("dashboard-left-bank", words)
            } else {
                Msg::new("dashboard-left").arg("left", words(clock.left_ms()))
            };
            line.push_str(&texts.plain(lang, &left));
        }
        if let Some(url) = table.web_url(WebLink { game: row.id, seat: None }).await {
            line.push_str(" · ");
            line.push_str(&url);
        }
        out.push_str("\n• ");
        out.push_str(&line);
    }
    Ok(out)
}

/// `ms` rounded down to whole hours, or to whole minutes under an hour, so that the
/// list changes rarely while clocks run ([`format_duration`] shows such a value as it
/// is).
fn coarse(ms: i64) -> i64 {
    let unit = if ms >= HOUR_MS { HOUR_MS } else { MINUTE_MS };
    ms.max(0) / unit * unit
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_left_is_rounded_down_to_hours_then_minutes() {
        // 1 day 4 h 59 min → 1 day 4 hours
        assert_eq!(coarse(28 * HOUR_MS + 59 * MINUTE_MS), 28 * HOUR_MS);
        // 59 min 50 s → 59 minutes (never rounded up to an hour)
        assert_eq!(coarse(59 * MINUTE_MS + 50_000), 59 * MINUTE_MS);
        // two times within the same hour give the same value
        assert_eq!(coarse(5 * HOUR_MS + MINUTE_MS), coarse(5 * HOUR_MS + 58 * MINUTE_MS));
        assert_eq!(coarse(-5), 0);
    }
}
