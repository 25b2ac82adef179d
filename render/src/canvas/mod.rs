//! A small anti-aliased drawing surface shared by every game's drawing: shapes via
//! tiny-skia, text via ab_glyph with the compiled-in DejaVu fonts (and fallback fonts
//! for CJK and emoji, see the `glyphs` module), PNG encoding.
//!
//! Coordinates are pixels, `x` to the right and `y` downwards, as `f32`.
//!
//! Here: the canvas, its shapes, sprites, backgrounds and PNG encoding; in `text` the
//! text; in `cache` the kept sprites, shapes and backgrounds; in `geometry` areas and
//! curves.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, OnceLock},
};

use tiny_skia::{
    FillRule, GradientStop, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, PremultipliedColorU8, RadialGradient,
    Rect, Shader, SpreadMode, Stroke, Transform,
};

use crate::{
    RenderError,
    frame::{Frame, Spans, Stamps},
    glyphs::{self, Item, fonts, layout},
    palette,
    palette::Rgb,
};

/// The largest canvas side in pixels (bounds the memory a drawing may take).
pub const MAX_SIDE: u32 = 4096;
/// Board PNGs larger than this many bytes after the fastest encoding are packed again
/// the smaller ways ([`Canvas::png_within`]): boards of at most 150 KB.
pub const BOARD_PNG_BUDGET: usize = 150_000;
/// The same for hand images (at most 60 KB).
pub const HAND_PNG_BUDGET: usize = 56_000;
pub use crate::glyphs::{MAX_LINE_CHARS, Weight};

mod cache;
mod geometry;
mod text;
#[cfg(test)]
mod tests;

use cache::{Sprite, backgrounds, cached, shapes, sprites};
pub use cache::{BACKGROUND_BYTES, SHAPE_BYTES, SPRITE_BYTES, SpriteKey};
pub use geometry::{Area, bezier, diamond, ellipse};
pub use text::{Align, TextStyle};


fn paint(colour: Rgb) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(colour.skia());
    paint.anti_alias = true;
    paint
}

/// Draws the premultiplied pixel `s` over `d` (source over).
fn source_over(d: &mut PremultipliedColorU8, s: PremultipliedColorU8) {
    match s.alpha() {
        0 => {}
        255 => *d = s,
        a => {
            let k = 255 - u32::from(a);
            let over = |s: u8, d: u8| crate::frame::over_channel(s, d, k);
            let alpha = over(a, d.alpha());
            let (r, g, b) =
                (over(s.red(), d.red()).min(alpha), over(s.green(), d.green()).min(alpha), over(s.blue(), d.blue()).min(alpha));
            if let Some(p) = PremultipliedColorU8::from_rgba(r, g, b, alpha) {
                *d = p;
            }
        }
    }
}

/// An opaque drawing surface.
pub struct Canvas {
    surface: Surface,
    /// The colours painted so far (fills, lines, text, a ball's shades): a sprite's
    /// flat colours, as opposed to the anti-aliased mixes at their edges (`Spans::of`).
    painted: Vec<Rgb>,
}

/// What a canvas draws on.
enum Surface {
    /// Premultiplied RGBA pixels: backgrounds and sprites as they are first drawn, hands.
    Rgba(Pixmap),
    /// Palette indices (`crate::frame`): a board over its kept background.
    Indexed(Box<Frame>),
}

/// The most palette entries a kept background and its sprites' colours take together
/// ([`Canvas::background_with_sprites`]); the rest are for what boards draw.
pub const SPRITE_ENTRIES: usize = 216;

/// The steps of a shaded ball's shading ([`Canvas::sphere`]).
pub const SHADES: usize = 14;

/// Kept backgrounds get at most this many palette entries, leaving the rest of the 256
/// to what a board draws over them.
pub const BACKGROUND_COLOURS: usize = 120;

impl Canvas {
    /// A `width` x `height` canvas filled with `background`.
    ///
    /// # Errors
    /// [`RenderError`] when a side is 0 or larger than [`MAX_SIDE`].
    pub fn new(width: u32, height: u32, background: Rgb) -> Result<Canvas, RenderError> {
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(RenderError(format!("a {width}x{height} canvas is too large")));
        }
        let mut pixmap =
            Pixmap::new(width, height).ok_or_else(|| RenderError(format!("cannot make a {width}x{height} canvas")))?;
        pixmap.fill(background.skia());
        Ok(Canvas { surface: Surface::Rgba(pixmap), painted: Vec::new() })
    }

    /// The RGBA pixels, `None` for a canvas in palette indices (for tests).
    #[cfg(test)]
    pub(crate) fn pixmap(&self) -> Option<&Pixmap> {
        match &self.surface {
            Surface::Rgba(pixmap) => Some(pixmap),
            Surface::Indexed(_) => None,
        }
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        match &self.surface {
            Surface::Rgba(pixmap) => pixmap.width(),
            Surface::Indexed(frame) => frame.width,
        }
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        match &self.surface {
            Surface::Rgba(pixmap) => pixmap.height(),
            Surface::Indexed(frame) => frame.height,
        }
    }

    /// The colour of pixel (`x`, `y`), `None` outside the canvas (for tests).
    pub fn pixel(&self, x: u32, y: u32) -> Option<Rgb> {
        match &self.surface {
            Surface::Rgba(pixmap) => {
                let p = pixmap.pixel(x, y)?.demultiply();
                Some(Rgb(p.red(), p.green(), p.blue()))
            }
            Surface::Indexed(frame) => frame.pixel(x, y),
        }
    }

    /// Fills or (with `stroke`) outlines `path` with `paint`. On a canvas in palette
    /// indices the shape is drawn into a transparent layer just large enough for it,
    /// which is then blended over the frame; a shape of one colour is kept as runs under
    /// its geometry ([`shape_key`]), so that drawing it again anywhere at the same
    /// sub-pixel offset only copies them.
    fn draw_path(&mut self, path: &Path, paint: &Paint, stroke: Option<&Stroke>) {
        self.draw_path_within(path, paint, stroke, None);
    }

    /// [`Canvas::draw_path`]; on a canvas in palette indices only the part within the
    /// whole-pixel box `within` (left, top, right, bottom), when given.
    fn draw_path_within(&mut self, path: &Path, paint: &Paint, stroke: Option<&Stroke>, within: Option<[i32; 4]>) {
        match &mut self.surface {
            Surface::Rgba(pixmap) => match stroke {
                None => pixmap.fill_path(path, paint, FillRule::Winding, Transform::identity(), None),
                Some(stroke) => pixmap.stroke_path(path, paint, stroke, Transform::identity(), None),
            },
            Surface::Indexed(frame) => {
                let bounds = path.bounds();
                let reach = stroke.map_or(0.0, |s| s.width / 2.0) + 2.0;
                let clip = |v: f32, max: u32| (v.max(0.0) as i32).min(max as i32);
                let (mut x0, mut y0) = (clip((bounds.left() - reach).floor(), frame.width), clip((bounds.top() - reach).floor(), frame.height));
                let (mut x1, mut y1) = (clip((bounds.right() + reach).ceil(), frame.width), clip((bounds.bottom() + reach).ceil(), frame.height));
                if let Some([l, t, r, b]) = within {
                    (x0, y0, x1, y1) = (x0.max(l), y0.max(t), x1.min(r), y1.min(b));
                }
                let (w, h) = ((x1 - x0).max(0) as u32, (y1 - y0).max(0) as u32);
                let at = Transform::from_translate(-x0 as f32, -y0 as f32);
                let draw = || {
                    let mut layer = Pixmap::new(w, h)?;
                    match stroke {
                        None => layer.fill_path(path, paint, FillRule::Winding, at, None),
                        Some(stroke) => layer.stroke_path(path, paint, stroke, at, None),
                    }
                    Some(layer)
                };
                let solid = match &paint.shader {
                    Shader::SolidColor(c) => {
                        let c = c.to_color_u8();
                        Some(Rgb(c.red(), c.green(), c.blue()))
                    }
                    _ => None,
                };
                match solid {
                    // A shape of one colour is kept like a sprite, under its geometry
                    // relative to its layer: boards repeat most of their shapes.
                    Some(colour) => {
                        let key = shape_key(path, paint, colour, stroke, (x0, y0), (w, h));
                        let Some(shape) = cached(shapes(), key, || Some(Spans::of(&draw()?, &[colour]))) else {
                            return;
                        };
                        frame.composite_spans(&shape, x0, y0, Some(colour));
                    }
                    None => {
                        if let Some(layer) = draw() {
                            frame.composite(&layer, x0, y0);
                        }
                    }
                }
            }
        }
    }

    /// Notes `colour` as painted (see [`Canvas::painted`]); only a sprite's canvas,
    /// which is RGBA, reads it, so a board in palette indices notes nothing.
    fn paints(&mut self, colour: Rgb) {
        if matches!(self.surface, Surface::Indexed(_)) {
            return;
        }
        if !self.painted.contains(&colour) {
            self.painted.push(colour);
        }
    }

    fn fill_path(&mut self, path: Option<Path>, colour: Rgb) {
        self.paints(colour);
        if let Some(path) = path {
            self.draw_path(&path, &paint(colour), None);
        }
    }

    fn stroke_path(&mut self, path: Option<Path>, width: f32, colour: Rgb) {
        self.paints(colour);
        if let Some(path) = path {
            let stroke = Stroke { width, line_cap: LineCap::Round, line_join: LineJoin::Round, ..Stroke::default() };
            self.draw_path(&path, &paint(colour), Some(&stroke));
        }
    }

    /// Fills a rectangle.
    pub fn fill_rect(&mut self, area: Area, colour: Rgb) {
        self.paints(colour);
        let whole = |v: f32| v.fract() == 0.0 && v.abs() < MAX_SIDE as f32 * 2.0;
        match &mut self.surface {
            Surface::Indexed(frame) if [area.x, area.y, area.w, area.h].into_iter().all(whole) && area.w > 0.0 && area.h > 0.0 => {
                let (x, y) = (area.x as i32, area.y as i32);
                frame.fill(x, y, x + area.w as i32, y + area.h as i32, colour);
            }
            Surface::Rgba(pixmap) => {
                if let Some(rect) = Rect::from_xywh(area.x, area.y, area.w, area.h) {
                    pixmap.fill_rect(rect, &paint(colour), Transform::identity(), None);
                }
            }
            Surface::Indexed(_) => {
                if let Some(rect) = Rect::from_xywh(area.x, area.y, area.w, area.h) {
                    self.fill_path(Some(PathBuilder::from_rect(rect)), colour);
                }
            }
        }
    }

    /// Fills a rectangle with corners rounded by `radius` (square when `radius` <= 0).
    pub fn fill_rounded_rect(&mut self, area: Area, radius: f32, colour: Rgb) {
        let whole = [area.x, area.y, area.w, area.h, radius].into_iter().all(|v| v.fract() == 0.0 && v.abs() < MAX_SIDE as f32);
        if radius <= 0.0 {
            self.fill_rect(area, colour);
        } else if matches!(self.surface, Surface::Indexed(_)) && whole && 2.0 * radius <= area.w.min(area.h) {
            // On whole pixels: the inside filled straight, the four corners as shapes.
            let Area { x, y, w, h } = area;
            self.fill_rect(Area::new(x + radius, y, w - 2.0 * radius, h), colour);
            self.fill_rect(Area::new(x, y + radius, radius, h - 2.0 * radius), colour);
            self.fill_rect(Area::new(x + w - radius, y + radius, radius, h - 2.0 * radius), colour);
            let Some(path) = rounded_rect(area, radius) else { return };
            let (r, paint) = (radius as i32, paint(colour));
            let (l, t, right, b) = (x as i32, y as i32, (x + w) as i32, (y + h) as i32);
            for corner in [[l, t, l + r, t + r], [right - r, t, right, t + r], [l, b - r, l + r, b], [right - r, b - r, right, b]] {
                self.draw_path_within(&path, &paint, None, Some(corner));
            }
        } else {
            self.fill_path(rounded_rect(area, radius), colour);
        }
    }

    /// Outlines a rectangle with corners rounded by `radius`; the line of `width` is
    /// centred on the rectangle's edge.
    pub fn stroke_rounded_rect(&mut self, area: Area, radius: f32, width: f32, colour: Rgb) {
        self.stroke_path(rounded_rect(area, radius), width, colour);
    }

    /// Fills a circle.
    pub fn fill_circle(&mut self, cx: f32, cy: f32, r: f32, colour: Rgb) {
        self.fill_path(PathBuilder::from_circle(cx, cy, r), colour);
    }

    /// Outlines a circle with a line of `width` centred on radius `r`.
    pub fn stroke_circle(&mut self, cx: f32, cy: f32, r: f32, width: f32, colour: Rgb) {
        self.stroke_path(PathBuilder::from_circle(cx, cy, r), width, colour);
    }

    /// Fills a closed polygon through `points`.
    pub fn fill_polygon(&mut self, points: &[(f32, f32)], colour: Rgb) {
        self.fill_path(polygon(points), colour);
    }

    /// Outlines a closed polygon through `points`.
    pub fn stroke_polygon(&mut self, points: &[(f32, f32)], width: f32, colour: Rgb) {
        self.stroke_path(polygon(points), width, colour);
    }

    /// A straight line with round ends.
    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), width: f32, colour: Rgb) {
        let mut pb = PathBuilder::new();
        pb.move_to(from.0, from.1);
        pb.line_to(to.0, to.1);
        self.stroke_path(pb.finish(), width, colour);
    }

    /// An open line through `points` with round ends and joins (curves: pass sampled
    /// points, e.g. from [`bezier`] or [`ellipse`]).
    pub fn polyline(&mut self, points: &[(f32, f32)], width: f32, colour: Rgb) {
        let Some((first, rest)) = points.split_first() else {
            return;
        };
        let mut pb = PathBuilder::new();
        pb.move_to(first.0, first.1);
        for p in rest {
            pb.line_to(p.0, p.1);
        }
        self.stroke_path(pb.finish(), width, colour);
    }

    /// A shaded ball of `colour`: lit from the top left, darker at the rim, with a thin
    /// darker outline. Drawn once per colour, radius and quarter-pixel position and kept
    /// as a sprite ([`Canvas::sprite`]); the centre is rounded to a quarter pixel.
    pub fn sphere(&mut self, cx: f32, cy: f32, r: f32, colour: Rgb) {
        self.sprite_centred("sphere", [colour.packed(), r.to_bits(), 0, 0], cx, cy, r + 1.0, |c, x, y| {
            c.draw_sphere(x, y, r, colour);
        });
    }

    /// A sprite of `kind` drawn with `values` (see [`SpriteKey::new`]) centred at
    /// (`cx`, `cy`) (rounded to a quarter pixel), reaching at most `half` pixels from
    /// its centre: `draw` gets the sprite's canvas and the centre on it.
    pub fn sprite_centred(
        &mut self,
        kind: &'static str,
        values: [u32; 4],
        cx: f32,
        cy: f32,
        half: f32,
        draw: impl FnOnce(&mut Canvas, f32, f32),
    ) {
        let pad = (half + 1.0).ceil();
        let ((x, fx), (y, fy)) = (crate::glyphs::split(cx - pad), crate::glyphs::split(cy - pad));
        let side = (2.0 * pad + 1.0) as u32;
        let [a, b, c, d] = values;
        let key = SpriteKey::new(kind, [a, b, c, d, u32::from(fx), u32::from(fy)]);
        let (lx, ly) = (pad + f32::from(fx) / 4.0, pad + f32::from(fy) / 4.0);
        self.sprite(key, side, side, x, y, |canvas| draw(canvas, lx, ly));
    }

    fn draw_sphere(&mut self, cx: f32, cy: f32, r: f32, colour: Rgb) {
        let light = tiny_skia::Point::from_xy(cx - 0.35 * r, cy - 0.4 * r);
        let stops = vec![
            GradientStop::new(0.0, colour.lighten(0.65).skia()),
            GradientStop::new(0.45, colour.skia()),
            GradientStop::new(1.0, colour.darken(0.45).skia()),
        ];
        let shader = RadialGradient::new(light, 0.0, light, 1.35 * r, stops, SpreadMode::Pad, Transform::identity())
            .unwrap_or(Shader::SolidColor(colour.skia()));
        if let Some(path) = PathBuilder::from_circle(cx, cy, r) {
            let paint = Paint { shader, anti_alias: true, ..Paint::default() };
            self.draw_path(&path, &paint, None);
        }
        let rim = colour.darken(0.6);
        self.stroke_circle(cx, cy, r - 0.5, 1.0, rim);
        // The shading in SHADES steps along the gradient's colours (plus the rim's), the
        // same for every ball of this colour, so that all of them share a few palette
        // entries in a frame (`crate::frame`).
        let (light, dark) = (colour.lighten(0.65), colour.darken(0.45));
        let steps: Vec<Rgb> = (0..SHADES)
            .map(|k| {
                let t = k as f32 / (SHADES - 1) as f32;
                if t <= 0.45 { light.mix(colour, t / 0.45) } else { colour.mix(dark, (t - 0.45) / 0.55) }
            })
            .chain([rim])
            .collect();
        if let Surface::Rgba(pixmap) = &mut self.surface {
            snap_opaque(pixmap, &steps);
        }
        for step in steps {
            self.paints(step);
        }
    }

    /// Copies the sprite `key` (a `width` x `height` transparent picture) with its
    /// top-left corner at pixel (`x`, `y`), drawing it first with `draw` if this is its
    /// first use. Sprites are kept for the life of the process (at most
    /// [`SPRITE_BYTES`]; beyond that the store starts afresh).
    pub fn sprite(&mut self, key: SpriteKey, width: u32, height: u32, x: i32, y: i32, draw: impl FnOnce(&mut Canvas)) {
        let Some(sprite) = cached(sprites(), key, || {
            let mut canvas = Canvas { surface: Surface::Rgba(Pixmap::new(width, height)?), painted: Vec::new() };
            draw(&mut canvas);
            match canvas.surface {
                Surface::Rgba(pixmap) => Some(Sprite {
                    spans: Spans::of(&pixmap, &canvas.painted),
                    pixmap,
                    painted: canvas.painted,
                    stamps: Stamps::default(),
                }),
                Surface::Indexed(_) => None,
            }
        }) else {
            return;
        };
        match &mut self.surface {
            Surface::Rgba(pixmap) => {
                blit(pixmap, &sprite.pixmap, x, y);
                for &colour in &sprite.painted {
                    self.paints(colour);
                }
            }
            Surface::Indexed(frame) => frame.composite_sprite(&sprite.spans, &sprite.stamps, x, y),
        }
        SPRITE_COLOURS.with(|collected| {
            if let Ok(mut collected) = collected.try_borrow_mut()
                && let Some(colours) = collected.as_mut()
            {
                colours.extend(sprite.spans.opaque_colours());
            }
        });
    }
}

thread_local! {
    /// While a background's sprites are drawn for it ([`Canvas::background_with_sprites`]),
    /// the opaque colours of every sprite drawn, in order.
    static SPRITE_COLOURS: std::cell::RefCell<Option<Vec<u32>>> = const { std::cell::RefCell::new(None) };
}

/// Replaces every opaque pixel of `pixmap` by the nearest of `colours` (squared distance,
/// green weighted most); partly transparent pixels are left as they are.
fn snap_opaque(pixmap: &mut Pixmap, colours: &[Rgb]) {
    let mut last: Option<(tiny_skia::PremultipliedColorU8, tiny_skia::PremultipliedColorU8)> = None;
    for p in pixmap.pixels_mut() {
        if p.alpha() != 255 {
            continue;
        }
        if let Some((from, to)) = last
            && from == *p
        {
            *p = to;
            continue;
        }
        let here = [p.red(), p.green(), p.blue()];
        if let Some(c) = colours.iter().min_by_key(|c| crate::frame::distance([c.0, c.1, c.2], here))
            && let Some(snapped) = tiny_skia::PremultipliedColorU8::from_rgba(c.0, c.1, c.2, 255)
        {
            last = Some((*p, snapped));
            *p = snapped;
        }
    }
}

/// Draws the premultiplied `sprite` over `pixmap` (source over) with its top-left
/// corner at pixel (`x`, `y`). A loop of its own rather than tiny-skia's
/// `draw_pixmap`, which runs every pixel through its high-precision pattern pipeline
/// (measured: the larger share of an Aratoth board's drawing); most sprite pixels are
/// fully opaque or fully transparent and are copied or skipped.
fn blit(pixmap: &mut Pixmap, sprite: &Pixmap, x: i32, y: i32) {
    let (w, h) = (pixmap.width() as i32, pixmap.height() as i32);
    let sw = sprite.width() as usize;
    let x0 = x.max(0);
    let x1 = (x + sw as i32).min(w);
    if x0 >= x1 {
        return;
    }
    let pixels = pixmap.pixels_mut();
    for (row, line) in sprite.pixels().chunks_exact(sw.max(1)).enumerate() {
        let py = y + row as i32;
        if py < 0 || py >= h {
            continue;
        }
        let start = (py * w + x0) as usize;
        let (Some(dst), Some(src)) = (
            pixels.get_mut(start..start + (x1 - x0) as usize),
            line.get((x0 - x) as usize..(x1 - x) as usize),
        ) else {
            continue;
        };
        // Eight pixels at a time: copied when all opaque, skipped when all clear.
        for (dst, src) in dst.chunks_mut(8).zip(src.chunks(8)) {
            if src.iter().all(|s| s.alpha() == 255) {
                dst.copy_from_slice(src);
            } else if !src.iter().all(|s| s.alpha() == 0) {
                for (d, s) in dst.iter_mut().zip(src) {
                    source_over(d, *s);
                }
            }
        }
    }
}

impl Canvas {
    /// A `width` x `height` canvas in palette indices filled with `background` (kept per
    /// size and colour like a background): for pictures drawn whole each time, such as
    /// hands.
    ///
    /// # Errors
    /// [`RenderError`] when a side is 0 or larger than [`MAX_SIDE`].
    pub fn blank(width: u32, height: u32, background: Rgb) -> Result<Canvas, RenderError> {
        let key = SpriteKey::new("blank", [width, height, background.packed(), 0, 0, 0]);
        Canvas::background(key, width, height, background, |_| Ok(()))
    }

    /// A canvas showing the background `key` (`width` x `height` on `background`),
    /// drawn with `draw` on first use and copied from then on: the parts of a board
    /// that do not change between moves. The key must name everything the
    /// drawing depends on (game, language, layout variant). At most [`BACKGROUND_BYTES`]
    /// are kept; beyond that the store starts afresh.
    ///
    /// The background is kept in palette indices (at most [`BACKGROUND_COLOURS`]
    /// colours, see `crate::frame`), and the canvas returned draws in them.
    ///
    /// # Errors
    /// [`RenderError`] when the canvas cannot be made or `draw` fails.
    pub fn background(
        key: SpriteKey,
        width: u32,
        height: u32,
        background: Rgb,
        draw: impl FnOnce(&mut Canvas) -> Result<(), RenderError>,
    ) -> Result<Canvas, RenderError> {
        Canvas::background_with_sprites(key, width, height, background, draw, None::<fn(&mut Canvas)>)
    }

    /// [`Canvas::background`], and with `sprites` the sprites boards draw over it: their
    /// opaque colours get palette entries of their own in the kept background (as many as
    /// fit in [`SPRITE_ENTRIES`]), the same in every board over it, so that a sprite all of
    /// whose colours are among them is drawn on such a board as a copy of its rows already
    /// in palette indices (a stamp, made on its first use). `sprites` draws them anywhere
    /// on a scratch canvas, once.
    ///
    /// # Errors
    /// [`RenderError`] when the canvas cannot be made or `draw` fails.
    pub fn background_with_sprites(
        key: SpriteKey,
        width: u32,
        height: u32,
        background: Rgb,
        draw: impl FnOnce(&mut Canvas) -> Result<(), RenderError>,
        sprites: Option<impl FnOnce(&mut Canvas)>,
    ) -> Result<Canvas, RenderError> {
        let mut failure = None;
        let kept = cached(backgrounds(), key, || {
            let mut canvas = Canvas::new(width, height, background).map_err(|e| failure = Some(e)).ok()?;
            draw(&mut canvas).map_err(|e| failure = Some(e)).ok()?;
            let Surface::Rgba(pixmap) = &canvas.surface else { return None };
            let mut frame = crate::encode::quantise(pixmap, BACKGROUND_COLOURS).map_err(|e| failure = Some(e)).ok()?;
            if let (Some(sprites), crate::frame::Pixels::Narrow(_, palette)) = (sprites, &mut frame.pixels) {
                SPRITE_COLOURS.with(|c| c.replace(Some(Vec::new())));
                let mut scratch = Canvas::new(1, 1, background).map_err(|e| failure = Some(e)).ok()?;
                sprites(&mut scratch);
                let colours = SPRITE_COLOURS.with(|c| c.replace(None)).unwrap_or_default();
                palette.fix(colours, SPRITE_ENTRIES);
                // The stamps made for this background are kept under its key's hash.
                use std::hash::{Hash, Hasher};
                let mut hasher = std::collections::hash_map::DefaultHasher::new();
                key.hash(&mut hasher);
                frame.origin = Some(hasher.finish());
            }
            Some(frame)
        });
        match (kept, failure) {
            (Some(frame), _) => Ok(Canvas { surface: Surface::Indexed(Box::new((*frame).clone())), painted: Vec::new() }),
            (None, Some(e)) => Err(e),
            (None, None) => Err(RenderError("the background store is unusable".into())),
        }
    }

    /// Encodes the canvas as PNG: indexed colour (exact when the drawing has at most 256
    /// colours, else its frequent colours exact and the rest quantised) when every pixel
    /// is opaque, else 8-bit RGBA; a canvas drawn in palette indices as it is. Fast
    /// deflate (see the `encode` module for the measurements behind the choice).
    ///
    /// # Errors
    /// [`RenderError`] when encoding fails.
    pub fn png(&self) -> Result<Vec<u8>, RenderError> {
        self.png_within(usize::MAX)
    }

    /// The pixels as the canvas's PNG holds them ([`Canvas::png`]): its palette (at most
    /// 256 colours, R, G, B) and one index into it per pixel, rows top to bottom.
    ///
    /// # Errors
    /// [`RenderError`] when a pixel is not opaque or the quantiser fails.
    pub(crate) fn indexed(&self) -> Result<crate::encode::Indexed<'_>, RenderError> {
        match &self.surface {
            Surface::Rgba(pixmap) => crate::encode::indexed_pixmap(pixmap).map(|(p, i)| (p, std::borrow::Cow::Owned(i))),
            Surface::Indexed(frame) => crate::encode::indexed_frame(frame),
        }
    }

    /// Like [`Canvas::png`], but when the fast encoding is larger than `budget` bytes it
    /// packs the data again the smaller, slower way (zlib level 1, about two
    /// milliseconds more on a board) and keeps the smaller file.
    ///
    /// # Errors
    /// [`RenderError`] when encoding fails.
    pub fn png_within(&self, budget: usize) -> Result<Vec<u8>, RenderError> {
        match &self.surface {
            Surface::Rgba(pixmap) => crate::encode::png(pixmap, budget),
            Surface::Indexed(frame) => crate::encode::png_frame(frame, budget),
        }
    }
}


/// The key of the shape `path` in `colour` with `paint` (stroked with `stroke`, if given;
/// always the non-zero fill rule) drawn into a `size` layer whose top-left corner is at
/// `origin`: a 64-bit hash of its geometry relative to the layer and of the settings, so
/// that the same shape anywhere at the same sub-pixel offset shares it.
fn shape_key(path: &Path, paint: &Paint, colour: Rgb, stroke: Option<&Stroke>, origin: (i32, i32), size: (u32, u32)) -> SpriteKey {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (paint.anti_alias, paint.force_hq_pipeline, paint.blend_mode as u8).hash(&mut hasher);
    let (ox, oy) = (origin.0 as f32, origin.1 as f32);
    for p in path.points() {
        ((p.x - ox).to_bits(), (p.y - oy).to_bits()).hash(&mut hasher);
    }
    for verb in path.verbs() {
        (*verb as u8).hash(&mut hasher);
    }
    if let Some(s) = stroke {
        (s.width.to_bits(), s.miter_limit.to_bits(), s.line_cap as u8, s.line_join as u8, s.dash.is_some()).hash(&mut hasher);
    }
    let hash = hasher.finish();
    SpriteKey::new("shape", [hash as u32, (hash >> 32) as u32, colour.packed(), size.0, size.1, u32::from(stroke.is_some())])
}

fn rounded_rect(area: Area, radius: f32) -> Option<Path> {
    let Area { x, y, w, h } = area;
    let r = radius.clamp(0.0, w.min(h) / 2.0);
    // Bezier handle length for a quarter circle.
    let k = r * (1.0 - 0.552_284_8);
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - k, y, x + w, y + k, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.cubic_to(x + w, y + h - k, x + w - k, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.cubic_to(x + k, y + h, x, y + h - k, x, y + h - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + k, x + k, y, x + r, y);
    pb.close();
    pb.finish()
}

fn polygon(points: &[(f32, f32)]) -> Option<Path> {
    let (first, rest) = points.split_first()?;
    let mut pb = PathBuilder::new();
    pb.move_to(first.0, first.1);
    for p in rest {
        pb.line_to(p.0, p.1);
    }
    pb.close();
    pb.finish()
}
