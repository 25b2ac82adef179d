//! Property test over 10,000 random tournaments (2 to 40 players, 2 to 9 rounds,
//! random results, absences, half-point byes and forfeits): every round the Dutch
//! pairing must keep the absolute criteria, checked here independently of the crate:
//! every present player paired exactly once (absent ones not at all), no repeat
//! pairing (C1), at most one pairing-allocated bye per player and only to a player
//! without a bye or forfeit win before (C2), and for everyone who is not a topscorer
//! in the last round no colour difference beyond ±2 and no three same colours in a
//! row (C3). When the crate finds no valid pairing, a brute-force search (fields of up
//! to 14 present players) must find none either.

mod common;

use common::Rng;
use pairing::{Colour, Error, Outcome, Tournament, pair_dutch};
use std::collections::HashMap;

/// Played colours of a player (forfeits and byes excluded).
fn colours(t: &Tournament, rank: u32) -> Vec<Colour> {
    let p = t.players.iter().find(|p| p.rank == rank);
    p.map(|p| {
        p.history
            .iter()
            .filter(|e| e.played())
            .filter_map(|e| e.colour)
            .collect()
    })
    .unwrap_or_default()
}

fn violates_c3(seq: &[Colour]) -> bool {
    let w = seq.iter().filter(|&&c| c == Colour::White).count() as i64;
    let b = seq.len() as i64 - w;
    let three = seq.len() >= 3
        && seq[seq.len() - 3..]
            .iter()
            .all(|&c| c == seq[seq.len() - 1]);
    (w - b).abs() > 2 || three
}

struct Facts {
    met: HashMap<u32, Vec<u32>>,
    score: HashMap<u32, u32>,
    colours: HashMap<u32, Vec<Colour>>,
    eligible: HashMap<u32, bool>,
    played: u32,
    last_round: bool,
}

fn facts(t: &Tournament) -> Facts {
    let played = t.players.iter().map(|p| p.history.len()).max().unwrap_or(0) as u32;
    Facts {
        met: t
            .players
            .iter()
            .map(|p| {
                (
                    p.rank,
                    p.history
                        .iter()
                        .filter(|e| e.played())
                        .filter_map(|e| e.opponent)
                        .collect(),
                )
            })
            .collect(),
        score: t
            .players
            .iter()
            .map(|p| {
                (
                    p.rank,
                    p.history.iter().map(|e| e.outcome.half_points()).sum(),
                )
            })
            .collect(),
        colours: t
            .players
            .iter()
            .map(|p| (p.rank, colours(t, p.rank)))
            .collect(),
        eligible: t
            .players
            .iter()
            .map(|p| {
                (
                    p.rank,
                    !p.history
                        .iter()
                        .any(|e| matches!(e.outcome, Outcome::PairingBye | Outcome::ForfeitWin)),
                )
            })
            .collect(),
        played,
        last_round: played + 1 >= t.total_rounds,
    }
}

impl Facts {
    fn topscorer(&self, r: u32) -> bool {
        self.score[&r] > self.played
    }
    /// Whether a and b may meet with some colour allocation under C1 and C3.
    fn may_meet(&self, a: u32, b: u32) -> bool {
        if self.met[&a].contains(&b) {
            return false;
        }
        let exempt = self.last_round && (self.topscorer(a) || self.topscorer(b));
        let ok = |white: u32, black: u32| {
            let mut w = self.colours[&white].clone();
            w.push(Colour::White);
            let mut bl = self.colours[&black].clone();
            bl.push(Colour::Black);
            exempt || (!violates_c3(&w) && !violates_c3(&bl))
        };
        ok(a, b) || ok(b, a)
    }
    fn brute(&self, left: &mut Vec<u32>) -> bool {
        let Some(a) = left.pop() else { return true };
        if left.len().is_multiple_of(2) && self.eligible[&a] && self.brute(left) {
            left.push(a);
            return true;
        }
        for i in 0..left.len() {
            let b = left[i];
            if self.may_meet(a, b) {
                left.remove(i);
                let found = self.brute(left);
                left.insert(i, b);
                if found {
                    left.push(a);
                    return true;
                }
            }
        }
        left.push(a);
        false
    }
}

#[test]
fn ten_thousand_random_tournaments_keep_the_absolute_criteria() {
    let mut rounds_paired = 0u32;
    let mut stopped = 0u32;
    for case in 0..10_000u64 {
        let mut rng = Rng(case.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0x5EED);
        let n = rng.range(2, 40) as u32;
        let rounds = rng.range(2, 9) as u32;
        let initial = if rng.chance(50) {
            Colour::White
        } else {
            Colour::Black
        };
        let mut t = common::new_tournament(n, rounds, initial);
        for _ in 0..rounds {
            for p in &mut t.players {
                p.present = !rng.chance(6);
            }
            let f = facts(&t);
            let present: Vec<u32> = t
                .players
                .iter()
                .filter(|p| p.present)
                .map(|p| p.rank)
                .collect();
            let pairs = match pair_dutch(&t) {
                Ok(pairs) => pairs,
                Err(Error::NoValidPairing) => {
                    if present.len() <= 14 {
                        let mut left = present.clone();
                        assert!(
                            !f.brute(&mut left),
                            "case {case}: a pairing exists but none was found"
                        );
                    }
                    stopped += 1;
                    break;
                }
                Err(e) => panic!("case {case}: {e}"),
            };
            rounds_paired += 1;
            let mut seen: HashMap<u32, u32> = HashMap::new();
            for p in &pairs {
                *seen.entry(p.white).or_default() += 1;
                if p.is_bye() {
                    assert!(
                        f.eligible[&p.white],
                        "case {case}: a second bye or a bye after a forfeit win for {}",
                        p.white
                    );
                    assert_eq!(present.len() % 2, 1, "case {case}: a bye in an even field");
                    continue;
                }
                *seen.entry(p.black).or_default() += 1;
                assert!(
                    !f.met[&p.white].contains(&p.black),
                    "case {case}: rematch {} - {}",
                    p.white,
                    p.black
                );
                let exempt = f.last_round && (f.topscorer(p.white) || f.topscorer(p.black));
                for (rank, c) in [(p.white, Colour::White), (p.black, Colour::Black)] {
                    let mut seq = f.colours[&rank].clone();
                    seq.push(c);
                    assert!(
                        exempt || !violates_c3(&seq),
                        "case {case}: colours of {rank} would be {seq:?}"
                    );
                }
            }
            for r in &present {
                assert_eq!(
                    seen.get(r),
                    Some(&1),
                    "case {case}: player {r} paired {:?} times",
                    seen.get(r)
                );
            }
            assert_eq!(
                seen.len(),
                present.len(),
                "case {case}: an absent player was paired"
            );
            assert!(pairs.iter().filter(|p| p.is_bye()).count() <= 1);
            common::play_round(&mut t, &pairs, &mut rng, true);
        }
    }
    eprintln!(
        "{rounds_paired} rounds paired; {stopped} tournaments ended early without a valid pairing"
    );
    assert!(rounds_paired > 40_000);
}
