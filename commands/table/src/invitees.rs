//! Who an invitation names (spec README, "Chat behaviour": invitations): the invitees
//! of a game (stored in `invitees`), matched against the users who join, and shown as
//! mentions. The lobby, the invitation commands and the scheduler share these.

use crate::{
    base::i18n::Msg,
    base::ids::GameId,
    store::{Db, StorageError},
    context::{Ctx, Refused},
};

/// Whether an invitee is a platform's user id: a Discord id (all ASCII digits) or a
/// Matrix id (`@bob:example.org`), not a name typed as `@bob`.
pub fn is_platform_id(invitee: &str) -> bool {
    (!invitee.is_empty() && invitee.chars().all(|c| c.is_ascii_digit()))
        || (invitee.starts_with('@') && invitee.contains(':'))
}

/// Whether the user `user_id` with the display name `name` is who an invitation named:
/// a platform id matches the user id only (a display name is anyone's to choose, so a
/// nickname set to someone's id takes no seat); a name (the terminal's `@bob`) matches
/// the name or the user id, ignoring ASCII case.
pub fn matches(invitee: &str, user_id: &str, name: &str) -> bool {
    if is_platform_id(invitee) {
        return invitee == user_id;
    }
    invitee.eq_ignore_ascii_case(name) || invitee.eq_ignore_ascii_case(user_id)
}

/// Whether players on `platform` must be named by id: where the bot itself has a
/// platform id (Discord, Matrix, once the adapter has told it), a typed `@carol` is a
/// display name that anyone may take, so it would give the seat to whoever calls
/// themselves carol first. In the terminal names are the users.
pub fn ids_only(ctx: &Ctx<'_>) -> bool {
    ctx.table.bot_user(&ctx.origin.platform).is_some_and(|bot| is_platform_id(&bot))
}

/// Refuses `join` by someone a named invitation does not name.
///
/// # Errors
/// `cmd-not-invited`, or a storage failure.
pub async fn check_invited(ctx: &Ctx<'_>, id: GameId) -> Result<(), Refused> {
    let named = ctx.table.db.invitees(id).await?;
    let user = &ctx.origin.user;
    // Where users have ids, only an id names anyone (a name stored before names were
    // refused there grants nothing by a display name).
    let strict = ids_only(ctx);
    if named.is_empty() || named.iter().any(|n| (!strict || is_platform_id(n)) && matches(n, &user.id, &user.name)) {
        return Ok(());
    }
    Err(Msg::new("cmd-not-invited").arg("id", id).into())
}

/// The open invitations on the user's platform (any channel) that name the user of
/// `origin` and where they have no seat yet, oldest first (`games` lists them).
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn naming(db: &Db, origin: &crate::base::origin::Origin) -> Result<Vec<crate::store::GameRow>, StorageError> {
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

/// Whether invitation `id` names the user `user_id` called `name`.
pub async fn names(db: &Db, id: GameId, user_id: &str, name: &str) -> Result<bool, StorageError> {
    Ok(db.invitees(id).await?.iter().any(|n| matches(n, user_id, name)))
}

/// Whether every invitee of game `id` sits in `seated` (user ids and names).
pub async fn all_accepted(db: &Db, id: GameId, seated: &[(String, String)]) -> Result<bool, StorageError> {
    let named = db.invitees(id).await?;
    Ok(!named.is_empty() && named.iter().all(|n| seated.iter().any(|(uid, name)| matches(n, uid, name))))
}

/// The invitees of game `id` who have not accepted yet: none of `seated` (user ids and
/// names) is them. Empty for an invitation without names.
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn not_accepted(db: &Db, id: GameId, seated: &[(String, String)]) -> Result<Vec<String>, StorageError> {
    let named = db.invitees(id).await?;
    Ok(named.into_iter().filter(|n| !seated.iter().any(|(uid, name)| matches(n, uid, name))).collect())
}

/// Invitees as mentions for a message: a platform id (Discord `123`, Matrix
/// `@bob:hs`) pings them; a typed name shows as `@bob`.
pub fn mentions(invitees: &[String]) -> crate::base::i18n::Arg {
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
