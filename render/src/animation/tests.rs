//! The replay GIF decoded as a viewer shows it, frame by frame, against the board PNGs
//! of the same positions.

use rules::{GameKind, Match, Viewer, open};
use serde_json::{Value, json};

use super::*;

/// A finished game: the game before its first move, its log and the players' names.
struct Game {
    what: String,
    log: Vec<String>,
    names: Vec<String>,
    reopen: Box<dyn Fn() -> Box<dyn Match>>,
}

/// The spec example `<game>/<file>.json` (the project's copy of the records).
fn spec_game(game: &str, file: &str) -> Game {
    let path = format!("{}/../rules/tests/examples/{game}/{file}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let record: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let Some(kind) = GameKind::ALL.into_iter().find(|k| Some(k.id()) == record["game"].as_str()) else { panic!("{path}: game") };
    let names: Vec<String> =
        record["players"].as_array().map(|a| a.iter().filter_map(|n| n.as_str().map(String::from)).collect()).unwrap_or_default();
    let log: Vec<String> =
        record["moves"].as_array().map(|a| a.iter().filter_map(|m| m.as_str().map(String::from)).collect()).unwrap_or_default();
    let (options, setup, players) = (record["options"].clone(), record["setup"].clone(), names.len());
    let reopen = move || open(kind, &options, players, Some(setup.clone()), None).unwrap_or_else(|e| panic!("opens: {e:?}"));
    let mut played = reopen();
    for entry in &log {
        played.play(entry).unwrap_or_else(|e| panic!("{path}: {entry}: {e:?}"));
    }
    assert!(played.is_finished(), "{path}: the record is a finished game");
    Game { what: format!("{game}/{file}"), log, names, reopen: Box::new(reopen) }
}

/// A game of `kind` with `options` and `players` played to its end by moves picked
/// from the legal list by a small LCG on `seed` (as the benchmarks do).
fn random_game(kind: GameKind, options: Value, players: usize, seed: u64) -> Game {
    let reopen = move || open(kind, &options, players, None, Some(seed)).unwrap_or_else(|e| panic!("opens: {e:?}"));
    let mut game = reopen();
    let mut state = seed;
    while !game.is_finished() && game.moves_applied() < 100_000 {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let pick = (state >> 33) as usize % legal.len();
        game.play(&legal[pick]).unwrap_or_else(|e| panic!("legal move: {e:?}"));
    }
    assert!(game.is_finished(), "{kind:?} seed {seed} ends");
    let names = ["Alice", "Bob the Builder", "Chidi", "Dana"].iter().take(players).map(|s| s.to_string()).collect();
    Game { what: format!("{} random {seed}", kind.id()), log: game.log().to_vec(), names, reopen: Box::new(reopen) }
}

/// One game of every kind from the spec's records.
fn spec_games() -> Vec<Game> {
    vec![
        spec_game("carat", "20-full-game-2p"),
        spec_game("aratoth", "19-full-2p-a"),
        spec_game("hathor", "20-blocked-end"),
        spec_game("helofag", "17-complete-game-goal1"),
        spec_game("artifakes", "14-win-past-19"),
    ]
}

/// A decoded frame: what the viewer shows after it (R, G, B per pixel), its delay in
/// hundredths of a second and its rectangle.
struct Shown {
    rgb: Vec<u8>,
    delay: u16,
    area: (u16, u16, u16, u16),
    /// Whether the frame has a transparent index, and a colour table of its own.
    transparent: bool,
    own: bool,
}

/// The GIF decoded and each frame composited onto the canvas as a viewer does
/// (disposal "keep", transparent pixels leave what is there); also its loop count.
fn decode(bytes: &[u8]) -> (u16, u16, gif::Repeat, Vec<Shown>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(std::io::Cursor::new(bytes)).unwrap_or_else(|e| panic!("decodes: {e}"));
    let (w, h) = (decoder.width(), decoder.height());
    let global = decoder.global_palette().map(<[u8]>::to_vec).unwrap_or_default();
    let mut canvas = vec![0u8; usize::from(w) * usize::from(h) * 3];
    let mut shown = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap_or_else(|e| panic!("frame: {e}")) {
        let palette = frame.palette.as_ref().unwrap_or(&global);
        assert!(matches!(frame.dispose, gif::DisposalMethod::Keep | gif::DisposalMethod::Any), "frames are kept");
        let fw = usize::from(frame.width);
        for (k, &i) in frame.buffer.iter().enumerate() {
            if Some(i) == frame.transparent {
                continue;
            }
            let (x, y) = (usize::from(frame.left) + k % fw, usize::from(frame.top) + k / fw);
            assert!(x < usize::from(w) && y < usize::from(h), "the frame lies within the screen");
            let at = (y * usize::from(w) + x) * 3;
            let colour = palette.get(usize::from(i) * 3..usize::from(i) * 3 + 3).unwrap_or_else(|| panic!("index {i} in the palette"));
            canvas[at..at + 3].copy_from_slice(colour);
        }
        shown.push(Shown {
            rgb: canvas.clone(),
            delay: frame.delay,
            area: (frame.left, frame.top, frame.width, frame.height),
            transparent: frame.transparent.is_some(),
            own: frame.palette.is_some(),
        });
    }
    let repeat = decoder.repeat();
    (w, h, repeat, shown)
}

/// The board PNGs of the positions `kept` (move numbers) of `game`, decoded to R, G, B.
fn boards(game: &Game, kept: &[usize]) -> Vec<(u32, u32, Vec<u8>)> {
    let mut played = (game.reopen)();
    let mut out = Vec::new();
    for n in 0..=game.log.len() {
        if kept.contains(&n) {
            let png = crate::board_png(&played.view(Viewer::Spectator), &game.names, Lang::En).unwrap_or_else(|e| panic!("{e}"));
            let image = image::load_from_memory(&png).unwrap_or_else(|e| panic!("{e}")).to_rgb8();
            out.push((image.width(), image.height(), image.into_raw()));
        }
        if let Some(entry) = game.log.get(n) {
            played.play(entry).unwrap_or_else(|e| panic!("{e:?}"));
        }
    }
    out
}

/// Checks `replay` of `game` (every `step`-th position shown, and the last) against the
/// boards: size, frames, delays, loop, and every frame pixel for pixel (exact colours:
/// the games' boards fit in one palette).
fn check(game: &Game, replay: &Replay, step: usize) {
    let what = &game.what;
    let positions = game.log.len() + 1;
    let kept = thin(positions, step);
    assert_eq!((replay.positions, replay.step, replay.frames), (positions, step, kept.len()), "{what}");
    let (w, h, repeat, shown) = decode(&replay.bytes);
    assert_eq!(repeat, gif::Repeat::Infinite, "{what}: loops forever");
    assert_eq!((u32::from(w), u32::from(h)), (replay.width, replay.height), "{what}");
    assert_eq!(shown.len(), kept.len(), "{what}: one frame per position shown");
    let delays: Vec<u16> = shown.iter().map(|s| s.delay).collect();
    let mut expected = vec![MOVE_DELAY; kept.len() - 1];
    expected.push(LAST_DELAY);
    assert_eq!(delays, expected, "{what}: 0.8 s a move, the last 5 s");
    assert_eq!(shown.first().map(|s| s.area), Some((0, 0, w, h)), "{what}: the first frame is whole");

    for (k, ((bw, bh, board), frame)) in boards(game, &kept).iter().zip(&shown).enumerate() {
        assert_eq!((*bw, *bh), (replay.width, replay.height), "{what}: position {}", kept[k]);
        if board != &frame.rgb {
            let differ = board.chunks_exact(3).zip(frame.rgb.chunks_exact(3)).filter(|(a, b)| a != b).count();
            panic!("{what}: frame {k} (position {}) differs from its board in {differ} pixels", kept[k]);
        }
    }
}

#[test]
fn every_frame_is_its_board_for_a_game_of_every_kind() {
    for game in spec_games() {
        let replay = record((game.reopen)(), &game.log, &game.names, Lang::En)
            .and_then(|r| r.gif())
            .unwrap_or_else(|e| panic!("{}: {e}", game.what));
        let colours = record((game.reopen)(), &game.log, &game.names, Lang::En).map(|r| r.colours()).unwrap_or(0);
        eprintln!("{}: {} frames, {} bytes, {} own tables, {colours} colours", game.what, replay.frames, replay.bytes.len(), replay.own_tables);
        check(&game, &replay, 1);
        // Later frames are only what changed: smaller than the whole board.
        let (_, _, _, shown) = decode(&replay.bytes);
        let whole = u32::from(shown[0].area.2) * u32::from(shown[0].area.3);
        assert!(shown[1..].iter().all(|s| u32::from(s.area.2) * u32::from(s.area.3) < whole), "{}: deltas", game.what);
    }
}

/// A long random game of every kind, the most players each game allows (seed 1; the
/// benchmarks' games).
fn long_games() -> Vec<Game> {
    GameKind::ALL
        .into_iter()
        .map(|kind| {
            let most = *kind.players().end();
            let options = match kind {
                GameKind::Hathor => json!({"variant": 4}),
                _ => json!({"players": most}),
            };
            random_game(kind, options, most, 1)
        })
        .collect()
}

#[test]
fn long_games_stay_within_the_limits_and_exact() {
    for game in long_games() {
        let replay = replay_gif((game.reopen)(), &game.log, &game.names, Lang::En).unwrap_or_else(|e| panic!("{}: {e}", game.what));
        let bytes = replay.bytes.len();
        eprintln!("{}: {} frames, {bytes} bytes, {} own tables", game.what, replay.frames, replay.own_tables);
        assert!(bytes <= MAX_BYTES, "{}: {bytes} bytes", game.what);
        if game.what.starts_with("carat") || game.what.starts_with("aratoth") {
            assert!(bytes <= 2_000_000, "{}: {bytes} bytes, more than 2 MB", game.what);
        }
        check(&game, &replay, 1);
    }
}

#[test]
fn over_the_limit_every_kth_position_is_shown_with_the_first_and_the_last() {
    let game = spec_game("carat", "20-full-game-2p");
    let recording = record((game.reopen)(), &game.log, &game.names, Lang::En).unwrap_or_else(|e| panic!("{e}"));
    let full = recording.gif().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((full.step, full.thinned()), (1, None));
    for share in [70, 50, 38] {
        let limit = full.bytes.len() * share / 100;
        let replay = recording.gif_within(limit).unwrap_or_else(|e| panic!("{share}%: {e}"));
        assert!(replay.bytes.len() <= limit, "{share}%: {} bytes over {limit}", replay.bytes.len());
        assert!(replay.step > 1 && replay.thinned() == Some(replay.step), "{share}%: step {}", replay.step);
        // Frames at positions 0, k, 2k, ... and the last, each its board; 0.8 s each, the last 5 s.
        check(&game, &replay, replay.step);
    }
    // Not even the first and the last position fit: an error, not a larger file.
    let Err(error) = recording.gif_within(1000) else { panic!("a 1000-byte limit cannot be kept") };
    assert!(error.0.contains("first and last"), "{error}");
}

#[test]
fn a_long_game_is_drawn_at_every_kth_position() {
    let game = spec_game("carat", "20-full-game-2p");
    // 37 positions, at most 10 drawn: every 4th (0, 4, ..., 36).
    let recording = record_at_most((game.reopen)(), &game.log, &game.names, Lang::En, 10).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((recording.positions(), recording.drawn()), (37, 10));
    let replay = recording.gif().unwrap_or_else(|e| panic!("{e}"));
    check(&game, &replay, 4);
}

#[test]
fn a_move_that_does_not_apply_is_an_error() {
    let game = spec_game("carat", "20-full-game-2p");
    let mut log = game.log.clone();
    log[3] = "nonsense".to_string();
    let Err(error) = replay_gif((game.reopen)(), &log, &game.names, Lang::En) else { panic!("a bad move") };
    assert!(error.0.starts_with("move 4:"), "{error}");
}

#[test]
fn thinning_keeps_the_first_and_the_last_position() {
    assert_eq!(thin(1, 1), vec![0]);
    assert_eq!(thin(5, 1), vec![0, 1, 2, 3, 4]);
    assert_eq!(thin(5, 2), vec![0, 2, 4]);
    assert_eq!(thin(6, 2), vec![0, 2, 4, 5]);
    assert_eq!(thin(6, 10), vec![0, 5]);
}

/// `rows` of colours (0xRRGGBB) as a board's palette and indices.
fn board(rows: &[Vec<u32>]) -> (u32, u32, Vec<[u8; 3]>, Vec<u8>, Vec<u8>) {
    let mut palette: Vec<[u8; 3]> = Vec::new();
    let mut indices = Vec::new();
    let mut rgb = Vec::new();
    for &c in rows.iter().flatten() {
        let colour = [(c >> 16) as u8, (c >> 8) as u8, c as u8];
        let index = match palette.iter().position(|&p| p == colour) {
            Some(i) => i,
            None => {
                palette.push(colour);
                palette.len() - 1
            }
        };
        assert!(index < 256, "a board has at most 256 colours");
        indices.push(index as u8);
        rgb.extend_from_slice(&colour);
    }
    (rows[0].len() as u32, rows.len() as u32, palette, indices, rgb)
}

#[test]
fn frames_with_colours_outside_the_global_palette_and_unchanged_positions() {
    // 16 x 17 boards. A: 255 colours a(i) and one colour d(5) of B's; B: 256 other
    // colours d(i), with d(5) where A has it, so that B's frame changes 256 colours and
    // keeps one pixel: no room for a transparent entry. C = B (a 1x1 frame). D: back to A.
    let a = |i: u32| 0x010000 * (i % 256) + 0x000100 * 7 + 1;
    let d = |i: u32| (i % 256) + 0x010000 * 200 + 0x000100 * 9;
    let mut board_a: Vec<Vec<u32>> = (0..16).map(|y| (0..16).map(|x| a((y * 16 + x) % 255)).collect()).collect();
    board_a.push((0..16).map(|x| if x == 1 { d(5) } else { a(1) }).collect());
    let mut board_b: Vec<Vec<u32>> = (0..16).map(|y| (0..16).map(|x| d(y * 16 + x)).collect()).collect();
    board_b.push((0..16).map(|x| if x == 1 { d(5) } else { d(0) }).collect());
    let boards = [board(&board_a), board(&board_b), board(&board_b), board(&board_a)];
    let mut recording = Recording::new(boards.len());
    let mut current = Vec::new();
    for (w, h, palette, indices, _) in &boards {
        recording.add((*w, *h), palette, indices, &mut current).unwrap_or_else(|e| panic!("{e}"));
    }
    recording.drawn = (0..boards.len()).collect();
    assert_eq!(recording.colours(), 511);
    let replay = recording.gif().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((replay.frames, replay.step, replay.own_tables > 0), (4, 1, true));
    let (w, h, repeat, shown) = decode(&replay.bytes);
    assert_eq!((w, h, repeat), (16, 17, gif::Repeat::Infinite));
    assert_eq!(shown.iter().map(|s| s.delay).collect::<Vec<_>>(), vec![MOVE_DELAY, MOVE_DELAY, MOVE_DELAY, LAST_DELAY]);
    for (k, ((.., rgb), frame)) in boards.iter().zip(&shown).enumerate() {
        assert!(rgb == &frame.rgb, "frame {k} is its board");
    }
    // (The global palette holds 255 of the 511 colours: the first frame and the last
    // miss one of A's.) B: a table of its own without transparency; C: nothing.
    assert_eq!((shown[1].own, shown[1].transparent), (true, false), "B");
    assert_eq!((shown[2].own, shown[2].transparent), (false, true), "C");
    assert_eq!(shown[2].area, (0, 0, 1, 1), "an unchanged position: a 1x1 frame");
}

/// Writes one replay per game kind to /tmp/gifs and prints sizes and frame areas
/// (`cargo test -p render --lib write_gifs -- --ignored --nocapture`).
#[test]
#[ignore = "writes files; for looking at the replays"]
fn write_gifs() {
    let _ = std::fs::create_dir_all("/tmp/gifs");
    for game in spec_games().into_iter().chain(long_games()) {
        let recording = record((game.reopen)(), &game.log, &game.names, Lang::En).unwrap_or_else(|e| panic!("{e}"));
        let replay = recording.gif().unwrap_or_else(|e| panic!("{e}"));
        let (_, _, _, shown) = decode(&replay.bytes);
        let areas: Vec<u32> = shown.iter().map(|s| u32::from(s.area.2) * u32::from(s.area.3) / 1000).collect();
        eprintln!(
            "{}: {} positions, {} frames (step {}), {} bytes (recording {} KB), {}x{}, {} colours, {} own tables, drawing {:?}, encoding {:?}; kpx {:?}",
            game.what, replay.positions, replay.frames, replay.step, replay.bytes.len(), recording.bytes() / 1000, replay.width, replay.height,
            recording.colours(), replay.own_tables, replay.timing.drawing, replay.timing.encoding, &areas[..areas.len().min(12)]
        );
        let name = game.what.replace(['/', ' '], "-");
        let _ = std::fs::write(format!("/tmp/gifs/{name}.gif"), &replay.bytes);
        // The boards of the first and the last position, to compare with another decoder.
        let mut played = (game.reopen)();
        for (k, entry) in std::iter::once(None).chain(game.log.iter().map(Some)).enumerate() {
            if let Some(entry) = entry {
                played.play(entry).unwrap_or_else(|e| panic!("{e:?}"));
            }
            if k == 0 || k == game.log.len() || k == game.log.len() / 2 {
                let png = crate::board_png(&played.view(Viewer::Spectator), &game.names, Lang::En).unwrap_or_else(|e| panic!("{e}"));
                let _ = std::fs::write(format!("/tmp/gifs/{name}-{k}.png"), png);
            }
        }
    }
}

#[test]
fn a_change_is_painted_run_by_run_and_nothing_outside_its_spans() {
    // A frame of 10 x 3 pixels at (2, 5). Row 5: columns 2-4, two pixels of colour id 7
    // and one kept; row 6: columns 8-11, colour id 9; row 7: column 4, colour id 11 (its
    // run ends seven bytes before the frame's end: eight-byte writes there must not leave
    // colour behind).
    let change = Change {
        spans: vec![Span { y: 5, x0: 2, x1: 5 }, Span { y: 6, x0: 8, x1: 12 }, Span { y: 7, x0: 4, x1: 5 }],
        runs: vec![Run { id: 7, len: 2 }, Run { id: KEEP, len: 1 }, Run { id: 9, len: 4 }, Run { id: 11, len: 1 }],
    };
    let area = Rect { x: 2, y: 5, w: 10, h: 3 };
    let index = |id: u16| match id {
        7 => Some(1),
        9 => Some(2),
        11 => Some(3),
        _ => None,
    };
    let mut out = vec![TRANSPARENT; 30];
    assert!(paint(&mut out, area, &change, index));
    let mut expected = vec![0u8; 30];
    expected[0..2].copy_from_slice(&[1, 1]);
    expected[16..20].copy_from_slice(&[2, 2, 2, 2]);
    expected[22] = 3;
    assert_eq!(out, expected);
    // A colour without an entry stops the painting.
    let mut out = vec![TRANSPARENT; 30];
    assert!(!paint(&mut out, area, &change, |id| (id != 9).then_some(1)));
}
