//! The 14 × 8 board's fields and their neighbours (spec `hathor.md`, "Components").

use std::fmt;

/// Columns `A`-`N`.
pub const COLS: usize = 14;
/// Rows `1`-`8`.
pub const ROWS: usize = 8;

/// A field: `col` 0-13 is `A`-`N`, `row` 0-7 is `1`-`8`; `A1` is top left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Field {
    pub col: u8,
    pub row: u8,
}

impl Field {
    /// The field at `col` (0-13), `row` (0-7), or `None` off the board.
    pub fn at(col: i32, row: i32) -> Option<Field> {
        ((0..COLS as i32).contains(&col) && (0..ROWS as i32).contains(&row))
            .then_some(Field { col: col as u8, row: row as u8 })
    }

    /// Every field in reading order: row by row, top to bottom, left to right.
    pub fn all() -> impl Iterator<Item = Field> {
        (0..ROWS as u8).flat_map(|row| (0..COLS as u8).map(move |col| Field { col, row }))
    }

    /// Parses `A1`..`N8`, case-insensitive; spaces are ignored (`c 5` is `C5`).
    pub fn parse(text: &str) -> Option<Field> {
        let squashed: String = text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_uppercase();
        let mut chars = squashed.chars();
        let letter = chars.next()?;
        let digits = chars.as_str();
        if !letter.is_ascii_uppercase() || digits.len() != 1 {
            return None;
        }
        let row = digits.parse::<i32>().ok()? - 1;
        Field::at(letter as i32 - 'A' as i32, row)
    }

    /// The up to 8 fields around this one, diagonals included, in reading order
    /// (the order in which variant 4 transforms neighbours). Read from a table made
    /// when compiling (the search asks this for every field of every position).
    pub fn neighbours(self) -> impl Iterator<Item = Field> {
        let index = usize::from(self.row) * COLS + usize::from(self.col);
        let (fields, count) = NEIGHBOURS.get(index).copied().unwrap_or(([Field { col: 0, row: 0 }; 8], 0));
        fields.into_iter().take(usize::from(count))
    }
}

/// Each field's neighbours (by `row * COLS + col`), in reading order, and how many.
const NEIGHBOURS: [([Field; 8], u8); COLS * ROWS] = {
    let mut table = [([Field { col: 0, row: 0 }; 8], 0u8); COLS * ROWS];
    let mut i = 0;
    while i < COLS * ROWS {
        let (c, r) = ((i % COLS) as i32, (i / COLS) as i32);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (nc, nr) = (c + dc, r + dr);
                if !(dr == 0 && dc == 0) && nc >= 0 && nc < COLS as i32 && nr >= 0 && nr < ROWS as i32 {
                    let n = table[i].1 as usize;
                    table[i].0[n] = Field { col: nc as u8, row: nr as u8 };
                    table[i].1 += 1;
                }
                dc += 1;
            }
            dr += 1;
        }
        i += 1;
    }
    table
};

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.col) as char, self.row + 1)
    }
}
