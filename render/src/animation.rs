//! The animated replay of a finished game (issue 44): a GIF with one frame per position
//! (the start, then the position after each move), each the board as a spectator sees it
//! ([`rules::Viewer::Spectator`], never a hand) with the last move marked as the board
//! marks it. Drawn the lila-gif way (design card: lila-gif):
//!
//! * one global palette for all frames: the boards' own palettes differ from move to
//!   move (each board adds the colours it draws to its background's), so the global one
//!   holds the 255 colours that the most frames show (the union of all
//!   boards' colours when there are no more, as in most Carat games); a frame showing a
//!   colour outside it carries a colour table of its own (as few as possible: see
//!   [`Replay::own_tables`]), so that every frame is its board to the pixel;
//! * the first frame whole, each later one only the rectangle that changed (the bounding
//!   box of the pixels that differ from the frame before), its unchanged pixels
//!   transparent; a position that changes nothing still gets a 1×1 frame so that its
//!   delay counts;
//! * [`MOVE_DELAY`] a frame, the last held [`LAST_DELAY`], looping forever (the NETSCAPE
//!   loop extension);
//! * when every drawn position has its frame (a replay not thinned), each later frame's
//!   indices written run by run from the recording's runs of what changed
//!   ([`Coder::change`]); a thinned replay compares the position with what the viewer
//!   shows ([`Coder::delta`]);
//! * compressed by the replay's own LZW encoder ([`lzw`], which matches runs of one index
//!   whole and remembers each code's last extension: 0.30–0.65 ms a frame in all, 10–14×
//!   faster than the `gif` crate's `weezl`, see `render/benches/replay.rs`), the frames
//!   written by the `gif` crate as pre-encoded ones.
//!
//! A replay larger than [`MAX_BYTES`] shows fewer positions: every k-th, always the
//! first and the last ([`Replay::step`]), so the chat can say so.
//!
//! Drawing and encoding are separate steps: [`record`] plays the game and draws every
//! position ([`Recording`]), [`Recording::gif`] encodes; [`replay_gif`] does both.
//!
//! ```
//! use rules::{open, GameKind};
//! let start = open(GameKind::Carat, &serde_json::json!({"players": 2}), 2, None, Some(7)).unwrap();
//! let mut game = open(GameKind::Carat, &serde_json::json!({"players": 2}), 2, None, Some(7)).unwrap();
//! let first = game.legal_moves()[0].clone();
//! game.play(&first).unwrap();
//! let names = vec!["alice".to_string(), "bob".to_string()];
//! let replay = render::animation::replay_gif(start, game.log(), &names, render::Lang::En).unwrap();
//! assert_eq!(&replay.bytes[..6], b"GIF89a");
//! assert_eq!((replay.frames, replay.step), (2, 1));
//! ```

use std::{
    borrow::Cow,
    time::{Duration, Instant},
};

use rules::{Match, Viewer};

use crate::{Lang, RenderError, colour_table::ColourTable};

/// How long each position is shown, in hundredths of a second (0.8 s).
pub const MOVE_DELAY: u16 = 80;
/// How long the last position is shown before the replay starts again, in hundredths of
/// a second (5 s).
pub const LAST_DELAY: u16 = 500;
/// The largest replay in bytes (8 MiB): a larger one shows fewer positions.
pub const MAX_BYTES: usize = 8 << 20;
/// The most positions drawn: a longer game is drawn at every k-th position (always the
/// first and the last) before any encoding, which bounds the work of a very long game.
pub const MAX_DRAWN: usize = 1000;

/// The palette index left transparent in frames after the first (unchanged pixels).
const TRANSPARENT: u8 = 0;
/// The most colours of the global palette (one entry is [`TRANSPARENT`]).
const COLOURS: usize = 255;
/// Colour ids the recording hands out at most (the last value, [`KEEP`], is no colour);
/// a colour beyond them takes the last id (wrong, but no game comes near: a few hundred
/// colours over a game).
const MAX_IDS: usize = u16::MAX as usize;

/// An animated replay.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The GIF file (GIF89a, looping forever).
    pub bytes: Vec<u8>,
    /// Its width in pixels (the boards').
    pub width: u32,
    /// Its height in pixels (the boards').
    pub height: u32,
    /// The frames in the GIF, at least one.
    pub frames: usize,
    /// The positions of the game: its moves plus one (the start).
    pub positions: usize,
    /// Moves per frame: 1 when every position has its frame, else k when only every
    /// k-th position (and always the first and the last) is shown, to keep within the
    /// size limit ([`MAX_BYTES`]) or the positions drawn ([`MAX_DRAWN`]).
    pub step: usize,
    /// The frames that carry a colour table of their own (a GIF local colour table):
    /// those showing a colour outside the global palette, which holds the 255 colours
    /// that the most frames show (all of them when there are no more).
    /// Every pixel is exact either way.
    pub own_tables: usize,
    /// How long drawing the boards and encoding the GIF took.
    pub timing: Timing,
}

impl Replay {
    /// `Some(k)` when only every k-th position is shown (see [`Replay::step`]), for a
    /// note next to the replay.
    pub fn thinned(&self) -> Option<usize> {
        (self.step > 1).then_some(self.step)
    }
}

/// Wall-clock times of a replay.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Timing {
    /// Drawing the boards (and taking their differences), all positions.
    pub drawing: Duration,
    /// Choosing the palette and encoding the GIF, including any attempt that came out too
    /// large.
    pub encoding: Duration,
}

/// A game drawn position by position, ready to be encoded ([`Recording::gif`]).
pub struct Recording {
    width: u32,
    height: u32,
    /// The colours shown (0x00BBGGRR) by id; per id, on how many pixels of the first
    /// board and the changes, in how many of them, and the last change it was seen in.
    table: ColourTable,
    counts: Vec<u64>,
    frames: Vec<u32>,
    stamps: Vec<u32>,
    /// The colour ids of the first position's pixels, rows top to bottom.
    first: Vec<u16>,
    /// Per later position drawn, what changed from the one before.
    changes: Vec<Change>,
    /// The game's positions, and the number of each position drawn (0, then every
    /// `drawn_step`-th, and the last).
    positions: usize,
    drawn: Vec<usize>,
    drawing: Duration,
}

/// A rectangle of pixels: left, top, width, height.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Rect {
    x: u32,
    y: u32,
    w: u32,
    h: u32,
}

/// The pixels of one position that differ from the position before: per row with
/// changes, the columns from the first to the last changed pixel, and the colour ids of
/// those columns run-length coded, span after span (each span's runs cover it exactly;
/// [`KEEP`] for a pixel that did not change).
#[derive(Default)]
struct Change {
    spans: Vec<Span>,
    runs: Vec<Run>,
}

/// `len` pixels of colour id `id` (or [`KEEP`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Run {
    id: u16,
    len: u16,
}

/// In a [`Change`], a pixel that stays as it was.
const KEEP: u16 = u16::MAX;

/// Columns `x0..x1` of row `y`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Span {
    y: u32,
    x0: u32,
    x1: u32,
}

/// Draws every position of the game `start` (the game before its first move) played
/// through `log` (its moves as the rules read them), as a spectator sees it, with
/// `names` (the players' display names in seat order) and the words in `lang`, and
/// encodes them as a GIF of at most [`MAX_BYTES`]: see the module docs. Same as
/// [`record`] then [`Recording::gif`].
///
/// # Errors
/// [`RenderError`] when a move of `log` does not apply ("move N: …"), a board cannot be
/// drawn, the boards change their size during the game, or the GIF is larger than
/// [`MAX_BYTES`] even with only the first and the last position.
pub fn replay_gif(start: Box<dyn Match>, log: &[String], names: &[String], lang: Lang) -> Result<Replay, RenderError> {
    record(start, log, names, lang)?.gif()
}

/// Plays `start` (the game before its first move) through `log` and draws every
/// position (the start and after each move; with more than [`MAX_DRAWN`] positions,
/// every k-th and the last) as a spectator sees it, with `names` and the words in
/// `lang`. Keeps the first board (two bytes a pixel) and what changed from board to
/// board, run-length coded (tens of kilobytes a move), not the boards: 2 to 14 MB for
/// the benchmarks' games ([`Recording::bytes`]).
///
/// # Errors
/// [`RenderError`] when a move of `log` does not apply ("move N: …"), a board cannot be
/// drawn or the boards change their size during the game.
pub fn record(game: Box<dyn Match>, log: &[String], names: &[String], lang: Lang) -> Result<Recording, RenderError> {
    record_at_most(game, log, names, lang, MAX_DRAWN)
}

/// [`record`] with at most `max_drawn` positions drawn.
fn record_at_most(
    mut game: Box<dyn Match>,
    log: &[String],
    names: &[String],
    lang: Lang,
    max_drawn: usize,
) -> Result<Recording, RenderError> {
    let clock = Instant::now();
    let positions = log.len() + 1;
    let drawn = thin(positions, positions.div_ceil(max_drawn.max(2)).max(1));
    let mut recording = Recording::new(positions);
    // The colour ids of the last position drawn, and the moves played.
    let mut current: Vec<u16> = Vec::new();
    let mut played = 0;
    for &n in &drawn {
        for (k, entry) in log.iter().enumerate().take(n).skip(played) {
            game.play(entry).map_err(|e| RenderError(format!("move {}: {e}", k + 1)))?;
        }
        played = n;
        let canvas = crate::board_canvas(&game.view(Viewer::Spectator), names, lang)?;
        let (palette, indices) = canvas.indexed()?;
        recording.add((canvas.width(), canvas.height()), &palette, &indices, &mut current)?;
    }
    recording.drawn = drawn;
    recording.drawing = clock.elapsed();
    Ok(recording)
}

/// Positions 0..`positions` taken every `step`-th, with the last always taken.
fn thin(positions: usize, step: usize) -> Vec<usize> {
    let mut kept: Vec<usize> = (0..positions).step_by(step.max(1)).collect();
    if positions > 0 && kept.last() != Some(&(positions - 1)) {
        kept.push(positions - 1);
    }
    kept
}

impl Recording {
    /// The game's positions (its moves plus one).
    pub fn positions(&self) -> usize {
        self.positions
    }

    /// The positions drawn (all of them unless there are more than [`MAX_DRAWN`]).
    pub fn drawn(&self) -> usize {
        self.drawn.len()
    }

    /// The boards' width and height in pixels.
    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// How long drawing the boards took.
    pub fn drawing(&self) -> Duration {
        self.drawing
    }

    /// The bytes the recording holds, about: the first board and the changes.
    pub fn bytes(&self) -> usize {
        let changes: usize =
            self.changes.iter().map(|c| c.runs.len() * std::mem::size_of::<Run>() + c.spans.len() * std::mem::size_of::<Span>()).sum();
        self.first.len() * 2 + changes + self.counts.len() * 16 + self.table.bytes()
    }

    /// The distinct colours over all boards.
    pub fn colours(&self) -> usize {
        self.counts.len()
    }

    /// The replay as a GIF of at most [`MAX_BYTES`] (see the module docs).
    ///
    /// # Errors
    /// [`RenderError`] when encoding fails or even the first and the last position alone
    /// take more than [`MAX_BYTES`].
    pub fn gif(&self) -> Result<Replay, RenderError> {
        self.gif_within(MAX_BYTES)
    }

    /// The replay as a GIF of at most `limit` bytes: every position drawn when that fits,
    /// else every k-th (always the first and the last) for the smallest k tried that
    /// fits ([`Replay::step`]).
    ///
    /// # Errors
    /// [`RenderError`] when encoding fails or even the first and the last position alone
    /// take more than `limit` bytes.
    pub fn gif_within(&self, limit: usize) -> Result<Replay, RenderError> {
        let clock = Instant::now();
        let palette = self.palette();
        let mut step = 1;
        loop {
            let kept = thin(self.drawn.len(), step);
            let (bytes, own_tables) = self.encode(&palette, &kept)?;
            if bytes.len() <= limit {
                let drawn_step = self.drawn.get(1).copied().unwrap_or(1).max(1);
                return Ok(Replay {
                    bytes,
                    width: self.width,
                    height: self.height,
                    frames: kept.len(),
                    positions: self.positions,
                    step: step * drawn_step,
                    own_tables,
                    timing: Timing { drawing: self.drawing, encoding: clock.elapsed() },
                });
            }
            if kept.len() <= 2 {
                return Err(RenderError(format!(
                    "the replay takes {} bytes even with only its first and last positions, more than {limit}",
                    bytes.len()
                )));
            }
            // The next step in proportion to the excess (at least one more), as a
            // frame showing k moves' changes is no larger than k frames of one move.
            let excess = bytes.len().div_ceil(limit.max(1));
            step = (step + 1).max(step * excess).min(self.drawn.len());
        }
    }

    /// Adds the board `canvas` as the next position; `current` holds the colour ids of
    /// the position before (empty before the first) and is updated.
    /// A recording of a game of `positions` positions with none drawn yet.
    fn new(positions: usize) -> Recording {
        Recording {
            width: 0,
            height: 0,
            table: ColourTable::new(),
            counts: Vec::new(),
            frames: Vec::new(),
            stamps: Vec::new(),
            first: Vec::new(),
            changes: Vec::new(),
            positions,
            drawn: Vec::new(),
            drawing: Duration::ZERO,
        }
    }

    /// Adds the next position: a board of `width` x `height` pixels, `indices` into its
    /// `palette` (rows top to bottom); `current` holds the colour ids of the position
    /// before (empty before the first) and is updated.
    fn add(&mut self, (width, height): (u32, u32), palette: &[[u8; 3]], indices: &[u8], current: &mut Vec<u16>) -> Result<(), RenderError> {
        if indices.len() != width as usize * height as usize {
            return Err(RenderError("a board's pixels do not fill it".into()));
        }
        // The colour id of each of the board's palette entries (all 256, unused ones 0).
        let mut id_of = [0u16; 256];
        for (slot, &[r, g, b]) in id_of.iter_mut().zip(palette) {
            let id = (self.table.id(u32::from_le_bytes([r, g, b, 0])) as usize).min(MAX_IDS - 1);
            if id >= self.counts.len() {
                self.counts.resize(id + 1, 0);
                self.frames.resize(id + 1, 0);
                self.stamps.resize(id + 1, 0);
            }
            *slot = id as u16;
        }
        let id = |i: u8| id_of.get(usize::from(i)).copied().unwrap_or(0);
        if current.is_empty() {
            let mut histogram = [0u64; 256];
            for &i in indices.iter() {
                if let Some(h) = histogram.get_mut(usize::from(i)) {
                    *h += 1;
                }
            }
            for (&id, &n) in id_of.iter().zip(&histogram).filter(|(_, n)| **n > 0) {
                if let (Some(count), Some(frames)) = (self.counts.get_mut(usize::from(id)), self.frames.get_mut(usize::from(id))) {
                    *count += n;
                    *frames += 1;
                }
            }
            (self.width, self.height) = (width, height);
            *current = indices.iter().map(|&i| id(i)).collect();
            self.first = current.clone();
            return Ok(());
        }
        if (width, height) != (self.width, self.height) {
            return Err(RenderError(format!(
                "the board changed its size during the game ({}x{} to {width}x{height})",
                self.width, self.height
            )));
        }
        // The pixels that changed, row by row.
        let w = width as usize;
        let mut change = Change::default();
        for (y, (row, before)) in (0u32..).zip(indices.chunks_exact(w).zip(current.chunks_exact_mut(w))) {
            let Some(left) = row.iter().zip(before.iter()).position(|(&i, &b)| id(i) != b) else { continue };
            let right = row.iter().zip(before.iter()).rposition(|(&i, &b)| id(i) != b).map_or(left + 1, |r| r + 1);
            let (Some(new), Some(old)) = (row.get(left..right), before.get_mut(left..right)) else { continue };
            change.spans.push(Span { y, x0: left as u32, x1: right as u32 });
            let first = change.runs.len();
            for (o, &i) in old.iter_mut().zip(new) {
                let new = id(i);
                let value = if new == *o { KEEP } else { new };
                *o = new;
                let open = change.runs.len() > first;
                match change.runs.last_mut() {
                    Some(run) if open && run.id == value && run.len < u16::MAX => run.len += 1,
                    _ => change.runs.push(Run { id: value, len: 1 }),
                }
            }
        }
        // The colours this change shows, and on how many pixels.
        let stamp = self.changes.len() as u32 + 1;
        for run in change.runs.iter().filter(|r| r.id != KEEP) {
            let id = usize::from(run.id);
            if let (Some(count), Some(frames), Some(seen)) = (self.counts.get_mut(id), self.frames.get_mut(id), self.stamps.get_mut(id)) {
                *count += u64::from(run.len);
                if *seen != stamp {
                    (*seen, *frames) = (stamp, *frames + 1);
                }
            }
        }
        self.changes.push(change);
        Ok(())
    }

    /// The global palette: the [`COLOURS`] colours that the first board and the most
    /// changes show (then on the most pixels), all of them when there are no more, so
    /// that as few frames as can be need a table of their own.
    fn palette(&self) -> GlobalPalette {
        let mut order: Vec<usize> = (0..self.counts.len()).collect();
        let rank = |id: usize| (self.frames.get(id).copied().unwrap_or(0), self.counts.get(id).copied().unwrap_or(0));
        order.sort_by_key(|&id| std::cmp::Reverse(rank(id)));
        let mut rgb = Vec::with_capacity((COLOURS + 1) * 3);
        // Entry 0 is the transparent one; the colours follow it.
        rgb.extend_from_slice(&[0, 0, 0]);
        let mut index = vec![NONE; self.counts.len()];
        for (entry, &id) in (1..=COLOURS as u8).zip(&order) {
            rgb.extend_from_slice(&rgb_of(self.table.colour(id)));
            if let Some(slot) = index.get_mut(id) {
                *slot = entry;
            }
        }
        GlobalPalette { rgb, index }
    }

    /// The GIF of the drawn positions `kept` (indices into the drawn positions, the first
    /// and the last among them) with `palette`, and how many frames have their own
    /// colour table.
    fn encode(&self, palette: &GlobalPalette, kept: &[usize]) -> Result<(Vec<u8>, usize), RenderError> {
        let side = |v: u32| u16::try_from(v).map_err(|_| RenderError(format!("a board of {v} pixels is too large for a GIF")));
        let (w16, h16) = (side(self.width)?, side(self.height)?);
        let w = self.width as usize;
        let last = kept.last().copied().unwrap_or(0);
        let delay = |n: usize| if n == last { LAST_DELAY } else { MOVE_DELAY };

        // The colour ids of the position reached, and of what the viewer shows.
        let mut latest = self.first.clone();
        let mut shown = latest.clone();
        let mut encoder =
            gif::Encoder::new(Vec::with_capacity(latest.len() / 2), w16, h16, &palette.rgb).map_err(gif_error)?;
        encoder.set_repeat(gif::Repeat::Infinite).map_err(gif_error)?;
        let mut coder = Coder {
            palette,
            table: &self.table,
            local: vec![0; self.counts.len()],
            assigned: Vec::new(),
            rgb: Vec::new(),
            indices: Vec::new(),
            packed: Vec::new(),
            lzw: lzw::Lzw::new(),
        };
        let mut own_tables = usize::from(coder.first(&mut encoder, (w16, h16), &latest, delay(0))?);

        // Every position drawn is shown (the usual case): each frame is exactly its
        // change, so its pixels come from the change's runs, without comparing images.
        if kept.len() == self.changes.len() + 1 {
            let mut applied = 0;
            for n in 0..self.changes.len() {
                let frame = coder.change(&mut encoder, (&self.changes, n), (&mut latest, &mut applied), w, delay(n + 1))?;
                own_tables += usize::from(frame);
            }
            return Ok((encoder.into_inner().map_err(gif_error)?, own_tables));
        }

        // Per row, the columns changed since the last frame written (x0 >= x1: none),
        // and the rows with changes.
        let mut dirty = vec![(u32::MAX, 0u32); self.height as usize];
        let mut rows: Vec<u32> = Vec::new();
        let mut spans: Vec<Span> = Vec::new();
        let mut next = kept.iter().copied().skip(1).peekable();
        for (n, change) in (1..).zip(&self.changes) {
            if next.peek().is_none() {
                break;
            }
            apply(change, &mut latest, w);
            for span in &change.spans {
                if let Some(d) = dirty.get_mut(span.y as usize) {
                    if d.0 >= d.1 {
                        rows.push(span.y);
                    }
                    *d = (d.0.min(span.x0), d.1.max(span.x1));
                }
            }
            if next.peek() != Some(&n) {
                continue;
            }
            next.next();
            // Where the viewer's picture differs from the position: the changed columns
            // narrowed to the pixels that differ.
            rows.sort_unstable();
            spans.clear();
            for &y in &rows {
                let Some(d) = dirty.get_mut(y as usize) else { continue };
                let (x0, x1) = std::mem::replace(d, (u32::MAX, 0));
                let (from, to) = (y as usize * w + x0 as usize, y as usize * w + x1 as usize);
                let (Some(new), Some(old)) = (latest.get(from..to), shown.get(from..to)) else { continue };
                let Some(left) = new.iter().zip(old).position(|(a, b)| a != b) else { continue };
                let right = new.iter().zip(old).rposition(|(a, b)| a != b).map_or(left + 1, |r| r + 1);
                spans.push(Span { y, x0: x0 + left as u32, x1: x0 + right as u32 });
            }
            rows.clear();
            own_tables += usize::from(coder.delta(&mut encoder, &spans, &latest, &mut shown, w, delay(n))?);
        }
        Ok((encoder.into_inner().map_err(gif_error)?, own_tables))
    }
}

fn gif_error(e: gif::EncodingError) -> RenderError {
    RenderError(format!("GIF encoding failed: {e}"))
}

/// Writes `index(pixel)` of every pixel of `spans` that differs between `latest` and
/// `shown` into `out` (`at`: a span's start in the images, its start in `out`, its
/// length); unchanged pixels are left as they are. Stops at the first pixel `index`
/// has no entry for and returns `false`; `true` when all had one.
fn changed_pixels(
    spans: &[Span],
    latest: &[u16],
    shown: &[u16],
    out: &mut [u8],
    at: impl Fn(&Span) -> (usize, usize, usize),
    mut index: impl FnMut(u16) -> Option<u8>,
) -> bool {
    for span in spans {
        let (from, inside, len) = at(span);
        let (Some(new), Some(old), Some(out)) = (latest.get(from..from + len), shown.get(from..from + len), out.get_mut(inside..inside + len)) else {
            continue;
        };
        for ((o, &a), &b) in out.iter_mut().zip(new).zip(old) {
            if a != b {
                match index(a) {
                    Some(i) => *o = i,
                    None => return false,
                }
            }
        }
    }
    true
}

/// Applies `change` to `ids` (colour ids, rows of `w`).
fn apply(change: &Change, ids: &mut [u16], w: usize) {
    let mut runs = change.runs.iter();
    for span in &change.spans {
        let (row, mut x) = (span.y as usize * w, span.x0 as usize);
        while x < span.x1 as usize {
            let Some(run) = runs.next() else { return };
            let end = (x + usize::from(run.len)).min(span.x1 as usize);
            if run.id != KEEP
                && let Some(line) = ids.get_mut(row + x..row + end)
            {
                line.fill(run.id);
            }
            x = end;
        }
    }
}

/// Writes the runs of `change` into `out`, the palette indices of the frame `area`
/// (rows of its width, [`TRANSPARENT`] outside the change's spans): `index(id)` for a
/// changed pixel of colour id `id`, [`TRANSPARENT`] for a kept one. Stops at the first
/// colour `index` has no entry for and returns `false`; `true` when all had one.
///
/// Runs are short (Aratoth: 17,800 a frame, 8 pixels on average), so each is written
/// eight bytes at a time and may write up to seven bytes past its end: the runs of a
/// span are written in order, and after a span's last run the eight bytes past it are
/// made transparent again (pixels outside the span, or of a later span, written later).
fn paint(out: &mut [u8], area: Rect, change: &Change, mut index: impl FnMut(u16) -> Option<u8>) -> bool {
    let aw = area.w as usize;
    let mut runs = change.runs.iter();
    for span in &change.spans {
        let row = (span.y.saturating_sub(area.y)) as usize * aw;
        let (mut at, end) = (row + span.x0.saturating_sub(area.x) as usize, row + span.x1.saturating_sub(area.x) as usize);
        while at < end {
            let Some(run) = runs.next() else { return true };
            let len = usize::from(run.len).min(end - at);
            let value = if run.id == KEEP {
                TRANSPARENT
            } else {
                match index(run.id) {
                    Some(i) => i,
                    None => return false,
                }
            };
            fill_ahead(out, at, len, value);
            at += len;
        }
        let past = out.len().min(end + 8).max(end) - end;
        fill_ahead(out, end, past, TRANSPARENT);
    }
    true
}

/// Sets `out[at..at + len]` to `value`, a short run eight bytes at a time: up to seven
/// bytes after them may be set too (within `out`).
fn fill_ahead(out: &mut [u8], at: usize, len: usize, value: u8) {
    let end = at + len;
    if len >= 64 {
        if let Some(line) = out.get_mut(at..end) {
            line.fill(value);
        }
        return;
    }
    let word = [value; 8];
    let mut k = at;
    while k < end {
        match out.get_mut(k..k + 8).and_then(|c| <&mut [u8; 8]>::try_from(c).ok()) {
            Some(chunk) => *chunk = word,
            None => {
                if let Some(rest) = out.get_mut(k..end) {
                    rest.fill(value);
                }
                return;
            }
        }
        k += 8;
    }
}

/// The bytes R, G, B of a colour stored as 0x00BBGGRR.
fn rgb_of(colour: u32) -> [u8; 3] {
    let [r, g, b, _] = colour.to_le_bytes();
    [r, g, b]
}

/// A colour id without an entry in the global palette.
const NONE: u8 = 0;

/// Writes frames: colour ids to palette indices, the global palette's when it has all the
/// frame's colours, else a colour table of the frame's own (a GIF local colour table).
struct Coder<'a> {
    palette: &'a GlobalPalette,
    table: &'a ColourTable,
    /// The entry + 1 of each colour id in the frame's own table, 0 when it has none ...
    local: Vec<u16>,
    /// ... the ids that have one ...
    assigned: Vec<u16>,
    /// ... and the table (R, G, B bytes).
    rgb: Vec<u8>,
    /// The frame's palette indices ...
    indices: Vec<u8>,
    /// ... compressed ([`lzw`]), with the encoder's tables.
    packed: Vec<u8>,
    lzw: lzw::Lzw,
}

impl Coder<'_> {
    /// Writes the first frame: the whole picture `ids` (`size`), shown for `delay`
    /// hundredths of a second. Returns whether it has its own colour table.
    fn first(&mut self, encoder: &mut gif::Encoder<Vec<u8>>, size: (u16, u16), ids: &[u16], delay: u16) -> Result<bool, RenderError> {
        let global = &self.palette.index;
        self.indices.clear();
        self.indices.extend(ids.iter().map(|&id| global.get(usize::from(id)).copied().unwrap_or(NONE)));
        let own = self.indices.contains(&NONE);
        if own {
            self.start_table(0);
            for (i, &id) in self.indices.iter_mut().zip(ids) {
                *i = Self::entry(&mut self.local, &mut self.assigned, &mut self.rgb, self.table, id)
                    .ok_or_else(|| RenderError("a board has more than 256 colours".into()))?;
            }
        }
        let area = Rect { x: 0, y: 0, w: u32::from(size.0), h: u32::from(size.1) };
        self.write(encoder, area, None, own, delay)?;
        Ok(own)
    }

    /// Writes the frame that takes the viewer from `shown` to `latest` (colour ids, rows
    /// of `w`), which differ exactly in the pixels of `spans` that differ (each span's
    /// first and last pixel do; rows in order): their bounding box, the unchanged pixels
    /// in it transparent, or a 1×1 transparent frame when there are no spans; shown for
    /// `delay` hundredths of a second. Updates `shown`. Returns whether the frame has
    /// its own colour table.
    fn delta(
        &mut self,
        encoder: &mut gif::Encoder<Vec<u8>>,
        spans: &[Span],
        latest: &[u16],
        shown: &mut [u16],
        w: usize,
        delay: u16,
    ) -> Result<bool, RenderError> {
        let (Some(top), Some(bottom)) = (spans.first(), spans.last()) else {
            self.indices.clear();
            self.indices.push(TRANSPARENT);
            return self.write(encoder, Rect { x: 0, y: 0, w: 1, h: 1 }, Some(TRANSPARENT), false, delay).map(|()| false);
        };
        let x0 = spans.iter().map(|s| s.x0).min().unwrap_or(0);
        let x1 = spans.iter().map(|s| s.x1).max().unwrap_or(x0 + 1);
        let area = Rect { x: x0, y: top.y, w: x1 - x0, h: bottom.y + 1 - top.y };
        let aw = area.w as usize;
        // The span's pixels in `latest`, in `shown`, and in the frame's indices.
        let at = |span: &Span| {
            let from = span.y as usize * w + span.x0 as usize;
            let inside = (span.y - area.y) as usize * aw + (span.x0 - area.x) as usize;
            (from, inside, (span.x1 - span.x0) as usize)
        };
        self.indices.clear();
        self.indices.resize(aw * area.h as usize, TRANSPARENT);
        let global = &self.palette.index;
        let own = !changed_pixels(spans, latest, shown, &mut self.indices, at, |a| {
            global.get(usize::from(a)).copied().filter(|&i| i != NONE)
        });
        let mut transparent = Some(TRANSPARENT);
        if own {
            // A table of the changed pixels' colours after the transparent entry ...
            self.start_table(1);
            self.indices.fill(TRANSPARENT);
            let (local, assigned, rgb, table) = (&mut self.local, &mut self.assigned, &mut self.rgb, self.table);
            let fits = changed_pixels(spans, latest, shown, &mut self.indices, at, |a| Self::entry(local, assigned, rgb, table, a));
            // ... or, when they fill all 256 entries, of all the area's pixels (those of
            // one board: at most 256 colours), without transparency.
            if !fits {
                transparent = None;
                self.start_table(0);
                for (row, out) in (area.y as usize..).zip(self.indices.chunks_exact_mut(aw)) {
                    let from = row * w + area.x as usize;
                    for (o, &a) in out.iter_mut().zip(latest.get(from..from + aw).unwrap_or(&[])) {
                        *o = Self::entry(&mut self.local, &mut self.assigned, &mut self.rgb, self.table, a)
                            .ok_or_else(|| RenderError("a board has more than 256 colours".into()))?;
                    }
                }
            }
        }
        for span in spans {
            let (from, _, len) = at(span);
            if let (Some(new), Some(old)) = (latest.get(from..from + len), shown.get_mut(from..from + len)) {
                old.copy_from_slice(new);
            }
        }
        self.write(encoder, area, transparent, own, delay)?;
        Ok(own)
    }

    /// Writes the frame of `changes[n]` (what changed from the frame before, which the
    /// viewer shows): the bounding box of its spans, its kept pixels transparent, or a
    /// 1×1 transparent frame when nothing changed; shown for `delay` hundredths of a
    /// second. The same frame as [`Coder::delta`] makes by comparing two images, from the
    /// change's runs alone. `latest` holds the colour ids of the position after
    /// `changes[..*applied]` (rows of `w`) and is brought up to this frame only when the
    /// frame needs its whole area. Returns whether the frame has its own colour table.
    fn change(
        &mut self,
        encoder: &mut gif::Encoder<Vec<u8>>,
        (changes, n): (&[Change], usize),
        (latest, applied): (&mut [u16], &mut usize),
        w: usize,
        delay: u16,
    ) -> Result<bool, RenderError> {
        let Some(change) = changes.get(n) else { return Ok(false) };
        let (Some(top), Some(bottom)) = (change.spans.first(), change.spans.last()) else {
            self.indices.clear();
            self.indices.push(TRANSPARENT);
            return self.write(encoder, Rect { x: 0, y: 0, w: 1, h: 1 }, Some(TRANSPARENT), false, delay).map(|()| false);
        };
        let x0 = change.spans.iter().map(|s| s.x0).min().unwrap_or(0);
        let x1 = change.spans.iter().map(|s| s.x1).max().unwrap_or(x0 + 1);
        let area = Rect { x: x0, y: top.y, w: x1 - x0, h: bottom.y + 1 - top.y };
        let aw = area.w as usize;
        self.indices.clear();
        self.indices.resize(aw * area.h as usize, TRANSPARENT);
        let global = &self.palette.index;
        let own = change.runs.iter().any(|r| r.id != KEEP && global.get(usize::from(r.id)).is_none_or(|&i| i == NONE));
        let mut transparent = Some(TRANSPARENT);
        let fits = if own {
            // A table of the changed pixels' colours after the transparent entry ...
            self.start_table(1);
            let (local, assigned, rgb, table) = (&mut self.local, &mut self.assigned, &mut self.rgb, self.table);
            paint(&mut self.indices, area, change, |id| Self::entry(local, assigned, rgb, table, id))
        } else {
            paint(&mut self.indices, area, change, |id| global.get(usize::from(id)).copied())
        };
        // ... or, when they fill all 256 entries, of all the area's pixels (those of one
        // board: at most 256 colours), without transparency.
        if !fits {
            for done in changes.get(*applied..=n).unwrap_or(&[]) {
                apply(done, latest, w);
            }
            *applied = n + 1;
            transparent = None;
            self.start_table(0);
            for (row, out) in (area.y as usize..).zip(self.indices.chunks_exact_mut(aw)) {
                let from = row * w + area.x as usize;
                for (o, &a) in out.iter_mut().zip(latest.get(from..from + aw).unwrap_or(&[])) {
                    *o = Self::entry(&mut self.local, &mut self.assigned, &mut self.rgb, self.table, a)
                        .ok_or_else(|| RenderError("a board has more than 256 colours".into()))?;
                }
            }
        }
        self.write(encoder, area, transparent, own, delay)?;
        Ok(own)
    }

    /// Starts a colour table of the frame's own, its first `from` entries black (the
    /// transparent one).
    fn start_table(&mut self, from: usize) {
        for &id in &self.assigned {
            if let Some(slot) = self.local.get_mut(usize::from(id)) {
                *slot = 0;
            }
        }
        self.assigned.clear();
        self.rgb.clear();
        self.rgb.resize(from * 3, 0);
    }

    /// The entry of colour `id` in the frame's own table, added when new; `None` when
    /// the table is full.
    fn entry(local: &mut [u16], assigned: &mut Vec<u16>, rgb: &mut Vec<u8>, table: &ColourTable, id: u16) -> Option<u8> {
        let slot = local.get_mut(usize::from(id))?;
        if *slot == 0 {
            let entries = rgb.len() / 3;
            if entries >= 256 {
                return None;
            }
            rgb.extend_from_slice(&rgb_of(table.colour(usize::from(id))));
            assigned.push(id);
            *slot = entries as u16 + 1;
        }
        Some((*slot - 1) as u8)
    }

    /// Writes `self.indices` (the encoder compresses them) as the frame `area`, with the frame's
    /// own table when `own`.
    fn write(
        &mut self,
        encoder: &mut gif::Encoder<Vec<u8>>,
        area: Rect,
        transparent: Option<u8>,
        own: bool,
        delay: u16,
    ) -> Result<(), RenderError> {
        // The indices are below the table's size: the global palette's 256 entries or
        // the frame's own table.
        let entries = if own { self.rgb.len() / 3 } else { COLOURS + 1 };
        let min_width = (entries.max(4).next_power_of_two().trailing_zeros() as u8).min(8);
        self.packed.clear();
        self.lzw.encode(&self.indices, min_width, &mut self.packed);
        let frame = gif::Frame {
            left: area.x as u16,
            top: area.y as u16,
            width: area.w as u16,
            height: area.h as u16,
            delay,
            dispose: gif::DisposalMethod::Keep,
            transparent,
            palette: own.then(|| self.rgb.clone()),
            buffer: Cow::Borrowed(&self.packed),
            ..gif::Frame::default()
        };
        encoder.write_lzw_pre_encoded_frame(&frame).map_err(gif_error)
    }
}

/// The palette of a whole replay: entry 0 transparent, the colours after it.
struct GlobalPalette {
    /// The entries as R, G, B bytes.
    rgb: Vec<u8>,
    /// The entry of each colour id, [`NONE`] for a colour not among them.
    index: Vec<u8>,
}

mod lzw;
#[cfg(test)]
mod tests;
