//! # Spieltisch AI players
//!
//! An AI seat for each of the five games, over the rules core's [`rules::Game`] trait:
//! determinized Monte Carlo tree search (UCT in several sampled worlds), plus the
//! `random` and `greedy` baselines, the independent `ismcts:N` yardstick (a plain
//! information-set MCTS written apart from the levels' search) and the [`arena`] that
//! measures them.
//!
//! **Fairness by construction.** An agent sees a game only through a [`SeatView`]:
//! the public log of moves, who made them, the public setup and what the seat itself
//! holds (its hand, the stones it has seen). Other hands, the order of the pile or deck
//! and future dice are not in it, and no full game state can be made from it: the
//! search samples the hidden parts afresh ([`SeatView`] docs), builds worlds through
//! the rules' own validated constructor and replays the public log on them.
//!
//! **Determinism.** [`choose`] is a pure function of (view, level, seed): the search
//! uses a ChaCha generator seeded from `seed` and counts playouts, never time. The
//! caller enforces time budgets; the playout counts per level keep a move under about
//! a second on one core (measured by the arena, see the README).
//!
//! ```
//! use ai::{choose, Level, SeatView};
//! use rules::{open, GameKind, Match};
//! let mut game = open(GameKind::Carat, &serde_json::json!({"players": 2}), 2, None, Some(7)).unwrap();
//! let seat = game.to_move()[0];
//! let view = SeatView::of(game.as_ref(), seat).unwrap();
//! let text = choose(&view, Level::Easy, 1).unwrap();
//! assert!(game.play(&text).is_ok());
//! ```

/// Calls `$f::<G>(args)` with `G` the game type of `$kind`, one arm per game of the
/// registry ([`rules::for_each_game`]): a game without the trait `$f` needs fails to
/// compile.
macro_rules! per_game {
    ($kind:expr, $f:ident $args:tt) => {
        rules::for_each_game!(per_game_arms $kind, $f $args)
    };
}

macro_rules! per_game_arms {
    ([$kind:expr, $f:ident $args:tt] $($(#[$meta:meta])* $variant:ident: $game:path, $view:path;)*) => {
        match $kind {
            $(rules::GameKind::$variant => $f::<$game> $args,)*
        }
    };
}

// The layers, lowest first; a module uses only those above it in this list (the
// compiler does not check it, `cycles` in the development docs does):
// what a seat knows, the agents' names
mod agent;
mod knowledge;
mod seat_view;
// what the search needs of a game
mod ai_game;
// the searches
mod chances;
mod greedy;
mod ismcts;
mod search;
mod world;
// each game's part
mod games;
// from a game's kind to its type; the public faces
mod dispatch;
pub mod arena;
pub mod review;

pub use agent::{Agent, Level};

/// The `master` level's CPU budget per move when the host sets none: 30 s (issue 42;
/// the host's `[ai] master_seconds`).
pub const MASTER_CPU: std::time::Duration = std::time::Duration::from_secs(30);
pub use seat_view::SeatView;

/// Why an agent could not choose a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AiError {
    /// The seat is not among those to move (or the game is over).
    #[error("seat {0} is not to move")]
    NotToMove(rules::Seat),
    /// The seat does not exist in this game.
    #[error("there is no seat {0} in this game")]
    NoSuchSeat(rules::Seat),
    /// No world consistent with the view could be built (a bug in a sampler; the
    /// message names the rule that refused the replayed log).
    #[error("no world consistent with the view: {0}")]
    World(String),
}

/// The move an AI seat of `level` plays, in the game's notation, ready for
/// [`rules::Match::play`].
///
/// Deterministic: the same `view`, `level` and `seed` give the same move. Runs
/// synchronously (call it from a blocking task); at [`Level::Normal`] it takes well under
/// a second on one core, at [`Level::Hard`] a few times as long.
///
/// # Errors
/// [`AiError::NotToMove`] when the view's seat is not to move (or the game is over).
pub fn choose(view: &SeatView, level: Level, seed: u64) -> Result<String, AiError> {
    Agent::Level(level).choose(view, seed)
}

/// The move of an AI seat of `level` as [`choose`] gives it, with `master_cpu` the CPU
/// budget per move of [`Level::Master`] (the other levels ignore it). A master search
/// runs on the calling thread for up to `master_cpu` of its CPU time (plus at most one
/// sampled world's search; less when its choice is settled early: a seat with one legal
/// move, or a lead no remaining world could close; Helofag's `master` moves at once), so call it from a
/// blocking thread; it is not deterministic (how far it gets depends on the machine).
///
/// # Errors
/// [`AiError::NotToMove`] when the view's seat is not to move (or the game is over).
pub fn choose_within(view: &SeatView, level: Level, seed: u64, master_cpu: std::time::Duration) -> Result<String, AiError> {
    match level {
        Level::Master => Agent::Master(master_cpu).choose(view, seed),
        other => Agent::Level(other).choose(view, seed),
    }
}
