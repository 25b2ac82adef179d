//! Moves planned for later turns (conditional moves: "if they play that, I play this";
//! docs "Conditional moves"), checked as far as the planner can know the game.
//!
//! A game with private hands checks a plan on a **stand-in**: a game made from the view
//! of the planner alone ([`crate::GameView::check_plan`]), whose hidden parts (the
//! opponent's hand, the pile or deck) are filled with what the planner cannot see, each
//! in the plan's favour (the tile or card the opponent's move names is put into their
//! hand, if the planner's view allows them to hold it). So a refusal never depends on
//! what the planner may not see: two games that look the same to the planner answer the
//! same. What the view cannot settle is checked when the move is due.

use crate::Refusal;

/// Why a step of a plan cannot come as planned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlanSnag {
    /// `text` is not written as a move of the game.
    NotAMove { text: String },
    /// The rules refuse the planner's reply there, with their reason.
    Illegal(Refusal),
    /// The opponent's move cannot be played there, with the rules' reason (said to the
    /// player to move: "you …" means the opponent).
    TheirsIllegal(Refusal),
    /// The game would be over before the step.
    GameOver,
    /// It would be the planner's turn at the step, not the opponent's (nothing to answer).
    StillYours,
    /// After the opponent's move `their` it would not be the planner's turn.
    NotYoursThen { their: String },
}

/// A step of a plan that cannot come as planned: `step` (0-based) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepSnag {
    pub step: usize,
    pub snag: PlanSnag,
}

impl StepSnag {
    /// A snag at `step`.
    pub fn new(step: usize, snag: PlanSnag) -> StepSnag {
        StepSnag { step, snag }
    }

    /// The rules refuse the planner's reply at `step` for `refusal`.
    pub fn illegal(step: usize, refusal: Refusal) -> StepSnag {
        StepSnag { step, snag: PlanSnag::Illegal(refusal) }
    }

    /// The opponent's move at `step` cannot be played, for `refusal`.
    pub fn theirs_illegal(step: usize, refusal: Refusal) -> StepSnag {
        StepSnag { step, snag: PlanSnag::TheirsIllegal(refusal) }
    }
}
