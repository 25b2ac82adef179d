//! Information: `help`, `rules`, `export` and `replay`.

use rules::GameKind;

use crate::{
    base::ids::GameId,
    grammar::{game_list, Verb, VERBS},
    table::context::{Ctx, Outcome},
    base::i18n::Msg,
    base::reply::{Attachment, GameRef, Reply},
    store::Status,
};

/// `help [command|game]`: the list of commands, one command's help, or a game's rules.
pub fn help(ctx: &Ctx<'_>, topic: Option<&str>) -> Outcome {
    let text = match topic.map(str::trim) {
        None | Some("") => {
            let commands = VERBS.iter().map(|(v, _)| v.name()).collect::<Vec<_>>().join(", ");
            let german = VERBS.iter().map(|(v, _)| v.german_name()).collect::<Vec<_>>().join(", ");
            let mut text = ctx.text(&Msg::new("help-general").arg("commands", commands).arg("german", german).arg("games", game_list()));
            // The terminal's own words (issue 41): the chat itself answers them.
            if ctx.origin.platform == crate::base::origin::TERMINAL_PLATFORM {
                text.push_line(ctx.text(&Msg::new("help-terminal")));
            }
            text
        }
        Some(topic) => {
            let first = topic.split_whitespace().next().unwrap_or_default();
            let terminal_word = TERMINAL_WORDS.iter().find(|(_, words)| words.iter().any(|w| first.eq_ignore_ascii_case(w)));
            if let (Some((key, _)), true) = (terminal_word, ctx.origin.platform == crate::base::origin::TERMINAL_PLATFORM) {
                ctx.text(&Msg::new(*key))
            } else if ["hint", "setzhilfe"].iter().any(|w| first.eq_ignore_ascii_case(w)) {
                ctx.text(&Msg::new("help-hint").arg("points", rules::hathor::HINT_COST))
            } else if let Some(verb) = Verb::from_word(first) {
                ctx.text(&Msg::new(format!("help-{}", verb.name())))
            } else if let Ok(kind) = topic.parse::<GameKind>() {
                return rules(ctx, Some(kind));
            } else {
                return Err(Msg::new("cmd-unknown-help-topic").arg("topic", topic).into());
            }
        }
    };
    Ok(vec![Reply::private(ctx.user_id(), text)])
}

/// The terminal chat's own words (answered by the chat itself, not by a command) and the
/// help text of each: `as`, `wait`, `quit`, with their German words.
const TERMINAL_WORDS: [(&str, &[&str]); 3] = [
    ("help-terminal-as", &["as", "als"]),
    ("help-terminal-wait", &["wait", "warte", "warten"]),
    ("help-terminal-quit", &["quit", "exit", "ende"]),
];

/// `rules [game]`: a game's short rules (`rules-<game>` from the Fluent files), or the
/// list of games.
pub fn rules(ctx: &Ctx<'_>, game: Option<GameKind>) -> Outcome {
    let Some(kind) = game else {
        return Ok(vec![Reply::private(ctx.user_id(), ctx.text(&Msg::new("rules-list").arg("games", game_list())))]);
    };
    let key = format!("rules-{}", kind.id());
    if !ctx.table.texts.has(ctx.lang, &key) && !ctx.table.texts.has(crate::base::i18n::Lang::En, &key) {
        return Err(Msg::new("cmd-game-unavailable").arg("game", ctx.game_name(kind)).into());
    }
    Ok(vec![Reply::private(ctx.user_id(), ctx.text(&Msg::new(key)))])
}

/// `export [#id]`: the game's record as JSON, privately. A running game's record reveals
/// hidden information (the pile, other hands): only admins who do not play in it get it
/// (someone "entitled to everything"); players, admins among them, get the record once
/// the game is over (spec README, "Export and hidden information").
pub async fn export(ctx: &Ctx<'_>, id: Option<GameId>) -> Outcome {
    // Only a bot admin exports a game of another channel (of the same platform).
    let loaded = ctx.table.select_running_or_last(ctx, id, ctx.admin).await?;
    let id = loaded.row.id;
    if let Some(msg) = crate::table::hidden::hidden_game(ctx, id).await {
        return Err(msg.into());
    }
    let plays = loaded.seat_of(ctx.user_id()).is_some();
    // A game of an open challenge is refused by the challenge's guard, which says when
    // its record can be had (once the challenge closes).
    let in_open_challenge = matches!(ctx.table.challenge_of_game(id).await?, Some((challenge, _)) if challenge.is_open());
    match loaded.row.status {
        Status::Invited | Status::Withdrawn => return Err(Msg::new("cmd-not-started").arg("id", id).into()),
        // A player never gets it while the game runs, admin or not (on Matrix the room's
        // creator is an admin and often plays).
        Status::Running if plays && !in_open_challenge => return Err(Msg::new("cmd-export-running-player").arg("id", id).into()),
        Status::Running if !ctx.admin => return Err(Msg::new("cmd-export-hidden").arg("id", id).into()),
        Status::Finished if !ctx.admin && !plays => return Err(Msg::new("cmd-not-a-player").arg("id", id).into()),
        Status::Running | Status::Finished => {}
    }
    let Some(game) = &loaded.game else { return Err(Msg::new("cmd-not-started").arg("id", id).into()) };
    let Some(record) = ctx.table.record_of(&loaded).await? else { return Err(Msg::new("cmd-not-started").arg("id", id).into()) };
    let json = serde_json::to_vec_pretty(&record).unwrap_or_default();
    let seq = game.moves_applied() as u64;
    let text = ctx.text(&Msg::new("export-record").arg("id", id).arg("seq", seq));
    let file = Attachment { name: format!("game-{id}.json"), mime: "application/json", bytes: json };
    let mut replies = vec![Reply::private(ctx.user_id(), text).with_file(Some(file)).about(GameRef { id, seq })];
    if loaded.row.status == Status::Finished && ctx.table.options.pictures {
        // A finished game also comes as a strip of small boards.
        let start = record.start().map_err(|e| crate::store::StorageError::Damaged(format!("game #{id}: {e}")))?;
        let picture = crate::table::replay::strip(id, start, record.moves.clone(), loaded.names(), ctx.lang).await;
        if picture.is_some() {
            let caption = ctx.text(&Msg::new("export-replay").arg("id", id));
            replies.push(Reply::private(ctx.user_id(), caption).with_file(picture).about(GameRef { id, seq }));
        }
    }
    Ok(replies)
}

/// `replay [#id]`: the game so far as an animated GIF (issue 44), in the channel: one
/// frame per position as spectators see it (never a hand), the last held 5 s, looping
/// ([`render::animation`]). Made on the blocking pool (a long game takes a second or
/// two). A replay too large for chat shows every k-th position and says so. The game
/// page's link goes with it, for Matrix clients that show only the first frame.
pub async fn replay(ctx: &Ctx<'_>, id: Option<GameId>) -> Outcome {
    let loaded = ctx.table.select_read_or_last(ctx, id).await?;
    let id = loaded.row.id;
    let Some(game) = &loaded.game else { return Err(Msg::new("cmd-not-started").arg("id", id).into()) };
    let post = crate::table::replay::replay_post(ctx.table, id, game.as_ref(), loaded.names(), ctx.channel_lang).await?;
    Ok(vec![post])
}
