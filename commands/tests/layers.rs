//! `commands/src` is in layers that point one way, and SQL lives in `store/`.
//!
//! Reads every source file, takes its layer from its folder, and collects the crate
//! modules it names (`crate::x`, and the first segments inside `use crate::{...}`).
//! A file may name only its own folder's siblings when that is allowed, and the layers
//! below it. `sqlx` may appear only under `store/`.
//! There are no exceptions: a crossing fails the test.

use std::{
    collections::BTreeSet,
    path::{Path, PathBuf},
};

/// Layers bottom up; a layer may import every layer before it in this list.
/// `grammar` and `store` are side by side: neither imports the other.
fn allowed(layer: &str) -> &'static [&'static str] {
    match layer {
        "base" => &["base"],
        "grammar" => &["base", "grammar"],
        "store" => &["base", "store"],
        "table" => &["base", "grammar", "store", "table"],
        // A feature imports the table and below, never another feature nor the host.
        "features" => &["base", "grammar", "store", "table"],
        "top" => &["base", "grammar", "store", "table", "features", "scheduler", "host"],
        _ => &[],
    }
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The crate modules `source` names: `features::play` for a feature (so that one
/// feature naming another shows which), the top segment otherwise.
fn named(source: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut push = |path: &str| {
        let mut parts = path.split("::").map(|p| p.trim_matches(|c: char| !(c.is_ascii_alphanumeric() || c == '_')));
        let Some(top) = parts.next().filter(|p| !p.is_empty()) else { return };
        // The crate root's re-exports (`crate::Host`, `crate::Lang`) count as their layer.
        let top = match top {
            "Host" | "HostOptions" | "Origin" => "host",
            "Notice" => "scheduler",
            "Command" | "NewOptions" | "Verb" => "grammar",
            t if t.starts_with(|c: char| c.is_ascii_uppercase()) => "base",
            t => t,
        };
        match (top, parts.next()) {
            ("features", Some(sub)) if !sub.is_empty() && sub.chars().all(|c| c.is_ascii_lowercase() || c == '_') => {
                out.insert(format!("features::{sub}"));
            }
            _ => {
                out.insert(top.to_string());
            }
        }
    };
    for (i, _) in source.match_indices("crate::") {
        let rest = &source[i + "crate::".len()..];
        if let Some(block) = rest.strip_prefix('{') {
            // `use crate::{a::X, b::{Y, Z}, c};`: the first segment of each top-level item.
            let mut depth = 0;
            let mut item = String::new();
            for c in block.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        push(item.trim());
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                item.push(c);
            }
            push(item.trim());
        } else {
            let path: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':').collect();
            push(&path);
        }
    }
    if source.contains("sqlx::") || source.contains("use sqlx") {
        out.insert("sqlx".into());
    }
    if source.contains(".pool()") {
        out.insert("pool()".into());
    }
    out
}

#[test]
fn layers_point_one_way_and_sql_stays_in_the_store() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    assert!(files.len() > 30, "found the sources: {files:?}");
    let mut crossings = BTreeSet::new();
    for path in &files {
        let rel = path.strip_prefix(&root).expect("under src").to_string_lossy().replace('\\', "/");
        if rel == "lib.rs" {
            continue;
        }
        let layer = rel.split_once('/').map_or("top", |(folder, _)| folder);
        let source = std::fs::read_to_string(path).expect("readable");
        // Test modules may reach anything; only the code above them counts.
        // Comments (doc links) do not import.
        let code: String = source
            .split("#[cfg(test)]")
            .next()
            .unwrap_or_default()
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let own_feature = rel.strip_prefix("features/").map(|f| format!("features::{}", f.trim_end_matches(".rs")));
        for name in named(&code) {
            let top = name.split("::").next().unwrap_or_default();
            let ok = if name == "sqlx" || name == "pool()" {
                layer == "store"
            } else if layer == "features" && top == "features" {
                own_feature.as_deref() == Some(name.as_str())
            } else {
                allowed(layer).contains(&top)
            };
            if !ok {
                crossings.insert((rel.clone(), name));
            }
        }
    }
    assert!(crossings.is_empty(), "imports against the layers (file, what it names): {crossings:?}");
}

#[test]
fn the_reader_finds_what_a_file_names() {
    let source = "use crate::{\n    base::{ids::GameId, time::DAY_MS},\n    features::play,\n    store::Db,\n};\nfn f() { crate::features::settings::channel_settings(); let q = sqlx::query(\"\").fetch_one(db.pool()); }";
    let want: BTreeSet<String> =
        ["base", "features::play", "features::settings", "pool()", "sqlx", "store"].iter().map(ToString::to_string).collect();
    assert_eq!(named(source), want);
}
