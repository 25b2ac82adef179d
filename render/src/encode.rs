//! PNG encoding (README, "Benchmarks"): always an indexed-colour (palette) PNG when every
//! pixel is opaque, a third of the bytes to compress and about half the file of a
//! truecolor one.
//!
//! * Boards and hands are drawn in palette indices already (`crate::frame`) and are
//!   compressed as they are ([`png_frame`]): fdeflate ("ultra fast") with the Up filter;
//!   over the budget, adaptive filters; still over, zlib level 1 without filters.
//! * A drawing in RGBA (sprites, kept backgrounds as they are drawn, a frame whose
//!   colours outgrew its palette) gets its palette here ([`quantise`], `palette_for`):
//!   exact with at most 256 colours, else its most frequent colours exact (the flat
//!   fills, so every field, panel and mark keeps its colour to the bit) and the rest
//!   shared by Wu's quantiser ([`quantette`], weighted by pixel count), so rare colours
//!   move by a few units at most where it matters (edges, shading).
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

use crate::{
    RenderError,
    colour_table::ColourTable,
    frame::{Frame, Palette, Pixels},
};

/// Colours that cover at least this many pixels keep their exact value in a quantised
/// palette (when there are more than 256 colours), up to [`EXACT_MAX`] of them.
const EXACT_MIN_PIXELS: u32 = 48;
/// The most palette entries reserved for exact colours; the rest go to Wu's quantiser.
const EXACT_MAX: usize = 96;

/// The pixels as runs of one colour (colour id, length) plus the table of the colours
/// with their pixel counts; `None` when a pixel is not opaque.
fn count_colours(pixmap: &Pixmap, runs: &mut Vec<(u32, u32)>) -> Option<ColourTable> {
    let mut table = ColourTable::new();
    runs.clear();
    let words: &[u32] = bytemuck::cast_slice(pixmap.pixels());
    let Some((&first, _)) = words.split_first() else { return Some(table) };
    let (mut last, mut len) = (first, 0u32);
    // Eight pixels at a time while they all continue the run (a branch-free test the
    // compiler vectorises; most of a board is long runs), one at a time otherwise.
    let mut chunks = words.chunks_exact(8);
    for chunk in &mut chunks {
        if chunk.iter().fold(0, |acc, &w| acc | (w ^ last)) == 0 {
            len += 8;
            continue;
        }
        for &word in chunk {
            if word == last {
                len += 1;
            } else {
                runs.push((opaque_id(&mut table, last)?, len));
                (last, len) = (word, 1);
            }
        }
    }
    for &word in chunks.remainder() {
        if word == last {
            len += 1;
        } else {
            runs.push((opaque_id(&mut table, last)?, len));
            (last, len) = (word, 1);
        }
    }
    runs.push((opaque_id(&mut table, last)?, len));
    for &(id, len) in runs.iter() {
        if let Some(count) = table.counts.get_mut(id as usize) {
            *count += len;
        }
    }
    Some(table)
}

/// The id of the pixel `word` (its bytes R, G, B, A in memory order), `None` when it is
/// not opaque.
fn opaque_id(table: &mut ColourTable, word: u32) -> Option<u32> {
    let [r, g, b, a] = word.to_le_bytes();
    (a == 255).then(|| table.id(u32::from_le_bytes([r, g, b, 0])))
}

/// The bytes R, G, B of a colour stored as 0x00BBGGRR.
fn rgb(colour: u32) -> [u8; 3] {
    [colour as u8, (colour >> 8) as u8, (colour >> 16) as u8]
}

/// The palette (RGB triples, at most `max` of them, `max` <= 256) and, per colour id,
/// its palette index.
fn palette_for(table: &ColourTable, max: usize) -> Result<(Vec<u8>, Vec<u8>), RenderError> {
    let n = table.colours.len();
    if n <= max {
        let palette = table.colours.iter().flat_map(|&c| rgb(c)).collect();
        return Ok((palette, (0..n).map(|i| i as u8).collect()));
    }
    // The most frequent colours keep their exact value.
    let mut by_count: Vec<usize> = (0..n).collect();
    by_count.sort_unstable_by_key(|&i| std::cmp::Reverse(table.counts.get(i).copied().unwrap_or(0)));
    let exact: Vec<usize> = by_count
        .iter()
        .copied()
        .take(EXACT_MAX.min(max / 2))
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
    let size = PaletteSize::try_from(max.saturating_sub(exact.len()).max(1)).map_err(|_| RenderError("palette size".into()))?;
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
    /// fdeflate's fastest mode, the Up filter: for frames (measured on the benchmark
    /// boards' indices: 0.38-0.70 ms and 111-178 KB, against 0.69-0.99 ms and 84-158 KB
    /// with adaptive filters).
    FastUp,
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
        Packing::FastUp => {
            encoder.set_deflate_compression(png::DeflateCompression::FdeflateUltraFast);
            encoder.set_filter(png::Filter::Up);
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

/// The runs of a drawing and its palette indices, kept per thread between images.
type Scratch = (Vec<(u32, u32)>, Vec<u8>);

/// `pixmap` as PNG bytes: indexed colour when every pixel is opaque (see the module
/// docs), else 8-bit RGBA. When the fast file is larger than `budget` bytes it is
/// packed again the smaller way, and the smaller file is kept.
///
/// # Errors
/// [`RenderError`] when encoding fails.
pub(crate) fn png(pixmap: &Pixmap, budget: usize) -> Result<Vec<u8>, RenderError> {
    encode(pixmap, budget)
}

fn encode(pixmap: &Pixmap, budget: usize) -> Result<Vec<u8>, RenderError> {
    // The scratch buffers of this thread, kept between images (fresh large buffers
    // cost page faults on every board).
    thread_local! {
        static SCRATCH: std::cell::RefCell<Scratch> = const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
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
    let (palette, index) = palette_for(&table, 256)?;
    data.clear();
    for &(id, len) in runs.iter() {
        let i = index.get(id as usize).copied().unwrap_or(0);
        data.resize(data.len() + len as usize, i);
    }
    let small = |data: &[u8]| write_png(width, height, png::ColorType::Indexed, Some(&palette), data, Packing::Small);
    let fast = write_png(width, height, png::ColorType::Indexed, Some(&palette), data, Packing::Fast)?;
    if fast.len() <= budget {
        return Ok(fast);
    }
    let small = small(data)?;
    Ok(if small.len() < fast.len() { small } else { fast })
}

/// `pixmap` (every pixel opaque) in palette indices with at most `max` colours
/// (`max` <= 256): exact when it has no more, else its frequent colours exact and the
/// rest by Wu's quantiser, as [`png`] does. The frame's palette maps every colour of
/// `pixmap` to its entry, so that drawing one of them again finds it.
///
/// # Errors
/// [`RenderError`] when a pixel is not opaque or the quantiser fails.
pub(crate) fn quantise(pixmap: &Pixmap, max: usize) -> Result<Frame, RenderError> {
    let mut runs = Vec::new();
    let table = count_colours(pixmap, &mut runs).ok_or_else(|| RenderError("a kept background must be opaque".into()))?;
    let (palette, index) = palette_for(&table, max.min(256))?;
    let mut indices = Vec::with_capacity(pixmap.pixels().len());
    for &(id, len) in &runs {
        indices.resize(indices.len() + len as usize, index.get(id as usize).copied().unwrap_or(0));
    }
    let colours = palette.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect();
    let seen = table.colours.iter().copied().zip(index.iter().copied());
    Ok(Frame::narrow(pixmap.width(), pixmap.height(), indices, Palette::new(colours, seen)))
}

/// The colours R, G, B of a palette as bytes R, G, B, R, ...
fn triples(palette: &[u8]) -> Vec<[u8; 3]> {
    palette.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect()
}

/// A picture in palette indices: its palette (R, G, B; at most 256 colours) and one
/// index per pixel, rows top to bottom.
pub(crate) type Indexed<'a> = (Vec<[u8; 3]>, Cow<'a, [u8]>);

/// `pixmap` (every pixel opaque) as [`png()`] encodes it: its palette (at most 256
/// colours) and one index per pixel.
///
/// # Errors
/// [`RenderError`] when a pixel is not opaque or the quantiser fails.
pub(crate) fn indexed_pixmap(pixmap: &Pixmap) -> Result<(Vec<[u8; 3]>, Vec<u8>), RenderError> {
    let mut runs = Vec::new();
    let table = count_colours(pixmap, &mut runs).ok_or_else(|| RenderError("the picture is not opaque".into()))?;
    let (palette, index) = palette_for(&table, 256)?;
    let mut indices = Vec::with_capacity(pixmap.pixels().len());
    for &(id, len) in &runs {
        indices.resize(indices.len() + len as usize, index.get(id as usize).copied().unwrap_or(0));
    }
    Ok((triples(&palette), indices))
}

/// `frame` as [`png_frame`] encodes it: its palette (at most 256 colours) and one index
/// per pixel (a wide frame quantised as for its PNG).
///
/// # Errors
/// [`RenderError`] when the quantiser fails.
pub(crate) fn indexed_frame(frame: &Frame) -> Result<Indexed<'_>, RenderError> {
    match &frame.pixels {
        Pixels::Narrow(indices, palette) => Ok((palette.colours.clone(), Cow::Borrowed(indices))),
        Pixels::Wide(ids, wide) => {
            let (palette, indices) = narrow(ids, &wide.table)?;
            Ok((triples(&palette), Cow::Owned(indices)))
        }
    }
}

/// `frame` as an indexed PNG: fdeflate with the Up filter; when that file is larger than
/// `budget` bytes, fdeflate with adaptive filters (about 0.3 ms more, a fifth smaller);
/// when that is still larger, zlib level 1 without filters (about 1.5 ms more, a third
/// smaller).
///
/// # Errors
/// [`RenderError`] when encoding fails.
pub(crate) fn png_frame(frame: &Frame, budget: usize) -> Result<Vec<u8>, RenderError> {
    let quantised;
    let (palette, indices): (Vec<u8>, &[u8]) = match &frame.pixels {
        Pixels::Narrow(indices, palette) => (palette.colours.iter().flatten().copied().collect(), indices),
        Pixels::Wide(ids, wide) => {
            let (palette, indices) = narrow(ids, &wide.table)?;
            quantised = indices;
            (palette, &quantised)
        }
    };
    let write = |packing| write_png(frame.width, frame.height, png::ColorType::Indexed, Some(&palette), indices, packing);
    let mut best = write(Packing::FastUp)?;
    for packing in [Packing::Fast, Packing::Small] {
        if best.len() <= budget {
            break;
        }
        let smaller = write(packing)?;
        if smaller.len() < best.len() {
            best = smaller;
        }
    }
    Ok(best)
}

/// The colour ids `ids` of the colours in `table` as a palette of at most 256 colours
/// and indices into it ([`palette_for`]: exact when there are no more, else the frequent
/// colours exact and the rest quantised).
fn narrow(ids: &[u16], table: &ColourTable) -> Result<(Vec<u8>, Vec<u8>), RenderError> {
    let mut counts = vec![0u32; table.colours.len()];
    for &id in ids {
        if let Some(count) = counts.get_mut(usize::from(id)) {
            *count += 1;
        }
    }
    // Only the colours some pixel still shows.
    let mut used = ColourTable::new();
    let mut to_used = vec![0u32; counts.len()];
    for (id, &count) in counts.iter().enumerate().filter(|(_, c)| **c > 0) {
        // (A palette may hold a colour twice: both ids become one colour.)
        let new = used.id(table.colour(id));
        if let (Some(slot), Some(c)) = (to_used.get_mut(id), used.counts.get_mut(new as usize)) {
            (*slot, *c) = (new, *c + count);
        }
    }
    let (palette, index) = palette_for(&used, 256)?;
    let of = |id: u16| to_used.get(usize::from(id)).and_then(|&u| index.get(u as usize)).copied().unwrap_or(0);
    Ok((palette, ids.iter().map(|&id| of(id)).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{canvas::Canvas, palette};

    fn colour_count(pixmap: Option<&Pixmap>) -> usize {
        pixmap.and_then(|p| count_colours(p, &mut Vec::new())).map_or(0, |t| t.colours.len())
    }

    fn decoded(png: &[u8]) -> image::RgbImage {
        image::load_from_memory(png).unwrap_or_else(|e| panic!("{e}")).to_rgb8()
    }

    fn pixels(canvas: &Canvas) -> Vec<[u8; 3]> {
        (0..canvas.height())
            .flat_map(|y| (0..canvas.width()).map(move |x| (x, y)))
            .map(|(x, y)| canvas.pixel(x, y).map_or([0; 3], |c| [c.0, c.1, c.2]))
            .collect()
    }

    #[test]
    fn few_colours_give_an_exact_palette_png() {
        let Ok(mut canvas) = Canvas::new(120, 80, palette::BACKGROUND) else { panic!("canvas") };
        canvas.fill_rect(crate::Area::new(10.0, 10.0, 40.0, 30.0), palette::RED);
        canvas.fill_circle(80.0, 40.0, 20.0, palette::BLUE);
        let count = colour_count(canvas.pixmap());
        assert!((3..=256).contains(&count), "{count} colours");
        let png = canvas.png().unwrap_or_default();
        // An indexed PNG: colour type 3 in the header.
        assert_eq!(png.get(25), Some(&3));
        let image = decoded(&png);
        let expected = pixels(&canvas);
        assert!(image.pixels().zip(&expected).all(|(p, q)| p.0 == *q), "lossless");
    }

    #[test]
    fn many_colours_keep_the_frequent_ones_exact_and_the_rest_close() {
        let Ok(mut canvas) = Canvas::new(300, 120, palette::BACKGROUND) else { panic!("canvas") };
        canvas.fill_rect(crate::Area::new(0.0, 0.0, 300.0, 20.0), palette::TURN_TINT);
        for k in 0..12 {
            let colour = [palette::RED, palette::GREEN, palette::BLUE, palette::YELLOW][k % 4];
            canvas.sphere(14.0 + 24.0 * k as f32, 60.0 + (k % 3) as f32 * 17.3, 15.0 + 0.37 * k as f32, colour);
        }
        assert!(colour_count(canvas.pixmap()) > 256, "the shading gives many colours");
        let image = decoded(&canvas.png().unwrap_or_default());
        let expected = pixels(&canvas);
        assert_eq!(image.get_pixel(150, 5).0, [0xFF, 0xE9, 0xA8], "the tint stays exact");
        assert_eq!(image.get_pixel(150, 118).0, [0xF5, 0xF1, 0xE8], "the background stays exact");
        let error = |p: &image::Rgb<u8>, q: &[u8; 3]| (0..3).map(|k| p[k].abs_diff(q[k])).max().unwrap_or(0);
        let errors: Vec<u8> = image.pixels().zip(&expected).map(|(p, q)| error(p, q)).collect();
        let mean = errors.iter().map(|&e| f64::from(e)).sum::<f64>() / errors.len() as f64;
        assert!(mean < 1.5, "mean error {mean}");
        assert!(errors.iter().all(|&e| e <= 64), "largest error {:?}", errors.iter().max());
    }

    #[test]
    fn transparency_gives_an_rgba_png() {
        let Some(pixmap) = Pixmap::new(10, 10) else { panic!("pixmap") };
        let png = super::png(&pixmap, usize::MAX).unwrap_or_default();
        assert_eq!(png.get(25), Some(&6), "colour type 6: RGBA");
    }
}
