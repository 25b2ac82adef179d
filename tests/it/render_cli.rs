//! `spieltisch render FILE [--after N] --out PNG` (spec README, "Game records").

use std::process::Command;


fn render(args: &[&str], out: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .arg("render")
        .args(args)
        .arg("--out")
        .arg(out)
        .output()
        .expect("the binary runs")
}

/// Width and height from a PNG's IHDR chunk.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    let be = |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    (be(16), be(20))
}

#[test]
fn renders_the_full_game_and_an_earlier_position() {
    let dir = std::env::temp_dir().join(format!("spieltisch-render-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let (full, early) = (dir.join("full.png"), dir.join("after10.png"));
    let record = crate::support::full_game();
    assert!(render(&[&record], &full).status.success());
    assert!(render(&[&record, "--after", "10"], &early).status.success());
    let (full, early) = (std::fs::read(full).expect("written"), std::fs::read(early).expect("written"));
    // Two players: 900 x 1074 (see render's Carat layout).
    assert_eq!(png_size(&full), (900, 1074));
    assert_eq!(png_size(&early), (900, 1074));
    assert!(full.len() < 300 * 1024 && early.len() < 300 * 1024);
    assert_ne!(full, early);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn refuses_more_moves_than_the_record_has() {
    let out = std::env::temp_dir().join(format!("spieltisch-render-cli-{}-none.png", std::process::id()));
    let result = render(&[&crate::support::full_game(), "--after", "37"], &out);
    assert_eq!(result.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&result.stderr).contains("only 36 moves"));
    assert!(!out.exists());
}

/// `spieltisch pairings --dutch FILE.trf` prints the next round as bbpPairings does
/// (issue 39). Round 1 of four players (FIDE C.04.3: S1 = {1, 2} meets S2 = {3, 4} in
/// order; with `XXC white1` the first player has white, and colours alternate down the
/// pairings, so 2 has black against 4): `1 3`, `4 2`. `-o` writes the same to a file;
/// a broken file is an error with exit status 2.
#[test]
fn pairings_dutch_reads_a_trf_and_prints_the_next_round() {
    let place = crate::support::Place::new();
    let trf = [
        "012 Club Open",
        "XXR 3",
        "XXC white1",
        "001    1      Alpha, Anna                       2100                             0.0    1",
        "001    2      Beta, Bert                        2000                             0.0    2",
        "001    3      Gamma, Gina                       1900                             0.0    3",
        "001    4      Delta, Dan                        1800                             0.0    4",
    ]
    .join("\n");
    let file = place.path().join("open.trf");
    std::fs::write(&file, &trf).expect("write the TRF");
    let path = file.display().to_string();
    let run = crate::support::spieltisch(place.path(), &["pairings", "--dutch", &path], "", &[]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, "2\n1 3\n4 2\n");
    let out = place.path().join("round1.txt");
    let run = crate::support::spieltisch(place.path(), &["pairings", "--dutch", &path, "-o", &out.display().to_string()], "", &[]);
    assert_eq!((run.code, run.stdout.as_str()), (Some(0), ""), "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&out).expect("written"), "2\n1 3\n4 2\n");
    let run = crate::support::spieltisch(place.path(), &["pairings", "--dutch", "-"], "001 not a player line\n", &[]);
    assert_eq!(run.code, Some(2), "{}", run.stdout);
    assert!(run.stderr.starts_with("spieltisch pairings: -: "), "{}", run.stderr);
}
