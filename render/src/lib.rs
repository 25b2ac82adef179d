//! # Spieltisch renderer
//!
//! A game view in, PNG bytes out (spec README, "Architecture"; design card: lila-gif).
//! The renderer sees only a [`rules::AnyView`], never a live game, so it can show no more
//! than the viewer may see.
//!
//! * [`board_png`] draws the board as the chat shows it after every move.
//! * [`hand_png`] draws one player's private hand, for games with hands.
//! * [`strip::strip_png`] draws the replay strip of a finished game (small boards).
//! * [`chart::review_png`] draws the graph of a game's review (each player's chance to win).
//! * [`animation::replay_gif`] draws the animated replay of a finished game (a GIF, one
//!   frame per position).
//! * [`canvas`] and [`palette`] are the shared drawing toolkit every game's module uses.
//! * [`Lang`] chooses the words on the images (English or German), from one table per
//!   language (`words.rs`).
//!
//! ```
//! use rules::{open, GameKind, Viewer};
//! let game = open(GameKind::Carat, &serde_json::json!({"players": 2}), 2, None, Some(7)).unwrap();
//! let names = vec!["alice".to_string(), "bob".to_string()];
//! let png = render::board_png(&game.view(Viewer::Spectator), &names, render::Lang::De).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

pub mod animation;
mod aratoth;
mod artifakes;
mod bidi;
pub mod canvas;
pub mod chart;
mod carat;
mod colour_table;
mod encode;
mod frame;
mod glyphs;
#[cfg(test)]
mod german;
mod hathor;
mod helofag;
pub mod palette;
pub mod strip;
pub mod table;
mod words;

use std::fmt;

pub use canvas::{Align, Area, Canvas, SpriteKey, TextStyle, Weight, bezier, diamond, ellipse};
pub use palette::Rgb;
pub use glyphs::invisible;
pub use words::Lang;

/// A Hathor stone in the words its board uses ("blue-ankh", German "blau-anch"), so that
/// chat texts name stones as the picture does.
pub fn hathor_stone_name(stone: rules::hathor::Stone, lang: Lang) -> String {
    hathor::stone_name(stone, lang)
}

/// Drawing or encoding failed.
#[derive(Debug)]
pub struct RenderError(pub String);

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RenderError {}

/// How one game's view is drawn. Implemented once per game, in the game's module
/// (`render/src/<game>.rs`); [`board_png`] and [`hand_png`] call it for each game of the
/// registry ([`rules::for_each_game`]), so a game without it fails to compile.
pub(crate) trait Draw {
    /// The board drawn (see [`board_png`]), not yet encoded: the PNG and the frames of
    /// the animated replay ([`animation`]) are both made from it.
    ///
    /// # Errors
    /// [`RenderError`] when the fonts cannot be read or drawing fails.
    fn board_canvas(&self, names: &[String], lang: Lang) -> Result<Canvas, RenderError>;

    /// The board as PNG bytes (see [`board_png`]).
    ///
    /// # Errors
    /// [`RenderError`] when the fonts cannot be read or encoding fails.
    fn board_png(&self, names: &[String], lang: Lang) -> Result<Vec<u8>, RenderError> {
        self.board_canvas(names, lang)?.png_within(canvas::BOARD_PNG_BUDGET)
    }

    /// `seat`'s hand as PNG bytes (see [`hand_png`]); by default the game has none.
    ///
    /// # Errors
    /// [`RenderError`] when the fonts cannot be read or encoding fails.
    fn hand_png(&self, _seat: usize, _names: &[String], _lang: Lang) -> Result<Option<Vec<u8>>, RenderError> {
        Ok(None)
    }
}

macro_rules! draw_any {
    ([] $($(#[$meta:meta])* $variant:ident: $game:path, $view:path;)*) => {
        /// The board as the view's viewer sees it, as PNG bytes (at least 800 px wide,
        /// 8-bit indexed colour, at most about 150 KB), with its words in `lang`. `names`
        /// are the players' display names in seat order (missing names are shown as
        /// "Player N" / "Spieler N"; long names are shortened).
        ///
        /// # Errors
        /// [`RenderError`] when the fonts cannot be read or encoding fails.
        pub fn board_png(view: &rules::AnyView, names: &[String], lang: Lang) -> Result<Vec<u8>, RenderError> {
            match view {
                $(rules::AnyView::$variant(v) => Draw::board_png(v, names, lang),)*
            }
        }

        /// The board as the view's viewer sees it, drawn but not encoded (the pixels
        /// [`board_png`] encodes).
        ///
        /// # Errors
        /// [`RenderError`] when the fonts cannot be read or drawing fails.
        pub(crate) fn board_canvas(view: &rules::AnyView, names: &[String], lang: Lang) -> Result<Canvas, RenderError> {
            match view {
                $(rules::AnyView::$variant(v) => Draw::board_canvas(v, names, lang),)*
            }
        }

        /// The hand of `seat` as PNG bytes (800+ px wide, one row per tile) with its
        /// words in `lang` (the hand's owner's language), or `None` when the game has no
        /// hands, the view does not show that seat's hand (build the view for
        /// `Viewer::Seat(seat)`), or the hand is empty (the game is over).
        ///
        /// # Errors
        /// [`RenderError`] when the fonts cannot be read or encoding fails.
        pub fn hand_png(
            view: &rules::AnyView,
            seat: usize,
            names: &[String],
            lang: Lang,
        ) -> Result<Option<Vec<u8>>, RenderError> {
            match view {
                $(rules::AnyView::$variant(v) => Draw::hand_png(v, seat, names, lang),)*
            }
        }
    };
}

rules::for_each_game!(draw_any);

/// The most characters of a player's name drawn; a longer name is cut and ends in "…"
/// (a hostile long name can neither blow up a layout nor the drawing's cost). Each
/// layout shortens names further to the room it has ([`Canvas::fit_text`]).
pub const MAX_NAME_CHARS: usize = 32;

/// The display name of `seat`: its entry in `names` (at most [`MAX_NAME_CHARS`]
/// characters, control and format characters left out), or "Player N" in `lang`
/// (1-based) when there is none or it has nothing visible.
pub(crate) fn seat_name(names: &[String], seat: usize, lang: Lang) -> String {
    let visible: String = names.get(seat).map(|n| n.chars().filter(|&c| !glyphs::invisible(c)).collect()).unwrap_or_default();
    let name = visible.trim();
    if name.is_empty() {
        return words::fill(crate::words::words(lang).player, &[&(seat + 1)]);
    }
    match name.char_indices().nth(MAX_NAME_CHARS) {
        Some((cut, _)) => format!("{}…", name[..cut].trim_end()),
        None => name.to_string(),
    }
}

#[cfg(test)]
mod name_tests;
