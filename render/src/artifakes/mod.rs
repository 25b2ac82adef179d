//! Artifakes (spec `artifakes.md`): the stone circle with its 30 coloured fields, the
//! buried fakes, the chief inspector, the dolerite row with both archaeologists, the
//! players' supplies, finds and wasted cards; and a player's private hand.

pub(crate) mod hand;
mod ring;
#[cfg(test)]
mod tests;

use rules::artifakes::{ArtifakesView, Colour, LastPlay, Phase, Piece, Pieces, Way};

use crate::{
    RenderError,
    canvas::{Area, Canvas, SpriteKey, TextStyle},
    palette::{self, Rgb},
    seat_name,
    words::{Lang, fill},
};

pub(crate) use hand::draw_hand;

// ---- Board image layout (pixels) ----

/// Image width.
pub(crate) const WIDTH: u32 = 900;
/// Height of the title bar.
const HEADER_H: f32 = 64.0;
/// Left and right page margin.
const MARGIN: f32 = 24.0;
/// Top of the dolerite row's panel.
pub(crate) const ROW_Y: f32 = ring::CENTRE_Y + ring::OUTER_R + 62.0;
/// Height of the dolerite row's panel.
const ROW_PANEL_H: f32 = 112.0;
/// Top of the players' panel.
pub(crate) const PLAYERS_Y: f32 = ROW_Y + ROW_PANEL_H + 14.0;
/// Height of one player's panel.
const PLAYER_H: f32 = 112.0;
/// Gap between panels.
const GAP: f32 = 10.0;
/// Image height.
pub(crate) const HEIGHT: u32 = (PLAYERS_Y + 2.0 * (PLAYER_H + GAP) + 10.0) as u32;

// ---- Colours ----

/// The drawing colour of a ring colour (fields and cards).
pub(crate) fn field_colour(colour: Colour) -> Rgb {
    match colour {
        Colour::White => Rgb::hex(0xFBFAF7),
        Colour::Grey => Rgb::hex(0x8F8B85),
        Colour::Blue => palette::BLUE,
        Colour::Green => palette::GREEN,
        Colour::Yellow => palette::YELLOW,
        Colour::Red => palette::RED,
    }
}

/// A player's pieces and archaeologist: purple for seat 0, orange for seat 1, so that
/// neither looks like a field colour.
pub(crate) fn seat_colour(seat: usize) -> Rgb {
    if seat == 0 { palette::PURPLE.darken(0.25) } else { palette::ORANGE }
}

/// Draws one fake centred at (`x`, `y`) of size `size`: a block is a square, a disc a
/// circle. Drawn once per piece, size, colour and quarter-pixel position and kept as a
/// sprite ([`Canvas::sprite_centred`]).
pub(crate) fn draw_piece(canvas: &mut Canvas, piece: Piece, x: f32, y: f32, size: f32, colour: Rgb) {
    let kind = u32::from(piece == Piece::Disc);
    canvas.sprite_centred("artifakes piece", [kind, size.to_bits(), colour.packed(), 0], x, y, size / 2.0 + 1.5, |c, x, y| {
        draw_piece_shape(c, piece, x, y, size, colour);
    });
}

fn draw_piece_shape(canvas: &mut Canvas, piece: Piece, x: f32, y: f32, size: f32, colour: Rgb) {
    let outline = colour.darken(0.55);
    match piece {
        Piece::Block => {
            let area = Area::new(x - size / 2.0, y - size / 2.0, size, size);
            canvas.fill_rounded_rect(area, size * 0.15, colour);
            canvas.stroke_rounded_rect(area, size * 0.15, 1.5, outline);
        }
        Piece::Disc => {
            canvas.fill_circle(x, y, size / 2.0, colour);
            canvas.stroke_circle(x, y, size / 2.0 - 0.5, 1.5, outline);
        }
    }
}

/// The pieces in `pieces`, blocks first, as a list of single pieces.
pub(crate) fn each_piece(pieces: Pieces) -> impl Iterator<Item = Piece> {
    std::iter::repeat_n(Piece::Block, usize::from(pieces.blocks)).chain(std::iter::repeat_n(Piece::Disc, usize::from(pieces.discs)))
}

/// A small upright figure (an archaeologist or the inspector) standing on (`x`, `foot`),
/// `height` pixels tall. Kept as a sprite like the pieces.
pub(crate) fn draw_figure(canvas: &mut Canvas, x: f32, foot: f32, height: f32, colour: Rgb) {
    let half = height / 2.0;
    canvas.sprite_centred("artifakes figure", [height.to_bits(), colour.packed(), 0, 0], x, foot - half, half + 2.0, |c, x, y| {
        draw_figure_shape(c, x, y + half, height, colour);
    });
}

fn draw_figure_shape(canvas: &mut Canvas, x: f32, foot: f32, height: f32, colour: Rgb) {
    let head = height * 0.2;
    let body = [
        (x - height * 0.3, foot),
        (x + height * 0.3, foot),
        (x + height * 0.12, foot - height * 0.62),
        (x - height * 0.12, foot - height * 0.62),
    ];
    let outline = if colour.luminance() < 0.1 { palette::WHITE } else { colour.darken(0.55) };
    canvas.fill_polygon(&body, colour);
    canvas.stroke_polygon(&body, 1.5, outline);
    let cy = foot - height + head;
    canvas.fill_circle(x, cy, head, colour);
    canvas.stroke_circle(x, cy, head - 0.5, 1.5, outline);
}

impl crate::Draw for ArtifakesView {
    fn board_canvas(&self, names: &[String], lang: Lang) -> Result<Canvas, RenderError> {
        draw_board(self, names, lang)
    }

    fn hand_png(&self, seat: usize, names: &[String], lang: Lang) -> Result<Option<Vec<u8>>, RenderError> {
        draw_hand(self, seat, names, lang)?.map(|c| c.png_within(crate::canvas::HAND_PNG_BUDGET)).transpose()
    }
}

/// Draws the board as `view` shows it.
pub(crate) fn draw_board(view: &ArtifakesView, names: &[String], lang: Lang) -> Result<Canvas, RenderError> {
    let key = SpriteKey::new("artifakes board", [lang as u32, 0, 0, 0, 0, 0]);
    let mut canvas = Canvas::background(key, WIDTH, HEIGHT, palette::BACKGROUND, |c| draw_fixed(c, lang))?;
    draw_header(&mut canvas, view, lang)?;
    ring::draw_ring(&mut canvas, view);
    ring::draw_centre(&mut canvas, view, names, lang)?;
    draw_archaeologists(&mut canvas, view)?;
    for seat in 0..2 {
        draw_player(&mut canvas, view, seat, names, lang)?;
    }
    Ok(canvas)
}

/// What every board in this language shows: the title, the stone circle's fields
/// with their numbers, the empty centre and the dolerite row. Drawn once and kept
/// ([`Canvas::background`]); a view only draws over it.
fn draw_fixed(canvas: &mut Canvas, lang: Lang) -> Result<(), RenderError> {
    canvas.text(lang.game_name(rules::GameKind::Artifakes), MARGIN, HEADER_H / 2.0, &TextStyle::new(32.0).bold())?;
    ring::draw_fields(canvas)?;
    draw_dolerite_row(canvas)
}

/// The phase in words.
fn phase_word(view: &ArtifakesView, lang: Lang) -> &'static str {
    let words = crate::words::words(lang);
    match view.phase {
        Phase::Bury => words.artifakes_burying,
        Phase::Excavate => words.artifakes_excavating,
        Phase::Over if view.went_home => words.artifakes_went_home,
        Phase::Over => words.artifakes_game_over,
    }
}

fn draw_header(canvas: &mut Canvas, view: &ArtifakesView, lang: Lang) -> Result<(), RenderError> {
    let mid = HEADER_H / 2.0;
    // (the title is fixed: [`draw_fixed`])
    let width = Canvas::text_width(lang.game_name(rules::GameKind::Artifakes), &TextStyle::new(32.0).bold())?;
    let status = format!("{} · {}", fill(crate::words::words(lang).artifakes_round_of, &[&view.round]), phase_word(view, lang));
    let deck_left = draw_deck(canvas, WIDTH as f32 - MARGIN, mid, view.deck)?;
    let x = MARGIN + width + 16.0;
    let style = TextStyle::new(22.0).colour(palette::MUTED);
    let status = Canvas::fit_text(&status, deck_left - 12.0 - x, &style)?;
    canvas.text(&status, x, mid + 1.0, &style)?;
    Ok(())
}

/// The deck: a stack of face-down cards and the number of cards in it, ending at
/// `right`; returns the stack's left edge.
fn draw_deck(canvas: &mut Canvas, right: f32, mid: f32, cards: usize) -> Result<f32, RenderError> {
    let width = canvas.text(&cards.to_string(), right, mid, &TextStyle::new(28.0).bold().right())?;
    let x = right - width - 44.0;
    for k in (0..3).rev() {
        let offset = k as f32 * 3.0;
        let card = Area::new(x + offset, mid - 19.0 - offset, 26.0, 38.0);
        canvas.fill_rounded_rect(card, 4.0, palette::MUTED.lighten(0.2));
        canvas.stroke_rounded_rect(card, 4.0, 1.5, palette::PANEL);
    }
    Ok(x)
}

// ---- The dolerite row ----

/// Stones on the dolerite row.
const STONES: usize = 19;
/// Width of one stone's slot.
const STONE_W: f32 = (WIDTH as f32 - 2.0 * MARGIN - 76.0) / STONES as f32;

/// The x of the middle of stone `stone` (1-19).
fn stone_x(stone: usize) -> f32 {
    MARGIN + 16.0 + (stone as f32 - 0.5) * STONE_W
}

/// The row's panel and its 19 numbered stones.
fn draw_dolerite_row(canvas: &mut Canvas) -> Result<(), RenderError> {
    let panel = Area::new(MARGIN, ROW_Y, WIDTH as f32 - 2.0 * MARGIN, ROW_PANEL_H);
    canvas.fill_rounded_rect(panel, 12.0, palette::PANEL);
    let stone_top = ROW_Y + 58.0;
    let number = TextStyle::new(17.0).bold().colour(palette::WHITE).centred();
    for stone in 1..=STONES {
        let x = stone_x(stone);
        let area = Area::new(x - STONE_W / 2.0 + 3.0, stone_top, STONE_W - 6.0, 40.0);
        let fill = if stone == STONES { palette::INK } else { Rgb::hex(0x7D766C) };
        canvas.fill_rounded_rect(area, 7.0, fill);
        canvas.text(&stone.to_string(), x, stone_top + 20.0, &number)?;
    }
    Ok(())
}

/// Both archaeologists on the dolerite row.
fn draw_archaeologists(canvas: &mut Canvas, view: &ArtifakesView) -> Result<(), RenderError> {
    let stone_top = ROW_Y + 58.0;
    // Both archaeologists stand above their stones; past 19 they stand on 19 with "+N".
    let same = view.stones[0].min(19) == view.stones[1].min(19);
    for seat in 0..2 {
        let position = view.stones[seat].max(1);
        let stone = usize::try_from(position.min(STONES as i64)).unwrap_or(1);
        let shift = if same { (seat as f32 - 0.5) * 20.0 } else { 0.0 };
        let x = stone_x(stone) + shift;
        draw_figure(canvas, x, stone_top - 4.0, 44.0, seat_colour(seat));
        if position > STONES as i64 {
            let extra = format!("+{}", position - STONES as i64);
            let y = ROW_Y + 18.0;
            let style = TextStyle::new(18.0).bold().colour(seat_colour(seat).darken(0.2));
            let style = if seat == 0 { style.right() } else { style };
            let dx = if seat == 0 { -12.0 } else { 12.0 };
            canvas.text(&extra, x + dx, y, &style)?;
        }
    }
    Ok(())
}

// ---- The players ----

/// Draws `count` next to a piece icon from `x`; returns the x after it.
fn draw_count(canvas: &mut Canvas, x: f32, mid: f32, piece: Piece, colour: Rgb, count: u8) -> Result<f32, RenderError> {
    draw_piece(canvas, piece, x + 9.0, mid, 17.0, colour);
    let width = canvas.text(&count.to_string(), x + 22.0, mid, &TextStyle::new(21.0).bold())?;
    Ok(x + 22.0 + width + 12.0)
}

/// Draws a labelled pair of counts (blocks and discs); returns the x after it.
fn draw_stock(canvas: &mut Canvas, x: f32, mid: f32, label: &str, pieces: Pieces, colour: Rgb) -> Result<f32, RenderError> {
    let width = canvas.text(label, x, mid, &TextStyle::new(18.0).colour(palette::MUTED))?;
    let x = draw_count(canvas, x + width + 6.0, mid, Piece::Block, colour, pieces.blocks)?;
    let x = draw_count(canvas, x, mid, Piece::Disc, colour, pieces.discs)?;
    Ok(x + 10.0)
}

fn draw_player(
    canvas: &mut Canvas,
    view: &ArtifakesView,
    seat: usize,
    names: &[String],
    lang: Lang,
) -> Result<(), RenderError> {
    let words = crate::words::words(lang);
    let top = PLAYERS_Y + seat as f32 * (PLAYER_H + GAP);
    let right = WIDTH as f32 - MARGIN;
    let card = Area::new(MARGIN, top, right - MARGIN, PLAYER_H);
    let to_move = view.to_move == Some(seat);
    canvas.fill_rounded_rect(card, 12.0, if to_move { palette::TURN_TINT } else { palette::PANEL });
    if to_move {
        canvas.stroke_rounded_rect(card, 12.0, 3.0, palette::INK);
    }
    let colour = seat_colour(seat);
    let line1 = top + 32.0;
    let line2 = top + 80.0;
    let mut x = MARGIN + 14.0;
    if to_move {
        canvas.fill_polygon(&[(x, line1 - 12.0), (x + 18.0, line1), (x, line1 + 12.0)], palette::INK);
    }
    x += 30.0;
    draw_figure(canvas, x, line1 + 17.0, 36.0, colour);
    x += 24.0;
    // Right end of line 1: the stone, and a star for the winner.
    let stone_style = TextStyle::new(30.0).bold().right();
    let stone_text = fill(words.artifakes_stone, &[&view.stones[seat]]);
    let stone_width = canvas.text(&stone_text, right - 16.0, line1, &stone_style)?;
    let mut name_right = right - 16.0 - stone_width - 16.0;
    let winner = view.ranking.as_ref().and_then(|r| r.first()).is_some_and(|best| best.contains(&seat));
    if winner {
        let star = TextStyle::new(30.0).bold().colour(palette::ORANGE).right();
        name_right -= canvas.text("★", name_right, line1, &star)? + 10.0;
    }
    let name_style = TextStyle::new(28.0).bold();
    let name = Canvas::fit_text(&seat_name(names, seat, lang), name_right - x, &name_style)?;
    canvas.text(&name, x, line1, &name_style)?;
    // Line 2: supply, finds, destroyed, cards in hand, wasted cards.
    let mut x = MARGIN + 16.0;
    x = draw_stock(canvas, x, line2, words.artifakes_supply, view.supply[seat], colour)?;
    x = draw_stock(canvas, x, line2, words.artifakes_finds, view.finds[seat], colour)?;
    x = draw_stock(canvas, x, line2, words.artifakes_lost, view.destroyed[seat], colour)?;
    let hand = view.hand_sizes[seat];
    let hand_text = if hand == 1 { words.artifakes_one_card.to_string() } else { fill(words.artifakes_cards, &[&hand]) };
    let width = canvas.text(&hand_text, x, line2, &TextStyle::new(18.0).colour(palette::MUTED))?;
    x += width + 18.0;
    if !view.wasted[seat].is_empty() {
        x += canvas.text(words.artifakes_wasted, x, line2, &TextStyle::new(18.0).colour(palette::MUTED))? + 6.0;
    }
    for &wasted in &view.wasted[seat] {
        if x + 34.0 > right - 8.0 {
            break;
        }
        hand::draw_card(canvas, Area::new(x, line2 - 23.0, 34.0, 46.0), wasted, lang)?;
        x += 38.0;
    }
    Ok(())
}

/// `pieces` in words: "2 blocks, 1 disc", "1 Block", "nothing".
pub(crate) fn pieces_text(pieces: Pieces, lang: Lang) -> String {
    let words = crate::words::words(lang);
    let [block, blocks, disc, discs] = words.artifakes_pieces;
    let count = |n: u8, one: &str, many: &str| fill(words.artifakes_count, &[&n, &if n == 1 { one } else { many }]);
    match (pieces.blocks, pieces.discs) {
        (0, 0) => words.artifakes_nothing.to_string(),
        (b, 0) => count(b, block, blocks),
        (0, d) => count(d, disc, discs),
        (b, d) => format!("{}, {}", count(b, block, blocks), count(d, disc, discs)),
    }
}

/// The lines describing the last play: the player, then e.g. "buried a block on 17".
pub(crate) fn last_play_lines(last: &LastPlay, names: &[String], lang: Lang) -> Vec<String> {
    let words = crate::words::words(lang);
    match *last {
        LastPlay::Buried { seat, piece, field } => {
            let [block, disc] = words.artifakes_a_piece;
            let piece = if piece == Piece::Block { block } else { disc };
            vec![seat_name(names, seat, lang), fill(words.artifakes_buried, &[&piece, &field])]
        }
        LastPlay::Moved { seat, card, way, from, to, found, destroyed, .. } => {
            let [colour, number] = words.artifakes_way_names;
            let way = if way == Way::Colour { colour } else { number };
            let mut lines = vec![seat_name(names, seat, lang), fill(words.artifakes_moved, &[&card, &way, &from, &to])];
            if !found.is_empty() {
                lines.push(fill(words.artifakes_found, &[&pieces_text(found, lang)]));
            }
            if !destroyed.is_empty() {
                lines.push(fill(words.artifakes_destroyed, &[&pieces_text(destroyed, lang)]));
            }
            lines
        }
        LastPlay::Wasted { seat, card } => {
            vec![seat_name(names, seat, lang), fill(words.artifakes_wasted_card, &[&card])]
        }
    }
}
