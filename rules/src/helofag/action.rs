//! Helofag's actions and moves, and their notation (spec `helofag.md`, "Notation").

use std::fmt;

use super::board::Field;
use crate::Refusal;

/// One action of a turn (spec "A turn", the action table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// `S+4`, `A7-3`, `C3.2+2`: move the piece on `from` by `die` fields, clockwise
    /// (forward) when `clockwise`, else counter-clockwise. Uses one die.
    Step { from: Field, clockwise: bool, die: u8 },
    /// `B>C3`: a piece of yours from B to `C<row>.1`. Uses the pair *row row*.
    Enter { row: u8 },
    /// `C3.8>D` or `C3.4>D`: your piece on `C<row>.<field>` to `D<row>`, with the pair
    /// *row row* from the exit field `C<row>.8`, or with the triple *row row row* from any
    /// field of the row.
    Leave { row: u8, field: u8 },
    /// `B>D5`: a piece of yours from B to `D<row>`, skipping C. Uses the triple.
    Triple { row: u8 },
    /// `D2>Z`: your piece on `D<row>` into the goal. Uses one die showing `row`.
    Finish { row: u8 },
}

impl Action {
    /// The words a `moves` filter may use to find this action (lower case): its source
    /// field, that field's area and row, its target's area and row, and the die number it
    /// needs (`A7+3`: `a`, `a7`, `3`; `C3.8>D`: `c`, `c3`, `c3.8`, `d`, `d3`, `3`).
    pub fn tags(&self) -> Vec<String> {
        match *self {
            Action::Step { from, die, .. } => {
                let mut tags = match from {
                    Field::A(n) => vec!["a".to_string(), format!("a{n}")],
                    Field::C(row, k) => vec!["c".to_string(), format!("c{row}"), format!("c{row}.{k}")],
                    other => vec![other.to_string().to_lowercase()],
                };
                tags.push(die.to_string());
                tags
            }
            Action::Enter { row } => vec!["b".into(), "c".into(), format!("c{row}"), row.to_string()],
            Action::Leave { row, field } => vec![
                "c".into(),
                format!("c{row}"),
                format!("c{row}.{field}"),
                "d".into(),
                format!("d{row}"),
                row.to_string(),
            ],
            Action::Triple { row } => vec!["b".into(), "d".into(), format!("d{row}"), row.to_string()],
            Action::Finish { row } => vec!["d".into(), format!("d{row}"), "z".into(), row.to_string()],
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Step { from, clockwise, die } => write!(f, "{from}{}{die}", if *clockwise { '+' } else { '-' }),
            Action::Enter { row } => write!(f, "B>C{row}"),
            Action::Leave { row, field } => write!(f, "C{row}.{field}>D"),
            Action::Triple { row } => write!(f, "B>D{row}"),
            Action::Finish { row } => write!(f, "D{row}>Z"),
        }
    }
}

/// A move is the whole turn: one action, or two (spec "Notation"). Prints as the
/// actions joined by `, ` (a trailing `done` is accepted when parsing and not printed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HelofagMove {
    pub first: Action,
    pub second: Option<Action>,
}

impl HelofagMove {
    /// A turn of one action.
    pub fn one(action: Action) -> Self {
        HelofagMove { first: action, second: None }
    }

    /// The actions in order.
    pub fn actions(&self) -> impl Iterator<Item = Action> {
        std::iter::once(self.first).chain(self.second)
    }
}

impl fmt::Display for HelofagMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.first)?;
        if let Some(second) = self.second {
            write!(f, ", {second}")?;
        }
        Ok(())
    }
}

fn not_a_move(text: &str) -> Refusal {
    Refusal::new(
        "helofag-not-a-move",
        format!("\"{text}\" is not a Helofag action: write e.g. S+4, A7-3, C3.2+2, B>C3, C3.8>D, B>D5 or D2>Z"),
    )
    .arg("text", text)
}

/// The refusal for a third die (a third action, or an action after a pair or triple).
pub fn third_die() -> Refusal {
    Refusal::new("helofag-third-die", "a turn uses at most two of the three dice (only a triple uses all three)")
}

/// Parses a whole turn: one or two actions separated by `,`, optionally followed by
/// `done` (`fertig`). Spaces are ignored, letters are case-insensitive, and `->` or `→`
/// may stand for `>`.
///
/// # Errors
/// `helofag-not-a-move`, `helofag-bad-field`, `helofag-bad-die`, `helofag-bad-jump`,
/// `helofag-third-die` (more than two actions), `helofag-must-act` (`done` alone) or
/// `helofag-comma` (two actions separated by spaces only: `S+3 S+1`).
pub fn parse_move(text: &str) -> Result<HelofagMove, Refusal> {
    // Two actions need a comma between them; without one the spaces would vanish and
    // the two run together (`S+3S+1`: "3S+1" is not a die), so say what is missing.
    if !text.contains(',')
        && let [first, second] = text.split_whitespace().collect::<Vec<_>>().as_slice()
        && parse_action(first).is_ok()
        && parse_action(second).is_ok()
    {
        return Err(Refusal::new("helofag-comma", format!("separate two actions with a comma: {first}, {second}"))
            .arg("first", first)
            .arg("second", second));
    }
    let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let squeezed = squeezed.replace("->", ">").replace('→', ">");
    let mut parts: Vec<&str> = squeezed.split(',').filter(|p| !p.is_empty()).collect();
    let is_done = |p: &str| matches!(p.to_lowercase().as_str(), "done" | "fertig");
    if parts.last().is_some_and(|p| is_done(p)) {
        parts.pop();
        if parts.is_empty() {
            return Err(Refusal::new(
                "helofag-must-act",
                "you can move with this roll, so make at least one action before \"done\"",
            ));
        }
    }
    let actions = parts.iter().map(|p| parse_action(p)).collect::<Result<Vec<_>, _>>()?;
    match actions.as_slice() {
        [] => Err(not_a_move(text.trim())),
        [first] => Ok(HelofagMove::one(*first)),
        [first, second] => Ok(HelofagMove { first: *first, second: Some(*second) }),
        _ => Err(third_die()),
    }
}

/// Parses one action (no spaces): a step `<field><+|-><die>` or a jump `<from>><to>`.
///
/// # Errors
/// As [`parse_move`].
pub fn parse_action(text: &str) -> Result<Action, Refusal> {
    if text.eq_ignore_ascii_case("done") || text.eq_ignore_ascii_case("fertig") {
        return Err(Refusal::new("helofag-done-last", "\"done\" may only end the line"));
    }
    if let Some((from, to)) = text.split_once('>') {
        return parse_jump(from, to);
    }
    // The sign follows the field; field names hold no sign, so the first one splits.
    let Some(at) = text.find(['+', '-']) else {
        return Err(not_a_move(text));
    };
    let (field, rest) = text.split_at(at);
    if field.is_empty() {
        return Err(not_a_move(text));
    }
    let from = Field::parse(field)?;
    let clockwise = rest.starts_with('+');
    let digits = rest.get(1..).unwrap_or_default();
    let die = digits.parse::<u8>().ok().filter(|d| (1..=6).contains(d)).ok_or_else(|| {
        Refusal::new("helofag-bad-die", format!("\"{digits}\" is not a die: dice show 1 to 6")).arg("text", digits)
    })?;
    Ok(Action::Step { from, clockwise, die })
}

fn parse_jump(from: &str, to: &str) -> Result<Action, Refusal> {
    let source = Field::parse(from)?;
    let to_upper = to.to_uppercase();
    // `D` alone is the D field of the piece's own row; `C3` is the row's entry field C3.1.
    let target = match to_upper.strip_prefix('C') {
        _ if to_upper == "D" => None,
        Some(row) if !row.contains('.') => Some(Field::parse(&format!("C{row}.1")).or_else(|_| Field::parse(to))?),
        _ => Some(Field::parse(to)?),
    };
    let action = match (source, target) {
        (Field::B, Some(Field::C(row, 1))) => Some(Action::Enter { row }),
        (Field::B, Some(Field::D(row))) => Some(Action::Triple { row }),
        (Field::C(row, field), None) => Some(Action::Leave { row, field }),
        (Field::C(row, field), Some(Field::D(d))) if d == row => Some(Action::Leave { row, field }),
        (Field::D(row), Some(Field::Goal)) => Some(Action::Finish { row }),
        _ => None,
    };
    action.ok_or_else(|| {
        Refusal::new(
            "helofag-bad-jump",
            format!("{from}>{to} is not a jump: use B>C3, C3.8>D, B>D5, C5.4>D or D2>Z"),
        )
        .arg("text", format!("{from}>{to}"))
    })
}
