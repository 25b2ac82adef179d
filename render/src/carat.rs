//! Carat (spec `carat.md`): the 6 x 6 tile spaces, the 7 x 7 chips at their corners,
//! the players with their colours and scores, and a player's hand.

use rules::{
    carat::{CaratView, Colour, ScoredChip, Space, Tile, Variant},
    words::Worded,
};

use crate::{
    RenderError,
    canvas::{Align, Area, Canvas, SpriteKey, TextStyle, diamond},
    palette::{self, Rgb},
    seat_name,
    words::Lang,
};

// ---- Board image layout (pixels) ----

/// Image width.
pub(crate) const WIDTH: u32 = 900;
/// Height of the title bar.
const HEADER_H: f32 = 70.0;
/// Side of one tile space.
pub(crate) const CELL: f32 = 120.0;
/// Left edge of the tile grid (chip column 0 lies on it).
pub(crate) const BOARD_X: f32 = 90.0;
/// Top edge of the tile grid (chip row 0 lies on it).
pub(crate) const BOARD_Y: f32 = HEADER_H + 62.0;
/// Gap between a tile and the edge of its space.
const TILE_INSET: f32 = 5.0;
/// Corner radius of a tile on the board: 0, as the chips cover the corners anyway
/// (and square corners draw several times faster).
const BOARD_TILE_RADIUS: f32 = 0.0;
/// Width of a tile's outline.
const TILE_BORDER: f32 = 2.0;
/// Where a diamond's middle lies on the diagonal from the tile's middle (0) to its corner (1).
pub(crate) const DIAMOND_AT: f32 = 0.54;
/// A diamond's half diagonals, along and across the tile's diagonal, as fractions of the tile side.
const DIAMOND_LONG: f32 = 0.2;
const DIAMOND_SHORT: f32 = 0.14;
/// Radius of a chip.
pub(crate) const CHIP_R: f32 = 25.0;
/// Width of the frame around the last placed tile.
pub(crate) const LAST_FRAME: f32 = 6.0;
/// Distance of the coordinate labels' centres from the grid.
const LABEL_GAP: f32 = 48.0;
/// Top of the players' panel.
pub(crate) const PANEL_Y: f32 = BOARD_Y + 6.0 * CELL + 80.0;
/// Height of one player's row.
pub(crate) const ROW_H: f32 = 60.0;
/// Space below the last row.
const BOTTOM: f32 = 22.0;
/// Left and right page margin.
const MARGIN: f32 = 30.0;

// ---- Hand image layout (pixels) ----

/// Hand image width.
pub(crate) const HAND_WIDTH: u32 = 810;
/// Height of the hand image's title bar.
const HAND_HEADER_H: f32 = 60.0;
/// Side of the hand tile as drawn.
const HAND_TILE: f32 = 150.0;
/// Side of each of the four turned copies.
const TURN_TILE: f32 = 112.0;
/// Corner radius of the tiles in the hand image.
const HAND_TILE_RADIUS: f32 = 10.0;
/// Height of one hand row (tile, label, gap).
pub(crate) const HAND_ROW_H: f32 = 212.0;

// ---- Colours ----

/// The board under the tile spaces.
const BOARD: Rgb = Rgb::hex(0xE4D9C4);
/// An empty tile space.
const EMPTY_SPACE: Rgb = Rgb::hex(0xD6C8AE);
/// A placed tile's face.
const TILE_FACE: Rgb = Rgb::hex(0xFFFCF4);
/// A chip that has not been scored: white, so it never looks like a yellow one.
pub(crate) const OPEN_CHIP: Rgb = palette::WHITE;
/// A chip that was scored by nobody.
pub(crate) const DEAD_CHIP: Rgb = Rgb::hex(0xA39E96);

/// The drawing colour of a diamond colour.
pub(crate) fn colour_of(colour: Colour) -> Rgb {
    match colour {
        Colour::Red => palette::RED,
        Colour::Blue => palette::BLUE,
        Colour::Green => palette::GREEN,
        Colour::Yellow => palette::YELLOW,
    }
}

/// The board image's height for `players` seats.
pub(crate) fn board_height(players: usize) -> u32 {
    (PANEL_Y + players as f32 * ROW_H + BOTTOM).ceil() as u32
}

/// The centre of chip (`col`, `row`), 0..=6.
pub(crate) fn chip_centre(col: usize, row: usize) -> (f32, f32) {
    (BOARD_X + col as f32 * CELL, BOARD_Y + row as f32 * CELL)
}

/// The top-left corner of tile space `space`.
pub(crate) fn space_origin(space: Space) -> (f32, f32) {
    (BOARD_X + f32::from(space.col) * CELL, BOARD_Y + f32::from(space.row) * CELL)
}

impl crate::Draw for CaratView {
    fn board_canvas(&self, names: &[String], lang: Lang) -> Result<Canvas, RenderError> {
        draw_board(self, names, lang)
    }

    fn hand_png(&self, seat: usize, names: &[String], lang: Lang) -> Result<Option<Vec<u8>>, RenderError> {
        draw_hand(self, seat, names, lang)?.map(|c| c.png_within(crate::canvas::HAND_PNG_BUDGET)).transpose()
    }
}

/// Draws the board as `view` shows it.
pub(crate) fn draw_board(view: &CaratView, names: &[String], lang: Lang) -> Result<Canvas, RenderError> {
    let players = view.scores.len();
    let variant = match view.variant {
        None => 0,
        Some(Variant::Hand3) => 1,
        Some(Variant::TwoColours) => 2,
    };
    let key = SpriteKey::new("carat board", [lang as u32, players as u32, variant, 0, 0, 0]);
    let mut canvas = Canvas::background_with_sprites(
        key,
        WIDTH,
        board_height(players),
        palette::BACKGROUND,
        |c| draw_fixed(c, view, lang),
        Some(draw_sprites),
    )?;
    draw_pile(&mut canvas, WIDTH as f32 - MARGIN, HEADER_H / 2.0, view.pile)?;
    for (row, line) in view.board.iter().enumerate() {
        for (col, placed) in line.iter().enumerate() {
            if let Some(p) = placed {
                let (x, y) = space_origin(Space { col: col as u8, row: row as u8 });
                tile_sprite(&mut canvas, x, y, CELL, BOARD_TILE_RADIUS, p.tile.value, p.corners);
            }
        }
    }
    if let Some(last) = view.last {
        draw_last_frame(&mut canvas, last);
    }
    for row in 0..7 {
        for col in 0..7 {
            draw_chip(&mut canvas, col, row, view.chips[row][col], view.scored[row][col])?;
        }
    }
    for seat in 0..players {
        draw_player_row(&mut canvas, view, seat, names, lang)?;
    }
    Ok(canvas)
}

/// The sprites a board draws (tiles of every value in every turn, chips of every value
/// and state), drawn once for a kept background so that their colours are fixed in its
/// palette ([`Canvas::background_with_sprites`]).
fn draw_sprites(canvas: &mut Canvas) {
    for value in 1..=6 {
        for turn in Colour::ALL {
            let corners = Tile { value, order: Tile::ORDERS[0] }.corners(turn);
            tile_sprite(canvas, 0.0, 0.0, CELL, BOARD_TILE_RADIUS, value, corners);
        }
    }
    let mut states = vec![None, Some(ScoredChip { winner: None, owner: None, points: 0 })];
    for w in Colour::ALL {
        states.push(Some(ScoredChip { winner: Some(w), owner: Some(0), points: 0 }));
        states.push(Some(ScoredChip { winner: Some(w), owner: None, points: 0 }));
    }
    for value in 1..=5 {
        for &state in &states {
            draw_chip(canvas, 0, 0, value, state).ok();
        }
    }
}

/// What every board of this player count, variant and language shows: the title, the
/// board with its coordinates and all its spaces empty. Drawn once and kept
/// ([`Canvas::background`]); a view only draws over it.
fn draw_fixed(canvas: &mut Canvas, view: &CaratView, lang: Lang) -> Result<(), RenderError> {
    draw_header(canvas, view, lang)?;
    draw_board_base(canvas);
    draw_coordinates(canvas)?;
    for row in 0..6 {
        for col in 0..6 {
            let (x, y) = space_origin(Space { col, row });
            draw_empty_space(canvas, x, y);
        }
    }
    Ok(())
}

/// The title and the variant (the pile is drawn per view: [`draw_pile`]).
fn draw_header(canvas: &mut Canvas, view: &CaratView, lang: Lang) -> Result<(), RenderError> {
    let mid = HEADER_H / 2.0;
    let title = lang.game_name(rules::GameKind::Carat);
    let width = canvas.text(title, MARGIN, mid, &TextStyle::new(34.0).bold())?;
    let [hand3, two_colours] = crate::words::words(lang).carat_variants;
    let variant = match view.variant {
        Some(Variant::Hand3) => Some(hand3),
        Some(Variant::TwoColours) => Some(two_colours),
        None => None,
    };
    if let Some(v) = variant {
        canvas.text(v, MARGIN + width + 16.0, mid, &TextStyle::new(22.0).colour(palette::MUTED))?;
    }
    Ok(())
}

/// The pile: a small stack of face-down tiles and the number of tiles in it, ending at `right`.
fn draw_pile(canvas: &mut Canvas, right: f32, mid: f32, pile: usize) -> Result<(), RenderError> {
    let count = pile.to_string();
    let style = TextStyle::new(30.0).bold().right();
    let width = canvas.text(&count, right, mid, &style)?;
    let x = right - width - 52.0;
    for k in (0..3).rev() {
        let offset = k as f32 * 4.0;
        let card = Area::new(x + offset, mid - 16.0 - offset, 32.0, 32.0);
        canvas.fill_rounded_rect(card, 5.0, palette::MUTED.lighten(0.25));
        canvas.stroke_rounded_rect(card, 5.0, 1.5, palette::PANEL);
    }
    Ok(())
}

fn draw_board_base(canvas: &mut Canvas) {
    let pad = CHIP_R + 12.0;
    let side = 6.0 * CELL;
    canvas.fill_rounded_rect(Area::new(BOARD_X, BOARD_Y, side, side).inset(-pad), 18.0, BOARD);
}

fn draw_coordinates(canvas: &mut Canvas) -> Result<(), RenderError> {
    let style = TextStyle::new(26.0).bold().colour(palette::MUTED).centred();
    let side = 6.0 * CELL;
    for k in 0..6u8 {
        let centre = BOARD_X + (f32::from(k) + 0.5) * CELL;
        let letter = char::from(b'a' + k).to_string();
        canvas.text(&letter, centre, BOARD_Y - LABEL_GAP, &style)?;
        canvas.text(&letter, centre, BOARD_Y + side + LABEL_GAP, &style)?;
        let middle = BOARD_Y + (f32::from(k) + 0.5) * CELL;
        let number = (k + 1).to_string();
        canvas.text(&number, BOARD_X - LABEL_GAP, middle, &style)?;
        canvas.text(&number, BOARD_X + side + LABEL_GAP, middle, &style)?;
    }
    Ok(())
}

fn draw_empty_space(canvas: &mut Canvas, x: f32, y: f32) {
    canvas.fill_rounded_rect(Area::new(x, y, CELL, CELL).inset(TILE_INSET), BOARD_TILE_RADIUS, EMPTY_SPACE);
}

/// A tile of `value` with corner colours `corners` on the `cell` x `cell` space whose
/// top-left corner is (`x`, `y`) (whole pixels), copied from a sprite drawn once per
/// tile, turn, size and corner radius ([`Canvas::sprite`]).
fn tile_sprite(canvas: &mut Canvas, x: f32, y: f32, cell: f32, radius: f32, value: u8, corners: [Colour; 4]) {
    let turn = corners.iter().fold(0u32, |acc, c| acc * 4 + c.index() as u32);
    let key = SpriteKey::new("carat tile", [u32::from(value), turn, cell.to_bits(), radius.to_bits(), 0, 0]);
    let side = cell.ceil() as u32;
    canvas.sprite(key, side, side, x as i32, y as i32, |c| {
        draw_tile(c, Area::new(0.0, 0.0, cell, cell), radius, value, corners).ok();
    });
}

/// A tile of `value` on the space `space` (a square), with corners rounded by `radius`
/// and `corners` the diamond colours NW, NE, SE, SW.
fn draw_tile(
    canvas: &mut Canvas,
    space: Area,
    radius: f32,
    value: u8,
    corners: [Colour; 4],
) -> Result<(), RenderError> {
    let cell = space.w;
    let face = space.inset(TILE_INSET * cell / CELL);
    canvas.fill_rounded_rect(face, radius, palette::GRID);
    canvas.fill_rounded_rect(face.inset(TILE_BORDER), radius - TILE_BORDER, TILE_FACE);
    let (x, y) = (space.x, space.y);
    let corner_points = [(x, y), (x + cell, y), (x + cell, y + cell), (x, y + cell)];
    let middle = space.centre();
    for (colour, corner) in corners.into_iter().zip(corner_points) {
        draw_diamond(canvas, middle, corner, cell, colour);
    }
    canvas.text(&value.to_string(), middle.0, middle.1, &TextStyle::new(0.30 * cell).bold().centred())?;
    Ok(())
}

/// A diamond on the diagonal from the tile's middle towards its corner.
fn draw_diamond(canvas: &mut Canvas, middle: (f32, f32), corner: (f32, f32), cell: f32, colour: Colour) {
    let (dx, dy) = (corner.0 - middle.0, corner.1 - middle.1);
    let angle = dy.atan2(dx);
    let (cx, cy) = (middle.0 + dx * DIAMOND_AT, middle.1 + dy * DIAMOND_AT);
    let fill = colour_of(colour);
    // The outline as a slightly larger diamond underneath (cheaper than a stroke).
    let outline = 1.5;
    let (long, short) = (DIAMOND_LONG * cell, DIAMOND_SHORT * cell);
    canvas.fill_polygon(&diamond(cx, cy, angle, long + outline, short + outline), fill.darken(0.35));
    canvas.fill_polygon(&diamond(cx, cy, angle, long, short), fill);
}

fn draw_last_frame(canvas: &mut Canvas, space: Space) {
    let (x, y) = space_origin(space);
    let frame = Area::new(x, y, CELL, CELL).inset(LAST_FRAME / 2.0);
    canvas.stroke_rounded_rect(frame, 12.0, LAST_FRAME, palette::HIGHLIGHT);
}

/// A chip: open (white), scored (the winning colour) or scored by nobody (grey, ringed
/// in the neutral colour that won it, if any).
fn draw_chip(
    canvas: &mut Canvas,
    col: usize,
    row: usize,
    value: u8,
    scored: Option<ScoredChip>,
) -> Result<(), RenderError> {
    let (cx, cy) = chip_centre(col, row);
    let (fill, ring, ring_width): (Rgb, Rgb, f32) = match scored {
        None => (OPEN_CHIP, palette::MUTED, 2.0),
        Some(ScoredChip { winner: Some(w), owner: Some(_), .. }) => (colour_of(w), palette::INK, 3.5),
        Some(ScoredChip { winner: Some(w), owner: None, .. }) => (DEAD_CHIP, colour_of(w), 5.0),
        Some(ScoredChip { winner: None, .. }) => (DEAD_CHIP, palette::INK, 2.0),
    };
    let text = if scored.is_some_and(|s| s.owner.is_none()) { palette::WHITE } else { fill.ink_on() };
    let key = SpriteKey::new("carat chip", [u32::from(value), fill.packed(), ring.packed(), ring_width.to_bits(), text.packed(), 0]);
    let pad = CHIP_R + 1.0;
    let side = (2.0 * pad) as u32;
    let mut result = Ok(());
    canvas.sprite(key, side, side, (cx - pad) as i32, (cy - pad) as i32, |c| {
        // The ring as a circle underneath the fill (cheaper than a stroke).
        c.fill_circle(pad, pad, CHIP_R, ring);
        c.fill_circle(pad, pad, CHIP_R - ring_width, fill);
        result = c.text(&value.to_string(), pad, pad, &TextStyle::new(24.0).bold().colour(text).centred()).map(|_| ());
    });
    result
}

/// Top of seat `seat`'s row in the players' panel.
pub(crate) fn row_top(seat: usize) -> f32 {
    PANEL_Y + seat as f32 * ROW_H
}

fn draw_player_row(
    canvas: &mut Canvas,
    view: &CaratView,
    seat: usize,
    names: &[String],
    lang: Lang,
) -> Result<(), RenderError> {
    let top = row_top(seat) + 4.0;
    let h = ROW_H - 8.0;
    let mid = top + h / 2.0;
    let right = WIDTH as f32 - MARGIN;
    let to_move = view.to_move == Some(seat);
    let colours = view.colours.get(seat).cloned().unwrap_or_default();
    let removed = colours.is_empty();
    let panel = if to_move { palette::TURN_TINT } else { palette::PANEL };
    let card = Area::new(MARGIN, top, right - MARGIN, h);
    canvas.fill_rounded_rect(card, 12.0, panel);
    if to_move {
        canvas.stroke_rounded_rect(card, 12.0, 3.0, palette::INK);
        let x = MARGIN + 14.0;
        canvas.fill_polygon(&[(x, mid - 12.0), (x + 18.0, mid), (x, mid + 12.0)], palette::INK);
    }
    let mut x = MARGIN + 48.0;
    for colour in &colours {
        let points = diamond(x + 14.0, mid, 0.0, 16.0, 11.0);
        canvas.fill_polygon(&points, colour_of(*colour));
        canvas.stroke_polygon(&points, 1.5, palette::INK);
        x += 34.0;
    }
    if removed {
        x += 34.0;
    }
    let score = view.scores.get(seat).copied().unwrap_or(0);
    let winner = view.winners.contains(&seat);
    let score_style = TextStyle::new(32.0).bold().right();
    let score_width = canvas.text(&score.to_string(), right - 18.0, mid, &score_style)?;
    let mut name_right = right - 18.0 - score_width - 20.0;
    if winner {
        let star = TextStyle::new(32.0).bold().colour(palette::ORANGE).right();
        let w = canvas.text("★", name_right, mid, &star)?;
        name_right -= w + 12.0;
    }
    let name_style = TextStyle::new(28.0).bold().colour(if removed { palette::MUTED } else { palette::INK });
    let name = Canvas::fit_text(&seat_name(names, seat, lang), name_right - x - 8.0, &name_style)?;
    let width = canvas.text(&name, x + 8.0, mid, &name_style)?;
    if removed {
        canvas.line((x + 4.0, mid), (x + 12.0 + width, mid), 3.0, palette::MUTED);
    }
    Ok(())
}

// ---- Hand ----

/// Draws `seat`'s hand, or `None` when the view does not show it or it is empty (game over).
pub(crate) fn draw_hand(
    view: &CaratView,
    seat: usize,
    names: &[String],
    lang: Lang,
) -> Result<Option<Canvas>, RenderError> {
    let Some(Some(hand)) = view.hands.get(seat) else {
        return Ok(None);
    };
    if hand.is_empty() {
        return Ok(None);
    }
    let rows = hand.len();
    let height = (HAND_HEADER_H + rows as f32 * HAND_ROW_H).ceil() as u32;
    let mut canvas = Canvas::blank(HAND_WIDTH, height, palette::BACKGROUND)?;
    let name_style = TextStyle::new(28.0).bold();
    let mut x = MARGIN;
    for colour in view.colours.get(seat).cloned().unwrap_or_default() {
        let points = diamond(x + 14.0, HAND_HEADER_H / 2.0, 0.0, 16.0, 11.0);
        canvas.fill_polygon(&points, colour_of(colour));
        canvas.stroke_polygon(&points, 1.5, palette::INK);
        x += 34.0;
    }
    let name = Canvas::fit_text(&seat_name(names, seat, lang), HAND_WIDTH as f32 - x - 2.0 * MARGIN, &name_style)?;
    canvas.text(&name, x + 8.0, HAND_HEADER_H / 2.0, &name_style)?;
    for (k, tile) in hand.iter().enumerate() {
        draw_hand_row(&mut canvas, HAND_HEADER_H + k as f32 * HAND_ROW_H, *tile, lang)?;
    }
    Ok(Some(canvas))
}

/// The word a player of `lang` types for `colour` in a move (`c3 rot`).
pub(crate) fn colour_word(colour: Colour, lang: Lang) -> &'static str {
    colour.word_in(lang)
}

/// One hand tile: large, with its code, then the four ways to turn it, each labelled
/// with the colour word that puts it so (`c3 red` / `c3 rot` puts red in the north-west
/// corner).
fn draw_hand_row(canvas: &mut Canvas, top: f32, tile: Tile, lang: Lang) -> Result<(), RenderError> {
    tile_sprite(canvas, MARGIN, top, HAND_TILE, HAND_TILE_RADIUS, tile.value, tile.corners(Colour::Red));
    let code_style = TextStyle::new(24.0).bold().centred();
    canvas.text(&tile.to_string(), MARGIN + HAND_TILE / 2.0, top + HAND_TILE + 22.0, &code_style)?;
    let left = MARGIN + HAND_TILE + 40.0;
    let step = (HAND_WIDTH as f32 - MARGIN - left) / 4.0;
    let label = TextStyle::new(22.0).colour(palette::INK).align(Align::Centre);
    let y = top + (HAND_TILE - TURN_TILE) / 2.0;
    for (k, north_west) in Colour::ALL.into_iter().enumerate() {
        let x = left + k as f32 * step + (step - TURN_TILE) / 2.0;
        tile_sprite(canvas, x, y, TURN_TILE, HAND_TILE_RADIUS, tile.value, tile.corners(north_west));
        canvas.text(&format!("↖ {}", colour_word(north_west, lang)), x + TURN_TILE / 2.0, y + TURN_TILE + 22.0, &label)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
