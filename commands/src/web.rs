//! What a game's web page shows (`[web]`, served by the bot's web adapter): the game
//! behind an unguessable link ([`WebLink`]), its players, scores and whose turn, the move
//! list in the reader's words, the spectator board after any number of moves, the
//! private hand of a player's own link, and the record without what is still hidden.
//!
//! Nothing here reveals more than the channel sees: boards are drawn for
//! `Viewer::Spectator`, a running game's record has no setup and no seed (they give the
//! pile and the hands away; spec README, "Export and hidden information"), a hand is
//! drawn only for the seat whose link it is, and a game of an open Hathor challenge has
//! no page until the challenge closes.

use std::{
    hash::{Hash, Hasher},
    sync::Arc,
};

use rules::{Match, Seat, Viewer};

pub use crate::features::tournaments::page::{WebPairing, WebRound, WebTournament};
pub use crate::store::tournaments::Stage as TournamentStage;
pub use crate::store::web::{TournamentVersion, WebLink};
pub use crate::table::board_cache::WebBoard;
use crate::{
    base::{
        ai_seat,
        i18n::{Lang, Msg},
        ids::GameId,
        origin::Origin,
        reply::User,
    },
    host::Host,
    store::{Status, StorageError},
    table::context::{Ctx, Loaded},
};

/// One player as the page lists them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebPlayer {
    /// Display name ("Spieltisch (AI)" for an AI seat).
    pub name: String,
    /// Whether the seat is played by the bot.
    pub ai: bool,
    /// The score in the game's own unit, as words ("12 points", "3 stones"), when the
    /// game keeps one.
    pub score: Option<String>,
    /// Whether the player is to move now.
    pub to_move: bool,
    /// For a human to move: the time left for this move, in words ("1 day 12 hours"),
    /// `None` also when it has run out (see `time_up`).
    pub time_left: Option<String>,
    /// For a human to move: whether the time for this move has run out (the timeout
    /// is not handled yet).
    pub time_up: bool,
    /// Whether the player has left the game (resigned, claimed against, timed out).
    pub left: bool,
}

/// The page of one game, in one language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebGame {
    pub id: GameId,
    /// The game's name in the page's language.
    pub game: String,
    pub channel: String,
    /// `Running` or `Finished` (a page exists only from the start on).
    pub status: Status,
    pub players: Vec<WebPlayer>,
    /// Whose turn it is, or the final ranking, one line each (as `board` says it).
    pub status_lines: Vec<String>,
    /// The log in the reader's words: entry `i` leads from position `i` to `i + 1`.
    pub moves: Vec<String>,
    /// How many take-backs the game has had: board URLs carry it, so a board of a
    /// taken-back position is never served from a cache.
    pub takebacks: i64,
    /// The seat whose private link this is (`None`: the spectators').
    pub seat: Option<Seat>,
    /// Whether that seat has a hand to show now.
    pub has_hand: bool,
    /// The game's review, once it has been computed (`review`; issue 44).
    pub review: Option<WebReview>,
}

/// What the page shows of a finished game's review: its graph (`review.png`) and the
/// marks of the moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebReview {
    /// Per log entry its mark's word (`inaccuracy`, `mistake`, `blunder`), `None` for an
    /// unmarked move or an event.
    pub marks: Vec<Option<&'static str>>,
    /// The mark's name in the page's language, by word (`inaccuracy` → "Ungenauigkeit").
    pub names: Vec<(&'static str, String)>,
}

impl WebGame {
    /// The number of positions after the start (the last position's number).
    pub fn last_position(&self) -> usize {
        self.moves.len()
    }
}

/// What changes when the game moves on: for a page that polls for news.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct WebVersion {
    pub seq: u64,
    pub takebacks: i64,
    pub finished: bool,
}

/// Whether `token` can be one of ours (32 lowercase hex digits): anything else is
/// refused before the database is asked.
pub fn plausible_token(token: &str) -> bool {
    token.len() == 32 && token.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

impl Host {
    /// The link `token` stands for and its game's row, once the game has started;
    /// `None` for a token that is not ours or a game not started.
    async fn web_row(&self, token: &str) -> Result<Option<(WebLink, crate::store::GameRow)>, StorageError> {
        if !plausible_token(token) {
            return Ok(None);
        }
        let Some(link) = self.db.web_link(token).await? else { return Ok(None) };
        let Some(row) = self.db.game(link.game).await? else { return Ok(None) };
        Ok(matches!(row.status, Status::Running | Status::Finished).then_some((link, row)))
    }

    /// As [`Host::web_row`], and `None` for a game hidden by an open challenge: what
    /// every route of the page shows or hides alike.
    async fn web_visible_row(&self, token: &str) -> Result<Option<(WebLink, crate::store::GameRow)>, StorageError> {
        let Some((link, row)) = self.web_row(token).await? else { return Ok(None) };
        if let Some((challenge, _)) = self.challenge_of_game(link.game).await?
            && challenge.is_open()
        {
            return Ok(None);
        }
        Ok(Some((link, row)))
    }

    /// The game behind `token`, loaded, its AI seats named in `lang`; `None` for an
    /// unknown token, a game that has not started, or one hidden by an open challenge.
    async fn web_loaded(&self, token: &str, lang: Lang) -> Result<Option<(WebLink, Loaded)>, StorageError> {
        let Some((link, row)) = self.web_visible_row(token).await? else { return Ok(None) };
        let loaded = self.load(row).await?.named_in(&self.texts, lang);
        if loaded.game.is_none() {
            return Ok(None);
        }
        Ok(Some((link, loaded)))
    }

    /// What polling needs: the move number, take-backs and whether the game is over;
    /// `None` as for [`Host::web_game`].
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn web_version(&self, token: &str) -> Result<Option<WebVersion>, StorageError> {
        let Some((_, row)) = self.web_visible_row(token).await? else { return Ok(None) };
        Ok(Some(WebVersion { seq: row.seq, takebacks: row.takebacks, finished: row.status == Status::Finished }))
    }

    /// The page of the game behind `token` in `lang`; `None` for an unknown token, a
    /// game not started yet, or one of an open Hathor challenge.
    ///
    /// # Errors
    /// [`StorageError`] when a read fails or the stored game no longer replays.
    pub async fn web_game(&self, token: &str, lang: Lang) -> Result<Option<WebGame>, StorageError> {
        let Some((link, loaded)) = self.web_loaded(token, lang).await? else { return Ok(None) };
        let Some(game) = &loaded.game else { return Ok(None) };
        let origin = web_origin(&loaded, lang);
        let ctx = Ctx { table: self, origin: &origin, lang, channel_lang: lang, admin: false, verb: None, chosen: None, ahead: None };
        let ctx = &ctx;
        let entries = self.db.log_after(loaded.row.id, 0).await?;
        let notes = crate::table::games::played_notes(game.as_ref());
        let moves = entries
            .iter()
            .enumerate()
            .map(|(i, e)| crate::features::takeback::entry_words(ctx, &loaded, e, notes.get(i).and_then(Option::as_ref)))
            .collect();
        let status_lines = crate::table::turn::status_text(ctx, &loaded, game.as_ref(), false)
            .plain()
            .lines()
            .map(str::to_string)
            .filter(|l| !l.trim().is_empty())
            .collect();
        let players = self.web_players(ctx, &loaded, game.as_ref()).await?;
        let has_hand = link
            .seat
            .is_some_and(|seat| crate::table::games::hand_text(&game.view(Viewer::Seat(seat)), seat).is_some_and(|h| !h.is_empty()));
        Ok(Some(WebGame {
            id: loaded.row.id,
            game: lang.game_name(loaded.kind).to_string(),
            channel: loaded.row.channel.clone(),
            status: loaded.row.status,
            players,
            status_lines,
            moves,
            takebacks: loaded.row.takebacks,
            seat: link.seat,
            has_hand,
            review: self.web_review_marks(&loaded, lang).await?,
        }))
    }

    /// The marks of the game's review when it has been computed (all its moves stored).
    async fn web_review_marks(&self, loaded: &Loaded, lang: Lang) -> Result<Option<WebReview>, StorageError> {
        let Some(game) = loaded.game.as_ref().filter(|g| g.is_finished()) else { return Ok(None) };
        let Some(chances) = crate::features::review::stored_review(self, loaded.row.id, game.log().len()).await? else { return Ok(None) };
        let marks = crate::features::review::mark_words(&chances);
        let names = ["inaccuracy", "mistake", "blunder"]
            .into_iter()
            .map(|w| (w, self.texts.plain(lang, &Msg::new(format!("review-mark-{w}")))))
            .collect();
        Ok(Some(WebReview { marks, names }))
    }

    /// The graph of the review of the game behind `token`, its words in `lang`; `None`
    /// when there is no such game or its review has not been computed.
    ///
    /// # Errors
    /// [`StorageError`] when a read fails or drawing fails.
    pub async fn web_review_png(&self, token: &str, lang: Lang) -> Result<Option<Vec<u8>>, StorageError> {
        let Some((_, loaded)) = self.web_loaded(token, lang).await? else { return Ok(None) };
        let Some(game) = loaded.game.as_ref().filter(|g| g.is_finished()) else { return Ok(None) };
        let id = loaded.row.id;
        let Some(chances) = crate::features::review::stored_review(self, id, game.log().len()).await? else { return Ok(None) };
        crate::features::review::graph_png(self, id, &loaded.names(), &chances, lang).await.map(Some)
    }

    async fn web_players(&self, ctx: &Ctx<'_>, loaded: &Loaded, game: &dyn Match) -> Result<Vec<WebPlayer>, StorageError> {
        let scores = game.scores();
        let to_move = if game.is_finished() { Vec::new() } else { game.to_move() };
        let turn = crate::store::turns::turn_of(&self.db, loaded.row.id).await?;
        let default_ms = match &turn {
            Some(turn) => crate::store::settings::channel_settings(&self.db, &turn.platform, &turn.scope)
                .await?
                .clock(&self.options.clock)
                .move_ms,
            None => 0,
        };
        let removed = game.removed();
        let mut players = Vec::new();
        for player in &loaded.players {
            let ai = ai_seat::is_ai(&player.user_id);
            let moving = to_move.contains(&player.seat);
            let left_ms = match (&turn, moving && !ai) {
                (Some(turn), true) => Some(crate::store::turns::seat_clock(&self.db, turn, &player.user_id, default_ms, ctx.now()).await?.left_ms()),
                _ => None,
            };
            let time_up = left_ms.is_some_and(|ms| ms <= 0);
            let time_left = left_ms.filter(|&ms| ms > 0).map(|ms| crate::base::time::format_duration(&self.texts, ctx.lang, ms));
            let score = scores.as_ref().and_then(|s| s.get(player.seat)).map(|&points| {
                self.texts.plain(ctx.lang, &Msg::new("web-score").arg("points", points).arg("game", loaded.kind.id()))
            });
            let left = removed.contains(&player.seat);
            players.push(WebPlayer { name: player.name.clone(), ai, score, to_move: moving, time_left, time_up, left });
        }
        Ok(players)
    }

    /// The spectator board after `n` moves of the game behind `token`, its words in
    /// `lang`; `None` for an unknown token or `n` past the last move. Drawn boards are
    /// kept (a position never changes, unless a take-back replaces it: the key holds the
    /// take-back count).
    ///
    /// # Errors
    /// [`StorageError`] when a read fails, the game no longer replays, or drawing fails.
    pub async fn web_board(&self, token: &str, n: usize, lang: Lang) -> Result<Option<WebBoard>, StorageError> {
        let Some((_, loaded)) = self.web_loaded(token, lang).await? else { return Ok(None) };
        let Some(game) = &loaded.game else { return Ok(None) };
        let log = game.log();
        if n > log.len() {
            return Ok(None);
        }
        let key = (loaded.row.id, loaded.row.takebacks, n, lang);
        if let Some(board) = self.web_boards().get(&key) {
            return Ok(Some(board));
        }
        let damaged = |e: String| StorageError::Damaged(format!("game #{}: {e}", loaded.row.id));
        let mut position = rules::open(loaded.kind, &loaded.row.options, loaded.players.len(), loaded.row.setup.clone(), Some(loaded.row.seed))
            .map_err(|e| damaged(e.to_string()))?;
        for entry in &log[..n] {
            position.play(entry).map_err(|e| damaged(format!("stored move {entry} is refused: {e}")))?;
        }
        let view = position.view(Viewer::Spectator);
        let names = loaded.names();
        let png = tokio::task::spawn_blocking(move || render::board_png(&view, &names, lang))
            .await
            .map_err(|e| damaged(format!("the board task failed: {e}")))?
            .map_err(|e| damaged(format!("the board could not be drawn: {e}")))?;
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (loaded.row.id, loaded.row.takebacks, n, lang.code(), &log[..n]).hash(&mut hasher);
        let board = WebBoard { etag: format!("\"{:016x}-{}\"", hasher.finish(), png.len()), png: Arc::new(png) };
        self.web_boards().put(key, board.clone());
        Ok(Some(board))
    }

    /// The hand of the player whose link `token` is, now, drawn with its words in
    /// `lang`; `None` for the spectators' link, an unknown token, or no hand (a game
    /// without hands, or after the end).
    ///
    /// # Errors
    /// [`StorageError`] when a read fails or drawing fails.
    pub async fn web_hand(&self, token: &str, lang: Lang) -> Result<Option<Vec<u8>>, StorageError> {
        let Some((link, loaded)) = self.web_loaded(token, lang).await? else { return Ok(None) };
        let (Some(seat), Some(game)) = (link.seat, &loaded.game) else { return Ok(None) };
        let view = game.view(Viewer::Seat(seat));
        let names = loaded.names();
        let id = loaded.row.id;
        tokio::task::spawn_blocking(move || render::hand_png(&view, seat, &names, lang))
            .await
            .map_err(|e| StorageError::Damaged(format!("game #{id}: the hand task failed: {e}")))?
            .map_err(|e| StorageError::Damaged(format!("game #{id}: the hand could not be drawn: {e}")))
    }

    /// The record of the game behind `token` as the public may see it: a finished
    /// game's whole record; a running game's without setup and seed (they give the
    /// future away). `None` as for [`Host::web_game`].
    ///
    /// # Errors
    /// [`StorageError`] when a read fails.
    pub async fn web_record(&self, token: &str) -> Result<Option<rules::record::Record>, StorageError> {
        let Some((_, loaded)) = self.web_loaded(token, Lang::En).await? else { return Ok(None) };
        let Some(game) = &loaded.game else { return Ok(None) };
        let Some(mut record) = self.record_of(&loaded).await? else { return Ok(None) };
        if !game.is_finished() {
            record.setup = None;
            record.seed = None;
        }
        Ok(Some(record))
    }
}

impl Host {
    /// The tournament whose page `token` is, as stored; `None` for a token that is not
    /// ours.
    async fn web_tournament_row(&self, token: &str) -> Result<Option<crate::store::tournaments::TournamentRow>, StorageError> {
        if !plausible_token(token) {
            return Ok(None);
        }
        let Some(id) = self.db.tournament_of_token(token).await? else { return Ok(None) };
        self.db.tournament(id).await
    }

    /// The page of the tournament behind `token` (`/t/<token>`) in `lang`: its state,
    /// standings and rounds, every game with its page's token (made now for a game that
    /// has none); `None` for an unknown token.
    ///
    /// # Errors
    /// [`StorageError`] when a read or a token's write fails, or a game no longer replays.
    pub async fn web_tournament(&self, token: &str, lang: Lang) -> Result<Option<WebTournament>, StorageError> {
        let Some(t) = self.web_tournament_row(token).await? else { return Ok(None) };
        crate::features::tournaments::page::web_page(self, &t, lang).await.map(Some)
    }

    /// What the tournament page's polling compares ([`TournamentVersion`]); `None` for an
    /// unknown token.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn web_tournament_version(&self, token: &str) -> Result<Option<TournamentVersion>, StorageError> {
        if !plausible_token(token) {
            return Ok(None);
        }
        let Some(id) = self.db.tournament_of_token(token).await? else { return Ok(None) };
        self.db.tournament_version(id).await
    }
}

/// The origin the page's texts are made for: a spectator in the game's channel.
fn web_origin(loaded: &Loaded, lang: Lang) -> Origin {
    Origin {
        platform: loaded.row.platform.clone(),
        channel: loaded.row.channel.clone(),
        server: loaded.row.server.clone(),
        user: User::new("web", "web"),
        is_admin: false,
        lang: Some(lang),
    }
}
