//! Maximum weight matching in a general graph (Edmonds' blossom algorithm with dual
//! variables, O(n³)), after Joris van Rantwijk's public-domain `mwmatching.py`, the
//! usual reference implementation of Galil's "Efficient algorithms for finding maximum
//! matching in graphs" (1986).
//!
//! Generic over the weight type so the Dutch pairing can use wide integers whose bit
//! fields encode its criteria in priority order (as bbpPairings does). Weights must be
//! integers (the algorithm then uses integer arithmetic only; the caller's weights are
//! doubled internally so that the halved slacks stay exact).

use std::cmp::Ordering;
use std::ops::{Add, Sub};

/// A weight: a totally ordered abelian group of integers that can be halved exactly
/// when even.
pub trait Weight: Copy + Ord + Add<Output = Self> + Sub<Output = Self> {
    /// The additive identity.
    fn zero() -> Self;
    /// `self / 2`, rounding towards minus infinity (exact for even values).
    fn half(self) -> Self;
    /// `self * 2`.
    fn double(self) -> Self;
}

impl Weight for i64 {
    fn zero() -> Self {
        0
    }
    fn half(self) -> Self {
        self >> 1
    }
    fn double(self) -> Self {
        self << 1
    }
}

const NONE: usize = usize::MAX;

struct State<W: Weight> {
    nvertex: usize,
    edges: Vec<(usize, usize, W)>,
    /// Twice each edge's weight, for the slacks.
    twice: Vec<W>,
    endpoint: Vec<usize>,
    neighbend: Vec<Vec<usize>>,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<W>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

/// Computes a maximum weight matching of the graph on vertices `0..n` with the given
/// edges `(i, j, weight)` (i ≠ j, each pair at most once). Edges of weight ≤ 0 are never
/// useful. With `max_cardinality`, the matching is a maximum weight one among the
/// matchings of maximum cardinality.
///
/// Returns `mate`: `mate[v] = Some(w)` when v is matched with w. Never panics on
/// well-formed input; edges with out-of-range or equal endpoints are ignored.
pub fn max_weight_matching<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    max_cardinality: bool,
) -> Vec<Option<usize>> {
    let edges: Vec<(usize, usize, W)> = edges
        .iter()
        .filter(|&&(i, j, _)| i != j && i < n && j < n)
        .map(|&(i, j, w)| (i, j, w.double()))
        .collect();
    if n == 0 || edges.is_empty() {
        return vec![None; n];
    }
    let mut maxweight = W::zero();
    for &(_, _, w) in &edges {
        if w > maxweight {
            maxweight = w;
        }
    }
    let nedge = edges.len();
    let mut endpoint = Vec::with_capacity(2 * nedge);
    for &(i, j, _) in &edges {
        endpoint.push(i);
        endpoint.push(j);
    }
    let mut neighbend = vec![Vec::new(); n];
    for (k, &(i, j, _)) in edges.iter().enumerate() {
        neighbend[i].push(2 * k + 1);
        neighbend[j].push(2 * k);
    }
    let mut dualvar = vec![maxweight; n];
    dualvar.extend(std::iter::repeat_n(W::zero(), n));
    let twice = edges.iter().map(|e| e.2.double()).collect();
    let mut s = State {
        nvertex: n,
        twice,
        edges,
        endpoint,
        neighbend,
        mate: vec![NONE; n],
        label: vec![0; 2 * n],
        labelend: vec![NONE; 2 * n],
        inblossom: (0..n).collect(),
        blossomparent: vec![NONE; 2 * n],
        blossomchilds: vec![Vec::new(); 2 * n],
        blossombase: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
        blossomendps: vec![Vec::new(); 2 * n],
        bestedge: vec![NONE; 2 * n],
        blossombestedges: vec![None; 2 * n],
        unusedblossoms: (n..2 * n).collect(),
        dualvar,
        allowedge: vec![false; nedge],
        queue: Vec::new(),
    };
    s.run(max_cardinality);
    s.mate
        .iter()
        .map(|&p| if p == NONE { None } else { Some(s.endpoint[p]) })
        .collect()
}

impl<W: Weight> State<W> {
    #[inline]
    fn slack(&self, k: usize) -> W {
        let (i, j, _) = self.edges[k];
        self.dualvar[i] + self.dualvar[j] - self.twice[k]
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.nvertex {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b] {
                self.leaves(t, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let mut l = Vec::new();
            self.leaves(b, &mut l);
            self.queue.extend(l);
        } else if t == 2 {
            let base = self.blossombase[b];
            let mb = self.mate[base];
            if mb != NONE {
                self.assign_label(self.endpoint[mb], 1, mb ^ 1);
            }
        }
    }

    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                let b2 = self.inblossom[v];
                v = self.endpoint[self.labelend[b2]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let Some(b) = self.unusedblossoms.pop() else {
            return;
        };
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = W::zero();
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for v in self.leaves_of(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        let mut bestedgeto = vec![NONE; 2 * self.nvertex];
        for &bv in &path {
            let nblists: Vec<Vec<usize>> = match self.blossombestedges[bv].take() {
                Some(list) => vec![list],
                None => self
                    .leaves_of(bv)
                    .into_iter()
                    .map(|v| self.neighbend[v].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for nblist in nblists {
                for k in nblist {
                    let (mut i, mut j, _) = self.edges[k];
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                    {
                        bestedgeto[bj] = k;
                    }
                }
            }
            self.blossombestedges[bv] = None;
            self.bestedge[bv] = NONE;
        }
        let list: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        let mut best = NONE;
        for &k in &list {
            if best == NONE || self.slack(k) < self.slack(best) {
                best = k;
            }
        }
        self.blossombestedges[b] = Some(list);
        self.bestedge[b] = best;
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.nvertex {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == W::zero() {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves_of(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let len = childs.len() as isize;
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap_or(0) as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 != 0 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let idx = |j: isize| -> usize { j.rem_euclid(len) as usize };
            let endps = self.blossomendps[b].clone();
            let mut p = self.labelend[b];
            while j != 0 {
                let ep = self.endpoint[p ^ 1];
                self.label[ep] = 0;
                let q = endps[idx(j - endptrick as isize)] ^ endptrick ^ 1;
                let eq = self.endpoint[q];
                self.label[eq] = 0;
                self.assign_label(ep, 2, p);
                self.allowedge[endps[idx(j - endptrick as isize)] / 2] = true;
                j += jstep;
                p = endps[idx(j - endptrick as isize)] ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = childs[idx(j)];
            let ep = self.endpoint[p ^ 1];
            self.label[ep] = 2;
            self.label[bv] = 2;
            self.labelend[ep] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[idx(j)] != entrychild {
                let bv = childs[idx(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let mut found = NONE;
                for v in self.leaves_of(bv) {
                    if self.label[v] != 0 {
                        found = v;
                        break;
                    }
                }
                if found != NONE {
                    let v = found;
                    self.label[v] = 0;
                    let m = self.mate[self.blossombase[bv]];
                    if m != NONE {
                        let em = self.endpoint[m];
                        self.label[em] = 0;
                    }
                    let le = self.labelend[v];
                    self.assign_label(v, 2, le);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.nvertex {
            self.augment_blossom(t, v);
        }
        let childs = self.blossomchilds[b].clone();
        let endps = self.blossomendps[b].clone();
        let len = childs.len() as isize;
        let i = childs.iter().position(|&c| c == t).unwrap_or(0);
        let mut j = i as isize;
        let (jstep, endptrick): (isize, usize) = if j & 1 != 0 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        let idx = |j: isize| -> usize { j.rem_euclid(len) as usize };
        while j != 0 {
            j += jstep;
            let t = childs[idx(j)];
            let p = endps[idx(j - endptrick as isize)] ^ endptrick;
            if t >= self.nvertex {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = childs[idx(j)];
            if t >= self.nvertex {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            let e0 = self.endpoint[p];
            let e1 = self.endpoint[p ^ 1];
            self.mate[e0] = p ^ 1;
            self.mate[e1] = p;
        }
        let mut c2 = childs[i..].to_vec();
        c2.extend_from_slice(&childs[..i]);
        let mut e2 = endps[i..].to_vec();
        e2.extend_from_slice(&endps[..i]);
        self.blossombase[b] = self.blossombase[c2[0]];
        self.blossomchilds[b] = c2;
        self.blossomendps[b] = e2;
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                if bs >= self.nvertex {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.nvertex {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    fn run(&mut self, max_cardinality: bool) {
        let n = self.nvertex;
        for _ in 0..n {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.bestedge.iter_mut().for_each(|e| *e = NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while !augmented {
                    let Some(v) = self.queue.pop() else { break };
                    for idx in 0..self.neighbend[v].len() {
                        let p = self.neighbend[v][idx];
                        let k = p / 2;
                        let w = self.endpoint[p];
                        if self.inblossom[v] == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = W::zero();
                        if !self.allowedge[k] {
                            kslack = self.slack(k);
                            if kslack <= W::zero() {
                                self.allowedge[k] = true;
                            }
                        }
                        if self.allowedge[k] {
                            if self.label[self.inblossom[w]] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.inblossom[w]] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                                self.bestedge[b] = k;
                            }
                        } else if self.label[w] == 0
                            && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
                        {
                            self.bestedge[w] = k;
                        }
                    }
                }
                if augmented {
                    break;
                }
                // Compute delta.
                let mut deltatype = 0u8;
                let mut delta = W::zero();
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                if !max_cardinality {
                    deltatype = 1;
                    delta = self.dualvar[..n].iter().copied().min().unwrap_or(W::zero());
                }
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        let d = self.slack(self.bestedge[v]);
                        if deltatype == 0 || d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE
                        && self.label[b] == 1
                        && self.bestedge[b] != NONE
                    {
                        let d = self.slack(self.bestedge[b]).half();
                        if deltatype == 0 || d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 2
                        && (deltatype == 0 || self.dualvar[b] < delta)
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                if deltatype == 0 {
                    deltatype = 1;
                    let m = self.dualvar[..n].iter().copied().min().unwrap_or(W::zero());
                    delta = if m > W::zero() { m } else { W::zero() };
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] = self.dualvar[v] - delta,
                        2 => self.dualvar[v] = self.dualvar[v] + delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dualvar[b] = self.dualvar[b] + delta,
                            2 => self.dualvar[b] = self.dualvar[b] - delta,
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    1 => break,
                    2 => {
                        self.allowedge[deltaedge] = true;
                        let (mut i, mut j, _) = self.edges[deltaedge];
                        if self.label[self.inblossom[i]] == 0 {
                            std::mem::swap(&mut i, &mut j);
                        }
                        let _ = j;
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[deltaedge] = true;
                        let (i, _, _) = self.edges[deltaedge];
                        self.queue.push(i);
                    }
                    _ => {
                        if deltablossom != NONE {
                            self.expand_blossom(deltablossom, false);
                        }
                    }
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b] == W::zero()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}

/// A signed two's-complement integer of `64 * L` bits: the wide weights of the Dutch
/// pairing, whose bit fields hold its criteria in priority order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Wide<const L: usize>(pub [u64; L]);

impl<const L: usize> Wide<L> {
    /// `v · 2^shift` (shift < 64·L; bits beyond the width are lost).
    pub fn from_shifted(v: i64, shift: u32) -> Self {
        let mut out = [if v < 0 { u64::MAX } else { 0 }; L];
        let limb = (shift / 64) as usize;
        let bit = shift % 64;
        let lo = (v as u64) << bit;
        let hi = if bit == 0 {
            if v < 0 { u64::MAX } else { 0 }
        } else {
            ((v as i128) >> (64 - bit)) as u64
        };
        for (k, o) in out.iter_mut().enumerate() {
            *o = match k.cmp(&limb) {
                Ordering::Less => 0,
                Ordering::Equal => lo,
                Ordering::Greater if k == limb + 1 => hi,
                Ordering::Greater => *o,
            };
        }
        Wide(out)
    }

    fn negative(&self) -> bool {
        L > 0 && (self.0[L - 1] >> 63) == 1
    }
}

impl<const L: usize> Add for Wide<L> {
    type Output = Self;
    #[inline]
    fn add(self, rhs: Self) -> Self {
        let mut out = [0u64; L];
        let mut carry = false;
        for (o, (a, b)) in out.iter_mut().zip(self.0.iter().zip(rhs.0.iter())) {
            let (s1, c1) = a.overflowing_add(*b);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *o = s2;
            carry = c1 || c2;
        }
        Wide(out)
    }
}

impl<const L: usize> Sub for Wide<L> {
    type Output = Self;
    #[inline]
    fn sub(self, rhs: Self) -> Self {
        let mut out = [0u64; L];
        let mut borrow = false;
        for (o, (a, b)) in out.iter_mut().zip(self.0.iter().zip(rhs.0.iter())) {
            let (s1, b1) = a.overflowing_sub(*b);
            let (s2, b2) = s1.overflowing_sub(u64::from(borrow));
            *o = s2;
            borrow = b1 || b2;
        }
        Wide(out)
    }
}

impl<const L: usize> Ord for Wide<L> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.negative(), other.negative()) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        for k in (0..L).rev() {
            match self.0[k].cmp(&other.0[k]) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        Ordering::Equal
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const L: usize> Weight for Wide<L> {
    fn zero() -> Self {
        Wide([0; L])
    }
    fn half(self) -> Self {
        let mut out = [0u64; L];
        let neg = self.negative();
        for (k, o) in out.iter_mut().enumerate() {
            let upper = if k + 1 < L {
                self.0[k + 1] << 63
            } else if neg {
                1 << 63
            } else {
                0
            };
            *o = (self.0[k] >> 1) | upper;
        }
        Wide(out)
    }
    fn double(self) -> Self {
        self + self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn weight(mate: &[Option<usize>], edges: &[(usize, usize, i64)]) -> i64 {
        edges
            .iter()
            .filter(|&&(i, j, _)| mate[i] == Some(j))
            .map(|&(_, _, w)| w)
            .sum()
    }

    /// Brute force over all matchings (small graphs).
    fn brute(n: usize, edges: &[(usize, usize, i64)], used: &mut Vec<bool>, from: usize) -> i64 {
        let _ = n;
        let mut best = 0;
        for (k, &(i, j, w)) in edges.iter().enumerate().skip(from) {
            if !used[i] && !used[j] {
                used[i] = true;
                used[j] = true;
                best = best.max(w + brute(n, edges, used, k + 1));
                used[i] = false;
                used[j] = false;
            }
        }
        best
    }

    // The small cases of mwmatching.py's own self-test.
    #[test]
    fn reference_cases() {
        assert_eq!(max_weight_matching::<i64>(0, &[], false), vec![]);
        assert_eq!(
            max_weight_matching(2, &[(0, 1, 1i64)], false),
            vec![Some(1), Some(0)]
        );
        let m = max_weight_matching(4, &[(1, 2, 10i64), (2, 3, 11)], false);
        assert_eq!(m, vec![None, None, Some(3), Some(2)]);
        let m = max_weight_matching(5, &[(1, 2, 5i64), (2, 3, 11), (3, 4, 5)], false);
        assert_eq!(m, vec![None, None, Some(3), Some(2), None]);
        let m = max_weight_matching(5, &[(1, 2, 5i64), (2, 3, 11), (3, 4, 5)], true);
        assert_eq!(m, vec![None, Some(2), Some(1), Some(4), Some(3)]);
        // S-blossom and use it for augmentation.
        let m = max_weight_matching(5, &[(1, 2, 8i64), (1, 3, 9), (2, 3, 10), (3, 4, 7)], false);
        assert_eq!(m, vec![None, Some(2), Some(1), Some(4), Some(3)]);
        // Create nested S-blossom, relabel as T-blossom, expand.
        let e = [
            (1, 2, 19i64),
            (1, 3, 20),
            (1, 8, 8),
            (2, 3, 25),
            (2, 4, 18),
            (3, 5, 18),
            (4, 5, 13),
            (4, 7, 7),
            (5, 6, 7),
        ];
        let m = max_weight_matching(9, &e, false);
        assert_eq!(
            m,
            vec![
                None,
                Some(8),
                Some(3),
                Some(2),
                Some(7),
                Some(6),
                Some(5),
                Some(4),
                Some(1)
            ]
        );
        // Blossom with negative-weight edges and nested T-blossom expansion.
        let e = [
            (1, 2, 45i64),
            (1, 5, 45),
            (2, 3, 50),
            (3, 4, 45),
            (4, 5, 50),
            (1, 6, 30),
            (3, 9, 35),
            (4, 8, 28),
            (5, 7, 26),
            (9, 10, 5),
        ];
        let m = max_weight_matching(11, &e, false);
        assert_eq!(
            m,
            vec![
                None,
                Some(6),
                Some(3),
                Some(2),
                Some(8),
                Some(7),
                Some(1),
                Some(5),
                Some(4),
                Some(10),
                Some(9)
            ]
        );
    }

    #[test]
    fn random_small_graphs_match_brute_force() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..3000 {
            let n = (next() % 9) as usize + 1;
            let mut edges = Vec::new();
            for i in 0..n {
                for j in i + 1..n {
                    if next() % 3 != 0 {
                        edges.push((i, j, (next() % 20) as i64 - 3));
                    }
                }
            }
            let m = max_weight_matching(n, &edges, false);
            for v in 0..n {
                if let Some(w) = m[v] {
                    assert_eq!(m[w], Some(v));
                }
            }
            let best = brute(n, &edges, &mut vec![false; n], 0);
            assert_eq!(weight(&m, &edges), best, "n={n} edges={edges:?}");
            // The same graph with wide weights.
            let wide: Vec<(usize, usize, Wide<3>)> = edges
                .iter()
                .map(|&(i, j, w)| (i, j, Wide::from_shifted(w, 70)))
                .collect();
            let m2 = max_weight_matching(n, &wide, false);
            assert_eq!(weight(&m2, &edges), best);
        }
    }

    #[test]
    fn wide_arithmetic() {
        let a = Wide::<2>::from_shifted(-3, 64);
        let b = Wide::<2>::from_shifted(5, 1);
        assert!(a < b);
        assert!(a < Wide::zero());
        assert_eq!((a + b) - b, a);
        assert_eq!(
            Wide::<2>::from_shifted(-6, 10).half(),
            Wide::<2>::from_shifted(-3, 10)
        );
        assert_eq!(
            Wide::<2>::from_shifted(1, 100).half(),
            Wide::<2>::from_shifted(1, 99)
        );
        assert!(Wide::<2>::from_shifted(1, 65) > Wide::<2>::from_shifted(i64::MAX, 0));
    }
}

#[cfg(test)]
mod timing {
    use super::*;
    #[test]
    #[ignore]
    fn dense_1000() {
        let n = 1000;
        let mut e = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                e.push((i, j, 1i64));
            }
        }
        let t = std::time::Instant::now();
        let m = max_weight_matching(n, &e, true);
        eprintln!(
            "cardinality: {:?} {}",
            t.elapsed(),
            m.iter().filter(|x| x.is_some()).count()
        );
        let mut e2 = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                e2.push((i, j, 1_000_000 - ((i as i64 - (j as i64 - 500)).pow(2))));
            }
        }
        let t = std::time::Instant::now();
        let m = max_weight_matching(n, &e2, false);
        eprintln!(
            "weighted: {:?} {}",
            t.elapsed(),
            m.iter().filter(|x| x.is_some()).count()
        );
    }
}
