//! The interface every game implements (spec README, "The rules core contract").

use std::{fmt, ops::RangeInclusive};

use serde::{de::DeserializeOwned, Serialize};

use crate::{rng::ChaCha20Rng, AnyView, GameKind, Refusal, SetupError};

/// A player's index, 0-based, in the order of the record's `players`.
pub type Seat = usize;

/// Who looks at a game: the view hides what that viewer may not see.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    /// Anyone in the channel: sees only public information.
    Spectator,
    /// A player: sees public information and their own private information.
    Seat(Seat),
    /// Sees everything (records, admins, the rules' own tests).
    Omniscient,
}

impl Viewer {
    /// Whether this viewer may see the private information of `seat`.
    pub fn sees_private_of(self, seat: Seat) -> bool {
        match self {
            Viewer::Spectator => false,
            Viewer::Seat(s) => s == seat,
            Viewer::Omniscient => true,
        }
    }
}

/// The source of chance that unfolds during play (Helofag's dice, Hathor variant 4's
/// random symbols). A record lists such outcomes in its setup; when the listed outcomes
/// run out, a live game (one with a seed) draws the next outcome from this generator at
/// the moment it is needed. Without a seed there is nothing to draw from.
#[derive(Debug, Clone)]
pub struct Chance(Option<ChaCha20Rng>);

impl Chance {
    /// Chance drawn from the game's seed (see [`crate::rng::play_rng`]).
    pub fn seeded(seed: u64) -> Self {
        Chance(Some(crate::rng::play_rng(seed)))
    }

    /// No chance source: only the outcomes listed in the setup exist.
    pub fn none() -> Self {
        Chance(None)
    }

    /// The generator, when the game has a seed.
    pub fn rng(&mut self) -> Option<&mut ChaCha20Rng> {
        self.0.as_mut()
    }
}

/// One game's rules. Implementations are pure and total: no I/O, no panics on any
/// input, and `apply` leaves the state unchanged when it refuses a move.
///
/// Players, resignations, timeouts and aborts are handled by [`crate::Played`], which
/// calls [`Game::remove_player`] only in games of three or more players (and in solo
/// games), ranks removed players itself and tells the view the final ranking
/// ([`AnyView::conclude`]).
///
/// A game's facts (id, names, player counts, undo, rematch setup, option words) are
/// declared here, once, with the game; the registry ([`crate::for_each_game`]) lists the
/// games and everything per kind ([`GameKind`], [`AnyView`], [`crate::open`]) is made from it.
pub trait Game: Clone + Send + Sync + Sized + 'static {
    /// Which game this is.
    const KIND: GameKind;
    /// The id used in records, storage and commands (`carat`; spec README, the table of games).
    const ID: &'static str;
    /// The English name (spec README, the table of games; `glossary.md`).
    const NAME_EN: &'static str;
    /// The German name.
    const NAME_DE: &'static str;
    /// The allowed player counts; the first is the default when the options name none.
    const PLAYERS: RangeInclusive<usize>;
    /// Whether `undo` is offered: only where no move reveals anything new (no drawn tile
    /// or card, no dice roll).
    const UNDO: bool = false;
    /// The game's own options (the record's `options` without `players`); unknown keys
    /// are ignored, missing keys take their defaults.
    type Options: Clone + Default + Serialize + DeserializeOwned + Send + Sync;
    /// Every random element resolved (spec: the game file's "Record setup").
    type Setup: Clone + Serialize + DeserializeOwned + Send + Sync;
    /// A move; `Display` prints the spec's canonical notation.
    type Move: Clone + PartialEq + fmt::Display + Send + Sync;

    /// Resolves a full setup for `players` players from `rng`.
    fn random_setup(options: &Self::Options, players: usize, rng: &mut ChaCha20Rng) -> Self::Setup;

    /// Creates the game, validating options and setup together.
    ///
    /// # Errors
    /// [`SetupError`] naming the first inconsistency (bad option, missing, extra or
    /// duplicated component, value out of range).
    fn new(options: &Self::Options, players: usize, setup: Self::Setup, chance: Chance) -> Result<Self, SetupError>;

    /// The seats that must act now; empty when the game is over (or stuck, e.g. a record
    /// whose listed dice ran out).
    fn to_move(&self) -> Vec<Seat>;

    /// The final ranking by the game's own rule (best first, ties share a list), or
    /// `None` while the game goes on. May include removed seats; [`crate::Played`]
    /// filters them out and ranks them last.
    fn outcome(&self) -> Option<Vec<Vec<Seat>>>;

    /// Points per seat, or `None` for games without points.
    fn scores(&self) -> Option<Vec<i64>>;

    /// Every distinct legal move of the player to move (empty when none or over).
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Parses the notation (English or German keywords, case-insensitive, extra spaces
    /// ignored). Needs the state only where the notation leaves something implied.
    ///
    /// # Errors
    /// A [`Refusal`] saying why the text is not a move of this game.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Refusal>;

    /// Applies a move for the player to move.
    ///
    /// # Errors
    /// A [`Refusal`] saying which rule the move breaks; the state is then unchanged.
    fn apply(&mut self, mv: &Self::Move) -> Result<(), Refusal>;

    /// Removes a player who resigned or timed out, in a game of three or more players
    /// or a solo game (spec README, "events"). Never called twice for one seat. Also
    /// called for the removal that leaves a single player in: the game is then over
    /// (the [`crate::Played`] wrapper ends it), so the game must not start a new turn,
    /// draw chance or hand out tiles for it.
    fn remove_player(&mut self, seat: Seat);

    /// Removes a player whose time ran out (`@timeout P`), as [`Game::remove_player`]
    /// does unless the game tells the two apart (Hathor's board says "time ran out"
    /// instead of "resigned").
    fn time_out_player(&mut self, seat: Seat) {
        self.remove_player(seat);
    }

    /// Game-specific public facts for the replay summary (`details`), or `None`.
    fn details(&self) -> Option<serde_json::Value>;

    /// What `viewer` may see, for drawing.
    fn view(&self, viewer: Viewer) -> AnyView;

    /// The setup including the chance drawn so far (for export).
    fn resolved_setup(&self) -> Self::Setup;

    /// The setup of a rematch between the same players in the same seats after a game
    /// that ended with `ranking` (best first), when the game fixes part of it (Aratoth:
    /// the loser starts); `None` leaves the whole setup to chance.
    fn rematch_setup(_ranking: &[Vec<Seat>]) -> Option<Self::Setup> {
        None
    }

    /// Maps a bare word typed after `new <game>` to an option, e.g. Carat's `hand3` to
    /// `("variant", "hand3")`. `None` when the word means nothing to this game.
    fn option_word(_word: &str) -> Option<(&'static str, serde_json::Value)> {
        None
    }

    /// Whether `text` is written as a move of this game whatever the hidden parts hold
    /// (the hands): the notation's shape only, for a move planned for a position the
    /// planner cannot know yet (a conditional move, docs "Conditional moves"). The
    /// default is [`Game::parse_move`] on this state; a game whose parsing reads a hand
    /// (Carat's tile) writes its own.
    fn written_as_move(&self, text: &str) -> bool {
        self.parse_move(text).is_ok()
    }

    /// The legal moves that match a filter typed after `moves` (e.g. a site or a shape
    /// name). The default keeps moves whose printed form contains every word.
    fn filter_moves(&self, filter: &str) -> Vec<Self::Move> {
        let words: Vec<String> = filter.split_whitespace().map(str::to_lowercase).collect();
        self.legal_moves()
            .into_iter()
            .filter(|m| {
                let text = m.to_string().to_lowercase();
                let tokens: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == ',').collect();
                words.iter().all(|w| tokens.iter().any(|t| t == w))
            })
            .collect()
    }
}
