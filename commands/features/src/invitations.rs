//! Invitations: named players (`new carat @bob @carol`: only they may join,
//! each by `join`, and the game starts by itself once all have accepted), a cap on
//! the open invitations one user has created (`[clock] max_open_invitations`), and the
//! time after which an unanswered invitation expires (the scheduler does that).

use crate::{
    base::i18n::Msg,
    base::ids::GameId,
    base::reply::Reply,
    store::Status,
    table::{context::Ctx, invitees::names},
};

/// `decline [#id]`: an invitee turns down an invitation that names them (in this
/// channel; without `#id` the only one here naming them). The invitation is withdrawn
/// and the channel told, mentioning its creator.
///
/// # Errors
/// `cmd-decline-not-invited` for a user the invitation does not name (its creator
/// included: they `abort`), `cmd-decline-nothing` when no invitation here names them,
/// `cmd-several-games`, `cmd-not-an-invitation` for a game no longer open, or a
/// storage failure.
pub async fn decline(ctx: &Ctx<'_>, id: Option<GameId>) -> crate::table::context::Outcome {
    let user = &ctx.origin.user;
    let row = match id {
        Some(id) => ctx.table.select(ctx, Some(id), crate::table::context::Want::Invitation, false).await?.row,
        None => {
            let mut named_here = Vec::new();
            for row in ctx.table.db.open_games_in(&ctx.origin.platform, &ctx.origin.channel).await? {
                if row.status == Status::Invited && names(&ctx.table.db, row.id, &user.id, &user.name).await? {
                    named_here.push(row);
                }
            }
            match named_here.len() {
                0 => return Err(Msg::new("cmd-decline-nothing").into()),
                1 => named_here.remove(0),
                _ => {
                    let list = named_here
                        .iter()
                        .map(|row| {
                            let name = row.kind.parse::<rules::GameKind>().map_or(row.kind.as_str(), |k| ctx.game_name(k));
                            format!("#{} {name}", row.id)
                        })
                        .collect::<Vec<_>>()
                        .join(", ");
                    let example = format!("decline #{}", named_here[0].id);
                    return Err(crate::table::context::Refused::SeveralGames { games: list, example });
                }
            }
        }
    };
    let game_id = row.id;
    if row.status != Status::Invited {
        return Err(Msg::new("cmd-not-an-invitation").arg("id", game_id).into());
    }
    if !names(&ctx.table.db, game_id, &user.id, &user.name).await? {
        return Err(Msg::new("cmd-decline-not-invited").arg("id", game_id).into());
    }
    if !ctx.table.db.withdraw(game_id, ctx.now()).await? {
        return Err(Msg::new("cmd-not-an-invitation").arg("id", game_id).into());
    }
    tracing::info!(game = %game_id, "invitation declined");
    let creator = ctx.table.db.players(game_id).await?.into_iter().next().map_or_else(
        || crate::base::reply::User::new(row.creator.clone(), row.creator.clone()),
        |p| crate::base::reply::User::new(p.user_id, p.name),
    );
    let ctx = &ctx.in_channel();
    let game = row.kind.parse::<rules::GameKind>().map_or(row.kind.clone(), |k| ctx.game_name(k).to_string());
    let text = ctx.text(
        &Msg::new("invitation-declined")
            .arg("player", user.name.as_str())
            .arg("id", game_id)
            .arg("game", game)
            .arg("creator", crate::base::i18n::Arg::Mention(creator)),
    );
    Ok(vec![Reply::channel(text)])
}
