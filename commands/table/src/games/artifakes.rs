//! Artifälschungen in chat (spec `artifakes.md`): a hand is its card numbers, and
//! `moves` explains each card in hand (movement points by colour and by number, where
//! the inspector would land each way and what digging there brings).

use rules::{
    AnyView, Match, Seat, Viewer,
    artifakes::{ArtifakesView, CardOption, Direction, Landing, LastPlay, Phase, Way, WayOption},
    words::Worded,
};

use super::Chat;
use crate::base::{i18n::Msg, reply::User};

impl Chat for ArtifakesView {
    /// The card numbers, ascending, e.g. `3 12 12 22 29`.
    fn hand_text(&self, seat: Seat) -> Option<String> {
        self.hands.get(seat)?.as_ref().map(|hand| {
            let mut cards = hand.clone();
            cards.sort_unstable();
            cards.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
        })
    }

    /// For each card in hand its movement points by colour and by number and where the
    /// inspector would land each way (from [`rules::artifakes::Artifakes::card_options`]).
    fn move_help(&self, seat: Seat, format: &dyn Fn(&Msg) -> String) -> Vec<String> {
        artifakes_help(self, seat, format)
    }

    /// The keywords in German (`vergrabe scheibe 17`, `spiele 12 farbe guzs`).
    fn word_de(word: &str) -> Option<&'static str> {
        Some(match word {
            "bury" => "vergrabe",
            "play" => "spiele",
            "disc" => "scheibe",
            "waste" => "verschwenden",
            _ => return Way::de_of_en(word).or_else(|| Direction::de_of_en(word)),
        })
    }

    /// Burying takes pieces from the public supply onto fields: its moves show no card.
    fn moves_public(&self) -> bool {
        self.phase == rules::artifakes::Phase::Bury
    }

    /// After the move that ends a round: the selling, player by player, and the next
    /// round (or that the inspector went home).
    /// Nothing after an event (a resignation, a timeout: their own header tells them).
    fn turn_notes(game: &dyn Match, players: &[User]) -> Vec<Msg> {
        if game.log().last().is_none_or(|entry| entry.starts_with('@')) {
            return Vec::new();
        }
        let AnyView::Artifakes(after) = game.view(Viewer::Spectator) else { return Vec::new() };
        let mut notes = dug(&after, players);
        notes.extend(selling(game, &after, players));
        notes.extend(digging_begins(&after, players));
        notes
    }
}

/// Which of blocks and discs a count holds, for the texts' selectors: `both`,
/// `blocks`, `discs` or `none`.
fn kinds(pieces: rules::artifakes::Pieces) -> &'static str {
    match (pieces.blocks > 0, pieces.discs > 0) {
        (true, true) => "both",
        (true, false) => "blocks",
        (false, true) => "discs",
        (false, false) => "none",
    }
}

/// After a card play that moved the inspector (spec `artifakes.md`, "Excavating"):
/// where he went, what the mover dug up there and which of the opponent's pieces were
/// destroyed ("The inspector goes from field 5 to field 12: alice finds 1 block; bob
/// loses 2 discs."), from the view `after` the move. Nothing after any other move.
fn dug(after: &ArtifakesView, players: &[User]) -> Vec<Msg> {
    let Some(LastPlay::Moved { seat, from, to, found, destroyed, .. }) = after.last else { return Vec::new() };
    let name = |seat: Seat| players.get(seat).map_or_else(|| format!("#{seat}"), |u| u.name.clone());
    vec![
        Msg::new("artifakes-dug")
            .arg("from", u64::from(from))
            .arg("to", u64::from(to))
            .arg("player", name(seat))
            .arg("found", kinds(found))
            .arg("blocks", u64::from(found.blocks))
            .arg("discs", u64::from(found.discs))
            .arg("opponent", name(1 - seat))
            .arg("lost", kinds(destroyed))
            .arg("lost-blocks", u64::from(destroyed.blocks))
            .arg("lost-discs", u64::from(destroyed.discs)),
    ]
}

/// After the burial that ends a round's burying (spec `artifakes.md`, "Excavating"):
/// the cards are dealt and the player who buried last plays first ("Everything is
/// buried: each player gets 5 cards, and alice, who buried last, plays the first
/// card."). Nothing after any other move.
fn digging_begins(after: &ArtifakesView, players: &[User]) -> Vec<Msg> {
    match (after.last, after.phase, after.to_move) {
        (Some(LastPlay::Buried { .. }), Phase::Excavate, Some(first)) => {
            let name = players.get(first).map_or_else(|| format!("#{first}"), |u| u.name.clone());
            vec![Msg::new("artifakes-dig-begins").arg("player", name)]
        }
        _ => Vec::new(),
    }
}

/// The selling at the end of a round (spec `artifakes.md`, "Selling"), worked out from
/// the game before the last move (replayed from its log) and after it: each player's
/// finds at the sale (those held, and what the last play dug up), the wasted cards, and
/// the stone reached; then who buries first in the next round, or that the inspector
/// went home (`after`: the view after the move). Nothing after any other move.
fn selling(game: &dyn Match, after: &ArtifakesView, players: &[User]) -> Vec<Msg> {
    let log = game.log();
    // A card play (not a burial) that left the excavation ended the round; only then is
    // the game before it replayed (at most once a round, not after every move).
    let played = matches!(after.last, Some(LastPlay::Moved { .. } | LastPlay::Wasted { .. }));
    // A round that begins with nobody able to bury goes straight on excavating; it
    // begins with no finds and no wasted cards, as a round's first play never leaves.
    let fresh = after.finds.iter().all(|f| f.blocks == 0 && f.discs == 0) && after.wasted.iter().all(Vec::is_empty);
    if !played || (after.phase == Phase::Excavate && !fresh) {
        return Vec::new();
    }
    let Ok(mut before_game) = rules::open(game.kind(), &game.options(), game.players(), Some(game.resolved_setup()), game.seed())
    else {
        return Vec::new();
    };
    let Some((_, earlier)) = log.split_last() else { return Vec::new() };
    if earlier.iter().any(|entry| before_game.play(entry).is_err()) {
        return Vec::new();
    }
    let AnyView::Artifakes(before) = before_game.view(Viewer::Spectator) else { return Vec::new() };
    let ended = before.phase == Phase::Excavate && (after.round > before.round || after.phase == Phase::Over);
    if !ended {
        return Vec::new();
    }
    let name = |seat: Seat| players.get(seat).map_or_else(|| format!("#{seat}"), |u| u.name.clone());
    let mut notes = vec![Msg::new("artifakes-sold-header").arg("round", u64::from(before.round))];
    for seat in 0..2 {
        let mut finds = before.finds[seat];
        let mut wasted = before.wasted[seat].len();
        match after.last {
            Some(LastPlay::Moved { seat: s, found, .. }) if s == seat => {
                finds.blocks += found.blocks;
                finds.discs += found.discs;
            }
            Some(LastPlay::Wasted { seat: s, .. }) if s == seat => wasted += 1,
            _ => {}
        }
        notes.push(
            Msg::new("artifakes-sold")
                .arg("player", name(seat))
                .arg("found", kinds(finds))
                .arg("blocks", u64::from(finds.blocks))
                .arg("discs", u64::from(finds.discs))
                .arg("value", 2 * u64::from(finds.blocks) + u64::from(finds.discs))
                .arg("wasted", wasted)
                .arg("stone", after.stones[seat]),
        );
    }
    if after.went_home {
        notes.push(Msg::new("artifakes-went-home"));
    } else if let Some(first) = after.to_move {
        let key = if after.phase == Phase::Bury { "artifakes-next-round" } else { "artifakes-next-round-dig" };
        notes.push(Msg::new(key).arg("round", u64::from(after.round)).arg("player", name(first)));
    }
    notes
}

fn artifakes_help(view: &ArtifakesView, seat: Seat, format: &dyn Fn(&Msg) -> String) -> Vec<String> {
    let Some(Some(options)) = view.card_options.get(seat) else { return Vec::new() };
    if options.is_empty() {
        return Vec::new();
    }
    let mut lines = vec![format(&Msg::new("moves-artifakes-intro").arg("field", u64::from(view.inspector)))];
    lines.extend(options.iter().map(|option| artifakes_card_line(option, format)));
    if let Some(first) = options.first().filter(|_| options.iter().all(|o| !o.moves())) {
        lines.push(format(&Msg::new("moves-artifakes-must-waste").arg("card", u64::from(first.card))));
    }
    lines
}

fn artifakes_card_line(option: &CardOption, format: &dyn Fn(&Msg) -> String) -> String {
    let way = |w: &WayOption| match (w.cw, w.ccw) {
        (Some(cw), Some(ccw)) => format(
            &Msg::new("moves-artifakes-way")
                .arg("way", w.way.word())
                .arg("points", u64::from(w.points))
                .arg("cw", landing(&cw, format))
                .arg("ccw", landing(&ccw, format)),
        ),
        _ => format(&Msg::new("moves-artifakes-way-none").arg("way", w.way.word())),
    };
    format(
        &Msg::new("moves-artifakes-card")
            .arg("card", u64::from(option.card))
            .arg("copies", u64::from(option.copies))
            .arg("colour", option.colour.word())
            .arg("by-colour", way(&option.by_colour))
            .arg("by-number", way(&option.by_number)),
    )
}

/// A landing field, with what digging there brings: "5" or "5 (find 3, destroy 2)" (points).
fn landing(landing: &Landing, format: &dyn Fn(&Msg) -> String) -> String {
    let (find, destroy) = (u64::from(landing.finds.value()), u64::from(landing.destroys.value()));
    let key = match (find > 0, destroy > 0) {
        (false, false) => "moves-artifakes-field",
        (true, false) => "moves-artifakes-field-find",
        (false, true) => "moves-artifakes-field-destroy",
        (true, true) => "moves-artifakes-field-both",
    };
    format(&Msg::new(key).arg("field", u64::from(landing.field)).arg("find", find).arg("destroy", destroy))
}

