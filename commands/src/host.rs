//! [`Host`]: the entry point every adapter calls. It parses or receives a [`Command`],
//! checks who may do it, dispatches it to its feature (`crate::features`), and returns
//! replies. What every request works with (database, texts, clock, cache) is its
//! [`Table`], which the host derefs to.

use std::sync::Arc;

pub use crate::base::{options::HostOptions, origin::Origin};
use crate::{
    base::{
        clock::{Clock, SystemClock},
        i18n::Msg,
        ids::GameId,
        reply::{Reply, Text},
    },
    grammar::Command,
    store::{Db, StorageError},
    table::{
        context::{Ctx, Refused, Want},
        Table,
    },
};

/// The command layer: one per bot, shared by all adapters (cheap to share behind an
/// `Arc`; every method takes `&self`).
#[derive(Debug)]
pub struct Host {
    table: Table,
    /// The web page's boards already drawn (see `crate::web`).
    boards: crate::table::board_cache::BoardCache,
}

impl std::ops::Deref for Host {
    type Target = Table;

    fn deref(&self) -> &Table {
        &self.table
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
        Host { table: Table::new(db, options, clock), boards: Default::default() }
    }

    /// Parses a typed line and runs it. Parse errors come back as a refusal reply.
    pub async fn handle(&self, origin: &Origin, line: &str) -> Vec<Reply> {
        // NUL means nothing in a command, and PostgreSQL stores no text containing it.
        let line = line.replace('\0', "");
        // Invisible characters at either end (a direction mark or a zero-width space a
        // chat client or a paste put there) would stick to the first or last word.
        let line = line.trim_matches(|c: char| c.is_whitespace() || render::invisible(c));
        match Command::parse(line) {
            Ok(command) => self.run(origin, command).await,
            Err(msg) => {
                let mut ctx = self.ctx(origin);
                (ctx.lang, ctx.channel_lang) = crate::table::context::langs(&ctx).await;
                vec![Reply::refusal(ctx.user_id(), ctx.text(&msg))]
            }
        }
    }

    /// Runs a command (built by [`Command::parse`] or by an adapter from slash-command
    /// options) for `origin`.
    pub async fn run(&self, origin: &Origin, command: Command) -> Vec<Reply> {
        let mut ctx = self.ctx(origin);
        // The languages and whether a challenge is due (one statement) and, for a move
        // that names no game, the games it may mean are read at once.
        let want = matches!(command, Command::Move { game: None, .. }).then_some(Want::MyRunning);
        let choose = async {
            match want {
                Some(want) => self.table.choose(&ctx, want).await.ok().map(|choice| (want, choice)),
                None => None,
            }
        };
        // A move's board is started meanwhile when memory knows its game
        // ([`crate::table::ahead`]; polled last, after both reads have started).
        let ahead = async {
            match &command {
                Command::Move { game, notation, at, .. } => self.table.draw_ahead(origin, *game, notation, *at),
                _ => None,
            }
        };
        let (settings, chosen, ahead) = tokio::join!(crate::table::context::request_settings(&ctx), choose, ahead);
        let ahead = std::sync::Mutex::new(ahead);
        ctx.ahead = Some(&ahead);
        (ctx.lang, ctx.channel_lang) = crate::table::context::langs_of(&ctx, &settings);
        let due = if settings.challenge_due { crate::features::challenges::due_here(&ctx).await } else { Vec::new() };
        // Closing a due challenge shows its games to everyone, and ends them: then they
        // are chosen anew (also when another process closed it meanwhile).
        let chosen = chosen.filter(|_| !settings.challenge_due);
        ctx.chosen = chosen.as_ref();
        // Nobody speaks as an AI seat: its moves come from the scheduler only.
        if crate::base::ai_seat::is_ai(&origin.user.id) {
            return vec![Reply::refusal(ctx.user_id(), ctx.text(&Msg::new("cmd-reserved-user")))];
        }
        let verb = command.verb();
        ctx.verb = Some(verb);
        // The game of an open challenge is its player's alone: what is said about it
        // goes to her privately, so in her own language, not the channel's (issue 41).
        let meant = command.named_game().or_else(|| {
            chosen.as_ref().filter(|(_, c)| c.fitting_count == 1 || c.fitting_played == 1).and_then(|(_, c)| c.fitting.first()).map(|g| g.id)
        });
        if let Some(id) = meant
            && let Ok(Some((challenge, player))) = self.table.challenge_of_game(id).await
            && challenge.is_open()
            && player == ctx.user_id()
        {
            ctx.channel_lang = ctx.lang;
        }
        let closed = crate::features::challenges::close_due_here(&ctx, &due).await;
        let outcome = match command {
            Command::New { game, options } => crate::features::lobby::new(&ctx, game, options).await,
            Command::Join { game } => match crate::features::challenges::join_means_challenge(&ctx, game).await {
                Ok(true) => crate::features::challenges::join(&ctx, None).await,
                Ok(false) => crate::features::lobby::join(&ctx, game).await,
                Err(e) => Err(e.into()),
            },
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
            Command::Dashboard { on } => crate::features::dashboard::dashboard(&ctx, on).await,
            Command::History { game } => crate::features::takeback::history(&ctx, game).await,
            Command::Replay { game } => crate::features::info::replay(&ctx, game).await,
            Command::Conditional { game, action } => crate::features::conditional::conditional(&ctx, game, action).await,
            Command::Review { game } => crate::features::review::review(&ctx, game).await,
            Command::Leaderboard { game } => crate::features::ratings::leaderboard(&ctx, game).await,
            Command::Stats { player } => crate::features::ratings::stats(&ctx, player.as_deref()).await,
            Command::Settings { words } => crate::features::settings::settings(&ctx, &words).await,
            Command::Language { lang } => crate::features::settings::language(&ctx, lang).await,
            Command::TournamentNew { game, options } => crate::features::tournaments::new(&ctx, game, options).await,
            Command::TournamentJoin { id, bots } => crate::features::tournaments::join(&ctx, id, &bots).await,
            Command::TournamentLeave { id } => crate::features::tournaments::leave(&ctx, id).await,
            Command::TournamentStart { id } => crate::features::tournaments::start(&ctx, id).await,
            Command::TournamentCancel { id } => crate::features::tournaments::cancel(&ctx, id).await,
            Command::Tournament { id } => crate::features::tournaments::status(&ctx, id).await,
        };
        let outcome = match outcome {
            Ok(replies) => crate::features::challenges::guard(&ctx, verb, replies).await,
            Err(e) => Err(e),
        };
        let mut replies = match outcome {
            Ok(replies) => replies,
            Err(refused) => {
                vec![Reply::refusal(ctx.user_id(), self.refusal_text(&ctx, refused, verb.name()))]
            }
        };
        crate::table::tidy::mark_moves(&self.table.db, replies.iter_mut().collect()).await;
        // The answer is handed to the chat now: the moves it answers need no later word.
        let answers: Vec<(GameId, u64)> = replies.iter().filter_map(|r| r.game.map(|g| (g.id, g.seq))).collect();
        self.table.answered(&answers).await;
        closed.into_iter().chain(replies).collect()
    }

    /// The words of a refusal for the requester of `ctx` (`what`: the command, for the
    /// log of a storage failure, which the user sees only as "try again").
    fn refusal_text(&self, ctx: &Ctx<'_>, refused: Refused, what: &str) -> Text {
        match refused {
            Refused::Rule(refusal) => self.rule_text(ctx.lang, &refusal),
            Refused::Storage(e) => {
                self.table.db.saw(&e);
                tracing::error!(error = %e, command = what, "storage failed");
                ctx.text(&Msg::new("cmd-storage"))
            }
            Refused::Command(msg) | Refused::NoGame(msg) => ctx.text(&msg),
            Refused::SeveralGames { games, example } => ctx.text(&Refused::several_games(&games, &example)),
        }
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
            Err(refused) => return Err(self.refusal_text(&ctx, refused, "legal moves")),
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

    /// The open tournaments (sign-up or running) of `origin`'s channel, newest first,
    /// each with a label in `origin`'s language ("#2: Carat, Swiss, round 1 of 3"), for
    /// Discord's autocomplete of `/tournament … number`.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn open_tournaments(&self, origin: &Origin) -> Result<Vec<(crate::base::ids::TournamentId, String)>, StorageError> {
        crate::features::tournaments::choices(&self.ctx(origin)).await
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
        self.table.record_of(&loaded).await
    }

    pub(crate) fn web_boards(&self) -> &crate::table::board_cache::BoardCache {
        &self.boards
    }

    fn ctx<'a>(&'a self, origin: &'a Origin) -> Ctx<'a> {
        Ctx {
            table: &self.table,
            origin,
            lang: origin.lang.unwrap_or(self.options.language),
            channel_lang: origin.lang.unwrap_or(self.options.language),
            admin: origin.is_admin || self.options.admins.contains(&origin.user.id),
            verb: None,
            chosen: None,
            ahead: None,
        }
    }
}
