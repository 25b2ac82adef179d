//! PNG encoding of a finished drawing (issue 15): an indexed-colour (palette) PNG, which
//! is a third of the bytes to compress and about half the file of a truecolor one.
//!
//! * A board with at most 256 colours gets an exact palette: the PNG is lossless.
//! * A board with more (anti-aliased edges between many pairs of colours, the shaded
//!   balls) keeps its most frequent colours exactly (the flat fills, so every field,
//!   panel and mark keeps its colour to the bit) and shares the rest of the palette
//!   among the other colours by Wu's quantiser ([`quantette`], weighted by pixel count).
//!   The rare colours move by a few units at most where it matters (edges, shading).
//! * Compression: the png crate's fdeflate ("ultra fast") with adaptive filters; when that
//!   file is larger than a budget, zlib level 1 without filters, which is about two
//!   milliseconds slower and a third smaller on crowded boards. Measured on the
//!   benchmark boards (`render/benches`, README "Benchmarks").
//!
//! Colours are counted with one pass over the pixels that only looks a colour up when
//! it differs from the pixel before (a drawing is mostly runs of one colour).

use std::borrow::Cow;

use quantette::{
    deps::palette,
    PaletteCounts, PaletteSize,
    color_map::IndexedColorMap,
    wu::{BinnerU8x3, WuU8x3},
};
use tiny_skia::Pixmap;

use crate::RenderError;

/// Colours that cover at least this many pixels keep their exact value in a quantised
/// palette (when there are more than 256 colours), up to [`EXACT_MAX`] of them.
const EXACT_MIN_PIXELS: u32 = 48;
/// The most palette entries reserved for exact colours; the rest go to Wu's quantiser.
const EXACT_MAX: usize = 96;

/// A colour table from 0x00BBGGRR to a dense id (in order of first appearance), with
/// the pixel count of each id. Open addressing with linear probing.
struct ColourTable {
    slots: Vec<u32>,
    ids: Vec<u32>,
    colours: Vec<u32>,
    counts: Vec<u32>,
}

const EMPTY: u32 = u32::MAX;

impl ColourTable {
    fn new() -> ColourTable {
        let size = 1 << 14;
        ColourTable { slots: vec![EMPTY; size], ids: vec![0; size], colours: Vec::new(), counts: Vec::new() }
    }

    fn id(&mut self, colour: u32) -> u32 {
        let mask = self.slots.len() - 1;
        let mut i = (colour.wrapping_mul(0x9E37_79B1) >> 8) as usize & mask;
        loop {
            match self.slots.get(i).copied() {
                Some(EMPTY) | None => break,
                Some(c) if c == colour => return self.ids.get(i).copied().unwrap_or(0),
                Some(_) => i = (i + 1) & mask,
            }
        }
        let id = self.colours.len() as u32;
        if let (Some(slot), Some(slot_id)) = (self.slots.get_mut(i), self.ids.get_mut(i)) {
            *slot = colour;
            *slot_id = id;
        }
        self.colours.push(colour);
        self.counts.push(0);
        if self.colours.len() * 2 > self.slots.len() {
            self.grow();
        }
        id
    }

    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        let mask = size - 1;
        let (mut slots, mut ids) = (vec![EMPTY; size], vec![0; size]);
        for (id, &colour) in self.colours.iter().enumerate() {
            let mut i = (colour.wrapping_mul(0x9E37_79B1) >> 8) as usize & mask;
            while slots.get(i).is_some_and(|&s| s != EMPTY) {
                i = (i + 1) & mask;
            }
            if let (Some(slot), Some(slot_id)) = (slots.get_mut(i), ids.get_mut(i)) {
                *slot = colour;
                *slot_id = id as u32;
            }
        }
        self.slots = slots;
        self.ids = ids;
    }
}

/// The pixels as runs of one colour (colour id, length) plus the table of the colours
/// with their pixel counts; `None` when a pixel is not opaque.
fn count_colours(pixmap: &Pixmap, runs: &mut Vec<(u32, u32)>) -> Option<ColourTable> {
    let mut table = ColourTable::new();
    runs.clear();
    let mut words = pixmap.data().chunks_exact(4).map(|p| u32::from_le_bytes([p[0], p[1], p[2], p[3]]));
    let Some(mut last) = words.next() else { return Some(table) };
    let mut len = 1u32;
    for word in words {
        if word == last {
            len += 1;
            continue;
        }
        runs.push((opaque_id(&mut table, last)?, len));
        (last, len) = (word, 1);
    }
    runs.push((opaque_id(&mut table, last)?, len));
    for &(id, len) in runs.iter() {
        if let Some(count) = table.counts.get_mut(id as usize) {
            *count += len;
        }
    }
    Some(table)
}

/// The id of the RGBA pixel `word` (little-endian bytes R, G, B, A), `None` when it is
/// not opaque.
fn opaque_id(table: &mut ColourTable, word: u32) -> Option<u32> {
    (word >> 24 == 255).then(|| table.id(word & 0x00FF_FFFF))
}

/// The bytes R, G, B of a colour stored as 0x00BBGGRR.
fn rgb(colour: u32) -> [u8; 3] {
    [colour as u8, (colour >> 8) as u8, (colour >> 16) as u8]
}

/// The palette (RGB triples) and, per colour id, its palette index.
fn palette_for(table: &ColourTable) -> Result<(Vec<u8>, Vec<u8>), RenderError> {
    let n = table.colours.len();
    if n <= 256 {
        let palette = table.colours.iter().flat_map(|&c| rgb(c)).collect();
        return Ok((palette, (0..n).map(|i| i as u8).collect()));
    }
    // The most frequent colours keep their exact value.
    let mut by_count: Vec<usize> = (0..n).collect();
    by_count.sort_unstable_by_key(|&i| std::cmp::Reverse(table.counts.get(i).copied().unwrap_or(0)));
    let exact: Vec<usize> = by_count
        .iter()
        .copied()
        .take(EXACT_MAX)
        .take_while(|&i| table.counts.get(i).copied().unwrap_or(0) >= EXACT_MIN_PIXELS)
        .collect();
    let mut index = vec![0u8; n];
    let mut palette: Vec<u8> = Vec::with_capacity(256 * 3);
    let mut is_exact = vec![false; n];
    for (k, &i) in exact.iter().enumerate() {
        palette.extend_from_slice(&rgb(table.colours.get(i).copied().unwrap_or(0)));
        if let (Some(slot), Some(flag)) = (index.get_mut(i), is_exact.get_mut(i)) {
            *slot = k as u8;
            *flag = true;
        }
    }
    // The other colours share the remaining entries (Wu's method, by pixel count).
    let rest: Vec<usize> = (0..n).filter(|&i| !is_exact.get(i).copied().unwrap_or(false)).collect();
    let colours: Vec<palette::Srgb<u8>> = rest
        .iter()
        .map(|&i| {
            let [r, g, b] = rgb(table.colours.get(i).copied().unwrap_or(0));
            palette::Srgb::new(r, g, b)
        })
        .collect();
    let counts: Vec<u32> = rest.iter().map(|&i| table.counts.get(i).copied().unwrap_or(0)).collect();
    let size = PaletteSize::try_from(256 - exact.len()).map_err(|_| RenderError("palette size".into()))?;
    let counted = PaletteCounts::new(colours, counts).map_err(|_| RenderError("too many pixels".into()))?;
    let wu = WuU8x3::run_palette_counts(&counted, BinnerU8x3::<32, 32, 32>::new())
        .ok_or_else(|| RenderError("no colours to quantise".into()))?;
    let map = wu.color_map(size);
    let base = exact.len();
    for c in map.palette().iter() {
        palette.extend_from_slice(&[c.red, c.green, c.blue]);
    }
    for (&i, colour) in rest.iter().zip(counted.palette()) {
        if let Some(slot) = index.get_mut(i) {
            *slot = (base + usize::from(map.palette_index(colour))).min(255) as u8;
        }
    }
    Ok((palette, index))
}

/// How the image data is deflated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Packing {
    /// fdeflate's fastest mode, adaptive filters.
    Fast,
    /// zlib level 1 without filters: slower, smaller for crowded boards.
    Small,
}

fn write_png(
    width: u32,
    height: u32,
    colour: png::ColorType,
    palette: Option<&[u8]>,
    data: &[u8],
    packing: Packing,
) -> Result<Vec<u8>, RenderError> {
    let error = |e: png::EncodingError| RenderError(format!("PNG encoding failed: {e}"));
    let mut out = Vec::with_capacity(data.len() / 8);
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(colour);
    encoder.set_depth(png::BitDepth::Eight);
    if let Some(p) = palette {
        encoder.set_palette(Cow::Borrowed(p));
    }
    match packing {
        Packing::Fast => {
            encoder.set_deflate_compression(png::DeflateCompression::FdeflateUltraFast);
            encoder.set_filter(png::Filter::Adaptive);
        }
        Packing::Small => {
            encoder.set_deflate_compression(png::DeflateCompression::Level(1));
            encoder.set_filter(png::Filter::NoFilter);
        }
    }
    let mut writer = encoder.write_header().map_err(error)?;
    writer.write_image_data(data).map_err(error)?;
    writer.finish().map_err(error)?;
    Ok(out)
}

/// `pixmap` as PNG bytes: indexed colour when every pixel is opaque (see the module
/// docs), else 8-bit RGBA. When the fast file is larger than `budget` bytes it is
/// packed again the smaller way, and the smaller file is kept.
///
/// # Errors
/// [`RenderError`] when encoding fails.
pub(crate) fn png(pixmap: &Pixmap, budget: usize) -> Result<Vec<u8>, RenderError> {
    // The scratch buffers of this thread, kept between images (fresh large buffers
    // cost page faults on every board).
    thread_local! {
        static SCRATCH: std::cell::RefCell<(Vec<(u32, u32)>, Vec<u8>)> = const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
    }
    SCRATCH.with(|scratch| {
        let mut scratch = scratch.try_borrow_mut().map_err(|_| RenderError("PNG scratch in use".into()))?;
        let (runs, data) = &mut *scratch;
        encode_with(pixmap, budget, runs, data)
    })
}

fn encode_with(pixmap: &Pixmap, budget: usize, runs: &mut Vec<(u32, u32)>, data: &mut Vec<u8>) -> Result<Vec<u8>, RenderError> {
    let (width, height) = (pixmap.width(), pixmap.height());
    let Some(table) = count_colours(pixmap, runs) else {
        let mut rgba = Vec::with_capacity(pixmap.pixels().len() * 4);
        for p in pixmap.pixels() {
            let c = p.demultiply();
            rgba.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
        }
        return write_png(width, height, png::ColorType::Rgba, None, &rgba, Packing::Fast);
    };
    let (palette, index) = palette_for(&table)?;
    data.clear();
    for &(id, len) in runs.iter() {
        let i = index.get(id as usize).copied().unwrap_or(0);
        data.resize(data.len() + len as usize, i);
    }
    let fast = write_png(width, height, png::ColorType::Indexed, Some(&palette), data, Packing::Fast)?;
    if fast.len() <= budget {
        return Ok(fast);
    }
    let small = write_png(width, height, png::ColorType::Indexed, Some(&palette), data, Packing::Small)?;
    Ok(if small.len() < fast.len() { small } else { fast })
}

/// The number of distinct colours of `pixmap` (for tests and measurements).
#[cfg(test)]
pub(crate) fn colour_count(pixmap: &Pixmap) -> usize {
    count_colours(pixmap, &mut Vec::new()).map_or(0, |t| t.colours.len())
}
