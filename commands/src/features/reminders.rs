//! Per-user settings (spec README, "Chat behaviour": the bot reminds a player): turn reminders on or off (`reminders on|off`).

use crate::{
    table::context::{Ctx, Outcome},
    base::i18n::Msg,
    base::reply::Reply,
    store::{Db, StorageError},
};

/// Whether `user_id` on `platform` wants turn reminders (yes unless switched off).
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn reminders_on(db: &Db, platform: &str, user_id: &str) -> Result<bool, StorageError> {
    let on: Option<i64> = sqlx::query_scalar("SELECT reminders FROM user_settings WHERE platform = ? AND user_id = ?")
        .bind(platform)
        .bind(user_id)
        .fetch_optional(db.pool())
        .await?;
    Ok(on.is_none_or(|v| v != 0))
}

/// Switches `user_id`'s reminders on or off.
///
/// # Errors
/// [`StorageError`] when the write fails.
pub async fn set_reminders(db: &Db, platform: &str, user_id: &str, on: bool) -> Result<(), StorageError> {
    sqlx::query(
        "INSERT INTO user_settings (platform, user_id, reminders) VALUES (?, ?, ?)
         ON CONFLICT (platform, user_id) DO UPDATE SET reminders = excluded.reminders",
    )
    .bind(platform)
    .bind(user_id)
    .bind(i64::from(on))
    .execute(db.pool())
    .await?;
    Ok(())
}

/// `reminders [on|off]`: switches the requester's reminders, or says how they stand.
pub(crate) async fn reminders(ctx: &Ctx<'_>, on: Option<bool>) -> Outcome {
    let platform = &ctx.origin.platform;
    if let Some(on) = on {
        set_reminders(&ctx.table.db, platform, ctx.user_id(), on).await?;
    }
    let on = reminders_on(&ctx.table.db, platform, ctx.user_id()).await?;
    let key = if on { "reminders-on" } else { "reminders-off" };
    Ok(vec![Reply::private(ctx.user_id(), ctx.text(&Msg::new(key)))])
}
