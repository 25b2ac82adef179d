//! The pyramid's 120 sites: names, layers, support and ball coordinates
//! (spec `aratoth.md`, "Board geometry").
//!
//! Sites are numbered 0..120 layer by layer from the base (`a1` = 0 … `a36` = 35,
//! `b1` = 36, …, `h1` = 119), each layer in reading order. This is also the canonical
//! printing order ("sorted by layer then number").

use std::fmt;

use crate::Refusal;

/// Number of layers, `a` (base) to `h` (apex).
pub const LAYERS: usize = 8;
/// Number of sites in the pyramid.
pub const SITES: usize = 120;
/// The side of each layer (layer `a` has side 8 and 36 sites, …, `h` side 1).
pub const LAYER_SIDES: [usize; LAYERS] = [8, 7, 6, 5, 4, 3, 2, 1];
/// The index of each layer's first site, and [`SITES`] at the end.
pub const LAYER_START: [usize; LAYERS + 1] = [0, 36, 64, 85, 100, 110, 116, 119, 120];
/// The layer letters, base first.
pub const LAYER_LETTERS: [char; LAYERS] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

/// Where a site is: layer index (`a` = 0), row and position (both 1-based, rows from
/// the apex side), its three supporting sites (layer `a`: none).
#[derive(Debug, Clone, Copy)]
struct SiteInfo {
    layer: u8,
    row: u8,
    pos: u8,
    supports: [u8; 3],
}

/// The index of site (layer, row, pos); the caller keeps the arguments in range.
const fn index_of(layer: usize, row: usize, pos: usize) -> usize {
    LAYER_START[layer] + row * (row - 1) / 2 + pos - 1
}

const fn build_sites() -> [SiteInfo; SITES] {
    let mut table = [SiteInfo { layer: 0, row: 0, pos: 0, supports: [0; 3] }; SITES];
    let mut layer = 0;
    while layer < LAYERS {
        let side = LAYER_SIDES[layer];
        let mut row = 1;
        while row <= side {
            let mut pos = 1;
            while pos <= row {
                let supports = if layer == 0 {
                    [0; 3]
                } else {
                    [
                        index_of(layer - 1, row, pos) as u8,
                        index_of(layer - 1, row + 1, pos) as u8,
                        index_of(layer - 1, row + 1, pos + 1) as u8,
                    ]
                };
                table[index_of(layer, row, pos)] =
                    SiteInfo { layer: layer as u8, row: row as u8, pos: pos as u8, supports };
                pos += 1;
            }
            row += 1;
        }
        layer += 1;
    }
    table
}

/// Layer, row, position and supports of every site, computed at compile time.
const SITE_TABLE: [SiteInfo; SITES] = build_sites();

/// One of the 120 sites of the pyramid. Always valid: the only ways to make one check
/// the range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Site(u8);

impl Site {
    /// The site with this index (0..120, see the module doc), or `None`.
    pub fn new(index: usize) -> Option<Site> {
        (index < SITES).then_some(Site(index as u8))
    }

    /// The site at `layer` (0 = `a`), `row` and `pos` (1-based), if it is in the pyramid.
    pub fn at(layer: usize, row: usize, pos: usize) -> Option<Site> {
        let side = *LAYER_SIDES.get(layer)?;
        (row >= 1 && row <= side && pos >= 1 && pos <= row).then(|| Site(index_of(layer, row, pos) as u8))
    }

    /// All 120 sites in canonical order.
    pub fn all() -> impl Iterator<Item = Site> {
        (0..SITES as u8).map(Site)
    }

    /// The index, 0..120.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    fn info(self) -> SiteInfo {
        SITE_TABLE[self.index()]
    }

    /// The layer, 0 (`a`, the base) to 7 (`h`, the apex).
    pub fn layer(self) -> usize {
        usize::from(self.info().layer)
    }

    /// The row within the layer, 1 (apex side) to the layer's side (base side).
    pub fn row(self) -> usize {
        usize::from(self.info().row)
    }

    /// The position within the row, 1 (left) to the row number.
    pub fn pos(self) -> usize {
        usize::from(self.info().pos)
    }

    /// The number in the site's name: `row·(row−1)/2 + pos`.
    pub fn number(self) -> usize {
        self.index() - LAYER_START[self.layer()] + 1
    }

    /// The three sites of the layer below that this site rests on; `None` in layer `a`
    /// (it rests on the base plate). Spec: (i, j), (i+1, j), (i+1, j+1) one layer down.
    pub fn supports(self) -> Option<[Site; 3]> {
        let info = self.info();
        (info.layer > 0).then(|| info.supports.map(Site))
    }

    /// The ball's centre for ball diameter 1: `[x, y, height]` (spec "Coordinates").
    /// x grows to the right, y from the apex-side edge of the base towards the base side.
    pub fn centre(self) -> [f64; 3] {
        let (z, i, j) = (self.layer() as f64, self.row() as f64, self.pos() as f64);
        let x = (j - 1.0) - (i - 1.0) / 2.0;
        let y = (i - 1.0 + 2.0 * z / 3.0) * 3f64.sqrt() / 2.0;
        let height = z * (2.0f64 / 3.0).sqrt();
        [x, y, height]
    }

    /// Exact integer coordinates `[X, Y, Z]` with x = X/2, y = Y·√3/6, height = Z·√(2/3),
    /// so that 12·distance² = 3·ΔX² + ΔY² + 8·ΔZ².
    fn lattice(self) -> [i32; 3] {
        let (z, i, j) = (self.layer() as i32, self.row() as i32, self.pos() as i32);
        [2 * (j - 1) - (i - 1), 3 * (i - 1) + 2 * z, z]
    }

    /// The squared distance between the two ball centres, in ball diameters squared,
    /// times 12 (so that it is an exact integer: touching balls give 12).
    pub fn distance12(self, other: Site) -> u32 {
        let [x1, y1, z1] = self.lattice();
        let [x2, y2, z2] = other.lattice();
        let (dx, dy, dz) = (x1 - x2, y1 - y2, z1 - z2);
        (3 * dx * dx + dy * dy + 8 * dz * dz) as u32
    }

    /// Whether the two balls touch (centres at distance 1).
    pub fn touches(self, other: Site) -> bool {
        self.distance12(other) == 12
    }

    /// Parses a site name such as `a5` or `H1` (case-insensitive).
    ///
    /// # Errors
    /// `aratoth-not-a-site` when the text is not a letter and a number;
    /// `aratoth-outside` when it names a site outside the pyramid (e.g. `a37`, `i1`).
    pub fn parse(text: &str) -> Result<Site, Refusal> {
        let lower = text.trim().to_lowercase();
        let mut chars = lower.chars();
        let letter = chars.next();
        let digits = chars.as_str();
        let number = digits.parse::<usize>().ok().filter(|_| digits.bytes().all(|b| b.is_ascii_digit()));
        let (Some(letter), Some(number)) = (letter.filter(char::is_ascii_lowercase), number) else {
            return Err(Refusal::new(
                "aratoth-not-a-site",
                format!("\"{}\" is not a site: write a layer letter a-h and a number, e.g. a5", text.trim()),
            )
            .arg("text", text.trim()));
        };
        let layer = LAYER_LETTERS.iter().position(|&l| l == letter);
        let site = layer.and_then(|layer| {
            let count = LAYER_START[layer + 1] - LAYER_START[layer];
            (number >= 1 && number <= count).then(|| Site((LAYER_START[layer] + number - 1) as u8))
        });
        site.ok_or_else(|| {
            Refusal::new(
                "aratoth-outside",
                format!(
                    "{lower} is outside the pyramid: its layers are a (a1-a36), b (b1-b28), c (c1-c21), \
                     d (d1-d15), e (e1-e10), f (f1-f6), g (g1-g3) and h (h1)"
                ),
            )
            .arg("site", &lower)
        })
    }
}

impl fmt::Display for Site {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", LAYER_LETTERS[self.layer()], self.number())
    }
}

/// A set of sites as a bitset (bit *k* = the site with index *k*); iterates in
/// canonical order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct SiteSet(u128);

impl SiteSet {
    /// No site.
    pub const EMPTY: SiteSet = SiteSet(0);
    /// All 120 sites.
    pub const ALL: SiteSet = SiteSet((1u128 << SITES) - 1);

    /// The set of these sites.
    pub fn of(sites: &[Site]) -> SiteSet {
        sites.iter().fold(SiteSet::EMPTY, |set, &s| set.with(s))
    }

    /// The sites of layer `layer` (0 = `a`); empty for a layer out of range.
    pub fn layer(layer: usize) -> SiteSet {
        match (LAYER_START.get(layer), LAYER_START.get(layer + 1)) {
            (Some(&start), Some(&end)) => SiteSet(((1u128 << end) - 1) & !((1u128 << start) - 1)),
            _ => SiteSet::EMPTY,
        }
    }

    /// This set plus `site`.
    #[must_use]
    pub fn with(self, site: Site) -> SiteSet {
        SiteSet(self.0 | (1u128 << site.0))
    }

    /// Whether `site` is in the set.
    pub fn contains(self, site: Site) -> bool {
        (self.0 >> site.0) & 1 == 1
    }

    /// Number of sites.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Sites in both sets.
    #[must_use]
    pub fn intersection(self, other: SiteSet) -> SiteSet {
        SiteSet(self.0 & other.0)
    }

    /// Sites in either set.
    #[must_use]
    pub fn union(self, other: SiteSet) -> SiteSet {
        SiteSet(self.0 | other.0)
    }

    /// Sites of `self` not in `other`.
    #[must_use]
    pub fn minus(self, other: SiteSet) -> SiteSet {
        SiteSet(self.0 & !other.0)
    }

    /// Whether every site of `self` is in `other`.
    pub fn is_subset(self, other: SiteSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the sets share no site.
    pub fn is_disjoint(self, other: SiteSet) -> bool {
        self.0 & other.0 == 0
    }

    /// The sites in canonical order (by layer, then number).
    pub fn iter(self) -> impl Iterator<Item = Site> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let index = bits.trailing_zeros();
                bits &= bits - 1;
                Site(index as u8)
            })
        })
    }

    /// The sites as a list, in canonical order.
    pub fn to_vec(self) -> Vec<Site> {
        self.iter().collect()
    }
}

impl fmt::Display for SiteSet {
    /// The sites separated by spaces, in canonical order (`a5 a9 a10 a13`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, site) in self.iter().enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{site}")?;
        }
        Ok(())
    }
}

/// Lists sites for a translated message's argument, free of any language: `a1, a2, a3`.
pub fn list_plain(sites: SiteSet) -> String {
    sites.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
}

/// Lists sites in English words (for the English text of a refusal): `a1`, `a1 and a2`, `a1, a2 and a3`.
pub fn list_in_words(sites: SiteSet) -> String {
    let names: Vec<String> = sites.iter().map(|s| s.to_string()).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}
