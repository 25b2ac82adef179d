//! What a viewer sees of a game, one variant per game, for the renderer. [`AnyView`] is
//! made from the registry ([`crate::for_each_game`]); each game's view implements
//! [`GameView`] next to the game.

use std::fmt;

use crate::{GameKind, Seat};

/// What every game's view does. Implemented once per game, in the game's module.
pub trait GameView: Clone + fmt::Debug + Send + Sync + 'static {
    /// Marks the game as over in this view with its final `ranking` as [`crate::Match`]
    /// gives it (best first, ties share a list, removed players last; `[]` when aborted):
    /// nobody is to move and the winners are the first tier (see [`AnyView::conclude`]).
    fn conclude(&mut self, ranking: &[Vec<Seat>]);
}

/// The single winner of `ranking` (a first tier of one seat), else `None`.
pub(crate) fn single_winner(ranking: &[Vec<Seat>]) -> Option<Seat> {
    match ranking.first().map(Vec::as_slice) {
        Some([seat]) => Some(*seat),
        _ => None,
    }
}

macro_rules! any_view {
    ([] $($(#[$meta:meta])* $variant:ident: $game:path, $view:path;)*) => {
        /// A per-viewer snapshot of any game (see [`crate::Game::view`]).
        #[allow(clippy::large_enum_variant)] // made once per drawing; boxing would buy nothing
        #[derive(Debug, Clone)]
        pub enum AnyView {
            $($(#[$meta])* $variant($view),)*
        }

        impl AnyView {
            /// The game this is a view of.
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyView::$variant(_) => GameKind::$variant,)*
                }
            }

            /// Marks the game as over in the view with its final `ranking` as
            /// [`crate::Match`] gives it (best first, ties share a list, removed players
            /// last; `[]` when aborted): nobody is to move and the winners are the first
            /// tier. This matters for games that ended through an event the game's own
            /// rules do not see (a resignation or timeout, an abort): the game's own "last
            /// placer" or "most points" is then not the winner.
            pub fn conclude(&mut self, ranking: &[Vec<Seat>]) {
                match self {
                    $(AnyView::$variant(v) => GameView::conclude(v, ranking),)*
                }
            }
        }

        $(
            impl From<$view> for AnyView {
                fn from(view: $view) -> AnyView {
                    AnyView::$variant(view)
                }
            }
        )*
    };
}

crate::for_each_game!(any_view);
