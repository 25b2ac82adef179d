//! Swiss pairing by the FIDE Dutch system (FIDE Handbook C.04.3, rules in force from
//! 2017), with the colour allocation of C.04.3 E.1–E.5 (C.04.1 general rules).
//!
//! The round is paired bracket by bracket, from the top score group down, each bracket
//! by maximum weight matchings (module [`crate::blossom`]) over the bracket and the
//! next score group, whose wide integer edge weights hold the criteria as bit fields in
//! their order of priority — the method of bbpPairings (v5, 2017 rules) — and then the
//! order of the D rules, decision by decision. See the crate documentation for what is
//! covered and where this deviates.

use std::cmp::Ordering;

use crate::Error;
use crate::blossom::{Weight, Wide, max_weight_matching};

/// A piece colour; `White` has the first move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// The first move.
    White,
    /// The second move.
    Black,
}

impl Colour {
    /// The other colour.
    pub fn invert(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// What happened to a player in one past round (TRF-16 result codes in brackets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Played and won (`1`, `W`).
    Win,
    /// Played, drawn (`=`, `D`).
    Draw,
    /// Played and lost (`0`, `L`).
    Loss,
    /// Won by forfeit (`+`): not played; counts as a point without playing (no bye later).
    ForfeitWin,
    /// Lost by forfeit (`-`): not played.
    ForfeitLoss,
    /// The pairing-allocated bye (`U`): one point, no game.
    PairingBye,
    /// A requested half-point bye (`H`).
    HalfBye,
    /// A requested full-point bye (`F`).
    FullBye,
    /// A zero-point bye (`Z`).
    ZeroBye,
    /// Not paired, no points (blank).
    Absent,
}

impl Outcome {
    /// Points for the outcome in half-points (win 2, draw 1), the standard FIDE scale;
    /// the pairing-allocated bye scores as a win.
    pub fn half_points(self) -> u32 {
        match self {
            Outcome::Win | Outcome::ForfeitWin | Outcome::PairingBye | Outcome::FullBye => 2,
            Outcome::Draw | Outcome::HalfBye => 1,
            Outcome::Loss | Outcome::ForfeitLoss | Outcome::ZeroBye | Outcome::Absent => 0,
        }
    }

    fn is_game_result(self) -> bool {
        matches!(self, Outcome::Win | Outcome::Draw | Outcome::Loss)
    }
}

/// One past round of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundEntry {
    /// Starting rank of the opponent, if the player was paired against someone (also for
    /// a forfeit).
    pub opponent: Option<u32>,
    /// The player's colour when a game was played; `None` for byes and unplayed games.
    pub colour: Option<Colour>,
    /// The outcome.
    pub outcome: Outcome,
}

impl RoundEntry {
    /// A played game.
    pub fn game(opponent: u32, colour: Colour, outcome: Outcome) -> RoundEntry {
        RoundEntry {
            opponent: Some(opponent),
            colour: Some(colour),
            outcome,
        }
    }

    /// A round without an opponent (bye or absence).
    pub fn without_game(outcome: Outcome) -> RoundEntry {
        RoundEntry {
            opponent: None,
            colour: None,
            outcome,
        }
    }

    /// Whether a game was played over the board (it counts for colours, floats and C1).
    pub fn played(&self) -> bool {
        self.opponent.is_some() && self.colour.is_some() && self.outcome.is_game_result()
    }
}

/// A player as the pairing sees them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Starting rank (pairing number), ≥ 1, unique in the tournament.
    pub rank: u32,
    /// The past rounds in order (round 1 first). Shorter histories are padded with
    /// [`Outcome::Absent`] up to the longest one.
    pub history: Vec<RoundEntry>,
    /// Whether the player takes part in the round being paired.
    pub present: bool,
}

impl Player {
    /// Score in half-points: the sum of [`Outcome::half_points`] over the history.
    pub fn half_points(&self) -> u32 {
        self.history.iter().map(|e| e.outcome.half_points()).sum()
    }

    /// Whether the player may receive the pairing-allocated bye (C.04.1 c / C.04.3 C2):
    /// not if they already had one, or scored a point without playing by forfeit.
    pub fn bye_eligible(&self) -> bool {
        !self
            .history
            .iter()
            .any(|e| matches!(e.outcome, Outcome::PairingBye | Outcome::ForfeitWin))
    }
}

/// A tournament before the round to pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    /// All players (present or not); order does not matter.
    pub players: Vec<Player>,
    /// Planned number of rounds (TRF `XXR`); the round being paired is the last one when
    /// `rounds played + 1 == total_rounds` (topscorer rules of C3, C8, C9).
    pub total_rounds: u32,
    /// Colour of the highest-ranked player in round 1 (E.5; usually drawn by lot).
    pub initial_colour: Colour,
}

/// One pairing: starting ranks of White and Black, or a bye (`black == 0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// Starting rank of the player with White (or the bye's receiver).
    pub white: u32,
    /// Starting rank of the player with Black, 0 for the pairing-allocated bye.
    pub black: u32,
}

impl Pairing {
    /// Whether this is the pairing-allocated bye.
    pub fn is_bye(&self) -> bool {
        self.black == 0
    }

    /// The same pairing with colours swapped: the second game of a "double" round,
    /// where each pairing is played twice (a bye stays a bye).
    pub fn swapped(&self) -> Pairing {
        if self.is_bye() {
            *self
        } else {
            Pairing {
                white: self.black,
                black: self.white,
            }
        }
    }
}

/// Most players [`pair_dutch`] accepts (TRF starting ranks have four digits).
pub const MAX_PLAYERS: usize = 9999;
/// Most past rounds [`pair_dutch`] accepts.
pub const MAX_ROUNDS: usize = 200;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Float {
    Down,
    Up,
    None,
}

/// Derived data of a present player.
#[derive(Clone, Debug)]
struct P {
    rank: u32,
    /// Effective pairing number − 1 (E.5): position by starting rank among the players
    /// paired now or before.
    rank_index: usize,
    score: u32,
    pref: Option<Colour>,
    imbalance: u32,
    repeated: Option<Colour>,
    absolute: bool,
    strong: bool,
    float1: Float,
    float2: Float,
    eligible: bool,
    /// Starting ranks of past opponents over the board, sorted.
    met: Vec<u32>,
    /// Played colours, oldest first (to look back for E.4).
    colours: Vec<Colour>,
}

impl P {
    fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }
}

/// Pairs the next round of `t` by the FIDE Dutch system (FIDE Handbook C.04.3, 2017
/// rules: absolute criteria C1–C3, completion C4, quality criteria C5–C19, the order
/// of candidates of section D, colours by E.1–E.5; bye eligibility by C.04.1).
///
/// Input: every player's history has one entry per past round (shorter ones are padded
/// as absent); scores are the sums of the outcomes' half-points. Only `present` players
/// are paired. Output: one [`Pairing`] per pair and one for the bye (black = 0) in
/// bbpPairings' board order: by the higher player's score, then the lower player's
/// score, then the higher player's rank; the bye last. Deterministic: the same input
/// always gives the same pairing.
///
/// Errors: [`Error::DuplicateRank`], [`Error::BadRank`] (rank 0),
/// [`Error::UnknownOpponent`], [`Error::TooLarge`] beyond [`MAX_PLAYERS`] /
/// [`MAX_ROUNDS`] (or criteria wider than 4,096 bits in one bracket), and
/// [`Error::NoValidPairing`] when the absolute criteria C1–C3 cannot all hold.
pub fn pair_dutch(t: &Tournament) -> Result<Vec<Pairing>, Error> {
    if t.players.len() > MAX_PLAYERS {
        return Err(Error::TooLarge(format!(
            "{} players (at most {MAX_PLAYERS})",
            t.players.len()
        )));
    }
    let rounds = t.players.iter().map(|p| p.history.len()).max().unwrap_or(0);
    if rounds > MAX_ROUNDS {
        return Err(Error::TooLarge(format!(
            "{rounds} rounds (at most {MAX_ROUNDS})"
        )));
    }
    let mut order: Vec<&Player> = t.players.iter().collect();
    order.sort_by_key(|p| p.rank);
    for w in order.windows(2) {
        if w[0].rank == w[1].rank {
            return Err(Error::DuplicateRank(w[0].rank));
        }
    }
    if order.first().is_some_and(|p| p.rank == 0) {
        return Err(Error::BadRank(0));
    }
    let known = |r: u32| order.binary_search_by_key(&r, |p| p.rank).ok();
    let pad = |p: &Player, k: usize| {
        p.history
            .get(k)
            .copied()
            .unwrap_or(RoundEntry::without_game(Outcome::Absent))
    };
    // Scores before round k (0-based), for floats.
    let score_before =
        |p: &Player, k: usize| -> u32 { (0..k).map(|i| pad(p, i).outcome.half_points()).sum() };
    for p in &order {
        for e in &p.history {
            if let Some(o) = e.opponent
                && (known(o).is_none() || o == p.rank)
            {
                return Err(Error::UnknownOpponent {
                    player: p.rank,
                    opponent: o,
                });
            }
        }
    }
    let float = |p: &Player, back: usize| -> Float {
        if rounds < back {
            return Float::None;
        }
        let k = rounds - back;
        let e = pad(p, k);
        let Some(opp) = e.opponent.and_then(known).filter(|_| e.played()) else {
            return Float::Down;
        };
        let (mine, theirs) = (score_before(p, k), score_before(order[opp], k));
        match mine.cmp(&theirs) {
            Ordering::Greater => Float::Down,
            Ordering::Less => Float::Up,
            Ordering::Equal => Float::None,
        }
    };
    let mut players: Vec<P> = Vec::new();
    // E.5's pairing numbers count the players who are paired now or were paired before
    // (as bbpPairings' effective pairing numbers): one absent from the start is skipped.
    let mut rank_index = 0usize;
    for p in &order {
        let counted = p.present
            || p.history.iter().any(|e| {
                e.opponent.is_some()
                    || matches!(e.outcome, Outcome::PairingBye | Outcome::ForfeitWin)
            });
        if counted {
            rank_index += 1;
        }
        if !p.present {
            continue;
        }
        let rank_index = rank_index - 1;
        let colours: Vec<Colour> = (0..rounds)
            .map(|k| pad(p, k))
            .filter(|e| e.played())
            .filter_map(|e| e.colour)
            .collect();
        let whites = colours.iter().filter(|&&c| c == Colour::White).count() as u32;
        let blacks = colours.len() as u32 - whites;
        let last = colours.last().copied();
        let consecutive = match last {
            Some(c) => colours.iter().rev().take_while(|&&x| x == c).count(),
            None => 0,
        };
        let lower = if whites > blacks {
            Colour::Black
        } else {
            Colour::White
        };
        let imbalance = whites.abs_diff(blacks);
        let pref = if imbalance > 1 {
            Some(lower)
        } else if consecutive > 1 {
            last.map(Colour::invert)
        } else if imbalance > 0 {
            Some(lower)
        } else {
            last.map(Colour::invert)
        };
        let repeated = if consecutive > 1 { last } else { None };
        let absolute = imbalance > 1 || repeated.is_some();
        let mut met: Vec<u32> = (0..rounds)
            .map(|k| pad(p, k))
            .filter(|e| e.played())
            .filter_map(|e| e.opponent)
            .collect();
        met.sort_unstable();
        players.push(P {
            rank: p.rank,
            rank_index,
            score: (0..rounds).map(|k| pad(p, k).outcome.half_points()).sum(),
            pref,
            imbalance,
            repeated,
            absolute,
            strong: !absolute && imbalance > 0,
            float1: float(p, 1),
            float2: float(p, 2),
            eligible: (0..rounds)
                .all(|k| !matches!(pad(p, k).outcome, Outcome::PairingBye | Outcome::ForfeitWin)),
            met,
            colours,
        });
    }
    // Score groups: by score descending, then starting rank.
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.rank_index.cmp(&b.rank_index)));
    let ctx = Ctx {
        players,
        played_rounds: rounds as u32,
        last_round: rounds as u32 + 1 >= t.total_rounds,
        initial: t.initial_colour,
    };
    let raw = ctx.pair()?;
    let mut out: Vec<(Pairing, (bool, u32, u32, usize))> = raw
        .into_iter()
        .map(|(a, b)| match b {
            None => {
                let p = &ctx.players[a];
                (
                    Pairing {
                        white: p.rank,
                        black: 0,
                    },
                    (true, 0, 0, p.rank_index),
                )
            }
            Some(b) => {
                let (hi, lo) = if ctx.above(a, b) { (a, b) } else { (b, a) };
                let white_is_hi = ctx.colour_of(hi, lo) == Colour::White;
                let (w, bl) = if white_is_hi { (hi, lo) } else { (lo, hi) };
                let (ph, pl) = (&ctx.players[hi], &ctx.players[lo]);
                (
                    Pairing {
                        white: ctx.players[w].rank,
                        black: ctx.players[bl].rank,
                    },
                    (
                        false,
                        u32::MAX - ph.score,
                        u32::MAX - pl.score,
                        ph.rank_index,
                    ),
                )
            }
        })
        .collect();
    out.sort_by_key(|x| x.1);
    Ok(out.into_iter().map(|x| x.0).collect())
}

struct Ctx {
    /// Present players sorted by score (descending), then starting rank.
    players: Vec<P>,
    played_rounds: u32,
    last_round: bool,
    initial: Colour,
}

/// Field values of one edge: (field index, value), zero fields left out.
type Fields = Vec<(usize, i64)>;

/// The graph of one bracket with the criteria's fields on its edges.
struct Base {
    /// Vertices: the bracket, then the next players, then the dummy (the bye) if any.
    nv: usize,
    /// Real players in the graph.
    ng: usize,
    /// Players in the bracket (the first `nb` vertices).
    nb: usize,
    /// Widths of the fields in bits, most significant first.
    widths: Vec<u32>,
    /// Edges `(i, j, fields)` with i < j.
    edges: Vec<(usize, usize, Fields)>,
}

/// The maximum weight matching of edges whose weights are the given fields packed into
/// a wide integer, most significant first; each field's width must hold its total over
/// any matching with a sign bit to spare.
fn solve(
    nv: usize,
    widths: &[u32],
    edges: &[(usize, usize, Fields)],
) -> Result<Vec<Option<usize>>, Error> {
    let mut shifts = vec![0u32; widths.len()];
    let mut acc = 1;
    for k in (0..widths.len()).rev() {
        shifts[k] = acc;
        acc += widths[k];
    }
    // Headroom for the blossom's duals (up to a few times the largest weight).
    let total = acc + 8;
    macro_rules! run {
        ($l:literal) => {{
            let wide: Vec<(usize, usize, Wide<$l>)> = edges
                .iter()
                .map(|(i, j, vals)| {
                    let mut w = Wide::<$l>::zero();
                    for &(k, v) in vals {
                        w = w + Wide::<$l>::from_shifted(v, shifts[k]);
                    }
                    (*i, *j, w)
                })
                .filter(|(_, _, w)| *w > Wide::<$l>::zero())
                .collect();
            Ok(max_weight_matching(nv, &wide, false))
        }};
    }
    // Limbs of 64 bits: the narrowest that holds the fields and a sign.
    match total.div_ceil(64) {
        0..=2 => run!(2),
        3 => run!(3),
        4 => run!(4),
        5..=6 => run!(6),
        7..=8 => run!(8),
        9..=12 => run!(12),
        13..=16 => run!(16),
        17..=24 => run!(24),
        25..=32 => run!(32),
        33..=48 => run!(48),
        49..=64 => run!(64),
        _ => Err(Error::TooLarge(format!(
            "a bracket needs {total} bits of criteria"
        ))),
    }
}

/// `slot[x] = Some(k)` for the k-th element x of `chunk` (all below `n`).
fn slots(n: usize, chunk: &[usize]) -> Vec<Option<usize>> {
    let mut slot = vec![None; n];
    for (k, &x) in chunk.iter().enumerate() {
        if let Some(s) = slot.get_mut(x) {
            *s = Some(k);
        }
    }
    slot
}

fn bits(x: u64) -> u32 {
    64 - x.leading_zeros()
}

impl Ctx {
    /// Whether player a ranks above player b (score, then starting rank).
    fn above(&self, a: usize, b: usize) -> bool {
        let (pa, pb) = (&self.players[a], &self.players[b]);
        (pa.score, std::cmp::Reverse(pa.rank_index)) > (pb.score, std::cmp::Reverse(pb.rank_index))
    }

    /// C1 and C3 (absolute criteria; the bye, C2, is handled by the dummy vertex).
    fn compatible(&self, a: usize, b: usize) -> bool {
        let (pa, pb) = (&self.players[a], &self.players[b]);
        if pa.met.binary_search(&pb.rank).is_ok() {
            return false;
        }
        if pa.absolute && pb.absolute && pa.pref == pb.pref {
            // Topscorers (more than 50 % of the maximum) may meet in the last round.
            let top = self.played_rounds;
            return self.last_round && (pa.score > top || pb.score > top);
        }
        true
    }

    /// Whether the players `set` (indices into `players`) can all be paired under the
    /// absolute criteria, one of them taking the bye when their number is odd.
    fn completable(&self, set: &[usize]) -> bool {
        let n = set.len();
        if n == 0 {
            return true;
        }
        // Fast path: a greedy pairing from the bottom up (the bye first) usually succeeds.
        let mut used = vec![false; n];
        let mut left = n;
        if n % 2 == 1
            && let Some(b) = (0..n).rev().find(|&i| self.players[set[i]].eligible)
        {
            used[b] = true;
            left -= 1;
        }
        for i in (0..n).rev() {
            if used[i] {
                continue;
            }
            if let Some(j) = (0..i)
                .rev()
                .find(|&j| !used[j] && self.compatible(set[i], set[j]))
            {
                used[i] = true;
                used[j] = true;
                left -= 2;
            }
        }
        if left == 0 {
            return true;
        }
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if self.compatible(set[i], set[j]) {
                    edges.push((i, j, 1i64));
                }
            }
            if n % 2 == 1 && self.players[set[i]].eligible {
                edges.push((i, n, 1));
            }
        }
        let total = n + n % 2;
        let mate = max_weight_matching(total, &edges, true);
        mate.iter().all(Option::is_some)
    }

    /// Pairs the round: the pairs as indices into `players`, `None` for the bye.
    fn pair(&self) -> Result<Vec<(usize, Option<usize>)>, Error> {
        let n = self.players.len();
        let all: Vec<usize> = (0..n).collect();
        if !self.completable(&all) {
            return Err(Error::NoValidPairing);
        }
        let group_end = |from: usize| -> usize {
            let s = self.players.get(from).map(|p| p.score);
            (from..n)
                .find(|&i| Some(self.players[i].score) != s)
                .unwrap_or(n)
        };
        let mut result = Vec::new();
        let first_end = group_end(0);
        let mut bracket: Vec<usize> = (0..first_end).collect();
        let mut movers = 0usize;
        let mut pos = first_end;
        let mut special = pos == n;
        // Every pass pairs a bracket or moves on (at most twice per score group); the
        // bound only guards against a loop should that ever not hold.
        let mut passes = 0usize;
        while bracket.len() > 1 || pos < n {
            passes += 1;
            if passes > 3 * n + 3 {
                return Err(Error::NoValidPairing);
            }
            if bracket.is_empty() {
                let end = group_end(pos);
                bracket = (pos..end).collect();
                pos = end;
                movers = 0;
                special = pos == n;
                continue;
            }
            let next_end = if special { n } else { group_end(pos) };
            let next: Vec<usize> = (pos..next_end).collect();
            let final_brackets = next_end == n;
            let mate = self.pair_bracket(&bracket, movers, &next, special, final_brackets)?;
            let nb = bracket.len();
            let mut paired = vec![false; nb];
            let mut pairs = Vec::new();
            for i in 0..nb {
                if let Some(j) = mate[i]
                    && j < nb
                {
                    paired[i] = true;
                    if i < j {
                        pairs.push((bracket[i], Some(bracket[j])));
                    }
                }
            }
            let floaters: Vec<usize> = (0..nb)
                .filter(|&i| !paired[i])
                .map(|i| bracket[i])
                .collect();
            if !special {
                let mut rest = floaters.clone();
                rest.extend(pos..n);
                if !self.completable(&rest) {
                    // This bracket is the penultimate pairing bracket: pair it against
                    // everything below (C4).
                    special = true;
                    continue;
                }
            }
            result.extend(pairs);
            movers = floaters.len();
            bracket = floaters;
            bracket.extend(next);
            pos = next_end;
            special = pos == n;
        }
        if let Some(&last) = bracket.first() {
            if !self.players[last].eligible {
                return Err(Error::NoValidPairing);
            }
            result.push((last, None));
        }
        Ok(result)
    }

    /// Pairs one bracket: returns mates as positions in `bracket ++ next`; only the
    /// pairs inside the bracket are meant (the others only show that the rest can pair).
    ///
    /// The criteria C4–C19 decide first (the base fields of every matching); among
    /// equal candidates the order of the D rules decides, one decision after another
    /// in that order, by further fields below the criteria (a few dozen per matching;
    /// decisions made are pinned by removing edges or by one field that keeps the
    /// players who must lead a pair leading one): for a heterogeneous bracket, first
    /// which moved-down players are paired (the higher first), then whom they meet
    /// (the highest resident for the highest MDP first); then, in the remainder with
    /// S1 = its first P players (P = its number of pairs) and S2 the rest, the fewest
    /// exchanges, the smallest difference of the exchanged BSN sums, the lowest S1 and
    /// the highest S2 players exchanged, and last the first transposition: each player
    /// who leads a pair, in order, meets the highest opponent still possible.
    fn pair_bracket(
        &self,
        bracket: &[usize],
        movers: usize,
        next: &[usize],
        special: bool,
        final_brackets: bool,
    ) -> Result<Vec<Option<usize>>, Error> {
        let base = self.base_edges(bracket, movers, next, special, final_brackets);
        let (nv, ng, nb) = (base.nv, base.ng, base.nb);
        let nbase = base.widths.len();
        let pin = nbase; // the field pinning the players who must lead a pair
        let first = nbase + 1; // the first field of a decision step
        let nbw = bits(nv as u64) + 1;
        // Decisions so far: fixed pairs (dead vertices), players who may not lead a pair
        // in the bracket (pair with a later bracket player), players who must.
        let mut alive = vec![true; nv];
        let mut no_lead = vec![false; nv];
        let mut must = vec![false; nv];
        let mut mate_out: Vec<Option<usize>> = vec![None; ng];
        let current =
            |alive: &[bool], no_lead: &[bool], must: &[bool]| -> Vec<(usize, usize, Fields)> {
                base.edges
                    .iter()
                    .filter(|(i, j, _)| alive[*i] && alive[*j] && !(*j < nb && no_lead[*i]))
                    .map(|(i, j, f)| {
                        let mut f = f.clone();
                        if *j < nb && must[*i] {
                            f.push((pin, 1));
                        }
                        (*i, *j, f)
                    })
                    .collect()
            };
        let widths_with = |extra: &[u32]| -> Vec<u32> {
            let mut w = base.widths.clone();
            w.push(nbw);
            w.extend_from_slice(extra);
            w
        };
        // Decision fields per matching: about 480 bits.
        const FIELD_BITS: u32 = 480;

        // Moved-down players: which are paired, the higher first.
        let mover_list: Vec<usize> = (0..movers).collect();
        for chunk in mover_list.chunks((FIELD_BITS / 2) as usize) {
            let slot = slots(nv, chunk);
            let mut edges = current(&alive, &no_lead, &must);
            for (i, j, f) in &mut edges {
                if let Some(o) = slot[*i]
                    && *j < nb
                {
                    f.push((first + o, 1));
                }
            }
            let mate = solve(nv, &widths_with(&vec![2; chunk.len()]), &edges)?;
            for &m in chunk {
                if mate[m].is_some_and(|j| j < nb) {
                    must[m] = true;
                } else {
                    no_lead[m] = true;
                }
            }
        }
        // Their opponents: the highest resident for the highest MDP first.
        let paired_movers: Vec<usize> = (0..movers).filter(|&m| must[m]).collect();
        for chunk in paired_movers.chunks(((FIELD_BITS / nbw) as usize).max(1)) {
            let slot = slots(nv, chunk);
            let mut edges = current(&alive, &no_lead, &must);
            for (i, j, f) in &mut edges {
                if let Some(o) = slot[*i]
                    && *j < nb
                {
                    f.push((first + o, (nb - *j) as i64));
                }
            }
            let mate = solve(nv, &widths_with(&vec![nbw; chunk.len()]), &edges)?;
            for &m in chunk {
                if let Some(j) = mate[m].filter(|&j| j < nb) {
                    mate_out[m] = Some(j);
                    mate_out[j] = Some(m);
                    alive[m] = false;
                    alive[j] = false;
                }
            }
        }

        // The remainder: the residents not paired with an MDP, and its number of pairs.
        let remainder: Vec<usize> = (movers..nb).filter(|&i| alive[i]).collect();
        let nr = remainder.len();
        let mut pos = vec![usize::MAX; nv];
        for (k, &i) in remainder.iter().enumerate() {
            pos[i] = k;
        }
        // Totals of the criteria (and the pin) over a matching: to compare candidates.
        let totals = |mate: &[Option<usize>], edges: &[(usize, usize, Fields)]| -> Vec<i64> {
            let mut t = vec![0i64; nbase + 1];
            for (i, j, f) in edges {
                if mate[*i] == Some(*j) {
                    for &(k, v) in f {
                        if k <= nbase {
                            t[k] += v;
                        }
                    }
                }
            }
            t
        };
        let edges = current(&alive, &no_lead, &must);
        let mate = solve(nv, &widths_with(&[]), &edges)?;
        let best = totals(&mate, &edges);
        let pairs = remainder
            .iter()
            .filter(|&&i| mate[i].is_some_and(|j| j < nb && j > i))
            .count();
        if pairs == 0 {
            return Ok(mate_out);
        }
        let s1 = pairs;
        let rw = bits(nr as u64) + 1;
        let sum_w = bits((nr * nr) as u64) + 2;
        // Fast path: no exchange at all (S1 leads, S2 follows) when that is as good.
        let mut no_exchange = false;
        // The best matching under the no-exchange decisions, reused below.
        let mut no_exchange_best: Option<(Vec<Option<usize>>, Vec<i64>)> = None;
        {
            let (mut nl, mut mu) = (no_lead.clone(), must.clone());
            for (k, &i) in remainder.iter().enumerate() {
                if k < s1 { mu[i] = true } else { nl[i] = true }
            }
            let edges = current(&alive, &nl, &mu);
            let mate = solve(nv, &widths_with(&[]), &edges)?;
            let t = totals(&mate, &edges);
            if t[..nbase] == best[..nbase] && t[nbase] == s1 as i64 {
                no_lead = nl;
                must = mu;
                no_exchange = true;
                no_exchange_best = Some((mate, t));
            }
        }
        // Exchanges: fewest, smallest BSN difference, then for each S1 player from the
        // last up whether they can be exchanged, then for each S2 player from the first
        // down whether they can be: the decisions in that order.
        let decisions: Vec<usize> = if no_exchange {
            Vec::new()
        } else {
            (0..s1).rev().chain(s1..nr).collect()
        };
        for chunk in decisions.chunks((FIELD_BITS / 2) as usize) {
            let slot = slots(nr, chunk);
            let mut edges = current(&alive, &no_lead, &must);
            for (i, j, f) in &mut edges {
                let (ki, kj) = (pos[*i], pos[*j]);
                if ki == usize::MAX || kj == usize::MAX {
                    continue;
                }
                f.push((first, i64::from(ki < s1)));
                f.push((first + 1, -(ki as i64)));
                if let Some(o) = slot[ki] {
                    f.push((first + 2 + o, if ki < s1 { -1 } else { 1 }));
                }
            }
            let mut extra = vec![rw, sum_w];
            extra.extend(std::iter::repeat_n(2, chunk.len()));
            let mate = solve(nv, &widths_with(&extra), &edges)?;
            for &k in chunk {
                let i = remainder[k];
                if mate[i].is_some_and(|j| pos[j] != usize::MAX && pos[j] > k) {
                    must[i] = true;
                } else {
                    no_lead[i] = true;
                }
            }
        }
        // The first transposition: each leader in order meets the highest opponent.
        let leaders: Vec<usize> = remainder.iter().copied().filter(|&i| must[i]).collect();
        // When every follower has a leader (nobody of the remainder floats), the players
        // outside the remainder pair the same way whatever the transposition: leave them
        // out of these matchings (the criteria's totals change by a constant only).
        let closed = 2 * leaders.len() == nr;
        let current =
            |alive: &[bool], no_lead: &[bool], must: &[bool]| -> Vec<(usize, usize, Fields)> {
                let mut edges = current(alive, no_lead, must);
                if closed {
                    edges.retain(|(i, j, _)| pos[*i] != usize::MAX && pos[*j] != usize::MAX);
                }
                edges
            };
        // Fast path: the identity (leader k meets follower k) when it is as good as the
        // best pairing under the decisions so far.
        {
            let edges = current(&alive, &no_lead, &must);
            let (mate, target) = match no_exchange_best.take() {
                // The same decisions and the same graph: no need to match again.
                Some(found) if !closed => found,
                _ => {
                    let mate = solve(nv, &widths_with(&[]), &edges)?;
                    let t = totals(&mate, &edges);
                    (mate, t)
                }
            };
            let followers: Vec<usize> = remainder.iter().copied().filter(|&i| !must[i]).collect();
            let identity: Vec<(usize, usize)> = leaders
                .iter()
                .zip(followers.iter())
                .map(|(&a, &b)| (a, b))
                .collect();
            // The best matching found may be the identity itself.
            if identity.len() == leaders.len() && identity.iter().all(|&(a, b)| mate[a] == Some(b))
            {
                for (a, b) in identity {
                    mate_out[a] = Some(b);
                    mate_out[b] = Some(a);
                }
                return Ok(mate_out);
            }
            let lookup: std::collections::HashMap<(usize, usize), &Fields> = edges
                .iter()
                .filter(|(i, _, _)| must[*i])
                .map(|(i, j, f)| ((*i, *j), f))
                .collect();
            if identity.len() == leaders.len()
                && identity
                    .iter()
                    .all(|&(a, b)| a < b && lookup.contains_key(&(a, b)))
            {
                let mut t = vec![0i64; nbase + 1];
                for (a, b) in &identity {
                    for &(k, v) in lookup[&(*a, *b)] {
                        if k <= nbase {
                            t[k] += v;
                        }
                    }
                }
                let (mut al, mut nl) = (alive.clone(), no_lead.clone());
                for &(a, b) in &identity {
                    al[a] = false;
                    al[b] = false;
                }
                for &i in &followers {
                    nl[i] = true;
                }
                let rest = current(&al, &nl, &must);
                let rest_mate = solve(nv, &widths_with(&[]), &rest)?;
                for (k, v) in totals(&rest_mate, &rest).into_iter().enumerate() {
                    t[k] += v;
                }
                if t == target {
                    for (a, b) in identity {
                        mate_out[a] = Some(b);
                        mate_out[b] = Some(a);
                    }
                    return Ok(mate_out);
                }
            }
        }
        for chunk in leaders.chunks(((FIELD_BITS / rw) as usize).max(1)) {
            let slot = slots(nv, chunk);
            let mut edges = current(&alive, &no_lead, &must);
            for (i, j, f) in &mut edges {
                if pos[*j] == usize::MAX {
                    continue;
                }
                if let Some(o) = slot[*i] {
                    f.push((first + o, (nr - pos[*j]) as i64));
                }
            }
            let mate = solve(nv, &widths_with(&vec![rw; chunk.len()]), &edges)?;
            for &i in chunk {
                if let Some(j) = mate[i].filter(|&j| j < nb) {
                    mate_out[i] = Some(j);
                    mate_out[j] = Some(i);
                    alive[i] = false;
                    alive[j] = false;
                }
            }
        }
        Ok(mate_out)
    }

    /// The graph of a bracket (its first `movers` players moved down from above) and
    /// `next` (the next score group, or all remaining players when `special`), with
    /// the fields of the quality criteria C5–C19 (and completion, C4, when `special`) on
    /// every edge allowed by the absolute criteria.
    fn base_edges(
        &self,
        bracket: &[usize],
        movers: usize,
        next: &[usize],
        special: bool,
        final_brackets: bool,
    ) -> Base {
        let nb = bracket.len();
        let graph: Vec<usize> = bracket.iter().chain(next.iter()).copied().collect();
        let ng = graph.len();
        let with_dummy = special && ng % 2 == 1;
        let nv = ng + usize::from(with_dummy);
        let sc = |i: usize| i64::from(self.players[graph[i]].score);
        let min = graph
            .iter()
            .map(|&g| i64::from(self.players[g].score))
            .min()
            .unwrap_or(0);
        // Distinct score differences: downfloaters' (score − lowest + 1 point) and pairs'.
        let mut diffs: Vec<i64> = Vec::new();
        for i in 0..nb {
            diffs.push(sc(i) - min + 2);
            for j in i + 1..nb {
                diffs.push(sc(i) - sc(j));
            }
        }
        diffs.sort_unstable_by(|a, b| b.cmp(a));
        diffs.dedup();
        let nd = diffs.len();
        let sub = |d: i64| diffs.iter().position(|&x| x == d).unwrap_or(nd - 1);

        // A count over the matching is at most nv in size; one bit more for the sign.
        let nbits = bits(nv as u64) + 1;
        let rounds = self.played_rounds;
        let mut widths = Vec::new();
        if special {
            widths.push(nbits); // completion
        }
        widths.push(nbits); // C5
        widths.extend(std::iter::repeat_n(nbits, nd)); // C6
        if !special {
            widths.push(nbits + 3); // C7 pairs
            widths.extend(std::iter::repeat_n(nbits, nd)); // C7 PSD
        }
        widths.extend([nbits; 4]); // C8–C11
        let float_fields = match rounds {
            0 => 0,
            1 => 2,
            _ => 4,
        };
        widths.extend(std::iter::repeat_n(nbits, float_fields)); // C12–C15
        widths.extend(std::iter::repeat_n(nbits, float_fields * nd)); // C16–C19

        let mut values: Vec<i64> = vec![0; widths.len()];
        let mut edges_vals: Vec<(usize, usize, Fields)> = Vec::new();
        for j in 0..nv {
            for i in 0..j {
                if j < movers {
                    continue; // movers are not paired with each other
                }
                values.iter_mut().for_each(|v| *v = 0);
                let mut f = 0usize;
                if j == ng {
                    // The dummy: the bye, for eligible players only (C2).
                    if !self.players[graph[i]].eligible {
                        continue;
                    }
                    values[0] = 1;
                    edges_vals.push((i, j, vec![(0, 1)]));
                    continue;
                }
                let (a, b) = (graph[i], graph[j]);
                if !self.compatible(a, b) {
                    continue;
                }
                let (pa, pb) = (&self.players[a], &self.players[b]);
                let in_a = i < nb;
                let in_b = j < nb;
                if special {
                    values[f] = 1;
                    f += 1;
                }
                // C5: pairs in the bracket.
                values[f] = i64::from(in_b);
                f += 1;
                // C6: the bracket's score differences (downfloaters count with their
                // artificial difference until paired).
                if in_b {
                    values[f + sub(sc(i) - min + 2)] += 1;
                    values[f + sub(sc(j) - min + 2)] += 1;
                    values[f + sub(sc(i) - sc(j))] -= 1;
                }
                f += nd;
                if !special {
                    // C7: pairs and score differences in the next bracket.
                    values[f] = if final_brackets {
                        1 + i64::from(!pa.eligible) + i64::from(!pb.eligible)
                    } else {
                        i64::from(!in_b)
                    };
                    f += 1;
                    if in_a {
                        values[f + sub(sc(i) - min + 2)] += 1;
                    }
                    if in_b {
                        values[f + sub(sc(j) - min + 2)] += 1;
                    }
                    f += nd;
                }
                // C8–C11: colours (for pairs in the bracket).
                let (p, o) = (pb, pa);
                let c8 = !(p.absolute_imbalance() && o.absolute_imbalance() && p.pref == o.pref);
                let c9 = !p.absolute
                    || !o.absolute
                    || p.pref != o.pref
                    || if p.imbalance == o.imbalance {
                        p.repeated.is_none() || p.repeated != o.repeated
                    } else {
                        let smaller = if p.imbalance > o.imbalance { o } else { p };
                        smaller.repeated != p.pref.map(Colour::invert)
                    };
                let c10 = p.pref.is_none() || o.pref.is_none() || p.pref != o.pref;
                let c11 = (!p.strong && !p.absolute)
                    || (!o.strong && !o.absolute)
                    || (p.absolute && o.absolute)
                    || p.pref != o.pref;
                for c in [c8, c9, c10, c11] {
                    values[f] = i64::from(in_b && c);
                    f += 1;
                }
                // C12–C15: repeated floats (maximised: players who floated down and do
                // not now; minimised: players who floated up and do again).
                let higher_score = pa.score > pb.score;
                let backs: &[(Float, Float)] = match rounds {
                    0 => &[],
                    1 => &[(pa.float1, pb.float1)],
                    _ => &[(pa.float1, pb.float1), (pa.float2, pb.float2)],
                };
                let mut count_fields = [0i64; 4];
                for (k, &(fa, fb)) in backs.iter().enumerate() {
                    if in_b {
                        count_fields[2 * k] = i64::from(fb == Float::Down)
                            + i64::from(!higher_score && fa == Float::Down);
                        count_fields[2 * k + 1] = -i64::from(higher_score && fb == Float::Up);
                    }
                }
                // Order of C12..C15: down 1, up 1, down 2, up 2.
                for v in count_fields.iter().take(float_fields) {
                    values[f] = *v;
                    f += 1;
                }
                // C16–C19: their score differences.
                for &(fa, fb) in backs {
                    if in_b {
                        if fb == Float::Down {
                            values[f + sub(sc(j) - min + 2)] += 1;
                        }
                        if fa == Float::Down {
                            values[f + sub(sc(i) - min + 2)] += 1;
                            if higher_score {
                                values[f + sub(sc(i) - sc(j))] -= 1;
                            }
                        }
                    }
                    f += nd;
                    if in_b && fb == Float::Up && higher_score {
                        values[f + sub(sc(i) - sc(j))] -= 1;
                    }
                    f += nd;
                }
                debug_assert_eq!(f, values.len());
                let nonzero: Vec<(usize, i64)> = values
                    .iter()
                    .enumerate()
                    .filter(|(_, v)| **v != 0)
                    .map(|(k, v)| (k, *v))
                    .collect();
                if !nonzero.is_empty() {
                    edges_vals.push((i, j, nonzero));
                }
            }
        }
        Base {
            nv,
            ng,
            nb,
            widths,
            edges: edges_vals,
        }
    }

    /// The colour of player `a` against `b` (C.04.3 E.1–E.5).
    fn colour_of(&self, a: usize, b: usize) -> Colour {
        let (p, o) = (&self.players[a], &self.players[b]);
        if let Some(c) = self.neutral_colour(p, o) {
            return c;
        }
        let a_higher = self.above(a, b);
        match p.pref {
            // E.5: the higher-ranked player gets the initial colour if their pairing
            // number is odd (rank index even), else the other one.
            None => {
                let (higher, mine_if_higher) = if a_higher { (p, true) } else { (o, false) };
                let higher_colour = if higher.rank_index % 2 == 0 {
                    self.initial
                } else {
                    self.initial.invert()
                };
                if mine_if_higher {
                    higher_colour
                } else {
                    higher_colour.invert()
                }
            }
            // E.4 fallback: the higher-ranked player gets their preference.
            Some(pref) => {
                if a_higher {
                    pref
                } else {
                    o.pref.map(Colour::invert).unwrap_or(pref)
                }
            }
        }
    }

    /// E.1–E.4 where they decide, else `None`.
    fn neutral_colour(&self, p: &P, o: &P) -> Option<Colour> {
        let compatible = p.pref.is_none() || o.pref.is_none() || p.pref != o.pref;
        if compatible {
            // E.1: both get their preference.
            return p.pref.or(o.pref.map(Colour::invert));
        }
        // E.2: the stronger preference (absolute, then larger imbalance).
        if p.absolute && (p.imbalance > o.imbalance || !o.absolute) {
            return p.pref;
        }
        if o.absolute && (o.imbalance > p.imbalance || !p.absolute) {
            return o.pref.map(Colour::invert);
        }
        // E.3: a strong preference beats a mild one.
        if p.strong && !o.strong {
            return p.pref;
        }
        if o.strong && !p.strong {
            return o.pref.map(Colour::invert);
        }
        // E.4: alternate from the most recent round in which their colours differed.
        let mut ip = p.colours.iter().rev();
        let mut io = o.colours.iter().rev();
        loop {
            match (ip.next(), io.next()) {
                (Some(cp), Some(co)) if cp != co => return Some(*co),
                (Some(_), Some(_)) => continue,
                _ => return None,
            }
        }
    }
}
