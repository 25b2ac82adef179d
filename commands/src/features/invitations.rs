//! Invitations (issue 10): named players (`new carat @bob @carol`: only they may join,
//! each by `join`, and the game starts by itself once all have accepted), a cap on
//! the open invitations one user has created (`[clock] max_open_invitations`), and the
//! time after which an unanswered invitation expires (the scheduler does that).

use crate::{
    base::ids::GameId,
    host::Ctx,
    base::i18n::Msg,
    base::reply::Reply,
    store::{Db, Status, StorageError},
};

/// The characters a name (after `@`, or a plain name) must not contain: they belong
/// to mentions and lists of them (`@<@0>`, `@bob,@carol` name nobody as one name).
const NOT_IN_NAMES: [char; 4] = ['@', '<', '>', ','];

/// The longest word that can name an invitee (the longest Matrix user id), in bytes.
pub const MAX_INVITEE_BYTES: usize = 255;

/// The invitee a word names, if it is a mention: `@bob` gives `bob` (lower case), a
/// Discord mention `<@123>` or `<@!123>` gives `123`, a Matrix id `@bob:example.org`
/// stays whole. `None` for other words, a bare `@`, a name with one of `@ < > ,` in it
/// (`@<@0>`, `@bob,@carol`: see [`invitees_in`] for lists), an id of zeros (`<@0>`:
/// no Discord user has it) and a word longer than [`MAX_INVITEE_BYTES`].
pub fn invitee(word: &str) -> Option<String> {
    // Matrix allows user ids of up to 255 bytes; nothing longer names anyone.
    if word.len() > MAX_INVITEE_BYTES {
        return None;
    }
    let inner = word.strip_prefix("<@").and_then(|w| w.strip_suffix('>')).map(|w| w.trim_start_matches('!'));
    if let Some(id) = inner {
        let usable = id.chars().all(|c| c.is_ascii_digit()) && id.chars().any(|c| c != '0');
        return usable.then(|| id.to_string());
    }
    let name = word.strip_prefix('@')?;
    if name.is_empty() || name.contains(NOT_IN_NAMES) {
        return None;
    }
    Some(if name.contains(':') { word.to_string() } else { name.to_lowercase() })
}

/// The invitees of a word that is a comma-separated list of mentions (`@bob,@carol`,
/// `<@1>,<@2>`, also `@bob,` when the next word goes on after a space), each as
/// [`invitee`] reads it. `None` unless every non-empty piece is a mention and there
/// is at least one.
pub fn invitees_in(word: &str) -> Option<Vec<String>> {
    let found = word.split(',').filter(|piece| !piece.is_empty()).map(invitee).collect::<Option<Vec<_>>>()?;
    (!found.is_empty()).then_some(found)
}

/// The player a `stats` argument names: a mention as [`invitee`] reads it, or a plain
/// name (lower case) without `@ < > ,`. `None` for anything else (`@`, `<@0>`, `a,b`).
pub fn player(word: &str) -> Option<String> {
    invitee(word).or_else(|| (!word.contains(NOT_IN_NAMES)).then(|| word.to_lowercase()))
}

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
pub(crate) async fn check_invited(ctx: &Ctx<'_>, id: GameId) -> Result<(), crate::host::Refused> {
    let named = invitees(&ctx.host.db, id).await?;
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
pub(crate) async fn naming(db: &Db, origin: &crate::host::Origin) -> Result<Vec<crate::store::GameRow>, StorageError> {
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
pub(crate) async fn decline(ctx: &Ctx<'_>, id: Option<GameId>) -> crate::host::Outcome {
    let user = &ctx.origin.user;
    let row = match id {
        Some(id) => ctx.host.select(ctx, Some(id), crate::host::Want::Invitation, false).await?.row,
        None => {
            let mut named_here = Vec::new();
            for row in ctx.host.db.open_games_in(&ctx.origin.platform, &ctx.origin.channel).await? {
                if row.status == Status::Invited && names(&ctx.host.db, row.id, &user.id, &user.name).await? {
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
    if !names(&ctx.host.db, game_id, &user.id, &user.name).await? {
        return Err(Msg::new("cmd-decline-not-invited").arg("id", game_id).into());
    }
    if !ctx.host.db.withdraw(game_id, ctx.now()).await? {
        return Err(Msg::new("cmd-not-an-invitation").arg("id", game_id).into());
    }
    tracing::info!(game = game_id, "invitation declined");
    let creator = ctx.host.db.players(game_id).await?.into_iter().next().map_or_else(
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
    fn mentions_name_invitees() {
        let cases = [
            ("@Bob", Some("bob")),
            ("<@123>", Some("123")),
            ("<@!123>", Some("123")),
            ("@bob:example.org", Some("@bob:example.org")),
            ("@", None),
            ("@@x", None),
            ("<@abc>", None),
            ("<@0>", None),
            ("<@!000>", None),
            ("<@>", None),
            ("<@100>", Some("100")),
            ("bob", None),
            ("hand3", None),
            ("@<@0>", None),
            ("@bob,@carol", None),
            ("@bo<b", None),
            ("@bob>", None),
        ];
        for (word, want) in cases {
            assert_eq!(invitee(word).as_deref(), want, "{word:?}");
        }
    }

    #[test]
    fn comma_separated_mentions_are_several_invitees() {
        let list = |v: &[&str]| Some(v.iter().map(ToString::to_string).collect::<Vec<_>>());
        let cases = [
            ("@bob,@Carol", list(&["bob", "carol"])),
            ("@bob,", list(&["bob"])),
            (",@bob", list(&["bob"])),
            ("<@12>,<@!34>,@dora", list(&["12", "34", "dora"])),
            ("@bob,carol", None),
            ("@bob,,@carol", list(&["bob", "carol"])),
            (",", None),
            ("@bob,@", None),
            ("@bob,<@0>", None),
            ("@<@0>", None),
        ];
        for (word, want) in cases {
            assert_eq!(invitees_in(word), want, "{word:?}");
        }
    }

    #[test]
    fn a_player_is_a_mention_or_a_plain_name() {
        let cases = [
            ("@Bob", Some("bob")),
            ("Bob", Some("bob")),
            ("<@123>", Some("123")),
            ("@bob:example.org", Some("@bob:example.org")),
            ("@", None),
            ("<@0>", None),
            ("@@", None),
            ("bob,carol", None),
            ("<bob>", None),
            ("b@b", None),
        ];
        for (word, want) in cases {
            assert_eq!(player(word).as_deref(), want, "{word:?}");
        }
    }

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
