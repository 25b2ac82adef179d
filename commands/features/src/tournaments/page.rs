//! What a tournament's web page shows (`[web]`, `/t/<token>`; issue 39, "Standings as a
//! picture … a web page per tournament"): the state, the standings table (the same table
//! as the standings picture, [`super::picture::table`], with a round robin's cross
//! table), and every round's pairings with their results, each game with its page's
//! token, the bye named. Texts in the page's language; served by the web adapter.
//!
//! Results: a counted round's from `tournament_pairings.result`; a game of the round
//! being played that has ended shows its result already (from its ranking, as it will be
//! counted), a running one whose move it is.

use std::collections::HashMap;

use crate::{
    base::i18n::{Lang, Msg},
    base::ids::{GameId, TournamentId},
    store::tournaments::{PairingRow, Stage, TournamentRow},
    store::{Status, StorageError},
    table::Table,
};

use super::{channel_ctx, channel_origin, picture, result_of, texts::{counted_pairings, header, name_of, shown, standings_title, table_of, utc_time}};
use crate::store::tournaments::System;

/// The page of one tournament, in one language.
#[derive(Debug, Clone, PartialEq)]
pub struct WebTournament {
    pub id: TournamentId,
    /// "Tournament #3: Carat".
    pub title: String,
    /// Where it stands, as `tournament` says it: "Tournament #3 (Carat, Swiss, …): round
    /// 2 of 3."
    pub state: String,
    /// The channel it is played in.
    pub channel: String,
    pub stage: Stage,
    /// During sign-up: who has signed up, how many are needed, until when (else `None`).
    pub signup: Option<String>,
    /// The standings from the start on: place, player, points and tie-breaks (and a
    /// round robin's cross table), as the standings picture has them.
    pub standings: Option<render::table::Table>,
    /// The rounds paired so far, the newest first.
    pub rounds: Vec<WebRound>,
    /// A Hathor series (its table: total, best round, the rounds' points).
    pub series: bool,
}

impl WebTournament {
    /// Whether the page may still change (sign-up or running): it then polls.
    pub fn live(&self) -> bool {
        matches!(self.stage, Stage::Signup | Stage::Running)
    }
}

/// One round's pairings: the games by board, then the bye.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebRound {
    /// From 1.
    pub round: u32,
    /// "Round 2".
    pub title: String,
    pub pairings: Vec<WebPairing>,
}

/// One pairing of a round as the page lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebPairing {
    /// The game played for it and its page's token (spectators'); `None` for the bye and
    /// a forfeit (no game).
    pub game: Option<(GameId, String)>,
    /// "alice – bob: 1–0", "alice – bob: bob to move", "carol has the bye (1 point)."
    pub text: String,
    /// Whether this is the bye.
    pub bye: bool,
}

/// The page of tournament `t` in `lang`. Every game of it gets its page's token, made
/// now (128 random bits) for a game that has none yet.
///
/// # Errors
/// [`StorageError`] when a read or a write of a token fails, or a game no longer replays.
pub async fn web_page(table: &Table, t: &TournamentRow, lang: Lang) -> Result<WebTournament, StorageError> {
    let origin = channel_origin(t, lang);
    let ctx = channel_ctx(table, &origin, lang);
    let ctx = &ctx;
    let texts = &table.texts;
    let db = &table.db;
    let entrants = db.entrants(t.id).await?;
    let game_name = t.kind.parse::<rules::GameKind>().map_or_else(|_| t.kind.clone(), |k| ctx.game_name(k).to_string());
    let title = texts.plain(lang, &Msg::new("web-tournament-title").arg("id", t.id).arg("game", game_name));
    let state = texts.plain(lang, &header(ctx, t));
    let signup = (t.stage == Stage::Signup).then(|| {
        let names: Vec<String> = entrants.iter().map(|e| shown(ctx, e)).collect();
        texts.plain(
            lang,
            &Msg::new("tournament-signup-status")
                .arg("players", names.join(", "))
                .arg("count", names.len())
                .arg("min", super::min_players(t))
                .arg("until", utc_time(t.signup_ends)),
        )
    });
    let pairings = db.pairings(t.id).await?;
    let standings = if t.stage == Stage::Signup || pairings.is_empty() {
        None
    } else if t.system == System::Series {
        Some(super::series_rounds::table(ctx, t, &entrants, &pairings))
    } else {
        let counted = counted_pairings(&pairings);
        let lines = table_of(table, t, &entrants, &counted).await?;
        Some(picture::table(texts, lang, standings_title(ctx, t, &counted), t, &entrants, &counted, &lines))
    };
    let mut tokens: HashMap<GameId, String> = db.tournament_game_tokens(t.id).await?.into_iter().collect();
    let mut rounds: Vec<WebRound> = Vec::new();
    let mut this: Vec<&PairingRow> = pairings.iter().collect();
    // The newest round first; in a round the games by board, then the bye.
    this.sort_by_key(|p| (std::cmp::Reverse(p.round), p.black.is_none(), p.board, p.leg));
    for p in this {
        if rounds.last().is_none_or(|r| r.round != p.round) {
            rounds.push(WebRound { round: p.round, title: texts.plain(lang, &Msg::new("web-tournament-round").arg("round", p.round)), pairings: Vec::new() });
        }
        let white = name_of(ctx, &entrants, &p.white);
        let (text, bye) = match (&p.black, p.game) {
            // A series game: its entrant's points, or that it is being played.
            (None, Some(game)) if t.system == System::Series => {
                let result = match p.points {
                    Some(points) => texts.plain(lang, &Msg::new("web-tournament-series-points").arg("points", points)),
                    None => series_result(table, ctx, game).await?,
                };
                (texts.plain(lang, &Msg::new("web-tournament-series-game").arg("player", white).arg("result", result)), false)
            }
            // A bye of someone who had left: nothing happened.
            (None, _) if p.result.as_deref() == Some("0-0") => continue,
            (None, _) => (texts.plain(lang, &Msg::new("tournament-pairing-bye").arg("player", white)), true),
            (Some(black), None) => {
                let msg = Msg::new("tournament-pairing-forfeit")
                    .arg("white", white)
                    .arg("black", name_of(ctx, &entrants, black))
                    .arg("result", p.result.clone().unwrap_or_default());
                (texts.plain(lang, &msg), false)
            }
            (Some(black), Some(game)) => {
                let result = match p.result.as_deref() {
                    Some(word) => result_words(word),
                    None => game_result(table, ctx, game, &p.white).await?,
                };
                let msg = Msg::new("web-tournament-game").arg("white", white).arg("black", name_of(ctx, &entrants, black)).arg("result", result);
                (texts.plain(lang, &msg), false)
            }
        };
        let game = match p.game {
            Some(id) => {
                let token = match tokens.get(&id) {
                    Some(token) => token.clone(),
                    None => {
                        let made = db.web_token(crate::store::web::WebLink { game: id, seat: None }, &crate::base::ids::random_hex(16)).await?;
                        tokens.insert(id, made.clone());
                        made
                    }
                };
                Some((id, token))
            }
            None => None,
        };
        if let Some(round) = rounds.last_mut() {
            round.pairings.push(WebPairing { game, text, bye });
        }
    }
    Ok(WebTournament { id: t.id, title, state, channel: t.channel.clone(), stage: t.stage, signup, standings, rounds, series: t.system == System::Series })
}

/// A series game of the round being played: its points once it has ended (as they will
/// be counted), else that it is being played.
async fn series_result(table: &Table, ctx: &crate::table::context::Ctx<'_>, id: GameId) -> Result<String, StorageError> {
    let Some(row) = table.db.game(id).await? else { return Ok(String::new()) };
    if row.status == Status::Running {
        return Ok(table.texts.plain(ctx.lang, &Msg::new("web-tournament-series-playing")));
    }
    let loaded = table.load(row).await?;
    let points = loaded.game.as_ref().and_then(|g| g.scores()).and_then(|s| s.first().copied()).unwrap_or(0);
    Ok(table.texts.plain(ctx.lang, &Msg::new("web-tournament-series-points").arg("points", points)))
}

/// A stored result word as the page writes it: `1–0`, `0–1`, `½–½`, `0–0`, `+–−`, `−–+`.
pub(super) fn result_words(word: &str) -> String {
    match word {
        "1-0" => "1–0",
        "0-1" => "0–1",
        "1/2" => "½–½",
        "+-" => "+–−",
        "-+" => "−–+",
        _ => "0–0",
    }
    .to_string()
}

/// The result of tournament game `id` (first mover `white`) of the round being played:
/// as it will be counted once it has ended, else who is to move.
async fn game_result(table: &Table, ctx: &crate::table::context::Ctx<'_>, id: GameId, white: &str) -> Result<String, StorageError> {
    let Some(row) = table.db.game(id).await? else { return Ok(String::new()) };
    if row.status == Status::Running {
        let players = table.db.players(id).await?;
        let to_move: Vec<String> =
            row.to_move.iter().filter_map(|s| players.get(*s)).map(|p| crate::base::ai_seat::shown_name(&table.texts, ctx.lang, &p.user_id, &p.name)).collect();
        return Ok(table.texts.plain(ctx.lang, &Msg::new("web-tournament-to-move").arg("to_move", to_move.join(", "))));
    }
    let loaded = table.load(row).await?;
    Ok(result_words(result_of(&loaded, white)))
}
