//! Tournament pairings for Spieltisch (issue 39, "Tournaments"): pure, deterministic
//! functions without I/O, async or panics (every failure is an [`Error`]).
//!
//! # What is here
//!
//! * **Swiss pairing by the FIDE Dutch system**, [`pair_dutch`]: FIDE Handbook C.04.3 in
//!   its 2017 wording (the rules bbpPairings 5 and JaVaFo implement), with the general
//!   rules of C.04.1 and the colour allocation C.04.3 E.1–E.5. Input: players by
//!   starting rank with their round-by-round history ([`RoundEntry`]: opponent, colour,
//!   [`Outcome`]); scores are computed on an integer scale of half-points (win 2, draw 1,
//!   the pairing-allocated bye 2). Output: [`Pairing`]s (White, Black by starting rank;
//!   Black 0 for the bye) in board order.
//! * **Round robin by the Berger tables** of FIDE C.05 Annex 1, [`berger_tables`].
//! * **TRF-16 / TRF(x)**: [`parse_trf`] reads a FIDE Tournament Report File as
//!   bbpPairings does, [`pair_trf`] pairs its next round and writes the result like
//!   `bbpPairings --dutch FILE -p OUT` (the number of pairs, then `white black` per
//!   line, the bye as `rank 0`); [`trf::write_trf`] writes a minimal TRF(x).
//! * A maximum weight matching for general graphs, [`blossom`], generic over the
//!   weight (wide integers here).
//!
//! # How the Dutch system is done
//!
//! As in bbpPairings (its code was read for guidance; nothing is copied): brackets are
//! paired from the top score group down; each bracket, together with the next score
//! group, becomes a graph whose edges are the pairs the absolute criteria allow, and
//! a maximum weight matching on it picks the pairing. An edge's weight is a wide
//! integer whose bit fields, most significant first, hold the quality criteria in
//! their order, so that the matching optimises them lexicographically:
//!
//! * absolute: C1 no rematch (of games played over the board; a forfeit may be
//!   re-paired), C2 at most one pairing-allocated bye, and only to a player who has
//!   had neither one nor a forfeit win, C3 no two non-topscorers with the same absolute
//!   colour preference (colour difference beyond ±2 or three in a row); topscorers
//!   (more than 50 % of the possible score) are exempt in the last round;
//! * C4 completion: after each bracket a check that everyone left can still be paired;
//!   where not, the bracket is paired again as the penultimate pairing bracket, together
//!   with everyone below; the bye is a dummy vertex joined to the eligible players;
//! * C5 most pairs, C6 least pairing score differences (each distinct difference its
//!   own field, downfloaters counted against an artificial opponent one point below the
//!   bracket), C7 most pairs and least differences in the next bracket;
//! * C8–C11 colours (topscorers' colour difference and three-in-a-row, then
//!   preferences, then strong preferences), C12–C15 repeated downfloats/upfloats from
//!   the last two rounds (a round without a game counts as a downfloat), C16–C19 their
//!   score differences.
//!
//! Among equally good pairings the order of the candidates in the D rules decides,
//! one decision after another in that order, each by further lexicographic fields
//! below the criteria (a few dozen per matching, so brackets of any size stay exact;
//! decisions taken are pinned for the later matchings): which moved-down players are
//! paired (the higher first) and whom they meet (the highest resident first), then in
//! the remainder (S1 = its first P players for its P pairs) the fewest exchanges, the
//! smallest difference of the exchanged BSN sums, the lowest S1 and the highest S2
//! players exchanged, and the first transposition (each player who leads a pair, in
//! order, meets the highest opponent still possible). Two shortcuts skip the
//! step-by-step matchings when "no exchange" and then "no transposition" are as good
//! as the best pairing, which is most brackets. Colours follow E.1–E.5.
//!
//! Checked against bbpPairings 5.0.1 (built from its published source, outside this
//! repository) on tournaments from its own random generator: same pairs and colours
//! in every round compared (figures in the commit history and the issue report). A
//! pairing costs a few maximum weight matchings (O(n³)) per bracket.
//!
//! # Known deviations and gaps
//!
//! * Exchanges are read as bbpPairings reads them: a player of S1 is exchanged when
//!   they do not lead (are not the higher-ranked player of) a pair in the remainder,
//!   a player of S2 when they do.
//! * The standard point system only (win 1, draw ½, pairing-allocated bye 1); the TRF
//!   points column is not read but recomputed from the results (bbpPairings refuses a
//!   file whose points disagree). No acceleration (`XXA`), no forbidden pairs (`XXP`),
//!   no TRF-2026 codes, no "pre-paired next round" TRF variant.
//! * Not the 2025/2026 revision of the Dutch rules (bbpPairings 6).
//! * A "double" round (every pairing played twice, colours swapped) is the caller's:
//!   [`Pairing::swapped`] gives the second game; record the first game's colours in the
//!   history.

pub mod berger;
pub mod blossom;
pub mod dutch;
pub mod trf;

pub use berger::{Game, berger_tables};
pub use dutch::{Colour, Outcome, Pairing, Player, RoundEntry, Tournament, pair_dutch};
pub use trf::{format_pairings, pair_trf, parse_trf};

/// Everything that can go wrong; no function of this crate panics.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A round robin needs 2 to [`berger::MAX_ROUND_ROBIN_PLAYERS`] players.
    #[error("a round robin needs 2 to {max} players, not {0}", max = berger::MAX_ROUND_ROBIN_PLAYERS)]
    RoundRobinSize(u32),
    /// Two players share a starting rank.
    #[error("starting rank {0} is given twice")]
    DuplicateRank(u32),
    /// A starting rank of 0 (ranks start at 1).
    #[error("starting rank {0} is not valid (ranks start at 1)")]
    BadRank(u32),
    /// A history names an opponent who is not in the tournament (or the player).
    #[error("player {player} has an unknown opponent {opponent}")]
    UnknownOpponent {
        /// The player's starting rank.
        player: u32,
        /// The opponent's starting rank as given.
        opponent: u32,
    },
    /// The absolute criteria (C1–C3: no repeat pairing, at most one bye, colours) cannot
    /// all hold: no pairing exists.
    #[error("no pairing satisfies the absolute criteria (no rematch, one bye at most, colours)")]
    NoValidPairing,
    /// Beyond the sizes this crate handles.
    #[error("too large: {0}")]
    TooLarge(String),
    /// A TRF line that cannot be read.
    #[error("TRF line {line}: {reason}")]
    Trf {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
}
