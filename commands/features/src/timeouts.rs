//! `claim`: when the time of the player to move has run out, a waiting
//! player claims it. The game records `@timeout P` (spec README, events): with two
//! players P loses; with more, P is removed as the game defines and play goes on.
//! Nothing happens without a claim.

use rules::PlayErrorKind;

use crate::{
    base::ids::GameId,
    table::context::{Ctx, Outcome, Refused, Want},
    base::i18n::Msg,
    store::Status,
    base::time::format_duration,
    store::turns,
};

/// `claim [#id]`.
pub async fn claim(ctx: &Ctx<'_>, id: Option<GameId>) -> Outcome {
    // Among several games here, the one game whose player to move has run out of time
    // is the one meant.
    let mut loaded = match ctx.table.select_mine(ctx, id).await {
        Err(Refused::SeveralGames { games, example }) => match claimable_here(ctx).await? {
            Some(only) => ctx.table.select(ctx, Some(only), Want::MyRunning, false).await?,
            None => return Err(Refused::SeveralGames { games, example }),
        },
        other => other?,
    };
    let id = loaded.row.id;
    if loaded.row.status != Status::Running {
        return Err(Msg::new("cmd-game-over").arg("id", id).into());
    }
    // Only a player still in the game claims (not one who resigned or timed out).
    let removed = loaded.game.as_ref().map(|g| g.removed().to_vec()).unwrap_or_default();
    let Some(claimer) = loaded.seat_of(ctx.user_id()).filter(|s| !removed.contains(s)) else {
        return Err(Msg::new("cmd-not-a-player").arg("id", id).into());
    };
    // A game for one (Hathor solo, challenge, daily) has nobody waiting for a move.
    if loaded.players.len() < 2 {
        return Err(Msg::new("cmd-claim-solo").arg("id", id).into());
    }
    let Some(turn) = turns::turn_of(&ctx.table.db, id).await? else {
        return Err(Msg::new("cmd-game-over").arg("id", id).into());
    };
    // A game without its own time per move (a row from before times were stored at
    // creation) has its scope's as it stands now (as the scheduler reckons).
    let here = crate::store::settings::channel_settings(&ctx.table.db, &turn.platform, &turn.scope).await?;
    let default_ms = here.clock(&ctx.table.options.clock).move_ms;
    let mut expired = Vec::new();
    let mut soonest: Option<(String, i64)> = None;
    let mut ai_to_move: Option<String> = None;
    for &seat in turn.to_move.iter().filter(|&&s| s != claimer) {
        let Some(player) = loaded.players.get(seat) else { continue };
        // An AI seat never runs out of time (it moves as soon as the scheduler runs).
        if crate::base::ai_seat::is_ai(&player.user_id) {
            ai_to_move.get_or_insert_with(|| player.name.clone());
            continue;
        }
        let clock = turns::seat_clock(&ctx.table.db, &turn, &player.user_id, default_ms, ctx.now()).await?;
        if clock.expired() {
            expired.push(seat);
        } else if soonest.as_ref().is_none_or(|(_, left)| clock.left_ms() < *left) {
            soonest = Some((player.name.clone(), clock.left_ms()));
        }
    }
    // The claimer to move whose own time is up hears that, not "when your time runs out".
    let own_time_up = expired.is_empty()
        && soonest.is_none()
        && crate::table::turn::out_of_time(ctx, &turn).await?.iter().any(|&(seat, _)| seat == claimer);
    if expired.is_empty() {
        return Err(match soonest {
            Some((player, left)) => Msg::new("cmd-claim-too-early")
                .arg("player", player)
                .arg("id", id)
                .arg("left", format_duration(&ctx.table.texts, ctx.lang, left)),
            None => match ai_to_move {
                Some(player) => Msg::new("cmd-claim-ai").arg("player", player).arg("id", id),
                None if own_time_up => Msg::new("cmd-claim-own-time-up").arg("id", id),
                None => Msg::new("cmd-claim-nobody").arg("id", id),
            },
        }
        .into());
    }
    let mut names = Vec::new();
    for seat in expired {
        let Some(game) = &loaded.game else { break };
        if game.is_finished() {
            break;
        }
        let mut game = game.box_clone();
        let event = game.play(&format!("@timeout {seat}")).map_err(|e| match e.kind {
            PlayErrorKind::GameOver => Refused::from(Msg::new("cmd-game-over").arg("id", id)),
            _ => Refused::Rule(e.reason),
        })?;
        loaded = crate::table::turn::store(ctx, loaded, game, Some(claimer), &event).await?;
        names.extend(loaded.user(seat).map(|u| u.name));
        tracing::info!(game = %id, seat, "timeout claimed");
    }
    // With three or more players the game goes on without them: say so.
    let goes_on = loaded.game.as_ref().is_some_and(|g| !g.is_finished());
    let header = ctx.channel_text(
        &Msg::new(if goes_on { "claim-accepted-goes-on" } else { "claim-accepted" }).arg("player", names.join(", ")).arg("id", id).arg("claimer", ctx.origin.user.name.as_str()),
    );
    Ok(crate::table::turn::announce(ctx, &loaded, header, &[]).await)
}

/// The one running game in this channel that the requester plays and may claim (a
/// player to move other than them, not an AI seat, has run out of time); `None` when
/// there is none or more than one.
async fn claimable_here(ctx: &Ctx<'_>) -> Result<Option<GameId>, crate::store::StorageError> {
    let db = &ctx.table.db;
    let filter = crate::store::ChoiceFilter { status: Some(Status::Running), plays: true };
    let choice = db.choose_games(&ctx.origin.platform, &ctx.origin.channel, ctx.user_id(), filter, 11).await?;
    let mut claimable = Vec::new();
    for game in choice.fitting {
        let Some(turn) = turns::turn_of(db, game.id).await? else { continue };
        if crate::table::turn::out_of_time(ctx, &turn).await?.iter().any(|(_, user)| user != ctx.user_id()) {
            claimable.push(game.id);
        }
    }
    Ok(match claimable.as_slice() {
        [only] => Some(*only),
        _ => None,
    })
}
