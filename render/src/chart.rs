//! The review's graph (issue 44): each player's chance to win after each of their moves,
//! one line per player in the seat colours the boards use, the marked moves as dots
//! (inaccuracy, mistake, blunder), move numbers along the bottom, 0-100 % up the side.
//! 800 px wide with text of 26 px and more, so it stays readable shrunk to a phone's
//! width (about 360 px: 11 px). Drawn on the boards' [`Canvas`] and colours; words come from
//! the caller (already translated).

use crate::{
    canvas::{Area, Canvas, TextStyle},
    palette::{self, Rgb},
    RenderError,
};

/// A mark of a move on the graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChartMark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl ChartMark {
    /// Every mark, mildest first.
    pub const ALL: [ChartMark; 3] = [ChartMark::Inaccuracy, ChartMark::Mistake, ChartMark::Blunder];

    /// The dot's colour.
    pub fn colour(self) -> Rgb {
        match self {
            ChartMark::Inaccuracy => palette::YELLOW,
            ChartMark::Mistake => palette::ORANGE,
            ChartMark::Blunder => palette::HIGHLIGHT,
        }
    }
}

/// One point of a player's line: after move `number` (1-based), the mover's `chance`
/// (0..=1), and the move's mark.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartPoint {
    pub number: usize,
    pub chance: f64,
    pub mark: Option<ChartMark>,
}

/// One player's line: name, seat (its colour: [`palette::player`]) and points in move order.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartLine {
    pub name: String,
    pub seat: usize,
    pub points: Vec<ChartPoint>,
}

/// What the graph shows: a title, the words for the move axis and the three marks
/// (mildest first), the number of moves and the lines.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewChart {
    pub title: String,
    pub axis: String,
    pub marks: [String; 3],
    pub moves: usize,
    pub lines: Vec<ChartLine>,
}

/// The graph's width in pixels.
pub const WIDTH: u32 = 800;
/// The graph's height in pixels.
pub const HEIGHT: u32 = 540;

const TITLE: f32 = 32.0;
const LABEL: f32 = 26.0;
/// The plot area: left (room for "100 %"), top (title and legend), right, bottom (move
/// numbers and the axis word).
const PLOT: Area = Area { x: 100.0, y: 140.0, w: WIDTH as f32 - 100.0 - 30.0, h: HEIGHT as f32 - 140.0 - 84.0 };

/// The graph as a PNG ([`WIDTH`] × [`HEIGHT`]).
///
/// # Errors
/// [`RenderError`] when the fonts cannot be read or the PNG cannot be encoded.
pub fn review_png(chart: &ReviewChart) -> Result<Vec<u8>, RenderError> {
    let mut canvas = Canvas::new(WIDTH, HEIGHT, palette::BACKGROUND)?;
    canvas.text(&chart.title, 20.0, 28.0, &TextStyle::new(TITLE).bold())?;
    legend(&mut canvas, chart)?;
    canvas.fill_rect(PLOT, palette::PANEL);
    let moves = chart.moves.max(1);
    let x_of = |number: f64| PLOT.x + PLOT.w * (number / moves as f64) as f32;
    let y_of = |chance: f64| PLOT.y + PLOT.h * (1.0 - chance.clamp(0.0, 1.0) as f32);
    for quarter in 0..=4 {
        let chance = f64::from(quarter) / 4.0;
        let y = y_of(chance);
        let colour = if quarter == 2 { palette::MUTED } else { palette::GRID };
        canvas.line((PLOT.x, y), (PLOT.right(), y), if quarter == 2 { 2.0 } else { 1.0 }, colour);
        canvas.text(&format!("{} %", quarter * 25), PLOT.x - 10.0, y, &TextStyle::new(LABEL).right().colour(palette::MUTED))?;
    }
    let step = tick_step(moves);
    let mut number = 0;
    while number <= moves {
        let x = x_of(number as f64);
        canvas.line((x, PLOT.bottom()), (x, PLOT.bottom() + 6.0), 2.0, palette::MUTED);
        canvas.text(&number.to_string(), x, PLOT.bottom() + 24.0, &TextStyle::new(LABEL).centred().colour(palette::MUTED))?;
        number += step;
    }
    canvas.text(&chart.axis, PLOT.x + PLOT.w / 2.0, HEIGHT as f32 - 24.0, &TextStyle::new(LABEL).centred())?;
    for line in &chart.lines {
        let colour = palette::player(line.seat);
        let points: Vec<(f32, f32)> = line.points.iter().map(|p| (x_of(p.number as f64), y_of(p.chance))).collect();
        canvas.polyline(&points, 4.0, colour);
        for &(x, y) in &points {
            canvas.fill_circle(x, y, 4.0, colour);
        }
    }
    for line in &chart.lines {
        for p in &line.points {
            if let Some(mark) = p.mark {
                let (x, y) = (x_of(p.number as f64), y_of(p.chance));
                canvas.fill_circle(x, y, 9.0, mark.colour());
                canvas.stroke_circle(x, y, 9.0, 2.5, palette::INK);
            }
        }
    }
    canvas.stroke_rounded_rect(PLOT, 0.0, 2.0, palette::MUTED);
    canvas.png()
}

/// The legend under the title: a swatch and name per player, then the three marks.
fn legend(canvas: &mut Canvas, chart: &ReviewChart) -> Result<(), RenderError> {
    let style = TextStyle::new(LABEL);
    let (mut x, y) = (20.0, 74.0);
    for line in &chart.lines {
        let colour = palette::player(line.seat);
        canvas.line((x, y), (x + 28.0, y), 5.0, colour);
        x += 36.0;
        x += canvas.text(&line.name, x, y, &style)? + 22.0;
    }
    let (mut x, y) = (20.0, 110.0);
    for (mark, word) in ChartMark::ALL.iter().zip(&chart.marks) {
        canvas.fill_circle(x + 9.0, y, 9.0, mark.colour());
        canvas.stroke_circle(x + 9.0, y, 9.0, 2.5, palette::INK);
        x += 26.0;
        x += canvas.text(word, x, y, &style)? + 22.0;
    }
    Ok(())
}

/// The step between move numbers on the axis: 1, 2, 5, 10, 20, 50, … so that at most 10
/// numbers are written.
fn tick_step(moves: usize) -> usize {
    let mut base = 1;
    loop {
        for step in [base, 2 * base, 5 * base] {
            if moves / step <= 10 {
                return step;
            }
        }
        base *= 10;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_most_ten_move_numbers() {
        assert_eq!(tick_step(8), 1);
        assert_eq!(tick_step(36), 5);
        assert_eq!(tick_step(86), 10);
        assert_eq!(tick_step(250), 50);
    }

    #[test]
    fn the_lines_and_marks_are_drawn_where_the_chances_say() {
        let chart = ReviewChart {
            title: "Game #1".into(),
            axis: "move".into(),
            marks: ["inaccuracy".into(), "mistake".into(), "blunder".into()],
            moves: 4,
            lines: vec![ChartLine {
                name: "alice".into(),
                seat: 1,
                points: vec![
                    ChartPoint { number: 2, chance: 0.5, mark: None },
                    ChartPoint { number: 4, chance: 0.0, mark: Some(ChartMark::Blunder) },
                ],
            }],
        };
        let png = review_png(&chart).expect("a graph");
        let image = image::load_from_memory(&png).expect("a PNG").to_rgb8();
        assert_eq!(image.dimensions(), (WIDTH, HEIGHT));
        // Move 2 of 4 at 50 %: the middle of the plot area, in seat 1's blue.
        let (x, y) = ((PLOT.x + PLOT.w / 2.0) as u32, (PLOT.y + PLOT.h / 2.0) as u32);
        assert_eq!(image.get_pixel(x, y).0, [0x00, 0x72, 0xB2]);
        // Move 4 at 0 %: the bottom right corner holds the blunder's dot (inside its ring).
        let (x, y) = (PLOT.right() as u32 - 4, PLOT.bottom() as u32 - 4);
        assert_eq!(image.get_pixel(x, y).0, [0xFF, 0x2B, 0xB3]);
    }
}
