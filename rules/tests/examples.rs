//! The spec's example records (copied from `shared/spec/examples/<game>/` into
//! `tests/examples/<game>/`) replay to exactly their expected output and exit status.
//! JSON is compared parsed; the wording of `reason` is free (spec README).

use std::fs;

use serde_json::Value;

fn without_reasons(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            Value::Object(map.iter().filter(|(k, _)| *k != "reason").map(|(k, v)| (k.clone(), without_reasons(v))).collect())
        }
        Value::Array(items) => Value::Array(items.iter().map(without_reasons).collect()),
        other => other.clone(),
    }
}

fn check_game(game: &str) -> usize {
    let dir = manifest_dir().join("tests/examples").join(game);
    let mut checked = 0;
    let mut entries: Vec<_> = fs::read_dir(&dir).expect("examples dir").map(|e| e.expect("entry").path()).collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
        let Some(stem) = name.strip_suffix(".json") else { continue };
        if stem.ends_with(".expected") {
            continue;
        }
        let record = fs::read_to_string(&path).expect("record");
        let expected: Value =
            serde_json::from_str(&fs::read_to_string(dir.join(format!("{stem}.expected.json"))).expect("expected"))
                .expect("expected json");
        let rc_text = fs::read_to_string(dir.join(format!("{stem}.rc.txt"))).expect("rc");
        let rc: i32 = rc_text.trim().trim_start_matches("exit status").trim().parse().expect("rc number");
        let replay = rules::record::replay(&record);
        assert_eq!(replay.exit_status, rc, "{game}/{stem}: exit status; output {}", replay.output);
        assert_eq!(
            without_reasons(&replay.output),
            without_reasons(&expected),
            "{game}/{stem}: output differs\n got {}\nwant {}",
            replay.output,
            expected
        );
        if rc == 2 {
            let reason = replay.output["error"]["reason"].as_str().unwrap_or_default();
            assert!(!reason.is_empty(), "{game}/{stem}: an error needs a reason");
        }
        checked += 1;
    }
    checked
}

#[test]
fn every_example_replays_as_expected() {
    let dir = manifest_dir().join("tests/examples");
    let mut games: Vec<String> = fs::read_dir(&dir)
        .expect("examples")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    games.sort();
    assert!(games.contains(&"carat".to_string()));
    for game in games {
        assert!(check_game(&game) > 0, "{game}: no examples found");
    }
}

/// A game for exactly two players says so, not "for 2 to 2 players".
#[test]
fn a_fixed_player_count_is_named_once() {
    let error = rules::open(rules::GameKind::Artifakes, &serde_json::Value::Null, 3, None, Some(1))
        .err()
        .expect("three players are refused");
    assert!(error.to_string().contains("Artifakes is for 2 players, not 3"), "{error}");
}

/// The package's directory, read when the test runs (cargo sets it), so a test binary
/// built in another checkout with the same build cache still finds its files.
fn manifest_dir() -> std::path::PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(|| env!("CARGO_MANIFEST_DIR").into(), Into::into)
}
