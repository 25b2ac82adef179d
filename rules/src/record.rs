//! Game records and the `replay` summary (spec README, "Game records and the `replay`
//! command").

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::{open, GameKind, Match, SetupError};

/// A game record: fully determines a game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub game: String,
    #[serde(default)]
    pub options: Value,
    pub players: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    #[serde(default)]
    pub moves: Vec<String>,
    /// The clock with a bank the game was played with, if any (an extension of the
    /// spec's record; docs "Clocks with a bank").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<RecordClock>,
}

/// A clock with a bank in a record (`time=1d+3d`): the time per move and each player's
/// bank at the start, in milliseconds, and for each entry of `moves`, in order, what
/// that entry took from its mover's bank (ms; 0 for a move within the time per move and
/// for events). Replaying gives each player's bank left ([`Summary::bank_left_ms`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordClock {
    pub move_ms: i64,
    pub bank_ms: i64,
    pub bank_used_ms: Vec<i64>,
}

impl Record {
    /// The record of a game in progress or finished: the resolved setup and the log.
    pub fn of(game: &dyn Match, players: &[String]) -> Record {
        Record {
            game: game.kind().id().to_string(),
            options: game.options(),
            players: players.to_vec(),
            setup: Some(game.resolved_setup()),
            seed: game.seed(),
            moves: game.log().to_vec(),
            clock: None,
        }
    }

    /// Creates the game this record starts (before any move).
    ///
    /// # Errors
    /// [`SetupError`] for an unknown game, bad options or an inconsistent setup.
    pub fn start(&self) -> Result<Box<dyn Match>, SetupError> {
        let kind: GameKind = self.game.parse()?;
        open(kind, &self.options, self.players.len(), self.setup.clone(), self.seed)
    }
}

/// The replay summary: one JSON object (spec README).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub game: String,
    pub status: String,
    pub moves_applied: usize,
    pub to_move: Vec<usize>,
    pub scores: Option<Vec<i64>>,
    pub ranking: Option<Vec<Vec<usize>>>,
    pub legal_moves: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub details: Option<Value>,
    /// In a record with a clock with a bank: each player's bank left after the moves, in
    /// milliseconds, by seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_left_ms: Option<Vec<i64>>,
}

/// What replaying a record gives: the JSON to print and the exit status (0 or 2).
#[derive(Debug, Clone, PartialEq)]
pub struct Replay {
    pub output: Value,
    pub exit_status: i32,
}

/// Replays a record given as JSON text.
///
/// Exit status 0 and the [`Summary`] when every move applied; exit status 2 and
/// `{"error": {"move_index", "move", "reason"}, "state": <summary>}` at the first
/// illegal or unparsable move; exit status 2 and `{"error": {"reason"}}` for a
/// malformed record.
pub fn replay(text: &str) -> Replay {
    let malformed = |reason: String| Replay { output: json!({ "error": { "reason": reason } }), exit_status: 2 };
    let record: Record = match serde_json::from_str(text) {
        Ok(r) => r,
        Err(e) => return malformed(format!("not a game record: {e}")),
    };
    let banks = match bank_left(&record) {
        Ok(banks) => banks,
        Err(e) => return malformed(e.0),
    };
    let summary = |game: &dyn Match, applied: usize| {
        let mut summary = game.summary();
        summary.bank_left_ms = banks.as_ref().map(|b| b.get(applied).cloned().unwrap_or_default());
        serde_json::to_value(summary).unwrap_or(Value::Null)
    };
    match replay_record(&record) {
        Ok((game, None)) => Replay { output: summary(game.as_ref(), record.moves.len()), exit_status: 0 },
        Ok((game, Some((index, reason)))) => Replay {
            output: json!({
                "error": { "move_index": index, "move": record.moves[index], "reason": reason },
                "state": summary(game.as_ref(), index),
            }),
            exit_status: 2,
        },
        Err(e) => malformed(e.0),
    }
}

/// Each player's bank left before each entry of `record.moves` and after the last
/// (`[k][seat]`, ms), from its clock; `None` for a record without one. The mover of an
/// entry is the (first) seat to move before it; of `@timeout P`, P.
///
/// # Errors
/// [`SetupError`] for a clock that does not fit the record: a time or bank below one
/// minute, not one `bank_used_ms` per move, a negative one, or more taken than a
/// player's bank holds.
pub fn bank_left(record: &Record) -> Result<Option<Vec<Vec<i64>>>, SetupError> {
    let Some(clock) = &record.clock else { return Ok(None) };
    let bad = |why: String| SetupError(format!("clock: {why}"));
    if clock.move_ms < 60_000 || clock.bank_ms < 60_000 {
        return Err(bad("the time per move and the bank are at least one minute (60000 ms)".into()));
    }
    if clock.bank_used_ms.len() != record.moves.len() {
        return Err(bad(format!("{} entries in bank_used_ms for {} moves", clock.bank_used_ms.len(), record.moves.len())));
    }
    let mut game = record.start()?;
    let mut left = vec![clock.bank_ms; record.players.len()];
    let mut out = vec![left.clone()];
    for (index, (mv, &used)) in record.moves.iter().zip(&clock.bank_used_ms).enumerate() {
        if used < 0 {
            return Err(bad(format!("move {index} takes a negative time from the bank")));
        }
        // The mover of an entry is the (first) seat to move before it; of `@timeout P`,
        // P, whose time (and bank) ran out.
        let mover = match crate::Event::parse(mv) {
            Some(Ok(crate::Event::Timeout(lost))) => Some(lost),
            _ => game.to_move().first().copied(),
        };
        if let Some(mover) = mover {
            let bank = left.get_mut(mover).ok_or_else(|| bad(format!("move {index}: no seat {mover}")))?;
            if used > *bank {
                return Err(bad(format!("move {index} takes {used} ms from a bank of {bank} ms")));
            }
            *bank -= used;
        } else if used != 0 {
            return Err(bad(format!("move {index} has nobody to move")));
        }
        if game.play(mv).is_err() {
            break;
        }
        out.push(left.clone());
    }
    Ok(Some(out))
}

/// A replayed record: the game as far as its moves were legal, and the index and reason
/// of the first refused move, if any.
pub type Replayed = (Box<dyn Match>, Option<(usize, String)>);

/// Plays a record's moves; stops at the first refused move and returns its index and
/// reason together with the game before it.
///
/// # Errors
/// [`SetupError`] when the record cannot start a game.
pub fn replay_record(record: &Record) -> Result<Replayed, SetupError> {
    let mut game = record.start()?;
    for (index, mv) in record.moves.iter().enumerate() {
        if let Err(e) = game.play(mv) {
            return Ok((game, Some((index, e.reason.text))));
        }
    }
    Ok((game, None))
}

