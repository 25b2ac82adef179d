//! The colours of a frame: a palette of at most 256 entries while they suffice
//! ([`Palette`]), else every colour exact by id ([`Wide`]), quantised when the frame is
//! encoded.

use std::sync::{
    Arc,
    atomic::{AtomicU8, Ordering},
};

use crate::colour_table::ColourTable;

/// The colours of a frame: at most 256, and every colour seen so far mapped to one.
///
/// The first entries are the kept background's ([`Palette::new`]); a frame adds the new
/// colours it draws while there is room for their [`Tier`]: edges up to 144 entries, a
/// sprite's own colours up to 240, fills and text up to 256, so that every panel, field
/// and mark keeps its exact colour. Beyond that an edge gets the nearest of the
/// background's entries (through a table kept with the background, [`Nearest`]) or of
/// the frame's own, any other colour the nearest entry.
#[derive(Clone)]
pub(crate) struct Palette {
    /// The entries as R, G, B.
    pub colours: Vec<[u8; 3]>,
    /// Every colour looked up so far (0x00BBGGRR) by dense id ...
    seen: ColourTable,
    /// ... and the palette index each id maps to.
    index_of: Vec<u8>,
    /// The nearest background entry by 5-6-5 colour cell, shared by every frame of the
    /// background.
    nearest: Arc<Nearest>,
    /// The entries by channel, and room for the distances to them.
    channels: Channels,
    scratch: Vec<u32>,
    /// Colours found with an exact entry lately, by a hash of the colour: looked up
    /// before the table (most look-ups are of a few colours).
    recent: Vec<(u32, u8)>,
    /// How many entries came with the background (its own and its sprites' colours):
    /// these are the same in every frame drawn over it.
    pub fixed: usize,
}

/// The slots of [`Palette::recent`] (a power of two).
const RECENT: usize = 1024;
/// An empty slot of [`Palette::recent`] (no colour 0x00BBGGRR is this).
const NO_COLOUR: u32 = u32::MAX;

/// What a colour is drawn as, which decides how many palette entries it may fill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tier {
    /// A mix at an edge (anti-aliasing): up to 144 entries.
    Edge,
    /// One of the colours a sprite was painted with (a ball's shades, a tile's face): up
    /// to 240.
    Sprite,
    /// A shape's fill or a text's colour drawn on the frame: up to 256.
    Fill,
}

impl Tier {
    /// The palette entries colours of this tier may fill, in a palette whose first
    /// `fixed` entries came with its background (edges get at least 16 more than those).
    pub(super) fn room(self, fixed: usize) -> usize {
        match self {
            Tier::Edge => 144.max(fixed + 16).min(224),
            Tier::Sprite => 240,
            Tier::Fill => 256,
        }
    }
}

/// The nearest of a background's palette entries for each colour cell (5 bits red, 6
/// green, 5 blue), found on first use and kept: the background's entries never change,
/// so every frame drawn over it can share the answers.
pub(crate) struct Nearest {
    /// The background's entries (at most 255).
    channels: Channels,
    cells: Vec<AtomicU8>,
}

/// A cell not looked up yet (a background has fewer than 255 entries).
const UNKNOWN: u8 = u8::MAX;

impl Nearest {
    fn new(colours: &[[u8; 3]]) -> Nearest {
        let channels = Channels::of(colours.get(..usize::from(UNKNOWN)).unwrap_or(colours));
        Nearest { channels, cells: (0..1 << 16).map(|_| AtomicU8::new(UNKNOWN)).collect() }
    }

    /// How many entries the background has.
    fn len(&self) -> usize {
        self.channels.r.len()
    }

    /// The entry nearest to the middle of `c`'s cell.
    fn get(&self, [r, g, b]: [u8; 3]) -> u8 {
        let cell = usize::from(r >> 3) << 11 | usize::from(g >> 2) << 5 | usize::from(b >> 3);
        let Some(slot) = self.cells.get(cell) else { return 0 };
        match slot.load(Ordering::Relaxed) {
            UNKNOWN => {
                let middle = [r & !7 | 4, g & !3 | 2, b & !7 | 4];
                let index = self.channels.nearest(middle, 0, &mut Vec::with_capacity(256)).map_or(0, |(i, _)| i as u8);
                slot.store(index, Ordering::Relaxed);
                index
            }
            index => index,
        }
    }
}

/// The squared distance of two colours, green weighted most as the eye does.
pub(crate) fn distance(p: [u8; 3], c: [u8; 3]) -> u32 {
    let (dr, dg, db) = (i32::from(p[0]) - i32::from(c[0]), i32::from(p[1]) - i32::from(c[1]), i32::from(p[2]) - i32::from(c[2]));
    (3 * dr * dr + 4 * dg * dg + 2 * db * db) as u32
}

/// Palette entries by channel, for finding the nearest quickly (the distances of many
/// entries computed at once in vector registers).
#[derive(Clone, Default)]
pub(super) struct Channels {
    pub(super) r: Vec<i32>,
    pub(super) g: Vec<i32>,
    pub(super) b: Vec<i32>,
}

impl Channels {
    /// The channels of `colours`, in order.
    pub(super) fn of(colours: &[[u8; 3]]) -> Channels {
        let mut channels = Channels::default();
        for &colour in colours {
            channels.push(colour);
        }
        channels
    }

    pub(super) fn push(&mut self, [r, g, b]: [u8; 3]) {
        self.r.push(i32::from(r));
        self.g.push(i32::from(g));
        self.b.push(i32::from(b));
    }

    /// The entry from `from` on nearest to `c` ([`distance`]) and its distance; `None`
    /// when there is none. `scratch` holds the distances.
    pub(super) fn nearest(&self, [r, g, b]: [u8; 3], from: usize, scratch: &mut Vec<u32>) -> Option<(usize, u32)> {
        let (r, g, b) = (i32::from(r), i32::from(g), i32::from(b));
        let (rs, gs, bs) = (self.r.get(from..)?, self.g.get(from..)?, self.b.get(from..)?);
        scratch.clear();
        scratch.extend(rs.iter().zip(gs).zip(bs).map(|((&pr, &pg), &pb)| {
            let (dr, dg, db) = (pr - r, pg - g, pb - b);
            (3 * dr * dr + 4 * dg * dg + 2 * db * db) as u32
        }));
        let least = scratch.iter().copied().min()?;
        let at = scratch.iter().position(|&d| d == least)?;
        Some((from + at, least))
    }
}

/// 0x00BBGGRR from R, G, B (the byte order of a tiny-skia pixel in memory).
pub(super) const fn word(r: u8, g: u8, b: u8) -> u32 {
    u32::from_le_bytes([r, g, b, 0])
}

impl Palette {
    /// The palette of a background with `colours` (fewer than 255), mapping each of
    /// `seen` (colour, index) too.
    pub fn new(colours: Vec<[u8; 3]>, seen: impl IntoIterator<Item = (u32, u8)>) -> Palette {
        let nearest = Arc::new(Nearest::new(&colours));
        let channels = Channels::of(&colours);
        let mut palette =
            Palette {
                colours,
                seen: ColourTable::new(),
                index_of: Vec::new(),
                nearest,
                channels,
                scratch: Vec::with_capacity(256),
                recent: vec![(NO_COLOUR, 0); RECENT],
                fixed: 0,
            };
        // The entries' own colours first, so that each maps to itself (a colour the
        // quantiser moved may equal another entry), then the background's other colours.
        let own: Vec<(u32, u8)> =
            palette.colours.iter().enumerate().map(|(i, &[r, g, b])| (word(r, g, b), i as u8)).collect();
        for (colour, index) in own.into_iter().chain(seen) {
            palette.remember(colour, index);
        }
        palette.fixed = palette.colours.len();
        palette
    }

    /// Adds `colours` (0x00BBGGRR) as entries of their own (those not yet exact), up to
    /// `most` entries in all, and counts them among the fixed entries: a background's
    /// sprites' colours, which every frame over it then has at the same index.
    pub fn fix(&mut self, colours: impl IntoIterator<Item = u32>, most: usize) {
        for colour in colours {
            let [r, g, b, _] = colour.to_le_bytes();
            if self.colours.len() >= most.min(256) {
                break;
            }
            let id = self.seen.id(colour) as usize;
            if self.index_of.get(id).is_some_and(|&i| self.colour(i) == [r, g, b]) {
                continue;
            }
            self.colours.push([r, g, b]);
            self.channels.push([r, g, b]);
            let index = (self.colours.len() - 1) as u8;
            match self.index_of.get_mut(id) {
                Some(slot) => *slot = index,
                None => self.index_of.push(index),
            }
        }
        self.fixed = self.colours.len();
    }

    fn remember(&mut self, colour: u32, index: u8) {
        let id = self.seen.id(colour) as usize;
        if id == self.index_of.len() {
            self.index_of.push(index);
        }
    }

    /// The palette index of `colour` (0x00BBGGRR) drawn as `tier`: its own entry, a new
    /// one while there is room for the tier, else the nearest (see [`Palette`]). A colour
    /// the background had but quantised, or one that got the nearest entry, gets an entry
    /// of its own when it is drawn as a higher tier and there is room.
    pub fn index(&mut self, colour: u32, tier: Tier) -> u8 {
        let slot = (colour.wrapping_mul(0x9E37_79B1) >> 22) as usize & (RECENT - 1);
        if let Some(&(c, index)) = self.recent.get(slot)
            && c == colour
        {
            return index;
        }
        let index = self.look_up(colour, tier);
        let [r, g, b, _] = colour.to_le_bytes();
        if self.colour(index) == [r, g, b]
            && let Some(kept) = self.recent.get_mut(slot)
        {
            *kept = (colour, index);
        }
        index
    }

    /// [`Palette::index`] without the cache of recent colours.
    fn look_up(&mut self, colour: u32, tier: Tier) -> u8 {
        let flat = tier != Tier::Edge;
        let id = self.seen.id(colour) as usize;
        let [r, g, b, _] = colour.to_le_bytes();
        let known = self.index_of.get(id).copied();
        if let Some(index) = known
            && (!flat || self.colour(index) == [r, g, b] || self.colours.len() >= tier.room(self.fixed))
        {
            return index;
        }
        let room = tier.room(self.fixed);
        let index = if self.colours.len() < room {
            self.colours.push([r, g, b]);
            self.channels.push([r, g, b]);
            (self.colours.len() - 1) as u8
        } else if flat {
            self.channels.nearest([r, g, b], 0, &mut self.scratch).map_or(0, |(i, _)| i as u8)
        } else {
            self.nearest_edge([r, g, b])
        };
        match self.index_of.get_mut(id) {
            Some(slot) => *slot = index,
            None => self.index_of.push(index),
        }
        index
    }

    /// The entry nearest to the edge colour `c`: the background's nearest (kept per
    /// colour cell) or one of the entries this frame added, whichever is closer.
    fn nearest_edge(&mut self, c: [u8; 3]) -> u8 {
        let base = self.nearest.len();
        let candidate = self.nearest.get(c);
        let off = distance(self.colour(candidate), c);
        // Within about 4 per channel: close enough without looking further.
        if off <= 9 * 16 {
            return candidate;
        }
        match self.channels.nearest(c, base, &mut self.scratch) {
            Some((added, d)) if d < off => added as u8,
            _ => candidate,
        }
    }

    /// The bytes the palette's tables take, about (not counting the shared [`Nearest`]).
    pub fn bytes(&self) -> usize {
        self.seen.bytes() + self.index_of.len() + self.colours.len() * 3 + self.recent.len() * 8 + self.channels.r.len() * 12
    }

    /// The colour of entry `index`.
    pub fn colour(&self, index: u8) -> [u8; 3] {
        self.colours.get(usize::from(index)).copied().unwrap_or([0; 3])
    }
}

/// The colours of a frame that outgrew its palette: every colour drawn gets an id of its
/// own (at most 65,536; beyond that the last id is reused), and the frame is quantised
/// to 256 colours as it is encoded (`encode::png_frame`).
#[derive(Clone)]
pub(crate) struct Wide {
    pub table: ColourTable,
}

impl Wide {
    /// The colours of `palette` with the same ids as its entries.
    pub fn of(palette: &Palette) -> Wide {
        let mut table = ColourTable::new();
        for &[r, g, b] in &palette.colours {
            table.id_of_new(word(r, g, b));
        }
        Wide { table }
    }
}

/// A store of a frame's colours: what a pixel holds for a colour, and back.
pub(crate) trait Colours {
    /// What a pixel holds: a palette index or a colour id.
    type Ix: Copy + PartialEq + Default + Into<u32>;
    /// The pixel value of `colour` (0x00BBGGRR) drawn as `tier`.
    fn index(&mut self, colour: u32, tier: Tier) -> Self::Ix;
    /// The colour of the pixel value `ix` as R, G, B.
    fn colour(&self, ix: Self::Ix) -> [u8; 3];
    /// The pixel value of the edge colour `colour`, a mix of the colours of `ends` (the
    /// colour underneath and, when known, the one drawn): its own entry when there is one
    /// or room for one, else whichever of the nearest entry and `ends` is closest, so
    /// that an edge without room keeps the hue of what meets there.
    fn edge(&mut self, colour: u32, ends: [Option<Self::Ix>; 2]) -> Self::Ix {
        let index = self.index(colour, Tier::Edge);
        let [r, g, b, _] = colour.to_le_bytes();
        let c = [r, g, b];
        let mut best = (distance(self.colour(index), c), index);
        for end in ends.into_iter().flatten() {
            let d = distance(self.colour(end), c);
            if d < best.0 {
                best = (d, end);
            }
        }
        best.1
    }
    /// The pixel value of `colour` if it has an exact one already.
    fn exact(&self, colour: u32) -> Option<Self::Ix>;
}

impl Colours for Palette {
    type Ix = u8;

    fn index(&mut self, colour: u32, tier: Tier) -> u8 {
        Palette::index(self, colour, tier)
    }

    fn colour(&self, ix: u8) -> [u8; 3] {
        Palette::colour(self, ix)
    }

    fn exact(&self, colour: u32) -> Option<u8> {
        let [r, g, b, _] = colour.to_le_bytes();
        let id = self.seen.find(colour)?;
        self.index_of.get(id as usize).copied().filter(|&i| self.colour(i) == [r, g, b])
    }
}

impl Colours for Wide {
    type Ix = u16;

    fn index(&mut self, colour: u32, _: Tier) -> u16 {
        self.table.id(colour).min(u32::from(u16::MAX)) as u16
    }

    fn colour(&self, ix: u16) -> [u8; 3] {
        let [r, g, b, _] = self.table.colour(usize::from(ix)).to_le_bytes();
        [r, g, b]
    }

    fn edge(&mut self, colour: u32, _: [Option<u16>; 2]) -> u16 {
        self.index(colour, Tier::Edge)
    }

    fn exact(&self, colour: u32) -> Option<u16> {
        self.table.find(colour).map(|id| id.min(u32::from(u16::MAX)) as u16)
    }
}
