//! What a viewer sees of a game, one variant per game, for the renderer. [`AnyView`] is
//! made from the registry ([`crate::for_each_game`]); each game's view implements
//! [`GameView`] next to the game.

use std::fmt;

use crate::{plan::StepSnag, GameKind, Seat};

/// What every game's view does. Implemented once per game, in the game's module.
pub trait GameView: Clone + fmt::Debug + Send + Sync + 'static {
    /// Marks the game as over in this view with its final `ranking` as [`crate::Match`]
    /// gives it (best first, ties share a list, removed players last; `[]` when aborted):
    /// nobody is to move and the winners are the first tier (see [`AnyView::conclude`]).
    fn conclude(&mut self, ranking: &[Vec<Seat>]);

    /// Checks a plan of moves for later turns (conditional moves, docs "Conditional
    /// moves") as far as this view shows the game. The view must be the planner's
    /// (`Viewer::Seat(planner)`): nothing hidden from them is read, so the answer is the
    /// same for every game that looks the same to them ([`crate::plan`]). `steps` are
    /// (the opponent's move, the planner's reply) as typed; the opponent is to move now.
    ///
    /// # Errors
    /// The first step that cannot come as planned, and why ([`StepSnag`]).
    ///
    /// The default checks nothing: a game without hidden information plays a plan
    /// through on the game itself, and a game that takes no plans is refused before.
    fn check_plan(&self, _planner: Seat, _steps: &[(String, String)]) -> Result<(), StepSnag> {
        Ok(())
    }
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

            /// See [`GameView::check_plan`].
            ///
            /// # Errors
            /// The first step that cannot come as planned ([`StepSnag`]).
            pub fn check_plan(&self, planner: Seat, steps: &[(String, String)]) -> Result<(), StepSnag> {
                match self {
                    $(AnyView::$variant(v) => GameView::check_plan(v, planner, steps),)*
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
