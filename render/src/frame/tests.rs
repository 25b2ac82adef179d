use super::*;
use super::palette::word;

fn frame(colours: Vec<[u8; 3]>, w: u32, h: u32) -> Frame {
    Frame::narrow(w, h, vec![0; (w * h) as usize], Palette::new(colours, []))
}

#[test]
fn new_colours_get_entries_until_the_palette_is_full_then_the_nearest() {
    let mut palette = Palette::new(vec![[0, 0, 0], [255, 255, 255], [200, 0, 0]], [(word(1, 1, 1), 0)]);
    assert_eq!(palette.index(word(255, 255, 255), Tier::Edge), 1);
    assert_eq!(palette.index(word(1, 1, 1), Tier::Edge), 0, "a colour mapped at the start");
    assert_eq!(palette.index(word(10, 20, 30), Tier::Edge), 3, "a new entry");
    assert_eq!(palette.colour(3), [10, 20, 30]);
    for k in 4..144u32 {
        assert_eq!(palette.index(word(k as u8, 0, 200), Tier::Edge), k as u8);
    }
    // No room left for edges: (250, 250, 250) gets the nearest entry, the
    // background's white, (12, 19, 29) the added (10, 20, 30), (190, 10, 5) the red.
    assert_eq!(palette.index(word(250, 250, 250), Tier::Edge), 1);
    assert_eq!(palette.index(word(12, 19, 29), Tier::Edge), 3);
    assert_eq!(palette.index(word(190, 10, 5), Tier::Edge), 2);
    // A sprite's colours still find room, up to 240 entries, then the nearest.
    for k in 144..240u32 {
        assert_eq!(palette.index(word(k as u8, 100, 0), Tier::Sprite), k as u8);
    }
    assert_eq!(palette.index(word(239, 101, 0), Tier::Sprite), 239, "the nearest, (239, 100, 0)");
    // Fills up to 256; (12, 19, 29), an edge's colour so far, gets its own entry.
    assert_eq!(palette.index(word(12, 19, 29), Tier::Fill), 240);
    for k in 241..256u32 {
        assert_eq!(palette.index(word(k as u8, 50, 50), Tier::Fill), k as u8);
    }
    assert_eq!(palette.index(word(250, 250, 250), Tier::Fill), 1, "full: the nearest, white");
    assert_eq!(palette.colours.len(), 256);
}

#[test]
fn a_half_transparent_layer_blends_with_the_colour_underneath() {
    let mut f = frame(vec![[200, 100, 0]], 4, 2);
    let Some(mut layer) = Pixmap::new(3, 1) else { panic!("layer") };
    // Premultiplied: blue at coverage 153 (a level) is (0, 0, 153, 153); coverage 128
    // is drawn at the nearest level, 153, too; coverage 20 not at all.
    for (x, a) in [(0, 153), (1, 128), (2, 20)] {
        if let Some(p) = tiny_skia::PremultipliedColorU8::from_rgba(0, 0, a, a) {
            layer.pixels_mut()[x] = p;
        }
    }
    f.composite(&layer, 1, 1);
    // 200 * 102 / 255 = 80; 100 * 102 / 255 = 40; 0 + 153 = 153.
    assert_eq!(f.pixel(1, 1), Some(Rgb(80, 40, 153)));
    assert_eq!(f.pixel(2, 1), Some(Rgb(80, 40, 153)));
    assert_eq!(f.pixel(3, 1), Some(Rgb(200, 100, 0)), "nearly clear: unchanged");
    assert_eq!(f.pixel(1, 0), Some(Rgb(200, 100, 0)));
}

#[test]
fn coverage_goes_to_the_nearest_level() {
    assert_eq!([0, 25, 26, 60, 128, 170, 180, 229, 230, 255].map(level), [0, 0, 51, 51, 153, 153, 204, 204, 255, 255]);
}

#[test]
fn glyph_coverage_mixes_text_and_ground() {
    let mut f = frame(vec![[255, 255, 255]], 3, 1);
    let mask = Mask { left: 0, top: 0, w: 3, coverage: vec![255, 51, 0] };
    // 51 is a level: drawn as it is.
    f.blend_mask(&mask, 0, 0, Rgb(0, 0, 0));
    assert_eq!(f.pixel(0, 0), Some(Rgb(0, 0, 0)));
    // 255 * 204 / 255 = 204.
    assert_eq!(f.pixel(1, 0), Some(Rgb(204, 204, 204)));
    assert_eq!(f.pixel(2, 0), Some(Rgb(255, 255, 255)));
}

#[test]
fn a_frame_whose_fills_find_no_room_goes_on_wide_and_exact() {
    // A palette of 250 entries; each fill of a new colour needs room for four more.
    let colours: Vec<[u8; 3]> = (0..250u32).map(|k| [k as u8, 0, 0]).collect();
    let mut f = frame(colours, 20, 20);
    f.fill(0, 0, 20, 10, Rgb(1, 2, 3));
    assert!(matches!(f.pixels, Pixels::Narrow(..)), "251 entries: still narrow");
    for k in 0..10 {
        f.fill(k * 2, 10, k * 2 + 2, 20, Rgb(10, 20 + k as u8, 30));
    }
    assert!(matches!(f.pixels, Pixels::Wide(..)), "no room: wide");
    assert_eq!(f.pixel(0, 0), Some(Rgb(1, 2, 3)), "drawn before, kept");
    assert_eq!(f.pixel(19, 19), Some(Rgb(10, 29, 30)), "drawn after, exact");
    // Encoded: an indexed PNG whose few colours are all exact.
    let png = crate::encode::png_frame(&f, usize::MAX).unwrap_or_default();
    let Ok(image) = image::load_from_memory(&png) else { panic!("decodes") };
    let image = image.to_rgb8();
    assert_eq!(image.get_pixel(0, 0).0, [1, 2, 3]);
    assert_eq!(image.get_pixel(19, 19).0, [10, 29, 30]);
    assert_eq!(image.get_pixel(2, 15).0, [10, 21, 30]);
}

#[test]
fn an_edge_between_two_painted_colours_becomes_their_mix_at_a_level() {
    use super::spans::on_the_line;
    // (100, 100, 100) between black and white: 155/255 of black, the level 153, so
    // 102/255 of white: (102, 102, 102).
    assert_eq!(on_the_line([100, 100, 100], [0, 0, 0], [255, 255, 255]), Some([102, 102, 102]));
    // Red is not between black and white.
    assert_eq!(on_the_line([200, 0, 0], [0, 0, 0], [255, 255, 255]), None);
    assert_eq!(on_the_line([9, 9, 9], [9, 9, 9], [9, 9, 9]), None, "no line");
}

#[test]
fn a_sprite_with_fixed_colours_is_stamped_the_same_as_drawn_by_runs() {
    // A 4 x 2 sprite: red, red, clear, blue / blue, blue, red, clear.
    let Some(mut sprite) = Pixmap::new(4, 2) else { panic!("sprite") };
    let (red, blue) = (Rgb(200, 0, 0), Rgb(0, 0, 200));
    for (i, c) in [Some(red), Some(red), None, Some(blue), Some(blue), Some(blue), Some(red), None].into_iter().enumerate() {
        if let Some(c) = c.and_then(|c| tiny_skia::PremultipliedColorU8::from_rgba(c.0, c.1, c.2, 255)) {
            sprite.pixels_mut()[i] = c;
        }
    }
    let spans = Spans::of(&sprite, &[red, blue]);
    // A background whose palette fixes both colours: the sprite is stamped.
    let mut palette = Palette::new(vec![[255, 255, 255]], []);
    palette.fix([word(200, 0, 0), word(0, 0, 200)], 216);
    assert_eq!(palette.fixed, 3);
    let mut stamped = Frame::narrow(5, 3, vec![0; 15], palette.clone());
    stamped.origin = Some(7);
    let stamps = Stamps::default();
    stamped.composite_sprite(&spans, &stamps, 2, 1);
    assert!(stamps.lock().map(|s| s.first().is_some_and(|(o, s)| *o == 7 && s.is_some())).unwrap_or(false), "kept");
    // Drawn again from the kept stamp, and by runs on a frame of no background: the same.
    stamped.composite_sprite(&spans, &stamps, 2, 1);
    let mut by_runs = Frame::narrow(5, 3, vec![0; 15], palette);
    by_runs.composite_spans(&spans, 2, 1, None);
    for y in 0..3 {
        for x in 0..5 {
            assert_eq!(stamped.pixel(x, y), by_runs.pixel(x, y), "({x}, {y})");
        }
    }
    // Clipped at the right edge: (2..5, 1) red red (clear), the blue cut off; (2..5, 2)
    // blue blue red.
    let row = |f: &Frame, y| (0..5).map(|x| f.pixel(x, y)).collect::<Vec<_>>();
    let (w, r, b) = (Some(Rgb(255, 255, 255)), Some(red), Some(blue));
    assert_eq!(row(&stamped, 1), [w, w, r, r, w]);
    assert_eq!(row(&stamped, 2), [w, w, b, b, r]);
}
