//! Aratoths Rache (spec `aratoth.md`, "Drawing"): the pyramid seen from above, balls
//! drawn base layer first and shaded as spheres, so higher layers cover lower ones as on
//! the table; beside it the players with their remaining pieces; below it one map per
//! layer with the site names, to write a move from.

use std::sync::OnceLock;

use rules::aratoth::{
    AratothView, Colour, Restriction, Shape, Site, geometry::LAYER_LETTERS, geometry::LAYERS, placements,
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
const WIDTH: u32 = 900;
/// Page margin.
const MARGIN: f32 = 20.0;
/// Height of the title bar.
const HEADER_H: f32 = 58.0;
/// Radius of a ball in the view from above (one ball diameter = `2 * BALL_R`).
const BALL_R: f32 = 26.0;
/// Left edge of the view from above (the plate's bounding box).
const VIEW_X: f32 = MARGIN;
/// Top of the view from above.
const VIEW_Y: f32 = HEADER_H + 14.0;
/// How far the plate reaches beyond the outer balls.
const PLATE_PAD: f32 = 9.0;
/// Left edge of the players' panel.
const PANEL_X: f32 = VIEW_X + 16.0 * BALL_R + 2.0 * PLATE_PAD + 28.0;
/// Height of one player's card without its supply rows.
const CARD_HEAD: f32 = 46.0;
/// Height of one row of piece icons.
const ICON_ROW: f32 = 36.0;
/// Width of one column of piece icons (one shape).
const ICON_COL: f32 = 56.0;
/// Radius of a ball in a piece icon.
const ICON_BALL_R: f32 = 6.3;
/// Radius of a site circle in the layer maps.
const MAP_R: f32 = 18.0;
/// Distance between neighbouring site centres in the layer maps.
const MAP_STEP: f32 = 2.0 * MAP_R + 3.0;
/// Horizontal gap between layer maps.
const MAP_GAP: f32 = 20.0;
/// Height of a layer map's title above it.
const MAP_TITLE: f32 = 36.0;
/// The least width given to a layer map (room for its title).
const MAP_MIN_W: f32 = 112.0;
/// Which layers share a row of maps.
const MAP_ROWS: [&[usize]; 2] = [&[0, 1, 2], &[3, 4, 5, 6, 7]];

// ---- Colours ----

/// The base plate (the seed paints it blue).
const PLATE: Rgb = Rgb::hex(0xA9C1DC);
/// A hollow of the base plate, and a free spot on top of three balls.
const HOLLOW: Rgb = Rgb::hex(0x7E98B8);
/// Black pieces: a very dark grey, so the shading still shows.
const BLACK_BALL: Rgb = Rgb::hex(0x2B2B30);
/// How much lighter each layer's balls are drawn than the layer below.
const LAYER_LIGHTEN: f32 = 0.06;
/// A layer-map site that cannot take a ball yet.
const UNSUPPORTED: Rgb = Rgb::hex(0xE6DFD1);

/// The drawing colour of a piece colour.
fn colour_of(colour: Colour) -> Rgb {
    match colour {
        Colour::Red => palette::RED,
        Colour::Green => palette::GREEN,
        Colour::Black => BLACK_BALL,
    }
}

/// Centre of `site` in the view from above.
fn view_centre(site: Site) -> (f32, f32) {
    let [x, y, _] = site.centre();
    let d = 2.0 * BALL_R;
    (VIEW_X + PLATE_PAD + 8.0 * BALL_R + x as f32 * d, VIEW_Y + PLATE_PAD + 2.0 * BALL_R + y as f32 * d)
}

/// The height of the layer-map block.
fn maps_height() -> f32 {
    MAP_ROWS.iter().map(|row| MAP_TITLE + row_height(row) + 16.0).sum()
}

/// The height of a row of layer maps: its largest layer's triangle.
fn row_height(layers: &[usize]) -> f32 {
    let side = layers.iter().map(|&l| 8 - l).max().unwrap_or(1) as f32;
    (side - 1.0) * MAP_STEP * 0.866 + 2.0 * MAP_R
}

/// The height of one player's card.
fn card_height(view: &AratothView) -> f32 {
    CARD_HEAD + supply_rows(view) as f32 * ICON_ROW + 10.0
}

/// Rows of piece icons per player: three colours with two players, two copies with three.
fn supply_rows(view: &AratothView) -> usize {
    if view.players == 2 { 3 } else { 2 }
}

/// The image height for `view`.
fn board_height(view: &AratothView) -> u32 {
    let pyramid = VIEW_Y + 16.0 * BALL_R * 0.866 + 2.0 * PLATE_PAD + 2.0 * BALL_R + 30.0;
    let panel = VIEW_Y + 48.0 + view.players as f32 * (card_height(view) + 12.0) + 20.0;
    (pyramid.max(panel) + maps_height() + 10.0).ceil() as u32
}

impl crate::Draw for AratothView {
    fn board_canvas(&self, names: &[String], lang: Lang) -> Result<Canvas, RenderError> {
        draw_board(self, names, lang)
    }
}

/// Draws the board as `view` shows it.
pub(crate) fn draw_board(view: &AratothView, names: &[String], lang: Lang) -> Result<Canvas, RenderError> {
    let height = board_height(view);
    let key = SpriteKey::new("aratoth board", [lang as u32, view.players as u32, height, 0, 0, 0]);
    let mut canvas = Canvas::background(key, WIDTH, height, palette::BACKGROUND, |c| draw_fixed(c, view, lang))?;
    let occupied = occupied(view);
    draw_header(&mut canvas, view, lang)?;
    draw_pyramid(&mut canvas, view, &occupied);
    draw_players(&mut canvas, view, names, lang)?;
    let top = maps_top(canvas.height());
    draw_maps(&mut canvas, view, &occupied, top)?;
    Ok(canvas)
}

/// What every board of this player count and language shows: the title, the plate
/// with its hollows, the shape words over the supply columns, and the layer maps with
/// every site pale (unsupported) and their titles. Drawn once and kept
/// ([`Canvas::background`]); a view only draws over it.
fn draw_fixed(canvas: &mut Canvas, view: &AratothView, lang: Lang) -> Result<(), RenderError> {
    canvas.text(lang.game_name(rules::GameKind::Aratoth), MARGIN, HEADER_H / 2.0, &TextStyle::new(29.0).bold())?;
    let of_balls = crate::words::words(lang).aratoth_of_balls;
    canvas.text(of_balls, WIDTH as f32 - MARGIN, HEADER_H / 2.0, &TextStyle::new(20.0).colour(palette::MUTED).right())?;
    draw_plate(canvas);
    let head = TextStyle::new(14.0).colour(palette::MUTED).centred();
    let first_col = PANEL_X + 34.0 + ICON_COL / 2.0;
    for shape in Shape::ALL {
        let word = Canvas::fit_text(shape_word(shape, lang), ICON_COL - 2.0, &head)?;
        canvas.text(&word, first_col + shape.index() as f32 * ICON_COL, VIEW_Y + 12.0, &head)?;
    }
    let top = maps_top(board_height(view));
    let title = TextStyle::new(23.0).bold().centred();
    for (layer, letter) in LAYER_LETTERS.iter().enumerate() {
        let ((tx, ty), _) = map_place(layer, top);
        canvas.text(&fill(crate::words::words(lang).aratoth_layer, &[letter]), tx, ty, &title)?;
    }
    for site in Site::all() {
        let (x, y) = map_centre(site, top);
        canvas.fill_circle(x, y, MAP_R, UNSUPPORTED);
        canvas.text(&site.to_string(), x, y, &TextStyle::new(14.0).colour(palette::MUTED).centred())?;
    }
    Ok(())
}

/// The top of the layer maps in an image of `height` pixels.
pub(crate) fn maps_top(height: u32) -> f32 {
    height as f32 - maps_height() - 10.0
}

/// Per site: the colour of its ball, if any.
fn occupied(view: &AratothView) -> Vec<Option<Colour>> {
    view.piece_at.iter().map(|p| p.and_then(|k| view.pieces.get(k)).map(|piece| piece.colour)).collect()
}

/// Whether a ball could rest on `site` now (it is in layer `a`, or all three sites
/// below are taken).
fn supported(site: Site, occupied: &[Option<Colour>]) -> bool {
    site.supports().is_none_or(|below| below.iter().all(|b| occupied.get(b.index()).is_some_and(Option::is_some)))
}

fn is_last(view: &AratothView, site: Site) -> bool {
    view.pieces.last().is_some_and(|p| p.sites.contains(site))
}

/// The number of balls placed, left of the fixed "/ 120 balls".
fn draw_header(canvas: &mut Canvas, view: &AratothView, lang: Lang) -> Result<(), RenderError> {
    let mid = HEADER_H / 2.0;
    let balls = view.piece_at.iter().filter(|p| p.is_some()).count();
    let right = WIDTH as f32 - MARGIN;
    let of_balls = crate::words::words(lang).aratoth_of_balls;
    let w = Canvas::text_width(of_balls, &TextStyle::new(20.0))?;
    canvas.text(&balls.to_string(), right - w - 8.0, mid, &TextStyle::new(27.0).bold().right())?;
    Ok(())
}

// ---- The view from above ----

/// The base plate: a triangle around the base layer, with the hollows of layer a.
fn draw_plate(canvas: &mut Canvas) {
    // the plate: a triangle around the base layer
    let corners = [Site::at(0, 1, 1), Site::at(0, 8, 1), Site::at(0, 8, 8)];
    let points: Vec<(f32, f32)> = corners.iter().flatten().map(|&s| view_centre(s)).collect();
    let (cx, cy) = (points.iter().map(|p| p.0).sum::<f32>() / 3.0, points.iter().map(|p| p.1).sum::<f32>() / 3.0);
    let grow = 2.0 * (BALL_R + PLATE_PAD);
    let plate: Vec<(f32, f32)> = points
        .iter()
        .map(|&(x, y)| {
            let (dx, dy) = (x - cx, y - cy);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            (x + dx / len * grow, y + dy / len * grow)
        })
        .collect();
    canvas.fill_polygon(&plate, PLATE);
    canvas.stroke_polygon(&plate, 2.0, HOLLOW.darken(0.3));
    for site in Site::all().filter(|s| s.layer() == 0) {
        let (x, y) = view_centre(site);
        canvas.fill_circle(x, y, 0.55 * BALL_R, HOLLOW);
    }
}

/// The balls, base layer first, and the free spots on top of three balls (the hollows
/// of the base plate are fixed: [`draw_plate`]).
fn draw_pyramid(canvas: &mut Canvas, view: &AratothView, occupied: &[Option<Colour>]) {
    for layer in 0..LAYERS {
        for site in Site::all().filter(|s| s.layer() == layer) {
            let (x, y) = view_centre(site);
            match occupied.get(site.index()).copied().flatten() {
                Some(colour) => {
                    // higher layers a little lighter, as nearer the light: a depth cue
                    canvas.sphere(x, y, BALL_R, colour_of(colour).lighten(LAYER_LIGHTEN * layer as f32));
                    if is_last(view, site) {
                        canvas.stroke_circle(x, y, BALL_R - 2.5, 4.5, palette::HIGHLIGHT);
                    }
                }
                None if layer == 0 => {}
                None if supported(site, occupied) => {
                    canvas.fill_circle(x, y, 0.3 * BALL_R, HOLLOW.darken(0.35));
                }
                None => {}
            }
        }
    }
}

// ---- Players and their pieces ----

/// The balls of a shape's icon: (x, y, height) in ball diameters, centred on (0, 0),
/// lowest balls first. Taken from the rules' own placements (the flattest one that fits
/// the empty pyramid), so the icons follow the shape table.
fn icon(shape: Shape) -> &'static [(f32, f32, f32)] {
    static ICONS: OnceLock<Vec<Vec<(f32, f32, f32)>>> = OnceLock::new();
    let icons = ICONS.get_or_init(|| Shape::ALL.iter().map(|&shape| icon_balls(shape)).collect());
    icons.get(shape.index()).map_or(&[], Vec::as_slice)
}

/// The lowest and highest value of coordinate `k` among `balls`.
fn span(balls: &[[f64; 3]], k: usize) -> (f64, f64) {
    balls.iter().fold((f64::MAX, f64::MIN), |(lo, hi), b| (lo.min(b[k]), hi.max(b[k])))
}

fn icon_balls(shape: Shape) -> Vec<(f32, f32, f32)> {
    let extent = |balls: &[[f64; 3]]| {
        let ((x0, x1), (y0, y1)) = (span(balls, 0), span(balls, 1));
        (y1 - y0, x1 - x0)
    };
    let Some(flattest) = placements::candidates(shape)
        .iter()
        .filter(|c| c.needs.is_empty())
        .map(|c| c.sites.iter().map(Site::centre).collect::<Vec<_>>())
        .min_by(|a, b| extent(a).partial_cmp(&extent(b)).unwrap_or(std::cmp::Ordering::Equal))
    else {
        return Vec::new();
    };
    let ((x0, x1), (y0, y1)) = (span(&flattest, 0), span(&flattest, 1));
    let (mx, my) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    let mut balls: Vec<(f32, f32, f32)> =
        flattest.iter().map(|b| ((b[0] - mx) as f32, (b[1] - my) as f32, b[2] as f32)).collect();
    balls.sort_by(|a, b| a.2.total_cmp(&b.2));
    balls
}

/// A piece icon centred at (`cx`, `cy`): flat balls, or faint rings when `present` is
/// false (the piece is used up); a sprite per shape, colour and state.
fn draw_icon(canvas: &mut Canvas, shape: Shape, cx: f32, cy: f32, colour: Colour, present: bool) {
    let d = 2.0 * ICON_BALL_R;
    let balls = icon(shape);
    let reach = balls.iter().map(|&(x, y, _)| x.abs().max(y.abs())).fold(0.0, f32::max) * d + ICON_BALL_R + 1.0;
    let values = [shape.index() as u32, colour.index() as u32, u32::from(present), 0];
    canvas.sprite_centred("aratoth icon", values, cx, cy, reach, |c, cx, cy| {
        for &(x, y, _) in balls {
            let (bx, by) = (cx + x * d, cy + y * d);
            if present {
                let fill = colour_of(colour);
                c.fill_circle(bx, by, ICON_BALL_R, fill);
                c.stroke_circle(bx, by, ICON_BALL_R - 0.5, 1.0, fill.darken(0.5));
            } else {
                c.stroke_circle(bx, by, ICON_BALL_R - 1.0, 1.5, palette::GRID);
            }
        }
    });
}

/// The word a player of `lang` types for `shape` (the rules' shape table).
fn shape_word(shape: Shape, lang: Lang) -> &'static str {
    match lang {
        Lang::En => shape.spec().en,
        Lang::De => shape.spec().de,
    }
}

fn draw_players(canvas: &mut Canvas, view: &AratothView, names: &[String], lang: Lang) -> Result<(), RenderError> {
    let words = crate::words::words(lang);
    let right = WIDTH as f32 - MARGIN;
    // (the column heads with the shape words are fixed: [`draw_fixed`])
    let mut top = VIEW_Y + 36.0;
    let winner = view.winner;
    for seat in 0..view.players {
        let h = card_height(view);
        let card = Area::new(PANEL_X, top, right - PANEL_X, h);
        let to_move = view.to_move == Some(seat);
        let out = view.eliminated.contains(&seat);
        canvas.fill_rounded_rect(card, 12.0, if to_move { palette::TURN_TINT } else { palette::PANEL });
        if to_move {
            canvas.stroke_rounded_rect(card, 12.0, 3.0, palette::INK);
        }
        let mid = top + CARD_HEAD / 2.0 + 2.0;
        let mut x = PANEL_X + 12.0;
        if to_move {
            canvas.fill_polygon(&[(x, mid - 10.0), (x + 14.0, mid), (x, mid + 10.0)], palette::INK);
        }
        x += 23.0;
        if let Some(Some(colour)) = view.seat_colours.get(seat) {
            canvas.sphere(x + 10.0, mid, 10.0, colour_of(*colour));
            x += 27.0;
        }
        let note = match (to_move, view.restriction, winner == Some(seat), out) {
            (_, _, true, _) => Some((words.aratoth_wins, palette::ORANGE)),
            (_, _, _, true) => Some((words.aratoth_out, palette::MUTED)),
            (true, Some(Restriction::Colour(c)), ..) => {
                words.aratoth_no_colour.get(c.index()).map(|text| (*text, palette::INK))
            }
            (true, Some(Restriction::Shape(s)), ..) => {
                words.aratoth_no_shape.get(s.index()).map(|text| (*text, palette::INK))
            }
            _ => None,
        };
        let mut name_right = right - 12.0;
        if let Some((text, colour)) = note {
            let style = TextStyle::new(20.0).bold().colour(colour).right();
            name_right -= canvas.text(text, name_right, mid, &style)? + 12.0;
        }
        let name_style = TextStyle::new(24.0).bold().colour(if out { palette::MUTED } else { palette::INK });
        let name = Canvas::fit_text(&seat_name(names, seat, lang), name_right - x, &name_style)?;
        let width = canvas.text(&name, x, mid, &name_style)?;
        if out {
            canvas.line((x - 4.0, mid), (x + width + 4.0, mid), 3.0, palette::MUTED);
        }
        draw_supply(canvas, view, seat, top + CARD_HEAD)?;
        top += h + 12.0;
    }
    Ok(())
}

/// A player's pieces: one column per shape; with two players one row per colour, with
/// three players one row per copy in the seat's colour. Used pieces are faint rings.
fn draw_supply(canvas: &mut Canvas, view: &AratothView, seat: usize, top: f32) -> Result<(), RenderError> {
    let Some(counts) = view.supply.get(seat) else {
        return Ok(());
    };
    let first_col = PANEL_X + 34.0 + ICON_COL / 2.0;
    let rows: Vec<(Colour, u8)> = match view.seat_colours.get(seat).copied().flatten() {
        Some(own) => vec![(own, 1), (own, 2)],
        None => Colour::ALL.iter().map(|&c| (c, 1)).collect(),
    };
    let two_players = view.seat_colours.get(seat).copied().flatten().is_none();
    for (r, (colour, copy)) in rows.into_iter().enumerate() {
        let cy = top + (r as f32 + 0.5) * ICON_ROW;
        if two_players {
            canvas.fill_circle(PANEL_X + 19.0, cy, 5.5, colour_of(colour));
        }
        for shape in Shape::ALL {
            let left = counts[shape.index()][colour.index()];
            let cx = first_col + shape.index() as f32 * ICON_COL;
            draw_icon(canvas, shape, cx, cy, colour, left >= copy);
        }
    }
    Ok(())
}

// ---- Layer maps ----

/// Where layer `layer`'s map goes when the maps start at `top`: the centre of its
/// title and the centre of its apex site.
fn map_place(layer: usize, top: f32) -> ((f32, f32), (f32, f32)) {
    let mut y = top;
    for row in MAP_ROWS {
        let widths: Vec<f32> = row.iter().map(|&l| ((7 - l) as f32 * MAP_STEP + 2.0 * MAP_R).max(MAP_MIN_W)).collect();
        let total = widths.iter().sum::<f32>() + MAP_GAP * (row.len() as f32 - 1.0);
        let mut x = (WIDTH as f32 - total) / 2.0;
        for (&l, &w) in row.iter().zip(&widths) {
            if l == layer {
                return ((x + w / 2.0, y + MAP_TITLE / 2.0), (x + w / 2.0, y + MAP_TITLE + MAP_R));
            }
            x += w + MAP_GAP;
        }
        y += MAP_TITLE + row_height(row) + 16.0;
    }
    ((0.0, 0.0), (0.0, 0.0))
}

/// The centre of `site`'s circle in its layer map, the maps starting at `top`.
fn map_centre(site: Site, top: f32) -> (f32, f32) {
    let (_, (cx, apex_y)) = map_place(site.layer(), top);
    let x = cx + ((site.pos() as f32 - 1.0) - (site.row() as f32 - 1.0) / 2.0) * MAP_STEP;
    (x, apex_y + (site.row() as f32 - 1.0) * MAP_STEP * 0.866)
}

/// Every layer's sites as labelled circles: filled in the ball's colour when taken,
/// white with a dark ring when a ball could go there now, pale otherwise (the pale
/// circles and the titles are fixed: [`draw_fixed`]).
fn draw_maps(canvas: &mut Canvas, view: &AratothView, occupied: &[Option<Colour>], top: f32) -> Result<(), RenderError> {
    for site in Site::all() {
        let (x, y) = map_centre(site, top);
        let state = match occupied.get(site.index()).copied().flatten() {
            Some(colour) => MapSite::Taken(colour, is_last(view, site)),
            None if supported(site, occupied) => MapSite::Free,
            None => continue,
        };
        let code = match state {
            MapSite::Taken(colour, last) => 1 + 2 * colour.index() as u32 + u32::from(last),
            MapSite::Free => 0,
        };
        let mut result = Ok(());
        canvas.sprite_centred("aratoth map site", [site.index() as u32, code, 0, 0], x, y, MAP_R + 1.0, |c, x, y| {
            result = draw_map_site(c, site, state, x, y);
        });
        result?;
    }
    Ok(())
}

/// How a site of a layer map looks when it is not pale (unsupported).
#[derive(Debug, Clone, Copy)]
enum MapSite {
    /// Taken by a ball of this colour; `true` when it is part of the last piece.
    Taken(Colour, bool),
    /// Free, and a ball could go there now.
    Free,
}

/// One labelled site circle of a layer map centred at (`x`, `y`).
fn draw_map_site(canvas: &mut Canvas, site: Site, state: MapSite, x: f32, y: f32) -> Result<(), RenderError> {
    let label = TextStyle::new(14.0).bold().centred();
    let name = site.to_string();
    match state {
        MapSite::Taken(colour, last) => {
            let fill = colour_of(colour);
            canvas.fill_circle(x, y, MAP_R, fill);
            if last {
                canvas.stroke_circle(x, y, MAP_R - 2.0, 4.0, palette::HIGHLIGHT);
            }
            canvas.text(&name, x, y, &label.colour(fill.ink_on()))?;
        }
        MapSite::Free => {
            canvas.fill_circle(x, y, MAP_R, palette::WHITE);
            canvas.stroke_circle(x, y, MAP_R - 1.0, 2.0, palette::INK);
            canvas.text(&name, x, y, &label)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use rules::{
        AnyView, GameKind, Viewer,
        aratoth::{PlacedPiece, SiteSet},
        open,
    };
    use serde_json::json;

    use super::*;

    fn site(name: &str) -> Site {
        Site::parse(name).unwrap_or_else(|e| panic!("{e}"))
    }

    fn game(players: usize, moves: &[&str]) -> AratothView {
        let setup = json!({"start_player": 0});
        let mut game = open(GameKind::Aratoth, &json!({ "players": players }), players, Some(setup), None)
            .unwrap_or_else(|e| panic!("{e}"));
        for mv in moves {
            game.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        }
        match game.view(Viewer::Spectator) {
            AnyView::Aratoth(view) => view,
            _ => panic!("not an Aratoth view"),
        }
    }

    fn names(players: usize) -> Vec<String> {
        ["Alice", "Bob", "Chidi"].iter().take(players).map(|s| s.to_string()).collect()
    }

    fn pixel(canvas: &Canvas, (x, y): (f32, f32)) -> Rgb {
        canvas.pixel(x.round() as u32, y.round() as u32).unwrap_or_else(|| panic!("({x}, {y}) is off the canvas"))
    }

    /// A pyramid full to the top: every site taken, colours in turn (the worst case for
    /// the file size).
    fn full_view() -> AratothView {
        let sites: Vec<Site> = Site::all().collect();
        let pieces: Vec<PlacedPiece> = sites
            .chunks(4)
            .enumerate()
            .map(|(k, chunk)| PlacedPiece {
                seat: k % 2,
                shape: Shape::Fish,
                colour: Colour::ALL[k % 3],
                sites: SiteSet::of(chunk),
            })
            .collect();
        let piece_at = sites.iter().map(|s| Some(s.index() / 4)).collect();
        AratothView {
            players: 2,
            pieces,
            piece_at,
            supply: vec![[[0; 3]; 6]; 2],
            seat_colours: vec![None, None],
            to_move: None,
            restriction: None,
            eliminated: Vec::new(),
            winner: Some(1),
        }
    }

    #[test]
    fn png_is_wide_enough_small_enough_and_decodes() {
        for (view, players) in [(game(2, &[]), 2), (full_view(), 2), (game(3, &["vogel a1 a2 a5"]), 3)] {
            let png = render_png(&view, players);
            assert!(png.len() < 300_000, "{} bytes", png.len());
            let image = image::load_from_memory(&png).unwrap_or_else(|e| panic!("{e}"));
            assert!(image.width() >= 800);
            assert_eq!(image.height(), board_height(&view));
        }
    }

    fn render_png(view: &AratothView, players: usize) -> Vec<u8> {
        let canvas = draw_board(view, &names(players), Lang::En).unwrap_or_else(|e| panic!("{e}"));
        canvas.png_within(crate::canvas::BOARD_PNG_BUDGET).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn empty_pyramid_shows_hollows_and_free_sites() {
        let view = game(2, &[]);
        let canvas = draw_board(&view, &names(2), Lang::En).unwrap_or_else(|e| panic!("{e}"));
        // the base hollow of a1 in the view from above
        assert_eq!(pixel(&canvas, view_centre(site("a1"))), HOLLOW);
        // above the label: a1 is free (white), b1 cannot take a ball yet (pale)
        let top = maps_top(canvas.height());
        let (x, y) = map_centre(site("a1"), top);
        assert_eq!(pixel(&canvas, (x, y - MAP_R / 2.0)), palette::WHITE);
        let (x, y) = map_centre(site("b1"), top);
        assert_eq!(pixel(&canvas, (x, y - MAP_R / 2.0)), UNSUPPORTED);
    }

    #[test]
    fn placed_balls_show_in_their_colours() {
        let view = game(2, &["magier rot a1 a2 a3 b1", "formel schwarz a34 a35 a36"]);
        let canvas = draw_board(&view, &names(2), Lang::En).unwrap_or_else(|e| panic!("{e}"));

        // b1 lies on top of a1 a2 a3 and is red (shaded: lit towards orange-white)
        let Rgb(r, g, b) = pixel(&canvas, view_centre(site("b1")));
        assert!(r > 180 && r > g + 60 && g > b, "b1 is red: {r} {g} {b}");
        // a black ball reads as black on the light page
        let black = pixel(&canvas, view_centre(site("a35")));
        assert!(black.luminance() < 0.1, "{black:?}");
        // the maps: b1 red, b2 still unsupported, a34 black and ringed as the last piece
        let top = maps_top(canvas.height());
        let (x, y) = map_centre(site("b1"), top);
        assert_eq!(pixel(&canvas, (x, y - MAP_R / 2.0)), palette::RED);
        let (x, y) = map_centre(site("a34"), top);
        assert_eq!(pixel(&canvas, (x, y - MAP_R / 2.0)), BLACK_BALL);
        assert_eq!(pixel(&canvas, (x, y - MAP_R + 2.0)), palette::HIGHLIGHT);
        let (x, y) = map_centre(site("b1"), top);
        assert_ne!(pixel(&canvas, (x, y - MAP_R + 2.0)), palette::HIGHLIGHT, "b1 is not the last piece");
    }

    /// Orange pixels (the "wins" note) in the head of seat `seat`'s card.
    fn orange_in_card_head(canvas: &Canvas, view: &AratothView, seat: usize) -> usize {
        let top = VIEW_Y + 36.0 + seat as f32 * (card_height(view) + 12.0);
        let mid = top + CARD_HEAD / 2.0 + 2.0;
        let right = WIDTH as f32 - MARGIN;
        let mut count = 0;
        for y in (mid - 12.0) as u32..(mid + 12.0) as u32 {
            for x in PANEL_X as u32..right as u32 {
                if canvas.pixel(x, y) == Some(palette::ORANGE) {
                    count += 1;
                }
            }
        }
        count
    }

    #[test]
    fn the_winner_note_follows_the_ranking_not_the_last_placer() {
        // carol (seat 2) places, then alice times out and carol resigns: bob wins
        let mut played = open(GameKind::Aratoth, &json!({"players": 3}), 3, Some(json!({"start_player": 2})), None)
            .unwrap_or_else(|e| panic!("{e}"));
        for mv in ["formula black a1 a2 a4", "@timeout 0", "@resign 2"] {
            played.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        }
        let AnyView::Aratoth(view) = played.view(Viewer::Spectator) else { panic!("not an Aratoth view") };
        let canvas = draw_board(&view, &names(3), Lang::En).unwrap_or_else(|e| panic!("{e}"));
        assert!(orange_in_card_head(&canvas, &view, 1) > 20, "bob's card says he wins");
        assert_eq!(orange_in_card_head(&canvas, &view, 2), 0, "carol resigned: no win note");
        assert_eq!(orange_in_card_head(&canvas, &view, 0), 0);
    }

    #[test]
    fn no_hand_image() {
        let view = AnyView::Aratoth(game(2, &[]));
        assert!(matches!(crate::hand_png(&view, 0, &names(2), Lang::De), Ok(None)));
    }

    #[test]
    fn icons_follow_the_shape_table() {
        for shape in Shape::ALL {
            assert_eq!(icon(shape).len(), shape.balls(), "{shape}");
        }
        // the flattest formula lies along a row: all three balls at one height on screen
        assert!(icon(Shape::Formula).iter().all(|b| b.1.abs() < 1e-6));
    }
}
