//! Invitations (issue 10): named players (`new carat @bob @carol`: only they may join,
//! each by `join`, and the game starts by itself once all have accepted), a cap on
//! the open invitations one user has created (`[clock] max_open_invitations`), and the
//! time after which an unanswered invitation expires (the scheduler does that).

use crate::{
    base::ids::GameId,
    table::context::Ctx,
    base::i18n::Msg,
    base::reply::Reply,
    store::{Db, Status, StorageError},
};

/// Whether an invitee is a platform's user id: a Discord id (all ASCII digits) or a
/// Matrix id (`@bob:example.org`), not a name typed as `@bob`.
fn is_platform_id(invitee: &str) -> bool {
    (!invitee.is_empty() && invitee.chars().all(|c| c.is_ascii_digit()))
        || (invitee.starts_with('@') && invitee.contains(':'))
}

/// Whether the user `user_id` with the display name `name` is who an invitation named:
/// a platform id matches the user id only (a display name is anyone's to choose, so a
/// nickname set to someone's id takes no seat); a name (the terminal's `@bob`) matches
/// the name or the user id, ignoring ASCII case.
pub(crate) fn matches(invitee: &str, user_id: &str, name: &str) -> bool {
    if is_platform_id(invitee) {
        return invitee == user_id;
    }
    invitee.eq_ignore_ascii_case(name) || invitee.eq_ignore_ascii_case(user_id)
}

/// The invitees of game `id` (empty: anyone may join).
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn invitees(db: &Db, id: GameId) -> Result<Vec<String>, StorageError> {
    Ok(sqlx::query_scalar("SELECT user_id FROM invitees WHERE game_id = ? ORDER BY rowid")
        .bind(id)
        .fetch_all(db.pool())
        .await?)
}

/// Refuses `join` by someone a named invitation does not name.
///
/// # Errors
/// `cmd-not-invited`, or a storage failure.
pub(crate) async fn check_invited(ctx: &Ctx<'_>, id: GameId) -> Result<(), crate::table::context::Refused> {
    let named = invitees(&ctx.table.db, id).await?;
    let user = &ctx.origin.user;
    if named.is_empty() || named.iter().any(|n| matches(n, &user.id, &user.name)) {
        return Ok(());
    }
    Err(Msg::new("cmd-not-invited").arg("id", id).into())
}

/// The open invitations on the user's platform (any channel) that name the user of
/// `origin` and where they have no seat yet, oldest first (`games` lists them).
///
/// # Errors
/// [`StorageError`] when the read fails.
pub(crate) async fn naming(db: &Db, origin: &crate::base::origin::Origin) -> Result<Vec<crate::store::GameRow>, StorageError> {
    let user = &origin.user;
    let mut rows = Vec::new();
    for (row, invitee) in db.invitations_naming(&origin.platform, &user.id, &user.name).await? {
        let seen = rows.last().is_some_and(|r: &crate::store::GameRow| r.id == row.id);
        if !seen && matches(&invitee, &user.id, &user.name) {
            rows.push(row);
        }
    }
    Ok(rows)
}

/// `decline [#id]`: an invitee turns down an invitation that names them (in this
/// channel; without `#id` the only one here naming them). The invitation is withdrawn
/// and the channel told, mentioning its creator.
///
/// # Errors
/// `cmd-decline-not-invited` for a user the invitation does not name (its creator
/// included: they `abort`), `cmd-decline-nothing` when no invitation here names them,
/// `cmd-several-games`, `cmd-not-an-invitation` for a game no longer open, or a
/// storage failure.
pub(crate) async fn decline(ctx: &Ctx<'_>, id: Option<GameId>) -> crate::table::context::Outcome {
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
                    return Err(Msg::new("cmd-several-games").arg("games", list).arg("example", example).into());
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
    tracing::info!(game = game_id, "invitation declined");
    let creator = ctx.table.db.players(game_id).await?.into_iter().next().map_or_else(
        || crate::base::reply::User::new(row.creator.clone(), row.creator.clone()),
        |p| crate::base::reply::User::new(p.user_id, p.name),
    );
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

/// Whether invitation `id` names the user `user_id` called `name`.
async fn names(db: &Db, id: GameId, user_id: &str, name: &str) -> Result<bool, StorageError> {
    Ok(invitees(db, id).await?.iter().any(|n| matches(n, user_id, name)))
}

/// Whether every invitee of game `id` sits in `seated` (user ids and names).
pub(crate) async fn all_accepted(db: &Db, id: GameId, seated: &[(String, String)]) -> Result<bool, StorageError> {
    let named = invitees(db, id).await?;
    Ok(!named.is_empty() && named.iter().all(|n| seated.iter().any(|(uid, name)| matches(n, uid, name))))
}

/// The invitees of game `id` who have not accepted yet: none of `seated` (user ids and
/// names) is them. Empty for an invitation without names.
///
/// # Errors
/// [`StorageError`] when the read fails.
pub(crate) async fn not_accepted(db: &Db, id: GameId, seated: &[(String, String)]) -> Result<Vec<String>, StorageError> {
    let named = invitees(db, id).await?;
    Ok(named.into_iter().filter(|n| !seated.iter().any(|(uid, name)| matches(n, uid, name))).collect())
}

/// Invitees as mentions for a message: a platform id (Discord `123`, Matrix
/// `@bob:hs`) pings them; a typed name shows as `@bob`.
pub(crate) fn mentions(invitees: &[String]) -> crate::base::i18n::Arg {
    crate::base::i18n::Arg::Mentions(
        invitees.iter().map(|n| crate::base::reply::User::new(n.as_str(), n.trim_start_matches('@'))).collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invitees_match_by_id_or_name() {
        assert!(matches("bob", "bob", "Bob"));
        assert!(matches("123", "123", "Bob"));
        assert!(matches("bob", "555", "Bob"));
        assert!(!matches("bob", "alice", "Alice"));
        // A platform id matches the id only, never a display name.
        assert!(!matches("123", "999", "123"));
        assert!(!matches("@bob:example.org", "@eve:example.org", "@bob:example.org"));
        assert!(matches("@bob:example.org", "@bob:example.org", "Bob"));
    }
}
