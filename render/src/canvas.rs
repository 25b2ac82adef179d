//! A small anti-aliased drawing surface shared by every game's drawing: shapes via
//! tiny-skia, text via ab_glyph with the compiled-in DejaVu fonts (and fallback fonts
//! for CJK and emoji, see the `glyphs` module), PNG encoding.
//!
//! Coordinates are pixels, `x` to the right and `y` downwards, as `f32`.

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

fn paint(colour: Rgb) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(colour.skia());
    paint.anti_alias = true;
    paint
}

/// The name of a kept sprite or background: a kind and the numbers it depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SpriteKey {
    kind: &'static str,
    values: [u32; 6],
}

impl SpriteKey {
    /// The key of `kind` drawn with `values` (colours, sizes as `f32::to_bits`, offsets,
    /// language, player count: whatever the drawing depends on; unused values 0).
    pub const fn new(kind: &'static str, values: [u32; 6]) -> SpriteKey {
        SpriteKey { kind, values }
    }
}

/// The most bytes of sprites kept (a bound on memory whatever the views ask for; beyond
/// it the store starts afresh). All sprites of all five games take a few MB.
pub const SPRITE_BYTES: usize = 48 << 20;
/// The most bytes of one-colour shapes kept as runs (`Canvas::draw_path`): boards
/// repeat most of theirs, but a last move's path may be new each time, so the store
/// starts afresh now and then (without touching the sprites).
pub const SHAPE_BYTES: usize = 16 << 20;
/// The most bytes of backgrounds kept (a background is about 1.2 MB of palette indices
/// and colour tables; about 80 fit, more than the layouts and languages a server uses at
/// once).
pub const BACKGROUND_BYTES: usize = 96 << 20;

/// Kept pictures by key, their total size in bytes, and the size beyond which the store
/// starts afresh.
struct Store<T> {
    kept: Mutex<(HashMap<SpriteKey, Arc<T>>, usize)>,
    limit: usize,
}

/// A picture that can be kept: its size in bytes.
trait Kept {
    fn bytes(&self) -> usize;
}

/// A kept sprite: its pixels, the same as runs for frames, and the colours it was
/// painted with.
struct Sprite {
    pixmap: Pixmap,
    spans: Spans,
    painted: Vec<Rgb>,
    /// Its stamps for the backgrounds that fix its colours (a few per sprite).
    stamps: Stamps,
}

impl Kept for Sprite {
    fn bytes(&self) -> usize {
        self.pixmap.data().len() + self.spans.bytes()
    }
}

impl Kept for Frame {
    fn bytes(&self) -> usize {
        self.bytes()
    }
}

fn sprites() -> &'static Store<Sprite> {
    static SPRITES: OnceLock<Store<Sprite>> = OnceLock::new();
    SPRITES.get_or_init(|| Store { kept: Mutex::new((HashMap::new(), 0)), limit: SPRITE_BYTES })
}

impl Kept for Spans {
    fn bytes(&self) -> usize {
        Spans::bytes(self)
    }
}

fn shapes() -> &'static Store<Spans> {
    static SHAPES: OnceLock<Store<Spans>> = OnceLock::new();
    SHAPES.get_or_init(|| Store { kept: Mutex::new((HashMap::new(), 0)), limit: SHAPE_BYTES })
}

fn backgrounds() -> &'static Store<Frame> {
    static BACKGROUNDS: OnceLock<Store<Frame>> = OnceLock::new();
    BACKGROUNDS.get_or_init(|| Store { kept: Mutex::new((HashMap::new(), 0)), limit: BACKGROUND_BYTES })
}

/// The picture kept in `store` under `key`, made with `make` when missing; `None` when
/// `make` fails or the store's lock is poisoned.
fn cached<T: Kept>(store: &Store<T>, key: SpriteKey, make: impl FnOnce() -> Option<T>) -> Option<Arc<T>> {
    if let Some(found) = store.kept.lock().ok()?.0.get(&key) {
        return Some(found.clone());
    }
    let made = Arc::new(make()?);
    let bytes = made.bytes();
    let mut kept = store.kept.lock().ok()?;
    let (map, total) = &mut *kept;
    if *total + bytes > store.limit {
        map.clear();
        *total = 0;
    }
    if map.insert(key, made.clone()).is_none() {
        *total += bytes;
    }
    Some(made)
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

/// An axis-aligned rectangle: top-left (`x`, `y`), width `w`, height `h`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Area {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Area {
    /// The rectangle with top-left (`x`, `y`), width `w` and height `h`.
    pub const fn new(x: f32, y: f32, w: f32, h: f32) -> Area {
        Area { x, y, w, h }
    }

    /// The rectangle shrunk by `d` on every side (grown when `d` is negative).
    pub fn inset(self, d: f32) -> Area {
        Area { x: self.x + d, y: self.y + d, w: self.w - 2.0 * d, h: self.h - 2.0 * d }
    }

    /// The middle point.
    pub fn centre(self) -> (f32, f32) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    /// The right edge.
    pub fn right(self) -> f32 {
        self.x + self.w
    }

    /// The bottom edge.
    pub fn bottom(self) -> f32 {
        self.y + self.h
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

/// The four corners of a rhombus ("diamond") centred at (`cx`, `cy`) whose long axis
/// points in direction `angle` (radians, 0 = right, clockwise on screen), with half
/// diagonals `long` and `short`; in the order tip, side, back tip, side.
pub fn diamond(cx: f32, cy: f32, angle: f32, long: f32, short: f32) -> [(f32, f32); 4] {
    let (s, c) = angle.sin_cos();
    [
        (cx + c * long, cy + s * long),
        (cx - s * short, cy + c * short),
        (cx - c * long, cy - s * long),
        (cx + s * short, cy - c * short),
    ]
}

/// `n` + 1 points along the cubic Bézier curve from `p0` to `p3` with handles `p1`, `p2`.
pub fn bezier(
    p0: (f32, f32),
    p1: (f32, f32),
    p2: (f32, f32),
    p3: (f32, f32),
    n: usize,
) -> Vec<(f32, f32)> {
    let n = n.max(1);
    (0..=n)
        .map(|k| {
            let t = k as f32 / n as f32;
            let u = 1.0 - t;
            let (a, b, c, d) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
            (
                a * p0.0 + b * p1.0 + c * p2.0 + d * p3.0,
                a * p0.1 + b * p1.1 + c * p2.1 + d * p3.1,
            )
        })
        .collect()
}

/// `n` points around the ellipse centred at (`cx`, `cy`) with radii `rx`, `ry`, turned by
/// `angle` radians (clockwise on screen), starting at the end of the `rx` axis.
pub fn ellipse(cx: f32, cy: f32, rx: f32, ry: f32, angle: f32, n: usize) -> Vec<(f32, f32)> {
    let (s, c) = angle.sin_cos();
    let n = n.max(3);
    (0..n)
        .map(|k| {
            let t = k as f32 / n as f32 * std::f32::consts::TAU;
            let (x, y) = (rx * t.cos(), ry * t.sin());
            (cx + x * c - y * s, cy + x * s + y * c)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curves_start_and_end_where_asked() {
        let curve = bezier((0.0, 0.0), (1.0, 2.0), (3.0, 2.0), (4.0, 0.0), 8);
        assert_eq!(curve.len(), 9);
        assert_eq!(curve[0], (0.0, 0.0));
        assert_eq!(curve[8], (4.0, 0.0));
        // Symmetric handles: the middle point lies on the axis of symmetry, at 3/4 of
        // the handles' height.
        assert!((curve[4].0 - 2.0).abs() < 1e-5 && (curve[4].1 - 1.5).abs() < 1e-5);
        let oval = ellipse(10.0, 10.0, 4.0, 2.0, 0.0, 4);
        let expected = [(14.0, 10.0), (10.0, 12.0), (6.0, 10.0), (10.0, 8.0)];
        for (p, q) in oval.iter().zip(expected) {
            assert!(
                (p.0 - q.0).abs() < 1e-4 && (p.1 - q.1).abs() < 1e-4,
                "{p:?} {q:?}"
            );
        }
    }

    #[test]
    fn fonts_load_and_measure() {
        let style = TextStyle::new(20.0);
        let w = Canvas::text_width("Carat", &style).unwrap_or(0.0);
        assert!(w > 40.0 && w < 80.0, "width {w}");
        let bold = Canvas::text_width("Carat", &style.bold()).unwrap_or(0.0);
        assert!(bold > w);
    }

    #[test]
    fn a_long_name_is_drawn_smaller_before_it_is_shortened() {
        let style = TextStyle::new(20.0).bold();
        let name = "Spieltisch (AI, hard)";
        let full = Canvas::text_width(name, &style).unwrap_or_default();
        // Room for 80 % of it: a smaller size keeps it whole (no smaller than 15 px here).
        let (text, used) = Canvas::fit_text_shrinking(name, full * 0.8, &style, 15.0).expect("fits");
        assert_eq!(text, name);
        assert!(used.size < 20.0 && used.size >= 16.0, "{}", used.size);
        assert!(Canvas::text_width(&text, &used).unwrap_or_default() <= full * 0.8);
        // Room for a third: 15 px is not enough either, so it is shortened at 15 px.
        let (text, used) = Canvas::fit_text_shrinking(name, full / 3.0, &style, 15.0).expect("fits");
        assert_eq!(used.size, 15.0);
        assert!(text.starts_with("Spiel") && text.ends_with('…'), "{text}");
        // A name that fits keeps the size.
        assert_eq!(Canvas::fit_text_shrinking("bob", full, &style, 15.0).expect("fits"), ("bob".to_string(), style));
    }

    #[test]
    fn fit_text_shortens_with_ellipsis() {
        let style = TextStyle::new(20.0);
        let long = "a very long player name that cannot fit";
        let fitted = Canvas::fit_text(long, 100.0, &style).unwrap_or_default();
        assert!(fitted.ends_with('…'));
        assert!(Canvas::text_width(&fitted, &style).unwrap_or(f32::MAX) <= 100.0);
        assert_eq!(Canvas::fit_text("bob", 100.0, &style).unwrap_or_default(), "bob");
        // A hostile, huge name is cut quickly and still fits.
        let huge = "W".repeat(100_000);
        let fitted = Canvas::fit_text(&huge, 300.0, &style).unwrap_or_default();
        assert!(fitted.starts_with("WWW") && fitted.ends_with('…'));
        assert!(Canvas::text_width(&fitted, &style).unwrap_or(f32::MAX) <= 300.0);
    }

    #[test]
    fn wrap_text_breaks_at_spaces_within_the_width() {
        let style = TextStyle::new(20.0);
        let text = "Bob the Builder rolled 3 5 1 and could not move";
        let lines = Canvas::wrap_text(text, 150.0, &style).unwrap_or_default();
        assert!(lines.len() >= 3, "{lines:?}");
        assert_eq!(lines.join(" "), text);
        for line in &lines {
            assert!(Canvas::text_width(line, &style).unwrap_or(f32::MAX) <= 150.0);
        }
        assert_eq!(
            Canvas::wrap_text("short", 150.0, &style).unwrap_or_default(),
            ["short"]
        );
        assert!(Canvas::wrap_text("", 150.0, &style).unwrap_or_default().is_empty());
    }

    #[test]
    fn shapes_and_text_land_where_asked() {
        let Ok(mut canvas) = Canvas::new(100, 60, palette::WHITE) else { panic!("canvas") };
        canvas.fill_rect(Area::new(10.0, 10.0, 20.0, 20.0), palette::RED);
        canvas.fill_circle(70.0, 20.0, 8.0, palette::BLUE);
        assert_eq!(canvas.pixel(20, 20), Some(palette::RED));
        assert_eq!(canvas.pixel(70, 20), Some(palette::BLUE));
        assert_eq!(canvas.pixel(50, 20), Some(palette::WHITE));
        // A bold "I" centred at (50, 45): its stem covers the centre pixel in ink.
        canvas.text("I", 50.0, 45.0, &TextStyle::new(30.0).bold().centred()).ok();
        assert_eq!(canvas.pixel(50, 45), Some(palette::INK));
        assert_eq!(canvas.pixel(50, 30), Some(palette::WHITE));
    }

    #[test]
    fn sphere_is_lit_from_the_top_left() {
        let Ok(mut canvas) = Canvas::new(60, 60, palette::WHITE) else { panic!("canvas") };
        canvas.sphere(30.0, 30.0, 20.0, palette::BLUE);
        let (Some(lit), Some(shade)) = (canvas.pixel(23, 22), canvas.pixel(42, 42)) else { panic!("inside") };
        assert!(lit.luminance() > palette::BLUE.luminance(), "{lit:?}");
        assert!(shade.luminance() < palette::BLUE.luminance(), "{shade:?}");
        assert_eq!(canvas.pixel(2, 2), Some(palette::WHITE));
    }

    #[test]
    fn diamond_points_along_its_angle() {
        // Pointing right (angle 0): tip at (cx + long, cy), side at (cx, cy + short).
        let d = diamond(10.0, 20.0, 0.0, 5.0, 3.0);
        let close = |a: (f32, f32), b: (f32, f32)| (a.0 - b.0).abs() < 1e-4 && (a.1 - b.1).abs() < 1e-4;
        assert!(close(d[0], (15.0, 20.0)) && close(d[1], (10.0, 23.0)));
        assert!(close(d[2], (5.0, 20.0)) && close(d[3], (10.0, 17.0)));
    }

    #[test]
    fn png_within_a_budget_is_no_larger_and_decodes() {
        let Ok(mut canvas) = Canvas::new(200, 100, palette::BACKGROUND) else { panic!("canvas") };
        for k in 0..20 {
            canvas.sphere(10.0 + 9.0 * k as f32, 50.0, 8.0 + (k % 3) as f32, palette::RED);
        }
        let fast = canvas.png().unwrap_or_default();
        assert_eq!(canvas.png_within(usize::MAX).unwrap_or_default(), fast, "within budget: the fast file");
        let small = canvas.png_within(0).unwrap_or_default();
        assert!(small.len() <= fast.len());
        let Ok(image) = image::load_from_memory(&small) else { panic!("decode") };
        assert_eq!((image.width(), image.height()), (200, 100));
    }

    #[test]
    fn opaque_canvas_encodes_as_rgb_png() {
        let Ok(canvas) = Canvas::new(30, 20, palette::BACKGROUND) else { panic!("canvas") };
        let png = canvas.png().unwrap_or_default();
        let Ok(image) = image::load_from_memory(&png) else { panic!("decode") };
        assert_eq!(image.color(), image::ColorType::Rgb8);
        assert_eq!((image.width(), image.height()), (30, 20));
    }

    #[test]
    fn sprites_partly_outside_a_frame_are_cut_and_a_frame_encodes_the_same_twice() {
        let Ok(mut canvas) = Canvas::blank(40, 30, palette::WHITE) else { panic!("canvas") };
        let key = SpriteKey::new("test square", [0; 6]);
        let square = |c: &mut Canvas| c.fill_rect(Area::new(0.0, 0.0, 20.0, 20.0), palette::RED);
        canvas.sprite(key, 20, 20, -10, -10, square);
        canvas.sprite(key, 20, 20, 30, 25, square);
        canvas.sprite(key, 20, 20, -100, 500, square);
        assert_eq!(canvas.pixel(0, 0), Some(palette::RED));
        assert_eq!(canvas.pixel(9, 9), Some(palette::RED));
        assert_eq!(canvas.pixel(10, 10), Some(palette::WHITE));
        assert_eq!(canvas.pixel(39, 29), Some(palette::RED));
        assert_eq!(canvas.pixel(29, 24), Some(palette::WHITE));
        // A shape, kept after its first drawing, lands the same the second time.
        canvas.fill_circle(20.0, 15.0, 6.0, palette::BLUE);
        canvas.fill_circle(20.0, 15.0, 6.0, palette::BLUE);
        assert_eq!(canvas.pixel(20, 15), Some(palette::BLUE));
        let (first, second) = (canvas.png().unwrap_or_default(), canvas.png().unwrap_or_default());
        assert!(!first.is_empty() && first == second);
    }

    #[test]
    fn too_large_canvas_is_refused() {
        assert!(Canvas::new(MAX_SIDE + 1, 10, palette::WHITE).is_err());
    }
}
