//! A move's board drawn ahead (issue 15: a turn with pictures ≤ 1.5× its board). The
//! board is most of a turn, and before it can start the turn reads the request's
//! settings and the game the line means. So a move line whose game is guessed from
//! memory (the game the same user last moved in in the same channel, as kept in
//! memory, or the game the line names) has its board started at once, while those
//! reads run; the turn takes that board only when what it would draw itself is the
//! same: the same game at the same move number after the same take-backs, the same
//! players' names and the same language. Otherwise the early board is dropped and the
//! turn draws its own, so a wrong guess costs only the drawing, never a wrong picture.
//!
//! Why the same game, move number and take-backs mean the same position: a game's
//! position is its log replayed ([`Match::moves_applied`] is the log's length); log
//! entries are only ever appended, each guarded by the move number and take-back count
//! it was played at ([`crate::store::Advance`]), or removed by a take-back, which raises
//! the game's take-back count in the same transaction, and that count never goes down.
//! So two positions of one game with the same move number and take-back count have the
//! same log. The kept game ([`Table::remember`]) is keyed the same way.
//!
//! Only a line that the kept position would accept from its sender is drawn ahead: the
//! sender's seat is to move there, the line is no event (`@…`) and names no other move
//! number; a line that will be refused costs no drawing. When memory is behind (the
//! game moved on through another process: on Discord a guild's events go to one
//! process, so mostly in tests), the guess is wrong and the turn draws its board twice.

use std::sync::Mutex;

use rules::Match;

use crate::{
    base::{i18n::Lang, ids::GameId, origin::Origin},
    {Drawing, Table},
};

/// Who moved where: (platform, channel, user id).
pub(crate) type MoverKey = (String, String, String);

/// The [`MoverKey`] of `origin`'s user in its channel.
fn mover_key(origin: &Origin) -> MoverKey {
    (origin.platform.clone(), origin.channel.clone(), origin.user.id.clone())
}

/// How many movers' last games are kept (a few dozen bytes each).
pub(crate) const MOVERS_KEPT: std::num::NonZeroUsize = std::num::NonZeroUsize::new(4096).expect("not zero");

/// A board started before the turn knew its game for sure, and what it shows.
pub struct BoardAhead {
    id: GameId,
    /// The moves applied in the position drawn.
    moves: usize,
    takebacks: i64,
    lang: Lang,
    names: Vec<String>,
    drawing: Drawing,
}

/// The early board of one request, taken by the turn that can use it.
pub(crate) type AheadSlot = Mutex<Option<BoardAhead>>;

impl Table {
    /// Starts drawing the board that the move `notation` by `origin`'s user (at move
    /// number `at`, when the line names one) would leave in the game that user last
    /// moved in in this channel, as far as memory knows it (the kept game, its kept
    /// players and the language of its last board); `game`, when the line names one,
    /// must be that game. `None` when memory does not know, the line names another game
    /// or move number, the user is not to move there, or the move does not apply.
    pub fn draw_ahead(&self, origin: &Origin, game: Option<GameId>, notation: &str, at: Option<u64>) -> Option<BoardAhead> {
        if !self.options.pictures || notation.trim_start().starts_with('@') {
            return None;
        }
        let (id, lang) = *self.movers.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(&mover_key(origin))?;
        if game.is_some_and(|named| named != id) {
            return None;
        }
        let (seq, takebacks, mut position) = self.cached(id)?;
        if at.is_some_and(|at| at != seq) {
            return None;
        }
        let (names, seat) = {
            let mut seats = self.seats.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let players = seats.get(&id)?;
            let seat = players.iter().find(|p| p.user_id == origin.user.id)?.seat;
            (players.iter().map(|p| p.name.clone()).collect::<Vec<_>>(), seat)
        };
        if !position.to_move().contains(&seat) {
            return None;
        }
        position.play(notation).ok()?;
        let drawing = self.start_board(id, position.as_ref(), names.clone(), lang);
        Some(BoardAhead { id, moves: position.moves_applied(), takebacks, lang, names, drawing })
    }

    /// Notes that `origin`'s user has just moved in game `id`, whose board went out in
    /// `lang`: their next move is guessed to be in it ([`Table::draw_ahead`]). Not for
    /// AI seats, whose moves never come as lines.
    pub fn note_mover(&self, origin: &Origin, id: GameId, lang: Lang) {
        if crate::base::ai_seat::is_ai(&origin.user.id) {
            return;
        }
        self.movers.lock().unwrap_or_else(std::sync::PoisonError::into_inner).put(mover_key(origin), (id, lang));
    }

    /// The board of `position` (game `id` after `takebacks` take-backs) for `names` in
    /// `lang`: the early board of `ahead` when it shows exactly that, else one started
    /// now ([`Table::start_board`]).
    pub fn board_or_ahead(
        &self,
        ahead: Option<&AheadSlot>,
        id: GameId,
        position: &dyn Match,
        takebacks: i64,
        names: Vec<String>,
        lang: Lang,
    ) -> Drawing {
        let early = ahead.and_then(|slot| slot.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take());
        match early {
            Some(early) if early.shows(id, position.moves_applied(), takebacks, lang, &names) => {
                tracing::debug!(game = %id, "the board drawn ahead is used");
                early.drawing
            }
            _ => self.start_board(id, position, names, lang),
        }
    }
}

impl BoardAhead {
    /// Whether this board is the one of game `id` after `moves` applied moves and
    /// `takebacks` take-backs, for `names` in `lang`. (The names of a started game's
    /// seats never change, and both sides read them from the same memory; they are
    /// compared all the same, as they are drawn.)
    pub fn shows(&self, id: GameId, moves: usize, takebacks: i64, lang: Lang, names: &[String]) -> bool {
        self.id == id && self.moves == moves && self.takebacks == takebacks && self.lang == lang && self.names == names
    }
}
