//! The animated replay of a finished game (issue 44): a GIF with one frame per position
//! (the start, then the position after each move), each the board as a spectator sees it
//! ([`rules::Viewer::Spectator`], never a hand) with the last move marked as the board
//! marks it. Drawn the lila-gif way (design card: lila-gif):
//!
//! * one global palette for all frames: the boards' own palettes differ from move to
//!   move (each board adds the colours it draws to its background's), so the global one
//!   holds the 255 colours shown on the most pixels over the game (the union of all
//!   boards' colours when there are no more, as in most Carat games); a frame showing a
//!   colour outside it carries a colour table of its own (as few as possible: see
//!   [`Replay::own_tables`]), so that every frame is its board to the pixel;
//! * the first frame whole, each later one only the rectangle that changed (the bounding
//!   box of the pixels that differ from the frame before), its unchanged pixels
//!   transparent; a position that changes nothing still gets a 1×1 frame so that its
//!   delay counts;
//! * [`MOVE_DELAY`] a frame, the last held [`LAST_DELAY`], looping forever (the NETSCAPE
//!   loop extension).
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

use crate::{Lang, RenderError, encode::ColourTable};

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
/// Colour ids the recording hands out at most; a colour beyond them takes the last id.
const MAX_IDS: usize = u16::MAX as usize;

/// An animated replay.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The GIF file (GIF89a, looping forever).
    pub bytes: Vec<u8>,
    /// Its width and height in pixels (those of the boards).
    pub width: u32,
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
    /// shown on the most pixels over the game (all of them when there are no more).
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
    /// The colours shown (0x00BBGGRR) by id, and on how many pixels over all frames.
    table: ColourTable,
    counts: Vec<u64>,
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Rect {
    x: u32,
    y: u32,
    w: u32,
    h: u32,
}

impl Rect {
    fn is_empty(self) -> bool {
        self.w == 0 || self.h == 0
    }

    /// The smallest rectangle holding both.
    fn union(self, other: Rect) -> Rect {
        if self.is_empty() {
            return other;
        }
        if other.is_empty() {
            return self;
        }
        let (x, y) = (self.x.min(other.x), self.y.min(other.y));
        let right = (self.x + self.w).max(other.x + other.w);
        let bottom = (self.y + self.h).max(other.y + other.h);
        Rect { x, y, w: right - x, h: bottom - y }
    }
}

/// The pixels of one position that differ from the position before: their bounding box
/// and the colour ids inside it (rows top to bottom).
struct Change {
    area: Rect,
    ids: Vec<u16>,
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
/// `lang`. Keeps the first board and what changed from board to board (a few kilobytes
/// a move), not the boards.
///
/// # Errors
/// [`RenderError`] when a move of `log` does not apply ("move N: …"), a board cannot be
/// drawn or the boards change their size during the game.
pub fn record(mut game: Box<dyn Match>, log: &[String], names: &[String], lang: Lang) -> Result<Recording, RenderError> {
    let clock = Instant::now();
    let positions = log.len() + 1;
    let drawn = thin(positions, positions.div_ceil(MAX_DRAWN).max(1));
    let mut recording = Recording {
        width: 0,
        height: 0,
        table: ColourTable::new(),
        counts: Vec::new(),
        first: Vec::new(),
        changes: Vec::with_capacity(drawn.len().saturating_sub(1)),
        positions,
        drawn: Vec::new(),
        drawing: Duration::ZERO,
    };
    // The colour ids of the last position drawn.
    let mut current: Vec<u16> = Vec::new();
    for &n in &drawn {
        while game.moves_applied() < n {
            let k = game.moves_applied();
            let entry = log.get(k).ok_or_else(|| RenderError(format!("move {}: missing", k + 1)))?;
            game.play(entry).map_err(|e| RenderError(format!("move {}: {e}", k + 1)))?;
        }
        let canvas = crate::board_canvas(&game.view(Viewer::Spectator), names, lang)?;
        recording.add(&canvas, &mut current)?;
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
    fn add(&mut self, canvas: &crate::Canvas, current: &mut Vec<u16>) -> Result<(), RenderError> {
        let (width, height) = (canvas.width(), canvas.height());
        let (palette, indices) = canvas.indexed()?;
        if indices.len() != width as usize * height as usize {
            return Err(RenderError("a board's pixels do not fill it".into()));
        }
        // The colour id of each of the board's palette entries (all 256, unused ones 0).
        let mut id_of = [0u16; 256];
        for (slot, &[r, g, b]) in id_of.iter_mut().zip(&palette) {
            let id = (self.table.id(u32::from_le_bytes([r, g, b, 0])) as usize).min(MAX_IDS - 1);
            if id >= self.counts.len() {
                self.counts.resize(id + 1, 0);
            }
            *slot = id as u16;
        }
        let mut histogram = [0u64; 256];
        for &i in indices.iter() {
            if let Some(h) = histogram.get_mut(usize::from(i)) {
                *h += 1;
            }
        }
        for (&id, &n) in id_of.iter().zip(&histogram) {
            if let Some(count) = self.counts.get_mut(usize::from(id)) {
                *count += n;
            }
        }
        let id = |i: u8| id_of.get(usize::from(i)).copied().unwrap_or(0);
        if current.is_empty() {
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
        // The bounding box of the pixels that changed.
        let w = width as usize;
        let (mut x0, mut x1, mut y0, mut y1) = (w, 0, usize::MAX, 0);
        for (y, (row, before)) in indices.chunks_exact(w).zip(current.chunks_exact(w)).enumerate() {
            let Some(left) = row.iter().zip(before).position(|(&i, &b)| id(i) != b) else { continue };
            let right = row.iter().zip(before).rposition(|(&i, &b)| id(i) != b).unwrap_or(left);
            (x0, x1) = (x0.min(left), x1.max(right + 1));
            y0 = y0.min(y);
            y1 = y + 1;
        }
        if y0 == usize::MAX {
            self.changes.push(Change { area: Rect::default(), ids: Vec::new() });
            return Ok(());
        }
        let area = Rect { x: x0 as u32, y: y0 as u32, w: (x1 - x0) as u32, h: (y1 - y0) as u32 };
        let mut ids = Vec::with_capacity((x1 - x0) * (y1 - y0));
        for y in y0..y1 {
            let (from, to) = (y * w + x0, y * w + x1);
            let (Some(row), Some(kept)) = (indices.get(from..to), current.get_mut(from..to)) else { continue };
            for (k, &i) in kept.iter_mut().zip(row) {
                *k = id(i);
            }
            ids.extend_from_slice(kept);
        }
        self.changes.push(Change { area, ids });
        Ok(())
    }

    /// The global palette: the [`COLOURS`] colours shown on the most pixels over all
    /// boards (all of them when there are no more), by falling count.
    fn palette(&self) -> GlobalPalette {
        let mut order: Vec<usize> = (0..self.counts.len()).collect();
        order.sort_by_key(|&id| std::cmp::Reverse(self.counts.get(id).copied().unwrap_or(0)));
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
        let fail = |e: gif::EncodingError| RenderError(format!("GIF encoding failed: {e}"));
        let side = |v: u32| u16::try_from(v).map_err(|_| RenderError(format!("a board of {v} pixels is too large for a GIF")));
        let (w16, h16) = (side(self.width)?, side(self.height)?);
        let w = self.width as usize;
        let last = kept.last().copied().unwrap_or(0);
        let delay = |n: usize| if n == last { LAST_DELAY } else { MOVE_DELAY };

        // The colour ids of the position reached, and of what the viewer shows.
        let mut latest = self.first.clone();
        let mut shown = latest.clone();
        let mut encoder =
            gif::Encoder::new(Vec::with_capacity(latest.len() / 2), w16, h16, &palette.rgb).map_err(fail)?;
        encoder.set_repeat(gif::Repeat::Infinite).map_err(fail)?;
        let mut coder = Coder { palette, local: vec![0; self.counts.len()], table: &self.table, indices: Vec::new(), lzw: Vec::new() };
        let whole = Rect { x: 0, y: 0, w: self.width, h: self.height };
        let mut own_tables = usize::from(coder.write(&mut encoder, whole, &latest, None, delay(0))?);

        let mut ids = Vec::new();
        // The area changed since the last frame written.
        let mut dirty = Rect::default();
        let mut next = kept.iter().copied().skip(1).peekable();
        for (n, change) in (1..).zip(&self.changes) {
            if next.peek().is_none() {
                break;
            }
            let area = change.area;
            if !area.is_empty() {
                for (row, new) in (area.y as usize..).zip(change.ids.chunks_exact(area.w as usize)) {
                    let from = row * w + area.x as usize;
                    if let Some(line) = latest.get_mut(from..from + new.len()) {
                        line.copy_from_slice(new);
                    }
                }
                dirty = dirty.union(area);
            }
            if next.peek() != Some(&n) {
                continue;
            }
            next.next();
            let area = frame_of(&latest, &mut shown, w, dirty, &mut ids);
            dirty = Rect::default();
            own_tables += usize::from(coder.write(&mut encoder, area, &ids, Some((&latest, w)), delay(n))?);
        }
        Ok((encoder.into_inner().map_err(fail)?, own_tables))
    }
}

/// The bytes R, G, B of a colour stored as 0x00BBGGRR.
fn rgb_of(colour: u32) -> [u8; 3] {
    let [r, g, b, _] = colour.to_le_bytes();
    [r, g, b]
}

/// A pixel of a frame left as it is ([`frame_of`]).
const KEEP: u16 = u16::MAX;
/// A colour id without a palette entry.
const NONE: u8 = 0;

/// Writes frames: colour ids to palette indices, the global palette's when it has all the
/// frame's colours, else a colour table of the frame's own.
struct Coder<'a> {
    palette: &'a GlobalPalette,
    /// The entry + 1 of each colour id in the frame's own table, 0 when it has none.
    local: Vec<u16>,
    table: &'a ColourTable,
    indices: Vec<u8>,
    /// The frame's indices compressed.
    lzw: Vec<u8>,
}

/// The pixels under a frame without transparency: the colour ids of the whole picture
/// (rows of the given width).
type Under<'a> = (&'a [u16], usize);

impl Coder<'_> {
    /// Writes the frame `area` of colour ids `ids` (rows of `area.w`) shown for `delay`
    /// hundredths of a second. With `under` the frame has transparency: [`KEEP`] pixels
    /// are left as they are; should its colours need a table of their own and, with the
    /// transparent entry, more than 256 entries, the frame is written without
    /// transparency, its pixels taken from `under`. Returns whether the frame has its
    /// own table.
    fn write(
        &mut self,
        encoder: &mut gif::Encoder<Vec<u8>>,
        area: Rect,
        ids: &[u16],
        under: Option<Under<'_>>,
        delay: u16,
    ) -> Result<bool, RenderError> {
        let fail = |e: gif::EncodingError| RenderError(format!("GIF encoding failed: {e}"));
        let global = &self.palette.index;
        self.indices.clear();
        let mut own = false;
        for &id in ids {
            let index = match id {
                KEEP => TRANSPARENT,
                id => global.get(usize::from(id)).copied().unwrap_or(NONE),
            };
            if index == NONE && id != KEEP {
                own = true;
                break;
            }
            self.indices.push(index);
        }
        let mut transparent = under.map(|_| TRANSPARENT);
        let mut palette = None;
        if own {
            let opaque;
            let source = match under {
                Some((pixels, w)) => {
                    if self.local_table(ids, 1).is_some() {
                        ids
                    } else {
                        let row = |y: usize| pixels.get(y * w + area.x as usize..y * w + (area.x + area.w) as usize);
                        opaque = (area.y as usize..(area.y + area.h) as usize).filter_map(row).flatten().copied().collect::<Vec<u16>>();
                        transparent = None;
                        &opaque
                    }
                }
                None => ids,
            };
            let table = match transparent {
                Some(_) => self.local_table(source, 1),
                None => self.local_table(source, 0),
            }
            .ok_or_else(|| RenderError("a frame has more than 256 colours".into()))?;
            self.indices.clear();
            let local = &self.local;
            self.indices.extend(source.iter().map(|&id| match id {
                KEEP => TRANSPARENT,
                id => local.get(usize::from(id)).map_or(TRANSPARENT, |&e| e.saturating_sub(1) as u8),
            }));
            self.forget(source);
            palette = Some(table);
        }
        self.lzw.clear();
        lzw::encode(&self.indices, &mut self.lzw);
        let frame = gif::Frame {
            left: area.x as u16,
            top: area.y as u16,
            width: area.w as u16,
            height: area.h as u16,
            delay,
            dispose: gif::DisposalMethod::Keep,
            transparent,
            palette,
            buffer: Cow::Borrowed(&self.lzw),
            ..gif::Frame::default()
        };
        encoder.write_lzw_pre_encoded_frame(&frame).map_err(fail)?;
        Ok(own)
    }

    /// A colour table (R, G, B bytes) of the colours of `ids` ([`KEEP`] aside) from
    /// entry `from` on (the entries before it black), each id's entry kept in
    /// `self.local`; `None` (and `self.local` cleared) when they take more than 256
    /// entries.
    fn local_table(&mut self, ids: &[u16], from: usize) -> Option<Vec<u8>> {
        self.forget(ids);
        let mut rgb = vec![0; from * 3];
        let mut entries = from;
        for &id in ids {
            let Some(slot) = self.local.get_mut(usize::from(id)) else { continue };
            if *slot != 0 {
                continue;
            }
            if entries >= 256 {
                self.forget(ids);
                return None;
            }
            entries += 1;
            *slot = entries as u16;
            rgb.extend_from_slice(&rgb_of(self.table.colour(usize::from(id))));
        }
        Some(rgb)
    }

    /// Clears the local entries of `ids`.
    fn forget(&mut self, ids: &[u16]) {
        for &id in ids {
            if let Some(slot) = self.local.get_mut(usize::from(id)) {
                *slot = 0;
            }
        }
    }
}

/// The frame that takes the viewer from `shown` to `latest` (colour ids, rows of `w`),
/// which differ only within `dirty`: the bounding box of the differing pixels, its ids
/// written to `ids` with the unchanged ones [`KEEP`], or a 1×1 frame of [`KEEP`] when
/// none differ. Updates `shown`.
fn frame_of(latest: &[u16], shown: &mut [u16], w: usize, dirty: Rect, ids: &mut Vec<u16>) -> Rect {
    let (dx0, dx1) = (dirty.x as usize, (dirty.x + dirty.w) as usize);
    let (mut x0, mut x1, mut y0, mut y1) = (dx1, dx0, usize::MAX, 0);
    for y in dirty.y as usize..(dirty.y + dirty.h) as usize {
        let (from, to) = (y * w + dx0, y * w + dx1);
        let (Some(new), Some(old)) = (latest.get(from..to), shown.get(from..to)) else { continue };
        let Some(left) = new.iter().zip(old).position(|(a, b)| a != b) else { continue };
        let right = new.iter().zip(old).rposition(|(a, b)| a != b).unwrap_or(left);
        (x0, x1) = (x0.min(dx0 + left), x1.max(dx0 + right + 1));
        y0 = y0.min(y);
        y1 = y + 1;
    }
    ids.clear();
    if y0 == usize::MAX {
        ids.push(KEEP);
        return Rect { x: 0, y: 0, w: 1, h: 1 };
    }
    for y in y0..y1 {
        let (from, to) = (y * w + x0, y * w + x1);
        let (Some(new), Some(old)) = (latest.get(from..to), shown.get_mut(from..to)) else { continue };
        ids.extend(new.iter().zip(old.iter()).map(|(&a, &b)| if a == b { KEEP } else { a }));
        old.copy_from_slice(new);
    }
    Rect { x: x0 as u32, y: y0 as u32, w: (x1 - x0) as u32, h: (y1 - y0) as u32 }
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
