//! Hathor (spec `hathor.md`): the 14 × 8 board with coordinates A–N / 1–8, the stones as
//! colour plus symbol shape, the current stone shown large in the header with the score,
//! the stones left and the hints used; the last placed stone framed, the stones it
//! transformed outlined, and after a hint the legal fields marked.

mod symbols;
#[cfg(test)]
mod tests;

use rules::{
    hathor::{COLS, Colour, End, Field, HathorView, ROWS, Stone, Symbol, VARIANTS},
    words::Worded,
};

use crate::{
    RenderError,
    canvas::{Area, Canvas, SpriteKey, TextStyle},
    palette::{self, Rgb},
    words::{Lang, fill},
};

pub(crate) use symbols::draw_symbol;

// ---- Layout (pixels) ----

/// Image width.
pub(crate) const WIDTH: u32 = 1044;
/// Left and right page margin.
const MARGIN: f32 = 24.0;
/// Height of the header (title, current stone, numbers).
const HEADER_H: f32 = 184.0;
/// Side of one field.
pub(crate) const CELL: f32 = 66.0;
/// Left edge of the board's fields.
pub(crate) const BOARD_X: f32 = 60.0;
/// Top edge of the board's fields.
pub(crate) const BOARD_Y: f32 = HEADER_H + 46.0;
/// Distance of the coordinate labels' centres from the fields.
const LABEL_GAP: f32 = 22.0;
/// Image height.
pub(crate) const HEIGHT: u32 = (BOARD_Y + ROWS as f32 * CELL + 2.0 * LABEL_GAP + 14.0) as u32;
/// Gap between a stone and the edge of its field.
const STONE_INSET: f32 = 3.5;
/// Side of the current stone in the header.
pub(crate) const CURRENT_SIDE: f32 = 116.0;
/// Left edge of the current stone in the header.
pub(crate) const CURRENT_X: f32 = 430.0;
/// Top edge of the current stone in the header.
pub(crate) const CURRENT_Y: f32 = 22.0;
/// Width of the frame around the last placed stone.
const LAST_FRAME: f32 = 6.0;
/// Width of the corner marks on a transformed stone.
const TRANSFORMED_FRAME: f32 = 5.0;
/// Radius of the hint mark on a legal field.
pub(crate) const HINT_R: f32 = 0.17 * CELL;

// ---- Colours ----

/// The board under the fields.
const BOARD: Rgb = Rgb::hex(0xD9CBB0);
/// An empty field.
pub(crate) const EMPTY_FIELD: Rgb = Rgb::hex(0xEDE3CF);
/// The white stones (off-white, outlined, so they stand out from the paper).
const STONE_WHITE: Rgb = Rgb::hex(0xFBFAF6);
/// The mark of a legal field after a hint.
pub(crate) const HINT: Rgb = palette::HIGHLIGHT;

/// The drawing colour of a stone colour: the Okabe–Ito colours, which stay apart for
/// colour-blind eyes and differ in lightness; the symbol carries the identity as well.
pub(crate) fn colour_of(colour: Colour) -> Rgb {
    match colour {
        Colour::Blue => palette::BLUE,
        Colour::Red => palette::RED,
        Colour::Green => palette::GREEN,
        Colour::Yellow => palette::YELLOW,
        Colour::White => STONE_WHITE,
        Colour::Purple => palette::PURPLE,
    }
}

/// The top-left corner of `field`.
pub(crate) fn field_origin(field: Field) -> (f32, f32) {
    (
        BOARD_X + f32::from(field.col) * CELL,
        BOARD_Y + f32::from(field.row) * CELL,
    )
}

impl crate::Draw for HathorView {
    fn board_canvas(&self, _names: &[String], lang: Lang) -> Result<Canvas, RenderError> {
        draw_board(self, lang)
    }
}

/// Draws the board as `view` shows it.
pub(crate) fn draw_board(view: &HathorView, lang: Lang) -> Result<Canvas, RenderError> {
    let key = SpriteKey::new("hathor board", [lang as u32, u32::from(view.variant), 0, 0, 0, 0]);
    let mut canvas = Canvas::background(key, WIDTH, HEIGHT, palette::BACKGROUND, |c| draw_fixed(c, view, lang))?;
    draw_header(&mut canvas, view, lang)?;
    for field in all_fields() {
        if let Some(stone) = view.board[field.row as usize][field.col as usize] {
            let (x, y) = field_origin(field);
            stone_sprite(&mut canvas, x, y, CELL, STONE_INSET, stone);
        }
    }
    for &field in &view.transformed {
        draw_corner_marks(&mut canvas, field);
    }
    if let Some(last) = view.last {
        let (x, y) = field_origin(last);
        let frame = Area::new(x, y, CELL, CELL).inset(LAST_FRAME / 2.0 - 2.0);
        canvas.stroke_rounded_rect(frame, 11.0, LAST_FRAME, palette::HIGHLIGHT);
    }
    for &field in view.hint.iter().flatten() {
        let (x, y) = field_origin(field);
        let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
        canvas.fill_circle(cx, cy, HINT_R, HINT);
        canvas.stroke_circle(cx, cy, HINT_R, 2.5, palette::WHITE);
    }
    Ok(canvas)
}

/// What every board of this variant and language shows: the header's panel, title,
/// variant and number labels, the board with its coordinates and every field empty.
/// Drawn once and kept ([`Canvas::background`]); a view only draws over it.
fn draw_fixed(canvas: &mut Canvas, view: &HathorView, lang: Lang) -> Result<(), RenderError> {
    draw_header_fixed(canvas, view, lang)?;
    let board = Area::new(BOARD_X, BOARD_Y, COLS as f32 * CELL, ROWS as f32 * CELL);
    canvas.fill_rounded_rect(board.inset(-8.0), 12.0, BOARD);
    draw_coordinates(canvas)?;
    for field in all_fields() {
        let (x, y) = field_origin(field);
        canvas.fill_rounded_rect(Area::new(x, y, CELL, CELL).inset(STONE_INSET), 8.0, EMPTY_FIELD);
    }
    Ok(())
}

/// `stone` in a `side` x `side` box at whole pixels (`x`, `y`), inset by `inset`, copied
/// from a sprite drawn once per stone and size ([`Canvas::sprite`]).
fn stone_sprite(canvas: &mut Canvas, x: f32, y: f32, side: f32, inset: f32, stone: Stone) {
    let colour = Colour::ALL.iter().position(|&c| c == stone.colour).unwrap_or(0) as u32;
    let symbol = Symbol::ALL.iter().position(|&s| s == stone.symbol).unwrap_or(0) as u32;
    let key = SpriteKey::new("hathor stone", [colour, symbol, side.to_bits(), inset.to_bits(), 0, 0]);
    let size = side.ceil() as u32;
    canvas.sprite(key, size, size, x as i32, y as i32, |c| draw_stone(c, Area::new(0.0, 0.0, side, side).inset(inset), stone));
}

/// Marks a stone the last placement transformed: a bracket at each corner of its field.
fn draw_corner_marks(canvas: &mut Canvas, field: Field) {
    let (x, y) = field_origin(field);
    let (d, arm) = (TRANSFORMED_FRAME / 2.0, 0.3 * CELL);
    for (cx, cy, sx, sy) in [
        (x + d, y + d, 1.0, 1.0),
        (x + CELL - d, y + d, -1.0, 1.0),
        (x + d, y + CELL - d, 1.0, -1.0),
        (x + CELL - d, y + CELL - d, -1.0, -1.0),
    ] {
        canvas.polyline(
            &[(cx + sx * arm, cy), (cx, cy), (cx, cy + sy * arm)],
            TRANSFORMED_FRAME,
            palette::HIGHLIGHT,
        );
    }
}

fn all_fields() -> impl Iterator<Item = Field> {
    (0..ROWS as i32).flat_map(|row| (0..COLS as i32).filter_map(move |col| Field::at(col, row)))
}

/// A stone filling `area`: its colour, a darker rim and its symbol.
pub(crate) fn draw_stone(canvas: &mut Canvas, area: Area, stone: Stone) {
    let face = colour_of(stone.colour);
    let radius = 0.14 * area.w;
    canvas.fill_rounded_rect(area, radius, face);
    let rim = if stone.colour == Colour::White {
        palette::MUTED
    } else {
        face.darken(0.3)
    };
    canvas.stroke_rounded_rect(area.inset(1.0), radius, 2.0, rim);
    let (cx, cy) = area.centre();
    draw_symbol(
        canvas,
        stone.symbol,
        cx,
        cy,
        0.37 * area.w,
        face.ink_on(),
        face,
    );
}

fn draw_coordinates(canvas: &mut Canvas) -> Result<(), RenderError> {
    let style = TextStyle::new(22.0).bold().colour(palette::MUTED).centred();
    let (width, height) = (COLS as f32 * CELL, ROWS as f32 * CELL);
    for col in 0..COLS as u8 {
        let x = BOARD_X + (f32::from(col) + 0.5) * CELL;
        let letter = char::from(b'A' + col).to_string();
        canvas.text(&letter, x, BOARD_Y - LABEL_GAP - 6.0, &style)?;
        canvas.text(&letter, x, BOARD_Y + height + LABEL_GAP + 6.0, &style)?;
    }
    for row in 0..ROWS as u8 {
        let y = BOARD_Y + (f32::from(row) + 0.5) * CELL;
        let number = (row + 1).to_string();
        canvas.text(&number, BOARD_X - LABEL_GAP - 8.0, y, &style)?;
        canvas.text(&number, BOARD_X + width + LABEL_GAP + 8.0, y, &style)?;
    }
    Ok(())
}

/// The header's fixed parts: panel, title, variant, and the labels of the numbers.
fn draw_header_fixed(canvas: &mut Canvas, view: &HathorView, lang: Lang) -> Result<(), RenderError> {
    let words = crate::words::words(lang);
    let right = WIDTH as f32 - MARGIN;
    let panel = Area::new(MARGIN, 12.0, right - MARGIN, HEADER_H - 24.0);
    canvas.fill_rounded_rect(panel, 16.0, palette::PANEL);
    let left = MARGIN + 22.0;
    canvas.text(lang.game_name(rules::GameKind::Hathor), left, 50.0, &TextStyle::new(38.0).bold())?;
    let variant = VARIANTS.iter().find(|v| v.number == view.variant).map_or_else(
        || fill(words.hathor_variant, &[&view.variant]),
        |v| {
            let name = if lang == Lang::De { v.name_de } else { v.name };
            fill(words.hathor_variant_named, &[&v.number, &name])
        },
    );
    let muted = TextStyle::new(22.0).colour(palette::MUTED);
    canvas.text(&variant, left, 92.0, &muted)?;
    let labels = words.hathor_numbers;
    let column = number_column(labels.len());
    for (k, label) in labels.iter().enumerate() {
        let x = CURRENT_X + CURRENT_SIDE + 30.0 + (k as f32 + 0.5) * column;
        canvas.text(label, x, 56.0, &muted.centred())?;
    }
    Ok(())
}

/// The width of one of `n` number columns right of the current stone.
fn number_column(n: usize) -> f32 {
    (WIDTH as f32 - MARGIN - 20.0 - (CURRENT_X + CURRENT_SIDE + 30.0)) / n as f32
}

/// The header's changing parts: status, the current stone and its name, the numbers.
fn draw_header(canvas: &mut Canvas, view: &HathorView, lang: Lang) -> Result<(), RenderError> {
    let words = crate::words::words(lang);
    let left = MARGIN + 22.0;
    let status_style = TextStyle::new(22.0).bold();
    let status_width = CURRENT_X - left - 20.0;
    let status = Canvas::fit_text(&status_line(view, lang), status_width, &status_style)?;
    let colour = if view.hint.is_some() && view.end.is_none() {
        HINT
    } else {
        palette::INK
    };
    canvas.text(&status, left, 132.0, &status_style.colour(colour))?;

    let slot = Area::new(CURRENT_X, CURRENT_Y, CURRENT_SIDE, CURRENT_SIDE);
    match view.current {
        Some(stone) => stone_sprite(canvas, CURRENT_X, CURRENT_Y, CURRENT_SIDE, 0.0, stone),
        None => {
            canvas.fill_rounded_rect(slot, 16.0, EMPTY_FIELD);
            canvas.text(
                "–",
                slot.centre().0,
                slot.centre().1,
                &TextStyle::new(40.0).colour(palette::MUTED).centred(),
            )?;
        }
    }
    let caption = view.current.map_or(words.hathor_no_stone.to_string(), |s| stone_name(s, lang));
    let caption_style = TextStyle::new(18.0).colour(palette::MUTED).centred();
    let caption = Canvas::fit_text(&caption, CURRENT_SIDE + 40.0, &caption_style)?;
    canvas.text(
        &caption,
        slot.centre().0,
        CURRENT_Y + CURRENT_SIDE + 20.0,
        &caption_style,
    )?;

    let numbers = [view.score.to_string(), view.left.to_string(), view.hints_used.to_string()];
    let column = number_column(numbers.len());
    for (k, value) in numbers.iter().enumerate() {
        let x = CURRENT_X + CURRENT_SIDE + 30.0 + (k as f32 + 0.5) * column;
        let size = if k == 0 { 46.0 } else { 38.0 };
        canvas.text(value, x, 106.0, &TextStyle::new(size).bold().centred())?;
    }
    Ok(())
}

/// A stone in words, e.g. "blue-ankh" / "blau-anch".
pub(crate) fn stone_name(stone: Stone, lang: Lang) -> String {
    let words = crate::words::words(lang);
    fill(words.hathor_stone, &[&stone.colour.word_in(lang), &stone.symbol.word_in(lang)])
}

/// One line saying how things stand.
fn status_line(view: &HathorView, lang: Lang) -> String {
    let words = crate::words::words(lang);
    match (view.end, &view.hint) {
        (Some(End::Blocked), _) => words.hathor_blocked.into(),
        (Some(End::Complete), _) => words.hathor_complete.into(),
        (Some(End::Resigned), _) => words.hathor_resigned.into(),
        (Some(End::TimedOut), _) => words.hathor_timed_out.into(),
        (None, Some(fields)) if fields.len() == 1 => words.hathor_hint_one.into(),
        (None, Some(fields)) => fill(words.hathor_hint, &[&fields.len()]),
        (None, None) => match (view.last, view.transformed.len()) {
            (Some(last), 0) => fill(words.hathor_last, &[&last]),
            (Some(last), 1) => fill(words.hathor_changed_one, &[&last]),
            (Some(last), n) => fill(words.hathor_changed, &[&last, &n]),
            (None, _) => words.hathor_place.into(),
        },
    }
}
