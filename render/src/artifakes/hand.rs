//! A player's private hand: up to five cards, each with its number and colour, and
//! beside each what it can do now: the movement points by colour and by number and the
//! field the inspector would reach each way (from [`rules::artifakes::CardOption`]).

use rules::{
    artifakes::{ArtifakesView, CardOption, Direction, Landing, WayOption, colour_of},
    words::Worded,
};

use super::{MARGIN, WIDTH, field_colour};
use crate::{
    RenderError,
    canvas::{Area, Canvas, TextStyle},
    palette,
    seat_name,
    words::{Lang, fill},
};

/// Height of the hand image's title bar.
const HEADER_H: f32 = 64.0;
/// A card as drawn.
const CARD_W: f32 = 112.0;
const CARD_H: f32 = 150.0;
/// Height of one card's row.
pub(crate) const ROW_H: f32 = 168.0;
/// Left edge of the text beside a card.
const TEXT_X: f32 = MARGIN + CARD_W + 28.0;

/// Draws a card of `card` at `area`: a band in the card's colour (naming it in `lang`
/// when the card is large enough to read the word), the number large. Drawn once per
/// card, size, language and quarter-pixel position and kept as a sprite.
pub(crate) fn draw_card(canvas: &mut Canvas, area: Area, card: u8, lang: Lang) -> Result<(), RenderError> {
    let (cx, cy) = area.centre();
    let (w, h) = (area.w, area.h);
    let half = w.max(h) / 2.0 + 2.0;
    let mut result = Ok(());
    canvas.sprite_centred("artifakes card", [u32::from(card), w.to_bits(), h.to_bits(), lang as u32], cx, cy, half, |c, x, y| {
        result = draw_card_face(c, Area::new(x - w / 2.0, y - h / 2.0, w, h), card, lang);
    });
    result
}

/// The card `card` on `area` ([`draw_card`] keeps it as a sprite).
fn draw_card_face(canvas: &mut Canvas, area: Area, card: u8, lang: Lang) -> Result<(), RenderError> {
    let colour = colour_of(card);
    let fill = colour.map_or(palette::NEUTRAL, field_colour);
    let radius = area.w * 0.09;
    canvas.fill_rounded_rect(area, radius, palette::WHITE);
    let band = Area::new(area.x, area.y, area.w, area.h * 0.27);
    canvas.fill_rounded_rect(band, radius, fill);
    canvas.fill_rect(Area::new(area.x, band.y + band.h * 0.5, area.w, band.h * 0.5), fill);
    canvas.stroke_rounded_rect(area, radius, (area.w / 56.0).clamp(1.5, 2.0), palette::INK);
    let (cx, _) = area.centre();
    let word = colour.map(|c| c.word_in(lang));
    if let Some(word) = word.filter(|_| area.h >= 80.0) {
        let style = TextStyle::new(area.h * 0.127).bold().colour(fill.ink_on()).centred();
        let word = Canvas::fit_text(word, area.w - 8.0, &style)?;
        canvas.text(&word, cx, band.y + band.h / 2.0, &style)?;
    }
    let number = TextStyle::new(area.h * 0.37).bold().centred();
    canvas.text(&card.to_string(), cx, band.bottom() + (area.h - band.h) * 0.48, &number)?;
    Ok(())
}

/// What the player finds and destroys on landing, e.g. "find 2, destroy 1" (in points).
fn gain(landing: &Landing, lang: Lang) -> String {
    let words = crate::words::words(lang);
    let mut parts = Vec::new();
    if !landing.finds.is_empty() {
        parts.push(fill(words.artifakes_find, &[&landing.finds.value()]));
    }
    if !landing.destroys.is_empty() {
        parts.push(fill(words.artifakes_destroy, &[&landing.destroys.value()]));
    }
    if parts.is_empty() { String::new() } else { format!(" ({})", parts.join(", ")) }
}

/// One line for one way of playing, in the words the player types, e.g.
/// "number 4: cw → 2 (find 1), ccw → 24" or "zahl 4: uzs → 2 (Fund 1), guzs → 24".
fn way_line(option: &WayOption, lang: Lang) -> String {
    let words = crate::words::words(lang);
    let way = option.way.word_in(lang);
    let [cw_word, ccw_word] = Direction::ALL.map(|d| d.word_in(lang));
    match (option.cw, option.ccw) {
        (Some(cw), Some(ccw)) => format!(
            "{way} {}:  {cw_word} → {}{},  {ccw_word} → {}{}",
            option.points,
            cw.field,
            gain(&cw, lang),
            ccw.field,
            gain(&ccw, lang)
        ),
        _ => fill(words.artifakes_no_points, &[&way]),
    }
}

/// Where the `k`-th card (0-based, cards sorted ascending) is drawn.
pub(crate) fn card_area(k: usize) -> Area {
    let top = HEADER_H + k as f32 * ROW_H;
    Area::new(MARGIN, top + (ROW_H - CARD_H) / 2.0, CARD_W, CARD_H)
}

fn draw_row(
    canvas: &mut Canvas,
    k: usize,
    card: u8,
    option: Option<&CardOption>,
    lang: Lang,
) -> Result<(), RenderError> {
    let top = HEADER_H + k as f32 * ROW_H;
    draw_card(canvas, card_area(k), card, lang)?;
    let Some(option) = option else { return Ok(()) };
    let width = WIDTH as f32 - TEXT_X - MARGIN;
    let mid = top + ROW_H / 2.0;
    for (k, way) in [option.by_colour, option.by_number].iter().enumerate() {
        let y = mid + (k as f32 - 0.5) * 42.0;
        let style = if way.points > 0 { TextStyle::new(23.0) } else { TextStyle::new(23.0).colour(palette::MUTED) };
        let style = if way.points > 0 { style.bold() } else { style };
        let text = Canvas::fit_text(&way_line(way, lang), width, &style)?;
        canvas.text(&text, TEXT_X, y, &style)?;
    }
    Ok(())
}

/// Draws `seat`'s hand, or `None` when the view does not show it or it is empty (while
/// burying, and after the excavation).
pub(crate) fn draw_hand(
    view: &ArtifakesView,
    seat: usize,
    names: &[String],
    lang: Lang,
) -> Result<Option<Canvas>, RenderError> {
    let words = crate::words::words(lang);
    let Some(Some(hand)) = view.hands.get(seat) else {
        return Ok(None);
    };
    if hand.is_empty() {
        return Ok(None);
    }
    let mut cards = hand.clone();
    cards.sort_unstable();
    let rows = cards.len();
    let height = (HEADER_H + rows as f32 * ROW_H + 12.0).ceil() as u32;
    let mut canvas = Canvas::blank(WIDTH, height, palette::BACKGROUND)?;
    let mid = HEADER_H / 2.0;
    let title = fill(words.artifakes_your_hand, &[&seat_name(names, seat, lang)]);
    let right = fill(words.artifakes_inspector_on, &[&view.inspector]);
    let right_style = TextStyle::new(22.0).colour(palette::MUTED).right();
    let right_width = canvas.text(&right, WIDTH as f32 - MARGIN, mid, &right_style)?;
    let title_style = TextStyle::new(28.0).bold();
    let title = Canvas::fit_text(&title, WIDTH as f32 - 3.0 * MARGIN - right_width, &title_style)?;
    canvas.text(&title, MARGIN, mid, &title_style)?;
    let options = view.card_options.get(seat).and_then(Option::as_ref);
    for (k, &card) in cards.iter().enumerate() {
        let top = HEADER_H + k as f32 * ROW_H;
        let option = options.and_then(|all| all.iter().find(|o| o.card == card));
        if k > 0 {
            canvas.line((MARGIN, top), (WIDTH as f32 - MARGIN, top), 1.0, palette::GRID);
        }
        draw_row(&mut canvas, k, card, option, lang)?;
    }
    Ok(Some(canvas))
}
