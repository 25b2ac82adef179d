//! Text for the canvas: the compiled-in fonts, line layout, and rasterised glyphs
//! kept once per font, glyph, size and quarter-pixel position ("glyph rasterisation
//! cached per size").
//!
//! The fonts (all in `render/assets/`, each with its license text beside it):
//!
//! * DejaVu Sans and DejaVu Sans Bold (Debian's fonts-dejavu-core; Bitstream Vera
//!   license): the primary fonts, for Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew,
//!   Arabic and most symbols.
//! * Droid Sans Fallback (`DroidSansFallback.ttf`, 3.4 MB, from Debian's
//!   fonts-droid-fallback 1:6.0.1r16-1.1; Apache-2.0): Chinese (the 20,902 unified
//!   ideographs U+4E00-9FA5), Japanese kana, Korean Hangul syllables, Bopomofo, CJK
//!   punctuation and full-width forms. Its "Full" sibling adds CJK extension A but has
//!   no Hangul, and the Noto CJK fonts are 16 MB and more.
//! * Symbola (`Symbola.ttf`, 3.2 MB, from Debian's fonts-symbola 2.60-1.1; "free for any
//!   use", redistribution allowed): emoji up to Unicode 9 in black and white and other
//!   symbols. Colour emoji would need a bitmap font, which ab_glyph cannot draw.
//!
//! `render/assets/README.md` lists the files, their sources, checksums and coverage.
//!
//! A character is drawn from the primary font of the text's weight when it has a glyph,
//! else from the first fallback that has one, at the same em size (the fallbacks have no
//! bold: bold text draws Droid Sans Fallback's glyphs thickened, [`FAKE_BOLD`]).
//! Right-to-left text (Hebrew, Arabic) is put in display order and Arabic letters are
//! joined (the `bidi` module) before that.
//!
//! Names from users are data: a character no font has a glyph for is not drawn as a
//! font's empty "tofu" box (which would make two different names look alike) but as a
//! [`Item::Missing`] box showing its code point in hexadecimal, as Unifont's fallback
//! glyphs do. Control, format and bidi characters (zero-width space and joiner, direction
//! marks, embeddings, overrides and isolates, the byte-order mark, variation selectors,
//! tag characters) take no room and draw nothing: the command layer strips them, and a
//! left-over one must not move or hide anything.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, OnceLock},
};

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};

use crate::RenderError;

/// The weight of a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    Regular,
    Bold,
}

const REGULAR_TTF: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");
const BOLD_TTF: &[u8] = include_bytes!("../assets/DejaVuSans-Bold.ttf");

/// The fallback fonts, in the order they are asked for a glyph the primary font lacks,
/// and whether bold text thickens their glyphs: yes for letters, no for Symbola's
/// pictures, whose fine lines would run together.
const FALLBACK_TTF: [(&str, &[u8], bool); 2] = [
    ("DroidSansFallback.ttf", include_bytes!("../assets/DroidSansFallback.ttf"), true),
    ("Symbola.ttf", include_bytes!("../assets/Symbola.ttf"), false),
];

/// The most characters one line of text draws (bounds the work a hostile name can cause).
pub const MAX_LINE_CHARS: usize = 256;

/// Glyph positions are rounded to this fraction of a pixel (the cache keeps one
/// rasterisation per glyph, size and position fraction).
const SUBPIXEL: f32 = 4.0;

/// The most glyph rasterisations kept; the cache starts afresh beyond it (hostile text
/// in many sizes cannot make it grow without bound).
const CACHE_LIMIT: usize = 20_000;

/// How far a fallback glyph of letters is drawn twice, side by side, in bold text, as a
/// fraction of the size: a little less than DejaVu Sans Bold's stems gain over the
/// regular's (0.072 of the size), so that ideographs with many strokes stay open.
const FAKE_BOLD: f32 = 0.06;

/// Which font a laid-out glyph comes from: 0 is the primary font of the text's weight,
/// `k` the `k`-th fallback font (1-based).
pub(crate) type Face = u8;

/// A fallback font and the factor from the primary font's pixel scale to its own.
pub(crate) struct Fallback {
    font: FontRef<'static>,
    /// ab_glyph scales a font so that its ascent minus descent is the size in pixels;
    /// this factor makes the fallback's em as large as the primary font's.
    scale: f32,
    /// Whether bold text draws its glyphs thickened ([`FAKE_BOLD`]).
    thicken: bool,
}

/// The compiled-in fonts, parsed once.
pub(crate) struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
    /// Capital height as a fraction of the em size, per weight.
    cap_regular: f32,
    cap_bold: f32,
    fallbacks: Vec<Fallback>,
}

impl Fonts {
    /// The font of `weight` and its capital height as a fraction of the em size.
    pub(crate) fn get(&self, weight: Weight) -> (&FontRef<'static>, f32) {
        match weight {
            Weight::Regular => (&self.regular, self.cap_regular),
            Weight::Bold => (&self.bold, self.cap_bold),
        }
    }

    /// The first fallback font with a glyph for `c`: its face number and the glyph.
    fn fallback(&self, c: char) -> Option<(Face, &Fallback, GlyphId)> {
        self.fallbacks.iter().zip(1..).find_map(|(f, face)| {
            let id = f.font.glyph_id(c);
            (id.0 != 0).then_some((face, f, id))
        })
    }

    /// The font of `face` in `weight`, its pixel size for text of `size` pixels and how
    /// far to thicken its glyphs (bold text in a font without bold).
    fn face(&self, weight: Weight, face: Face, size: f32) -> Option<(&FontRef<'static>, f32, f32)> {
        match usize::from(face).checked_sub(1) {
            None => Some((self.get(weight).0, size, 0.0)),
            Some(k) => self.fallbacks.get(k).map(|f| (&f.font, size * f.scale, f.thickening(weight, size))),
        }
    }
}

impl Fallback {
    /// How far glyphs of this font are drawn twice in text of `weight` and `size`.
    fn thickening(&self, weight: Weight, size: f32) -> f32 {
        if self.thicken && weight == Weight::Bold { FAKE_BOLD * size } else { 0.0 }
    }
}

fn cap_height(font: &FontRef<'static>) -> f32 {
    let scale = 1000.0;
    let glyph = font.glyph_id('H').with_scale_and_position(scale, point(0.0, 0.0));
    font.outline_glyph(glyph).map_or(0.73, |g| g.px_bounds().height() / scale)
}

/// The em size as a fraction of ab_glyph's pixel scale (ascent minus descent).
fn em_per_px(font: &FontRef<'static>) -> f32 {
    font.units_per_em().unwrap_or(1000.0) / font.height_unscaled()
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
            let em = em_per_px(&regular);
            let fallbacks = FALLBACK_TTF
                .iter()
                .map(|&(name, ttf, thicken)| {
                    let font = FontRef::try_from_slice(ttf).map_err(|e| format!("{name}: {e}"))?;
                    let scale = em / em_per_px(&font);
                    Ok(Fallback { font, scale, thicken })
                })
                .collect::<Result<_, String>>()?;
            Ok(Fonts { regular, bold, cap_regular, cap_bold, fallbacks })
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

/// One laid-out character: a glyph of one of the fonts, or a character no font has.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Item {
    /// Glyph `id` of font `face` at `x` pixels from the start of the line.
    Glyph { face: Face, id: GlyphId, x: f32 },
    /// A character without a glyph, drawn as its code point in a box `w` pixels wide at `x`.
    Missing { c: char, x: f32, w: f32 },
}

/// The width of the box for a missing character at `size`: room for two columns of hex
/// digits (four digits) or three (five or six).
pub(crate) fn missing_width(c: char, size: f32) -> f32 {
    if u32::from(c) > 0xFFFF { 0.95 * size } else { 0.75 * size }
}

/// The items of a line of `text` in `weight` at `size` pixels and the line's advance
/// width, in display order (right-to-left runs reversed, Arabic letters joined). At most
/// [`MAX_LINE_CHARS`] visible characters are laid out.
pub(crate) fn layout(fonts: &Fonts, weight: Weight, size: f32, text: &str) -> (Vec<Item>, f32) {
    let (font, _) = fonts.get(weight);
    let scaled = font.as_scaled(PxScale::from(size));
    let mut chars: Vec<char> = text.chars().filter(|&c| !invisible(c)).take(MAX_LINE_CHARS).collect();
    if chars.iter().any(|&c| crate::bidi::right_to_left(c)) {
        chars = crate::bidi::display_order(&crate::bidi::join_arabic(&chars, |c| font.glyph_id(c).0 != 0));
    }
    let mut items = Vec::with_capacity(chars.len());
    let mut x = 0.0;
    // The previous glyph when it was the primary font's (for kerning).
    let mut previous: Option<GlyphId> = None;
    for c in chars {
        let id = scaled.glyph_id(c);
        if id.0 == 0 {
            if let Some((face, fallback, id)) = fonts.fallback(c) {
                items.push(Item::Glyph { face, id, x });
                let advance = fallback.font.as_scaled(PxScale::from(size * fallback.scale)).h_advance(id);
                x += advance + if advance > 0.0 { fallback.thickening(weight, size) } else { 0.0 };
                previous = None;
                continue;
            }
            if !c.is_whitespace() {
                let w = missing_width(c, size);
                items.push(Item::Missing { c, x: x + 0.08 * size, w });
                x += w + 0.16 * size;
                previous = None;
                continue;
            }
        }
        if let Some(p) = previous {
            x += scaled.kern(p, id);
        }
        items.push(Item::Glyph { face: 0, id, x });
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
    face: Face,
    glyph: u16,
    size: u32,
    dx: u8,
    dy: u8,
}

/// Glyph `key.glyph` of `font` at `size` pixels; `thicken` > 0 draws it a second time
/// that many pixels to the right (a bold look for fonts without a bold).
fn rasterise(font: &FontRef<'static>, key: Key, size: f32, thicken: f32) -> Option<Mask> {
    let (fx, fy) = (f32::from(key.dx) / SUBPIXEL, f32::from(key.dy) / SUBPIXEL);
    let glyph = GlyphId(key.glyph).with_scale_and_position(size, point(fx, fy));
    let outlined = font.outline_glyph(glyph)?;
    let bounds = outlined.px_bounds();
    if thicken > 0.0 {
        let glyph = GlyphId(key.glyph).with_scale_and_position(size, point(fx + thicken, fy));
        let second = font.outline_glyph(glyph)?;
        let right = second.px_bounds().max.x.max(bounds.max.x);
        let (w, h) = ((right - bounds.min.x) as usize, bounds.height() as usize);
        let mut coverage = vec![0u8; w * h];
        for (outline, shift) in [(&outlined, 0), (&second, (second.px_bounds().min.x - bounds.min.x) as usize)] {
            outline.draw(|x, y, c| {
                if let Some(cell) = coverage.get_mut(y as usize * w + x as usize + shift) {
                    *cell = (*cell).max((c.clamp(0.0, 1.0) * 255.0).round() as u8);
                }
            });
        }
        return Some(Mask { left: bounds.min.x as i32, top: bounds.min.y as i32, w, coverage });
    }
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

/// The rasterised glyph `id` of font `face` (see [`Item::Glyph`]) for text in `weight`
/// at `size` pixels, its pen at the fraction (`dx`, `dy`) / 4 of a pixel; `None` for
/// glyphs without an outline (a space).
pub(crate) fn mask(weight: Weight, face: Face, id: GlyphId, size: f32, dx: u8, dy: u8) -> Result<Option<Arc<Mask>>, RenderError> {
    static CACHE: OnceLock<Mutex<HashMap<Key, Option<Arc<Mask>>>>> = OnceLock::new();
    let bold = weight == Weight::Bold;
    let key = Key { bold, face, glyph: id.0, size: size.to_bits(), dx, dy };
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(found) = cache.lock().map_err(|_| RenderError("glyph cache poisoned".into()))?.get(&key) {
        return Ok(found.clone());
    }
    let Some((font, px, thicken)) = fonts()?.face(weight, face, size) else { return Ok(None) };
    let made = rasterise(font, key, px, thicken).map(Arc::new);
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
        // A private-use character, an unassigned one and one past Symbola's emoji.
        for c in ['\u{E000}', '\u{0378}', '\u{10FFFD}', '\u{1FAE8}'] {
            let text = format!("a{c}\u{200B}b");
            let (items, width) = layout(fonts, Weight::Regular, 20.0, &text);
            assert_eq!(items.len(), 3, "{items:?}");
            assert!(matches!(items[1], Item::Missing { c: m, .. } if m == c), "{items:?}");
            assert!(width > missing_width(c, 20.0));
            // The zero-width space takes no room: the same width as without it.
            assert_eq!(layout(fonts, Weight::Regular, 20.0, &format!("a{c}b")).1, width);
        }
    }

    /// The names of issue 38 and their scripts: every character is drawn from a font.
    const NAMES: [&str; 12] =
        ["李小龙", "さくら", "김민준", "Ολγα", "Дмитрий", "محمد", "שרה", "🎲🐉", "alice🎉", "カタカナ　漢字", "فاطمة الزهراء", "Zoë (2)"];

    #[test]
    fn names_in_every_script_draw_as_letters() {
        let Ok(fonts) = fonts() else { panic!("fonts") };
        for weight in [Weight::Regular, Weight::Bold] {
            for name in NAMES {
                let (items, width) = layout(fonts, weight, 24.0, name);
                assert!(!items.iter().any(|i| matches!(i, Item::Missing { .. })), "{name}: {items:?}");
                assert!(width > 6.0 * name.chars().count() as f32, "{name}: {width}");
                for item in items {
                    let Item::Glyph { face, id, .. } = item else { continue };
                    assert!(mask(weight, face, id, 24.0, 0, 0).is_ok());
                }
            }
        }
        let face = |c: char| match layout(fonts, Weight::Regular, 24.0, &c.to_string()).0[..] {
            [Item::Glyph { face, .. }] => face,
            ref other => panic!("{c}: {other:?}"),
        };
        assert_eq!([face('a'), face('Ж'), face('ש'), face('李'), face('김'), face('🐉')], [0, 0, 0, 1, 1, 2]);
    }

    #[test]
    fn fallback_glyphs_sit_at_the_size_of_the_text() {
        let Ok(fonts) = fonts() else { panic!("fonts") };
        // An ideograph is about one em wide, a little more than DejaVu's "M" (0.86 em).
        let (_, ideograph) = layout(fonts, Weight::Regular, 40.0, "李");
        let (_, m) = layout(fonts, Weight::Regular, 40.0, "M");
        assert!(ideograph > m && ideograph < 1.4 * m, "{ideograph} vs {m}");
        // Its ink is about as tall as a capital's, not twice or half of it.
        let height = |c: char| {
            let (items, _) = layout(fonts, Weight::Regular, 40.0, &c.to_string());
            let Some(Item::Glyph { face, id, .. }) = items.first().copied() else { panic!("{c}") };
            let Ok(Some(mask)) = mask(Weight::Regular, face, id, 40.0, 0, 0) else { panic!("{c}") };
            mask.coverage.len() / mask.w
        };
        let (cap, han, emoji) = (height('H') as f32, height('李') as f32, height('🐉') as f32);
        assert!(han > 0.9 * cap && han < 1.6 * cap, "{han} vs {cap}");
        assert!(emoji > 0.7 * cap && emoji < 1.6 * cap, "{emoji} vs {cap}");
    }

    #[test]
    fn right_to_left_names_are_laid_out_from_the_right() {
        let Ok(fonts) = fonts() else { panic!("fonts") };
        let ids = |text: &str| -> Vec<GlyphId> {
            layout(fonts, Weight::Regular, 20.0, text).0.iter().map(|i| match i {
                Item::Glyph { id, .. } => *id,
                Item::Missing { .. } => panic!("{text}"),
            }).collect()
        };
        let glyph = |c: char| fonts.regular.glyph_id(c);
        // Hebrew: the last letter is drawn first (leftmost).
        assert_eq!(ids("שרה"), vec![glyph('ה'), glyph('ר'), glyph('ש')]);
        // Arabic: joined forms, the final dal leftmost, the initial meem rightmost.
        assert_eq!(ids("محمد"), ['\u{FEAA}', '\u{FEE4}', '\u{FEA4}', '\u{FEE3}'].map(glyph).to_vec());
        // Text without right-to-left letters is laid out as before (kerned, in order).
        assert_eq!(ids("AVa"), vec![glyph('A'), glyph('V'), glyph('a')]);
    }
}
