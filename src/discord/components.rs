//! The buttons and the move menu under a public message about a game: "Join" and
//! "Start" under an invitation; "Board", "Show my hand" and (when there are at most 25
//! legal moves, e.g. Helofag's dice) a select menu of the moves under a running game's
//! board. Every `custom_id` names the game and its move number ([`ComponentId`]).

use commands::{GameRef, Host, Msg, Origin};
use serenity::all::{
    ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
};

use super::custom_id::{Action, ComponentId};

/// Discord's limit for the options of a select menu.
pub const MAX_MENU_OPTIONS: usize = 25;
/// Discord's limit for an option's value and label.
const MAX_OPTION_CHARS: usize = 100;

/// The action rows for a public reply about `game`, in `origin`'s language (the
/// channel's: [`super::deliver`] and the notifier pass it).
/// Empty for a finished game, or when the game cannot be read.
pub async fn for_game(host: &Host, origin: &Origin, game: GameRef) -> Vec<CreateActionRow> {
    let row = match host.db().game(game.id).await {
        Ok(Some(row)) => row,
        Ok(None) => return Vec::new(),
        Err(e) => {
            tracing::warn!(game = %game.id, error = %e, "could not read the game for its buttons");
            return Vec::new();
        }
    };
    let lang = origin.lang.unwrap_or_default();
    let label = |key: &str| host.texts().plain(lang, &Msg::new(key));
    let button = |action: Action, key: &str, style: ButtonStyle| {
        CreateButton::new(ComponentId { game: game.id.0, seq: game.seq, action }.to_string()).label(label(key)).style(style)
    };
    match row.status {
        commands::store::Status::Invited => vec![CreateActionRow::Buttons(vec![
            button(Action::Join, "discord-button-join", ButtonStyle::Primary),
            button(Action::Start, "discord-button-start", ButtonStyle::Success),
        ])],
        commands::store::Status::Running => {
            let mut rows = vec![CreateActionRow::Buttons(vec![
                button(Action::Hand, "discord-button-hand", ButtonStyle::Secondary),
                button(Action::Board, "discord-button-board", ButtonStyle::Secondary),
            ])];
            let moves = host.legal_moves(origin, Some(game.id), "").await.unwrap_or_default();
            if let Some(menu) = move_menu(game, &moves, label("discord-menu-move")) {
                rows.insert(0, menu);
            }
            rows
        }
        _ => Vec::new(),
    }
}

/// A select menu of the legal moves, when there are between 1 and 25 of them and each
/// fits in an option.
fn move_menu(game: GameRef, moves: &[String], placeholder: String) -> Option<CreateActionRow> {
    if moves.is_empty() || moves.len() > MAX_MENU_OPTIONS || moves.iter().any(|m| m.chars().count() > MAX_OPTION_CHARS) {
        return None;
    }
    let options = moves.iter().map(|m| CreateSelectMenuOption::new(m.clone(), m.clone())).collect();
    let id = ComponentId { game: game.id.0, seq: game.seq, action: Action::Play }.to_string();
    Some(CreateActionRow::SelectMenu(
        CreateSelectMenu::new(id, CreateSelectMenuKind::String { options }).placeholder(placeholder),
    ))
}

/// The choices for `/move` autocomplete: the legal moves, those starting with what the
/// user typed first, then those containing it (case-insensitive), at most 25.
pub fn suggest(moves: Vec<String>, typed: &str) -> Vec<String> {
    let typed = typed.trim().to_lowercase();
    let (mut starts, mut contains) = (Vec::new(), Vec::new());
    for m in moves {
        let lower = m.to_lowercase();
        if lower.starts_with(&typed) {
            starts.push(m);
        } else if lower.contains(&typed) {
            contains.push(m);
        }
    }
    starts.extend(contains);
    starts.retain(|m| m.chars().count() <= MAX_OPTION_CHARS);
    starts.truncate(MAX_MENU_OPTIONS);
    starts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_prefer_prefixes_and_stop_at_25() {
        let moves: Vec<String> = ["c3 red", "d3 red", "a1 blue", "C4 green"].iter().map(|s| s.to_string()).collect();
        assert_eq!(suggest(moves.clone(), "c"), vec!["c3 red", "C4 green"]);
        assert_eq!(suggest(moves.clone(), "red"), vec!["c3 red", "d3 red"]);
        assert_eq!(suggest(moves.clone(), " D3 "), vec!["d3 red"]);
        assert_eq!(suggest(moves, "zz"), Vec::<String>::new());
        let many: Vec<String> = (0..40).map(|i| format!("m{i}")).collect();
        assert_eq!(suggest(many, "").len(), 25);
    }

    #[test]
    fn menus_only_for_few_moves() {
        let game = GameRef { id: commands::GameId(3), seq: 7 };
        let few: Vec<String> = (1..=6).map(|i| format!("die {i}")).collect();
        assert!(move_menu(game, &few, "pick".into()).is_some());
        let many: Vec<String> = (0..26).map(|i| format!("m{i}")).collect();
        assert!(move_menu(game, &many, "pick".into()).is_none());
        assert!(move_menu(game, &[], "pick".into()).is_none());
    }
}
