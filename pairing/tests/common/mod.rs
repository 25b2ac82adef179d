//! Random tournaments for the property test and the bench: a seeded generator (no
//! dependency), random presence and results, the round's results appended to the history.

#![allow(dead_code)]

use pairing::{Colour, Outcome, Pairing, Player, RoundEntry, Tournament};

/// SplitMix64: small, seeded, reproducible.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }

    /// True with probability `percent` %.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// `n` players ranked 1..=n, no rounds played yet.
pub fn new_tournament(n: u32, total_rounds: u32, initial: Colour) -> Tournament {
    Tournament {
        players: (1..=n)
            .map(|rank| Player {
                rank,
                history: Vec::new(),
                present: true,
            })
            .collect(),
        total_rounds,
        initial_colour: initial,
    }
}

/// Appends a round to every history: random results for the pairs (rarely a forfeit),
/// the pairing-allocated bye, and for the absent a half-point bye or nothing.
pub fn play_round(t: &mut Tournament, pairs: &[Pairing], rng: &mut Rng, forfeits: bool) {
    let index: std::collections::HashMap<u32, usize> = t
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.rank, i))
        .collect();
    let mut done = vec![false; t.players.len()];
    for p in pairs {
        let w = index[&p.white];
        done[w] = true;
        if p.is_bye() {
            t.players[w]
                .history
                .push(RoundEntry::without_game(Outcome::PairingBye));
            continue;
        }
        let b = index[&p.black];
        done[b] = true;
        if forfeits && rng.chance(3) {
            let (win, lose) = if rng.chance(50) { (w, b) } else { (b, w) };
            let (rw, rl) = (t.players[win].rank, t.players[lose].rank);
            t.players[win].history.push(RoundEntry {
                opponent: Some(rl),
                colour: None,
                outcome: Outcome::ForfeitWin,
            });
            t.players[lose].history.push(RoundEntry {
                opponent: Some(rw),
                colour: None,
                outcome: Outcome::ForfeitLoss,
            });
            continue;
        }
        let roll = rng.range(0, 99);
        let (ow, ob) = if roll < 40 {
            (Outcome::Win, Outcome::Loss)
        } else if roll < 70 {
            (Outcome::Draw, Outcome::Draw)
        } else {
            (Outcome::Loss, Outcome::Win)
        };
        t.players[w]
            .history
            .push(RoundEntry::game(p.black, Colour::White, ow));
        t.players[b]
            .history
            .push(RoundEntry::game(p.white, Colour::Black, ob));
    }
    for (i, p) in t.players.iter_mut().enumerate() {
        if !done[i] {
            let outcome = if rng.chance(50) {
                Outcome::HalfBye
            } else {
                Outcome::Absent
            };
            p.history.push(RoundEntry::without_game(outcome));
        }
    }
}
