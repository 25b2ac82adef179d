//! A table as a PNG (a tournament's standings, issue 39): a title, a header row and
//! rows of cells, one column (the names) left-aligned and shortened with "…" to fit,
//! the others centred; rows shaded in turn. Sized to its content, so a standings table
//! of a handful of columns is about 700 px wide and stays readable when a phone shows
//! it at 360 px (the cells' text is then about 12 px high).

use crate::{
    canvas::{Area, Canvas, TextStyle},
    palette::{self, Rgb},
    RenderError,
};

/// The cells' text size in pixels.
pub const CELL_SIZE: f32 = 26.0;
/// The title's text size in pixels.
pub const TITLE_SIZE: f32 = 30.0;
/// The height of a row in pixels.
pub const ROW_HEIGHT: f32 = 44.0;
/// The widest the name column may be, in pixels (longer names end in "…").
pub const MAX_NAME_WIDTH: f32 = 300.0;
/// The widest a title makes the picture, in pixels.
pub const MAX_TITLE_WIDTH: f32 = 900.0;
/// The most rows drawn (a larger field is cut with a last row "…").
pub const MAX_ROWS: usize = 64;

const PADDING: f32 = 16.0;
const CELL_PAD: f32 = 22.0;
const BACKGROUND: Rgb = Rgb(0xFA, 0xF8, 0xF2);
const HEADER: Rgb = Rgb(0x33, 0x3D, 0x4A);
const SHADE: Rgb = Rgb(0xEC, 0xE8, 0xDC);
const EMPHASIS: Rgb = Rgb(0xD9, 0xE6, 0xF2);

/// What to draw: `title` over the table, `header` (one cell per column), `rows` (as
/// many cells each; missing cells stay empty), `name_column` the left-aligned column,
/// `dark`: cells (row, column) filled dark, a cross table's own cells; `divider`: a
/// vertical line before that column (where a cross table begins).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub title: String,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    pub name_column: usize,
    pub dark: Vec<(usize, usize)>,
    pub divider: Option<usize>,
}

/// Draws `table` as a PNG.
///
/// # Errors
/// [`RenderError`] when the table is empty (no column), too large for a canvas, or the
/// fonts cannot be read.
pub fn table_png(table: &Table) -> Result<Vec<u8>, RenderError> {
    let columns = table.header.len();
    if columns == 0 {
        return Err(RenderError("a table needs a column".into()));
    }
    let cell = TextStyle::new(CELL_SIZE);
    let head = TextStyle::new(CELL_SIZE).bold().colour(palette::WHITE);
    let rows: Vec<&Vec<String>> = table.rows.iter().take(MAX_ROWS).collect();
    let cut = table.rows.len() > MAX_ROWS;
    // Column widths: the widest cell (the header in bold), the names capped.
    let mut widths = vec![0.0_f32; columns];
    for (c, text) in table.header.iter().enumerate() {
        widths[c] = Canvas::text_width(text, &head)?;
    }
    for row in &rows {
        for (c, text) in row.iter().enumerate().take(columns) {
            widths[c] = widths[c].max(Canvas::text_width(text, &cell)?);
        }
    }
    if let Some(w) = widths.get_mut(table.name_column) {
        *w = w.min(MAX_NAME_WIDTH);
    }
    let widths: Vec<f32> = widths.iter().map(|w| w + CELL_PAD).collect();
    let inner: f32 = widths.iter().sum();
    let title_style = TextStyle::new(TITLE_SIZE).bold();
    // The title widens the picture up to [`MAX_TITLE_WIDTH`]; a longer one ends in "…".
    let title_width = Canvas::text_width(&table.title, &title_style)?.min(MAX_TITLE_WIDTH);
    let width = (inner.max(title_width) + 2.0 * PADDING).ceil();
    let drawn_rows = rows.len() + usize::from(cut);
    let title_height = TITLE_SIZE * 1.8;
    let height = (PADDING * 2.0 + title_height + ROW_HEIGHT * (drawn_rows as f32 + 1.0)).ceil();
    let mut canvas = Canvas::new(width as u32, height as u32, BACKGROUND)?;
    let title = Canvas::fit_text(&table.title, width - 2.0 * PADDING, &title_style)?;
    canvas.text(&title, PADDING, PADDING + title_height / 2.0, &title_style)?;
    let top = PADDING + title_height;
    let lefts: Vec<f32> = widths.iter().scan(PADDING, |x, w| {
        let left = *x;
        *x += w;
        Some(left)
    }).collect();
    let draw_row = |canvas: &mut Canvas, y: f32, cells: &[String], style: &TextStyle| -> Result<(), RenderError> {
        for (c, text) in cells.iter().enumerate().take(columns) {
            let mid = y + ROW_HEIGHT / 2.0;
            if c == table.name_column {
                let fitted = Canvas::fit_text(text, widths[c] - CELL_PAD / 2.0, style)?;
                canvas.text(&fitted, lefts[c] + CELL_PAD / 2.0, mid, style)?;
            } else {
                canvas.text(text, lefts[c] + widths[c] / 2.0, mid, &style.centred())?;
            }
        }
        Ok(())
    };
    canvas.fill_rect(Area::new(PADDING, top, inner, ROW_HEIGHT), HEADER);
    draw_row(&mut canvas, top, &table.header, &head)?;
    for (i, row) in rows.iter().enumerate() {
        let y = top + ROW_HEIGHT * (i as f32 + 1.0);
        if i % 2 == 1 {
            canvas.fill_rect(Area::new(PADDING, y, inner, ROW_HEIGHT), SHADE);
        }
        if i == 0 {
            canvas.fill_rect(Area::new(PADDING, y, inner, ROW_HEIGHT), EMPHASIS);
        }
        for &(_, c) in table.dark.iter().filter(|(r, _)| *r == i) {
            if let (Some(&x), Some(&w)) = (lefts.get(c), widths.get(c)) {
                canvas.fill_rect(Area::new(x + 3.0, y + 3.0, w - 6.0, ROW_HEIGHT - 6.0), HEADER);
            }
        }
        draw_row(&mut canvas, y, row, &cell)?;
    }
    if let Some(&x) = table.divider.and_then(|c| lefts.get(c)) {
        let bottom = top + ROW_HEIGHT * (rows.len() as f32 + 1.0);
        canvas.line((x, top), (x, bottom), 3.0, HEADER);
    }
    if cut {
        let y = top + ROW_HEIGHT * (rows.len() as f32 + 1.0);
        canvas.text("…", PADDING + CELL_PAD / 2.0, y + ROW_HEIGHT / 2.0, &cell)?;
    }
    canvas.png()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Table {
        Table {
            title: "Tournament #1 — final standings".into(),
            header: ["#", "Player", "Pts", "BH-1", "BH", "SB", "W"].map(String::from).to_vec(),
            rows: vec![
                ["1", "carol", "2", "3", "4", "3", "2"].map(String::from).to_vec(),
                ["2", "alice", "2", "3", "4", "2", "2"].map(String::from).to_vec(),
            ],
            name_column: 1,
            dark: Vec::new(),
            divider: None,
        }
    }

    #[test]
    fn a_table_is_a_png_of_its_content_size() {
        let png = table_png(&sample()).expect("drawn");
        let image = image::load_from_memory(&png).expect("a PNG");
        assert!(image.width() > 200 && image.width() < 900, "{}", image.width());
        // Title, header and two rows.
        let rows = (PADDING * 2.0 + TITLE_SIZE * 1.8 + ROW_HEIGHT * 3.0).ceil() as u32;
        assert_eq!(image.height(), rows);
    }

    #[test]
    fn a_long_name_is_shortened_and_no_column_is_refused() {
        let mut long = sample();
        long.rows[0][1] = "a very long name indeed that goes on and on and on".into();
        let wide = image::load_from_memory(&table_png(&long).expect("drawn")).expect("png").width();
        let narrow = image::load_from_memory(&table_png(&sample()).expect("drawn")).expect("png").width();
        assert!(wide <= narrow + MAX_NAME_WIDTH as u32, "{wide} vs {narrow}");
        let empty = Table { header: Vec::new(), ..sample() };
        assert!(table_png(&empty).is_err());
    }
}
