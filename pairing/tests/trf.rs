//! TRF-16 / TRF(x): writing a tournament and reading it back gives the same pairing
//! input; the reader is as tolerant as bbpPairings; errors carry the line.

mod common;

use pairing::trf::write_trf;
use pairing::{Colour, Error, Outcome, format_pairings, pair_dutch, pair_trf, parse_trf};

#[test]
fn round_trip_of_random_tournaments() {
    for case in 0..200u64 {
        let mut rng = common::Rng(case + 77);
        let n = rng.range(6, 30) as u32;
        let rounds = rng.range(1, 7) as u32;
        let mut t = common::new_tournament(
            n,
            rounds + 2,
            if case % 2 == 0 {
                Colour::White
            } else {
                Colour::Black
            },
        );
        for _ in 0..rounds {
            for p in &mut t.players {
                p.present = !rng.chance(8);
            }
            let Ok(pairs) = pair_dutch(&t) else { break };
            common::play_round(&mut t, &pairs, &mut rng, true);
        }
        // Some players announce their absence from the next round.
        for p in &mut t.players {
            p.present = !rng.chance(10);
        }
        let text = write_trf(&t);
        let back = parse_trf(&text).unwrap_or_else(|e| panic!("case {case}: {e}\n{text}"));
        assert_eq!(back, t, "case {case}\n{text}");
        assert_eq!(pair_trf(&text), pair_dutch(&t).map(|p| format_pairings(&p)));
    }
}

/// A hand-written TRF-16 excerpt in the layout of the FIDE specification (columns as in
/// the TRF-16 description: rank 5-8, name 15-47, rating 49-52, points 81-84, rounds from
/// 92 in blocks of 10), with lower-case results, CR LF line ends, a forfeit, a
/// pairing-allocated bye and a line without round blocks.
#[test]
fn reads_a_hand_written_file() {
    let lines = [
        "012 Club Open",
        "XXR 7",
        "001    1 m    Alpha, Anna                       2100 GER    12345678 1990/01/01  1.0    1     3 w 1  ",
        "001    2 m    Beta, Bert                        2000 GER                         1.0    2  0000 - U  ",
        "001    3 w    Gamma, Gina                       1900 GER                         0.0    3     1 b 0  ",
        "001    4      Delta, Dan                        1800                             1.0    4     5 - +",
        "001    5      Epsilon, Eve                      1700                             0.0    5     4 - -",
        "001    6      Zeta, Zoe                         1600                             0.0    6",
    ];
    let text = lines.join("\r\n");
    let t = parse_trf(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(t.total_rounds, 7);
    // No XXC: player 1 had White in round 1, so White was the initial colour.
    assert_eq!(t.initial_colour, Colour::White);
    let by = |r: u32| {
        t.players
            .iter()
            .find(|p| p.rank == r)
            .map(|p| p.history.clone())
            .unwrap_or_default()
    };
    assert_eq!(by(1)[0].outcome, Outcome::Win);
    assert!(by(1)[0].played());
    assert_eq!(by(2)[0].outcome, Outcome::PairingBye);
    assert_eq!(by(4)[0].outcome, Outcome::ForfeitWin);
    assert!(!by(4)[0].played());
    assert_eq!(by(5)[0].outcome, Outcome::ForfeitLoss);
    // Player 6 has no round-1 block: not paired, no points (padded as absent).
    assert_eq!(by(6)[0].outcome, Outcome::Absent);
    assert!(t.players.iter().all(|p| p.present));
    // Round 2 by hand. One point: 1, 2 (the bye), 4 (the forfeit win); nought: 3, 5, 6.
    // Bracket {1, 2, 4}: one pair, one floater. 2 and 4 did not play round 1, which
    // counts as a downfloat (C.04.3 A: a player who does not play "receives a
    // downfloat"), so letting 1 float instead of 4 (the first candidate, 1-2, would)
    // avoids a repeated downfloat (C12): 2-4, colours by E.5 (neither has a colour; the
    // higher, 2, has an even pairing number, so the other colour than White): 4-2.
    // Bracket {1 (moved down); 3, 5, 6}: 1 has met 3, so 1 meets 5 (a forfeit is no game,
    // so 4-5 could meet again, but they are not in one bracket); 1 played White and 5
    // has no colour: 5-1. Remainder 3-6: 3 played Black, so White: 3-6.
    // Board order: 4-2 (both 1 point), 5-1 (higher 1 point, lower 0), 3-6.
    assert_eq!(pair_trf(&text), Ok("3\n4 2\n5 1\n3 6\n".to_string()));
}

#[test]
fn errors_name_the_line() {
    let text = "012 x\n001    x      Bad\n";
    assert!(matches!(parse_trf(text), Err(Error::Trf { line: 2, .. })));
    let text = "001    1      A                                 2000                             0.0    1     2 q 1\n";
    assert!(matches!(parse_trf(text), Err(Error::Trf { line: 1, .. })));
    let text = "001    1      A                                 2000                             0.0    1     2 w ?\n";
    assert!(matches!(parse_trf(text), Err(Error::Trf { line: 1, .. })));
    let text = "XXR many\n";
    assert!(matches!(parse_trf(text), Err(Error::Trf { line: 1, .. })));
    // Unknown opponents and duplicate ranks are found when pairing.
    let text = "001    1      A                                 2000                             0.0    1     9 w 1\n";
    assert!(matches!(
        pair_trf(text),
        Err(Error::UnknownOpponent {
            player: 1,
            opponent: 9
        })
    ));
    let text = "001    1      A\n001    1      B\n";
    assert_eq!(pair_trf(text), Err(Error::DuplicateRank(1)));
    // Nothing to pair: no pairs.
    assert_eq!(pair_trf(""), Ok("0\n".to_string()));
}

#[test]
fn garbage_never_panics() {
    let mut rng = common::Rng(5);
    let alphabet: Vec<char> = "0123456789 wb-+=UHFZXR01\n\r\u{e9}".chars().collect();
    for _ in 0..2000 {
        let len = rng.range(0, 400) as usize;
        let mut s: String = (0..len)
            .map(|_| alphabet[rng.range(0, alphabet.len() as u64 - 1) as usize])
            .collect();
        if rng.chance(50) {
            s = format!("001 {s}");
        }
        let _ = pair_trf(&s);
    }
}
