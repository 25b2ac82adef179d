//! Names from users are data (the picture half): long names are cut, characters
//! no font has are drawn visibly and differently, format characters draw nothing.

use rules::{GameKind, Viewer, open};
use serde_json::json;

use crate::{
    Lang, MAX_NAME_CHARS,
    canvas::{Canvas, TextStyle},
    palette, seat_name,
};

/// The pixels of `text` drawn at 24 px on a white 300 x 40 canvas.
fn drawn(text: &str) -> Vec<Option<palette::Rgb>> {
    let Ok(mut canvas) = Canvas::new(300, 40, palette::WHITE) else { panic!("canvas") };
    canvas.text(text, 10.0, 20.0, &TextStyle::new(24.0)).unwrap_or_else(|e| panic!("{e}"));
    (0..40).flat_map(|y| (0..300).map(move |x| (x, y))).map(|(x, y)| canvas.pixel(x, y)).collect()
}

fn inked(pixels: &[Option<palette::Rgb>]) -> usize {
    pixels.iter().filter(|p| p.is_some_and(|c| c.luminance() < 0.5)).count()
}

#[test]
fn long_names_are_cut_with_an_ellipsis() {
    let names = vec!["x".repeat(500), "  Bob  ".into(), "\u{200B}\u{202E}".into()];
    let first = seat_name(&names, 0, Lang::En);
    assert_eq!(first.chars().count(), MAX_NAME_CHARS + 1);
    assert!(first.ends_with('…'));
    assert_eq!(seat_name(&names, 1, Lang::En), "Bob");
    // Only invisible characters: as if there were no name.
    assert_eq!(seat_name(&names, 2, Lang::En), "Player 3");
}

#[test]
fn cjk_and_emoji_are_drawn_and_tell_names_apart() {
    let (a, b, emoji) = (drawn("中文"), drawn("日本"), drawn("🐉"));
    // Drawn from the fallback fonts.
    assert!(inked(&a) > 100, "{}", inked(&a));
    assert!(inked(&emoji) > 50, "{}", inked(&emoji));
    assert_ne!(a, b);
    assert_ne!(drawn("中"), drawn("文"));
    // Characters no font has show their code point in a box: two different names never
    // look the same (tofu boxes would).
    let (private, unassigned) = (drawn("\u{E000}"), drawn("\u{0378}"));
    assert!(inked(&private) > 50, "{}", inked(&private));
    assert_ne!(private, unassigned);
}

#[test]
fn format_characters_draw_nothing() {
    assert_eq!(drawn("bob\u{202E}\u{200B}"), drawn("bob"));
    assert_eq!(drawn("b\u{200D}o\u{2067}b\u{FEFF}"), drawn("bob"));
}

/// A 2-player Carat board with `first` as the first player's name, as pixels.
fn carat_board(first: &str) -> image::RgbImage {
    let game = open(GameKind::Carat, &json!({"players": 2}), 2, None, Some(2)).unwrap_or_else(|e| panic!("{e}"));
    let names = vec![first.to_string(), "bob".to_string()];
    let png = crate::board_png(&game.view(Viewer::Spectator), &names, Lang::En).unwrap_or_else(|e| panic!("{e}"));
    image::load_from_memory(&png).unwrap_or_else(|e| panic!("{e}")).to_rgb8()
}

#[test]
fn a_500_character_name_stays_within_its_place() {
    let short = carat_board("al");
    for long in ["W".repeat(500), "中".repeat(500), "😀".repeat(500)] {
        let image = carat_board(&long);
        assert_eq!(image.dimensions(), short.dimensions());
        // The first player's row: the name lies between the colour diamonds (x < 112)
        // and the score (the last 90 px); everything outside stays as it was, up to the
        // few units a quantised palette may move a rare edge colour (a name spilling
        // over ink or panel would differ by far more).
        let row = crate::carat::row_top(0) as u32..crate::carat::row_top(1) as u32;
        let name_x = 112..(crate::carat::WIDTH - 90);
        let mut changed_in_name = 0;
        for (x, y, p) in image.enumerate_pixels() {
            if row.contains(&y) && name_x.contains(&x) {
                changed_in_name += usize::from(p != short.get_pixel(x, y));
                continue;
            }
            let q = short.get_pixel(x, y);
            let moved = (0..3).map(|k| p[k].abs_diff(q[k])).max().unwrap_or(0);
            assert!(moved <= 40, "({x}, {y}) outside the name changed: {p:?} vs {q:?}");
        }
        assert!(changed_in_name > 100, "the long name is drawn");
    }
}

/// The kept backgrounds and sprites never mix: Aratoth boards in both languages and for
/// two player counts, drawn in turn, each look as when drawn first.
#[test]
fn kept_backgrounds_follow_language_and_layout() {
    let board = |players: usize, lang: Lang| {
        let game = open(GameKind::Aratoth, &json!({ "players": players }), players, Some(json!({"start_player": 0})), None)
            .unwrap_or_else(|e| panic!("{e}"));
        let names: Vec<String> = (0..players).map(|k| format!("p{k}")).collect();
        let png = crate::board_png(&game.view(Viewer::Spectator), &names, lang).unwrap_or_else(|e| panic!("{e}"));
        image::load_from_memory(&png).unwrap_or_else(|e| panic!("{e}")).to_rgb8()
    };
    let (en2, de2, en3) = (board(2, Lang::En), board(2, Lang::De), board(3, Lang::En));
    assert!(en2 != de2, "the words differ");
    assert!(en2 != en3, "the player cards differ");
    assert!(board(2, Lang::En) == en2);
    assert!(board(2, Lang::De) == de2);
    assert!(board(3, Lang::En) == en3);
}
