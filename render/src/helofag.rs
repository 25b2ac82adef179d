//! Helofag (spec `helofag.md`): the start S above ring A, the waiting room B inside the
//! ring, the six run rows of C with their black fields, the jump fields of D and the
//! goal Z below; the current roll as dice faces, the players, and the last move's path.

use rules::helofag::{
    BOARD, Border, Field, HelofagView, LastMove, Pass, RING, ROW_LEN, ROWS, Roll, Transfer,
};

use crate::{
    RenderError,
    canvas::{Area, Canvas, SpriteKey, TextStyle},
    palette::{self, Rgb},
    seat_name,
    words::{Lang, fill},
};

// ---- Layout (pixels) ----

/// Image width.
pub(crate) const WIDTH: u32 = 900;
/// Image height.
pub(crate) const HEIGHT: u32 = 1134;
/// Height of the title bar.
const HEADER_H: f32 = 58.0;
/// Left and right page margin.
const MARGIN: f32 = 20.0;

/// Centre of ring A.
pub(crate) const RING_X: f32 = 300.0;
pub(crate) const RING_Y: f32 = 402.0;
/// Radius of the circle through the fields of A.
const RING_R: f32 = 220.0;
/// Radius of one field of A.
pub(crate) const FIELD_R: f32 = 24.0;
/// Distance of the field names from the ring's centre.
const NAME_R: f32 = RING_R + 45.0;
/// Radius of a piece.
const PIECE_R: f32 = 17.0;

/// The start S, above the gap between A24 and A1.
const START: Area = Area::new(RING_X - 170.0, HEADER_H + 6.0, 340.0, 54.0);
/// The waiting room B, inside the ring.
const WAITING: Area = Area::new(RING_X - 128.0, RING_Y - 98.0, 256.0, 196.0);

/// Left edge of the side column (roll, players, notes).
const SIDE_X: f32 = 596.0;

/// Top of the C/D/Z section.
const LOWER_Y: f32 = 704.0;
/// Left edge of field 1 of the run rows.
const ROWS_X: f32 = 78.0;
/// Top of row C1.
const ROWS_Y: f32 = LOWER_Y + 38.0;
/// Distance between neighbouring fields of a row, and between rows.
const PITCH: f32 = 62.0;
/// Side of a field of C or D.
const CELL: f32 = 54.0;
/// Left edge of the D column.
const D_X: f32 = ROWS_X + ROW_LEN as f32 * PITCH + 28.0;
/// The goal Z, right of D.
const GOAL: Area = Area::new(
    D_X + PITCH + 22.0,
    ROWS_Y - 4.0,
    WIDTH as f32 - MARGIN - (D_X + PITCH + 22.0),
    ROWS as f32 * PITCH,
);

// ---- Colours ----

/// The board's areas.
const AREA: Rgb = Rgb::hex(0xE8DDC7);
/// A jump field, and the fields of C and D.
pub(crate) const FIELD: Rgb = Rgb::hex(0xFFFCF4);
/// A plain field of A.
pub(crate) const PLAIN_FIELD: Rgb = AREA;
/// A black field of C.
pub(crate) const BLACK_FIELD: Rgb = Rgb::hex(0x2E2B28);
/// The badge with a jump field's number.
const BADGE: Rgb = Rgb::hex(0xF7E3A1);
/// A die's face.
const DIE: Rgb = Rgb::hex(0xFFFFFF);

/// The piece colours in seat order: red, blue, green, yellow, black, white (spec "End").
pub(crate) const PIECE_COLOURS: [Rgb; 6] = [
    palette::RED,
    palette::BLUE,
    palette::GREEN,
    palette::YELLOW,
    Rgb::hex(0x3A3A3A),
    Rgb::hex(0xFAFAFA),
];

/// The colour of `seat`'s pieces.
pub(crate) fn piece_colour(seat: usize) -> Rgb {
    PIECE_COLOURS[seat % PIECE_COLOURS.len()]
}

// ---- Geometry ----

/// The centre of `A<n>` (1-24): A1 just clockwise of the top, A24 just counter-clockwise.
pub(crate) fn ring_centre(n: u8) -> (f32, f32) {
    ring_point(n, RING_R)
}

fn ring_point(n: u8, radius: f32) -> (f32, f32) {
    let step = std::f32::consts::TAU / RING as f32;
    let angle = -std::f32::consts::FRAC_PI_2 + (f32::from(n) - 0.5) * step;
    (RING_X + radius * angle.cos(), RING_Y + radius * angle.sin())
}

/// The field `C<row>.<k>` (row 1-6, k 1-8).
pub(crate) fn c_cell(row: u8, k: u8) -> Area {
    Area::new(
        ROWS_X + f32::from(k.saturating_sub(1)) * PITCH,
        ROWS_Y + f32::from(row.saturating_sub(1)) * PITCH,
        CELL,
        CELL,
    )
}

/// The field `D<row>`.
pub(crate) fn d_cell(row: u8) -> Area {
    Area::new(
        D_X,
        ROWS_Y + f32::from(row.saturating_sub(1)) * PITCH,
        CELL,
        CELL,
    )
}

/// The areas that hold any number of pieces: S, B and Z.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pool {
    Start,
    Waiting,
    Goal,
}

impl Pool {
    /// Where the stacks stand (below the caption) and in how many columns.
    fn layout(self, players: usize) -> (Area, usize) {
        match self {
            Pool::Start => (
                Area::new(START.x + 44.0, START.y, START.w - 50.0, START.h),
                players.max(1),
            ),
            Pool::Waiting => (
                Area::new(
                    WAITING.x + 10.0,
                    WAITING.y + 40.0,
                    WAITING.w - 20.0,
                    WAITING.h - 48.0,
                ),
                if players == 4 { 2 } else { players.clamp(1, 3) },
            ),
            Pool::Goal => (
                Area::new(GOAL.x, GOAL.y + 40.0, GOAL.w, GOAL.h - 48.0),
                if players <= 3 { 1 } else { 2 },
            ),
        }
    }

    /// The fixed place of `seat`'s stack, so that a colour always stands in one spot.
    pub(crate) fn slot(self, seat: usize, players: usize) -> (f32, f32) {
        let (area, columns) = self.layout(players);
        let rows = players.div_ceil(columns).max(1);
        let (c, r) = (seat % columns, seat / columns);
        let (w, h) = (area.w / columns as f32, area.h / rows as f32);
        (
            area.x + (c as f32 + 0.5) * w,
            area.y + (r as f32 + 0.5) * h,
        )
    }
}

/// Where the drawing of a path of `owner`'s piece passes `field`.
fn anchor(field: Field, owner: usize, players: usize) -> (f32, f32) {
    match field {
        Field::Start => Pool::Start.slot(owner, players),
        Field::A(n) => ring_centre(n),
        Field::B => Pool::Waiting.slot(owner, players),
        Field::C(row, k) => c_cell(row, k).centre(),
        Field::D(row) => d_cell(row).centre(),
        Field::Goal => Pool::Goal.slot(owner, players),
    }
}

// ---- Drawing ----

impl crate::Draw for HelofagView {
    fn board_canvas(&self, names: &[String], lang: Lang) -> Result<Canvas, RenderError> {
        draw_board(self, names, lang)
    }
}

/// Draws the board as `view` shows it.
pub(crate) fn draw_board(view: &HelofagView, names: &[String], lang: Lang) -> Result<Canvas, RenderError> {
    let key = SpriteKey::new("helofag board", [lang as u32, 0, 0, 0, 0, 0]);
    let mut canvas = Canvas::background(key, WIDTH, HEIGHT, palette::BACKGROUND, |c| draw_fixed(c, lang))?;
    draw_header(&mut canvas, view, lang)?;
    if let Some(last) = &view.last_move {
        draw_last_path(&mut canvas, last, view.players);
    }
    draw_stacks(&mut canvas, Pool::Start, &view.pieces.start)?;
    draw_stacks(&mut canvas, Pool::Waiting, &view.pieces.waiting)?;
    draw_stacks(&mut canvas, Pool::Goal, &view.pieces.goal)?;
    draw_single_pieces(&mut canvas, view)?;
    draw_side(&mut canvas, view, names, lang)?;
    Ok(canvas)
}

/// What every board in this language shows: the title, ring A, the rows of C and D,
/// the goal, the start and the waiting room, all empty. Drawn once and kept
/// ([`Canvas::background`]); a view only draws over it.
fn draw_fixed(canvas: &mut Canvas, lang: Lang) -> Result<(), RenderError> {
    canvas.text(lang.game_name(rules::GameKind::Helofag), MARGIN, HEADER_H / 2.0, &TextStyle::new(34.0).bold())?;
    draw_ring(canvas)?;
    draw_rows(canvas, lang)?;
    draw_start(canvas)?;
    draw_waiting(canvas, lang)
}

/// The goal beside the (fixed) title.
fn draw_header(canvas: &mut Canvas, view: &HelofagView, lang: Lang) -> Result<(), RenderError> {
    let mid = HEADER_H / 2.0;
    let width = Canvas::text_width(lang.game_name(rules::GameKind::Helofag), &TextStyle::new(34.0).bold())?;
    let goal = fill(crate::words::words(lang).helofag_goal, &[&view.goal]);
    canvas.text(
        &goal,
        MARGIN + width + 18.0,
        mid + 2.0,
        &TextStyle::new(22.0).colour(palette::MUTED),
    )?;
    Ok(())
}

/// Ring A: 24 fields; the jump fields with one or two borders and a badge with their
/// number on the inner side; the field names outside.
fn draw_ring(canvas: &mut Canvas) -> Result<(), RenderError> {
    canvas.stroke_circle(RING_X, RING_Y, RING_R, 3.0, palette::GRID);
    let name_style = TextStyle::new(18.0).bold().colour(palette::MUTED).centred();
    let badge_style = TextStyle::new(20.0).bold().centred();
    for n in 1..=RING as u8 {
        let (x, y) = ring_centre(n);
        match BOARD.jump_field(n) {
            Some(jump) => {
                canvas.fill_circle(x, y, FIELD_R, FIELD);
                canvas.stroke_circle(x, y, FIELD_R - 1.5, 3.0, palette::INK);
                if jump.border == Border::Double {
                    canvas.stroke_circle(x, y, FIELD_R + 4.5, 3.0, palette::INK);
                }
                let (bx, by) = ring_point(n, RING_R - FIELD_R - 22.0);
                canvas.fill_circle(bx, by, 14.0, BADGE);
                canvas.text(&jump.number.to_string(), bx, by, &badge_style)?;
            }
            None => canvas.fill_circle(x, y, FIELD_R - 2.0, PLAIN_FIELD),
        }
        let (nx, ny) = ring_point(n, NAME_R);
        canvas.text(&format!("A{n}"), nx, ny, &name_style)?;
    }
    Ok(())
}

/// The run rows C1-C6 (black fields filled), the D column and the goal's frame.
fn draw_rows(canvas: &mut Canvas, lang: Lang) -> Result<(), RenderError> {
    let section = Area::new(
        MARGIN,
        LOWER_Y - 8.0,
        WIDTH as f32 - 2.0 * MARGIN,
        HEIGHT as f32 - LOWER_Y - 8.0,
    );
    canvas.fill_rounded_rect(section, 16.0, AREA);
    let head = TextStyle::new(20.0).bold().colour(palette::MUTED).centred();
    for k in 1..=ROW_LEN as u8 {
        let (x, _) = c_cell(1, k).centre();
        canvas.text(&k.to_string(), x, LOWER_Y + 15.0, &head)?;
    }
    canvas.text("D", d_cell(1).centre().0, LOWER_Y + 15.0, &head)?;
    let row_label = TextStyle::new(24.0).bold().centred();
    let d_label = TextStyle::new(15.0).bold().colour(palette::MUTED).centred();
    for row in 1..=ROWS as u8 {
        let (_, y) = c_cell(row, 1).centre();
        canvas.text(&format!("C{row}"), MARGIN + 29.0, y, &row_label)?;
        for k in 1..=ROW_LEN as u8 {
            let cell = c_cell(row, k);
            if BOARD.is_black(row, k) {
                canvas.fill_rounded_rect(cell, 8.0, BLACK_FIELD);
                continue;
            }
            canvas.fill_rounded_rect(cell, 8.0, FIELD);
            if k == 1 || usize::from(k) == ROW_LEN {
                // Entry and exit jump fields: a pair of the row's number crosses them.
                canvas.stroke_rounded_rect(cell.inset(1.5), 8.0, 3.0, palette::INK);
                canvas.stroke_rounded_rect(cell.inset(7.0), 5.0, 2.0, palette::INK);
            } else {
                canvas.stroke_rounded_rect(cell.inset(1.0), 8.0, 2.0, palette::GRID);
            }
        }
        let x0 = c_cell(row, ROW_LEN as u8).right() + 6.0;
        canvas.line((x0, y), (D_X - 8.0, y), 2.5, palette::MUTED);
        canvas.fill_polygon(
            &[(D_X - 4.0, y), (D_X - 13.0, y - 6.0), (D_X - 13.0, y + 6.0)],
            palette::MUTED,
        );
        let d = d_cell(row);
        canvas.fill_rounded_rect(d, 8.0, FIELD);
        canvas.stroke_rounded_rect(d.inset(1.5), 8.0, 3.0, palette::INK);
        canvas.text(&row.to_string(), d.x + 10.0, d.y + 11.0, &d_label)?;
    }
    canvas.fill_rounded_rect(GOAL, 12.0, FIELD);
    canvas.stroke_rounded_rect(GOAL.inset(1.5), 12.0, 3.0, palette::INK);
    canvas.text(
        crate::words::words(lang).helofag_goal_area,
        GOAL.centre().0,
        GOAL.y + 22.0,
        &TextStyle::new(21.0).bold().centred(),
    )?;
    Ok(())
}

fn draw_start(canvas: &mut Canvas) -> Result<(), RenderError> {
    canvas.fill_rounded_rect(START, 14.0, FIELD);
    canvas.stroke_rounded_rect(START.inset(1.5), 14.0, 3.0, palette::INK);
    let label = TextStyle::new(26.0).bold().centred();
    canvas.text("S", START.x + 24.0, START.centre().1, &label)?;
    Ok(())
}

fn draw_waiting(canvas: &mut Canvas, lang: Lang) -> Result<(), RenderError> {
    canvas.fill_rounded_rect(WAITING, 16.0, AREA);
    canvas.stroke_rounded_rect(WAITING.inset(1.5), 16.0, 3.0, palette::INK);
    canvas.text(
        crate::words::words(lang).helofag_waiting_area,
        WAITING.centre().0,
        WAITING.y + 22.0,
        &TextStyle::new(21.0).bold().centred(),
    )?;
    Ok(())
}

/// A piece of `seat` at (`x`, `y`); with `count` > 1 the number stands on it.
fn draw_piece(
    canvas: &mut Canvas,
    x: f32,
    y: f32,
    seat: usize,
    count: u8,
) -> Result<(), RenderError> {
    let colour = piece_colour(seat);
    let mut result = Ok(());
    canvas.sprite_centred("helofag piece", [colour.packed(), u32::from(count), 0, 0], x, y, PIECE_R + 1.0, |c, x, y| {
        c.sphere(x, y, PIECE_R, colour);
        c.stroke_circle(x, y, PIECE_R, 1.5, palette::INK);
        if count > 1 {
            let style = TextStyle::new(19.0).bold().colour(colour.ink_on()).centred();
            result = c.text(&count.to_string(), x, y, &style).map(|_| ());
        }
    });
    result
}

/// The pieces in S, B or Z: one stack per seat that has pieces there, at its own place.
fn draw_stacks(canvas: &mut Canvas, pool: Pool, counts: &[u8]) -> Result<(), RenderError> {
    for (seat, &n) in counts.iter().enumerate() {
        if n > 0 {
            let (x, y) = pool.slot(seat, counts.len());
            draw_piece(canvas, x, y, seat, n)?;
        }
    }
    Ok(())
}

/// The pieces on the single fields of A, C and D.
fn draw_single_pieces(canvas: &mut Canvas, view: &HelofagView) -> Result<(), RenderError> {
    let p = &view.pieces;
    for (n, seat) in p.occupied_ring() {
        let (x, y) = ring_centre(n);
        draw_piece(canvas, x, y, seat, 1)?;
    }
    for row in 1..=ROWS as u8 {
        for k in 1..=ROW_LEN as u8 {
            if let Some(seat) = p.occupant(Field::C(row, k)) {
                let (x, y) = c_cell(row, k).centre();
                draw_piece(canvas, x, y, seat, 1)?;
            }
        }
        if let Some(seat) = p.occupant(Field::D(row)) {
            let (x, y) = d_cell(row).centre();
            draw_piece(canvas, x, y, seat, 1)?;
        }
    }
    Ok(())
}

/// The last move: a line along each moved piece's path with a dot on every field it
/// passed, a thin ring where it started and a thick ring where it landed.
fn draw_last_path(canvas: &mut Canvas, last: &LastMove, players: usize) {
    for moved in &last.pieces {
        let points: Vec<(f32, f32)> = moved
            .path
            .iter()
            .map(|&f| anchor(f, moved.owner, players))
            .collect();
        for pair in points.windows(2) {
            if let [a, b] = pair {
                canvas.line(*a, *b, 5.0, palette::HIGHLIGHT);
            }
        }
        let end = moved.path.len().saturating_sub(1);
        for (i, (&field, &(x, y))) in moved.path.iter().zip(&points).enumerate() {
            if i > 0 && i < end {
                canvas.fill_circle(x, y, 7.0, palette::HIGHLIGHT);
                continue;
            }
            let width = if i == end { 7.0 } else { 3.5 };
            match field {
                Field::C(row, k) => canvas.stroke_rounded_rect(
                    c_cell(row, k).inset(-4.0),
                    10.0,
                    width,
                    palette::HIGHLIGHT,
                ),
                Field::D(row) => canvas.stroke_rounded_rect(
                    d_cell(row).inset(-4.0),
                    10.0,
                    width,
                    palette::HIGHLIGHT,
                ),
                Field::A(_) => canvas.stroke_circle(x, y, FIELD_R + 9.0, width, palette::HIGHLIGHT),
                Field::Start | Field::B | Field::Goal => {
                    canvas.stroke_circle(x, y, PIECE_R + 7.0, width, palette::HIGHLIGHT)
                }
            }
        }
    }
}

/// One die face with pips, `side` pixels wide, top-left at (`x`, `y`). Drawn once per
/// value, size and quarter-pixel position and kept as a sprite.
pub(crate) fn draw_die(canvas: &mut Canvas, x: f32, y: f32, side: f32, value: u8) {
    let half = side / 2.0;
    canvas.sprite_centred("helofag die", [u32::from(value), side.to_bits(), 0, 0], x + half, y + half, half + 1.0, |c, cx, cy| {
        draw_die_face(c, cx - half, cy - half, side, value);
    });
}

fn draw_die_face(canvas: &mut Canvas, x: f32, y: f32, side: f32, value: u8) {
    let face = Area::new(x, y, side, side);
    canvas.fill_rounded_rect(face, side * 0.18, DIE);
    canvas.stroke_rounded_rect(face.inset(1.5), side * 0.18, 3.0, palette::INK);
    let (l, m, r) = (x + side * 0.27, x + side * 0.5, x + side * 0.73);
    let (t, c, b) = (y + side * 0.27, y + side * 0.5, y + side * 0.73);
    let pips: &[(f32, f32)] = match value {
        1 => &[(m, c)],
        2 => &[(l, t), (r, b)],
        3 => &[(l, t), (m, c), (r, b)],
        4 => &[(l, t), (r, t), (l, b), (r, b)],
        5 => &[(l, t), (r, t), (m, c), (l, b), (r, b)],
        6 => &[(l, t), (r, t), (l, c), (r, c), (l, b), (r, b)],
        _ => &[],
    };
    for &(px, py) in pips {
        canvas.fill_circle(px, py, side * 0.085, palette::INK);
    }
}

/// Left edge of die `i` (0-2) of the roll in the side column, and the dice's top and side.
pub(crate) const DICE_TOP: f32 = HEADER_H + 6.0 + 82.0;
pub(crate) const DIE_SIDE: f32 = 60.0;
pub(crate) fn die_left(i: usize) -> f32 {
    SIDE_X + 14.0 + i as f32 * 76.0
}

/// Line height of the notes in the side column.
const LINE_H: f32 = 25.0;

/// The side column: whose turn, the roll, the players, and what happened.
fn draw_side(canvas: &mut Canvas, view: &HelofagView, names: &[String], lang: Lang) -> Result<(), RenderError> {
    let words = crate::words::words(lang);
    let right = WIDTH as f32 - MARGIN;
    let width = right - SIDE_X;
    let mut y = HEADER_H + 6.0;
    let bold = TextStyle::new(23.0).bold();
    let plain = TextStyle::new(19.0);
    let muted = TextStyle::new(18.0).colour(palette::MUTED);
    // Who is to move, and the roll.
    let panel_h = if view.roll.is_some() { 182.0 } else { 90.0 };
    canvas.fill_rounded_rect(Area::new(SIDE_X, y, width, panel_h), 14.0, palette::TURN_TINT);
    let (caption, who) = match (view.winner, view.to_move) {
        (Some(w), _) => (words.helofag_winner, Some(w)),
        (None, Some(s)) => (words.helofag_to_move, Some(s)),
        (None, None) => (words.helofag_no_roll, None),
    };
    canvas.text(caption, SIDE_X + 14.0, y + 20.0, &muted)?;
    if let Some(s) = who {
        draw_piece(canvas, SIDE_X + 14.0 + PIECE_R, y + 52.0, s, 1)?;
        let x = SIDE_X + 24.0 + 2.0 * PIECE_R;
        let (name, bold) = Canvas::fit_text_shrinking(&seat_name(names, s, lang), right - 12.0 - x, &bold, 17.0)?;
        canvas.text(&name, x, y + 52.0, &bold)?;
    }
    if let Some(roll) = view.roll {
        for (i, &d) in roll.iter().enumerate() {
            draw_die(canvas, die_left(i), DICE_TOP, DIE_SIDE, d);
        }
        let hint = match view.most_actions {
            2 => words.helofag_two_actions,
            1 => words.helofag_one_action,
            _ => "",
        };
        canvas.text(hint, SIDE_X + 14.0, y + 164.0, &muted)?;
    }
    y += panel_h + 12.0;
    // The players.
    for seat in 0..view.players {
        let removed = view.removed.get(seat).copied().unwrap_or(false);
        let row = Area::new(SIDE_X, y, width, 40.0);
        let mine = view.to_move == Some(seat);
        let fill = if mine { palette::TURN_TINT } else { palette::PANEL };
        canvas.fill_rounded_rect(row, 10.0, fill);
        if mine {
            canvas.stroke_rounded_rect(row, 10.0, 2.5, palette::INK);
        }
        draw_piece(canvas, SIDE_X + 24.0, y + 20.0, seat, 1)?;
        let in_goal = view.pieces.goal.get(seat).copied().unwrap_or(0);
        let score = format!("{in_goal}/{}", view.goal);
        let score_style = TextStyle::new(21.0).bold().right();
        let score_w = canvas.text(&score, right - 10.0, y + 20.0, &score_style)?;
        let ink = if removed { palette::MUTED } else { palette::INK };
        let name_style = TextStyle::new(20.0).bold().colour(ink);
        let room = right - 24.0 - score_w - (SIDE_X + 48.0);
        let (name, name_style) = Canvas::fit_text_shrinking(&seat_name(names, seat, lang), room, &name_style, 15.0)?;
        let w = canvas.text(&name, SIDE_X + 48.0, y + 20.0, &name_style)?;
        if removed {
            let (a, b) = ((SIDE_X + 44.0, y + 20.0), (SIDE_X + 52.0 + w, y + 20.0));
            canvas.line(a, b, 3.0, palette::MUTED);
        }
        y += 44.0;
    }
    y += 8.0;
    // Whole notes only; when the next one does not fit, "…" says there was more.
    let bottom = LOWER_Y - 14.0;
    for note in notes(view, names, lang) {
        let lines = Canvas::wrap_text(&note, width, &plain)?;
        if y + LINE_H * lines.len() as f32 > bottom {
            canvas.text("…", SIDE_X, y + 12.0, &plain)?;
            break;
        }
        for line in lines {
            canvas.text(&line, SIDE_X, y + 12.0, &plain)?;
            y += LINE_H;
        }
        y += 5.0;
    }
    Ok(())
}

/// What happened since the last move was made: the move, its captures, the automatic
/// passes after it, and what the rolls sent to B.
fn notes(view: &HelofagView, names: &[String], lang: Lang) -> Vec<String> {
    let words = crate::words::words(lang);
    let mut notes = Vec::new();
    if let Some(last) = &view.last_move {
        let actions: Vec<String> = last.pieces.iter().map(|m| m.action.to_string()).collect();
        notes.push(fill(words.helofag_last, &[&seat_name(names, last.seat, lang), &actions.join(", ")]));
        for m in &last.pieces {
            if let (Some(victim), Some(at)) = (m.captured, m.path.last()) {
                notes.push(fill(words.helofag_captured, &[&seat_name(names, victim, lang), at]));
            }
        }
    }
    for pass in &view.passes {
        notes.push(pass_note(pass, names, lang));
        notes.extend(transfer_note(&pass.transfers, names, lang));
    }
    if view.roll.is_some() {
        notes.extend(transfer_note(&view.transfers, names, lang));
    }
    notes
}

fn pass_note(pass: &Pass, names: &[String], lang: Lang) -> String {
    let [a, b, c]: Roll = pass.roll;
    fill(crate::words::words(lang).helofag_passed, &[&seat_name(names, pass.seat, lang), &format!("{a} {b} {c}")])
}

fn transfer_note(transfers: &[Transfer], names: &[String], lang: Lang) -> Option<String> {
    if transfers.is_empty() {
        return None;
    }
    let list: Vec<String> = transfers
        .iter()
        .map(|t| format!("A{} ({})", t.field, seat_name(names, t.owner, lang)))
        .collect();
    Some(fill(crate::words::words(lang).helofag_to_waiting, &[&list.join(", ")]))
}

#[cfg(test)]
mod tests {
    use rules::helofag::{Action, MovedPiece, Pieces};

    use super::*;

    /// Six players with pieces on every field of A and on many of C and D, a removed
    /// player, long names, a capture, a pass and a transfer: the most there is to draw.
    fn crowded_view() -> (HelofagView, Vec<String>) {
        let players = 6;
        let mut pieces = Pieces::new(players);
        pieces.start = vec![0; players];
        for (i, slot) in pieces.ring.iter_mut().enumerate() {
            *slot = Some(i % players);
        }
        let mut free: Vec<(u8, u8)> = Vec::new();
        for row in 1..=ROWS as u8 {
            for k in 1..=ROW_LEN as u8 {
                if !(BOARD.is_black(row, k) || (row, k) == (2, 5)) {
                    free.push((row, k));
                }
            }
        }
        // 24 pieces on A; the other 12 on C, D, B and Z.
        for (i, &(row, k)) in free.iter().take(8).enumerate() {
            pieces.rows[usize::from(row - 1)][usize::from(k - 1)] = Some(i % players);
        }
        pieces.rows[1][4] = Some(0);
        pieces.d = [Some(1), None, Some(2), None, None, Some(3)];
        pieces.waiting = vec![0, 0, 0, 0, 0, 0];
        pieces.goal = vec![0, 0, 0, 0, 0, 0];
        let view = HelofagView {
            players,
            goal: 6,
            pieces,
            removed: vec![false, false, false, false, false, true],
            to_move: Some(0),
            roll: Some([1, 2, 6]),
            transfers: vec![Transfer { owner: 1, field: 2 }],
            passes: vec![Pass {
                seat: 4,
                roll: [3, 4, 5],
                transfers: vec![],
            }],
            last_move: Some(LastMove {
                seat: 3,
                roll: [2, 3, 5],
                pieces: vec![MovedPiece {
                    action: Action::Step {
                        from: Field::C(2, 2),
                        clockwise: true,
                        die: 3,
                    },
                    owner: 0,
                    path: vec![Field::C(2, 2), Field::C(2, 3), Field::C(2, 4), Field::C(2, 5)],
                    captured: Some(1),
                }],
            }),
            most_actions: 2,
            winner: None,
        };
        let names = (0..players)
            .map(|i| format!("A rather long player name number {i}"))
            .collect();
        (view, names)
    }

    #[test]
    fn the_board_encodes_as_a_png_under_300_kb_at_1000_px_wide() {
        let (view, names) = crowded_view();
        let any = rules::AnyView::Helofag(view);
        let png = crate::board_png(&any, &names, Lang::En).unwrap_or_default();
        assert!(png.len() <= crate::canvas::BOARD_PNG_BUDGET, "{} bytes", png.len());
        let Ok(image) = image::load_from_memory(&png) else {
            panic!("the PNG decodes")
        };
        assert_eq!((image.width(), image.height()), (900, 1134));
    }

    #[test]
    fn fields_pieces_dice_and_the_last_path_land_where_expected() {
        let (mut view, names) = crowded_view();
        view.pieces.ring[11] = None; // A12 empty
        view.pieces.ring[12] = None; // A13 empty
        let Ok(canvas) = draw_board(&view, &names, Lang::En) else {
            panic!("draws")
        };
        let px = |(x, y): (f32, f32)| canvas.pixel(x.round() as u32, y.round() as u32);
        // C1.3 is black and empty: its middle is the black field's colour.
        assert_eq!(px(c_cell(1, 3).centre()), Some(BLACK_FIELD));
        // A13 is empty and plain: its middle has the plain fields' colour; A12 is an
        // empty jump field: a light field with its border.
        assert_eq!(px(ring_centre(13)), Some(PLAIN_FIELD));
        assert_eq!(px(ring_centre(12)), Some(FIELD));
        // A7 holds a piece of seat 0 (6 mod 6): red dominates its middle.
        let Some(Rgb(r, g, b)) = px(ring_centre(7)) else {
            panic!("pixel")
        };
        assert!(r > g.saturating_add(60) && r > b.saturating_add(60), "{r} {g} {b}");
        // The roll 1 2 6: die 1 has its one pip in the middle, die 2 none there.
        let middle = |i: usize| (die_left(i) + DIE_SIDE / 2.0, DICE_TOP + DIE_SIDE / 2.0);
        assert_eq!(px(middle(0)), Some(palette::INK));
        assert_eq!(px(middle(1)), Some(DIE));
        // The last move ended on C2.5: a thick highlight ring 4 px outside the field.
        let end = c_cell(2, 5);
        assert_eq!(px((end.x - 4.0, end.centre().1)), Some(palette::HIGHLIGHT));
        // It passed the black field C2.4: a highlight dot in its middle.
        assert_eq!(px(c_cell(2, 4).centre()), Some(palette::HIGHLIGHT));
    }

    #[test]
    fn pool_slots_stay_inside_their_areas_for_every_player_count() {
        for players in 2..=6 {
            for seat in 0..players {
                for (pool, area) in [
                    (Pool::Start, START),
                    (Pool::Waiting, WAITING),
                    (Pool::Goal, GOAL),
                ] {
                    let (x, y) = pool.slot(seat, players);
                    let inside = x - PIECE_R >= area.x
                        && x + PIECE_R <= area.right()
                        && y - PIECE_R >= area.y
                        && y + PIECE_R <= area.bottom();
                    assert!(inside, "{pool:?} seat {seat} of {players}");
                }
            }
        }
    }
}
