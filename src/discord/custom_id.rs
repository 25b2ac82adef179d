//! Component `custom_id`s: `g:<game>:<move>:<action>` — the game id, the move number the
//! board showed, and what the button does. Short (well under Discord's 100 characters)
//! and self-contained, so a button still works after a restart, and a click on an
//! out-of-date board is recognised by its move number. All other state is in the database.

use std::fmt;

/// Discord's limit for a `custom_id`.
pub const MAX_LEN: usize = 100;

/// What a button or select menu does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Take a seat in the invitation.
    Join,
    /// Start the invitation.
    Start,
    /// Show the board to everyone.
    Board,
    /// Show the clicker's hand, privately.
    Hand,
    /// Play the move chosen in the select menu (the option's value is the notation).
    Play,
}

/// Every action with its word in the id. One table: formatting and parsing read it.
const WORDS: [(Action, &str); 5] = [
    (Action::Join, "join"),
    (Action::Start, "start"),
    (Action::Board, "board"),
    (Action::Hand, "hand"),
    (Action::Play, "play"),
];

/// A parsed `custom_id`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComponentId {
    pub game: i64,
    /// The game's move number when the component was posted.
    pub seq: u64,
    pub action: Action,
}

impl ComponentId {
    /// Reads a `custom_id`; `None` for anything that is not exactly `g:<game>:<move>:<action>`.
    pub fn parse(text: &str) -> Option<ComponentId> {
        if text.len() > MAX_LEN {
            return None;
        }
        let mut parts = text.split(':');
        let (Some("g"), Some(game), Some(seq), Some(word), None) =
            (parts.next(), parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return None;
        };
        let game = game.parse::<i64>().ok().filter(|g| *g >= 0)?;
        let seq = seq.parse::<u64>().ok()?;
        let action = WORDS.iter().find(|(_, w)| *w == word).map(|(a, _)| *a)?;
        Some(ComponentId { game, seq, action })
    }
}

impl fmt::Display for ComponentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = WORDS.iter().find(|(a, _)| *a == self.action).map(|(_, w)| *w).unwrap_or("board");
        write!(f, "g:{}:{}:{}", self.game, self.seq, word)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_stay_short() {
        for (action, word) in WORDS {
            let id = ComponentId { game: i64::MAX, seq: u64::MAX, action };
            let text = id.to_string();
            assert_eq!(text, format!("g:{}:{}:{word}", i64::MAX, u64::MAX));
            assert!(text.len() <= MAX_LEN, "{text} is {} characters", text.len());
            assert_eq!(ComponentId::parse(&text), Some(id));
        }
        assert_eq!(
            ComponentId::parse("g:12:5:hand"),
            Some(ComponentId { game: 12, seq: 5, action: Action::Hand })
        );
    }

    #[test]
    fn foreign_or_damaged_ids_are_rejected() {
        for text in ["", "g", "g:1:2", "g:1:2:fly", "g:1:2:join:x", "x:1:2:join", "g:-1:2:join", "g:1:-2:join", "g:a:2:join", "g:1:2:JOIN"] {
            assert_eq!(ComponentId::parse(text), None, "{text}");
        }
        assert_eq!(ComponentId::parse(&format!("g:1:{}:join", "9".repeat(120))), None);
    }
}
