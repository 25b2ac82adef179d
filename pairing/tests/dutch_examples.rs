//! Worked examples of the FIDE Dutch system (C.04.3, 2017 rules) and of the colour
//! rules E.1–E.5. Every expected pairing below is worked out by hand from the rules (the
//! reasoning is in each test's comment), not taken from this crate's output.

use pairing::{
    Colour, Error, Outcome, Pairing, Player, RoundEntry, Tournament, pair_dutch, pair_trf,
};

fn pairs(list: &[(u32, u32)]) -> Vec<Pairing> {
    list.iter()
        .map(|&(white, black)| Pairing { white, black })
        .collect()
}

fn fresh(n: u32, rounds: u32, initial: Colour) -> Tournament {
    Tournament {
        players: (1..=n)
            .map(|rank| Player {
                rank,
                history: vec![],
                present: true,
            })
            .collect(),
        total_rounds: rounds,
        initial_colour: initial,
    }
}

fn game(opponent: u32, colour: Colour, outcome: Outcome) -> RoundEntry {
    RoundEntry::game(opponent, colour, outcome)
}

use Colour::{Black as B, White as W};
use Outcome::{Draw, Loss, Win};

/// Round 1, ten players: one bracket, S1 = 1–5 against S2 = 6–10 (C.04.3 B.2 / D.1: the
/// first candidate, no transposition needed). Colours by E.5: the higher-ranked player
/// of each pair gets the initial colour (White, drawn by lot) when their pairing number
/// is odd, the other colour when it is even: 1-6, 7-2, 3-8, 9-4, 5-10.
#[test]
fn round_one_ten_players() {
    let t = fresh(10, 9, W);
    assert_eq!(
        pair_dutch(&t),
        Ok(pairs(&[(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)]))
    );
    // Black drawn for player 1: every colour flips.
    let t = fresh(10, 9, B);
    assert_eq!(
        pair_dutch(&t),
        Ok(pairs(&[(6, 1), (2, 7), (8, 3), (4, 9), (10, 5)]))
    );
}

/// Round 1, seven players: the pairing-allocated bye goes to the lowest-ranked player
/// (C2 with the D rules: S1 = 1–3, S2 = 4–7, the first candidate pairs 1-4, 2-5, 3-6
/// and leaves 7 over); the bye is listed last as "7 0". Colours by E.5 as above.
#[test]
fn round_one_odd_field_bye_to_the_last() {
    let t = fresh(7, 5, W);
    assert_eq!(pair_dutch(&t), Ok(pairs(&[(1, 4), (5, 2), (3, 6), (7, 0)])));
}

/// Round 2 of four players after 1-3 (1 wins with White) and 4-2 (2 wins with Black).
/// Brackets: {1, 2} with one point, {3, 4} with none. 1 played White so prefers Black
/// (mild), 2 prefers White: E.1 gives both their preference, 2-1. Likewise 3 (Black in
/// round 1) gets White against 4: 3-4. Board order: the higher score first.
#[test]
fn round_two_colour_preferences() {
    let mut t = fresh(4, 3, W);
    t.players[0].history = vec![game(3, W, Win)];
    t.players[1].history = vec![game(4, B, Win)];
    t.players[2].history = vec![game(1, B, Loss)];
    t.players[3].history = vec![game(2, W, Loss)];
    assert_eq!(pair_dutch(&t), Ok(pairs(&[(2, 1), (3, 4)])));
}

/// Round 3 of four players. Round 1: 1-3 1-0, 4-2 0-1; round 2: 2-1 1-0, 3-4 1-0.
/// Scores: 2 has 2, 1 and 3 have 1, 4 has 0. 2 has met 4 and 1 (C1), so 2 meets 3 and 1
/// meets 4 (2 floats down, 3 up). Colours: 2 (B, W) and 3 (B, W) both prefer Black
/// mildly with identical histories, so E.5 gives the higher-ranked (2, on score) their
/// preference: 3-2. 1 (W, B) and 4 (W, B) both prefer White, same histories: the higher,
/// 1, gets White: 1-4.
#[test]
fn round_three_no_rematch_and_equal_preferences() {
    let mut t = fresh(4, 5, W);
    t.players[0].history = vec![game(3, W, Win), game(2, B, Loss)];
    t.players[1].history = vec![game(4, B, Win), game(1, W, Win)];
    t.players[2].history = vec![game(1, B, Loss), game(4, W, Win)];
    t.players[3].history = vec![game(2, W, Loss), game(3, B, Loss)];
    assert_eq!(pair_dutch(&t), Ok(pairs(&[(3, 2), (1, 4)])));
}

/// Absolute colour preferences (C3, E.2). Four players, all games drawn: round 1 1-3,
/// 4-2; round 2 2-1, 4-3. Histories: 1: W, B; 2: B, W; 3: B, B; 4: W, W; all on 1
/// point. Round 3: 3 (BB) must have White, 4 (WW) Black. 1-3, 2-4, 1-2 and 3-4 have
/// met (C1), leaving 1-4 and 2-3. 4 needs Black: 1-4; 3 needs White: 3-2. Board order
/// among equal scores: by the higher player's rank: 1-4, then 3-2.
#[test]
fn absolute_preferences_decide_colours() {
    let mut t = fresh(4, 5, W);
    t.players[0].history = vec![game(3, W, Draw), game(2, B, Draw)];
    t.players[1].history = vec![game(4, B, Draw), game(1, W, Draw)];
    t.players[2].history = vec![game(1, B, Draw), game(4, B, Draw)];
    t.players[3].history = vec![game(2, W, Draw), game(3, W, Draw)];
    assert_eq!(pair_dutch(&t), Ok(pairs(&[(1, 4), (3, 2)])));
}

/// C1 + C3 together leave nothing: four players who have all played White twice (1, 2)
/// or Black twice (3, 4), each having met both of the other colour. 1-2 and 3-4 would
/// give someone a third same colour in a row (absolute criterion C3, not the last
/// round), every other pair is a rematch (C1): no valid pairing.
#[test]
fn no_valid_pairing_is_an_error() {
    let mut t = fresh(4, 5, W);
    t.players[0].history = vec![game(3, W, Draw), game(4, W, Draw)];
    t.players[1].history = vec![game(4, W, Draw), game(3, W, Draw)];
    t.players[2].history = vec![game(1, B, Draw), game(2, B, Draw)];
    t.players[3].history = vec![game(2, B, Draw), game(1, B, Draw)];
    assert_eq!(pair_dutch(&t), Err(Error::NoValidPairing));
    // In the last round the exception for topscorers (more than 50 %) does not apply
    // either: everyone has exactly 50 %.
    t.total_rounds = 3;
    assert_eq!(pair_dutch(&t), Err(Error::NoValidPairing));
}

/// C2: a player who already had the pairing-allocated bye cannot get it again. Round 2
/// of three players after 1-2 (1 wins) and the bye for 3: brackets {1, 3} (one point)
/// and {2}. 1-3 is allowed, leaving 2 the bye: 2 is eligible. Colours: 1 (W) prefers
/// Black, 3 has no colour history: 3-1. Then the bye "2 0".
#[test]
fn second_bye_is_avoided() {
    let mut t = fresh(3, 3, W);
    t.players[0].history = vec![game(2, W, Win)];
    t.players[1].history = vec![game(1, B, Loss)];
    t.players[2].history = vec![RoundEntry::without_game(Outcome::PairingBye)];
    assert_eq!(pair_dutch(&t), Ok(pairs(&[(3, 1), (2, 0)])));
    // Had 2 won instead, the bye would still not go back to 3: 2 (1 point) meets 3
    // (1 point), 1 gets the bye. 2 (Black in round 1) prefers White, 3 has no colour
    // history and so no preference: E.1 gives 2 White, 2-3.
    t.players[0].history = vec![game(2, W, Loss)];
    t.players[1].history = vec![game(1, B, Win)];
    assert_eq!(pair_dutch(&t), Ok(pairs(&[(2, 3), (1, 0)])));
}

/// The TRF entry point, with a player absent from round 1 (a requested half-point bye
/// "0000 - H" in the round-1 column). Present: 1, 2, 4, 5; player 3 was never paired, so
/// the pairing numbers for E.5 are 1, 2, 4→3, 5→4 (as bbpPairings counts them). S1 =
/// {1, 2}, S2 = {4, 5}: 1-4 (odd number, initial colour White), 5-2 (2 is even, Black).
#[test]
fn trf_absent_player_and_output_format() {
    let pad = |rank: u32| {
        format!(
            "001 {rank:>4}      {:<33} {:>4} {:>3} {:>11} {:>10}  0.0 {:>4}",
            format!("Player {rank}"),
            2000,
            "GER",
            "",
            "",
            ""
        )
    };
    let mut trf = String::from("012 Test\r\nXXR 5\r\nXXC white1\r\n");
    for rank in 1..=5 {
        let mut line = pad(rank);
        if rank == 3 {
            line.push_str("  0000 - H");
        }
        trf.push_str(&line);
        trf.push('\r'); // CR alone, as some tools write it
    }
    assert_eq!(pair_trf(&trf), Ok("2\n1 4\n5 2\n".to_string()));
}
