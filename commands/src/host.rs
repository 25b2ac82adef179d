//! [`Host`]: the entry point every adapter calls. It parses or receives a [`Command`],
//! checks who may do it, runs it against storage and the rules, and returns replies.
//! The command families live in `lobby.rs`, `play.rs` and `info.rs`.

use std::sync::{Arc, Mutex};

use rules::{GameKind, Match, Seat, Viewer};

use crate::{
    base::clock::{Clock, SystemClock},
    base::ids::GameId,
    grammar::Command,
    base::i18n::{Lang, Msg, Texts},
    base::reply::{Attachment, Reply, Text, User},
    store::{Db, GameRow, PlayerRow, Status, StorageError},
};

/// Where a request comes from and who sends it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    /// `terminal`, `discord`, `matrix`.
    pub platform: String,
    /// The channel or room id (on Discord the thread's id when the game has one).
    pub channel: String,
    /// The server the channel belongs to, when the platform has one: the Discord guild
    /// id (`None` in direct messages). Matrix and the terminal: `None` (there the room or
    /// channel is the whole scope). Ratings and settings count per [`Origin::scope`].
    pub server: Option<String>,
    pub user: User,
    /// Set by the adapter: Discord Manage Server, Matrix power level >= 50, the
    /// terminal always. Bot owners from the config are admins too ([`HostOptions::admins`]).
    pub is_admin: bool,
    /// The user's language, when the platform knows it.
    pub lang: Option<Lang>,
}

impl Origin {
    /// Where ratings and channel settings count (issue 10: "per server/room"): the
    /// server when the platform names one, else the channel or room itself. A game
    /// stores both, and its scope is `coalesce(server, channel)` in SQL
    /// ([`crate::store::GameRow::scope`]).
    pub fn scope(&self) -> &str {
        self.server.as_deref().unwrap_or(&self.channel)
    }
}

/// Settings of a [`Host`]. `Debug` shows the daily secret as `***`.
#[derive(Clone)]
pub struct HostOptions {
    /// The language when the request names none (`[bot] language`).
    pub language: Lang,
    /// User ids of bot owners, admins everywhere (`[bot] admins`).
    pub admins: Vec<String>,
    /// Moves listed per page by `moves`.
    pub moves_per_page: usize,
    /// Whether boards and hands are drawn as PNGs (off: text only).
    pub pictures: bool,
    /// Turn clocks, reminders, invitations and vacations (`[clock]`).
    pub clock: crate::base::time::ClockOptions,
    /// The secret the daily Hathor challenge's seed is derived from (`[hathor]
    /// daily_secret`, env `SPIELTISCH_HATHOR_SECRET`); `None`: one generated on first
    /// use and kept in the database.
    pub hathor_daily_secret: Option<String>,
}

impl std::fmt::Debug for HostOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HostOptions")
            .field("language", &self.language)
            .field("admins", &self.admins)
            .field("moves_per_page", &self.moves_per_page)
            .field("pictures", &self.pictures)
            .field("clock", &self.clock)
            .field("hathor_daily_secret", &self.hathor_daily_secret.as_ref().map(|_| "***"))
            .finish()
    }
}

impl Default for HostOptions {
    fn default() -> Self {
        HostOptions { language: Lang::En, admins: Vec::new(), moves_per_page: 40, pictures: true, clock: Default::default(), hathor_daily_secret: None }
    }
}

/// Why a command was refused: the command layer's own reasons (a translated message),
/// the rules' (why a move is illegal), or a storage failure.
#[derive(Debug)]
pub(crate) enum Refused {
    Command(Msg),
    Rule(rules::Refusal),
    Storage(StorageError),
}

impl From<Msg> for Refused {
    fn from(m: Msg) -> Refused {
        Refused::Command(m)
    }
}

impl From<StorageError> for Refused {
    fn from(e: StorageError) -> Refused {
        Refused::Storage(e)
    }
}

pub(crate) type Outcome = Result<Vec<Reply>, Refused>;

/// Games kept in memory, keyed by id, with the move number they stand at; the least
/// recently used make room. Entries are checked against the stored move number before
/// use, so a second process writing the same database never makes a stale entry count.
const CACHE_LIMIT: std::num::NonZeroUsize = std::num::NonZeroUsize::new(512).expect("not zero");

/// The command layer: one per bot, shared by all adapters (cheap to share behind an
/// `Arc`; every method takes `&self`).
pub struct Host {
    pub(crate) db: Db,
    pub(crate) texts: Texts,
    pub(crate) clock: Arc<dyn Clock>,
    pub(crate) options: HostOptions,
    cache: Mutex<lru::LruCache<GameId, Cached>>,
}

/// A cached game and the move number it stands at.
type Cached = (u64, Box<dyn Match>);

impl std::fmt::Debug for Host {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Host").field("db", &self.db).field("options", &self.options).finish_non_exhaustive()
    }
}

/// A game as the command families need it: its row, its players and (from the start
/// on) the game rebuilt from its log.
pub(crate) struct Loaded {
    pub row: GameRow,
    pub kind: GameKind,
    pub players: Vec<PlayerRow>,
    pub game: Option<Box<dyn Match>>,
}

impl Loaded {
    pub fn names(&self) -> Vec<String> {
        self.players.iter().map(|p| p.name.clone()).collect()
    }

    pub fn seat_of(&self, user_id: &str) -> Option<Seat> {
        self.players.iter().find(|p| p.user_id == user_id).map(|p| p.seat)
    }

    pub fn user(&self, seat: Seat) -> Option<User> {
        self.players.get(seat).map(|p| User::new(p.user_id.clone(), p.name.clone()))
    }

    /// The number of seats asked for (`options.players`).
    pub fn capacity(&self) -> usize {
        self.row
            .options
            .get("players")
            .and_then(serde_json::Value::as_u64)
            .and_then(|n| usize::try_from(n).ok())
            .unwrap_or_else(|| self.kind.default_players())
    }
}

/// Which games a command without `#id` may mean.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Want {
    /// Open invitations (join).
    Invitation,
    /// Invitations the user sits in (start).
    MyInvitation,
    /// Running games the user plays (move, resign, hand).
    MyRunning,
    /// Invitations or running games the user sits in (abort); admins: any.
    MyOpen,
    /// Running games; the user's own if exactly one (board, moves, export).
    Running,
}

/// The context of one request.
pub(crate) struct Ctx<'a> {
    pub host: &'a Host,
    pub origin: &'a Origin,
    pub lang: Lang,
    pub admin: bool,
    /// The command being run, when there is one (examples in refusals name it).
    pub verb: Option<crate::grammar::Verb>,
}

impl Ctx<'_> {
    pub fn text(&self, msg: &Msg) -> Text {
        self.host.texts.text(self.lang, msg)
    }

    pub fn user_id(&self) -> &str {
        &self.origin.user.id
    }

    /// The Fluent `scope` argument for texts about where ratings and settings count:
    /// `server` when the request names one ([`Origin::scope`]), else `channel` (the
    /// channel or room is the scope).
    pub fn scope_word(&self) -> &'static str {
        if self.origin.server.is_some() { "server" } else { "channel" }
    }

    pub fn now(&self) -> i64 {
        self.host.clock.now_ms()
    }

    pub fn game_name(&self, kind: GameKind) -> &'static str {
        self.lang.game_name(kind)
    }
}

impl Host {
    /// Opens the database at `url` (creating it and applying migrations) and loads the
    /// translations.
    ///
    /// # Errors
    /// [`StorageError`] when the database cannot be opened or migrated.
    pub async fn open(url: &str, options: HostOptions) -> Result<Host, StorageError> {
        Ok(Host::with_db(Db::open(url).await?, options, Arc::new(SystemClock)))
    }

    /// Like [`Host::open`], with a given clock (the terminal's `wait`).
    ///
    /// # Errors
    /// [`StorageError`] when the database cannot be opened or migrated.
    pub async fn open_with_clock(url: &str, options: HostOptions, clock: Arc<dyn Clock>) -> Result<Host, StorageError> {
        Ok(Host::with_db(Db::open(url).await?, options, clock))
    }

    /// A host over an open database with a given clock.
    pub fn with_db(db: Db, options: HostOptions, clock: Arc<dyn Clock>) -> Host {
        Host { db, texts: Texts::load(), clock, options, cache: Mutex::new(lru::LruCache::new(CACHE_LIMIT)) }
    }

    /// The database.
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// The bot's configured language (`[bot] language`), for messages no request asked for.
    pub fn language(&self) -> Lang {
        self.options.language
    }

    /// The translations.
    pub fn texts(&self) -> &Texts {
        &self.texts
    }

    /// Parses a typed line and runs it. Parse errors come back as a refusal reply.
    pub async fn handle(&self, origin: &Origin, line: &str) -> Vec<Reply> {
        match Command::parse(line) {
            Ok(command) => self.run(origin, command).await,
            Err(msg) => {
                let mut ctx = self.ctx(origin);
                ctx.lang = crate::features::settings::request_lang(&ctx).await;
                vec![Reply::refusal(ctx.user_id(), ctx.text(&msg))]
            }
        }
    }

    /// Runs a command (built by [`Command::parse`] or by an adapter from slash-command
    /// options) for `origin`.
    pub async fn run(&self, origin: &Origin, command: Command) -> Vec<Reply> {
        let mut ctx = self.ctx(origin);
        ctx.lang = crate::features::settings::request_lang(&ctx).await;
        let verb = command.verb();
        ctx.verb = Some(verb);
        let closed = crate::features::challenges::close_due_here(&ctx).await;
        let outcome = match command {
            Command::New { game, options } => crate::features::lobby::new(&ctx, game, options).await,
            Command::Join { game } => crate::features::challenges::join_or_invitation(&ctx, game).await,
            Command::NewChallenge { game, options, hours } => crate::features::challenges::open(&ctx, game, options, hours).await,
            Command::JoinChallenge { challenge } => crate::features::challenges::join(&ctx, challenge).await,
            Command::Daily { game } => crate::features::challenges::daily(&ctx, game).await,
            Command::ChallengeLeaderboard { challenge } => crate::features::challenges::leaderboard(&ctx, challenge).await,
            Command::Start { game } => crate::features::lobby::start(&ctx, game).await,
            Command::Decline { game } => crate::features::invitations::decline(&ctx, game).await,
            Command::Abort { game } => crate::features::lobby::abort(&ctx, game).await,
            Command::Games => crate::features::lobby::games(&ctx).await,
            Command::Move { game, notation, at, bare } => crate::features::play::play(&ctx, game, &notation, at, bare).await,
            Command::Resign { game } => crate::features::play::resign(&ctx, game).await,
            Command::Board { game } => crate::features::play::board(&ctx, game).await,
            Command::Hand { game } => crate::features::play::hand(&ctx, game).await,
            Command::Moves { game, filter, page } => crate::features::play::moves(&ctx, game, &filter, page).await,
            Command::Help { topic } => crate::features::info::help(&ctx, topic.as_deref()),
            Command::Rules { game } => crate::features::info::rules(&ctx, game),
            Command::Export { game } => crate::features::info::export(&ctx, game).await,
            Command::Claim { game } => crate::features::timeouts::claim(&ctx, game).await,
            Command::Vacation { days } => crate::features::vacation::vacation(&ctx, days).await,
            Command::Undo { game } => crate::features::takeback::undo(&ctx, game).await,
            Command::Rematch { game } => crate::features::takeback::rematch(&ctx, game).await,
            Command::Reminders { on } => crate::features::reminders::reminders(&ctx, on).await,
            Command::History { game } => crate::features::takeback::history(&ctx, game).await,
            Command::Leaderboard { game } => crate::features::ratings::leaderboard(&ctx, game).await,
            Command::Stats { player } => crate::features::ratings::stats(&ctx, player.as_deref()).await,
            Command::Settings { words } => crate::features::settings::settings(&ctx, &words).await,
            Command::Language { lang } => crate::features::settings::language(&ctx, lang).await,
        };
        let outcome = match outcome {
            Ok(replies) => crate::features::challenges::guard(&ctx, verb, replies).await,
            Err(e) => Err(e),
        };
        let replies = match outcome {
            Ok(replies) => replies,
            Err(refused) => {
                let text = match refused {
                    Refused::Command(msg) => ctx.text(&msg),
                    Refused::Rule(refusal) => self.rule_text(ctx.lang, &refusal),
                    Refused::Storage(e) => {
                        tracing::error!(error = %e, command = verb.name(), "storage failed");
                        ctx.text(&Msg::new("cmd-storage"))
                    }
                };
                vec![Reply::refusal(ctx.user_id(), text)]
            }
        };
        closed.into_iter().chain(replies).collect()
    }

    /// The legal moves of the player to move in the game `origin` means (or `game`),
    /// matching `filter` (empty: all): for autocomplete. Empty when there is no such
    /// running game, or when the moves would reveal a private hand the requester may
    /// not see (see [`crate::table::games::may_list_moves`]).
    ///
    /// # Errors
    /// A translated refusal (no game here, several games, another player's game of an
    /// open challenge, a game whose moves are sold as a hint: Hathor, see
    /// [`crate::table::games::moves_sold`]).
    pub async fn legal_moves(&self, origin: &Origin, game: Option<GameId>, filter: &str) -> Result<Vec<String>, Text> {
        let ctx = self.ctx(origin);
        let loaded = match self.select_read(&ctx, game).await {
            Ok(l) => l,
            Err(Refused::Command(m)) => return Err(ctx.text(&m)),
            Err(Refused::Rule(r)) => return Err(self.rule_text(ctx.lang, &r)),
            Err(Refused::Storage(e)) => {
                tracing::error!(error = %e, "storage failed");
                return Err(ctx.text(&Msg::new("cmd-storage")));
            }
        };
        if let Some(sold) = crate::table::games::moves_sold(loaded.kind) {
            return Err(ctx.text(&sold));
        }
        let seat = loaded.seat_of(ctx.user_id());
        Ok(loaded
            .game
            .filter(|g| crate::table::games::may_list_moves(g.as_ref(), seat))
            .map(|g| if filter.trim().is_empty() { g.legal_moves() } else { g.filter_moves(filter) })
            .unwrap_or_default())
    }

    /// The stored move number of game `id` (for stale-button checks), `None` when there
    /// is no such game.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn move_number(&self, id: GameId) -> Result<Option<u64>, StorageError> {
        Ok(self.db.game(id).await?.map(|g| g.seq))
    }

    /// The record of game `id` for someone entitled to everything (an admin, the
    /// terminal, the `export` CLI): the resolved setup and every move so far. `None`
    /// when there is no such game or it has not started.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails or the stored game no longer replays.
    pub async fn record(&self, id: GameId) -> Result<Option<rules::record::Record>, StorageError> {
        let Some(row) = self.db.game(id).await? else { return Ok(None) };
        let loaded = self.load(row).await?;
        Ok(loaded.game.as_ref().map(|g| rules::record::Record::of(g.as_ref(), &loaded.names())))
    }

    /// Translates a rules refusal: `rule-<key>` with its args, falling back to its
    /// English text.
    pub fn rule_text(&self, lang: Lang, refusal: &rules::Refusal) -> Text {
        let msg = refusal
            .args
            .iter()
            .fold(Msg::new(format!("rule-{}", refusal.key)), |m, (name, value)| m.arg(*name, value.clone()));
        self.texts.try_text(lang, &msg).unwrap_or_else(|| Text::plain_text(refusal.text.clone()))
    }

    fn ctx<'a>(&'a self, origin: &'a Origin) -> Ctx<'a> {
        Ctx {
            host: self,
            origin,
            lang: origin.lang.unwrap_or(self.options.language),
            admin: origin.is_admin || self.options.admins.contains(&origin.user.id),
            verb: None,
        }
    }

    /// Loads a game: its players and, once started, the game rebuilt from its log (from
    /// the cache when it stands at the stored move number; a cached game that is behind
    /// catches up on the log entries it misses).
    pub(crate) async fn load(&self, row: GameRow) -> Result<Loaded, StorageError> {
        let kind: GameKind =
            row.kind.parse().map_err(|e: rules::SetupError| StorageError::Damaged(format!("game #{}: {e}", row.id)))?;
        let players = self.db.players(row.id).await?;
        if matches!(row.status, Status::Invited | Status::Withdrawn) {
            return Ok(Loaded { row, kind, players, game: None });
        }
        let cached = self.cached(row.id);
        let (mut game, from) = match cached {
            Some((seq, game)) if seq <= row.seq => (game, seq),
            _ => {
                let damaged = |e: rules::SetupError| StorageError::Damaged(format!("game #{}: {e}", row.id));
                let game = rules::open(kind, &row.options, players.len(), row.setup.clone(), Some(row.seed))
                    .map_err(damaged)?;
                (game, 0)
            }
        };
        if from < row.seq {
            for entry in self.db.log_after(row.id, from).await? {
                if entry.seq > row.seq {
                    break;
                }
                game.play(&entry.text).map_err(|e| {
                    StorageError::Damaged(format!("game #{}: stored move {} ({}) is refused: {e}", row.id, entry.seq, entry.text))
                })?;
            }
        }
        self.remember(row.id, game.as_ref());
        Ok(Loaded { row, kind, players, game: Some(game) })
    }

    fn cached(&self, id: GameId) -> Option<Cached> {
        let mut cache = self.cache.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        cache.get(&id).map(|(seq, game)| (*seq, game.box_clone()))
    }

    /// Keeps a copy of `game` (standing at its own number of applied moves).
    pub(crate) fn remember(&self, id: GameId, game: &dyn Match) {
        let mut cache = self.cache.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        cache.put(id, (game.moves_applied() as u64, game.box_clone()));
    }

    /// Finds the game a command means: `id` when given (it must be on this platform
    /// and, unless `anywhere`, in this channel), else the only game in the channel that
    /// fits `want`. Only an admin's `export` reads anywhere: every other command, read
    /// or move, finds only the games of its own channel.
    pub(crate) async fn select(
        &self,
        ctx: &Ctx<'_>,
        id: Option<GameId>,
        want: Want,
        anywhere: bool,
    ) -> Result<Loaded, Refused> {
        if let Some(id) = id {
            let row = self.db.game(id).await?;
            let Some(row) =
                row.filter(|r| r.platform == ctx.origin.platform && (anywhere || r.channel == ctx.origin.channel))
            else {
                return Err(Msg::new("cmd-no-such-game").arg("id", id).into());
            };
            return Ok(self.load(row).await?);
        }
        // One query, however many games the channel has.
        let games = self.db.open_games_for(&ctx.origin.platform, &ctx.origin.channel, ctx.user_id()).await?;
        let mut fitting = Vec::new();
        let mut waiting = None;
        for game in games {
            let plays = game.plays;
            // Another player's board in an open challenge is not even listed.
            if game.challenge.as_ref().is_some_and(|link| crate::features::challenges::hides(ctx, link)) {
                continue;
            }
            let fits = match want {
                Want::Invitation => game.status == Status::Invited,
                Want::MyInvitation => game.status == Status::Invited && plays,
                Want::MyRunning => game.status == Status::Running && plays,
                Want::MyOpen => plays || ctx.admin,
                Want::Running => game.status == Status::Running,
            };
            if fits {
                fitting.push((game, plays));
            } else if game.status == Status::Invited && (plays || waiting.is_none()) {
                waiting = Some(game.id);
            }
        }
        if want == Want::Running && fitting.iter().filter(|(_, plays)| *plays).count() == 1 {
            fitting.retain(|(_, plays)| *plays);
        }
        match fitting.len() {
            0 if matches!(want, Want::Running | Want::MyRunning) && waiting.is_some() => {
                Err(Msg::new("cmd-not-started").arg("id", waiting.unwrap_or_default()).into())
            }
            0 => Err(Msg::new(match want {
                Want::Invitation => "cmd-no-invitation-here",
                Want::MyInvitation => "cmd-no-invitation-of-yours",
                Want::MyRunning | Want::MyOpen => "cmd-no-game-of-yours",
                Want::Running => "cmd-no-game-here",
            })
            .into()),
            1 => {
                let (game, _) = fitting.remove(0);
                // The chosen game's whole row (the choice read only what it needed).
                let Some(row) = self.db.game(game.id).await? else {
                    return Err(Msg::new("cmd-no-such-game").arg("id", game.id).into());
                };
                Ok(self.load(row).await?)
            }
            _ => {
                let list = fitting
                    .iter()
                    .map(|(game, _)| {
                        let name = game.kind.parse::<GameKind>().map_or(game.kind.as_str(), |k| ctx.game_name(k));
                        format!("#{} {name}", game.id)
                    })
                    .collect::<Vec<_>>()
                    .join(", ");
                Err(Msg::new("cmd-several-games")
                    .arg("games", list)
                    .arg("example", format!("{} #{}", example_word(ctx, want), fitting[0].0.id))
                    .into())
            }
        }
    }

    /// Finds the running or finished game a read (`board`, `hand`, `moves`, `history`,
    /// autocomplete) means, in this channel only, and refuses it when it is another
    /// player's game of an open challenge ([`crate::features::challenges::hidden_game`]).
    pub(crate) async fn select_read(&self, ctx: &Ctx<'_>, id: Option<GameId>) -> Result<Loaded, Refused> {
        let loaded = self.select(ctx, id, Want::Running, false).await?;
        if let Some(msg) = crate::features::challenges::hidden_game(ctx, loaded.row.id).await {
            return Err(msg.into());
        }
        Ok(loaded)
    }

    /// As [`Host::select`] with [`Want::Running`]; when no game is running in the channel
    /// and none is named, the game that finished there last (`history`, `export` right
    /// after the end).
    pub(crate) async fn select_running_or_last(
        &self,
        ctx: &Ctx<'_>,
        id: Option<GameId>,
        anywhere: bool,
    ) -> Result<Loaded, Refused> {
        match self.select(ctx, id, Want::Running, anywhere).await {
            Err(Refused::Command(msg)) if id.is_none() && msg.key == "cmd-no-game-here" => {
                match self.db.last_finished_in(&ctx.origin.platform, &ctx.origin.channel).await? {
                    Some(row) => Ok(self.load(row).await?),
                    None => Err(msg.into()),
                }
            }
            other => other,
        }
    }

    /// As [`Host::select_running_or_last`], refusing a game of an open challenge that is
    /// not the requester's.
    pub(crate) async fn select_read_or_last(&self, ctx: &Ctx<'_>, id: Option<GameId>) -> Result<Loaded, Refused> {
        let loaded = self.select_running_or_last(ctx, id, false).await?;
        if let Some(msg) = crate::features::challenges::hidden_game(ctx, loaded.row.id).await {
            return Err(msg.into());
        }
        Ok(loaded)
    }

    /// Draws `view` of `game` for `names` as a board PNG with its words in `lang`; `None`
    /// (logged) when drawing fails, so a move never fails because of its picture.
    pub(crate) async fn board_png(
        &self,
        id: GameId,
        game: &dyn Match,
        names: Vec<String>,
        lang: Lang,
    ) -> Option<Attachment> {
        if !self.options.pictures {
            return None;
        }
        let view = game.view(Viewer::Spectator);
        let seq = game.moves_applied();
        let drawn = tokio::task::spawn_blocking(move || render::board_png(&view, &names, lang)).await;
        match drawn {
            Ok(Ok(bytes)) => {
                Some(Attachment { name: format!("game-{id}-move-{seq}.png"), mime: "image/png", bytes })
            }
            Ok(Err(e)) => {
                tracing::warn!(game = id, error = %e, "the board could not be drawn");
                None
            }
            Err(e) => {
                tracing::warn!(game = id, error = %e, "the board drawing task failed");
                None
            }
        }
    }

    /// Draws `seat`'s hand as a PNG with its words in `lang` (the owner's), when the game
    /// has one.
    pub(crate) async fn hand_png(
        &self,
        id: GameId,
        game: &dyn Match,
        seat: Seat,
        names: Vec<String>,
        lang: Lang,
    ) -> Option<Attachment> {
        if !self.options.pictures {
            return None;
        }
        let view = game.view(Viewer::Seat(seat));
        let seq = game.moves_applied();
        let drawn = tokio::task::spawn_blocking(move || render::hand_png(&view, seat, &names, lang)).await;
        match drawn {
            Ok(Ok(Some(bytes))) => Some(Attachment {
                name: format!("game-{id}-move-{seq}-hand-{seat}.png"),
                mime: "image/png",
                bytes,
            }),
            Ok(Ok(None)) => None,
            Ok(Err(e)) => {
                tracing::warn!(game = id, error = %e, "the hand could not be drawn");
                None
            }
            Err(e) => {
                tracing::warn!(game = id, error = %e, "the hand drawing task failed");
                None
            }
        }
    }
}

/// The command word for an example: the command being run, in the requester's language;
/// without one, the command that fits what is wanted.
fn example_word(ctx: &Ctx<'_>, want: Want) -> &'static str {
    match (ctx.verb, ctx.lang) {
        (Some(verb), Lang::De) => verb.german_name(),
        (Some(verb), _) => verb.name(),
        (None, _) => want_verb(want),
    }
}

fn want_verb(want: Want) -> &'static str {
    match want {
        Want::Invitation => "join",
        Want::MyInvitation => "start",
        Want::MyRunning => "move",
        Want::MyOpen => "abort",
        Want::Running => "board",
    }
}
