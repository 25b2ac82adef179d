//! Kept sprites as runs of pixel values, their anti-aliasing in a few coverage levels.

use std::collections::HashMap;

use tiny_skia::Pixmap;

use crate::palette::Rgb;

/// A kept sprite as runs, for blending it over frames quickly: per row, runs of one
/// opaque colour and runs of one partly transparent pixel value (the edges); clear pixels
/// are left out. Made once per sprite ([`Spans::of`]).
pub(crate) struct Spans {
    /// The premultiplied pixel values (as `u32` in memory order R, G, B, A) the runs refer to.
    pub(super) values: Vec<u32>,
    /// Per value: whether it is a flat colour of the sprite (opaque, one of the colours
    /// it was painted with) rather than an anti-aliased mix at an edge.
    pub(super) flat: Vec<bool>,
    /// Per value: for a partly covering one, the painted colour it is a coverage of
    /// (0x00BBGGRR), when it is one.
    pub(super) drawn: Vec<Option<u32>>,
    pub(super) runs: Vec<Run>,
    /// Where each row's runs start in `runs`; one more entry than rows.
    pub(super) rows: Vec<u32>,
}

#[derive(Clone, Copy)]
pub(super) struct Run {
    pub(super) x: u16,
    pub(super) len: u16,
    pub(super) value: u16,
}

impl Spans {
    /// The runs of `pixmap` (premultiplied), painted with the colours `painted`, the
    /// coverage of its edges in [`LEVELS`]. A sprite wider than 65,535 pixels or with
    /// more than 65,536 distinct values is cut to what fits (no sprite comes near).
    pub fn of(pixmap: &Pixmap, painted: &[Rgb]) -> Spans {
        let width = pixmap.width();
        let words: &[u32] = bytemuck::cast_slice(pixmap.pixels());
        let mut spans = Spans { values: Vec::new(), flat: Vec::new(), drawn: Vec::new(), runs: Vec::new(), rows: vec![0] };
        let painted: Vec<[u8; 3]> = painted.iter().map(|c| [c.0, c.1, c.2]).collect();
        let snapped: Vec<u32> = words.iter().map(|&w| snap_coverage(w)).collect();
        let blended = snap_blends(&snapped, width as usize, &painted);
        let mut ids: HashMap<u32, u16> = HashMap::new();
        for line in blended.chunks_exact(width.max(1) as usize) {
            let mut x = 0;
            while let Some(&value) = line.get(x) {
                let len = line.get(x..).unwrap_or_default().iter().take(u16::MAX as usize).take_while(|&&w| w == value).count();
                if value >> 24 != 0 {
                    let next = spans.values.len();
                    let id = *ids.entry(value).or_insert_with(|| next.min(usize::from(u16::MAX)) as u16);
                    if usize::from(id) == next {
                        spans.values.push(value);
                    }
                    if x <= usize::from(u16::MAX) {
                        spans.runs.push(Run { x: x as u16, len: len as u16, value: id });
                    }
                }
                x += len.max(1);
            }
            spans.rows.push(spans.runs.len() as u32);
        }
        spans.drawn = spans.values.iter().map(|&v| covered_colour(v, &painted)).collect();
        // A sprite of few opaque colours (a stone with its symbol) counts them all as its
        // own; in one of many, only the painted ones are (the rest are edges).
        let few = spans.values.iter().filter(|&&v| v >> 24 == 255).count() <= FEW_COLOURS;
        spans.flat = spans
            .values
            .iter()
            .map(|&v| {
                let [r, g, b, a] = v.to_le_bytes();
                a == 255 && (few || painted.contains(&[r, g, b]))
            })
            .collect();
        spans
    }
}

/// The coverage levels of anti-aliasing over a frame, out of 255: coverage in between
/// is drawn at the nearest level (below the first: not at all; above the last: fully).
/// Four levels keep edges and glyphs smooth, and the colours they mix few enough to share
/// a palette.
pub(crate) const LEVELS: [u8; 4] = [51, 102, 153, 204];

/// `coverage` at the nearest of 0, the [`LEVELS`] and 255.
pub(crate) fn level(coverage: u8) -> u8 {
    LEVEL_OF[usize::from(coverage)]
}

/// [`level`] of every coverage, worked out at compile time.
static LEVEL_OF: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let coverage = c as u8;
        let (mut gap, mut best) = if coverage < 128 { (coverage, 0) } else { (255 - coverage, 255) };
        let mut k = 0;
        while k < LEVELS.len() {
            let l = LEVELS[k];
            let d = coverage.abs_diff(l);
            if d < gap {
                (gap, best) = (d, l);
            }
            k += 1;
        }
        table[c] = best;
        c += 1;
    }
    table
};

/// A sprite with at most this many opaque values counts all of them as its own colours.
const FEW_COLOURS: usize = 24;

/// How far (in pixels) [`snap_blends`] looks for the painted colours on either side.
const REACH: usize = 3;

/// The opaque pixels of `words` (rows of `width`) that are none of the colours `painted`,
/// where two painted colours meet, as the mix of the two at the nearest of the
/// [`LEVELS`]: the painted colours are looked for on either side within [`REACH`]
/// pixels, across and then up and down; a pixel that lies far from the line between them
/// (a corner of three colours) stays as it is. The same mixes recur across a game's
/// sprites, so that its boards need fewer colours.
fn snap_blends(words: &[u32], width: usize, painted: &[[u8; 3]]) -> Vec<u32> {
    let rgb = |w: u32| -> Option<[u8; 3]> {
        let [r, g, b, a] = w.to_le_bytes();
        (a == 255).then_some([r, g, b])
    };
    let is_painted = |w: u32| rgb(w).filter(|c| painted.contains(c));
    let mut out = words.to_vec();
    if width == 0 || painted.len() < 2 {
        return out;
    }
    // The painted colour nearest to pixel `at` stepping by `step` (+ or -), at most REACH.
    let find = |at: usize, forward: bool, step: usize| -> Option<[u8; 3]> {
        (1..=REACH).find_map(|k| {
            let i = if forward { at.checked_add(k * step)? } else { at.checked_sub(k * step)? };
            if step == 1 && i / width != at / width {
                return None;
            }
            is_painted(*words.get(i)?)
        })
    };
    // The pairs of painted colours that meet in this sprite, and the pixels left over
    // (where three meet, or none is near).
    let mut meet: Vec<([u8; 3], [u8; 3])> = Vec::new();
    let mut left: Vec<usize> = Vec::new();
    for (at, w) in out.iter_mut().enumerate() {
        let Some(p) = rgb(*w) else { continue };
        if painted.contains(&p) {
            continue;
        }
        let pairs = [(find(at, false, 1), find(at, true, 1)), (find(at, false, width), find(at, true, width))];
        let mut snapped = false;
        for (a, b) in pairs {
            let (Some(a), Some(b)) = (a, b) else { continue };
            if let Some(mix) = on_the_line(p, a, b) {
                *w = u32::from_le_bytes([mix[0], mix[1], mix[2], 255]);
                if !meet.contains(&(a, b)) && !meet.contains(&(b, a)) {
                    meet.push((a, b));
                }
                snapped = true;
                break;
            }
        }
        if !snapped {
            left.push(at);
        }
    }
    // Each pixel left over becomes the nearest of the painted colours and the mixes of
    // the pairs that meet here when one is within about 12 per channel, so that a sprite
    // has few colours beyond its own (a detail of a colour of its own stays).
    let mut mixes: Vec<[u8; 3]> = painted.to_vec();
    for &(a, b) in &meet {
        for l in LEVELS {
            let l = u32::from(l);
            let mix = |k: usize| super::mix_channel(a[k], b[k], l);
            mixes.push([mix(0), mix(1), mix(2)]);
        }
    }
    for at in left {
        let Some(w) = out.get_mut(at) else { continue };
        let Some(p) = rgb(*w) else { continue };
        if let Some(c) = mixes.iter().min_by_key(|c| super::palette::distance(**c, p))
            && super::palette::distance(*c, p) <= 9 * 12 * 12
        {
            *w = u32::from_le_bytes([c[0], c[1], c[2], 255]);
        }
    }
    out
}

/// `p` as a mix of `a` and `b` at the nearest of 0, the [`LEVELS`] and 255 (of `a`),
/// `None` when `a` and `b` are the same or `p` lies far from the line between them.
pub(super) fn on_the_line(p: [u8; 3], a: [u8; 3], b: [u8; 3]) -> Option<[u8; 3]> {
    let d = |k: usize| f32::from(a[k]) - f32::from(b[k]);
    let q = |k: usize| f32::from(p[k]) - f32::from(b[k]);
    let length = d(0) * d(0) + d(1) * d(1) + d(2) * d(2);
    if length < 1.0 {
        return None;
    }
    let t = ((q(0) * d(0) + q(1) * d(1) + q(2) * d(2)) / length).clamp(0.0, 1.0);
    // Off the line by more than 12 per channel: not a mix of these two.
    let off = (0..3).map(|k| (q(k) - t * d(k)).powi(2)).sum::<f32>();
    if off > 3.0 * 12.0 * 12.0 {
        return None;
    }
    let l = u32::from(level((t * 255.0).round() as u8));
    let mix = |k: usize| super::mix_channel(a[k], b[k], l);
    Some([mix(0), mix(1), mix(2)])
}

/// The painted colour (0x00BBGGRR) of which the partly covering premultiplied pixel `v`
/// is a coverage, `None` for an opaque or clear pixel or one of no painted colour (its
/// colour is known only to a few units, as premultiplied values are rounded).
fn covered_colour(v: u32, painted: &[[u8; 3]]) -> Option<u32> {
    let [r, g, b, a] = v.to_le_bytes();
    if a == 0 || a == 255 {
        return None;
    }
    let un = |c: u8| ((u32::from(c) * 255 + u32::from(a) / 2) / u32::from(a)).min(255) as i32;
    let (r, g, b) = (un(r), un(g), un(b));
    painted
        .iter()
        .find(|p| (i32::from(p[0]) - r).abs() <= 3 && (i32::from(p[1]) - g).abs() <= 3 && (i32::from(p[2]) - b).abs() <= 3)
        .map(|p| u32::from_le_bytes([p[0], p[1], p[2], 0]))
}

/// The premultiplied pixel `w` with its coverage at the nearest level ([`level`]; 0 when
/// nearly clear), its colour kept.
pub(super) fn snap_coverage(w: u32) -> u32 {
    let [r, g, b, a] = w.to_le_bytes();
    let la = level(a);
    if la == a {
        return w;
    }
    if la == 0 {
        return 0;
    }
    // The colour without its coverage, then with the level's.
    let again = |c: u8| ((u32::from(c) * u32::from(la) + u32::from(a) / 2) / u32::from(a)).min(u32::from(la)) as u8;
    u32::from_le_bytes([again(r), again(g), again(b), la])
}

impl Spans {
    /// The opaque values' colours (0x00BBGGRR), in the order of first appearance.
    pub fn opaque_colours(&self) -> impl Iterator<Item = u32> + '_ {
        self.values.iter().filter(|&&v| v >> 24 == 255).map(|&v| v & 0x00FF_FFFF)
    }

    /// The bytes the runs take.
    pub fn bytes(&self) -> usize {
        self.values.len() * 5 + self.runs.len() * std::mem::size_of::<Run>() + self.rows.len() * 4
    }
}

