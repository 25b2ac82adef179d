//! Hathor's six symbols as simple, recognisable shapes, not letters (spec `hathor.md`,
//! "Components"). Each is drawn in a box of half-size `s` around
//! (`cx`, `cy`), designed on a unit square `-1..1` (y downwards).

use rules::hathor::Symbol;

use crate::{
    canvas::{Canvas, bezier, ellipse},
    palette::Rgb,
};

/// Maps design coordinates (`-1..1`) into the box.
#[derive(Clone, Copy)]
struct Frame {
    cx: f32,
    cy: f32,
    s: f32,
}

impl Frame {
    fn p(self, x: f32, y: f32) -> (f32, f32) {
        (self.cx + x * self.s, self.cy + y * self.s)
    }

    fn all(self, points: &[(f32, f32)]) -> Vec<(f32, f32)> {
        points.iter().map(|&(x, y)| self.p(x, y)).collect()
    }

    fn len(self, d: f32) -> f32 {
        d * self.s
    }
}

/// Draws `symbol` in `ink` on a stone of colour `face` (used to cut gaps into shapes).
pub(crate) fn draw_symbol(
    canvas: &mut Canvas,
    symbol: Symbol,
    cx: f32,
    cy: f32,
    s: f32,
    ink: Rgb,
    face: Rgb,
) {
    let f = Frame { cx, cy, s };
    match symbol {
        Symbol::Hathor => hathor(canvas, f, ink),
        Symbol::Ankh => ankh(canvas, f, ink),
        Symbol::Scarab => scarab(canvas, f, ink, face),
        Symbol::Eye => eye(canvas, f, ink),
        Symbol::Lotus => lotus(canvas, f, ink, face),
        Symbol::Falcon => falcon(canvas, f, ink),
    }
}

/// Hathor's horned sun disc: a disc held between two cow horns that rise from below,
/// swing out and end in points turned inwards (a lyre shape, open at the top).
fn hathor(canvas: &mut Canvas, f: Frame, ink: Rgb) {
    let (cx, cy) = f.p(0.0, -0.08);
    canvas.fill_circle(cx, cy, f.len(0.43), ink);
    for side in [-1.0, 1.0] {
        let outer = bezier(
            (0.0, 0.9),
            (side * 0.75, 0.9),
            (side * 1.15, -0.2),
            (side * 0.62, -0.95),
            24,
        );
        let inner = bezier(
            (side * 0.62, -0.95),
            (side * 0.86, -0.2),
            (side * 0.52, 0.62),
            (0.0, 0.62),
            24,
        );
        let horn: Vec<(f32, f32)> = outer.into_iter().chain(inner).collect();
        canvas.fill_polygon(&f.all(&horn), ink);
    }
}

/// The ankh: a loop above a crossbar, a stem widening downwards.
fn ankh(canvas: &mut Canvas, f: Frame, ink: Rgb) {
    let mut loop_points = ellipse(0.0, -0.5, 0.27, 0.38, 0.0, 40);
    loop_points.push(loop_points[0]);
    canvas.polyline(&f.all(&loop_points), f.len(0.17), ink);
    canvas.fill_polygon(
        &f.all(&[(-0.7, -0.16), (0.7, -0.16), (0.7, 0.06), (-0.7, 0.06)]),
        ink,
    );
    canvas.fill_polygon(
        &f.all(&[(-0.11, -0.1), (0.11, -0.1), (0.22, 0.95), (-0.22, 0.95)]),
        ink,
    );
}

/// The scarab beetle seen from above: head, thorax, wing cases split down the middle,
/// three pairs of legs.
fn scarab(canvas: &mut Canvas, f: Frame, ink: Rgb, face: Rgb) {
    let legs = [
        [(0.3, -0.3), (0.62, -0.42), (0.78, -0.72)],
        [(0.4, 0.08), (0.74, 0.08), (0.92, -0.06)],
        [(0.35, 0.45), (0.66, 0.62), (0.74, 0.95)],
    ];
    for leg in legs {
        for side in [-1.0, 1.0] {
            let points: Vec<(f32, f32)> = leg.iter().map(|&(x, y)| (side * x, y)).collect();
            canvas.polyline(&f.all(&points), f.len(0.11), ink);
        }
    }
    canvas.fill_polygon(&f.all(&ellipse(0.0, 0.26, 0.5, 0.6, 0.0, 48)), ink);
    canvas.fill_polygon(&f.all(&ellipse(0.0, -0.38, 0.36, 0.2, 0.0, 32)), ink);
    canvas.fill_polygon(&f.all(&ellipse(0.0, -0.7, 0.2, 0.14, 0.0, 24)), ink);
    // Gaps between head, thorax and wing cases, and between the wing cases.
    canvas.line(f.p(-0.4, -0.19), f.p(0.4, -0.19), f.len(0.07), face);
    canvas.line(f.p(0.0, -0.16), f.p(0.0, 0.82), f.len(0.07), face);
}

/// The eye of Horus: brow, almond-shaped eye with its pupil, the falling line and the
/// curl beneath.
fn eye(canvas: &mut Canvas, f: Frame, ink: Rgb) {
    let brow = bezier(
        (-0.85, -0.52),
        (-0.4, -0.82),
        (0.4, -0.82),
        (0.92, -0.6),
        20,
    );
    canvas.polyline(&f.all(&brow), f.len(0.14), ink);
    let upper = bezier(
        (-0.9, -0.05),
        (-0.45, -0.55),
        (0.45, -0.55),
        (0.9, -0.05),
        24,
    );
    let lower = bezier((0.9, -0.05), (0.45, 0.32), (-0.45, 0.32), (-0.9, -0.05), 24);
    let almond: Vec<(f32, f32)> = upper.into_iter().chain(lower).collect();
    canvas.polyline(&f.all(&almond), f.len(0.12), ink);
    let (px, py) = f.p(0.0, -0.12);
    canvas.fill_circle(px, py, f.len(0.26), ink);
    canvas.line(f.p(-0.2, 0.22), f.p(-0.2, 0.92), f.len(0.13), ink);
    let curl = bezier((0.12, 0.22), (0.2, 0.75), (0.75, 0.95), (0.8, 0.62), 20);
    canvas.polyline(&f.all(&curl), f.len(0.12), ink);
}

/// The lotus flower: five pointed petals fanning up from a bowl.
fn lotus(canvas: &mut Canvas, f: Frame, ink: Rgb, face: Rgb) {
    // (angle from upright in radians, length, half width), outer petals first.
    let petals = [
        (-1.05, 0.78, 0.2),
        (1.05, 0.78, 0.2),
        (-0.52, 1.08, 0.24),
        (0.52, 1.08, 0.24),
        (0.0, 1.4, 0.28),
    ];
    let base = (0.0, 0.55);
    for (angle, length, half) in petals {
        let outline = petal(base, angle, length, half);
        canvas.fill_polygon(&f.all(&outline), ink);
        let mut closed = outline.clone();
        closed.push(outline[0]);
        canvas.polyline(&f.all(&closed), f.len(0.06), face);
    }
    let bowl = bezier((-0.62, 0.5), (-0.5, 0.95), (0.5, 0.95), (0.62, 0.5), 20);
    canvas.fill_polygon(&f.all(&bowl), ink);
}

/// A pointed petal from `base` in direction `angle` (0 = up, positive = right).
fn petal(base: (f32, f32), angle: f32, length: f32, half: f32) -> Vec<(f32, f32)> {
    let (s, c) = angle.sin_cos();
    // Local (u along the petal, v across) to design coordinates.
    let to = |u: f32, v: f32| (base.0 + u * s + v * c, base.1 - u * c + v * s);
    let right = bezier(
        (0.0, 0.0),
        (0.35 * length, 1.4 * half),
        (0.75 * length, 1.2 * half),
        (length, 0.0),
        16,
    );
    let left = bezier(
        (length, 0.0),
        (0.75 * length, -1.2 * half),
        (0.35 * length, -1.4 * half),
        (0.0, 0.0),
        16,
    );
    right
        .into_iter()
        .chain(left)
        .map(|(u, v)| to(u, v))
        .collect()
}

/// The falcon (Horus) with outstretched wings, seen from the front: head with a hooked
/// beak, body, feathered wings and a fanned tail.
fn falcon(canvas: &mut Canvas, f: Frame, ink: Rgb) {
    for side in [-1.0f32, 1.0] {
        let wing = [
            (0.1, -0.28),
            (0.45, -0.5),
            (0.98, -0.72),
            (0.9, -0.45),
            (0.98, -0.38),
            (0.78, -0.15),
            (0.86, -0.06),
            (0.6, 0.1),
            (0.64, 0.2),
            (0.16, 0.22),
        ];
        let points: Vec<(f32, f32)> = wing.iter().map(|&(x, y)| (side * x, y)).collect();
        canvas.fill_polygon(&f.all(&points), ink);
    }
    canvas.fill_polygon(&f.all(&ellipse(0.0, 0.02, 0.22, 0.46, 0.0, 32)), ink);
    canvas.fill_polygon(
        &f.all(&[(-0.14, 0.38), (0.14, 0.38), (0.34, 0.94), (-0.34, 0.94)]),
        ink,
    );
    let (hx, hy) = f.p(0.0, -0.6);
    canvas.fill_circle(hx, hy, f.len(0.2), ink);
    canvas.fill_polygon(
        &f.all(&[(0.12, -0.7), (0.38, -0.6), (0.3, -0.42), (0.12, -0.5)]),
        ink,
    );
}
