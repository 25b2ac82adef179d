//! Text on a canvas: styles, measuring, fitting, wrapping and drawing with the
//! compiled-in fonts.

use super::*;

/// Where `x` lies relative to a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// `x` is the left end.
    Left,
    /// `x` is the middle.
    Centre,
    /// `x` is the right end.
    Right,
}

/// How a text is drawn: size in pixels (the em size), weight, colour, alignment.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TextStyle {
    pub size: f32,
    pub weight: Weight,
    pub colour: Rgb,
    pub align: Align,
}

impl TextStyle {
    /// Regular, ink-coloured, left-aligned text of `size` pixels.
    pub fn new(size: f32) -> TextStyle {
        TextStyle { size, weight: Weight::Regular, colour: palette::INK, align: Align::Left }
    }

    /// The same style in bold.
    pub fn bold(self) -> TextStyle {
        TextStyle { weight: Weight::Bold, ..self }
    }

    /// The same style in `colour`.
    pub fn colour(self, colour: Rgb) -> TextStyle {
        TextStyle { colour, ..self }
    }

    /// The same style with alignment `align`.
    pub fn align(self, align: Align) -> TextStyle {
        TextStyle { align, ..self }
    }

    /// Centred.
    pub fn centred(self) -> TextStyle {
        self.align(Align::Centre)
    }

    /// Right-aligned.
    pub fn right(self) -> TextStyle {
        self.align(Align::Right)
    }
}

impl Canvas {
    /// The advance width of `text` in `style`, in pixels.
    ///
    /// # Errors
    /// [`RenderError`] when the compiled-in fonts cannot be read.
    pub fn text_width(text: &str, style: &TextStyle) -> Result<f32, RenderError> {
        Ok(layout(fonts()?, style.weight, style.size, text).1)
    }

    /// `text` in `style` made at most `max_width` pixels wide: drawn smaller, down to
    /// `min_size` pixels, when that makes it fit (a long name such as "Spieltisch (AI,
    /// hard)" stays whole), else at `min_size` and shortened with "…". The text and the
    /// style to draw it with.
    ///
    /// # Errors
    /// [`RenderError`] when the font cannot measure the text.
    pub fn fit_text_shrinking(text: &str, max_width: f32, style: &TextStyle, min_size: f32) -> Result<(String, TextStyle), RenderError> {
        let mut size = style.size;
        loop {
            let smaller = TextStyle { size, ..*style };
            if Canvas::text_width(text, &smaller)? <= max_width {
                return Ok((text.to_string(), smaller));
            }
            if size <= min_size {
                return Ok((Canvas::fit_text(text, max_width, &smaller)?, smaller));
            }
            size = (size - 1.0).max(min_size);
        }
    }

    /// `text` shortened with "…" so that it is at most `max_width` pixels wide in `style`.
    ///
    /// # Errors
    /// [`RenderError`] when the compiled-in fonts cannot be read.
    pub fn fit_text(text: &str, max_width: f32, style: &TextStyle) -> Result<String, RenderError> {
        let printable = || text.chars().filter(|&c| !glyphs::invisible(c));
        let chars: Vec<char> = printable().take(MAX_LINE_CHARS).collect();
        let whole: String = chars.iter().collect();
        if printable().count() <= MAX_LINE_CHARS && Canvas::text_width(&whole, style)? <= max_width {
            return Ok(whole);
        }
        let shortened = |n: usize| chars[..n].iter().collect::<String>().trim_end().to_string() + "…";
        // The longest prefix that fits with the ellipsis (binary search: width grows with length).
        let (mut fits, mut too_long) = (0, chars.len() + 1);
        while too_long - fits > 1 {
            let mid = (fits + too_long) / 2;
            if Canvas::text_width(&shortened(mid), style)? <= max_width {
                fits = mid;
            } else {
                too_long = mid;
            }
        }
        if fits == 0 && Canvas::text_width("…", style)? > max_width {
            return Ok(String::new());
        }
        Ok(shortened(fits))
    }

    /// `text` broken at spaces into lines at most `max_width` pixels wide in `style`; a
    /// single word wider than that is shortened with "…".
    ///
    /// # Errors
    /// [`RenderError`] when the compiled-in fonts cannot be read.
    pub fn wrap_text(
        text: &str,
        max_width: f32,
        style: &TextStyle,
    ) -> Result<Vec<String>, RenderError> {
        let mut lines: Vec<String> = Vec::new();
        let mut line = String::new();
        for word in text.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if line.is_empty() || Canvas::text_width(&candidate, style)? <= max_width {
                line = candidate;
            } else {
                lines.push(Canvas::fit_text(&line, max_width, style)?);
                line = word.to_string();
            }
        }
        if !line.is_empty() {
            lines.push(Canvas::fit_text(&line, max_width, style)?);
        }
        Ok(lines)
    }

    /// Draws one line of `text`. `x` is placed according to `style.align`; `y` is the
    /// vertical middle of the capitals and digits, so a label centres in a box when `y`
    /// is the box's middle. Returns the text's width.
    ///
    /// # Errors
    /// [`RenderError`] when the compiled-in fonts cannot be read.
    pub fn text(&mut self, text: &str, x: f32, y: f32, style: &TextStyle) -> Result<f32, RenderError> {
        self.paints(style.colour);
        let fonts = fonts()?;
        let (_, cap) = fonts.get(style.weight);
        let (items, width) = layout(fonts, style.weight, style.size, text);
        let left = match style.align {
            Align::Left => x,
            Align::Centre => x - width / 2.0,
            Align::Right => x - width,
        };
        let (baseline, dy) = glyphs::split(y + cap * style.size / 2.0);
        for item in items {
            match item {
                Item::Glyph { face, id, x: dx } => {
                    let (pen, fx) = glyphs::split(left + dx);
                    if let Some(mask) = glyphs::mask(style.weight, face, id, style.size, fx, dy)? {
                        match &mut self.surface {
                            Surface::Rgba(pixmap) => blend_mask(pixmap, &mask, pen, baseline, style.colour),
                            Surface::Indexed(frame) => frame.blend_mask(&mask, pen, baseline, style.colour),
                        }
                    }
                }
                Item::Missing { c, x: dx, w } => self.missing_glyph(c, left + dx, y, w, style)?,
            }
        }
        Ok(width)
    }

    /// A character the font lacks: its code point in hexadecimal, two rows in a box
    /// `w` pixels wide from `x`, centred on `y` (never an empty box, so that two
    /// different names never look the same).
    fn missing_glyph(&mut self, c: char, x: f32, y: f32, w: f32, style: &TextStyle) -> Result<(), RenderError> {
        let h = 0.9 * style.size;
        let line = (style.size / 16.0).clamp(1.0, 2.0);
        self.stroke_rounded_rect(Area::new(x, y - h / 2.0, w, h).inset(line / 2.0), 0.0, line, style.colour);
        let hex = if u32::from(c) > 0xFFFF { format!("{:06X}", u32::from(c)) } else { format!("{:04X}", u32::from(c)) };
        let (top, bottom) = hex.split_at(hex.len() / 2);
        let digits = TextStyle { size: 0.4 * h, weight: Weight::Bold, colour: style.colour, align: Align::Centre };
        self.text(top, x + w / 2.0, y - 0.22 * h, &digits)?;
        self.text(bottom, x + w / 2.0, y + 0.22 * h, &digits)?;
        Ok(())
    }
}

/// Draws `colour` through the coverage of `mask` on `pixmap`, its origin at pixel (`x`, `y`).
fn blend_mask(pixmap: &mut Pixmap, mask: &glyphs::Mask, x: i32, y: i32, colour: Rgb) {
    let (w, h) = (pixmap.width() as i32, pixmap.height() as i32);
    let (x0, y0) = (x + mask.left, y + mask.top);
    let pixels = pixmap.pixels_mut();
    for (row, line) in mask.coverage.chunks_exact(mask.w.max(1)).enumerate() {
        let py = y0 + row as i32;
        if py < 0 || py >= h {
            continue;
        }
        for (col, &k) in line.iter().enumerate() {
            let px = x0 + col as i32;
            if k == 0 || px < 0 || px >= w {
                continue;
            }
            let Some(dst) = pixels.get_mut((py * w + px) as usize) else { continue };
            let k = u32::from(k);
            let mix = |s: u8, d: u8| crate::frame::mix_channel(s, d, k);
            let a = mix(255, dst.alpha());
            let (r, g, b) =
                (mix(colour.0, dst.red()).min(a), mix(colour.1, dst.green()).min(a), mix(colour.2, dst.blue()).min(a));
            if let Some(p) = PremultipliedColorU8::from_rgba(r, g, b, a) {
                *dst = p;
            }
        }
    }
}
