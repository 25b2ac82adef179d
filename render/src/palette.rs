//! Colours shared by every game's drawing.
//!
//! Player colours follow the Okabe–Ito palette (Okabe & Ito, "Color Universal Design"),
//! chosen so that they stay distinguishable for people with red–green or blue–yellow
//! colour blindness; they also differ in lightness, so they survive a grey-scale screen.

/// An opaque sRGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// From `0xRRGGBB`.
    pub const fn hex(value: u32) -> Rgb {
        Rgb((value >> 16) as u8, (value >> 8) as u8, value as u8)
    }

    /// `self` moved towards `other` by `t` (0 = self, 1 = other).
    pub fn mix(self, other: Rgb, t: f32) -> Rgb {
        let t = t.clamp(0.0, 1.0);
        let m = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * t).round() as u8;
        Rgb(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2))
    }

    /// A lighter version (towards white by `t`).
    pub fn lighten(self, t: f32) -> Rgb {
        self.mix(WHITE, t)
    }

    /// A darker version (towards black by `t`).
    pub fn darken(self, t: f32) -> Rgb {
        self.mix(Rgb(0, 0, 0), t)
    }

    /// Relative luminance 0..1 (sRGB, WCAG formula).
    pub fn luminance(self) -> f32 {
        let lin = |c: u8| {
            let c = f32::from(c) / 255.0;
            if c <= 0.039_28 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
        };
        0.2126 * lin(self.0) + 0.7152 * lin(self.1) + 0.0722 * lin(self.2)
    }

    /// The text colour that reads best on `self` as a background: [`INK`] or [`WHITE`].
    pub fn ink_on(self) -> Rgb {
        if self.luminance() > 0.30 { INK } else { WHITE }
    }

    /// The colour as one number 0xRRGGBB (for cache keys).
    pub const fn packed(self) -> u32 {
        (self.0 as u32) << 16 | (self.1 as u32) << 8 | self.2 as u32
    }

    /// The colour as a tiny-skia colour.
    pub fn skia(self) -> tiny_skia::Color {
        tiny_skia::Color::from_rgba8(self.0, self.1, self.2, 255)
    }
}

/// Page background (warm off-white).
pub const BACKGROUND: Rgb = Rgb::hex(0xF5F1E8);
/// Main text and outline colour.
pub const INK: Rgb = Rgb::hex(0x23211E);
/// Secondary text (coordinates, captions).
pub const MUTED: Rgb = Rgb::hex(0x6E6A63);
/// Pure white (text on dark fills, panels).
pub const WHITE: Rgb = Rgb::hex(0xFFFFFF);
/// Panels and cards drawn on the background.
pub const PANEL: Rgb = Rgb::hex(0xFFFDF8);
/// Thin lines between fields.
pub const GRID: Rgb = Rgb::hex(0xC9BFAE);
/// Marks the last move. Not a player colour, so it never reads as "owned by someone".
pub const HIGHLIGHT: Rgb = Rgb::hex(0xFF2BB3);
/// A pale tint behind the row of the player to move.
pub const TURN_TINT: Rgb = Rgb::hex(0xFFE9A8);
/// Things that belong to nobody (neutral, removed, unscored).
pub const NEUTRAL: Rgb = Rgb::hex(0xB9B4AB);

/// Okabe–Ito vermillion: "red".
pub const RED: Rgb = Rgb::hex(0xD55E00);
/// Okabe–Ito blue: "blue".
pub const BLUE: Rgb = Rgb::hex(0x0072B2);
/// Okabe–Ito bluish green: "green".
pub const GREEN: Rgb = Rgb::hex(0x009E73);
/// Okabe–Ito yellow: "yellow".
pub const YELLOW: Rgb = Rgb::hex(0xF0E442);
/// Okabe–Ito reddish purple.
pub const PURPLE: Rgb = Rgb::hex(0xCC79A7);
/// Okabe–Ito sky blue.
pub const SKY: Rgb = Rgb::hex(0x56B4E9);
/// Okabe–Ito orange.
pub const ORANGE: Rgb = Rgb::hex(0xE69F00);

/// Player colours in seat order for games where seats have no colour of their own
/// (up to six players): red, blue, green, yellow, purple, sky blue.
pub const PLAYERS: [Rgb; 6] = [RED, BLUE, GREEN, YELLOW, PURPLE, SKY];

/// The colour of seat `seat` (wraps around after six seats).
pub fn player(seat: usize) -> Rgb {
    PLAYERS[seat % PLAYERS.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_splits_channels() {
        assert_eq!(Rgb::hex(0x123456), Rgb(0x12, 0x34, 0x56));
    }

    #[test]
    fn mix_halfway() {
        assert_eq!(Rgb(0, 100, 200).mix(Rgb(100, 200, 0), 0.5), Rgb(50, 150, 100));
    }

    #[test]
    fn text_colour_contrasts() {
        assert_eq!(YELLOW.ink_on(), INK);
        assert_eq!(BLUE.ink_on(), WHITE);
        assert_eq!(WHITE.ink_on(), INK);
    }

    #[test]
    fn player_colours_are_distinct_and_differ_in_lightness() {
        for (i, a) in PLAYERS.iter().enumerate() {
            for b in &PLAYERS[i + 1..] {
                assert_ne!(a, b);
            }
        }
        // Red and green, the pair red-green colour blindness confuses, must not share a
        // lightness band with yellow, and yellow must be by far the lightest.
        assert!(YELLOW.luminance() > 2.0 * GREEN.luminance());
        assert!(YELLOW.luminance() > 2.0 * RED.luminance());
    }
}
