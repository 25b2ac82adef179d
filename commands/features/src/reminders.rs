//! Per-user settings (spec README, "Chat behaviour": the bot reminds a player): turn reminders on or off (`reminders on|off`).

use crate::{
    table::context::{Ctx, Outcome},
    base::i18n::Msg,
    base::reply::Reply,
    store::settings::{reminders_on, set_reminders},
};

/// `reminders [on|off]`: switches the requester's reminders, or says how they stand.
pub async fn reminders(ctx: &Ctx<'_>, on: Option<bool>) -> Outcome {
    let platform = &ctx.origin.platform;
    if let Some(on) = on {
        set_reminders(&ctx.table.db, platform, ctx.user_id(), on).await?;
    }
    let on = reminders_on(&ctx.table.db, platform, ctx.user_id()).await?;
    let key = if on { "reminders-on" } else { "reminders-off" };
    Ok(vec![Reply::private(ctx.user_id(), ctx.text(&Msg::new(key)))])
}
