//! The replay GIF decoded as a viewer shows it, frame by frame, against the board PNGs
//! of the same positions.

use rules::{GameKind, Match, Viewer, open};
use serde_json::{Value, json};

use super::*;

/// A finished game: the game before its first move, its log and the players' names.
struct Game {
    what: String,
    start: Box<dyn Match>,
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
    Game { what: format!("{game}/{file}"), start: reopen(), log, names, reopen: Box::new(reopen) }
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
    Game { what: format!("{} random {seed}", kind.id()), start: reopen(), log: game.log().to_vec(), names, reopen: Box::new(reopen) }
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
        shown.push(Shown { rgb: canvas.clone(), delay: frame.delay, area: (frame.left, frame.top, frame.width, frame.height) });
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

/// Long random games of every kind, the most players each game allows.
fn long_games() -> Vec<Game> {
    GameKind::ALL
        .into_iter()
        .flat_map(|kind| {
            let most = *kind.players().end();
            let options = match kind {
                GameKind::Hathor => json!({"variant": 4}),
                _ => json!({"players": most}),
            };
            (1..=2).map(move |seed| random_game(kind, options.clone(), most, seed))
        })
        .collect()
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
            "{}: {} positions, {} frames (step {}), {} bytes, {}x{}, {} colours, {} own tables, drawing {:?}, encoding {:?}; kpx {:?}",
            game.what, replay.positions, replay.frames, replay.step, replay.bytes.len(), replay.width, replay.height,
            recording.colours(), replay.own_tables, replay.timing.drawing, replay.timing.encoding, &areas[..areas.len().min(12)]
        );
        let name = game.what.replace(['/', ' '], "-");
        let _ = std::fs::write(format!("/tmp/gifs/{name}.gif"), &replay.bytes);
    }
}
