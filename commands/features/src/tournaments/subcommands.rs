//! The `tournament` subcommands: `new`, `join`, `leave`, `start`, `cancel`, the status
//! (`tournament [#T]`) and the choices a slash command offers.

use rules::GameKind;
use serde_json::Value;

use crate::{
    base::ai_seat,
    base::i18n::{Arg, Msg},
    base::ids::{GameId, TournamentId},
    base::reply::Reply,
    grammar::tournaments::{System as Asked, TournamentOptions},
    store::tournaments::{NewTournament, SignedUp, Stage, System, TournamentRow},
    store::{Status, StorageError},
    table::context::{Ctx, Outcome, Refused},
};

use super::{
    min_players, next_round, series_rounds, standings_text,
    texts::{details, header, name_of, shown, system_key, utc_time},
    DEFAULT_SIGNUP_MS,
};

/// `tournament new <game> [options]`.
pub async fn new(ctx: &Ctx<'_>, kind: GameKind, asked: TournamentOptions) -> Outcome {
    // Hathor is played alone: its tournament is a series of same-deal rounds.
    let series = kind == GameKind::Hathor;
    let seats: usize = if series { 1 } else { 2 };
    if !series && !kind.players().contains(&2) {
        return Err(Msg::new("tournament-no-two-player-form").arg("game", ctx.game_name(kind)).into());
    }
    if asked.game.seed.is_some() {
        return Err(Msg::new("tournament-no-seed").into());
    }
    if asked.system == Asked::RoundRobin && asked.rounds.is_some() {
        return Err(Msg::new("tournament-rounds-roundrobin").into());
    }
    let levels = bot_levels(ctx, &asked.game.invite, asked.game.level)?;
    let mut options = asked.game.options.clone();
    options.insert("players".into(), Value::from(seats));
    let game = rules::open(kind, &Value::Object(options.clone()), seats, None, Some(1)).map_err(|e| {
        Refused::from(Msg::new("cmd-setup-refused").arg("game", ctx.game_name(kind)).arg("reason", e.0))
    })?;
    let known = game.options();
    if let Some(unknown) = options.keys().find(|k| known.get(k.as_str()).is_none()) {
        return Err(Msg::new("cmd-bad-option").arg("option", unknown.as_str()).arg("game", kind).into());
    }
    let mut stored = known.as_object().cloned().unwrap_or_default();
    stored.remove("players");
    let move_ms = match asked.game.move_ms {
        Some(ms) => ms,
        None => {
            let (db, bot) = (&ctx.table.db, &ctx.table.options.clock);
            crate::store::settings::new_game_move_ms(db, &ctx.origin.platform, ctx.origin.scope(), bot).await?
        }
    };
    let now = ctx.now();
    let signup_ends = now + asked.signup_ms.unwrap_or(DEFAULT_SIGNUP_MS);
    let user = &ctx.origin.user;
    let bots = ai_seat::seats(&ctx.table.texts, ctx.channel_lang, &levels);
    // The organiser's language: the tournament's posts speak it where the channel has
    // no setting ([`lang_of`]).
    let lang = Some(ctx.lang.code());
    let mut signups = vec![(user.id.as_str(), user.name.as_str(), lang)];
    signups.extend(bots.iter().map(|(id, name)| (id.as_str(), name.as_str(), None)));
    if let Some(max) = asked.max_players
        && signups.len() > max as usize
    {
        return Err(Msg::new("tournament-named-too-many").arg("count", signups.len()).arg("players", max).into());
    }
    let system = match asked.system {
        _ if series => System::Series,
        Asked::Swiss => System::Swiss,
        Asked::RoundRobin => System::RoundRobin,
    };
    // A series plays `SERIES_ROUNDS` rounds unless told otherwise, each dealt from its
    // seed ([`rules::rng::series_round_seed`]).
    let rounds = if series { Some(asked.rounds.unwrap_or(series_rounds::SERIES_ROUNDS)) } else { asked.rounds };
    let seed = series.then(rand::random::<u64>);
    let stored = Value::Object(stored);
    let id = ctx
        .table
        .db
        .create_tournament(
            &NewTournament {
                kind: kind.id(),
                platform: &ctx.origin.platform,
                channel: &ctx.origin.channel,
                server: ctx.origin.server.as_deref(),
                organiser: &user.id,
                system,
                rounds,
                twice: asked.twice,
                max_players: asked.max_players,
                move_ms,
                options: &stored,
                created_at: now,
                signup_ends,
                seed,
            },
            &signups,
        )
        .await?;
    tracing::info!(tournament = %id, kind = kind.id(), "tournament opened");
    let ch = ctx.in_channel();
    let row = ctx.table.db.tournament(id).await?.ok_or_else(|| Refused::from(Msg::new("tournament-no-such").arg("id", id)))?;
    let names: Vec<String> = signups.iter().map(|(_, name, _)| name.to_string()).collect();
    let text = ch.text(
        &Msg::new("tournament-opened")
            .arg("organiser", Arg::Mention(user.clone()))
            .arg("id", id)
            .arg("details", details(&ch, &row))
            .arg("until", utc_time(signup_ends))
            .arg("players", names.join(", "))
            .arg("count", names.len()),
    );
    Ok(vec![Reply::channel(text).with_link(ctx.table.tournament_link(id, ctx.channel_lang).await)])
}

/// The AI levels the mentions of `named` sign up (each mention one entrant); a
/// mention of someone else is refused (people sign up themselves).
fn bot_levels(ctx: &Ctx<'_>, named: &[String], level: Option<ai::Level>) -> Result<Vec<ai::Level>, Refused> {
    let bot = ctx.table.bot_user(&ctx.origin.platform);
    let mut levels = Vec::new();
    let mut people = Vec::new();
    for who in named {
        match bot.as_deref().map_or(ai_seat::Invitee::Person, |bot| ai_seat::invitee(who, bot)) {
            ai_seat::Invitee::Bot(l) => levels.push(l.or(level).unwrap_or_default()),
            ai_seat::Invitee::BadLevel(word) => return Err(Msg::new("cmd-bad-level").arg("text", word).into()),
            ai_seat::Invitee::Person => people.push(format!("@{}", who.trim_start_matches('@'))),
        }
    }
    if !people.is_empty() {
        return Err(Msg::new("tournament-names-people").arg("players", people.join(", ")).into());
    }
    if level.is_some() && levels.is_empty() {
        return Err(Msg::new("cmd-level-without-ai").into());
    }
    Ok(levels)
}

/// What a command without `#T` is about, for [`chosen`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Meant {
    /// `join`: a tournament open for sign-up here.
    Join,
    /// `leave`, `start`, `cancel`: the speaker's own (organised or entered).
    Mine,
    /// The status: the speaker's own, else any here.
    Status,
}

fn is_open(t: &TournamentRow) -> bool {
    matches!(t.stage, Stage::Signup | Stage::Running)
}

/// The tournament a command means: the one named (of this channel); without a number
/// the speaker's own open tournament here (organised or entered), for `join` the one
/// open for sign-up; several that fit are refused with their numbers (the speaker names
/// one); with none open, the speaker's newest here (which then says it is over or was
/// cancelled: a repeated `cancel` never reaches another tournament), else for the
/// status the newest here. `sub` names the sub-command in the question (`cancel`,
/// `other`).
async fn chosen(ctx: &Ctx<'_>, id: Option<TournamentId>, meant: Meant, sub: &str) -> Result<TournamentRow, Refused> {
    let db = &ctx.table.db;
    let (platform, channel) = (&ctx.origin.platform, &ctx.origin.channel);
    if let Some(id) = id {
        return db
            .tournament(id)
            .await?
            .filter(|t| t.platform == *platform && t.channel == *channel)
            .ok_or_else(|| Msg::new("tournament-no-such").arg("id", id).into());
    }
    let which = |fit: &[&TournamentRow]| -> Refused {
        let ids: Vec<String> = fit.iter().rev().map(|t| format!("#{}", t.id)).collect();
        Msg::new("tournament-which").arg("ids", ids.join(", ")).arg("sub", sub).arg("example", ids[0].clone()).into()
    };
    let one = |fit: Vec<&TournamentRow>| -> Option<Result<TournamentRow, Refused>> {
        match fit.as_slice() {
            [] => None,
            [t] => Some(Ok((*t).clone())),
            more => Some(Err(which(more))),
        }
    };
    let all = db.tournaments_in(platform, channel, false).await?;
    if meant == Meant::Join {
        let signup: Vec<&TournamentRow> = all.iter().filter(|t| t.stage == Stage::Signup).collect();
        if signup.len() > 1 {
            // Of several, the ones the speaker is not in yet.
            let mine = db.tournaments_of(platform, channel, ctx.user_id()).await?;
            let fresh: Vec<&TournamentRow> = signup.iter().copied().filter(|t| !mine.iter().any(|m| m.id == t.id)).collect();
            return one(fresh).unwrap_or_else(|| Err(which(&signup)));
        }
        if let Some(found) = one(signup) {
            return found;
        }
        return all.iter().find(|t| is_open(t)).or(all.first()).cloned().ok_or_else(|| Msg::new("tournament-none-here").into());
    }
    let mine = db.tournaments_of(platform, channel, ctx.user_id()).await?;
    if let Some(found) = one(mine.iter().filter(|t| is_open(t)).collect()) {
        return found;
    }
    if let Some(t) = mine.first() {
        return Ok(t.clone());
    }
    if let Some(found) = one(all.iter().filter(|t| is_open(t)).collect()) {
        return found;
    }
    match (meant, all.first()) {
        (Meant::Status, Some(t)) => Ok(t.clone()),
        _ => Err(Msg::new("tournament-none-here").into()),
    }
}

/// The refusal for a command on tournament `t` that is over: finished, or cancelled.
fn over(t: &TournamentRow) -> Refused {
    let key = if t.stage == Stage::Cancelled { "tournament-was-cancelled" } else { "tournament-over" };
    Msg::new(key).arg("id", t.id).into()
}

/// `tournament join [#T] [@bot …]`: signs the requester up, or with mentions of the
/// bot, one AI entrant per mention.
pub async fn join(ctx: &Ctx<'_>, id: Option<TournamentId>, bots: &[String]) -> Outcome {
    let t = chosen(ctx, id, Meant::Join, "join").await?;
    if t.stage != Stage::Signup {
        return Err(Msg::new("tournament-signup-over").arg("id", t.id).into());
    }
    let mut joined: Vec<(String, String, Option<String>)> = Vec::new();
    if bots.is_empty() {
        let user = &ctx.origin.user;
        joined.push((user.id.clone(), user.name.clone(), Some(ctx.lang.code().to_string())));
    } else {
        let levels = bot_levels(ctx, bots, None)?;
        let entrants = ctx.table.db.entrants(t.id).await?;
        for level in levels {
            // The next free number of this level (`ai:normal`, `ai:normal:2`, …).
            let n = (1..).find(|&n| {
                let id = ai_seat::user_id(level, n);
                !entrants.iter().any(|e| e.user_id == id) && !joined.iter().any(|(j, _, _)| *j == id)
            });
            let n = n.unwrap_or(1);
            joined.push((ai_seat::user_id(level, n), ai_seat::name(&ctx.table.texts, ctx.channel_lang, level, n), None));
        }
    }
    let mut names = Vec::new();
    for (user_id, name, lang) in &joined {
        match ctx.table.db.join_tournament(t.id, (user_id, name, lang.as_deref()), ctx.now()).await? {
            SignedUp::Entered(_) => names.push(name.clone()),
            SignedUp::Already => return Err(Msg::new("tournament-already-in").arg("id", t.id).arg("player", name.as_str()).into()),
            SignedUp::Full => {
                return Err(Msg::new("tournament-full").arg("id", t.id).arg("players", t.max_players.unwrap_or(0)).into());
            }
            SignedUp::Closed => return Err(Msg::new("tournament-signup-over").arg("id", t.id).into()),
        }
    }
    let count = ctx.table.db.entrants(t.id).await?.len();
    let text = ctx.channel_text(
        &Msg::new("tournament-joined").arg("players", names.join(", ")).arg("joined", names.len()).arg("id", t.id).arg("count", count),
    );
    Ok(vec![Reply::channel(text)])
}

/// `tournament leave [#T]`: before the start the entrant is taken off; after it their
/// running games are resigned and later rounds go on without them.
pub async fn leave(ctx: &Ctx<'_>, id: Option<TournamentId>) -> Outcome {
    let t = chosen(ctx, id, Meant::Mine, "leave").await?;
    let db = &ctx.table.db;
    let me = db.entrants(t.id).await?.into_iter().find(|e| e.user_id == ctx.user_id());
    let Some(me) = me else { return Err(Msg::new("tournament-not-in").arg("id", t.id).into()) };
    let name = ctx.origin.user.name.as_str();
    match t.stage {
        Stage::Signup => {
            if !db.unjoin_tournament(t.id, ctx.user_id()).await? {
                return Err(Msg::new("tournament-signup-over").arg("id", t.id).into());
            }
            Ok(vec![Reply::channel(ctx.channel_text(&Msg::new("tournament-left-signup").arg("player", name).arg("id", t.id)))])
        }
        Stage::Running => {
            if me.left_at.is_some() || !db.withdraw_entrant(t.id, ctx.user_id(), ctx.now()).await? {
                return Err(Msg::new("tournament-already-left").arg("id", t.id).into());
            }
            let mut replies = vec![Reply::channel(ctx.channel_text(&Msg::new("tournament-left").arg("player", name).arg("id", t.id)))];
            for p in db.pairings(t.id).await?.iter().filter(|p| p.round == t.round) {
                if p.white != me.user_id && p.black.as_deref() != Some(me.user_id.as_str()) {
                    continue;
                }
                let Some(game) = p.game else { continue };
                replies.extend(resign(ctx, game).await?);
            }
            Ok(replies)
        }
        Stage::Finished | Stage::Cancelled => Err(over(&t)),
    }
}

/// Resigns the requester's game `id` if it still runs (leaving a tournament).
async fn resign(ctx: &Ctx<'_>, id: GameId) -> Outcome {
    let Some(row) = ctx.table.db.game(id).await? else { return Ok(Vec::new()) };
    if row.status != Status::Running {
        return Ok(Vec::new());
    }
    let loaded = ctx.table.load_for(ctx, row).await?;
    let Some(seat) = loaded.seat_of(ctx.user_id()) else { return Ok(Vec::new()) };
    let Some(game) = loaded.game.as_ref().filter(|g| !g.is_finished()) else { return Ok(Vec::new()) };
    let mut game = game.box_clone();
    let event = game.play(&format!("@resign {seat}")).map_err(|e| Refused::Rule(e.reason))?;
    let loaded = crate::table::turn::store(ctx, loaded, game, Some(seat), &event).await?;
    let header = ctx.channel_text(&Msg::new("turn-resigned").arg("player", ctx.origin.user.name.as_str()).arg("id", id));
    Ok(crate::table::turn::announce(ctx, &loaded, header, &[]).await)
}

/// `tournament start [#T]`: the organiser (or an admin) starts it before sign-up ends.
pub async fn start(ctx: &Ctx<'_>, id: Option<TournamentId>) -> Outcome {
    let t = chosen(ctx, id, Meant::Mine, "start").await?;
    match t.stage {
        Stage::Signup => {}
        Stage::Running => return Err(Msg::new("tournament-already-started").arg("id", t.id).into()),
        Stage::Finished | Stage::Cancelled => return Err(over(&t)),
    }
    if t.organiser != ctx.user_id() && !ctx.admin {
        return Err(Msg::new("tournament-only-organiser").arg("id", t.id).into());
    }
    let entrants = ctx.table.db.entrants(t.id).await?;
    if entrants.len() < min_players(&t) {
        return Err(Msg::new("tournament-too-few").arg("id", t.id).arg("count", entrants.len()).arg("min", min_players(&t)).into());
    }
    match next_round(ctx.table, &t, ctx.channel_lang).await? {
        Some(replies) => Ok(replies),
        None => Err(Msg::new("tournament-already-started").arg("id", t.id).into()),
    }
}

/// `tournament cancel [#T]`: the organiser or an admin; its games still running are
/// aborted (in the same transaction) and named in the post.
pub async fn cancel(ctx: &Ctx<'_>, id: Option<TournamentId>) -> Outcome {
    let t = chosen(ctx, id, Meant::Mine, "cancel").await?;
    if !is_open(&t) {
        return Err(over(&t));
    }
    if t.organiser != ctx.user_id() && !ctx.admin {
        return Err(Msg::new("tournament-only-organiser").arg("id", t.id).into());
    }
    let Some(aborted) = ctx.table.db.cancel_tournament(t.id, ctx.user_id(), ctx.now()).await? else {
        // Another request cancelled or finished it meanwhile.
        let now = ctx.table.db.tournament(t.id).await?.unwrap_or(t);
        return Err(over(&now));
    };
    tracing::info!(tournament = %t.id, aborted = aborted.len(), "tournament cancelled");
    let games: Vec<String> = aborted.iter().map(|g| format!("#{g}")).collect();
    let msg = Msg::new("tournament-cancelled")
        .arg("id", t.id)
        .arg("player", ctx.origin.user.name.as_str())
        .arg("count", games.len())
        .arg("games", games.join(", "));
    Ok(vec![Reply::channel(ctx.channel_text(&msg))])
}

/// `tournament [#T]`: the round, the games still running and whose move, the standings.
pub async fn status(ctx: &Ctx<'_>, id: Option<TournamentId>) -> Outcome {
    let t = chosen(ctx, id, Meant::Status, "status").await?;
    let ch = ctx.in_channel();
    let entrants = ctx.table.db.entrants(t.id).await?;
    let mut text = ch.text(&header(&ch, &t));
    if t.stage == Stage::Cancelled && t.round == 0 {
        // Cancelled before its first round: nobody has a point, so no table.
        return Ok(vec![Reply::channel(text)]);
    }
    if t.stage == Stage::Signup {
        let names: Vec<String> = entrants.iter().map(|e| shown(&ch, e)).collect();
        text.push_line(ch.text(
            &Msg::new("tournament-signup-status")
                .arg("players", names.join(", "))
                .arg("count", names.len())
                .arg("min", min_players(&t))
                .arg("until", utc_time(t.signup_ends)),
        ));
        return Ok(vec![Reply::channel(text).with_link(ch.table.tournament_link(t.id, ch.lang).await)]);
    }
    let pairings = ctx.table.db.pairings(t.id).await?;
    let mut running = Vec::new();
    for p in pairings.iter().filter(|p| p.round == t.round) {
        let Some(game) = p.game else { continue };
        let Some(row) = ctx.table.db.game(game).await? else { continue };
        if row.status != Status::Running {
            continue;
        }
        if t.system == System::Series {
            // A series game is its entrant's alone, always theirs to move.
            running.push(ch.text(&Msg::new("tournament-series-running").arg("game", game).arg("player", name_of(&ch, &entrants, &p.white))));
            continue;
        }
        let players = ctx.table.db.players(game).await?;
        let to_move: Vec<String> = row.to_move.iter().filter_map(|s| players.get(*s)).map(|p| ai_seat::shown_name(&ch.table.texts, ch.lang, &p.user_id, &p.name)).collect();
        running.push(ch.text(
            &Msg::new("tournament-running-game")
                .arg("game", game)
                .arg("white", name_of(&ch, &entrants, &p.white))
                .arg("black", p.black.as_deref().map_or_else(String::new, |b| name_of(&ch, &entrants, b)))
                .arg("to_move", to_move.join(", ")),
        ));
    }
    if !running.is_empty() {
        text.push_line(ch.text(&Msg::new("tournament-running-header")));
        for line in running {
            text.push_line(line);
        }
    }
    let (standings, picture) = standings_text(&ch, &t, &entrants, &pairings).await?;
    text.push_line(standings);
    Ok(vec![Reply::channel(text).with_file(picture).with_link(ch.table.tournament_link(t.id, ch.lang).await)])
}

/// The open tournaments of the request's channel, newest first, each with its label in
/// the requester's language (`tournament-choice`: number, game, system, where it stands).
pub async fn choices(ctx: &Ctx<'_>) -> Result<Vec<(TournamentId, String)>, StorageError> {
    let open = ctx.table.db.tournaments_in(&ctx.origin.platform, &ctx.origin.channel, true).await?;
    Ok(open
        .iter()
        .map(|t| {
            let game = t.kind.parse::<GameKind>().map_or_else(|_| t.kind.clone(), |k| ctx.game_name(k).to_string());
            let system = ctx.table.texts.plain(ctx.lang, &Msg::new(system_key(t.system)));
            let msg = Msg::new("tournament-choice")
                .arg("id", t.id)
                .arg("game", game)
                .arg("system", system)
                .arg("stage", t.stage.word())
                .arg("round", t.round)
                .arg("rounds", t.rounds.unwrap_or(0));
            (t.id, ctx.table.texts.plain(ctx.lang, &msg))
        })
        .collect())
}
