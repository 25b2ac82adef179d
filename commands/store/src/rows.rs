//! The rows and requests of the games' storage: a game, its players, its log, and what
//! a write asks for and answers.

use serde_json::Value;

use crate::base::ids::GameId;

/// Where a game stands (stored as its lower-case word: `invited`, `running`, ...;
/// [`Status::word`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// An open invitation.
    Invited,
    Running,
    /// Won, drawn, or aborted after the start (the log says which).
    Finished,
    /// An invitation aborted before the start.
    Withdrawn,
}

impl Status {
    /// The stored word: `invited`, `running`, `finished`, `withdrawn`.
    pub fn word(self) -> &'static str {
        match self {
            Status::Invited => "invited",
            Status::Running => "running",
            Status::Finished => "finished",
            Status::Withdrawn => "withdrawn",
        }
    }

    /// The status a stored word stands for; `None` for another word.
    pub fn from_word(word: &str) -> Option<Status> {
        [Status::Invited, Status::Running, Status::Finished, Status::Withdrawn].into_iter().find(|s| s.word() == word)
    }
}

/// A stored game (a row of `games`).
#[derive(Debug, Clone, PartialEq)]
pub struct GameRow {
    pub id: GameId,
    /// `rules::GameKind::id()`.
    pub kind: String,
    pub platform: String,
    /// The channel or room the game is played in.
    pub channel: String,
    /// The server of the channel when known (`Origin::server`; `None` for games
    /// stored before servers were, and where the platform has none).
    pub server: Option<String>,
    /// The creator's user id.
    pub creator: String,
    /// The record's options (with `players`: the requested count until the start).
    pub options: Value,
    pub seed: u64,
    /// Whether the creator chose the seed (`seed=N`): then the deal can be known in
    /// advance, and the invitation and start show the seed.
    pub seeded: bool,
    /// The resolved setup, from the start on.
    pub setup: Option<Value>,
    pub status: Status,
    /// Moves and events applied so far.
    pub seq: u64,
    /// Seats to move now.
    pub to_move: Vec<usize>,
    /// Unix milliseconds.
    pub created_at: i64,
    pub updated_at: i64,
    /// How many times moves were taken back (`undo`): with `seq`, where the game stands.
    pub takebacks: i64,
    /// The bank each player started with (ms; `time=1d+3d`), in a game with a bank.
    pub bank_ms: Option<i64>,
}

impl GameRow {
    /// Where the game's result and settings count: its server, else its channel (the
    /// same as `coalesce(server, channel)` in SQL, and as `Origin::scope` of a
    /// request from the game's channel).
    pub fn scope(&self) -> &str {
        self.server.as_deref().unwrap_or(&self.channel)
    }
}

/// A seated player (a row of `players`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRow {
    pub seat: usize,
    pub user_id: String,
    pub name: String,
    /// The player's language when the platform told it (`en`, `de`).
    pub lang: Option<String>,
}

/// One entry of the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogEntry {
    /// 1-based move number.
    pub seq: u64,
    /// The seat that made it (`None`: an admin who does not play).
    pub seat: Option<usize>,
    pub user_id: String,
    /// The canonical move or event (`@resign 1`, ...).
    pub text: String,
    /// Unix milliseconds.
    pub at: i64,
}

/// A game to create: an invitation with its creator in seat 0 (`Db::create_game`), or a
/// game that starts at once with all its players (`Db::vote_rematch`,
/// `Db::enter_challenge`).
#[derive(Debug, Clone)]
pub struct NewGame<'a> {
    pub kind: &'a str,
    pub platform: &'a str,
    pub channel: &'a str,
    /// The channel's server (`Origin::server`), if any.
    pub server: Option<&'a str>,
    pub creator_id: &'a str,
    pub creator_name: &'a str,
    pub creator_lang: Option<&'a str>,
    pub options: &'a Value,
    pub seed: u64,
    /// Whether the creator chose `seed` ([`GameRow::seeded`]).
    pub seeded: bool,
    pub at: i64,
    /// The time per move the game keeps, in milliseconds (`None`: no clock, as for the
    /// games of a challenge).
    pub move_ms: Option<i64>,
    /// The bank each player starts with, in milliseconds (`time=1d+3d`), if any.
    pub bank_ms: Option<i64>,
    /// Who may join an invitation: platform ids or lower-case names (empty: anyone).
    pub invitees: &'a [String],
}

/// What a game that starts at once is set up with (the resolved setup of
/// `rules::Match::resolved_setup`, the options it echoes, the seats to move first).
#[derive(Debug, Clone, Copy)]
pub struct Start<'a> {
    pub options: &'a Value,
    pub setup: &'a Value,
    pub to_move: &'a [usize],
}

/// What `Db::create_game` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Created {
    /// Stored with this id.
    Stored(GameId),
    /// Nothing stored: the creator already has the most open invitations allowed.
    TooManyInvitations,
}

/// What `Db::vote_rematch` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RematchVote {
    /// The game was already played again, as this game; the vote is not stored.
    Exists(GameId),
    /// The vote is stored (`first`: it is new) and these users have voted; someone is
    /// still missing.
    Waiting { first: bool, votes: Vec<String> },
    /// This vote was the last: the new game is stored, running, as this id.
    Started(GameId),
}

/// What `Db::enter_challenge` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entered {
    /// The player's new game, running.
    Started(GameId),
    /// The player already has this game in the challenge: nothing stored.
    Already(GameId),
    /// The challenge is a daily one and the player already has this game in the same
    /// day's daily challenge of another channel (the same stones): nothing stored.
    DailyElsewhere(GameId),
    /// The challenge is closed (or gone): nothing stored.
    Closed,
    /// The challenge is a round of this Hathor series (a tournament): only its entrants
    /// play it, with the games the series started. Nothing stored.
    Series(crate::base::ids::TournamentId),
}

/// An invitation or running game of a channel, as stored, and whether one user sits in
/// it (`Db::choose_games`).
#[derive(Debug, Clone, PartialEq)]
pub struct OpenGame {
    pub id: GameId,
    /// `rules::GameKind::id()`.
    pub kind: String,
    /// The game's whole row, so that the chosen game needs no second read; `None` when
    /// it does not parse (damaged JSON), so that one damaged game spoils only its own
    /// loading, not the choice among the channel's games.
    pub row: Option<GameRow>,
    /// Whether the user has a seat.
    pub plays: bool,
}

/// Which games fit a command without `#id` (`Db::choose_games`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChoiceFilter {
    /// Only games of this status; `None`: invitations and running games.
    pub status: Option<Status>,
    /// Only games the user sits in.
    pub plays: bool,
}

/// The games a command without `#id` may mean (`Db::choose_games`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GameChoice {
    /// The first fitting games, the user's own first, then oldest first.
    pub fitting: Vec<OpenGame>,
    /// How many games fit in all (may exceed `fitting.len()`).
    pub fitting_count: u64,
    /// How many of the fitting games the user plays.
    pub fitting_played: u64,
    /// An invitation that does not fit (the oldest the user sits in, else the oldest),
    /// when every fitting game fitted in the limit.
    pub waiting: Option<GameId>,
}

/// What `Db::append` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Appended {
    /// Stored as this move number.
    Stored(u64),
    /// The game had moved on (or stopped running): nothing stored.
    Stale,
}

/// What `Db::join` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Joined {
    /// Seated; the game's players now.
    Seated(Vec<PlayerRow>),
    AlreadyPlaying,
    Full,
    NotInvited,
}

/// The change a stored move makes to its game.
#[derive(Debug, Clone)]
pub struct Advance<'a> {
    pub game: GameId,
    /// The move number the mover saw; the move becomes `seen + 1`.
    pub seen: u64,
    /// The take-backs the mover's game had seen ([`GameRow::takebacks`]): a game taken
    /// back and moved on to the same move number since is another position.
    pub takebacks: i64,
    pub seat: Option<usize>,
    pub user_id: &'a str,
    pub text: &'a str,
    /// Whether the game is over after it.
    pub finished: bool,
    pub to_move: &'a [usize],
    pub at: i64,
    /// What the mover's bank holds after this move (ms), in a game with a bank (docs
    /// "Clocks with a bank"); `None` otherwise and for events.
    pub bank_left_ms: Option<i64>,
    /// Whether a person waits for the answer to this move: then an `unanswered_moves` row
    /// is written in the move's transaction (`Db::answered` deletes it; the scheduler
    /// tells the mover about one left behind by a stop).
    pub answer: bool,
    /// Where to post the game's replay when this move ends it and the channel wants one
    /// (`settings replay=on`): the request is stored in the move's transaction, so a
    /// stop right after the move cannot lose it.
    pub replay: Option<ReplayAsk<'a>>,
}

/// A replay to post at a game's end: in `channel` of `platform`, in `lang` (a language
/// code).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplayAsk<'a> {
    pub platform: &'a str,
    pub channel: &'a str,
    pub lang: &'a str,
}
