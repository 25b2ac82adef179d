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
    match replay_record(&record) {
        Ok((game, None)) => Replay { output: summary_json(game.as_ref()), exit_status: 0 },
        Ok((game, Some((index, reason)))) => Replay {
            output: json!({
                "error": { "move_index": index, "move": record.moves[index], "reason": reason },
                "state": summary_json(game.as_ref()),
            }),
            exit_status: 2,
        },
        Err(e) => malformed(e.0),
    }
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

fn summary_json(game: &dyn Match) -> Value {
    serde_json::to_value(game.summary()).unwrap_or(Value::Null)
}
