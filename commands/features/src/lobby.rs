//! Before and around play: `new`, `join`, `start`, `abort` and `games`.

use serde_json::Value;

use rules::GameKind;

use crate::{
    base::ids::GameId,
    grammar::NewOptions,
    table::context::{Ctx, Loaded, Outcome, Refused, Want},
    base::i18n::{Arg, Lang, Msg},
    base::reply::{Reply, Text},
    store::{Advance, Appended, Created, Joined, NewGame, PlayerRow, Status},
    base::ai_seat,
};

/// The refusal of a terminal invitee that no name can take: a level after someone who
/// is not the bot (`@bob:hard`), or another reserved name ([`ai_seat::reserved_name`]).
fn no_such_player(named: &str) -> Msg {
    let named = named.trim_start_matches('@');
    match named.rsplit_once(':') {
        Some((who, level)) if level.parse::<ai::Level>().is_ok() => {
            Msg::new("cmd-level-not-bot").arg("name", who.to_string()).arg("level", level.to_string())
        }
        _ => Msg::new("cmd-name-nobody-takes").arg("name", named.to_string()),
    }
}

/// `new <game> [options]`: checks the options by creating the game once, then stores
/// an invitation with the creator in seat 0.
pub async fn new(ctx: &Ctx<'_>, kind: GameKind, new: NewOptions) -> Outcome {
    let user = &ctx.origin.user;
    // The bot named (`@bot`, `@bot:hard`, its own mention) takes an AI seat each time
    // it is named; someone else named twice (`@bob @Bob`, or one user picked in two
    // options) counts once.
    let bot = ctx.table.bot_user(&ctx.origin.platform);
    let mut invite: Vec<String> = Vec::with_capacity(new.invite.len());
    let mut ai_levels: Vec<ai::Level> = Vec::new();
    for named in new.invite {
        match bot.as_deref().map_or(ai_seat::Invitee::Person, |bot| ai_seat::invitee(&named, bot)) {
            ai_seat::Invitee::Bot(level) => ai_levels.push(level.or(new.level).unwrap_or_default()),
            ai_seat::Invitee::BadLevel(word) => return Err(Msg::new("cmd-bad-level").arg("text", word).into()),
            // In the terminal nobody can take a reserved name (`as` refuses it), so
            // `@bob:hard` would wait for nobody.
            ai_seat::Invitee::Person if bot.as_deref() == Some(ai_seat::TERMINAL_BOT) && ai_seat::reserved_name(named.trim_start_matches('@')) => {
                return Err(no_such_player(&named).into());
            }
            ai_seat::Invitee::Person if !invite.contains(&named) => invite.push(named),
            ai_seat::Invitee::Person => {}
        }
    }
    if let Some(name) = invite.iter().find(|n| !crate::table::invitees::is_platform_id(n))
        && crate::table::invitees::ids_only(ctx)
    {
        return Err(Msg::new("cmd-invite-by-id").arg("name", name.clone()).into());
    }
    if new.level.is_some() && ai_levels.is_empty() {
        return Err(Msg::new("cmd-level-without-ai").into());
    }
    if !ai_levels.is_empty() && *kind.players().end() == 1 {
        return Err(Msg::new("cmd-ai-solo").arg("game", ctx.game_name(kind)).into());
    }
    if invite.iter().any(|n| crate::table::invitees::matches(n, &user.id, &user.name)) {
        return Err(Msg::new("cmd-invite-self").into());
    }
    let mut options = new.options;
    let named = invite.len() + ai_levels.len();
    if named > 0 && !options.contains_key("players") {
        // Named players and no count: a seat for each of them and the creator.
        options.insert("players".into(), Value::from(named + 1));
    }
    let players = match options.get("players").map(Value::as_u64) {
        None => kind.default_players(),
        Some(n) => match n.and_then(|n| usize::try_from(n).ok()).filter(|n| kind.players().contains(n)) {
            Some(n) => n,
            None => return Err(player_count(ctx, kind)),
        },
    };
    // Everyone named needs a seat: the AI's are taken at once, so nobody named may be
    // left without one.
    if !ai_levels.is_empty() && ai_levels.len() + invite.len() + 1 > players {
        return Err(Msg::new("cmd-ai-too-many")
            .arg("needed", ai_levels.len() + invite.len() + 1)
            .arg("game", ctx.game_name(kind))
            .arg("players", players)
            .into());
    }
    options.insert("players".into(), Value::from(players));
    let ai_seats = ai_players(ctx, &ai_levels);
    let options = Value::Object(options);
    let seed = new.seed.unwrap_or_else(rand::random::<u64>);
    check_options(ctx, kind, &options, players, seed)?;
    // The game keeps the time it was created with: `time=`, else the scope's setting,
    // else the bot's (a later `settings time=` applies to new games only).
    let move_ms = match new.move_ms {
        Some(ms) => ms,
        None => {
            let (db, bot) = (&ctx.table.db, &ctx.table.options.clock);
            crate::store::settings::new_game_move_ms(db, &ctx.origin.platform, ctx.origin.scope(), bot).await?
        }
    };
    let max_open = ctx.table.options.clock.max_open_invitations;
    let created = ctx
        .table
        .db
        .create_game(
            &NewGame {
                kind: kind.id(),
                platform: &ctx.origin.platform,
                channel: &ctx.origin.channel,
                server: ctx.origin.server.as_deref(),
                creator_id: &user.id,
                creator_name: &user.name,
                creator_lang: ctx.origin.lang.map(Lang::code),
                options: &options,
                seed,
                seeded: new.seed.is_some(),
                at: ctx.now(),
                move_ms: Some(move_ms),
                bank_ms: new.bank_ms,
                invitees: &invite,
            },
            // A solo game starts at once: it is never an open invitation, nor is one
            // the AI fills.
            (players > 1 + ai_seats.len()).then_some(max_open),
            &ai_seats,
        )
        .await?;
    let id = match created {
        Created::Stored(id) => id,
        Created::TooManyInvitations => return Err(Msg::new("cmd-too-many-invitations").arg("max", max_open).into()),
    };
    tracing::info!(game = %id, kind = kind.id(), seed, "invitation created");
    if players == 1 + ai_seats.len() {
        // A solo game, or one the AI fills, needs nobody else: it starts at once.
        let Some(row) = ctx.table.db.game(id).await? else {
            return Err(Msg::new("cmd-no-such-game").arg("id", id).into());
        };
        return begin(ctx, ctx.table.load_for(ctx, row).await?).await;
    }
    let key = if invite.is_empty() { "new-invitation" } else { "new-invitation-named" };
    // Invitees as mentions: a platform id (Discord `<@123>`, Matrix `@bob:hs`) pings them.
    let ch = ctx.in_channel();
    let mut text = ch.text(
        &Msg::new(key)
            .arg("creator", Arg::Mention(user.clone()))
            .arg("game", ch.game_name(kind))
            .arg("id", id)
            .arg("players", players)
            .arg("details", invitation_details(&ch, kind, &options, new.seed, move_ms, new.bank_ms))
            .arg("invited", crate::table::invitees::mentions(&invite)),
    );
    if !ai_seats.is_empty() {
        let names = ai_seats.iter().map(|p| p.name.clone()).collect::<Vec<_>>().join(", ");
        text.push_line(ch.text(
            &Msg::new("ai-seated")
                .arg("players", names)
                .arg("count", ai_seats.len())
                .arg("joined", ai_seats.len() + 1)
                .arg("seats", players),
        ));
    }
    Ok(vec![Reply::channel(text).about(crate::base::reply::GameRef { id, seq: 0 })])
}

/// The AI seats of `levels` as players of seats 1, 2, … (after the creator), named in
/// the channel's language (their names are public, as the channel's posts are) and
/// numbered per level ("Spieltisch (AI)", "Spieltisch (AI) 2").
fn ai_players(ctx: &Ctx<'_>, levels: &[ai::Level]) -> Vec<PlayerRow> {
    ai_seat::seats(&ctx.table.texts, ctx.channel_lang, levels)
        .into_iter()
        .enumerate()
        .map(|(i, (user_id, name))| PlayerRow { seat: i + 1, user_id, name, lang: None })
        .collect()
}

fn player_count(ctx: &Ctx<'_>, kind: GameKind) -> Refused {
    Msg::new("cmd-bad-player-count")
        .arg("game", ctx.game_name(kind))
        .arg("min", *kind.players().start())
        .arg("max", *kind.players().end())
        .arg("span", kind.players().end() - kind.players().start())
        .into()
}

/// Creates the game once to check options and setup; an option key the game does not
/// know (one its options do not echo back) is refused too.
fn check_options(ctx: &Ctx<'_>, kind: GameKind, options: &Value, players: usize, seed: u64) -> Result<(), Refused> {
    let game = rules::open(kind, options, players, None, Some(seed)).map_err(|e| {
        Refused::from(Msg::new("cmd-setup-refused").arg("game", ctx.game_name(kind)).arg("reason", e.0))
    })?;
    let known = game.options();
    if let Some(unknown) = options.as_object().and_then(|o| o.keys().find(|k| known.get(k.as_str()).is_none())) {
        return Err(Msg::new("cmd-bad-option").arg("option", unknown.as_str()).arg("game", kind).into());
    }
    Ok(())
}

/// `join`: the next seat of the invitation (among several here, the one invitation
/// that names the user, as its text told them to type `join`).
pub async fn join(ctx: &Ctx<'_>, id: Option<GameId>) -> Outcome {
    let loaded = match ctx.table.select(ctx, id, Want::Invitation, false).await {
        Err(Refused::SeveralGames { games, example }) => match naming_here(ctx).await? {
            Some(only) => ctx.table.select(ctx, Some(only), Want::Invitation, false).await?,
            None => return Err(Refused::SeveralGames { games, example }),
        },
        other => other?,
    };
    let game_id = loaded.row.id;
    if loaded.row.status != Status::Invited {
        return Err(Msg::new("cmd-not-an-invitation").arg("id", game_id).into());
    }
    crate::table::invitees::check_invited(ctx, game_id).await?;
    let capacity = loaded.capacity();
    let user = &ctx.origin.user;
    let lang = ctx.origin.lang.map(Lang::code);
    let joined = ctx.table.db.join(game_id, (&user.id, &user.name, lang), capacity, ctx.now()).await?;
    let players = match joined {
        Joined::Seated(players) => players,
        Joined::AlreadyPlaying => return Err(Msg::new("cmd-already-joined").arg("id", game_id).into()),
        Joined::Full => {
            return Err(Msg::new("cmd-invitation-full").arg("id", game_id).arg("players", capacity).into());
        }
        Joined::NotInvited => return Err(Msg::new("cmd-not-an-invitation").arg("id", game_id).into()),
    };
    let mut text = ctx.channel_text(
        &Msg::new("join-joined")
            .arg("player", user.name.as_str())
            .arg("id", game_id)
            .arg("joined", players.len())
            .arg("players", capacity),
    );
    let seated: Vec<(String, String)> = players.iter().map(|p| (p.user_id.clone(), p.name.clone())).collect();
    if crate::table::invitees::all_accepted(&ctx.table.db, game_id, &seated).await?
        && loaded.kind.players().contains(&players.len())
    {
        // A named invitation starts by itself once everyone named has accepted.
        let Some(row) = ctx.table.db.game(game_id).await? else {
            return Err(Msg::new("cmd-no-such-game").arg("id", game_id).into());
        };
        let creator = ctx.table.db.players(game_id).await?.into_iter().next();
        let mut replies = vec![Reply::channel(text)];
        if let Some(creator) = creator {
            let origin = crate::base::origin::Origin {
                user: crate::base::reply::User::new(creator.user_id, creator.name),
                ..ctx.origin.clone()
            };
            let as_creator = Ctx { origin: &origin, chosen: None, ahead: None, ..*ctx };
            replies.extend(begin(&as_creator, ctx.table.load_for(ctx, row).await?).await?);
        }
        return Ok(replies);
    }
    let missing = crate::table::invitees::not_accepted(&ctx.table.db, game_id, &seated).await?;
    if !missing.is_empty() {
        // A named invitation waits for everyone it names; nobody starts it early.
        text.push_line(ctx.channel_text(&Msg::new("join-waiting-for").arg("players", crate::table::invitees::mentions(&missing))));
    } else if players.len() >= capacity {
        text.push_line(ctx.channel_text(&Msg::new("join-full")));
    } else if loaded.kind.players().contains(&players.len()) {
        let creator = loaded.user(0).map_or_else(|| Arg::from(loaded.row.creator.clone()), |u| Arg::from(u.name));
        text.push_line(ctx.channel_text(&Msg::new("join-can-start").arg("creator", creator)));
    }
    Ok(vec![Reply::channel(text)])
}

/// The one open invitation in this channel that names the requester and has no seat of
/// theirs yet; `None` when there is none or more than one.
async fn naming_here(ctx: &Ctx<'_>) -> Result<Option<GameId>, crate::store::StorageError> {
    let named = crate::table::invitees::naming(&ctx.table.db, ctx.origin).await?;
    let mut here = named.iter().filter(|row| row.channel == ctx.origin.channel);
    Ok(match (here.next(), here.next()) {
        (Some(only), None) => Some(only.id),
        _ => None,
    })
}

/// `start`: any player may start a full invitation; the creator may start earlier when
/// the game allows the number of players seated.
pub async fn start(ctx: &Ctx<'_>, id: Option<GameId>) -> Outcome {
    let loaded = ctx.table.select(ctx, id, Want::MyInvitation, false).await?;
    begin(ctx, loaded).await
}

/// Starts the invitation `loaded` for the requester, if they may.
async fn begin(ctx: &Ctx<'_>, loaded: Loaded) -> Outcome {
    let game_id = loaded.row.id;
    match loaded.row.status {
        Status::Invited => {}
        Status::Running => return Err(Msg::new("cmd-already-started").arg("id", game_id).into()),
        Status::Finished | Status::Withdrawn => return Err(Msg::new("cmd-game-over").arg("id", game_id).into()),
    }
    if loaded.seat_of(ctx.user_id()).is_none() {
        return Err(Msg::new("cmd-not-a-player").arg("id", game_id).into());
    }
    let seated = loaded.players.len();
    let capacity = loaded.capacity();
    let at_table: Vec<(String, String)> = loaded.players.iter().map(|p| (p.user_id.clone(), p.name.clone())).collect();
    let missing = crate::table::invitees::not_accepted(&ctx.table.db, game_id, &at_table).await?;
    if !missing.is_empty() {
        // Nobody is left out of a named invitation: it starts when all have accepted.
        return Err(Msg::new("cmd-invitees-missing")
            .arg("id", game_id)
            .arg("players", crate::table::invitees::mentions(&missing))
            .into());
    }
    if seated < capacity {
        if !loaded.kind.players().contains(&seated) {
            return Err(Msg::new("cmd-too-few-players")
                .arg("id", game_id)
                .arg("min", *loaded.kind.players().start())
                .arg("joined", seated)
                .into());
        }
        if loaded.row.creator != ctx.user_id() {
            let creator = loaded.user(0).map_or_else(|| loaded.row.creator.clone(), |u| u.name);
            return Err(Msg::new("cmd-only-creator-early")
                .arg("creator", creator)
                .arg("id", game_id)
                .arg("players", capacity)
                .into());
        }
    }
    let mut options = loaded.row.options.clone();
    if let Value::Object(map) = &mut options {
        map.insert("players".into(), Value::from(seated));
    }
    let game = rules::open(loaded.kind, &options, seated, None, Some(loaded.row.seed)).map_err(|e| {
        Refused::from(Msg::new("cmd-setup-refused").arg("game", ctx.game_name(loaded.kind)).arg("reason", e.0))
    })?;
    let started =
        ctx.table.db.start(game_id, seated, &game.options(), &game.resolved_setup(), &game.to_move(), ctx.now()).await?;
    if !started {
        // Someone else started, withdrew or joined it in the meantime.
        let still_invited = ctx.table.db.game(game_id).await?.is_some_and(|r| r.status == Status::Invited);
        let key = if still_invited { "cmd-players-changed" } else { "cmd-not-an-invitation" };
        return Err(Msg::new(key).arg("id", game_id).into());
    }
    tracing::info!(game = %game_id, players = seated, "game started");
    ctx.table.remember(game_id, game.as_ref(), loaded.row.takebacks);
    let loaded = Loaded {
        row: crate::store::GameRow { status: Status::Running, options, ..loaded.row },
        game: Some(game),
        ..loaded
    };
    let seats = loaded.players.iter().map(|p| p.name.clone()).collect::<Vec<_>>().join(", ");
    // The start repeats what the invitation said of the game: its options and time.
    let move_ms = match ctx.table.db.move_ms(game_id).await? {
        Some(ms) => ms,
        None => {
            let (db, bot) = (&ctx.table.db, &ctx.table.options.clock);
            crate::store::settings::new_game_move_ms(db, &ctx.origin.platform, ctx.origin.scope(), bot).await?
        }
    };
    let ch = ctx.in_channel();
    let header = ch.text(
        &Msg::new("start-started")
            .arg("id", game_id)
            .arg("game", ch.game_name(loaded.kind))
            .arg("details", invitation_details(&ch, loaded.kind, &loaded.row.options, loaded.row.seeded.then_some(loaded.row.seed), move_ms, loaded.row.bank_ms))
            .arg("seats", seats),
    );
    // Each player with cards or tiles in hand gets them privately (Artifakes deals only
    // when the excavation begins, so its start sends none).
    let dealt: Vec<usize> = match &loaded.game {
        Some(game) => (0..seated)
            .filter(|&s| crate::table::games::hand_text(&game.view(rules::Viewer::Seat(s)), s).is_some_and(|h| !h.is_empty()))
            .collect(),
        None => Vec::new(),
    };
    let mut replies = crate::table::turn::announce(ctx, &loaded, header, &dealt).await;
    crate::table::links::add_start_links(ctx, &loaded, &mut replies).await;
    Ok(replies)
}

/// `abort`: withdraws an invitation (any of its players), or ends a running game
/// without a result: a player before the second move, an admin at any time.
pub async fn abort(ctx: &Ctx<'_>, id: Option<GameId>) -> Outcome {
    let loaded = ctx.table.select(ctx, id, Want::MyOpen, false).await?;
    let game_id = loaded.row.id;
    let seat = loaded.seat_of(ctx.user_id());
    if seat.is_none() && !ctx.admin {
        return Err(Msg::new("cmd-not-a-player").arg("id", game_id).into());
    }
    let user = &ctx.origin.user;
    match loaded.row.status {
        Status::Invited => {
            if !ctx.table.db.withdraw(game_id, ctx.now()).await? {
                return Err(Msg::new("cmd-not-an-invitation").arg("id", game_id).into());
            }
            tracing::info!(game = %game_id, "invitation withdrawn");
            let text = ctx.channel_text(&Msg::new("invitation-withdrawn").arg("id", game_id).arg("player", user.name.as_str()));
            Ok(vec![Reply::channel(text)])
        }
        Status::Finished | Status::Withdrawn => Err(Msg::new("cmd-game-over").arg("id", game_id).into()),
        Status::Running => {
            // A tournament game: only an admin aborts it, and it counts as a double
            // forfeit (FIDE: 0–0, no game played; docs: playing/tournaments.md).
            let tournament = ctx.table.db.tournament_of_game(game_id).await?;
            if let Some(t) = tournament
                && !ctx.admin
            {
                return Err(Msg::new("abort-tournament").arg("id", game_id).arg("tournament", t).into());
            }
            if !ctx.admin && loaded.row.seq >= 2 {
                return Err(Msg::new("cmd-abort-too-late").arg("id", game_id).into());
            }
            let Some(mut game) = loaded.game else {
                return Err(Msg::new("cmd-game-over").arg("id", game_id).into());
            };
            let seen = game.moves_applied() as u64;
            let text = game.play("@abort").map_err(|e| Refused::Rule(e.reason))?;
            let appended = ctx
                .table
                .db
                .append(&Advance {
                    game: game_id,
                    seen,
                    takebacks: loaded.row.takebacks,
                    seat,
                    user_id: &user.id,
                    text: &text,
                    finished: true,
                    to_move: &[],
                    at: ctx.now(),
                    bank_left_ms: None,
                    answer: false,
                    replay: None,
                })
                .await?;
            if appended == Appended::Stale {
                return Err(Msg::new("cmd-out-of-date").arg("id", game_id).arg("seq", seen).into());
            }
            ctx.table.remember(game_id, game.as_ref(), loaded.row.takebacks);
            tracing::info!(game = %game_id, "game aborted");
            let msg = match tournament {
                Some(t) => Msg::new("game-aborted-tournament").arg("tournament", t),
                None => Msg::new("game-aborted"),
            };
            let text = ctx.channel_text(&msg.arg("id", game_id).arg("player", user.name.as_str()));
            Ok(vec![Reply::channel(text).about(crate::base::reply::GameRef { id: game_id, seq: seen + 1 })])
        }
    }
}

/// `games`: the user's invitations and running games on this platform, and the
/// invitations that name the user (in any channel), the ones waiting for the user
/// first: their turn, then invitations to answer, then the rest.
pub async fn games(ctx: &Ctx<'_>) -> Outcome {
    let rows: Vec<(crate::store::GameRow, Option<usize>)> = ctx
        .table
        .db
        .open_games_of(&ctx.origin.platform, ctx.user_id())
        .await?
        .into_iter()
        .map(|(row, seat)| (row, Some(seat)))
        .collect();
    // A game I have left (resigned or timed out with three or more players) is no longer mine.
    let mut mine = Vec::with_capacity(rows.len());
    for (row, seat) in rows {
        if let Some(seat) = seat
            && ctx.table.db.has_left(row.id, seat).await?
        {
            continue;
        }
        mine.push((row, seat));
    }
    let mut rows = mine;
    rows.extend(crate::table::invitees::naming(&ctx.table.db, ctx.origin).await?.into_iter().map(|row| (row, None)));
    if rows.is_empty() {
        return Ok(vec![Reply::private(ctx.user_id(), ctx.text(&Msg::new("games-none")))]);
    }
    let rank = |row: &crate::store::GameRow, seat: Option<usize>| match (row.status, seat) {
        (Status::Running, Some(seat)) if row.to_move.contains(&seat) => 0,
        (_, None) => 1,
        (Status::Running, _) => 2,
        _ => 3,
    };
    rows.sort_by_key(|(row, seat)| (rank(row, *seat), row.updated_at));
    let mut text = ctx.text(&Msg::new("games-header"));
    for (row, seat) in rows {
        let kind = row.kind.parse::<GameKind>().ok();
        let name = kind.map_or(row.kind.clone(), |k| ctx.game_name(k).to_string());
        let base = |key: &str| {
            Msg::new(key).arg("id", row.id).arg("game", name.clone()).arg("channel", row.channel.clone()).arg("seq", row.seq)
        };
        let line = match rank(&row, seat) {
            0 => ctx.text(&base("games-your-turn")),
            1 => {
                let players = ctx.table.db.players(row.id).await?;
                let creator = players.first().map_or_else(|| row.creator.clone(), |p| p.name.clone());
                ctx.text(&base("games-invited-you").arg("creator", creator))
            }
            2 => {
                let players = ctx.table.db.players(row.id).await?;
                let waiting = row
                    .to_move
                    .iter()
                    .filter_map(|s| players.get(*s).map(|p| p.name.clone()))
                    .collect::<Vec<_>>()
                    .join(", ");
                ctx.text(&base("games-waiting").arg("player", waiting))
            }
            _ => {
                let joined = ctx.table.db.players(row.id).await?.len();
                let capacity = row.options.get("players").and_then(Value::as_u64).unwrap_or(0);
                ctx.text(&base("games-invited").arg("joined", joined).arg("players", capacity))
            }
        };
        text.push_line(Text::plain_text("• "));
        text.push(line);
        if row.status == Status::Running
            && let Some(turn) = crate::store::turns::turn_of(&ctx.table.db, row.id).await?
        {
            let waited = crate::base::time::format_duration_dative(&ctx.table.texts, ctx.lang, ctx.now() - turn.since);
            text.push(ctx.text(&Msg::new("games-waited").arg("time", waited)));
            if let Some(time_up) = time_up(ctx, &turn, seat).await? {
                text.push(ctx.text(&time_up.arg("id", row.id)));
            } else if let Some(left) = bank_left(ctx, &turn).await? {
                text.push(ctx.text(&left));
            }
        }
    }
    Ok(vec![Reply::private(ctx.user_id(), text)])
}

/// In a game with a bank (docs "Clocks with a bank"): what the (first) player to move
/// in `turn` has left of the time for this move and of their bank, as `games` says it;
/// `None` in a game without a bank.
async fn bank_left(ctx: &Ctx<'_>, turn: &crate::store::turns::Turn) -> Result<Option<Msg>, crate::store::StorageError> {
    if turn.bank_ms.is_none() {
        return Ok(None);
    }
    let db = &ctx.table.db;
    let players = db.players(turn.game).await?;
    let Some(player) = turn.to_move.first().and_then(|&s| players.get(s)) else { return Ok(None) };
    let default_ms = crate::store::settings::channel_settings(db, &turn.platform, &turn.scope).await?.clock(&ctx.table.options.clock).move_ms;
    let clock = crate::store::turns::seat_clock(db, turn, &player.user_id, default_ms, ctx.now()).await?;
    Ok(Some(clock.bank_msg("games-bank-left", |ms| crate::base::time::format_duration(&ctx.table.texts, ctx.lang, ms))))
}

/// Whether a player to move in `turn` has run out of time (issue 16: `games` says so):
/// `games-time-up-yours` when it is the reader (`seat`), `games-time-up` (the others may
/// claim) otherwise; `None` while everyone to move has time left.
async fn time_up(ctx: &Ctx<'_>, turn: &crate::store::turns::Turn, seat: Option<usize>) -> Result<Option<Msg>, crate::store::StorageError> {
    let late = crate::table::turn::out_of_time(ctx, turn).await?;
    Ok(match () {
        _ if late.iter().any(|(s, _)| seat == Some(*s)) => Some(Msg::new("games-time-up-yours")),
        _ if !late.is_empty() => Some(Msg::new("games-time-up")),
        _ => None,
    })
}

/// What an invitation and the start say of the game besides the players: the options as they are
/// written after `new` (a variant's word, a flag's name, `key=value` for numbers), the
/// seed when the creator chose one (`seed`: anyone who plays the same seed can know the
/// deal, so everyone is told) and the time per move, e.g. `hand3, seed=7, 2 days per move`
/// (with a bank: `1 day per move + a bank of 3 days`).
fn invitation_details(ctx: &Ctx<'_>, kind: GameKind, options: &Value, seed: Option<u64>, move_ms: i64, bank_ms: Option<i64>) -> String {
    let mut parts: Vec<String> = Vec::new();
    if let Value::Object(map) = options {
        for (key, value) in map.iter().filter(|(key, _)| key.as_str() != "players") {
            // The game's own words for its options, in the reader's language
            // (`option-<game>-<key>`: German `zweifarben`, `ziel=2`).
            let own = format!("option-{}-{key}", kind.id());
            let word = match value {
                Value::String(w) => Some(crate::base::i18n::Arg::from(w.as_str())),
                Value::Number(n) => n.as_i64().map(crate::base::i18n::Arg::from),
                _ => None,
            };
            if let Some(word) = word.filter(|_| ctx.table.texts.has(ctx.lang, &own)) {
                parts.push(ctx.table.texts.plain(ctx.lang, &Msg::new(own).arg("value", word)));
                continue;
            }
            match value {
                Value::String(word) => parts.push(word.clone()),
                Value::Bool(true) => parts.push(key.clone()),
                Value::Number(n) => parts.push(format!("{key}={n}")),
                _ => {}
            }
        }
    }
    if let Some(seed) = seed {
        parts.push(ctx.table.texts.plain(ctx.lang, &Msg::new("new-seed").arg("seed", seed.to_string())));
    }
    let time = crate::base::time::format_duration(&ctx.table.texts, ctx.lang, move_ms);
    let msg = match bank_ms {
        Some(bank) => Msg::new("clock-with-bank").arg("move", time).arg("bank", crate::base::time::format_duration(&ctx.table.texts, ctx.lang, bank)),
        None => Msg::new("new-time-per-move").arg("time", time),
    };
    parts.push(ctx.table.texts.plain(ctx.lang, &msg));
    parts.join(", ")
}
