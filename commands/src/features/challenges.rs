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
//! (checked on every command in its channel and by [`Host::close_due_challenges`]) or,
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
        context::{Ctx, Loaded, Outcome, Refused},
        Table,
    },
    base::i18n::{Arg, Lang, Msg},
    base::reply::{Audience, GameRef, Reply, Text},
    store::platforms::Platforms,
    store::challenges::{ChallengeRow, NewChallenge},
    store::{Advance, Entered, GameRow, NewGame, Start, Status, StorageError},
};

/// How long a challenge stays open when `hours=N` is not given.
pub const DEFAULT_HOURS: u32 = 24;
/// The variant of the daily challenge.
pub const DAILY_VARIANT: u8 = 1;
/// The `settings` key of the daily secret generated when the config sets none.
const SECRET_SETTING: &str = "hathor-daily-secret";

const HOUR_MS: i64 = 3_600_000;
const DAY_MS: i64 = 86_400_000;

/// Channel replies for an adapter to post in `channel` on `platform` (what
/// [`Host::close_due_challenges`] returns).
#[derive(Debug, Clone, PartialEq)]
pub struct ChannelReplies {
    pub platform: String,
    pub channel: String,
    pub replies: Vec<Reply>,
}

/// The variant of `challenge` (its option, else the daily one's).
fn variant(challenge: &ChallengeRow) -> i64 {
    challenge.options.get("variant").and_then(Value::as_i64).unwrap_or(i64::from(DAILY_VARIANT))
}

/// The challenge's seed as its texts show it after the variant (`, seed=5`; German
/// `, startwert=5`) when the creator chose it: anyone who played that seed alone knows
/// the stones, so everyone is told. Empty for a drawn seed.
fn seed_words(texts: &crate::base::i18n::Texts, lang: Lang, challenge: &ChallengeRow) -> String {
    if !challenge.seeded {
        return String::new();
    }
    format!(", {}", texts.plain(lang, &Msg::new("new-seed").arg("seed", challenge.seed.to_string())))
}

/// One player of a challenge with their game.
struct Entry {
    user_id: String,
    name: String,
    loaded: Loaded,
}

impl Entry {
    fn score(&self) -> i64 {
        self.loaded.game.as_ref().and_then(|g| g.scores()).and_then(|s| s.first().copied()).unwrap_or(0)
    }

    fn finished(&self) -> bool {
        self.loaded.row.status != Status::Running
    }

    fn placed(&self) -> i64 {
        self.loaded
            .game
            .as_ref()
            .and_then(|g| g.details())
            .and_then(|d| d.get("placed").and_then(Value::as_i64))
            .unwrap_or(0)
    }
}

// ---------------------------------------------------------------- dates

/// The UTC date of `ms` (Unix milliseconds) as `YYYY-MM-DD`.
pub fn utc_date(ms: i64) -> String {
    utc(ms).strftime("%Y-%m-%d").to_string()
}

/// `YYYY-MM-DD HH:MM UTC` of `ms`.
fn utc_time(ms: i64) -> String {
    utc(ms).strftime("%Y-%m-%d %H:%M UTC").to_string()
}

/// The instant `ms` (Unix milliseconds), kept within the calendar `jiff` knows (years
/// -9999 to 9999).
fn utc(ms: i64) -> jiff::Timestamp {
    jiff::Timestamp::from_millisecond(ms)
        .unwrap_or(if ms < 0 { jiff::Timestamp::MIN } else { jiff::Timestamp::MAX })
}

// ---------------------------------------------------------------- storage

impl Table {
    /// The players of challenge `id` with their games, best score first.
    async fn entries(&self, id: ChallengeId) -> Result<Vec<Entry>, StorageError> {
        let links = self.db.challenge_games(id).await?;
        let mut entries = Vec::new();
        for (game_id, user_id) in links {
            let Some(row) = self.db.game(game_id).await? else { continue };
            let loaded = self.load(row).await?;
            let name = loaded.players.first().map_or_else(|| user_id.clone(), |p| p.name.clone());
            entries.push(Entry { user_id, name, loaded });
        }
        entries.sort_by_key(|e| std::cmp::Reverse(e.score()));
        Ok(entries)
    }

    /// The secret of the daily challenge: the configured one, else one generated on
    /// first use and kept in the database (so it survives restarts and is never in the
    /// source).
    async fn daily_secret(&self) -> Result<Vec<u8>, StorageError> {
        if let Some(secret) = self.options.hathor_daily_secret.as_ref().filter(|s| !s.is_empty()) {
            return Ok(secret.as_bytes().to_vec());
        }
        let fresh = crate::base::ids::random_hex(32);
        Ok(crate::store::settings::kept_setting(&self.db, SECRET_SETTING, &fresh).await?.into_bytes())
    }

    /// Closes every challenge whose time is up (on every platform) and returns what
    /// each channel is to be shown: the final leaderboard and the boards. Commands in a
    /// channel close its due challenges too. Texts in the language of the challenge's
    /// server (else channel) setting, else the configured one.
    ///
    /// # Errors
    /// [`StorageError`] when the database fails.
    pub async fn close_due_challenges(&self) -> Result<Vec<ChannelReplies>, StorageError> {
        self.close_due_on(Platforms::All).await
    }

    /// Like [`Host::close_due_challenges`], for the challenges of `platforms` only
    /// (`"discord"`, `"matrix"`, ...): adapters call this now and then (e.g. every
    /// minute) with the platforms they serve; a challenge of another platform stays open
    /// for its own adapter (or the next command in its channel). An empty list closes
    /// nothing.
    ///
    /// # Errors
    /// [`StorageError`] when the database fails.
    pub async fn close_due_challenges_for(&self, platforms: &[&str]) -> Result<Vec<ChannelReplies>, StorageError> {
        self.close_due_on(Platforms::Only(platforms)).await
    }

    /// Like [`Host::close_due_challenges`], for the challenges of one channel of
    /// `platform` (a terminal chat).
    ///
    /// # Errors
    /// [`StorageError`] when the database fails.
    pub async fn close_due_challenges_in(&self, platform: &str, channel: &str) -> Result<Vec<ChannelReplies>, StorageError> {
        self.close_due_on(Platforms::Channel { platform, channel }).await
    }

    async fn close_due_on(&self, platforms: Platforms<'_>) -> Result<Vec<ChannelReplies>, StorageError> {
        let due = self.db.due_challenges(platforms, self.clock.now_ms()).await?;
        let mut out = Vec::new();
        for challenge in due {
            let lang = self.challenge_lang(&challenge).await?;
            let replies = self.close(&challenge, lang).await?;
            if !replies.is_empty() {
                out.push(ChannelReplies { platform: challenge.platform, channel: challenge.channel, replies });
            }
        }
        Ok(out)
    }

    /// The language of `challenge`'s channel when nobody asked: its scope's setting
    /// (`settings language=`), else the bot's. The scope is the server of its games (the
    /// `challenges` table keeps none; every game of a challenge is opened from its
    /// channel, so they share it), else the channel.
    async fn challenge_lang(&self, challenge: &ChallengeRow) -> Result<Lang, StorageError> {
        let server = self.db.challenge_server(challenge.id).await?;
        let scope = server.as_deref().unwrap_or(&challenge.channel);
        let here = crate::store::settings::channel_settings(&self.db, &challenge.platform, scope).await?;
        Ok(here.lang.unwrap_or(self.options.language))
    }

    /// Ends the games of `challenge` still running with `@timeout 0`, closes it (once: a
    /// second caller gets nothing) and returns the channel's final leaderboard and boards.
    async fn close(&self, challenge: &ChallengeRow, lang: Lang) -> Result<Vec<Reply>, StorageError> {
        let now = self.clock.now_ms();
        // The games end first (each at most once, guarded by its move number), so a
        // crash in between leaves no running game in a closed challenge.
        for entry in self.entries(challenge.id).await? {
            self.end_game(entry.loaded.row.id, &entry.user_id, now).await?;
        }
        if !self.db.close_challenge(challenge.id, now).await? {
            return Ok(Vec::new());
        }
        // Someone who entered between the loop above and the close: their game ends too
        // (nobody can enter a closed challenge: the store orders entering and closing).
        for entry in self.entries(challenge.id).await? {
            if entry.loaded.row.status == crate::store::Status::Running {
                self.end_game(entry.loaded.row.id, &entry.user_id, now).await?;
            }
        }
        tracing::info!(challenge = %challenge.id, "challenge closed");
        let closed = ChallengeRow { closed_at: Some(now), ..challenge.clone() };
        let entries = self.entries(challenge.id).await?;
        let mut replies = vec![Reply::channel(self.standings(lang, &closed, &entries))];
        for entry in &entries {
            let Some(game) = &entry.loaded.game else { continue };
            let caption = self.texts.text(
                lang,
                &Msg::new("challenge-board-of")
                    .arg("player", entry.name.as_str())
                    .arg("points", entry.score())
                    .arg("id", entry.loaded.row.id),
            );
            let picture = self.board_png(entry.loaded.row.id, game.as_ref(), entry.loaded.names(), lang).await;
            let seq = game.moves_applied() as u64;
            replies.push(Reply::channel(caption).with_file(picture).about(GameRef { id: entry.loaded.row.id, seq }));
        }
        Ok(replies)
    }

    /// Ends game `id` of a closing challenge with `@timeout 0` (the score so far; before
    /// issue 41 such games were ended with `@resign 0` stored by no seat) if it
    /// still runs; a move stored at the same moment makes it try again.
    async fn end_game(&self, id: GameId, user_id: &str, now: i64) -> Result<(), StorageError> {
        for _ in 0..3 {
            let Some(row) = self.db.game(id).await? else { return Ok(()) };
            let loaded = self.load(row).await?;
            let Some(game) = loaded.game.as_ref().filter(|g| !g.is_finished()) else { return Ok(()) };
            let mut game = game.box_clone();
            let seen = game.moves_applied() as u64;
            let Ok(event) = game.play("@timeout 0") else { return Ok(()) };
            let advance = Advance {
                game: id,
                seen,
                takebacks: loaded.row.takebacks,
                seat: None,
                user_id,
                text: &event,
                finished: true,
                to_move: &[],
                at: now,
                bank_left_ms: None,
                answer: false,
            };
            if self.db.append(&advance).await? != crate::store::Appended::Stale {
                self.remember(id, game.as_ref(), loaded.row.takebacks);
                return Ok(());
            }
        }
        tracing::warn!(game = %id, "a closing challenge's game kept moving; left running");
        Ok(())
    }

    /// The leaderboard text: header, then one line per player, best first (equal points
    /// share a place).
    fn standings(&self, lang: Lang, challenge: &ChallengeRow, entries: &[Entry]) -> Text {
        let header = match (challenge.closed_at, &challenge.daily) {
            (Some(_), _) => Msg::new("challenge-board-closed"),
            (None, Some(date)) => Msg::new("challenge-board-daily").arg("date", date.as_str()),
            (None, None) => Msg::new("challenge-board-open"),
        };
        let mut text = self.texts.text(
            lang,
            &header
                .arg("id", challenge.id)
                .arg("game", lang.game_name(challenge.kind))
                .arg("variant", variant(challenge))
                .arg("seed", seed_words(&self.texts, lang, challenge))
                .arg("closes", utc_time(challenge.closes_at)),
        );
        if entries.is_empty() {
            text.push_line(self.texts.text(lang, &Msg::new("challenge-board-empty")));
        }
        for entry in entries {
            let key = if entry.finished() { "challenge-line-finished" } else { "challenge-line-playing" };
            // Equal points share a place (1, 1, 3).
            let place = 1 + entries.iter().filter(|other| other.score() > entry.score()).count();
            text.push_line(self.texts.text(
                lang,
                &Msg::new(key)
                    .arg("place", place)
                    .arg("player", entry.name.as_str())
                    .arg("points", entry.score())
                    .arg("placed", entry.placed()),
            ));
        }
        text
    }
}

// ---------------------------------------------------------------- commands

/// The open challenges of the requester's channel whose time is up, newest first (none,
/// logged, when the read fails): what [`close_due_here`] closes.
pub(crate) async fn due_here(ctx: &Ctx<'_>) -> Vec<ChallengeRow> {
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
pub(crate) async fn close_due_here(ctx: &Ctx<'_>, due: &[ChallengeRow]) -> Vec<Reply> {
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
pub(crate) async fn open(ctx: &Ctx<'_>, kind: GameKind, new: NewOptions, hours: Option<u32>) -> Outcome {
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
pub(crate) async fn join(ctx: &Ctx<'_>, id: Option<ChallengeId>) -> Outcome {
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
pub(crate) async fn join_means_challenge(ctx: &Ctx<'_>, game: Option<GameId>) -> Result<bool, StorageError> {
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
pub(crate) async fn daily(ctx: &Ctx<'_>, kind: GameKind) -> Outcome {
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
pub(crate) async fn leaderboard(ctx: &Ctx<'_>, id: Option<ChallengeId>) -> Outcome {
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
pub(crate) async fn guard(ctx: &Ctx<'_>, verb: Verb, mut replies: Vec<Reply>) -> Outcome {
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
    use crate::Command;

    #[test]
    fn dates_are_utc_calendar_dates() {
        assert_eq!(utc_date(0), "1970-01-01");
        assert_eq!(utc_date(DAY_MS - 1), "1970-01-01");
        assert_eq!(utc_date(DAY_MS), "1970-01-02");
        // 2000-03-01: 30 years (7 leap days) = 10,957 days to 2000-01-01, + 31 + 29.
        assert_eq!(utc_date(11_017 * DAY_MS), "2000-03-01");
        assert_eq!(utc_date(11_016 * DAY_MS), "2000-02-29");
        assert_eq!(utc_date(-1), "1969-12-31");
        assert_eq!(utc_time(11_017 * DAY_MS + 13 * HOUR_MS + 5 * 60_000), "2000-03-01 13:05 UTC");
    }

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
