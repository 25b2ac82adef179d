//! Every way a shape can lie in the pyramid, computed once, and the fast test which of
//! them can be placed on a given board (spec "Placing a piece", rules 1-3).
//!
//! A [`Candidate`] is one set of sites that has a shape's distance pattern, found once
//! for the whole pyramid regardless of the board. On a board it can be placed when its
//! sites are empty and every site its balls rest on (outside the piece itself) is
//! occupied: two bitset operations per candidate.

use std::sync::OnceLock;

use super::{
    geometry::{Site, SiteSet, SITES},
    pieces::{Shape, SHAPES},
};

/// One way to lay a shape into the pyramid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    /// The sites the balls occupy.
    pub sites: SiteSet,
    /// The sites the balls rest on that are not part of the piece: all must be occupied.
    pub needs: SiteSet,
}

impl Candidate {
    fn new(sites: SiteSet) -> Candidate {
        let below = sites.iter().filter_map(Site::supports).flatten().fold(SiteSet::EMPTY, SiteSet::with);
        Candidate { sites, needs: below.minus(sites) }
    }

    /// Whether the piece can lie here on a board with `occupied` sites: its sites are
    /// empty and each of its balls is supported (rules 1 and 3).
    #[inline]
    pub fn fits_on(&self, occupied: SiteSet) -> bool {
        self.sites.is_disjoint(occupied) && self.needs.is_subset(occupied)
    }
}

/// Every candidate of every shape, indexed by [`Shape::index`], each list in canonical
/// order of the site sets.
pub fn candidates(shape: Shape) -> &'static [Candidate] {
    static ALL: OnceLock<Vec<Vec<Candidate>>> = OnceLock::new();
    let all = ALL.get_or_init(|| Shape::ALL.iter().map(|&s| find_candidates(s)).collect());
    all.get(shape.index()).map_or(&[], Vec::as_slice)
}

/// Finds every site set of the pyramid that fits `shape` ([`Shape::fits`]).
///
/// All balls of a piece lie within the shape's largest distance of each other, and
/// every pairwise distance is one of the shape's; so the search grows sets in increasing
/// site order, each new site within an allowed distance of all chosen ones, and keeps the
/// complete sets that fit.
fn find_candidates(shape: Shape) -> Vec<Candidate> {
    let spec = &SHAPES[shape.index()];
    let allowed: Vec<u32> = spec.distances.iter().map(|d| d * 12).collect();
    let sites: Vec<Site> = Site::all().collect();
    let mut found = Vec::new();
    let mut chosen: Vec<Site> = Vec::with_capacity(spec.balls);
    grow(shape, &sites, &allowed, 0, &mut chosen, &mut found);
    found.sort_by_key(|c: &Candidate| c.sites.to_vec());
    found
}

fn grow(
    shape: Shape,
    sites: &[Site],
    allowed: &[u32],
    from: usize,
    chosen: &mut Vec<Site>,
    found: &mut Vec<Candidate>,
) {
    if chosen.len() == shape.balls() {
        if shape.fits(chosen) {
            found.push(Candidate::new(SiteSet::of(chosen)));
        }
        return;
    }
    for next in from..SITES {
        let site = sites[next];
        if chosen.iter().all(|c| allowed.contains(&c.distance12(site))) {
            chosen.push(site);
            grow(shape, sites, allowed, next + 1, chosen, found);
            chosen.pop();
        }
    }
}

/// The candidates of `shape` that can be placed on a board with `occupied` sites.
pub fn fitting(shape: Shape, occupied: SiteSet) -> impl Iterator<Item = &'static Candidate> {
    candidates(shape).iter().filter(move |c| c.fits_on(occupied))
}
