//! Spieltisch renderer: a game view in, PNG bytes out.

use std::fmt;

/// Drawing or encoding failed.
#[derive(Debug)]
pub struct RenderError(pub String);

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RenderError {}

/// The board as a spectator or player sees it, as PNG bytes. `names` are the players'
/// display names in seat order.
///
/// # Errors
/// [`RenderError`] when encoding fails.
pub fn board_png(_view: &rules::AnyView, _names: &[String]) -> Result<Vec<u8>, RenderError> {
    Err(RenderError("the renderer is not written yet".into()))
}

/// The private part of a seat's view (Carat: the hand tiles) as PNG bytes, or `None`
/// when the game has nothing private for that seat.
///
/// # Errors
/// [`RenderError`] when encoding fails.
pub fn hand_png(_view: &rules::AnyView, _seat: rules::Seat, _names: &[String]) -> Result<Option<Vec<u8>>, RenderError> {
    Err(RenderError("the renderer is not written yet".into()))
}
