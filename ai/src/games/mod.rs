//! Each game's part of the AI ([`crate::ai_game::AiGame`]): sampling its hidden parts,
//! its turns, its heuristic, its levels' budgets. Above the search, which they call.

pub(crate) mod aratoth;
pub(crate) mod artifakes;
pub(crate) mod carat;
pub(crate) mod hathor;
pub(crate) mod helofag;
