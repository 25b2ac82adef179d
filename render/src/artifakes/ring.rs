//! The stone circle: 30 fields around a centre, field 1 at the top, numbered clockwise.
//! Each field is a wedge: an outer band in the field's colour with its number, and an
//! inner part where the buried pieces stand in a line towards the centre.

use std::f32::consts::PI;

use rules::artifakes::{ArtifakesView, Direction, LastPlay, Phase, FIELDS, RING};

use super::{draw_figure, draw_piece, each_piece, field_colour, last_play_lines, seat_colour, HEADER_H, WIDTH};
use crate::{
    RenderError,
    canvas::{Canvas, TextStyle},
    palette::{self, Rgb},
    seat_name,
    words::{Lang, fill},
};

/// The circle's centre.
pub(crate) const CENTRE_X: f32 = WIDTH as f32 / 2.0;
pub(crate) const CENTRE_Y: f32 = HEADER_H + 56.0 + OUTER_R;
/// Outer edge of the fields.
pub(crate) const OUTER_R: f32 = 340.0;
/// Inner edge of the coloured number band.
pub(crate) const BAND_R: f32 = 296.0;
/// Inner edge of the fields.
pub(crate) const INNER_R: f32 = 152.0;
/// Where the first (outermost) piece of a field stands, and the distance between pieces.
const FIRST_PIECE_R: f32 = 276.0;
const PIECE_STEP: f32 = 26.0;
/// Size of a piece on the ring.
const PIECE: f32 = 21.0;
/// Where the inspector stands (the foot of his figure), outside the ring.
const INSPECTOR_R: f32 = OUTER_R + 14.0;
/// The radius of the arrow showing the inspector's last move.
const ARROW_R: f32 = OUTER_R + 8.0;
/// The wood of the fields' inner part.
const GROUND: Rgb = Rgb::hex(0xE8DDC7);
/// The inspector's colour.
const INSPECTOR: Rgb = Rgb::hex(0x1B1B1B);

/// The angle (radians, screen coordinates: 0 = right, clockwise) of the middle of field `field`.
pub(crate) fn field_angle(field: u8) -> f32 {
    -PI / 2.0 + (f32::from(field) - 1.0) * 2.0 * PI / f32::from(FIELDS)
}

/// The point at radius `r` and angle `angle` around the centre.
pub(crate) fn polar(r: f32, angle: f32) -> (f32, f32) {
    (CENTRE_X + r * angle.cos(), CENTRE_Y + r * angle.sin())
}

/// The outline of the part of field `field` between radii `inner` and `outer`.
fn wedge(field: u8, inner: f32, outer: f32) -> Vec<(f32, f32)> {
    let half = PI / f32::from(FIELDS);
    let middle = field_angle(field);
    let steps = 8;
    let along = |k: usize| middle - half + 2.0 * half * k as f32 / steps as f32;
    let mut points: Vec<(f32, f32)> = (0..=steps).map(|k| polar(outer, along(k))).collect();
    points.extend((0..=steps).rev().map(|k| polar(inner, along(k))));
    points
}

/// Where the `index`-th piece (0 = outermost) of a field stands.
pub(crate) fn piece_centre(field: u8, index: usize) -> (f32, f32) {
    polar(FIRST_PIECE_R - index as f32 * PIECE_STEP, field_angle(field))
}

/// Draws the 30 empty fields with their numbers and outlines, and the empty centre.
pub(crate) fn draw_fields(canvas: &mut Canvas) -> Result<(), RenderError> {
    canvas.fill_circle(CENTRE_X, CENTRE_Y, OUTER_R + 2.0, palette::INK);
    let number = TextStyle::new(21.0).bold().centred();
    for (index, &colour) in RING.iter().enumerate() {
        let field = u8::try_from(index + 1).unwrap_or(1);
        canvas.fill_polygon(&wedge(field, INNER_R, BAND_R), GROUND);
        let band = field_colour(colour);
        canvas.fill_polygon(&wedge(field, BAND_R, OUTER_R), band);
        let (x, y) = polar((OUTER_R + BAND_R) / 2.0, field_angle(field));
        canvas.text(&field.to_string(), x, y, &number.colour(band.ink_on()))?;
    }
    for field in 1..=FIELDS {
        canvas.stroke_polygon(&wedge(field, INNER_R, OUTER_R), 1.5, palette::INK);
    }
    canvas.fill_circle(CENTRE_X, CENTRE_Y, INNER_R - 6.0, palette::PANEL);
    Ok(())
}

/// Draws the buried pieces (inside their fields, clear of the outlines), the
/// inspector, and the last play's mark over the fixed fields ([`draw_fields`]).
pub(crate) fn draw_ring(canvas: &mut Canvas, view: &ArtifakesView) {
    for index in 0..RING.len() {
        let field = u8::try_from(index + 1).unwrap_or(1);
        let pieces = view.buried.get(index).copied().unwrap_or_default();
        let mut k = 0;
        for (seat, own) in pieces.iter().enumerate() {
            for piece in each_piece(*own) {
                let (px, py) = piece_centre(field, k);
                draw_piece(canvas, piece, px, py, PIECE, seat_colour(seat));
                k += 1;
            }
        }
    }
    if let Some(last) = view.last {
        draw_last(canvas, &last);
    }
    let angle = field_angle(view.inspector);
    let (x, y) = polar(INSPECTOR_R + 22.0, angle);
    draw_figure(canvas, x, y + 24.0, 48.0, INSPECTOR);
}

/// Marks the last play: the field something was buried on, or an arrow along the ring
/// for the inspector's move.
fn draw_last(canvas: &mut Canvas, last: &LastPlay) {
    match *last {
        LastPlay::Buried { field, .. } => {
            canvas.stroke_polygon(&wedge(field, INNER_R, OUTER_R), 4.0, palette::HIGHLIGHT);
        }
        LastPlay::Moved { from, points, direction, .. } => {
            let sign = if direction == Direction::Clockwise { 1.0 } else { -1.0 };
            let start = field_angle(from);
            let sweep = sign * f32::from(points) * 2.0 * PI / f32::from(FIELDS);
            let steps = 6 * usize::from(points.max(1));
            let point = |k: usize| polar(ARROW_R, start + sweep * k as f32 / steps as f32);
            for k in 0..steps {
                canvas.line(point(k), point(k + 1), 4.0, palette::HIGHLIGHT);
            }
            canvas.fill_circle(point(0).0, point(0).1, 5.0, palette::HIGHLIGHT);
            // An arrowhead at the end, pointing along the ring in the direction of travel.
            let end = start + sweep;
            let (tx, ty) = polar(ARROW_R, end);
            let (dx, dy) = (-end.sin() * sign, end.cos() * sign);
            let (nx, ny) = (end.cos(), end.sin());
            let head = [
                (tx + dx * 12.0, ty + dy * 12.0),
                (tx - dx * 6.0 + nx * 9.0, ty - dy * 6.0 + ny * 9.0),
                (tx - dx * 6.0 - nx * 9.0, ty - dy * 6.0 - ny * 9.0),
            ];
            canvas.fill_polygon(&head, palette::HIGHLIGHT);
        }
        LastPlay::Wasted { .. } => {}
    }
}

/// The centre of the circle: round, phase, the inspector's patience, the last play, and
/// the result when the game is over.
pub(crate) fn draw_centre(
    canvas: &mut Canvas,
    view: &ArtifakesView,
    names: &[String],
    lang: Lang,
) -> Result<(), RenderError> {
    let words = crate::words::words(lang);
    // (the empty centre is fixed: [`draw_fields`])
    let mut lines: Vec<(String, TextStyle)> = Vec::new();
    let bold = TextStyle::new(22.0).bold().centred();
    let plain = TextStyle::new(19.0).centred();
    let muted = plain.colour(palette::MUTED);
    match view.phase {
        Phase::Over => {
            if view.went_home {
                for line in words.artifakes_went_home_lines {
                    lines.push((line.into(), muted));
                }
            }
            match view.ranking.as_deref() {
                Some([best, ..]) if best.len() == 1 => {
                    let name = seat_name(names, best[0], lang);
                    lines.push((Canvas::fit_text(&name, 2.0 * (INNER_R - 18.0), &bold)?, bold));
                    lines.push((words.artifakes_wins.into(), bold));
                }
                _ => lines.push((words.artifakes_draw.into(), bold)),
            }
        }
        Phase::Bury | Phase::Excavate => {
            lines.push((fill(words.artifakes_round, &[&view.round]), bold));
            let phase = if view.phase == Phase::Bury { words.artifakes_burying } else { words.artifakes_excavating };
            lines.push((phase.into(), plain));
            if view.phase == Phase::Excavate && view.idle_plays > 0 {
                lines.push((fill(words.artifakes_not_moved, &[&view.idle_plays]), muted));
            }
        }
    }
    if let Some(last) = view.last {
        let width = 2.0 * (INNER_R - 18.0);
        for line in last_play_lines(&last, names, lang) {
            let style = TextStyle::new(18.0).centred();
            lines.push((Canvas::fit_text(&line, width, &style)?, style));
        }
    }
    let line_h = 27.0;
    let mut y = CENTRE_Y - (lines.len() as f32 - 1.0) * line_h / 2.0;
    for (text, style) in lines {
        canvas.text(&text, CENTRE_X, y, &style)?;
        y += line_h;
    }
    Ok(())
}
