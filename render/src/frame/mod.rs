//! A board drawn straight in palette indices (README, "Benchmarks"; lila-gif's way): one
//! byte per pixel over a palette of at most 256 colours, so that the finished board is
//! compressed as it is, with no pass over RGBA pixels to count and map colours.
//!
//! A frame starts as a copy of its kept background, whose palette was chosen once when
//! the background was drawn (exact when it has few colours, else its frequent colours
//! exact and the rest by Wu's quantiser: [`crate::encode::quantise`]). What a board draws
//! over it (sprites as runs; shapes of one colour, kept like sprites, or drawn into a
//! small transparent layer; glyphs) is blended with the colour underneath, anti-aliasing in a few coverage levels
//! ([`spans::LEVELS`]), and each colour looked up in the palette ([`Palette`]). Runs of the same
//! source over the same index (a flat fill) reuse the last answer.
//!
//! A frame whose fills and text would find no room in the palette continues with an id
//! per colour ([`Wide`], two bytes a pixel) and is quantised to 256 colours as it is
//! encoded, as every board was before frames: slower, as exact.

mod palette;
mod spans;
mod stamp;
#[cfg(test)]
mod tests;

use tiny_skia::Pixmap;

pub(crate) use palette::{Palette, Tier, Wide, distance};
use palette::{Colours, word};
pub(crate) use spans::{Spans, level};
pub(crate) use stamp::Stamp;
use spans::snap_coverage;

use crate::{glyphs::Mask, palette::Rgb};

/// An opaque picture in palette indices or colour ids: `width` x `height`, rows top to
/// bottom.
#[derive(Clone)]
pub(crate) struct Frame {
    pub width: u32,
    pub height: u32,
    pub pixels: Pixels,
    /// The background the frame was copied from, when its sprites' colours are fixed in
    /// its palette (`Palette::fix`): a sprite's stamp for it can be kept ([`Stamp`]).
    pub origin: Option<u64>,
}

/// A sprite's stamps, one per background (`None`: the sprite has colours the
/// background's palette does not fix, and is drawn by its runs).
pub(crate) type Stamps = std::sync::Mutex<Vec<(u64, Option<std::sync::Arc<Stamp>>)>>;

/// The pixels of a frame and their colours.
#[derive(Clone)]
pub(crate) enum Pixels {
    /// Palette indices.
    Narrow(Vec<u8>, Palette),
    /// Colour ids, for a frame whose colours outgrew the palette.
    Wide(Vec<u16>, Wide),
}

/// Palette entries a frame keeps free for fills and text: when fewer are left, the next
/// fill or text makes the frame wide ([`Pixels::Wide`]).
const FILL_SLACK: usize = 4;

impl Frame {
    /// The frame of `indices` (rows of `width`) over `palette`.
    pub fn narrow(width: u32, height: u32, indices: Vec<u8>, palette: Palette) -> Frame {
        Frame { width, height, pixels: Pixels::Narrow(indices, palette), origin: None }
    }

    /// The bytes the frame takes, about: its pixels and its colours' tables.
    pub fn bytes(&self) -> usize {
        match &self.pixels {
            Pixels::Narrow(indices, palette) => indices.len() + palette.bytes(),
            Pixels::Wide(ids, wide) => ids.len() * 2 + wide.table.bytes(),
        }
    }

    /// The colour of pixel (`x`, `y`), `None` outside.
    pub fn pixel(&self, x: u32, y: u32) -> Option<Rgb> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let at = (y * self.width + x) as usize;
        let [r, g, b] = match &self.pixels {
            Pixels::Narrow(indices, palette) => palette.colour(*indices.get(at)?),
            Pixels::Wide(ids, wide) => wide.colour(*ids.get(at)?),
        };
        Some(Rgb(r, g, b))
    }

    /// Continues with a colour id per colour when fewer than [`FILL_SLACK`] palette
    /// entries are free.
    fn widen_unless_room(&mut self) {
        if let Pixels::Narrow(indices, palette) = &self.pixels
            && palette.colours.len() + FILL_SLACK > 256
        {
            let ids = indices.iter().map(|&i| u16::from(i)).collect();
            self.pixels = Pixels::Wide(ids, Wide::of(palette));
        }
    }

    /// Fills the whole-pixel rectangle from (`x0`, `y0`) to (`x1`, `y1`) (exclusive,
    /// clipped to the frame) with `colour`.
    pub fn fill(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, colour: Rgb) {
        self.widen_unless_room();
        let (w, h) = (self.width as i32, self.height as i32);
        let area = (x0.clamp(0, w), y0.clamp(0, h), x1.clamp(0, w), y1.clamp(0, h));
        let colour = word(colour.0, colour.1, colour.2);
        match &mut self.pixels {
            Pixels::Narrow(indices, palette) => fill(indices, palette, w, area, colour),
            Pixels::Wide(ids, wide) => fill(ids, wide, w, area, colour),
        }
    }

    /// Draws the premultiplied `layer` (one shape of more than one colour, such as a
    /// gradient; shapes of one colour are kept as runs: `Canvas::draw_path`) over the
    /// frame (source over) with its top-left corner at pixel (`x`, `y`).
    pub fn composite(&mut self, layer: &Pixmap, x: i32, y: i32) {
        self.widen_unless_room();
        let (w, h) = (self.width as i32, self.height as i32);
        match &mut self.pixels {
            Pixels::Narrow(indices, palette) => composite(indices, palette, (w, h), layer, (x, y)),
            Pixels::Wide(ids, wide) => composite(ids, wide, (w, h), layer, (x, y)),
        }
    }

    /// Draws `colour` through the coverage of `mask`, its origin at pixel (`x`, `y`).
    pub fn blend_mask(&mut self, mask: &Mask, x: i32, y: i32, colour: Rgb) {
        self.widen_unless_room();
        let (w, h) = (self.width as i32, self.height as i32);
        match &mut self.pixels {
            Pixels::Narrow(indices, palette) => blend_mask(indices, palette, (w, h), mask, x, y, colour),
            Pixels::Wide(ids, wide) => blend_mask(ids, wide, (w, h), mask, x, y, colour),
        }
    }

    /// Draws the sprite `spans` as [`Frame::composite_spans`] does, its opaque pixels
    /// copied from its stamp for this frame's background (kept in `stamps`, made on first
    /// use) when the background fixes all of its colours.
    pub fn composite_sprite(&mut self, spans: &Spans, stamps: &Stamps, x: i32, y: i32) {
        let (w, h) = (self.width as i32, self.height as i32);
        let (Some(origin), Pixels::Narrow(indices, palette)) = (self.origin, &mut self.pixels) else {
            return self.composite_spans(spans, x, y, None);
        };
        let known = stamps.lock().ok().and_then(|kept| kept.iter().find(|(o, _)| *o == origin).map(|(_, s)| s.clone()));
        let stamp = match known {
            Some(stamp) => stamp,
            None => {
                let index_of = opaque_indices(palette, spans, None);
                let fixed = palette.fixed;
                let stamp = index_of
                    .iter()
                    .flatten()
                    .all(|&i| usize::from(i) < fixed)
                    .then(|| std::sync::Arc::new(Stamp::of(spans, &index_of)));
                if let Ok(mut kept) = stamps.lock() {
                    kept.push((origin, stamp.clone()));
                }
                stamp
            }
        };
        match stamp {
            Some(stamp) => {
                stamp.copy_into(indices, (w, h), (x, y));
                composite_spans(indices, palette, (w, h), spans, (x, y), None, true);
            }
            None => composite_spans(indices, palette, (w, h), spans, (x, y), None, false),
        }
    }

    /// Draws the sprite `spans` over the frame (source over) with its top-left corner at
    /// pixel (`x`, `y`), run by run. A sprite's colours that find no room in the palette
    /// get the nearest entry (a ball's shade the nearest shade). With `solid`, the
    /// sprite is a shape of that one colour, and its edges are mixed from it and the
    /// colour underneath (as [`Frame::composite`]).
    pub fn composite_spans(&mut self, spans: &Spans, x: i32, y: i32, solid: Option<Rgb>) {
        if solid.is_some() {
            self.widen_unless_room();
        }
        let (w, h) = (self.width as i32, self.height as i32);
        match &mut self.pixels {
            Pixels::Narrow(indices, palette) => composite_spans(indices, palette, (w, h), spans, (x, y), solid, false),
            Pixels::Wide(ids, wide) => composite_spans(ids, wide, (w, h), spans, (x, y), solid, false),
        }
    }
}

fn fill<C: Colours>(pixels: &mut [C::Ix], colours: &mut C, w: i32, (x0, y0, x1, y1): (i32, i32, i32, i32), colour: u32) {
    if x0 >= x1 {
        return;
    }
    let index = colours.index(colour, Tier::Fill);
    for y in y0..y1 {
        let start = (y * w) as usize;
        if let Some(row) = pixels.get_mut(start + x0 as usize..start + x1 as usize) {
            row.fill(index);
        }
    }
}

/// [`Frame::composite`] on `pixels` (`w` x `h`) with `colours`. Clear runs of eight
/// pixels are skipped, opaque runs of one colour filled.
fn composite<C: Colours>(pixels: &mut [C::Ix], colours: &mut C, (w, h): (i32, i32), layer: &Pixmap, (x, y): (i32, i32)) {
    let lw = layer.width() as usize;
    let x0 = x.max(0);
    let x1 = x.saturating_add(lw as i32).min(w);
    if x0 >= x1 || lw == 0 {
        return;
    }
    let words: &[u32] = bytemuck::cast_slice(layer.pixels());
    // The last opaque colour and its index (0: none yet, as it is clear); the last
    // blend (source, index under it) and its result.
    let (mut opaque, mut opaque_index) = (0u32, C::Ix::default());
    let (mut blend, mut blend_under, mut blend_index) = (0u32, C::Ix::default(), C::Ix::default());
    for (row, line) in words.chunks_exact(lw).enumerate() {
        let py = y.saturating_add(row as i32);
        if py < 0 || py >= h {
            continue;
        }
        let start = (py * w + x0) as usize;
        let (Some(dst), Some(src)) =
            (pixels.get_mut(start..start + (x1 - x0) as usize), line.get((x0 - x) as usize..(x1 - x) as usize))
        else {
            continue;
        };
        for (dst, src) in dst.chunks_mut(8).zip(src.chunks(8)) {
            if src.iter().all(|&s| s >> 24 == 0) {
                continue;
            }
            if src.iter().all(|&s| s == opaque) {
                dst.fill(opaque_index);
                continue;
            }
            for (d, &s) in dst.iter_mut().zip(src) {
                let s = snap_coverage(s);
                match s >> 24 {
                    0 => {}
                    255 => {
                        if s != opaque {
                            (opaque, opaque_index) = (s, colours.index(s & 0x00FF_FFFF, Tier::Fill));
                        }
                        *d = opaque_index;
                    }
                    _ => {
                        if s != blend || *d != blend_under {
                            let index = colours.edge(over(s, colours.colour(*d)), [Some(*d), None]);
                            (blend, blend_under, blend_index) = (s, *d, index);
                        }
                        *d = blend_index;
                    }
                }
            }
        }
    }
}

/// [`Frame::blend_mask`] on `pixels` (`w` x `h`) with `colours`.
fn blend_mask<C: Colours>(pixels: &mut [C::Ix], colours: &mut C, (w, h): (i32, i32), mask: &Mask, x: i32, y: i32, colour: Rgb) {
    let (x0, y0) = (x.saturating_add(mask.left), y.saturating_add(mask.top));
    let full = colours.index(word(colour.0, colour.1, colour.2), Tier::Fill);
    // The last (coverage, index under it) and its result.
    let (mut last, mut last_under, mut last_index) = (0u8, C::Ix::default(), C::Ix::default());
    for (row, line) in mask.coverage.chunks_exact(mask.w.max(1)).enumerate() {
        let py = y0.saturating_add(row as i32);
        if py < 0 || py >= h {
            continue;
        }
        for (col, &k) in line.iter().enumerate() {
            let px = x0.saturating_add(col as i32);
            let k = level(k);
            if k == 0 || px < 0 || px >= w {
                continue;
            }
            let Some(d) = pixels.get_mut((py * w + px) as usize) else { continue };
            if k == 255 {
                *d = full;
                continue;
            }
            if k != last || *d != last_under {
                let index = colours.edge(mix(colour, colours.colour(*d), k), [Some(*d), Some(full)]);
                (last, last_under, last_index) = (k, *d, index);
            }
            *d = last_index;
        }
    }
}

/// [`Frame::composite_spans`] on `pixels` (`w` x `h`) with `colours`.
fn composite_spans<C: Colours>(
    pixels: &mut [C::Ix],
    colours: &mut C,
    (w, h): (i32, i32),
    spans: &Spans,
    (x, y): (i32, i32),
    solid: Option<Rgb>,
    edges_only: bool,
) {
    // The pixel value of each opaque value of the sprite (the others are blended pixel by
    // pixel), all looked up first; with `edges_only` (the opaque pixels are stamped
    // already) none.
    let index_of: Vec<Option<C::Ix>> = if edges_only {
        spans.values.iter().map(|&v| (v >> 24 == 255).then(C::Ix::default)).collect()
    } else {
        opaque_indices(colours, spans, solid)
    };
    // The colour drawn at each partly covering value, when the frame has it exactly.
    let drawn: Vec<Option<C::Ix>> = match solid {
        Some(c) => {
            let own = colours.index(word(c.0, c.1, c.2), Tier::Fill);
            vec![Some(own); spans.values.len()]
        }
        None => spans.drawn.iter().map(|d| d.and_then(|c| colours.exact(c))).collect(),
    };
    // The blends found so far, by (value, pixel value underneath): a sprite's edges meet
    // few colours, again and again.
    // (Made at the first such pixel: most sprites have none or few.)
    let mut blends: Option<Blends<C::Ix>> = None;
    for (row, bounds) in spans.rows.windows(2).enumerate() {
        let py = y.saturating_add(row as i32);
        if py < 0 || py >= h {
            continue;
        }
        let (Some(&from), Some(&to)) = (bounds.first(), bounds.get(1)) else { continue };
        let Some(runs) = spans.runs.get(from as usize..to as usize) else { continue };
        let line = (py * w) as usize;
        for run in runs {
            let x0 = x.saturating_add(i32::from(run.x)).max(0);
            let x1 = x.saturating_add(i32::from(run.x) + i32::from(run.len)).min(w);
            if x0 >= x1 {
                continue;
            }
            let Some(dst) = pixels.get_mut(line + x0 as usize..line + x1 as usize) else { continue };
            let id = usize::from(run.value);
            if let Some(&Some(index)) = index_of.get(id) {
                if !edges_only {
                    dst.fill(index);
                }
                continue;
            }
            let value = spans.values.get(id).copied().unwrap_or(0);
            let blends = blends.get_or_insert_with(Blends::new);
            for d in dst {
                let key = (run.value as u32) << 16 | (*d).into();
                *d = match blends.get(key) {
                    Some(index) => index,
                    None => {
                        let under = colours.colour(*d);
                        let mixed = match solid {
                            Some(c) => mix(c, under, (value >> 24) as u8),
                            None => over(value, under),
                        };
                        let index = colours.edge(mixed, [Some(*d), drawn.get(id).copied().flatten()]);
                        blends.put(key, index);
                        index
                    }
                };
            }
        }
    }
}

/// The pixel value of each opaque value of `spans` (`None` for the others), looked up
/// as a fill's colour when the sprite is a shape of the one colour `solid`, else as the
/// sprite's own colour or an edge.
fn opaque_indices<C: Colours>(colours: &mut C, spans: &Spans, solid: Option<Rgb>) -> Vec<Option<C::Ix>> {
    spans
        .values
        .iter()
        .zip(&spans.flat)
        .map(|(&value, &flat)| {
            let tier = match (solid, flat) {
                (Some(_), _) => Tier::Fill,
                (None, true) => Tier::Sprite,
                (None, false) => Tier::Edge,
            };
            (value >> 24 == 255).then(|| colours.index(value & 0x00FF_FFFF, tier))
        })
        .collect()
}

/// A small table of blends found (a key of 32 bits: what was drawn and the pixel value
/// underneath) by a hash of the key, each slot keeping the last.
struct Blends<Ix> {
    slots: Vec<(u32, Ix)>,
}

impl<Ix: Copy + Default> Blends<Ix> {
    const SLOTS: usize = 512;

    fn new() -> Blends<Ix> {
        Blends { slots: vec![(u32::MAX, Ix::default()); Self::SLOTS] }
    }

    fn slot(key: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B1) >> 23) as usize & (Self::SLOTS - 1)
    }

    fn get(&self, key: u32) -> Option<Ix> {
        self.slots.get(Self::slot(key)).filter(|(k, _)| *k == key).map(|&(_, ix)| ix)
    }

    fn put(&mut self, key: u32, ix: Ix) {
        if let Some(slot) = self.slots.get_mut(Self::slot(key)) {
            *slot = (key, ix);
        }
    }
}

/// One channel of `s` at coverage `k` (0-255) over `d`, rounded.
pub(crate) fn mix_channel(s: u8, d: u8, k: u32) -> u8 {
    ((u32::from(s) * k + u32::from(d) * (255 - k) + 127) / 255) as u8
}

/// One premultiplied channel `s` over `d` when `k` is 255 minus the source's alpha,
/// rounded and capped at 255.
pub(crate) fn over_channel(s: u8, d: u8, k: u32) -> u8 {
    (u32::from(s) + (u32::from(d) * k + 127) / 255).min(255) as u8
}

/// `colour` at coverage `k` over `under`, as 0x00BBGGRR.
fn mix(colour: Rgb, under: [u8; 3], k: u8) -> u32 {
    let k = u32::from(k);
    word(mix_channel(colour.0, under[0], k), mix_channel(colour.1, under[1], k), mix_channel(colour.2, under[2], k))
}

/// The premultiplied pixel `s` (memory order R, G, B, A) drawn over the opaque colour
/// `d`, as 0x00BBGGRR.
fn over(s: u32, d: [u8; 3]) -> u32 {
    let [sr, sg, sb, a] = s.to_le_bytes();
    let k = 255 - u32::from(a);
    word(over_channel(sr, d[0], k), over_channel(sg, d[1], k), over_channel(sb, d[2], k))
}

