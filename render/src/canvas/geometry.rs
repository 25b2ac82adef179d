//! Areas and the shapes' geometry: rectangles, rhombi, Bézier curves, ellipses.

/// An axis-aligned rectangle: top-left (`x`, `y`), width `w`, height `h`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Area {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Area {
    /// The rectangle with top-left (`x`, `y`), width `w` and height `h`.
    pub const fn new(x: f32, y: f32, w: f32, h: f32) -> Area {
        Area { x, y, w, h }
    }

    /// The rectangle shrunk by `d` on every side (grown when `d` is negative).
    pub fn inset(self, d: f32) -> Area {
        Area { x: self.x + d, y: self.y + d, w: self.w - 2.0 * d, h: self.h - 2.0 * d }
    }

    /// The middle point.
    pub fn centre(self) -> (f32, f32) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    /// The right edge.
    pub fn right(self) -> f32 {
        self.x + self.w
    }

    /// The bottom edge.
    pub fn bottom(self) -> f32 {
        self.y + self.h
    }
}

/// The four corners of a rhombus ("diamond") centred at (`cx`, `cy`) whose long axis
/// points in direction `angle` (radians, 0 = right, clockwise on screen), with half
/// diagonals `long` and `short`; in the order tip, side, back tip, side.
pub fn diamond(cx: f32, cy: f32, angle: f32, long: f32, short: f32) -> [(f32, f32); 4] {
    let (s, c) = angle.sin_cos();
    [
        (cx + c * long, cy + s * long),
        (cx - s * short, cy + c * short),
        (cx - c * long, cy - s * long),
        (cx + s * short, cy - c * short),
    ]
}

/// `n` + 1 points along the cubic Bézier curve from `p0` to `p3` with handles `p1`, `p2`.
pub fn bezier(
    p0: (f32, f32),
    p1: (f32, f32),
    p2: (f32, f32),
    p3: (f32, f32),
    n: usize,
) -> Vec<(f32, f32)> {
    let n = n.max(1);
    (0..=n)
        .map(|k| {
            let t = k as f32 / n as f32;
            let u = 1.0 - t;
            let (a, b, c, d) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
            (
                a * p0.0 + b * p1.0 + c * p2.0 + d * p3.0,
                a * p0.1 + b * p1.1 + c * p2.1 + d * p3.1,
            )
        })
        .collect()
}

/// `n` points around the ellipse centred at (`cx`, `cy`) with radii `rx`, `ry`, turned by
/// `angle` radians (clockwise on screen), starting at the end of the `rx` axis.
pub fn ellipse(cx: f32, cy: f32, rx: f32, ry: f32, angle: f32, n: usize) -> Vec<(f32, f32)> {
    let (s, c) = angle.sin_cos();
    let n = n.max(3);
    (0..n)
        .map(|k| {
            let t = k as f32 / n as f32 * std::f32::consts::TAU;
            let (x, y) = (rx * t.cos(), ry * t.sin());
            (cx + x * c - y * s, cy + x * s + y * c)
        })
        .collect()
}
