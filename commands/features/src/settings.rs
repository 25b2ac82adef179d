//! Settings per scope (spec README, "Chat behaviour"; README, the command table:
//! `settings`, `language`): language, time per move of new
//! games, reminder schedule, and whether games open in their own thread (for adapters
//! that can); and a user's own language. The scope is the server when the platform names
//! one (a Discord guild: all its channels and threads share one set), else the channel
//! or room ([`Origin::scope`](crate::base::origin::Origin::scope); for a stored game
//! [`GameRow::scope`](crate::store::GameRow::scope)). The table `channel_settings`
//! keeps its name and its column `channel`, which holds the scope. `settings
//! [key=value ...]` shows or (admins) changes the scope's; `language en|de` sets the
//! user's.

use crate::{
    table::context::{request_lang, Ctx, Outcome, Refused},
    base::i18n::{Lang, Msg},
    base::reply::Reply,
    base::time::{format_duration, parse_duration},
    store::settings::{channel_settings, set_channel_settings, set_user_lang, user_lang, ChannelSettings},
};

fn on_off(value: &str) -> Option<bool> {
    match value.to_lowercase().as_str() {
        "on" | "an" | "ein" | "yes" | "ja" | "true" => Some(true),
        "off" | "aus" | "no" | "nein" | "false" => Some(false),
        _ => None,
    }
}

/// Applies one `key=value` word to `s`.
///
/// # Errors
/// `cmd-bad-setting` for a word that names no setting, `cmd-bad-setting-value` (saying
/// which values that setting takes) for a value it does not take.
fn apply(s: &mut ChannelSettings, word: &str) -> Result<(), Msg> {
    let bad = || Msg::new("cmd-bad-setting").arg("text", word);
    let (key, value) = word.split_once('=').ok_or_else(bad)?;
    let value = value.trim();
    let reset = matches!(value.to_lowercase().as_str(), "default" | "standard");
    let bad_value = |setting: &str| Msg::new("cmd-bad-setting-value").arg("text", word).arg("setting", setting);
    match key.trim().to_lowercase().as_str() {
        "language" | "sprache" => {
            s.lang = if reset { None } else { Some(value.parse().map_err(|_| bad_value("language"))?) }
        }
        "time" | "zeit" => s.move_ms = if reset { None } else { Some(parse_duration(value).ok_or_else(|| bad_value("time"))?) },
        "half" | "hälfte" | "haelfte" => {
            s.half_reminder = if reset { None } else { Some(on_off(value).ok_or_else(|| bad_value("half"))?) }
        }
        "before" | "vorher" => {
            s.soon_ms = if reset {
                None
            } else if on_off(value) == Some(false) {
                Some(0)
            } else {
                Some(parse_duration(value).ok_or_else(|| bad_value("before"))?)
            }
        }
        "threads" | "faeden" | "fäden" => {
            s.threads = if reset { None } else { Some(on_off(value).ok_or_else(|| bad_value("threads"))?) }
        }
        "tidy" | "aufräumen" | "aufraeumen" => {
            s.tidy = if reset { None } else { Some(on_off(value).ok_or_else(|| bad_value("tidy"))?) }
        }
        "replay" | "nachspielen" => {
            s.replay = if reset { None } else { Some(on_off(value).ok_or_else(|| bad_value("replay"))?) }
        }
        _ => return Err(bad()),
    }
    Ok(())
}

/// `settings [key=value ...]`: shows the settings of the requester's scope (the
/// server, else the channel or room); with words, an admin changes them (`language=de time=2d half=off before=6h threads=on tidy=on replay=on`, `=default` resets).
pub async fn settings(ctx: &Ctx<'_>, words: &[String]) -> Outcome {
    let db = &ctx.table.db;
    let (platform, scope) = (&ctx.origin.platform, ctx.origin.scope());
    let mut s = channel_settings(db, platform, scope).await?;
    if !words.is_empty() {
        if !ctx.admin {
            return Err(Msg::new("cmd-settings-admins-only").arg("scope", ctx.scope_word()).into());
        }
        for word in words {
            apply(&mut s, word).map_err(Refused::from)?;
        }
        set_channel_settings(db, platform, scope, &s).await?;
        tracing::info!(platform, scope, ?s, "settings changed");
    }
    let clock = s.clock(&ctx.table.options.clock);
    // Shown privately in the asker's language; a change is posted to the channel in the
    // channel's (new) language, so `settings language=de` answers in German.
    let lang = if words.is_empty() { ctx.lang } else { s.lang.unwrap_or(ctx.lang) };
    let yes_no = |on: bool| ctx.table.texts.plain(lang, &Msg::new(if on { "settings-on" } else { "settings-off" }));
    let before = if clock.soon_ms > 0 { format_duration(&ctx.table.texts, lang, clock.soon_ms) } else { yes_no(false) };
    let text = ctx.table.texts.text(
        lang,
        &Msg::new("settings-channel")
            .arg("scope", ctx.scope_word())
            .arg("language", s.lang.unwrap_or(ctx.channel_lang).code())
            .arg("time", format_duration(&ctx.table.texts, lang, clock.move_ms))
            .arg("half", yes_no(clock.half_reminder))
            .arg("before", before)
            .arg("threads", yes_no(s.threads.unwrap_or(false)))
            .arg("tidy", yes_no(s.tidy.unwrap_or(false)))
            .arg("replay", yes_no(s.replay.unwrap_or(false))),
    );
    let reply = if words.is_empty() { Reply::private(ctx.user_id(), text) } else { Reply::channel(text) };
    Ok(vec![reply])
}

/// `language [en|de]`: the requester's own language (`default`: the platform's again).
pub async fn language(ctx: &Ctx<'_>, lang: Option<String>) -> Outcome {
    let db = &ctx.table.db;
    let chosen = match lang.as_deref().map(str::trim) {
        None => user_lang(db, &ctx.origin.platform, ctx.user_id()).await?,
        Some("default" | "standard") => {
            set_user_lang(db, &ctx.origin.platform, ctx.user_id(), None).await?;
            None
        }
        Some(text) => {
            let lang: Lang = text.parse().map_err(|_| Refused::from(Msg::new("cmd-bad-language").arg("text", text)))?;
            set_user_lang(db, &ctx.origin.platform, ctx.user_id(), Some(lang)).await?;
            Some(lang)
        }
    };
    let shown = match chosen {
        Some(lang) => lang,
        // Worked out again: the choice just cleared no longer counts.
        None => request_lang(ctx).await,
    };
    let text = ctx.table.texts.text(shown, &Msg::new("settings-language").arg("language", shown.code()));
    Ok(vec![Reply::private(ctx.user_id(), text)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::time::ClockOptions;
    use crate::base::time::{DAY_MS, HOUR_MS};

    #[test]
    fn settings_words_apply_and_reset() {
        let mut s = ChannelSettings::default();
        for word in ["language=de", "time=2d", "half=off", "before=6h", "threads=on", "aufräumen=an", "nachspielen=an"] {
            apply(&mut s, word).expect(word);
        }
        assert_eq!(
            s,
            ChannelSettings {
                lang: Some(Lang::De),
                move_ms: Some(2 * DAY_MS),
                half_reminder: Some(false),
                soon_ms: Some(6 * HOUR_MS),
                threads: Some(true),
                tidy: Some(true),
                replay: Some(true),
            }
        );
        apply(&mut s, "before=off").expect("off");
        assert_eq!(s.soon_ms, Some(0));
        apply(&mut s, "zeit=default").expect("reset");
        assert_eq!(s.move_ms, None);
        for bad in ["colour=red", "half"] {
            assert_eq!(apply(&mut s, bad).map_err(|m| m.key), Err("cmd-bad-setting".to_string()), "{bad}");
        }
        for bad in ["language=fr", "time=soon", "time=0", "half=maybe", "before=never", "threads=2", "tidy=sometimes"] {
            assert_eq!(apply(&mut s, bad).map_err(|m| m.key), Err("cmd-bad-setting-value".to_string()), "{bad}");
        }
    }

    #[test]
    fn a_channel_overrides_the_bots_clock_where_it_says() {
        let bot = ClockOptions::default();
        let s = ChannelSettings { move_ms: Some(DAY_MS), soon_ms: Some(0), ..ChannelSettings::default() };
        let c = s.clock(&bot);
        assert_eq!((c.move_ms, c.half_reminder, c.soon_ms, c.invitation_ms), (DAY_MS, true, 0, bot.invitation_ms));
    }
}
