//! The replay image of a finished game, shown with `export` (the bot's README, the
//! command table): a strip of small boards at evenly spaced moves, read left to right and
//! top to bottom, the last one the final position, each under a label with its move
//! number ("After move 12"). Built from the public (spectator) view only.

use image::{
    codecs::png::{CompressionType, FilterType as PngFilter, PngEncoder},
    imageops, DynamicImage, RgbaImage,
};
use rules::{Match, Viewer};

use crate::{Lang, RenderError};

/// At most this many boards in a strip (fewer, larger boards: Aratoth's pieces were
/// unreadable at 240 px, issue 41).
pub const MAX_FRAMES: usize = 9;
/// Boards per row.
pub const COLUMNS: u32 = 3;
/// The width of one small board in pixels.
pub const FRAME_WIDTH: u32 = 400;
/// The height of the label over each board in pixels.
pub const LABEL_HEIGHT: u32 = 30;
/// The space between boards in pixels.
pub const GAP: u32 = 8;

/// The move numbers shown for a game of `total` moves: 0 (the start), then evenly
/// spaced, always ending with `total`; at most [`MAX_FRAMES`], no repeats.
pub fn frame_moves(total: usize) -> Vec<usize> {
    let frames = (total + 1).min(MAX_FRAMES);
    if frames <= 1 {
        return vec![total];
    }
    let mut out: Vec<usize> = (0..frames).map(|i| i * total / (frames - 1)).collect();
    out.dedup();
    out
}

/// Draws the strip of `start` (the game before its first move) played through `log`,
/// with `names` and the words in `lang` on the boards.
///
/// # Errors
/// When a stored move no longer applies or a board cannot be drawn or encoded.
pub fn strip_png(mut game: Box<dyn Match>, log: &[String], names: &[String], lang: Lang) -> Result<Vec<u8>, RenderError> {
    let fail = |e: &dyn std::fmt::Display| RenderError(e.to_string());
    let wanted = frame_moves(log.len());
    let mut frames = Vec::new();
    for n in 0..=log.len() {
        if wanted.contains(&n) {
            let png = crate::board_png(&game.view(Viewer::Spectator), names, lang)?;
            let board = image::load_from_memory(&png).map_err(|e| fail(&e))?;
            let height = board.height() * FRAME_WIDTH / board.width().max(1);
            let small = board.resize_exact(FRAME_WIDTH, height.max(1), imageops::FilterType::Triangle).to_rgba8();
            let mut framed = RgbaImage::new(FRAME_WIDTH, LABEL_HEIGHT + small.height());
            imageops::overlay(&mut framed, &label(n, lang)?, 0, 0);
            imageops::overlay(&mut framed, &small, 0, i64::from(LABEL_HEIGHT));
            frames.push(framed);
        }
        if let Some(entry) = log.get(n) {
            game.play(entry).map_err(|e| RenderError(format!("move {}: {e}", n + 1)))?;
        }
    }
    let height = frames.iter().map(RgbaImage::height).max().unwrap_or(1);
    let count = u32::try_from(frames.len()).unwrap_or(1);
    let columns = count.clamp(1, COLUMNS);
    let rows = count.div_ceil(columns);
    let (cell_w, cell_h) = (FRAME_WIDTH + GAP, height + GAP);
    let mut sheet = RgbaImage::from_pixel(columns * cell_w - GAP, rows * cell_h - GAP, image::Rgba([90, 90, 90, 255]));
    for (i, frame) in (0_u32..).zip(&frames) {
        imageops::overlay(&mut sheet, frame, i64::from(i % columns * cell_w), i64::from(i / columns * cell_h));
    }
    // No transparency: RGB, compressed hard (a strip is made once, when asked for).
    let rgb = DynamicImage::ImageRgba8(sheet).to_rgb8();
    let mut bytes = Vec::new();
    let encoder = PngEncoder::new_with_quality(&mut bytes, CompressionType::Best, PngFilter::Adaptive);
    rgb.write_with_encoder(encoder).map_err(|e| fail(&e))?;
    Ok(bytes)
}

/// The label over the board after move `n` (0: the start), [`FRAME_WIDTH`] ×
/// [`LABEL_HEIGHT`] pixels, its words in `lang`.
fn label(n: usize, lang: Lang) -> Result<RgbaImage, RenderError> {
    use crate::{canvas::Canvas, palette, TextStyle};
    let words = crate::words::words(lang);
    let text = if n == 0 { words.strip_start.to_string() } else { crate::words::fill(words.strip_move, &[&n]) };
    let mut canvas = Canvas::new(FRAME_WIDTH, LABEL_HEIGHT, palette::PANEL)?;
    let style = TextStyle::new(20.0).bold().colour(palette::INK);
    canvas.text(&text, 8.0, LABEL_HEIGHT as f32 / 2.0, &style)?;
    let mut image = RgbaImage::new(FRAME_WIDTH, LABEL_HEIGHT);
    for (x, y, pixel) in image.enumerate_pixels_mut() {
        let colour = canvas.pixel(x, y).unwrap_or(palette::PANEL);
        *pixel = image::Rgba([colour.0, colour.1, colour.2, 255]);
    }
    Ok(image)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_spread_evenly_and_end_with_the_final_position() {
        assert_eq!(frame_moves(0), vec![0]);
        assert_eq!(frame_moves(1), vec![0, 1]);
        assert_eq!(frame_moves(5), vec![0, 1, 2, 3, 4, 5]);
        // 24 moves, 9 frames: i * 24 / 8 = 3i.
        assert_eq!(frame_moves(24), (0..=8).map(|i| 3 * i).collect::<Vec<_>>());
        let long = frame_moves(100);
        assert_eq!((long.len(), long.first(), long.last()), (MAX_FRAMES, Some(&0), Some(&100)));
    }
}
