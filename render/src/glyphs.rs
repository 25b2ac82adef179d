//! Text for the canvas: the compiled-in DejaVu fonts, line layout, and rasterised glyphs
//! kept once per glyph, size and quarter-pixel position ("glyph rasterisation
//! cached per size").
//!
//! Names from users are data: a character DejaVu has no glyph for is not drawn
//! as the font's empty "tofu" box (which would make two different names look alike) but
//! as a [`Item::Missing`] box showing its code point in hexadecimal, as Unifont's
//! fallback glyphs do. Control, format and bidi characters (zero-width space and joiner,
//! direction marks, embeddings, overrides and isolates, the byte-order mark, variation
//! selectors, tag characters) take no room and draw nothing: the command layer strips
//! them, and a left-over one must not move or hide anything.
//!
//! A bundled CJK fallback font was weighed and left out: the smallest one Debian ships
//! (Droid Sans Fallback) is about 4 MB, the Noto CJK fonts 16 MB and more, and colour
//! emoji need a bitmap font ab_glyph cannot draw.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, OnceLock},
};

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};

use crate::{RenderError, canvas::Weight};

const REGULAR_TTF: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");
const BOLD_TTF: &[u8] = include_bytes!("../assets/DejaVuSans-Bold.ttf");

/// The most characters one line of text draws (bounds the work a hostile name can cause).
pub const MAX_LINE_CHARS: usize = 256;

/// Glyph positions are rounded to this fraction of a pixel (the cache keeps one
/// rasterisation per glyph, size and position fraction).
const SUBPIXEL: f32 = 4.0;

/// The most glyph rasterisations kept; the cache starts afresh beyond it (hostile text
/// in many sizes cannot make it grow without bound).
const CACHE_LIMIT: usize = 20_000;

/// The compiled-in fonts, parsed once.
pub(crate) struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
    /// Capital height as a fraction of the em size, per weight.
    cap_regular: f32,
    cap_bold: f32,
}

impl Fonts {
    /// The font of `weight` and its capital height as a fraction of the em size.
    pub(crate) fn get(&self, weight: Weight) -> (&FontRef<'static>, f32) {
        match weight {
            Weight::Regular => (&self.regular, self.cap_regular),
            Weight::Bold => (&self.bold, self.cap_bold),
        }
    }
}

fn cap_height(font: &FontRef<'static>) -> f32 {
    let scale = 1000.0;
    let glyph = font.glyph_id('H').with_scale_and_position(scale, point(0.0, 0.0));
    font.outline_glyph(glyph).map_or(0.73, |g| g.px_bounds().height() / scale)
}

/// The compiled-in fonts, parsed once.
///
/// # Errors
/// [`RenderError`] when a font cannot be parsed.
pub(crate) fn fonts() -> Result<&'static Fonts, RenderError> {
    static FONTS: OnceLock<Result<Fonts, String>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let regular = FontRef::try_from_slice(REGULAR_TTF).map_err(|e| format!("DejaVuSans.ttf: {e}"))?;
            let bold = FontRef::try_from_slice(BOLD_TTF).map_err(|e| format!("DejaVuSans-Bold.ttf: {e}"))?;
            let (cap_regular, cap_bold) = (cap_height(&regular), cap_height(&bold));
            Ok(Fonts { regular, bold, cap_regular, cap_bold })
        })
        .as_ref()
        .map_err(|e| RenderError(format!("cannot load the compiled-in font {e}")))
}

/// Characters that take no room and draw nothing: controls, and the format characters
/// that steer direction, joining or glyph variants.
pub fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}' | '\u{FEFF}' | '\u{FFA0}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}')
}

/// One laid-out character: a glyph of the font, or a character the font lacks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Item {
    /// A glyph at `x` pixels from the start of the line.
    Glyph(GlyphId, f32),
    /// A character without a glyph, drawn as its code point in a box `w` pixels wide at `x`.
    Missing { c: char, x: f32, w: f32 },
}

/// The width of the box for a missing character at `size`: room for two columns of hex
/// digits (four digits) or three (five or six).
pub(crate) fn missing_width(c: char, size: f32) -> f32 {
    if u32::from(c) > 0xFFFF { 0.95 * size } else { 0.75 * size }
}

/// The items of a line of `text` at `size` pixels and the line's advance width. At most
/// [`MAX_LINE_CHARS`] visible characters are laid out.
pub(crate) fn layout(font: &FontRef<'static>, size: f32, text: &str) -> (Vec<Item>, f32) {
    let scaled = font.as_scaled(PxScale::from(size));
    let mut items = Vec::with_capacity(text.len().min(MAX_LINE_CHARS));
    let mut x = 0.0;
    let mut previous: Option<GlyphId> = None;
    for c in text.chars().filter(|&c| !invisible(c)).take(MAX_LINE_CHARS) {
        let id = scaled.glyph_id(c);
        if id.0 == 0 && !c.is_whitespace() {
            let w = missing_width(c, size);
            items.push(Item::Missing { c, x: x + 0.08 * size, w });
            x += w + 0.16 * size;
            previous = None;
            continue;
        }
        if let Some(p) = previous {
            x += scaled.kern(p, id);
        }
        items.push(Item::Glyph(id, x));
        x += scaled.h_advance(id);
        previous = Some(id);
    }
    (items, x)
}

/// A rasterised glyph: coverage 0-255, rows of `w`, its top-left at (`left`, `top`)
/// relative to the whole-pixel pen position.
pub(crate) struct Mask {
    pub left: i32,
    pub top: i32,
    pub w: usize,
    pub coverage: Vec<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    bold: bool,
    glyph: u16,
    size: u32,
    dx: u8,
    dy: u8,
}

fn rasterise(font: &FontRef<'static>, key: Key, size: f32) -> Option<Mask> {
    let (fx, fy) = (f32::from(key.dx) / SUBPIXEL, f32::from(key.dy) / SUBPIXEL);
    let glyph = GlyphId(key.glyph).with_scale_and_position(size, point(fx, fy));
    let outlined = font.outline_glyph(glyph)?;
    let bounds = outlined.px_bounds();
    let (w, h) = (bounds.width() as usize, bounds.height() as usize);
    let mut coverage = vec![0u8; w * h];
    outlined.draw(|x, y, c| {
        if let Some(cell) = coverage.get_mut(y as usize * w + x as usize) {
            *cell = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
        }
    });
    Some(Mask { left: bounds.min.x as i32, top: bounds.min.y as i32, w, coverage })
}

/// Splits a pen position into whole pixels and a quarter-pixel step (0-3).
pub(crate) fn split(v: f32) -> (i32, u8) {
    let steps = (v * SUBPIXEL).round();
    let whole = (steps / SUBPIXEL).floor();
    (whole as i32, (steps - whole * SUBPIXEL) as u8)
}

/// The rasterised glyph `id` of `weight` at `size` pixels, its pen at the fraction
/// (`dx`, `dy`) / 4 of a pixel; `None` for glyphs without an outline (a space).
pub(crate) fn mask(weight: Weight, id: GlyphId, size: f32, dx: u8, dy: u8) -> Result<Option<Arc<Mask>>, RenderError> {
    static CACHE: OnceLock<Mutex<HashMap<Key, Option<Arc<Mask>>>>> = OnceLock::new();
    let key = Key { bold: weight == Weight::Bold, glyph: id.0, size: size.to_bits(), dx, dy };
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(found) = cache.lock().map_err(|_| RenderError("glyph cache poisoned".into()))?.get(&key) {
        return Ok(found.clone());
    }
    let (font, _) = fonts()?.get(weight);
    let made = rasterise(font, key, size).map(Arc::new);
    let mut cache = cache.lock().map_err(|_| RenderError("glyph cache poisoned".into()))?;
    if cache.len() >= CACHE_LIMIT {
        cache.clear();
    }
    cache.insert(key, made.clone());
    Ok(made)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_split_into_pixels_and_quarters() {
        assert_eq!(split(10.0), (10, 0));
        assert_eq!(split(10.26), (10, 1));
        assert_eq!(split(10.5), (10, 2));
        assert_eq!(split(10.9), (11, 0));
        assert_eq!(split(-0.3), (-1, 3));
    }

    #[test]
    fn format_characters_are_invisible_and_letters_are_not() {
        for c in ['\u{200B}', '\u{200D}', '\u{202E}', '\u{2067}', '\u{FEFF}', '\u{FE0F}', '\n'] {
            assert!(invisible(c), "{:X}", u32::from(c));
        }
        for c in ['a', 'ö', '中', '😀', ' '] {
            assert!(!invisible(c), "{c}");
        }
    }

    #[test]
    fn characters_without_a_glyph_are_laid_out_as_boxes() {
        let Ok(fonts) = fonts() else { panic!("fonts") };
        let (font, _) = fonts.get(Weight::Regular);
        let (items, width) = layout(font, 20.0, "a中\u{200B}b");
        assert_eq!(items.len(), 3, "{items:?}");
        assert!(matches!(items[1], Item::Missing { c: '中', .. }));
        assert!(width > missing_width('中', 20.0));
        // The zero-width space takes no room: the same width as without it.
        assert_eq!(layout(font, 20.0, "a中b").1, width);
    }
}
