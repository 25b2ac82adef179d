//! The images in German: each game draws, the words differ from the English where words
//! are drawn and nowhere else, the files stay small, and the words a player types from
//! an image are the ones the rules parse (checked by playing them).

use rules::{
    AnyView, GameKind, Match, Viewer,
    artifakes::Direction,
    carat, open,
    words::Worded,
};
use serde_json::json;

use crate::{Area, Canvas, Lang, aratoth, artifakes, carat as carat_image, hathor, helofag};

fn open_game(kind: GameKind, options: serde_json::Value, players: usize, setup: Option<serde_json::Value>) -> Box<dyn Match> {
    open(kind, &options, players, setup, Some(11)).unwrap_or_else(|e| panic!("{kind:?}: {e}"))
}

fn play(game: &mut Box<dyn Match>, moves: &[&str]) {
    for mv in moves {
        game.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
}

/// Plays the first legal move `n` times.
fn play_first(game: &mut Box<dyn Match>, n: usize) {
    for _ in 0..n {
        let Some(mv) = game.legal_moves().into_iter().next() else { return };
        game.play(&mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
}

/// Whether some pixel of `area` differs between `a` and `b` (same size assumed) by more
/// than a board's palette can move an edge's colour (each language's board has its own
/// palette: `crate::frame`); a word drawn or missing changes pixels by far more.
fn differs(a: &Canvas, b: &Canvas, area: Area) -> bool {
    let (x0, y0) = (area.x.max(0.0) as u32, area.y.max(0.0) as u32);
    let (x1, y1) = ((area.right() as u32).min(a.width()), (area.bottom() as u32).min(a.height()));
    let far = |p: Option<crate::Rgb>, q: Option<crate::Rgb>| match (p, q) {
        (Some(p), Some(q)) => p.0.abs_diff(q.0).max(p.1.abs_diff(q.1)).max(p.2.abs_diff(q.2)) > EDGE_TOLERANCE,
        _ => true,
    };
    (y0..y1).any(|y| (x0..x1).any(|x| far(a.pixel(x, y), b.pixel(x, y))))
}

/// The most a channel of the same drawing may differ between two boards' palettes.
const EDGE_TOLERANCE: u8 = 64;

/// Draws `draw` in both languages; checks equal sizes, a German PNG under 300 KB, that
/// `words` (areas with words) differ and `same` (areas without words) do not.
fn compare(what: &str, draw: impl Fn(Lang) -> Canvas, words: &[Area], same: &[Area]) {
    let (en, de) = (draw(Lang::En), draw(Lang::De));
    assert_eq!((en.width(), en.height()), (de.width(), de.height()), "{what}");
    let png = de.png_within(240_000).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(png.len() < 300_000, "{what}: {} bytes", png.len());
    for (k, area) in words.iter().enumerate() {
        assert!(differs(&en, &de, *area), "{what}: word area {k} {area:?} is the same in German");
    }
    for (k, area) in same.iter().enumerate() {
        assert!(!differs(&en, &de, *area), "{what}: area {k} {area:?} without words differs");
    }
}

fn names(n: usize) -> Vec<String> {
    ["Alice", "Bob", "Chidi", "Dana", "Eve", "Fritz"].iter().take(n).map(|s| s.to_string()).collect()
}

#[test]
fn carat_board_and_hand_in_german() {
    let mut game = open_game(GameKind::Carat, json!({"players": 2, "variant": "two_colours"}), 2, None);
    play_first(&mut game, 3);
    let AnyView::Carat(view) = game.view(Viewer::Spectator) else { panic!("a Carat view") };
    // Header: "two colours" / "zwei Farben"; the grid of tiles and chips has no words.
    let grid = Area::new(carat_image::BOARD_X, carat_image::BOARD_Y, 6.0 * carat_image::CELL, 6.0 * carat_image::CELL);
    let draw = |lang| carat_image::draw_board(&view, &names(2), lang).unwrap_or_else(|e| panic!("{e}"));
    compare("carat board", draw, &[Area::new(0.0, 0.0, 900.0, 70.0)], &[grid]);
    // A seat without a name: "Player 2" / "Spieler 2" in its row.
    let draw = |lang| carat_image::draw_board(&view, &names(1), lang).unwrap_or_else(|e| panic!("{e}"));
    let row = Area::new(0.0, carat_image::row_top(1), 900.0, carat_image::ROW_H);
    compare("carat board, unnamed seat", draw, &[row], &[grid]);

    let AnyView::Carat(view) = game.view(Viewer::Seat(1)) else { panic!("a Carat view") };
    let draw = |lang| {
        carat_image::draw_hand(&view, 1, &names(2), lang).unwrap_or_else(|e| panic!("{e}")).unwrap_or_else(|| panic!("a hand"))
    };
    // The labels under the turned tiles differ; the big tile on the left does not.
    let top = 60.0;
    let labels = Area::new(220.0, top + 150.0, 590.0, 40.0);
    let big_tile = Area::new(30.0, top, 150.0, 150.0);
    compare("carat hand", draw, &[labels], &[big_tile]);
}

/// The German colour words under the hand's turned tiles, typed as a move, place the
/// tile turned as that picture shows: the rules' parser reads them as those colours.
#[test]
fn carat_hand_words_are_german_moves_the_rules_accept() {
    let game = open_game(GameKind::Carat, json!({"players": 2}), 2, None);
    let seat = game.to_move().first().copied().unwrap_or(0);
    let AnyView::Carat(view) = game.view(Viewer::Seat(seat)) else { panic!("a Carat view") };
    let Some(Some(hand)) = view.hands.get(seat) else { panic!("the player to move holds a hand") };
    let Some(&tile) = hand.first() else { panic!("a tile") };
    for colour in carat::Colour::ALL {
        let word = carat_image::colour_word(colour, Lang::De);
        assert_ne!(word, colour.word(), "the German label is not the English word");
        let mut played = game.box_clone();
        played.play(&format!("c3 {word}")).unwrap_or_else(|e| panic!("c3 {word}: {e}"));
        let AnyView::Carat(after) = played.view(Viewer::Spectator) else { panic!("a Carat view") };
        let Some(Some(placed)) = after.board.get(2).and_then(|row| row.get(2)) else { panic!("c3 holds the tile") };
        assert_eq!(placed.corners, tile.corners(colour), "c3 {word}");
        assert_eq!(placed.corners[0], colour, "c3 {word} puts {colour:?} in the north-west corner");
    }
}

#[test]
fn helofag_board_in_german() {
    let mut game = open_game(GameKind::Helofag, json!({"players": 3}), 3, None);
    play_first(&mut game, 6);
    let AnyView::Helofag(view) = game.view(Viewer::Spectator) else { panic!("a Helofag view") };
    let draw = |lang| helofag::draw_board(&view, &names(3), lang).unwrap_or_else(|e| panic!("{e}"));
    // Header ("goal: 3 in Z"), the side column's caption; the run rows C1-C6 have no words.
    let header = Area::new(130.0, 0.0, 400.0, 58.0);
    let caption = Area::new(596.0, 64.0, 264.0, 30.0);
    let c = helofag::c_cell(1, 1);
    let rows = Area::new(c.x, c.y, 8.0 * 62.0, 6.0 * 62.0);
    compare("helofag board", draw, &[header, caption], &[rows]);
}

#[test]
fn aratoth_board_in_german() {
    for players in [2, 3] {
        let mut game = open_game(GameKind::Aratoth, json!({"players": players}), players, Some(json!({"start_player": 0})));
        play_first(&mut game, 4);
        let AnyView::Aratoth(view) = game.view(Viewer::Spectator) else { panic!("an Aratoth view") };
        let draw = |lang| aratoth::draw_board(&view, &names(players), lang).unwrap_or_else(|e| panic!("{e}"));
        let canvas = draw(Lang::En);
        // Header (the name), the shape heads over the players, the layer maps' titles;
        // the pyramid seen from above has no words.
        let header = Area::new(0.0, 0.0, 900.0, 58.0);
        let heads = Area::new(460.0, 72.0, 420.0, 24.0);
        let maps = Area::new(0.0, aratoth::maps_top(canvas.height()), 900.0, 36.0);
        let pyramid = Area::new(40.0, 120.0, 380.0, 300.0);
        compare("aratoth board", draw, &[header, heads, maps], &[pyramid]);
    }
}

/// Both players bury all 20 pieces, then excavating starts.
fn artifakes_excavating() -> Box<dyn Match> {
    let deck: Vec<u8> = (1..=30).flat_map(|n| [n, n]).collect();
    let setup = json!({"deck": deck, "start_player": 0});
    let mut game = open_game(GameKind::Artifakes, json!({}), 2, Some(setup));
    for kind in ["block", "disc"] {
        for k in 1..=10 {
            play(&mut game, &[&format!("bury {kind} {k}"), &format!("bury {kind} {}", k + 10)]);
        }
    }
    game
}

#[test]
fn artifakes_board_and_hand_in_german() {
    let mut game = artifakes_excavating();
    play_first(&mut game, 1);
    let AnyView::Artifakes(view) = game.view(Viewer::Spectator) else { panic!("an Artifakes view") };
    let draw = |lang| artifakes::draw_board(&view, &names(2), lang).unwrap_or_else(|e| panic!("{e}"));
    // Header, the centre's round and last play, the players' panels; the dolerite row
    // (numbers only) is the same.
    let header = Area::new(0.0, 0.0, 900.0, 64.0);
    let centre = Area::new(300.0, 400.0, 300.0, 100.0);
    let players = Area::new(0.0, artifakes::PLAYERS_Y, 900.0, 200.0);
    let row = Area::new(24.0, artifakes::ROW_Y + 50.0, 852.0, 50.0);
    compare("artifakes board", draw, &[header, centre, players], &[row]);

    let seat = game.to_move().first().copied().unwrap_or(0);
    let AnyView::Artifakes(view) = game.view(Viewer::Seat(seat)) else { panic!("an Artifakes view") };
    let draw = |lang| {
        artifakes::draw_hand(&view, seat, &names(2), lang)
            .unwrap_or_else(|e| panic!("{e}"))
            .unwrap_or_else(|| panic!("a hand"))
    };
    // The title and the lines beside the cards differ; a card's number does not.
    let card = artifakes::hand::card_area(0);
    let number = Area::new(card.x + 10.0, card.y + card.h * 0.4, card.w - 20.0, card.h * 0.5);
    compare("artifakes hand", draw, &[Area::new(0.0, 0.0, 900.0, 64.0), Area::new(260.0, 64.0, 600.0, 168.0)], &[number]);
}

/// The hand's German ways and directions (`zahl`, `farbe`, `uzs`, `guzs`), typed in a
/// German move, do what the English move does.
#[test]
fn artifakes_hand_words_are_german_moves_the_rules_accept() {
    let mut game = artifakes_excavating();
    let mut tried = 0;
    // Plays on until the player to move has cards that give points.
    for _ in 0..40 {
        if tried > 0 {
            break;
        }
        let seat = game.to_move().first().copied().unwrap_or(0);
        let AnyView::Artifakes(view) = game.view(Viewer::Seat(seat)) else { panic!("an Artifakes view") };
        let Some(Some(options)) = view.card_options.get(seat) else { break };
        tried += german_moves_match_english(game.as_ref(), options);
        play_first(&mut game, 1);
    }
    assert!(tried >= 2, "some card gives points");
}

/// Plays each way of each card with points in German and in English from `game`;
/// checks that both give the same game, and returns how many moves were compared.
fn german_moves_match_english(game: &dyn Match, options: &[rules::artifakes::CardOption]) -> usize {
    let mut tried = 0;
    for option in options {
        for way in [option.by_colour, option.by_number].into_iter().filter(|w| w.points > 0) {
            for direction in Direction::ALL {
                let german = format!("spiele {} {} {}", option.card, way.way.word_in(Lang::De), direction.word_in(Lang::De));
                let english = format!("play {} {} {}", option.card, way.way.word(), direction.word());
                let (mut de, mut en) = (game.box_clone(), game.box_clone());
                de.play(&german).unwrap_or_else(|e| panic!("{german}: {e}"));
                en.play(&english).unwrap_or_else(|e| panic!("{english}: {e}"));
                let (de, en) = (de.view(Viewer::Spectator), en.view(Viewer::Spectator));
                assert_eq!(format!("{de:?}"), format!("{en:?}"), "{german} = {english}");
                tried += 1;
            }
        }
    }
    tried
}

#[test]
fn hathor_board_in_german() {
    let mut game = open_game(GameKind::Hathor, json!({"variant": 2}), 1, None);
    play_first(&mut game, 5);
    let AnyView::Hathor(view) = game.view(Viewer::Spectator) else { panic!("a Hathor view") };
    let draw = |lang| hathor::draw_board(&view, lang).unwrap_or_else(|e| panic!("{e}"));
    // The variant and status lines, the numbers' captions, the stone's caption differ;
    // the board's fields do not.
    let status = Area::new(40.0, 75.0, 370.0, 75.0);
    let captions = Area::new(580.0, 40.0, 440.0, 30.0);
    let stone = Area::new(hathor::CURRENT_X - 20.0, hathor::CURRENT_Y + hathor::CURRENT_SIDE + 8.0, 156.0, 24.0);
    let board = Area::new(hathor::BOARD_X, hathor::BOARD_Y, 14.0 * hathor::CELL, 8.0 * hathor::CELL);
    compare("hathor board", draw, &[status, captions, stone], &[board]);
}

/// The public entry points take the language and give PNGs for every game.
#[test]
fn board_png_in_german_for_every_game() {
    for kind in [GameKind::Aratoth, GameKind::Artifakes, GameKind::Carat, GameKind::Hathor, GameKind::Helofag] {
        let players = *kind.players().start();
        let game = open_game(kind, json!({"players": players}), players, None);
        let en = crate::board_png(&game.view(Viewer::Spectator), &[], Lang::En).unwrap_or_else(|e| panic!("{e}"));
        let de = crate::board_png(&game.view(Viewer::Spectator), &[], Lang::De).unwrap_or_else(|e| panic!("{e}"));
        assert!(de.len() < 300_000, "{kind:?}");
        assert_ne!(en, de, "{kind:?}: the German board has German words");
    }
}

/// Artifakes' header line, the longest of the images' texts, fits beside the title and
/// the deck in every phase without being shortened, in both languages.
#[test]
fn artifakes_header_fits_uncut() {
    use crate::TextStyle;
    for lang in Lang::ALL {
        let w = crate::words::words(lang);
        let width = |text: &str, style: &TextStyle| Canvas::text_width(text, style).unwrap_or(f32::MAX);
        let title = width(lang.game_name(GameKind::Artifakes), &TextStyle::new(32.0).bold());
        let deck_left = 900.0 - 24.0 - width("60", &TextStyle::new(28.0).bold()) - 44.0;
        let room = deck_left - 12.0 - (24.0 + title + 16.0);
        for phase in [w.artifakes_burying, w.artifakes_excavating, w.artifakes_went_home, w.artifakes_game_over] {
            let status = format!("{} · {phase}", crate::words::fill(w.artifakes_round_of, &[&3]));
            let used = width(&status, &TextStyle::new(22.0));
            assert!(used <= room, "{lang}: \"{status}\" is {used:.0} px, room {room:.0} px");
        }
    }
}
