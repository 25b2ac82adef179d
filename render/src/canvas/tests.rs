use super::*;

#[test]
fn curves_start_and_end_where_asked() {
    let curve = bezier((0.0, 0.0), (1.0, 2.0), (3.0, 2.0), (4.0, 0.0), 8);
    assert_eq!(curve.len(), 9);
    assert_eq!(curve[0], (0.0, 0.0));
    assert_eq!(curve[8], (4.0, 0.0));
    // Symmetric handles: the middle point lies on the axis of symmetry, at 3/4 of
    // the handles' height.
    assert!((curve[4].0 - 2.0).abs() < 1e-5 && (curve[4].1 - 1.5).abs() < 1e-5);
    let oval = ellipse(10.0, 10.0, 4.0, 2.0, 0.0, 4);
    let expected = [(14.0, 10.0), (10.0, 12.0), (6.0, 10.0), (10.0, 8.0)];
    for (p, q) in oval.iter().zip(expected) {
        assert!(
            (p.0 - q.0).abs() < 1e-4 && (p.1 - q.1).abs() < 1e-4,
            "{p:?} {q:?}"
        );
    }
}

#[test]
fn fonts_load_and_measure() {
    let style = TextStyle::new(20.0);
    let w = Canvas::text_width("Carat", &style).unwrap_or(0.0);
    assert!(w > 40.0 && w < 80.0, "width {w}");
    let bold = Canvas::text_width("Carat", &style.bold()).unwrap_or(0.0);
    assert!(bold > w);
}

#[test]
fn a_long_name_is_drawn_smaller_before_it_is_shortened() {
    let style = TextStyle::new(20.0).bold();
    let name = "Spieltisch (AI, hard)";
    let full = Canvas::text_width(name, &style).unwrap_or_default();
    // Room for 80 % of it: a smaller size keeps it whole (no smaller than 15 px here).
    let (text, used) = Canvas::fit_text_shrinking(name, full * 0.8, &style, 15.0).expect("fits");
    assert_eq!(text, name);
    assert!(used.size < 20.0 && used.size >= 16.0, "{}", used.size);
    assert!(Canvas::text_width(&text, &used).unwrap_or_default() <= full * 0.8);
    // Room for a third: 15 px is not enough either, so it is shortened at 15 px.
    let (text, used) = Canvas::fit_text_shrinking(name, full / 3.0, &style, 15.0).expect("fits");
    assert_eq!(used.size, 15.0);
    assert!(text.starts_with("Spiel") && text.ends_with('…'), "{text}");
    // A name that fits keeps the size.
    assert_eq!(Canvas::fit_text_shrinking("bob", full, &style, 15.0).expect("fits"), ("bob".to_string(), style));
}

#[test]
fn fit_text_shortens_with_ellipsis() {
    let style = TextStyle::new(20.0);
    let long = "a very long player name that cannot fit";
    let fitted = Canvas::fit_text(long, 100.0, &style).unwrap_or_default();
    assert!(fitted.ends_with('…'));
    assert!(Canvas::text_width(&fitted, &style).unwrap_or(f32::MAX) <= 100.0);
    assert_eq!(Canvas::fit_text("bob", 100.0, &style).unwrap_or_default(), "bob");
    // A hostile, huge name is cut quickly and still fits.
    let huge = "W".repeat(100_000);
    let fitted = Canvas::fit_text(&huge, 300.0, &style).unwrap_or_default();
    assert!(fitted.starts_with("WWW") && fitted.ends_with('…'));
    assert!(Canvas::text_width(&fitted, &style).unwrap_or(f32::MAX) <= 300.0);
}

#[test]
fn wrap_text_breaks_at_spaces_within_the_width() {
    let style = TextStyle::new(20.0);
    let text = "Bob the Builder rolled 3 5 1 and could not move";
    let lines = Canvas::wrap_text(text, 150.0, &style).unwrap_or_default();
    assert!(lines.len() >= 3, "{lines:?}");
    assert_eq!(lines.join(" "), text);
    for line in &lines {
        assert!(Canvas::text_width(line, &style).unwrap_or(f32::MAX) <= 150.0);
    }
    assert_eq!(
        Canvas::wrap_text("short", 150.0, &style).unwrap_or_default(),
        ["short"]
    );
    assert!(Canvas::wrap_text("", 150.0, &style).unwrap_or_default().is_empty());
}

#[test]
fn shapes_and_text_land_where_asked() {
    let Ok(mut canvas) = Canvas::new(100, 60, palette::WHITE) else { panic!("canvas") };
    canvas.fill_rect(Area::new(10.0, 10.0, 20.0, 20.0), palette::RED);
    canvas.fill_circle(70.0, 20.0, 8.0, palette::BLUE);
    assert_eq!(canvas.pixel(20, 20), Some(palette::RED));
    assert_eq!(canvas.pixel(70, 20), Some(palette::BLUE));
    assert_eq!(canvas.pixel(50, 20), Some(palette::WHITE));
    // A bold "I" centred at (50, 45): its stem covers the centre pixel in ink.
    canvas.text("I", 50.0, 45.0, &TextStyle::new(30.0).bold().centred()).ok();
    assert_eq!(canvas.pixel(50, 45), Some(palette::INK));
    assert_eq!(canvas.pixel(50, 30), Some(palette::WHITE));
}

#[test]
fn sphere_is_lit_from_the_top_left() {
    let Ok(mut canvas) = Canvas::new(60, 60, palette::WHITE) else { panic!("canvas") };
    canvas.sphere(30.0, 30.0, 20.0, palette::BLUE);
    let (Some(lit), Some(shade)) = (canvas.pixel(23, 22), canvas.pixel(42, 42)) else { panic!("inside") };
    assert!(lit.luminance() > palette::BLUE.luminance(), "{lit:?}");
    assert!(shade.luminance() < palette::BLUE.luminance(), "{shade:?}");
    assert_eq!(canvas.pixel(2, 2), Some(palette::WHITE));
}

#[test]
fn diamond_points_along_its_angle() {
    // Pointing right (angle 0): tip at (cx + long, cy), side at (cx, cy + short).
    let d = diamond(10.0, 20.0, 0.0, 5.0, 3.0);
    let close = |a: (f32, f32), b: (f32, f32)| (a.0 - b.0).abs() < 1e-4 && (a.1 - b.1).abs() < 1e-4;
    assert!(close(d[0], (15.0, 20.0)) && close(d[1], (10.0, 23.0)));
    assert!(close(d[2], (5.0, 20.0)) && close(d[3], (10.0, 17.0)));
}

#[test]
fn png_within_a_budget_is_no_larger_and_decodes() {
    let Ok(mut canvas) = Canvas::new(200, 100, palette::BACKGROUND) else { panic!("canvas") };
    for k in 0..20 {
        canvas.sphere(10.0 + 9.0 * k as f32, 50.0, 8.0 + (k % 3) as f32, palette::RED);
    }
    let fast = canvas.png().unwrap_or_default();
    assert_eq!(canvas.png_within(usize::MAX).unwrap_or_default(), fast, "within budget: the fast file");
    let small = canvas.png_within(0).unwrap_or_default();
    assert!(small.len() <= fast.len());
    let Ok(image) = image::load_from_memory(&small) else { panic!("decode") };
    assert_eq!((image.width(), image.height()), (200, 100));
}

#[test]
fn opaque_canvas_encodes_as_rgb_png() {
    let Ok(canvas) = Canvas::new(30, 20, palette::BACKGROUND) else { panic!("canvas") };
    let png = canvas.png().unwrap_or_default();
    let Ok(image) = image::load_from_memory(&png) else { panic!("decode") };
    assert_eq!(image.color(), image::ColorType::Rgb8);
    assert_eq!((image.width(), image.height()), (30, 20));
}

#[test]
fn sprites_partly_outside_a_frame_are_cut_and_a_frame_encodes_the_same_twice() {
    let Ok(mut canvas) = Canvas::blank(40, 30, palette::WHITE) else { panic!("canvas") };
    let key = SpriteKey::new("test square", [0; 6]);
    let square = |c: &mut Canvas| c.fill_rect(Area::new(0.0, 0.0, 20.0, 20.0), palette::RED);
    canvas.sprite(key, 20, 20, -10, -10, square);
    canvas.sprite(key, 20, 20, 30, 25, square);
    canvas.sprite(key, 20, 20, -100, 500, square);
    assert_eq!(canvas.pixel(0, 0), Some(palette::RED));
    assert_eq!(canvas.pixel(9, 9), Some(palette::RED));
    assert_eq!(canvas.pixel(10, 10), Some(palette::WHITE));
    assert_eq!(canvas.pixel(39, 29), Some(palette::RED));
    assert_eq!(canvas.pixel(29, 24), Some(palette::WHITE));
    // A shape, kept after its first drawing, lands the same the second time.
    canvas.fill_circle(20.0, 15.0, 6.0, palette::BLUE);
    canvas.fill_circle(20.0, 15.0, 6.0, palette::BLUE);
    assert_eq!(canvas.pixel(20, 15), Some(palette::BLUE));
    let (first, second) = (canvas.png().unwrap_or_default(), canvas.png().unwrap_or_default());
    assert!(!first.is_empty() && first == second);
}

#[test]
fn too_large_canvas_is_refused() {
    assert!(Canvas::new(MAX_SIDE + 1, 10, palette::WHITE).is_err());
}
