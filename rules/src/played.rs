//! A game in progress: the rules of one game plus its move log and the events
//! `@resign P`, `@timeout P` and `@abort` (spec README, "Game records").

use std::fmt;

use serde_json::{Map, Value};

use crate::{
    game::{Chance, Game, Seat, Viewer},
    record::Summary,
    AnyView, GameKind, Refusal, SetupError,
};

/// An event in a move list, written with a leading `@`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// `@resign P`: player P resigns.
    Resign(Seat),
    /// `@timeout P`: P's time ran out and the waiting players claimed it.
    Timeout(Seat),
    /// `@abort`: the game ends without a result.
    Abort,
}

impl Event {
    /// Parses `@resign P`, `@timeout P` or `@abort` (case-insensitive); `None` if `text`
    /// does not start with `@`.
    pub fn parse(text: &str) -> Option<Result<Event, Refusal>> {
        let rest = text.trim().strip_prefix('@')?;
        let words: Vec<String> = rest.split_whitespace().map(str::to_lowercase).collect();
        let seat = |w: Option<&String>| -> Result<Seat, Refusal> {
            w.and_then(|w| w.parse::<Seat>().ok())
                .ok_or_else(|| Refusal::new("event-needs-seat", "this event needs a player index, e.g. \"@resign 1\""))
        };
        Some(match words.first().map(String::as_str) {
            Some("resign") if words.len() == 2 => seat(words.get(1)).map(Event::Resign),
            Some("timeout") if words.len() == 2 => seat(words.get(1)).map(Event::Timeout),
            Some("abort") if words.len() == 1 => Ok(Event::Abort),
            _ => Err(Refusal::new("event-unknown", "unknown event: use @resign P, @timeout P or @abort")),
        })
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Resign(p) => write!(f, "@resign {p}"),
            Event::Timeout(p) => write!(f, "@timeout {p}"),
            Event::Abort => f.write_str("@abort"),
        }
    }
}

/// The two families of the rules' refusals, plus the state of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayErrorKind {
    /// The text is not a move (or event) of this game.
    Notation,
    /// The move is well-formed but breaks a rule.
    Illegal,
    /// The game is already over.
    GameOver,
}

/// A refused move or event: what kind of refusal, and why in one sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayError {
    pub kind: PlayErrorKind,
    pub reason: Refusal,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.reason.fmt(f)
    }
}

impl std::error::Error for PlayError {}

/// A game of any kind in progress, as the layers above see it. Moves and events go in
/// and come out as text in the game's notation.
pub trait Match: Send + Sync {
    /// Which game.
    fn kind(&self) -> GameKind;
    /// Whether `text` reads as a move of this game in its notation (legal or not, and
    /// also once the game is over): to tell a mistyped or late move from other text.
    fn reads_as_move(&self, text: &str) -> bool;
    /// Whether `text` is written as a move of this game whatever the hands hold
    /// ([`Game::written_as_move`]); events (`@resign P`) are not.
    fn written_as_move(&self, text: &str) -> bool;
    /// The number of players (seats), including removed ones.
    fn players(&self) -> usize;
    /// The options as a record stores them (with `players`).
    fn options(&self) -> Value;
    /// The seed, when the game has one.
    fn seed(&self) -> Option<u64>;
    /// The setup including the chance drawn so far (JSON of the game's setup).
    fn resolved_setup(&self) -> Value;
    /// The applied moves and events, canonically printed, in order.
    fn log(&self) -> &[String];
    /// Number of applied moves and events.
    fn moves_applied(&self) -> usize {
        self.log().len()
    }

    /// Applies a move in the game's notation, or an event (`@resign P`, ...), and returns
    /// its canonical form.
    ///
    /// # Errors
    /// [`PlayError`]; the game is then unchanged.
    fn play(&mut self, text: &str) -> Result<String, PlayError>;

    /// The seats that must act now (empty when finished).
    fn to_move(&self) -> Vec<Seat>;
    /// Whether the game is over (won, drawn, aborted).
    fn is_finished(&self) -> bool;
    /// Whether the game was aborted.
    fn aborted(&self) -> bool;
    /// Removed seats (resigned or timed out), in order of removal.
    fn removed(&self) -> &[Seat];
    /// The final ranking (best first, ties share a list; `[]` when aborted), `None`
    /// while the game goes on.
    fn ranking(&self) -> Option<Vec<Vec<Seat>>>;
    /// Points per seat, `None` for games without points.
    fn scores(&self) -> Option<Vec<i64>>;
    /// The legal moves of the player to move, canonically printed.
    fn legal_moves(&self) -> Vec<String>;
    /// The legal moves matching a filter (see [`Game::filter_moves`]).
    fn filter_moves(&self, filter: &str) -> Vec<String>;
    /// Game-specific public facts (`details` of the summary).
    fn details(&self) -> Option<Value>;
    /// What `viewer` may see.
    fn view(&self, viewer: Viewer) -> AnyView;
    /// The replay summary.
    fn summary(&self) -> Summary {
        let finished = self.is_finished();
        Summary {
            game: self.kind().id().to_string(),
            status: if finished { "finished" } else { "ongoing" }.to_string(),
            moves_applied: self.moves_applied(),
            to_move: self.to_move(),
            scores: self.scores(),
            ranking: self.ranking(),
            legal_moves: if finished { 0 } else { self.legal_moves().len() },
            details: self.details(),
            bank_left_ms: None,
        }
    }
    /// A copy of this game.
    fn box_clone(&self) -> Box<dyn Match>;
}

impl Clone for Box<dyn Match> {
    fn clone(&self) -> Self {
        self.box_clone()
    }
}

/// A [`Game`] with its log and events; implements [`Match`].
#[derive(Clone)]
pub struct Played<G: Game> {
    game: G,
    options: G::Options,
    players: usize,
    seed: Option<u64>,
    log: Vec<String>,
    removed: Vec<Seat>,
    aborted: bool,
}

impl<G: Game> Played<G> {
    /// Creates the game from a record's parts (see [`crate::open`]).
    ///
    /// # Errors
    /// [`SetupError`] for a bad player count, bad options or an inconsistent setup.
    pub fn open(options: &Value, players: usize, setup: Option<Value>, seed: Option<u64>) -> Result<Self, SetupError> {
        let kind = G::KIND;
        if !kind.players().contains(&players) {
            let range = kind.players();
            let count = if range.start() == range.end() {
                format!("{} player{}", range.end(), if *range.end() == 1 { "" } else { "s" })
            } else {
                format!("{} to {} players", range.start(), range.end())
            };
            return Err(SetupError::new(format!("{} is for {count}, not {players}", kind.name_en())));
        }
        let mut options = match options {
            Value::Null => Map::new(),
            Value::Object(map) => map.clone(),
            _ => return Err(SetupError::new("options must be a JSON object")),
        };
        if let Some(p) = options.remove("players")
            && p.as_u64() != Some(players as u64)
        {
            return Err(SetupError::new(format!("options.players is {p}, but the record names {players} players")));
        }
        let options: G::Options =
            serde_json::from_value(Value::Object(options)).map_err(|e| SetupError::new(format!("bad options: {e}")))?;
        let setup = match (setup, seed) {
            (Some(given), None) => given,
            (None, None) => return Err(SetupError::new("the record has neither a setup nor a seed")),
            (given, Some(seed)) => {
                let generated = G::random_setup(&options, players, &mut crate::rng::setup_rng(seed));
                let mut full = serde_json::to_value(generated)
                    .map_err(|e| SetupError::new(format!("cannot generate a setup: {e}")))?;
                match (given, &mut full) {
                    (Some(Value::Object(given)), Value::Object(full)) => full.extend(given),
                    (None | Some(Value::Null), _) => {}
                    (Some(_), _) => return Err(SetupError::new("setup must be a JSON object")),
                }
                full
            }
        };
        let setup: G::Setup = serde_json::from_value(setup).map_err(|e| SetupError::new(format!("bad setup: {e}")))?;
        let chance = seed.map_or_else(Chance::none, Chance::seeded);
        let game = G::new(&options, players, setup, chance)?;
        Ok(Played { game, options, players, seed, log: Vec::new(), removed: Vec::new(), aborted: false })
    }

    /// The game's own state (for its tests and benchmarks).
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Applies a parsed move.
    ///
    /// # Errors
    /// [`PlayError`] when the game is over or the move is illegal.
    pub fn apply(&mut self, mv: &G::Move) -> Result<(), PlayError> {
        if self.is_finished() {
            return Err(game_over());
        }
        self.game.apply(mv).map_err(|reason| PlayError { kind: PlayErrorKind::Illegal, reason })?;
        self.log.push(mv.to_string());
        Ok(())
    }

    fn active(&self) -> Vec<Seat> {
        (0..self.players).filter(|s| !self.removed.contains(s)).collect()
    }

    fn apply_event(&mut self, event: Event) -> Result<(), PlayError> {
        let illegal = |reason| PlayError { kind: PlayErrorKind::Illegal, reason };
        match event {
            Event::Abort => self.aborted = true,
            Event::Resign(seat) | Event::Timeout(seat) => {
                if seat >= self.players {
                    return Err(illegal(
                        Refusal::new("event-no-such-player", format!("there is no player {seat}")).arg("seat", seat),
                    ));
                }
                if self.removed.contains(&seat) {
                    return Err(illegal(
                        Refusal::new("event-already-removed", format!("player {seat} has already left the game"))
                            .arg("seat", seat),
                    ));
                }
                if self.players > 1 {
                    self.removed.push(seat);
                }
                // With two players the removed player simply loses; the game's own state
                // stays as it was. Otherwise the game learns of every removal, also the
                // one that leaves a single player in (Aratoth counts it as eliminated).
                if self.players != 2 {
                    match event {
                        Event::Timeout(_) => self.game.time_out_player(seat),
                        _ => self.game.remove_player(seat),
                    }
                }
            }
        }
        self.log.push(event.to_string());
        Ok(())
    }
}

fn game_over() -> PlayError {
    PlayError { kind: PlayErrorKind::GameOver, reason: Refusal::new("game-over", "the game is over") }
}

impl<G: Game> Match for Played<G> {
    fn kind(&self) -> GameKind {
        G::KIND
    }

    fn reads_as_move(&self, text: &str) -> bool {
        Event::parse(text).is_none() && self.game.parse_move(text).is_ok()
    }

    fn written_as_move(&self, text: &str) -> bool {
        Event::parse(text).is_none() && self.game.written_as_move(text)
    }

    fn players(&self) -> usize {
        self.players
    }

    fn options(&self) -> Value {
        let mut value = serde_json::to_value(&self.options).unwrap_or(Value::Null);
        if let Value::Object(map) = &mut value {
            map.insert("players".into(), Value::from(self.players));
            value
        } else {
            serde_json::json!({ "players": self.players })
        }
    }

    fn seed(&self) -> Option<u64> {
        self.seed
    }

    fn resolved_setup(&self) -> Value {
        serde_json::to_value(self.game.resolved_setup()).unwrap_or(Value::Null)
    }

    fn log(&self) -> &[String] {
        &self.log
    }

    fn play(&mut self, text: &str) -> Result<String, PlayError> {
        if self.is_finished() {
            return Err(game_over());
        }
        if let Some(event) = Event::parse(text) {
            let event = event.map_err(|reason| PlayError { kind: PlayErrorKind::Notation, reason })?;
            self.apply_event(event)?;
        } else {
            let mv = self.game.parse_move(text).map_err(|reason| PlayError { kind: PlayErrorKind::Notation, reason })?;
            self.apply(&mv)?;
        }
        Ok(self.log.last().cloned().unwrap_or_default())
    }

    fn to_move(&self) -> Vec<Seat> {
        if self.is_finished() {
            return Vec::new();
        }
        self.game.to_move().into_iter().filter(|s| !self.removed.contains(s)).collect()
    }

    fn is_finished(&self) -> bool {
        self.aborted || (self.players > 1 && self.active().len() <= 1) || self.game.outcome().is_some()
    }

    fn aborted(&self) -> bool {
        self.aborted
    }

    fn removed(&self) -> &[Seat] {
        &self.removed
    }

    fn ranking(&self) -> Option<Vec<Vec<Seat>>> {
        if self.aborted {
            return Some(Vec::new());
        }
        let active = self.active();
        let mut ranking: Vec<Vec<Seat>> = if self.players > 1 && active.len() <= 1 {
            vec![active]
        } else {
            self.game
                .outcome()?
                .into_iter()
                .map(|tier| tier.into_iter().filter(|s| !self.removed.contains(s)).collect::<Vec<_>>())
                .filter(|tier| !tier.is_empty())
                .collect()
        };
        ranking.extend(self.removed.iter().rev().map(|&s| vec![s]));
        Some(ranking)
    }

    fn scores(&self) -> Option<Vec<i64>> {
        self.game.scores()
    }

    fn legal_moves(&self) -> Vec<String> {
        if self.is_finished() {
            return Vec::new();
        }
        self.game.legal_moves().iter().map(ToString::to_string).collect()
    }

    fn filter_moves(&self, filter: &str) -> Vec<String> {
        if self.is_finished() {
            return Vec::new();
        }
        self.game.filter_moves(filter).iter().map(ToString::to_string).collect()
    }

    fn details(&self) -> Option<Value> {
        self.game.details()
    }

    fn view(&self, viewer: Viewer) -> AnyView {
        let mut view = self.game.view(viewer);
        if let Some(ranking) = self.ranking().filter(|_| self.is_finished()) {
            view.conclude(&ranking);
        }
        view
    }

    fn box_clone(&self) -> Box<dyn Match> {
        Box::new(self.clone())
    }
}
