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
    table::{Drawing, Table},
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
pub(crate) struct BoardAhead {
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
    pub(crate) fn draw_ahead(&self, origin: &Origin, game: Option<GameId>, notation: &str, at: Option<u64>) -> Option<BoardAhead> {
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
    pub(crate) fn note_mover(&self, origin: &Origin, id: GameId, lang: Lang) {
        if crate::base::ai_seat::is_ai(&origin.user.id) {
            return;
        }
        self.movers.lock().unwrap_or_else(std::sync::PoisonError::into_inner).put(mover_key(origin), (id, lang));
    }

    /// The board of `position` (game `id` after `takebacks` take-backs) for `names` in
    /// `lang`: the early board of `ahead` when it shows exactly that, else one started
    /// now ([`Table::start_board`]).
    pub(crate) fn board_or_ahead(
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
    fn shows(&self, id: GameId, moves: usize, takebacks: i64, lang: Lang, names: &[String]) -> bool {
        self.id == id && self.moves == moves && self.takebacks == takebacks && self.lang == lang && self.names == names
    }
}

#[cfg(test)]
mod tests {
    use crate::{base::i18n::Lang, Command, Host, HostOptions, Origin, User};

    fn at(user: &str, channel: &str) -> Origin {
        Origin { platform: "test".into(), channel: channel.into(), server: None, user: User::new(user, user), is_admin: false, lang: Some(Lang::En) }
    }

    /// The user to move in game `id` and the first and last of their legal moves.
    async fn mover(host: &Host, id: crate::GameId) -> (String, String, String) {
        let row = host.db.game(id).await.expect("read").expect("game");
        let players = host.db.players(id).await.expect("players");
        let user = players[row.to_move[0]].user_id.clone();
        let moves = host.legal_moves(&at(&user, "c"), Some(id), "").await.expect("moves");
        (user, moves[0].clone(), moves[moves.len() - 1].clone())
    }

    #[tokio::test]
    async fn a_movers_next_board_is_drawn_ahead_in_the_game_they_last_moved_in() {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}", dir.path().join("g.db").display());
        let host = Host::open(&url, HostOptions::default()).await.expect("open");
        let invited = host.handle(&at("alice", "c"), "new carat seed=5").await;
        let id = invited[0].game.expect("an invitation").id;
        assert!(!host.run(&at("bob", "c"), Command::Join { game: Some(id) }).await[0].refusal);
        assert!(!host.run(&at("alice", "c"), Command::Start { game: Some(id) }).await[0].refusal);
        // Nobody has moved yet: nothing is known to draw ahead.
        let (first, line, _) = mover(&host, id).await;
        assert!(host.draw_ahead(&at(&first, "c"), None, &line, None).is_none());
        assert!(!host.handle(&at(&first, "c"), &line).await[0].refusal);
        let (second, line, _) = mover(&host, id).await;
        assert!(!host.handle(&at(&second, "c"), &line).await[0].refusal);

        // Both have moved: the first mover's next move is drawn ahead, as the turn would
        // draw it (game, 3 moves, no take-back, English, the seats' names).
        let (next, line, last) = mover(&host, id).await;
        assert_eq!(next, first);
        let names = vec!["alice".to_string(), "bob".to_string()];
        let early = host.draw_ahead(&at(&next, "c"), None, &line, None).expect("drawn ahead");
        assert!(early.shows(id, 3, 0, Lang::En, &names));
        assert!(!early.shows(id, 2, 0, Lang::En, &names), "another move number");
        assert!(!early.shows(id, 3, 1, Lang::En, &names), "after a take-back");
        assert!(!early.shows(id, 3, 0, Lang::De, &names), "another language");
        assert!(!early.shows(id, 3, 0, Lang::En, &["alice".into(), "carol".into()]), "other names");
        assert!(!early.shows(crate::GameId(id.0 + 1), 3, 0, Lang::En, &names), "another game");
        // Naming the game is the same guess; the last legal move too.
        assert!(host.draw_ahead(&at(&next, "c"), Some(id), &last, None).is_some_and(|e| e.shows(id, 3, 0, Lang::En, &names)));
        // Not for a move that does not apply, another game named, another channel or
        // another user.
        assert!(host.draw_ahead(&at(&next, "c"), None, "z9 purple", None).is_none());
        assert!(host.draw_ahead(&at(&next, "c"), Some(crate::GameId(id.0 + 1)), &line, None).is_none());
        assert!(host.draw_ahead(&at(&next, "d"), None, &line, None).is_none());
        assert!(host.draw_ahead(&at("carol", "c"), None, &line, None).is_none());
        // Nor for a line that will be refused: the other player's (not to move), an
        // event, a move seen at another move number (the game stands at move 2).
        assert!(host.draw_ahead(&at(&second, "c"), None, &line, None).is_none());
        assert!(host.draw_ahead(&at(&next, "c"), None, "@resign 0", None).is_none());
        assert!(host.draw_ahead(&at(&next, "c"), None, &line, Some(1)).is_none());
        assert!(host.draw_ahead(&at(&next, "c"), None, &line, Some(2)).is_some(), "the move number it stands at");
        // With pictures off nothing is drawn.
        let blind = Host::open(&url, HostOptions { pictures: false, ..HostOptions::default() }).await.expect("open");
        blind.note_mover(&at(&next, "c"), id, Lang::En);
        assert!(blind.draw_ahead(&at(&next, "c"), None, &line, None).is_none());
    }
}
