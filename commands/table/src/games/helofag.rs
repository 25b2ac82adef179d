//! Helofag's chat notes (spec `helofag.md`, "A turn"):
//! the automatic passes since the last move, the roll of the player to move with the
//! pieces it sent to B, the pieces a move captured (sent back to B, their owner
//! mentioned), whether only one action is possible, and whose pieces left the board
//! after a resignation or timeout.

use rules::{
    helofag::{HelofagView, ShowRoll, Transfer},
    AnyView, Event, Match, Viewer,
};

use super::Chat;
use crate::base::{
    i18n::{Arg, Msg},
    reply::User,
};

impl Chat for HelofagView {
    fn turn_notes(game: &dyn Match, players: &[User]) -> Vec<Msg> {
        let names: Vec<String> = players.iter().map(|u| u.name.clone()).collect();
        let mut out = captures(game, players);
        out.extend(notes(game, &names));
        out
    }

    /// `done` in German (`fertig`).
    fn word_de(word: &str) -> Option<&'static str> {
        (word == "done").then_some("fertig")
    }

    fn board_notes(game: &dyn Match, players: &[User]) -> Vec<Msg> {
        let names: Vec<String> = players.iter().map(|u| u.name.clone()).collect();
        board_notes(game, &names)
    }
}

/// After a move (not an event): each piece it captured, where, its owner mentioned
/// ("@carol's piece on D1 goes back to B").
fn captures(game: &dyn Match, players: &[User]) -> Vec<Msg> {
    if game.log().last().is_none_or(|entry| entry.starts_with('@')) {
        return Vec::new();
    }
    let AnyView::Helofag(view) = game.view(Viewer::Spectator) else { return Vec::new() };
    let Some(last) = &view.last_move else { return Vec::new() };
    last.pieces
        .iter()
        .filter_map(|moved| {
            let victim = players.get(moved.captured?)?.clone();
            let field = moved.path.last()?.to_string();
            Some(Msg::new("helofag-captured").arg("player", Arg::Mention(victim)).arg("field", field))
        })
        .collect()
}

/// The notes after a start, move or event of `game`, in the order they happened:
/// a removed player's pieces leaving, each automatic pass (with what its roll sent to
/// B), then the roll of the player to move, what it sent to B, and "only one action"
/// when the roll allows just one. Empty once the game is over (won, or ended by a
/// resignation with two players, which the rules alone would go on with).
fn notes(game: &dyn Match, names: &[String]) -> Vec<Msg> {
    if game.is_finished() {
        return Vec::new();
    }
    let AnyView::Helofag(view) = game.view(Viewer::Spectator) else { return Vec::new() };
    let mut notes = Vec::new();
    if let Some(Some(Ok(Event::Resign(seat) | Event::Timeout(seat)))) = game.log().last().map(|e| Event::parse(e))
        && view.removed.get(seat).copied().unwrap_or(false)
    {
        notes.push(Msg::new("helofag-pieces-leave").arg("player", name(names, seat)));
    }
    for pass in &view.passes {
        let roll = ShowRoll(pass.roll).to_string();
        notes.push(Msg::new("helofag-passed").arg("player", name(names, pass.seat)).arg("roll", roll));
        notes.extend(transferred(&pass.transfers, names));
    }
    notes.extend(current_roll(&view, names));
    notes
}

/// The notes `board` shows: the current roll and what it did (no passes: those were
/// announced with the move before).
fn board_notes(game: &dyn Match, names: &[String]) -> Vec<Msg> {
    match game.view(Viewer::Spectator) {
        AnyView::Helofag(view) => current_roll(&view, names),
        _ => Vec::new(),
    }
}

/// The roll of the player to move, what it sent to B, and whether only one action is
/// possible (nothing when nobody is to move).
fn current_roll(view: &HelofagView, names: &[String]) -> Vec<Msg> {
    let (Some(seat), Some(roll)) = (view.to_move, view.roll) else { return Vec::new() };
    let roll = ShowRoll(roll).to_string();
    let mut notes = vec![Msg::new("helofag-rolled").arg("player", name(names, seat)).arg("roll", roll)];
    notes.extend(transferred(&view.transfers, names));
    if view.most_actions == 1 {
        notes.push(Msg::new("helofag-one-action"));
    }
    notes
}

/// A line per piece the roll sends to B: "The roll sends alice's piece on A2 to the
/// waiting room B." (a list of owners in brackets read badly with AI names).
fn transferred(transfers: &[Transfer], names: &[String]) -> Vec<Msg> {
    transfers
        .iter()
        .map(|t| Msg::new("helofag-transferred").arg("player", name(names, t.owner)).arg("field", format!("A{}", t.field)))
        .collect()
}

fn name(names: &[String], seat: usize) -> String {
    names.get(seat).cloned().unwrap_or_else(|| format!("#{seat}"))
}
