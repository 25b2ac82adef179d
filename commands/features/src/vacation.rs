//! `vacation [days]`: pauses all of a player's clocks on this platform for a
//! number of days, within a yearly allowance (`[clock] vacation_days_per_year`), and
//! tells every channel where the player has a running game.

use crate::{
    table::context::{Ctx, Outcome},
    base::i18n::Msg,
    base::reply::Reply,
    store::Status,
    base::time::DAY_MS,
    store::turns,
};

/// Milliseconds of vacation `spans` (start, end) holds within the 365 days before `now`
/// (a vacation still running counts in full: it is booked).
pub fn used_in_year(spans: &[(i64, i64)], now: i64) -> i64 {
    let from = now - 365 * DAY_MS;
    spans.iter().map(|&(s, e)| (e - s.max(from)).max(0)).sum()
}

/// `vacation [days]`: without days, the allowance left; with days, books them (checked
/// against the allowance inside the booking's transaction) and tells the player's other
/// channels with running games through the outbox, in the same transaction.
pub async fn vacation(ctx: &Ctx<'_>, days: Option<u32>) -> Outcome {
    let db = &ctx.table.db;
    let platform = &ctx.origin.platform;
    let now = ctx.now();
    let allowance = i64::from(ctx.table.options.clock.vacation_days_per_year) * DAY_MS;
    let left_days = |spans: &[(i64, i64)]| (allowance - used_in_year(spans, now)).max(0) / DAY_MS;
    let Some(days) = days else {
        let spans = turns::vacations(db, platform, ctx.user_id()).await?;
        let text = ctx.text(&Msg::new("vacation-allowance").arg("days", left_days(&spans)));
        return Ok(vec![Reply::private(ctx.user_id(), text)]);
    };
    let name = ctx.origin.user.name.clone();
    let msg = Msg::new("vacation-announced").arg("player", name).arg("days", i64::from(days));
    // Each other channel with a running game of the player, with its scope (whose
    // settings give its language).
    let mut channels: Vec<(String, String)> = db
        .open_games_of(platform, ctx.user_id())
        .await?
        .into_iter()
        .filter(|(row, _)| row.status == Status::Running && row.channel != ctx.origin.channel)
        .map(|(row, _)| (row.channel.clone(), row.scope().to_string()))
        .collect();
    channels.sort();
    channels.dedup_by(|a, b| a.0 == b.0);
    let mut notices = Vec::with_capacity(channels.len());
    for (channel, scope) in channels {
        let here = crate::store::settings::channel_settings(db, platform, &scope).await?;
        notices.push((channel, ctx.table.texts.plain(here.lang.unwrap_or(ctx.table.options.language), &msg)));
    }
    let decide = |spans: &[(i64, i64)]| {
        let left = left_days(spans);
        if i64::from(days) > left {
            return Err(left);
        }
        // A new vacation starts when the last one ends, so that none overlap.
        let starts = spans.iter().map(|&(_, e)| e).fold(now, i64::max);
        Ok((starts, starts + i64::from(days) * DAY_MS))
    };
    if let Err(left) = db.book_vacation(platform, ctx.user_id(), decide, &notices, now).await? {
        return Err(Msg::new("cmd-vacation-too-long").arg("days", i64::from(days)).arg("left", left).into());
    }
    tracing::info!(user = ctx.user_id(), days, "vacation");
    let mut text = ctx.channel_text(&msg);
    // Tournament clocks run on (issue 39): a round must end. Said to every entrant of a
    // tournament in sign-up or running, also between their games.
    if db.in_open_tournament(platform, ctx.user_id()).await? {
        text.push_line(ctx.channel_text(&Msg::new("vacation-tournament-clocks")));
    }
    Ok(vec![Reply::channel(text)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_year_counts_back_365_days() {
        let now = 400 * DAY_MS;
        // 10 days long ago (outside), 5 days straddling the year's start (3 inside),
        // 3 days inside.
        let spans = [(0, 10 * DAY_MS), (33 * DAY_MS, 38 * DAY_MS), (100 * DAY_MS, 103 * DAY_MS)];
        assert_eq!(used_in_year(&spans, now), 3 * DAY_MS + 3 * DAY_MS);
    }
}
