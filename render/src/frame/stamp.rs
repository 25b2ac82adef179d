//! A sprite's opaque pixels already in palette indices, for the frames of one background
//! (the indices of its colours are fixed there: `Palette::fix`): drawing it is then a copy
//! of its rows.

use super::spans::Spans;

/// The opaque runs of a sprite as rows of index segments: per row of the sprite, each
/// stretch of opaque pixels (its first column and its indices).
pub(crate) struct Stamp {
    rows: Vec<Vec<(u16, Vec<u8>)>>,
}

impl Stamp {
    /// The stamp of `spans` whose opaque value `v` has the index `index_of[v]` (`None`
    /// for a partly covering value, left to blending).
    pub fn of(spans: &Spans, index_of: &[Option<u8>]) -> Stamp {
        let mut rows = Vec::with_capacity(spans.rows.len().saturating_sub(1));
        for bounds in spans.rows.windows(2) {
            let (from, to) = (bounds.first().copied().unwrap_or(0), bounds.get(1).copied().unwrap_or(0));
            let mut segments: Vec<(u16, Vec<u8>)> = Vec::new();
            for run in spans.runs.get(from as usize..to as usize).unwrap_or_default() {
                let Some(&Some(index)) = index_of.get(usize::from(run.value)) else { continue };
                match segments.last_mut() {
                    Some((x, bytes)) if usize::from(*x) + bytes.len() == usize::from(run.x) => {
                        bytes.resize(bytes.len() + usize::from(run.len), index);
                    }
                    _ => segments.push((run.x, vec![index; usize::from(run.len)])),
                }
            }
            rows.push(segments);
        }
        Stamp { rows }
    }

    /// Copies the stamp into `pixels` (rows of `w`, `h` rows) with its top-left corner at
    /// (`x`, `y`), clipped to the picture.
    pub fn copy_into(&self, pixels: &mut [u8], (w, h): (i32, i32), (x, y): (i32, i32)) {
        for (row, segments) in self.rows.iter().enumerate() {
            let py = y.saturating_add(row as i32);
            if py < 0 || py >= h {
                continue;
            }
            let line = (py * w) as usize;
            for (sx, bytes) in segments {
                let x0 = x.saturating_add(i32::from(*sx));
                let x1 = x0.saturating_add(bytes.len() as i32);
                let (c0, c1) = (x0.max(0), x1.min(w));
                if c0 >= c1 {
                    continue;
                }
                let (Some(dst), Some(src)) = (
                    pixels.get_mut(line + c0 as usize..line + c1 as usize),
                    bytes.get((c0 - x0) as usize..(c1 - x0) as usize),
                ) else {
                    continue;
                };
                dst.copy_from_slice(src);
            }
        }
    }
}
