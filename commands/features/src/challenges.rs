//! Hathor challenges in a channel (spec hathor.md "Playing together in a channel",
//! README "Export and hidden information"): `new hathor challenge [variant] [hours=N]`,
//! `join challenge [#id]` (or a plain `join` when no invitation is open), `daily hathor`,
//! `leaderboard [#id]`.
//!
//! Every player of a challenge plays their own stored game (a row of `games`, linked in
//! `challenge_games`), opened with the challenge's options, resolved setup and seed, so
//! they all get the same stones in the same order (and, in variant 4, the same random
//! symbols from the seeded RNG). While the challenge is open a board would give the pile
//! away: replies about a challenge game go only to its player, nobody else may look,
//! and its record is not exported. The channel sees the joins, a line when someone
//! finishes, and the leaderboard (scores only). The challenge closes at its set time
//! (checked on every command in its channel and by `Table::close_due_challenges`) or,
//! when it is not a daily one, as soon as at least two have joined and all of them have
//! finished; games still running then end with `@timeout 0` (the score so far), and the
//! boards are shown to the channel.

use serde_json::Value;
use rules::GameKind;

use crate::{
    base::ai_seat,
    base::ids::ChallengeId,
    base::ids::GameId,
    grammar::{NewOptions, Verb},
    table::{
        challenges::{seed_words, utc_date, utc_time, variant, Entry, DAILY_VARIANT},
        context::{Ctx, Loaded, Outcome, Refused},
    },
    base::i18n::{Arg, Lang, Msg},
    base::reply::{Audience, Reply},
    store::challenges::{ChallengeRow, NewChallenge},
    store::{Entered, GameRow, NewGame, Start, Status, StorageError},
};

/// How long a challenge stays open when `hours=N` is not given.
pub const DEFAULT_HOURS: u32 = 24;

const HOUR_MS: i64 = 3_600_000;
const DAY_MS: i64 = 86_400_000;

// ---------------------------------------------------------------- commands

/// The open challenges of the requester's channel whose time is up, newest first (none,
/// logged, when the read fails): what [`close_due_here`] closes.
pub async fn due_here(ctx: &Ctx<'_>) -> Vec<ChallengeRow> {
    match ctx.table.db.challenges_in(&ctx.origin.platform, &ctx.origin.channel, true).await {
        Ok(open) => open.into_iter().filter(|c| c.closes_at <= ctx.now()).collect(),
        Err(e) => {
            tracing::error!(error = %e, "reading the channel's challenges failed");
            Vec::new()
        }
    }
}

/// Closes the challenges `due` (from [`due_here`]) of the requester's channel; the
/// replies announce them.
pub async fn close_due_here(ctx: &Ctx<'_>, due: &[ChallengeRow]) -> Vec<Reply> {
    let mut replies = Vec::new();
    for challenge in due.iter().rev() {
        match ctx.table.close(challenge, ctx.lang).await {
            Ok(r) => replies.extend(r),
            Err(e) => tracing::error!(error = %e, challenge = %challenge.id, "closing the challenge failed"),
        }
    }
    replies
}

/// `new hathor challenge [variant] [hours=N] [seed=N]`: opens a challenge in the
/// channel and the creator's own game in it.
pub async fn open(ctx: &Ctx<'_>, kind: GameKind, new: NewOptions, hours: Option<u32>) -> Outcome {
    if kind != GameKind::Hathor {
        return Err(Msg::new("challenge-only-hathor").arg("game", ctx.game_name(kind)).into());
    }
    // The bot named (`new hathor challenge @bot:hard`) plays the same stones too.
    // Everyone here may join a challenge: people are not named (only the bot, to play).
    let bot = ctx.table.bot_user(&ctx.origin.platform);
    let (mut ai_levels, mut people) = (Vec::<ai::Level>::new(), Vec::<String>::new());
    for named in &new.invite {
        match bot.as_deref().map(|bot| ai_seat::invitee(named, bot)) {
            Some(ai_seat::Invitee::Bot(level)) => ai_levels.push(level.or(new.level).unwrap_or_default()),
            _ => people.push(format!("@{named}")),
        }
    }
    if new.level.is_some() && ai_levels.is_empty() {
        return Err(Msg::new("cmd-level-without-ai").into());
    }
    // One board per AI level (issue 38: one line of 200 `@bot` made 201 boards and 14,400
    // AI moves): a level plays the same stones the same way twice.
    if let Some(twice) = ai_levels.iter().enumerate().find_map(|(i, l)| ai_levels[..i].contains(l).then_some(*l)) {
        return Err(Msg::new("challenge-ai-once").arg("level", twice.word()).into());
    }
    if !people.is_empty() {
        return Err(Msg::new("challenge-names-nobody").arg("players", people.join(", ")).into());
    }
    if new.move_ms.is_some() {
        return Err(Msg::new("challenge-no-move-time").into());
    }
    let mut options = new.options;
    if options.get("players").is_some_and(|p| p.as_u64() != Some(1)) {
        return Err(Msg::new("cmd-bad-player-count").arg("game", ctx.game_name(kind)).arg("min", 1_i64).arg("max", 1_i64).arg("span", 0_i64).into());
    }
    options.insert("players".into(), Value::from(1));
    let seed = new.seed.unwrap_or_else(rand::random::<u64>);
    let hours = hours.unwrap_or(DEFAULT_HOURS);
    let at = ctx.now();
    let chosen = Seed { seed, chosen: new.seed.is_some() };
    let (challenge, _) = create(ctx, kind, &Value::Object(options), chosen, None, at + i64::from(hours) * HOUR_MS).await?;
    let ch = ctx.in_channel();
    let mut replies = vec![Reply::channel(ch.text(
        &Msg::new("challenge-opened")
            .arg("player", Arg::Mention(ctx.origin.user.clone()))
            .arg("id", challenge.id)
            .arg("game", ch.game_name(kind))
            .arg("variant", variant(&challenge))
            .arg("seed", seed_words(&ctx.table.texts, ch.lang, &challenge))
            .arg("closes", utc_time(challenge.closes_at)),
    ))];
    replies.extend(enter(ctx, &challenge).await?);
    for (id, name) in ai_seat::seats(&ctx.table.texts, ctx.channel_lang, &ai_levels) {
        let user = crate::base::reply::User::new(id, name);
        let origin = crate::base::origin::Origin { user, is_admin: false, ..ctx.origin.clone() };
        let as_ai = Ctx { origin: &origin, admin: false, chosen: None, ahead: None, ..*ctx };
        // Its own game's replies are private to it: they go nowhere; the scheduler plays it.
        replies.extend(joined(&as_ai, &challenge).await?.into_iter().filter(|r| r.audience == Audience::Channel));
    }
    Ok(replies)
}

/// A challenge's seed, and whether its creator chose it (`seed=N`).
#[derive(Debug, Clone, Copy)]
struct Seed {
    seed: u64,
    chosen: bool,
}

/// Stores a challenge (`daily`: the date of a daily one, which exists once per channel
/// and date) after checking its options by opening the game once; with whether this
/// request opened it (`false`: a concurrent one opened the day's challenge first).
async fn create(
    ctx: &Ctx<'_>,
    kind: GameKind,
    options: &Value,
    Seed { seed, chosen }: Seed,
    daily: Option<&str>,
    closes_at: i64,
) -> Result<(ChallengeRow, bool), Refused> {
    let game = rules::open(kind, options, 1, None, Some(seed)).map_err(|e| {
        Refused::from(Msg::new("cmd-setup-refused").arg("game", ctx.game_name(kind)).arg("reason", e.0))
    })?;
    let known = game.options();
    if let Some(unknown) = options.as_object().and_then(|o| o.keys().find(|k| known.get(k.as_str()).is_none())) {
        return Err(Msg::new("cmd-bad-option").arg("option", unknown.as_str()).arg("game", kind).into());
    }
    let setup = game.resolved_setup();
    let db = &ctx.table.db;
    let new = NewChallenge {
        kind,
        platform: &ctx.origin.platform,
        channel: &ctx.origin.channel,
        creator: if daily.is_some() { "" } else { ctx.user_id() },
        daily,
        options: &known,
        seed,
        seeded: chosen,
        setup: &setup,
        created_at: ctx.now(),
        closes_at,
    };
    let inserted = db.create_challenge(&new).await?;
    let opened = inserted.is_some();
    let id = match inserted {
        Some(id) => Some(id),
        // The channel's daily challenge of that date was opened in the meantime.
        None => db.daily_challenge_id(&ctx.origin.platform, &ctx.origin.channel, daily.unwrap_or_default()).await?,
    };
    let id = id.ok_or_else(|| StorageError::Damaged("a challenge was neither stored nor found".into()))?;
    tracing::info!(challenge = %id, kind = kind.id(), "challenge opened");
    let row = ctx.table.db.challenge(id).await?.ok_or_else(|| Refused::from(Msg::new("challenge-no-such").arg("id", id)))?;
    Ok((row, opened))
}

/// Gives the requester their own game in `challenge` and shows it to them privately.
async fn enter(ctx: &Ctx<'_>, challenge: &ChallengeRow) -> Outcome {
    if !challenge.is_open() {
        return Err(Msg::new("challenge-closed").arg("id", challenge.id).into());
    }
    if let Some(game) = ctx.table.db.game_in_challenge(challenge.id, ctx.user_id()).await? {
        // One board a challenge: a board that is over says so.
        let over = ctx.table.db.game(game).await?.is_some_and(|row| row.status != Status::Running);
        let key = if over { "challenge-already-over" } else { "challenge-already-joined" };
        return Err(Msg::new(key).arg("id", challenge.id).arg("game", game).into());
    }
    let kind = challenge.kind;
    let game = rules::open(kind, &challenge.options, 1, Some(challenge.setup.clone()), Some(challenge.seed))
        .map_err(|e| StorageError::Damaged(format!("challenge #{}: {e}", challenge.id)))?;
    let user = &ctx.origin.user;
    let (options, setup, to_move) = (game.options(), game.resolved_setup(), game.to_move());
    let db = &ctx.table.db;
    let new = NewGame {
        kind: kind.id(),
        platform: &challenge.platform,
        channel: &challenge.channel,
        // The requester is in the challenge's channel (joins look only there).
        server: ctx.origin.server.as_deref(),
        creator_id: &user.id,
        creator_name: &user.name,
        creator_lang: ctx.origin.lang.map(Lang::code),
        options: &options,
        seed: challenge.seed,
        // Shown by the challenge's announcement and leaderboard, not by an invitation.
        seeded: challenge.seeded,
        at: ctx.now(),
        move_ms: None,
        bank_ms: None,
        invitees: &[],
    };
    let id = match db.enter_challenge(challenge.id, &new, Start { options: &options, setup: &setup, to_move: &to_move }).await? {
        Entered::Started(id) => id,
        // Joined twice at the same moment: the other request has the game.
        Entered::Already(game) => {
            return Err(Msg::new("challenge-already-joined").arg("id", challenge.id).arg("game", game).into());
        }
        Entered::DailyElsewhere(game) => {
            return Err(Msg::new("challenge-daily-elsewhere").arg("date", challenge.daily.as_deref().unwrap_or_default()).arg("game", game).into());
        }
        Entered::Closed => return Err(Msg::new("challenge-closed").arg("id", challenge.id).into()),
        Entered::Series(tournament) => {
            return Err(Msg::new("challenge-series-round").arg("id", challenge.id).arg("tournament", tournament).into());
        }
    };
    tracing::info!(game = %id, challenge = %challenge.id, "challenge game started");
    ctx.table.remember(id, game.as_ref(), 0);
    let Some(row) = db.game(id).await? else { return Err(Msg::new("cmd-no-such-game").arg("id", id).into()) };
    let loaded = Loaded { game: Some(game), ..ctx.table.load_for(ctx, row).await? };
    let header = ctx.text(&Msg::new("challenge-your-game").arg("id", challenge.id).arg("game", id));
    // The player's own board: in their language, not the channel's.
    let mine = Ctx { channel_lang: ctx.lang, ..*ctx };
    Ok(to_player(crate::table::turn::announce(&mine, &loaded, header, &[]).await, ctx.user_id()))
}

/// Every reply of `replies` addressed to `user_id` only.
fn to_player(replies: Vec<Reply>, user_id: &str) -> Vec<Reply> {
    replies.into_iter().map(|r| Reply { audience: Audience::User(user_id.to_string()), ..r }).collect()
}

/// `join challenge [#id]`: the requester's own game in the channel's open challenge
/// (the one named, else the newest they have not joined).
pub async fn join(ctx: &Ctx<'_>, id: Option<ChallengeId>) -> Outcome {
    let challenge = match id {
        Some(id) => ctx
            .table
            .db
            .challenge(id)
            .await?
            .filter(|c| c.platform == ctx.origin.platform && c.channel == ctx.origin.channel)
            .ok_or_else(|| Refused::from(Msg::new("challenge-no-such").arg("id", id)))?,
        None => {
            // The one open challenge here the user has not joined; among several, they
            // name one (oldest first in the list).
            let open = ctx.table.db.challenges_in(&ctx.origin.platform, &ctx.origin.channel, true).await?;
            let mut unjoined = Vec::new();
            for c in &open {
                if ctx.table.db.game_in_challenge(c.id, ctx.user_id()).await?.is_none() {
                    unjoined.push(c.clone());
                }
            }
            unjoined.sort_by_key(|c| c.id);
            match unjoined.as_slice() {
                [only] => only.clone(),
                [first, ..] => {
                    let list = unjoined.iter().map(|c| format!("#{}", c.id)).collect::<Vec<_>>().join(", ");
                    return Err(Msg::new("challenge-several").arg("challenges", list).arg("first", first.id).into());
                }
                [] => match open.first() {
                    Some(c) => c.clone(),
                    None => return Err(Msg::new("challenge-none-here").into()),
                },
            }
        }
    };
    joined(ctx, &challenge).await
}

/// Enters `challenge` and tells the channel who joined.
async fn joined(ctx: &Ctx<'_>, challenge: &ChallengeRow) -> Outcome {
    let private = enter(ctx, challenge).await?;
    let players = ctx.table.entries(challenge.id).await?.len();
    let mut replies = vec![Reply::channel(ctx.channel_text(
        &Msg::new("challenge-joined")
            .arg("player", ctx.origin.user.name.as_str())
            .arg("id", challenge.id)
            .arg("players", players),
    ))];
    replies.extend(private);
    Ok(replies)
}

/// Whether a `join` (with `game`, if named) means the channel's open challenge: only
/// without a game, when no invitation is open here but a challenge is (else it joins
/// an invitation as usual).
///
/// # Errors
/// [`StorageError`] when the read fails.
pub async fn join_means_challenge(ctx: &Ctx<'_>, game: Option<GameId>) -> Result<bool, StorageError> {
    if game.is_some() {
        return Ok(false);
    }
    let filter = crate::store::ChoiceFilter { status: Some(Status::Invited), plays: false };
    let invitations =
        ctx.table.db.choose_games(&ctx.origin.platform, &ctx.origin.channel, ctx.user_id(), filter, 1).await?;
    Ok(invitations.fitting_count == 0
        && !ctx.table.db.challenges_in(&ctx.origin.platform, &ctx.origin.channel, true).await?.is_empty())
}

/// `daily hathor`: joins today's challenge of this channel (opening it on first use).
/// Its seed comes from the UTC date and the instance's secret
/// ([`rules::hathor::daily_seed`]), so every channel of this bot gets the same stones
/// that day; it closes at the end of the UTC day (never earlier: an early board would
/// give the day's pile away to the other channels).
pub async fn daily(ctx: &Ctx<'_>, kind: GameKind) -> Outcome {
    if kind != GameKind::Hathor {
        return Err(Msg::new("challenge-only-hathor").arg("game", ctx.game_name(kind)).into());
    }
    let now = ctx.now();
    let date = utc_date(now);
    let existing = ctx
        .table
        .db
        .challenges_in(&ctx.origin.platform, &ctx.origin.channel, false)
        .await?
        .into_iter()
        .find(|c| c.daily.as_deref() == Some(date.as_str()));
    let (challenge, opened) = match existing {
        Some(c) => (c, false),
        None => {
            let secret = ctx.table.daily_secret().await?;
            let seed = rules::hathor::daily_seed(&date, &secret);
            let options = serde_json::json!({ "variant": DAILY_VARIANT, "players": 1 });
            let midnight = (now.div_euclid(DAY_MS) + 1) * DAY_MS;
            create(ctx, kind, &options, Seed { seed, chosen: false }, Some(&date), midnight).await?
        }
    };
    let mut replies = Vec::new();
    if opened {
        let ch = ctx.in_channel();
        replies.push(Reply::channel(ch.text(
            &Msg::new("challenge-daily-opened")
                .arg("id", challenge.id)
                .arg("date", date.as_str())
                .arg("game", ch.game_name(kind))
                .arg("closes", utc_time(challenge.closes_at)),
        )));
    }
    replies.extend(joined(ctx, &challenge).await?);
    Ok(replies)
}

/// `leaderboard [#id]`: the challenge's players with their scores and whether they have
/// finished (the named challenge of this channel, else the newest open one, else the
/// newest closed one).
pub async fn leaderboard(ctx: &Ctx<'_>, id: Option<ChallengeId>) -> Outcome {
    let challenge = match id {
        Some(id) => ctx
            .table
            .db
            .challenge(id)
            .await?
            .filter(|c| c.platform == ctx.origin.platform && c.channel == ctx.origin.channel),
        None => {
            let all = ctx.table.db.challenges_in(&ctx.origin.platform, &ctx.origin.channel, false).await?;
            all.iter().find(|c| c.is_open()).or_else(|| all.first()).cloned()
        }
    };
    let Some(challenge) = challenge else {
        let Some(id) = id else { return Err(what_leaderboards_show(ctx).await?.into()) };
        return Err(Msg::new("challenge-no-such").arg("id", id).into());
    };
    let entries = ctx.table.entries(challenge.id).await?;
    Ok(vec![Reply::channel(ctx.table.standings(ctx.channel_lang, &challenge, &entries))])
}

/// A bare `leaderboard` where no Hathor challenge was played (issue 41: it spoke of
/// challenges only): what a leaderboard can show here, the rated games by name with the
/// command for each, or that nothing is rated yet, and how to get a challenge's points.
async fn what_leaderboards_show(ctx: &Ctx<'_>) -> Result<Msg, StorageError> {
    let kinds = crate::store::ratings::rated_kinds(&ctx.table.db, &ctx.origin.platform, ctx.origin.scope()).await?;
    let verb = Verb::Leaderboard.word(ctx.lang);
    let games: Vec<String> = kinds
        .iter()
        .filter_map(|k| k.parse::<GameKind>().ok())
        .map(|kind| format!("{} (`{verb} {}`)", ctx.game_name(kind), kind.id()))
        .collect();
    Ok(if games.is_empty() {
        Msg::new("leaderboard-nothing-here").arg("scope", ctx.scope_word())
    } else {
        Msg::new("leaderboard-what-here").arg("games", games.join(", ")).arg("scope", ctx.scope_word())
    })
}

/// Applies the challenge rules to the replies of a command: a reply about the game of
/// an open challenge goes only to that game's player; anyone else is refused (an admin's
/// `abort` of it is told to the admin alone: its reply shows nothing of the board), and
/// so is `export` by a player of the challenge. After a move, resignation or abort that ends a challenge game, the channel gets
/// a line, and the challenge closes when everyone who joined (two or more) has finished.
pub async fn guard(ctx: &Ctx<'_>, verb: Verb, mut replies: Vec<Reply>) -> Outcome {
    let mut ids: Vec<GameId> = replies.iter().filter_map(|r| r.game.map(|g| g.id)).collect();
    ids.dedup();
    let mut extra = Vec::new();
    for id in ids {
        let Some((challenge, player)) = ctx.table.challenge_of_game(id).await? else { continue };
        if !challenge.is_open() {
            continue;
        }
        let mine = player == ctx.user_id();
        // Replies already addressed to the game's own player alone (a series round's
        // starts, dealt by a `tournament start`) show the board to nobody else.
        let about = |r: &&Reply| r.game.is_some_and(|g| g.id == id);
        if !mine && replies.iter().filter(about).all(|r| r.audience == Audience::User(player.clone())) {
            continue;
        }
        if verb == Verb::Export && (mine || ctx.table.db.game_in_challenge(challenge.id, ctx.user_id()).await?.is_some()) {
            return Err(Msg::new("challenge-export-hidden").arg("id", challenge.id).into());
        }
        let admin_abort = verb == Verb::Abort && ctx.admin;
        if let Some(msg) = crate::table::hidden::hidden(ctx, &challenge, &player, id).filter(|_| !admin_abort) {
            return Err(msg.into());
        }
        for reply in replies.iter_mut().filter(|r| r.game.is_some_and(|g| g.id == id)) {
            reply.audience = Audience::User(ctx.user_id().to_string());
        }
        if mine && matches!(verb, Verb::Move | Verb::Resign | Verb::Abort) {
            extra.extend(finished(ctx, &challenge, id).await?);
        }
    }
    replies.extend(extra);
    Ok(replies)
}

/// When game `id` of `challenge` has just ended: the channel's line, and the closing
/// when everyone has finished.
async fn finished(ctx: &Ctx<'_>, challenge: &ChallengeRow, id: GameId) -> Result<Vec<Reply>, Refused> {
    let Some(row): Option<GameRow> = ctx.table.db.game(id).await? else { return Ok(Vec::new()) };
    if row.status != Status::Finished {
        return Ok(Vec::new());
    }
    let entries = ctx.table.entries(challenge.id).await?;
    let playing = entries.iter().filter(|e| !e.finished()).count();
    let points = entries.iter().find(|e| e.loaded.row.id == id).map_or(0, Entry::score);
    let mut replies = vec![Reply::channel(ctx.channel_text(
        &Msg::new("challenge-finished")
            .arg("player", ctx.origin.user.name.as_str())
            .arg("id", challenge.id)
            .arg("points", points)
            .arg("playing", playing),
    ))];
    if playing == 0 && entries.len() >= 2 && challenge.daily.is_none() {
        replies.extend(ctx.table.close(challenge, ctx.channel_lang).await?);
    }
    Ok(replies)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::Command;

    #[test]
    fn challenge_words_parse() {
        let parsed = |line: &str| Command::parse(line).unwrap_or_else(|e| panic!("{line}: {e:?}"));
        let Command::NewChallenge { game, options, hours } = parsed("new hathor challenge 4 hours=2 seed=9") else {
            panic!("not a challenge")
        };
        assert_eq!(game, GameKind::Hathor);
        assert_eq!(options.options.get("variant"), Some(&Value::from(4)));
        assert_eq!((options.seed, hours), (Some(9), Some(2)));
        assert_eq!(parsed("neu hathor herausforderung"), Command::NewChallenge {
            game: GameKind::Hathor,
            options: NewOptions::default(),
            hours: None
        });
        assert_eq!(parsed("join challenge #3"), Command::JoinChallenge { challenge: Some(crate::base::ids::ChallengeId(3)) });
        assert_eq!(parsed("beitreten herausforderung"), Command::JoinChallenge { challenge: None });
        assert_eq!(parsed("daily hathor"), Command::Daily { game: GameKind::Hathor });
        assert_eq!(parsed("täglich"), Command::Daily { game: GameKind::Hathor });
        assert_eq!(parsed("rangliste #2"), Command::ChallengeLeaderboard { challenge: Some(crate::base::ids::ChallengeId(2)) });
        assert_eq!(parsed("leaderboard"), Command::ChallengeLeaderboard { challenge: None });
        for (line, key) in [
            ("new hathor challenge hours=0", "challenge-bad-hours"),
            ("new hathor challenge hours=169", "challenge-bad-hours"),
            ("new hathor challenge purple", "cmd-bad-option"),
            ("daily chess", "cmd-unknown-game"),
            ("leaderboard #1 now", "cmd-extra-words"),
        ] {
            assert_eq!(Command::parse(line).map_err(|m| m.key), Err(key.to_string()), "{line}");
        }
    }
}
