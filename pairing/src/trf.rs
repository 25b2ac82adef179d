//! FIDE Tournament Report File (TRF-16, with the TRF(x) extensions `XXR` and `XXC` of
//! JaVaFo and bbpPairings): reading the pairing input, writing the pairings as
//! bbpPairings prints them.

use crate::Error;
use crate::dutch::{Colour, Outcome, Pairing, Player, RoundEntry, Tournament, pair_dutch};

/// The first column of the round blocks on a `001` line (0-based character index).
const FIRST_ROUND_COLUMN: usize = 91;
/// Width of a round block: `oooo c r` plus two spaces.
const ROUND_WIDTH: usize = 10;

/// Reads a TRF(x) file into the Dutch pairing input.
///
/// Read: `001` player lines (starting rank in columns 5–8; rating 49–52 and points
/// 81–84 are not needed; one 10-character block per round from column 92: opponent's
/// starting rank in 4 digits or `0000`/blank, colour `w`/`b`/`-`/blank, result
/// `1 0 = + - W D L H F U Z` or blank), `XXR n` (total rounds) and `XXC white1`/`black1`
/// (colour of the top player in round 1). Other lines are ignored. Like bbpPairings:
/// results are case-insensitive; trailing blank blocks are dropped; the rounds paired so
/// far are the last round in which someone was paired (an opponent, `U` or `+`); a
/// player with an entry for the round after it (e.g. `0000 - H` for a requested bye, or
/// `Z`) is not paired; scores are recomputed from the results (win 1, draw ½, `U`/`F`/`+`
/// 1, `H` ½) rather than read from the points column; without `XXR` the next round is
/// taken as the last (topscorer rules); without `XXC` the initial colour is inferred
/// from round 1's colours as bbpPairings does, White if there are none.
///
/// Errors: [`Error::Trf`] with the line number for an unreadable starting rank,
/// opponent, colour or result, or `XXR`; the checks of [`pair_dutch`] apply later.
pub fn parse_trf(text: &str) -> Result<Tournament, Error> {
    let mut players: Vec<(Player, Vec<bool>)> = Vec::new();
    let mut total_rounds: Option<u32> = None;
    let mut initial: Option<Colour> = None;
    // Lines end with LF, CR LF or a lone CR (bbpPairings accepts all three).
    for (n, raw) in text
        .split('\n')
        .flat_map(|l| l.strip_suffix('\r').unwrap_or(l).split('\r'))
        .enumerate()
    {
        let line_no = n + 1;
        let err = |reason: &str| Error::Trf {
            line: line_no,
            reason: reason.to_string(),
        };
        let line: Vec<char> = raw.chars().collect();
        let field = |a: usize, b: usize| -> String { line.iter().skip(a).take(b - a).collect() };
        let prefix = field(0, 3);
        match prefix.as_str() {
            "001" => {
                let rank: u32 = field(4, 8)
                    .trim()
                    .parse()
                    .map_err(|_| err("starting rank (columns 5-8) is not a number"))?;
                if rank == 0 {
                    return Err(err("starting rank 0"));
                }
                let mut history = Vec::new();
                let mut participated = Vec::new();
                let mut start = FIRST_ROUND_COLUMN;
                while start < line.len() {
                    let block = field(start, start + 8);
                    let opp = block.chars().take(4).collect::<String>();
                    let colour = block.chars().nth(5).unwrap_or(' ');
                    let result = block.chars().nth(7).unwrap_or(' ').to_ascii_uppercase();
                    let opponent = match opp.trim() {
                        "" => None,
                        s => {
                            let v: u32 =
                                s.parse().map_err(|_| err("an opponent is not a number"))?;
                            if v == 0 { None } else { Some(v) }
                        }
                    };
                    if opponent == Some(rank) {
                        return Err(err("a player is paired against themselves"));
                    }
                    let colour = match colour.to_ascii_lowercase() {
                        'w' => Some(Colour::White),
                        'b' => Some(Colour::Black),
                        '-' | ' ' => None,
                        _ => return Err(err("a colour is not w, b or -")),
                    };
                    let outcome = match (result, opponent.is_some()) {
                        ('1' | 'W', true) if colour.is_some() => Outcome::Win,
                        ('=' | 'D', true) if colour.is_some() => Outcome::Draw,
                        ('0' | 'L', true) if colour.is_some() => Outcome::Loss,
                        ('1' | 'W' | '+', true) => Outcome::ForfeitWin,
                        ('0' | 'L' | '-', true) => Outcome::ForfeitLoss,
                        ('=' | 'D', true) => Outcome::HalfBye,
                        ('+', false) => Outcome::ForfeitWin,
                        ('U', _) => Outcome::PairingBye,
                        ('F' | '1' | 'W', _) => Outcome::FullBye,
                        ('H' | '=' | 'D', _) => Outcome::HalfBye,
                        ('Z' | '0' | 'L' | '-', _) => Outcome::ZeroBye,
                        (' ', _) => Outcome::Absent,
                        _ => return Err(err("a result is not one of 1 0 = + - W D L H F U Z")),
                    };
                    let opponent = if matches!(
                        outcome,
                        Outcome::PairingBye
                            | Outcome::FullBye
                            | Outcome::HalfBye
                            | Outcome::ZeroBye
                            | Outcome::Absent
                    ) {
                        None
                    } else {
                        opponent
                    };
                    let colour = if opponent.is_some()
                        && matches!(outcome, Outcome::Win | Outcome::Draw | Outcome::Loss)
                    {
                        colour
                    } else {
                        None
                    };
                    let blank = opp.trim().is_empty() && result == ' ' && colour.is_none();
                    history.push((
                        RoundEntry {
                            opponent,
                            colour,
                            outcome,
                        },
                        blank,
                    ));
                    participated.push(
                        opponent.is_some()
                            || matches!(outcome, Outcome::PairingBye | Outcome::ForfeitWin),
                    );
                    start += ROUND_WIDTH;
                }
                while history.last().is_some_and(|e| e.1) {
                    history.pop();
                    participated.pop();
                }
                let history = history.into_iter().map(|e| e.0).collect();
                players.push((
                    Player {
                        rank,
                        history,
                        present: true,
                    },
                    participated,
                ));
            }
            "XXR" => {
                let v: u32 = field(3, line.len())
                    .trim()
                    .parse()
                    .map_err(|_| err("XXR needs the number of rounds"))?;
                if v == 0 {
                    return Err(err("XXR 0"));
                }
                total_rounds = Some(v);
            }
            "XXC" => {
                for token in field(3, line.len()).split_whitespace() {
                    match token {
                        "white1" => initial = Some(Colour::White),
                        "black1" => initial = Some(Colour::Black),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    // Rounds paired so far: the last with a pairing; one entry beyond it is allowed (a
    // bye or absence arranged for the round to pair).
    let mut played = 0usize;
    for (p, part) in &players {
        if let Some(k) = part.iter().rposition(|&x| x) {
            played = played.max(k + 1);
        }
        played = played.max(p.history.len().saturating_sub(1));
    }
    for (p, _) in &mut players {
        if p.history.len() > played {
            p.present = false;
            p.history.truncate(played);
        }
        while p.history.len() < played {
            p.history.push(RoundEntry::without_game(Outcome::Absent));
        }
    }
    let mut players: Vec<Player> = players.into_iter().map(|x| x.0).collect();
    players.sort_by_key(|p| p.rank);
    let initial = initial.unwrap_or_else(|| infer_initial_colour(&players));
    Ok(Tournament {
        total_rounds: total_rounds.unwrap_or(played as u32),
        players,
        initial_colour: initial,
    })
}

/// bbpPairings' inference: in the first round with a colour, the colour of the highest
/// player who had been paired by then, inverted for every higher paired player without
/// a colour in that round.
fn infer_initial_colour(players: &[Player]) -> Colour {
    let Some(first) = players
        .iter()
        .filter_map(|p| p.history.iter().position(|e| e.colour.is_some()))
        .min()
    else {
        return Colour::White;
    };
    let mut index = 0usize;
    for p in players {
        let paired = p
            .history
            .iter()
            .take(first + 1)
            .any(|e| e.opponent.is_some() || e.outcome == Outcome::PairingBye);
        if !paired {
            continue;
        }
        if let Some(c) = p.history.get(first).and_then(|e| e.colour) {
            return if index % 2 == 1 { c.invert() } else { c };
        }
        index += 1;
    }
    Colour::White
}

/// The pairings as bbpPairings `--dutch FILE -p OUT` writes them: the number of pairs,
/// then one line `white black` of starting ranks per pair in board order, the bye as
/// `rank 0`; every line ends with `\n`.
pub fn format_pairings(pairs: &[Pairing]) -> String {
    let mut out = format!("{}\n", pairs.len());
    for p in pairs {
        out.push_str(&format!("{} {}\n", p.white, p.black));
    }
    out
}

/// Reads a TRF(x) file and pairs its next round by the Dutch system; returns the text
/// of [`format_pairings`]. This is `spieltisch pairings --dutch FILE.trf`.
///
/// Errors: those of [`parse_trf`] and [`pair_dutch`].
pub fn pair_trf(text: &str) -> Result<String, Error> {
    let t = parse_trf(text)?;
    Ok(format_pairings(&pair_dutch(&t)?))
}

/// Writes a tournament as a minimal TRF(x): `XXR`, `XXC`, and one `001` line per player
/// (starting rank, no name or rating, the points column, the round blocks). Reading it
/// back with [`parse_trf`] gives the same tournament, absent players excepted (their
/// absence is only expressible with an entry for the round to pair, written as `0000 - Z`).
pub fn write_trf(t: &Tournament) -> String {
    let mut out = String::new();
    out.push_str(&format!("XXR {}\n", t.total_rounds));
    out.push_str(match t.initial_colour {
        Colour::White => "XXC white1\n",
        Colour::Black => "XXC black1\n",
    });
    let mut players: Vec<&Player> = t.players.iter().collect();
    players.sort_by_key(|p| p.rank);
    for p in players {
        let hp = p.half_points();
        let mut line = format!(
            "001 {:>4}      {:<33} {:>4} {:>3} {:>11} {:>10} {:>2}.{} {:>4}",
            p.rank,
            "",
            "",
            "",
            "",
            "",
            hp / 2,
            if hp % 2 == 1 { 5 } else { 0 },
            ""
        );
        for e in &p.history {
            let opp = e
                .opponent
                .map_or_else(|| "0000".to_string(), |o| format!("{o:>4}"));
            let colour = match e.colour {
                Some(Colour::White) => 'w',
                Some(Colour::Black) => 'b',
                None => '-',
            };
            let result = match e.outcome {
                Outcome::Win => '1',
                Outcome::Draw => '=',
                Outcome::Loss => '0',
                Outcome::ForfeitWin => '+',
                Outcome::ForfeitLoss => '-',
                Outcome::PairingBye => 'U',
                Outcome::HalfBye => 'H',
                Outcome::FullBye => 'F',
                Outcome::ZeroBye => 'Z',
                Outcome::Absent => ' ',
            };
            line.push_str(&format!("  {opp} {colour} {result}"));
        }
        if !p.present {
            line.push_str("  0000 - Z");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
