//! The table: the request context, loading and caching a game, choosing which game a
//! command means, and pictures. Imports [`crate::base`], [`crate::grammar`] and
//! [`crate::store`].

// The layers below, under their names in the `commands` crate.
use commands_base as base;
use commands_grammar as grammar;
use commands_store as store;

pub mod ahead;
pub mod bank;
pub mod board_cache;
pub mod challenges;
pub mod context;
pub mod games;
pub mod hidden;
pub mod invitees;
pub mod links;
pub mod master;
pub mod plans;
pub mod ratings;
pub mod replay;
pub mod tidy;
pub mod turn;

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, RwLock},
};

use rules::{GameKind, Match, Seat, Viewer};

use crate::{
    base::{
        clock::Clock,
        i18n::{Lang, Msg, Texts},
        ids::GameId,
        options::HostOptions,
        reply::{Attachment, Text},
    },
    store::{ChoiceFilter, Db, GameRow, PlayerRow, Status, StorageError},
};

use context::{Ctx, Loaded, Refused, Want};

/// How many games a refusal lists when several fit ("#1 Carat, #2 Carat, … and 62 more").
const SEVERAL_LISTED: u32 = 10;

/// Games kept in memory, keyed by id, with the move number they stand at; the least
/// recently used make room. Entries are checked against the stored move number before
/// use, so a second process writing the same database never makes a stale entry count.
const CACHE_LIMIT: std::num::NonZeroUsize = std::num::NonZeroUsize::new(512).expect("not zero");
/// How many games' challenge links are kept ([`Table::challenge_of_game`]; a few dozen bytes each).
const LINK_CACHE_LIMIT: std::num::NonZeroUsize = std::num::NonZeroUsize::new(4096).expect("not zero");

/// What every request works with: the database, the translations, the clock, the
/// settings and the games kept in memory. One per `Host`.
pub struct Table {
    pub db: Db,
    pub texts: Texts,
    pub clock: Arc<dyn Clock>,
    pub options: HostOptions,
    cache: Mutex<lru::LruCache<GameId, Cached>>,
    /// The players of recently loaded started games ([`Table::players_of`]).
    seats: Mutex<lru::LruCache<GameId, Arc<[PlayerRow]>>>,
    /// Each recently seen game's challenge link ([`Table::challenge_of_game`]).
    links: Mutex<lru::LruCache<GameId, ChallengeLinkOf>>,
    /// The game each mover last moved in, per channel, and the language of its board
    /// ([`Table::draw_ahead`]).
    movers: Mutex<lru::LruCache<ahead::MoverKey, (GameId, Lang)>>,
    /// The bot's own user id per platform (set by its adapter once logged in), so that
    /// inviting the bot takes an AI seat.
    bot_users: RwLock<HashMap<String, String>>,
    /// Woken when an AI seat is to move, so that the scheduler plays it at once.
    ai_wakeup: Arc<tokio::sync::Notify>,
    /// When (the host's clock, ms) the rating sweep last ran; `i64::MIN`: never.
    last_rating_sweep: std::sync::atomic::AtomicI64,
    /// The moves stored by commands still running, whose answers have not been handed
    /// to the chat yet (game, move number): [`Table::unanswered`], [`Table::answered`].
    unanswered: Mutex<Vec<(GameId, u64)>>,
    /// The AI turns this process has claimed and is thinking about (game, move number,
    /// take-backs): given back by [`Table::release_ai_claims`] when the process stops.
    pub thinking: Mutex<Vec<(GameId, u64, i64)>>,
    /// The `master` searches of this process, one at a time, the others queued.
    pub masters: master::Masters,
}

/// A cached game, the move number it stands at and the take-backs it has seen.
type Cached = (u64, i64, Box<dyn Match>);

/// The challenge a game was entered in and its player's user id (`None`: no challenge game).
type ChallengeLinkOf = Option<(crate::base::ids::ChallengeId, String)>;

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table").field("db", &self.db).field("options", &self.options).finish_non_exhaustive()
    }
}

impl Table {
    /// A table over an open database with a given clock.
    pub fn new(db: Db, options: HostOptions, clock: Arc<dyn Clock>) -> Table {
        Table {
            db,
            texts: Texts::load(),
            clock,
            options,
            cache: Mutex::new(lru::LruCache::new(CACHE_LIMIT)),
            seats: Mutex::new(lru::LruCache::new(CACHE_LIMIT)),
            links: Mutex::new(lru::LruCache::new(LINK_CACHE_LIMIT)),
            movers: Mutex::new(lru::LruCache::new(ahead::MOVERS_KEPT)),
            bot_users: RwLock::new(HashMap::new()),
            ai_wakeup: Arc::new(tokio::sync::Notify::new()),
            last_rating_sweep: std::sync::atomic::AtomicI64::new(i64::MIN),
            unanswered: Mutex::new(Vec::new()),
            thinking: Mutex::new(Vec::new()),
            masters: master::Masters::default(),
        }
    }

    /// Tells the host the bot's own user id on `platform` (a Discord snowflake, a
    /// Matrix user id): inviting that user then takes an AI seat. The terminal's bot is
    /// always [`crate::base::ai_seat::TERMINAL_BOT`].
    pub fn set_bot_user(&self, platform: &str, user_id: &str) {
        let mut users = self.bot_users.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        users.insert(platform.to_string(), user_id.to_string());
    }

    /// The bot's own user id on `platform`, when known.
    pub fn bot_user(&self, platform: &str) -> Option<String> {
        if platform == crate::base::origin::TERMINAL_PLATFORM {
            return Some(crate::base::ai_seat::TERMINAL_BOT.to_string());
        }
        self.bot_users.read().unwrap_or_else(std::sync::PoisonError::into_inner).get(platform).cloned()
    }

    /// Resolves when an AI seat may be to move since the last call (a move, a start or
    /// a take-back left one to move): the scheduler's loop waits for it besides its
    /// timer and plays the AI's turn at once.
    pub async fn ai_turn_waiting(&self) {
        self.ai_wakeup.notified().await;
    }

    /// Notes that move `seq` of game `id` was stored with an `unanswered_moves` row,
    /// to be deleted when the command's answer is handed over ([`Table::answered`]).
    pub(crate) fn unanswered(&self, id: GameId, seq: u64) {
        self.unanswered.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push((id, seq));
    }

    /// The answer about the games `games` (as (game, move number) of its replies) is
    /// handed to the chat: their moves stored up to those numbers are answered, and their
    /// `unanswered_moves` rows are deleted (a failure is logged: at worst the mover is
    /// later told once more that the move was stored).
    pub async fn answered(&self, games: &[(GameId, u64)]) {
        let done: Vec<(GameId, u64)> = {
            let mut open = self.unanswered.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let (done, rest): (Vec<_>, Vec<_>) =
                open.drain(..).partition(|(id, seq)| games.iter().any(|(g, upto)| g == id && seq <= upto));
            *open = rest;
            done
        };
        if !done.is_empty()
            && let Err(e) = self.db.answered(&done).await
        {
            tracing::warn!(error = %e, "the answered moves could not be marked");
        }
    }

    /// Gives back the AI turns this process claimed and has not played (it stops while
    /// the AI thinks: `quit`, Ctrl-C), so that the next process plays them at once instead
    /// of waiting for the claims' lease to run out. Failures are logged.
    pub async fn release_ai_claims(&self) {
        let claims: Vec<(GameId, u64, i64)> =
            std::mem::take(&mut *self.thinking.lock().unwrap_or_else(std::sync::PoisonError::into_inner));
        for (game, seq, takebacks) in claims {
            if let Err(e) = crate::store::turns::release_ai_turn(&self.db, game, seq, takebacks).await {
                tracing::warn!(game = %game, error = %e, "an AI claim could not be given back");
            }
        }
    }

    /// Whether the rating sweep is due at `now` (never run, or `every` ms ago); if so,
    /// notes that it runs now (one caller of several at once gets `true`).
    pub fn rating_sweep_due(&self, now: i64, every: i64) -> bool {
        use std::sync::atomic::Ordering;
        let last = self.last_rating_sweep.load(Ordering::Acquire);
        (last == i64::MIN || now.saturating_sub(last) >= every)
            && self.last_rating_sweep.compare_exchange(last, now, Ordering::AcqRel, Ordering::Acquire).is_ok()
    }

    /// Queues the `master` search of `turn` ([`master::Masters::start`]) with the
    /// host's CPU budget; the scheduler is woken when it is done.
    pub fn start_master(&self, turn: master::Turn, view: ai::SeatView, seed: u64) {
        self.masters.start(turn, view, seed, self.options.master_cpu, &self.db, &self.clock, &self.ai_wakeup);
    }

    /// Wakes the scheduler ([`Table::ai_turn_waiting`]) for background work that is not
    /// an AI turn: a review asked for or with moves left.
    pub fn wake_scheduler(&self) {
        self.ai_wakeup.notify_one();
    }

    /// Wakes [`Table::ai_turn_waiting`] when one of `loaded`'s seats to move is an AI seat.
    pub(crate) fn wake_ai_if_to_move(&self, loaded: &Loaded) {
        let to_move = loaded.game.as_ref().map(|g| g.to_move()).unwrap_or_default();
        if to_move.iter().any(|&s| loaded.players.get(s).is_some_and(|p| crate::base::ai_seat::is_ai(&p.user_id))) {
            self.ai_wakeup.notify_one();
        }
    }

    /// Wakes [`Table::ai_turn_waiting`] when a player of game `id` other than `mover`
    /// has conditional moves: a planned reply may be due at once (the scheduler plays
    /// it, `crate::features::play::planned_replies`). A failed read only logs: the
    /// scheduler's next poll plays the reply then.
    pub async fn wake_for_plans(&self, id: GameId, mover: &str) {
        match self.db.others_plan(id, mover).await {
            Ok(true) => self.ai_wakeup.notify_one(),
            Ok(false) => {}
            Err(e) => tracing::warn!(game = %id, error = %e, "could not read whether a conditional plan waits"),
        }
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

    /// The stored move number of game `id` (for stale-button checks), `None` when there
    /// is no such game.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn move_number(&self, id: GameId) -> Result<Option<u64>, StorageError> {
        Ok(self.db.game(id).await?.map(|g| g.seq))
    }

    /// Translates a rules refusal: `rule-<key>` with its args, falling back to its
    /// English text.
    pub fn rule_text(&self, lang: Lang, refusal: &rules::Refusal) -> Text {
        self.texts.try_text(lang, &rule_msg(refusal, lang)).unwrap_or_else(|| Text::plain_text(refusal.text.clone()))
    }

    /// Loads a game: its players and, once started, the game rebuilt from its log (from
    /// the cache when it stands at the stored move number; a cached game that is behind
    /// catches up on the log entries it misses).
    pub async fn load(&self, row: GameRow) -> Result<Loaded, StorageError> {
        let players = self.players_of(&row).await?;
        let kind: GameKind =
            row.kind.parse().map_err(|e: rules::SetupError| StorageError::Damaged(format!("game #{}: {e}", row.id)))?;
        if matches!(row.status, Status::Invited | Status::Withdrawn) {
            return Ok(Loaded { row, kind, players, game: None });
        }
        let cached = self.cached(row.id);
        let (mut game, from) = match cached {
            // Behind is fine (it catches up on the log); after a take-back it is another game.
            Some((seq, takebacks, game)) if seq <= row.seq && takebacks == row.takebacks => (game, seq),
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
        self.remember(row.id, game.as_ref(), row.takebacks);
        Ok(Loaded { row, kind, players, game: Some(game) })
    }

    /// As [`Table::load`], with the AI seats named in the channel's language of `ctx`
    /// (the language the game's texts and pictures go out in).
    pub async fn load_for(&self, ctx: &Ctx<'_>, row: GameRow) -> Result<Loaded, StorageError> {
        Ok(self.load(row).await?.named_in(&self.texts, ctx.channel_lang))
    }

    /// The players of the game whose row is `row`, in seat order. Seats are only ever
    /// added, to an invitation or with the game itself (never changed or removed), so
    /// once `row` says the game has started its players are final: they are read once
    /// and kept, and later loads of it read only its row. `row` must have been read
    /// before this call (players read alongside it could predate a start).
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub(crate) async fn players_of(&self, row: &GameRow) -> Result<Vec<PlayerRow>, StorageError> {
        let started = matches!(row.status, Status::Running | Status::Finished);
        if started && let Some(kept) = self.seats.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(&row.id) {
            return Ok(kept.to_vec());
        }
        let players = self.db.players(row.id).await?;
        if started {
            self.seats.lock().unwrap_or_else(std::sync::PoisonError::into_inner).put(row.id, players.clone().into());
        }
        Ok(players)
    }

    fn cached(&self, id: GameId) -> Option<Cached> {
        let mut cache = self.cache.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        cache.get(&id).map(|(seq, takebacks, game)| (*seq, *takebacks, game.box_clone()))
    }

    /// The challenge game `id` belongs to and its player's user id, if it is one. Every
    /// command's replies are checked against it (`challenges::guard`),
    /// so the link, stored with the game and never changed
    /// ([`crate::store::Db::challenge_link_of_game`]), is read once per game and kept;
    /// the challenge itself (open or closed by now) is read each time there is one.
    ///
    /// # Errors
    /// [`StorageError`] when a read fails.
    pub async fn challenge_of_game(
        &self,
        id: GameId,
    ) -> Result<Option<(crate::store::challenges::ChallengeRow, String)>, StorageError> {
        let known = self.links.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(&id).cloned();
        let link = match known {
            Some(link) => link,
            None => match self.db.challenge_link_of_game(id).await? {
                Some(link) => {
                    self.links.lock().unwrap_or_else(std::sync::PoisonError::into_inner).put(id, link.clone());
                    link
                }
                // No such game (yet): nothing to keep.
                None => return Ok(None),
            },
        };
        let Some((challenge, player)) = link else { return Ok(None) };
        Ok(self.db.challenge(challenge).await?.map(|row| (row, player)))
    }

    /// Keeps a copy of `game` (standing at its own number of applied moves, after
    /// `takebacks` take-backs: [`GameRow::takebacks`]).
    pub fn remember(&self, id: GameId, game: &dyn Match, takebacks: i64) {
        let mut cache = self.cache.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        cache.put(id, (game.moves_applied() as u64, takebacks, game.box_clone()));
    }

    /// The games of the requester's channel that fit `want`: at most one more than
    /// [`SEVERAL_LISTED`] whole rows, and their counts, in one query however many games
    /// the channel has ([`Db::choose_games`]).
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn choose(&self, ctx: &Ctx<'_>, want: Want) -> Result<crate::store::GameChoice, StorageError> {
        let filter = match want {
            Want::Invitation => ChoiceFilter { status: Some(Status::Invited), plays: false },
            Want::MyInvitation => ChoiceFilter { status: Some(Status::Invited), plays: true },
            Want::MyRunning => ChoiceFilter { status: Some(Status::Running), plays: true },
            Want::MyOpen => ChoiceFilter { status: None, plays: true },
            Want::Running => ChoiceFilter { status: Some(Status::Running), plays: false },
        };
        self.db.choose_games(&ctx.origin.platform, &ctx.origin.channel, ctx.user_id(), filter, SEVERAL_LISTED + 1).await
    }

    /// Finds the game a command means: `id` when given (it must be on this platform
    /// and, unless `anywhere`, in this channel), else the only game in the channel that
    /// fits `want` (as [`Ctx::chosen`] read it along with the request's settings, when
    /// it did). Only an admin's `export` reads anywhere: every other command, read or
    /// move, finds only the games of its own channel.
    pub async fn select(
        &self,
        ctx: &Ctx<'_>,
        id: Option<GameId>,
        want: Want,
        anywhere: bool,
    ) -> Result<Loaded, Refused> {
        if let Some(id) = id {
            let Some(row) =
                self.db.game(id).await?.filter(|r| r.platform == ctx.origin.platform && (anywhere || r.channel == ctx.origin.channel))
            else {
                return Err(Msg::new("cmd-no-such-game").arg("id", id).into());
            };
            return Ok(self.load_for(ctx, row).await?);
        }
        let mut choice = match ctx.chosen {
            Some((chosen_for, choice)) if *chosen_for == want => choice.clone(),
            _ => self.choose(ctx, want).await?,
        };
        // Among several running games, the one the user plays (listed first) when it is
        // the only one.
        let only_mine = want == Want::Running && choice.fitting_played == 1;
        match choice.fitting_count {
            0 if matches!(want, Want::Running | Want::MyRunning) && choice.waiting.is_some() => {
                Err(Msg::new("cmd-not-started").arg("id", choice.waiting.map_or(0, |id| id.0)).into())
            }
            0 => Err(Refused::NoGame(Msg::new(match want {
                Want::Invitation => "cmd-no-invitation-here",
                Want::MyInvitation => "cmd-no-invitation-of-yours",
                Want::MyRunning | Want::MyOpen => "cmd-no-game-of-yours",
                Want::Running => "cmd-no-game-here",
            }))),
            1 => self.load_chosen(ctx, choice.fitting.swap_remove(0)).await,
            _ if only_mine => self.load_chosen(ctx, choice.fitting.swap_remove(0)).await,
            count => {
                let mut list = choice
                    .fitting
                    .iter()
                    .take(SEVERAL_LISTED as usize)
                    .map(|game| {
                        let name = game.kind.parse::<GameKind>().map_or(game.kind.as_str(), |k| ctx.game_name(k));
                        format!("#{} {name}", game.id)
                    })
                    .collect::<Vec<_>>()
                    .join(", ");
                let more = count.saturating_sub(u64::from(SEVERAL_LISTED));
                if more > 0 {
                    list = ctx.table.texts.plain(ctx.lang, &Msg::new("cmd-several-more").arg("games", list).arg("more", more));
                }
                let first = choice.fitting.first().map_or(0, |g| g.id.0);
                Err(Refused::SeveralGames { games: list, example: format!("{} #{first}", example_word(ctx, want)) })
            }
        }
    }

    /// The user's own running game a player's command (`resign`, `hand`, `claim`) means:
    /// as [`Table::select`] with [`Want::MyRunning`], so that among several only the
    /// user's own are listed; when the user plays none here but exactly one game runs,
    /// that game (its command then says they do not play in it).
    pub async fn select_mine(&self, ctx: &Ctx<'_>, id: Option<GameId>) -> Result<Loaded, Refused> {
        match self.select(ctx, id, Want::MyRunning, false).await {
            Err(none @ Refused::NoGame(_)) if id.is_none() => match self.select(ctx, None, Want::Running, false).await {
                Ok(only) => Ok(only),
                Err(Refused::SeveralGames { .. }) => Err(none),
                Err(other) => Err(other),
            },
            other => other,
        }
    }

    /// The chosen game, loaded from the row the choice read (read again when that row
    /// did not parse, which then reports the damage).
    async fn load_chosen(&self, ctx: &Ctx<'_>, chosen: crate::store::OpenGame) -> Result<Loaded, Refused> {
        let row = match chosen.row {
            Some(row) => row,
            None => self.db.game(chosen.id).await?.ok_or_else(|| Refused::from(Msg::new("cmd-no-such-game").arg("id", chosen.id)))?,
        };
        Ok(self.load_for(ctx, row).await?)
    }

    /// Finds the running or finished game a read (`board`, `hand`, `moves`, `history`,
    /// autocomplete) means, in this channel only, and refuses it when it is another
    /// player's game of an open challenge ([`crate::hidden::hidden_game`]).
    pub async fn select_read(&self, ctx: &Ctx<'_>, id: Option<GameId>) -> Result<Loaded, Refused> {
        let loaded = self.select(ctx, id, Want::Running, false).await?;
        if let Some(msg) = crate::hidden::hidden_game(ctx, loaded.row.id).await {
            return Err(msg.into());
        }
        Ok(loaded)
    }

    /// As `Host::select` with [`Want::Running`]; when no game is running in the channel
    /// and none is named, the game that finished there last (`history`, `export` right
    /// after the end).
    pub async fn select_running_or_last(
        &self,
        ctx: &Ctx<'_>,
        id: Option<GameId>,
        anywhere: bool,
    ) -> Result<Loaded, Refused> {
        match self.select(ctx, id, Want::Running, anywhere).await {
            Err(Refused::NoGame(msg)) if id.is_none() => {
                match self.db.last_finished_in(&ctx.origin.platform, &ctx.origin.channel).await? {
                    Some(row) => Ok(self.load_for(ctx, row).await?),
                    None => Err(Refused::NoGame(msg)),
                }
            }
            other => other,
        }
    }

    /// As `Host::select_running_or_last`, refusing a game of an open challenge that is
    /// not the requester's.
    pub async fn select_read_or_last(&self, ctx: &Ctx<'_>, id: Option<GameId>) -> Result<Loaded, Refused> {
        let loaded = self.select_running_or_last(ctx, id, false).await?;
        if let Some(msg) = crate::hidden::hidden_game(ctx, loaded.row.id).await {
            return Err(msg.into());
        }
        Ok(loaded)
    }

    /// Draws `view` of `game` for `names` as a board PNG with its words in `lang`; `None`
    /// (logged) when drawing fails, so a move never fails because of its picture.
    pub async fn board_png(
        &self,
        id: GameId,
        game: &dyn Match,
        names: Vec<String>,
        lang: Lang,
    ) -> Option<Attachment> {
        self.start_board(id, game, names, lang).finish().await
    }

    /// Starts drawing the board of `game` (as [`Table::board_png`]) on a blocking thread
    /// and returns at once, so that a move is stored while its board is drawn; dropping
    /// the [`Drawing`] (a move that was not stored) discards the picture.
    pub(crate) fn start_board(&self, id: GameId, game: &dyn Match, names: Vec<String>, lang: Lang) -> Drawing {
        if !self.options.pictures {
            return Drawing(None);
        }
        let view = game.view(Viewer::Spectator);
        let seq = game.moves_applied();
        Drawing(Some((id, "board", tokio::task::spawn_blocking(move || {
            render::board_png(&view, &names, lang)
                .map(|bytes| Some(Attachment { name: format!("game-{id}-move-{seq}.png"), mime: "image/png", bytes }))
        }))))
    }

    /// Starts drawing `seat`'s hand as a PNG with its words in `lang` (the owner's) on a
    /// blocking thread and returns at once, as [`Table::start_board`] does; the
    /// [`Drawing`] gives `None` when the game has no hand.
    pub(crate) fn start_hand(&self, id: GameId, game: &dyn Match, seat: Seat, names: Vec<String>, lang: Lang) -> Drawing {
        if !self.options.pictures {
            return Drawing(None);
        }
        let view = game.view(Viewer::Seat(seat));
        let seq = game.moves_applied();
        Drawing(Some((id, "hand", tokio::task::spawn_blocking(move || {
            render::hand_png(&view, seat, &names, lang).map(|drawn| {
                drawn.map(|bytes| Attachment { name: format!("game-{id}-move-{seq}-hand-{seat}.png"), mime: "image/png", bytes })
            })
        }))))
    }
}


/// The command word for an example: the command being run, in the requester's language;
/// without one, the command that fits what is wanted.
fn example_word(ctx: &Ctx<'_>, want: Want) -> &'static str {
    match ctx.verb {
        Some(verb) => verb.word(ctx.lang),
        None => want_verb(want),
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

/// A picture (a board or a hand) being drawn on a blocking thread ([`Table::start_board`],
/// [`Table::start_hand`]): the game, what is drawn (for the log) and the task; `None`
/// inside when pictures are off.
pub struct Drawing(Option<(GameId, &'static str, DrawingTask)>);

/// The blocking task drawing a picture: the picture, `None` when the game has none.
type DrawingTask = tokio::task::JoinHandle<Result<Option<Attachment>, render::RenderError>>;

impl Drawing {
    /// The drawn picture; `None` (logged) when pictures are off, the game has no such
    /// picture, or drawing failed.
    pub(crate) async fn finish(self) -> Option<Attachment> {
        let (id, what, task) = self.0?;
        match task.await {
            Ok(Ok(picture)) => picture,
            Ok(Err(e)) => {
                tracing::warn!(game = %id, error = %e, what, "a picture could not be drawn");
                None
            }
            Err(e) => {
                tracing::warn!(game = %id, error = %e, what, "a picture's drawing task failed");
                None
            }
        }
    }
}

/// A rules refusal as the message `rule-<key>` with its args; a whole number goes as a
/// number, so the texts' plural rules select on it ("1 neighbour", "2 neighbours").
/// A Hathor stone (`blue-ankh`) is written in `lang`'s words, as on the board (`blau-anch`).
fn rule_msg(refusal: &rules::Refusal, lang: Lang) -> Msg {
    let hathor = refusal.key.starts_with("hathor-");
    refusal.args.iter().fold(Msg::new(format!("rule-{}", refusal.key)), |m, (name, value)| match value.parse::<i64>() {
        Ok(n) if n.to_string() == *value => m.arg(*name, n),
        _ => match rules::hathor::Stone::parse(value).filter(|_| hathor) {
            Some(stone) => m.arg(*name, render::hathor_stone_name(stone, lang)),
            None => m.arg(*name, value.clone()),
        },
    })
}

#[cfg(test)]
mod rule_msg_tests {
    use crate::base::i18n::{Lang, Texts};

    #[test]
    fn a_refusals_numbers_take_the_plural_rules() {
        let texts = Texts::load();
        let mismatch = |count: &str| {
            let refusal = rules::Refusal::new("hathor-mismatch", "neither matches")
                .arg("neighbour", "B2")
                .arg("neighbour_stone", "red-lotus")
                .arg("stone", "blue-ankh")
                .arg("field", "A2")
                .arg("count", count);
            texts.plain(Lang::En, &super::rule_msg(&refusal, Lang::En))
        };
        assert!(mismatch("1").ends_with("(A2 has 1 neighbour; one mismatch is allowed only with at least 4)."), "{}", mismatch("1"));
        assert!(mismatch("3").ends_with("(A2 has 3 neighbours; one mismatch is allowed only with at least 4)."), "{}", mismatch("3"));
        // Stones in German words, as the board writes them.
        let taken = rules::Refusal::new("hathor-occupied", "taken").arg("field", "G4").arg("occupant", "blue-hathor");
        assert_eq!(texts.plain(Lang::De, &super::rule_msg(&taken, Lang::De)), "Auf G4 liegt schon blau-hathor.");
        assert_eq!(texts.plain(Lang::En, &super::rule_msg(&taken, Lang::En)), "G4 is taken by blue-hathor.");
    }
}
