//! `commands/src` is in layers that point one way, SQL lives in `store/`, and no folder
//! of any crate has modules that import each other in a ring (at the end of this file).
//!
//! Reads every source file, takes its layer from its folder, and collects the crate
//! modules it names (`crate::x`, and the first segments inside `use crate::{...}`).
//! A file may name only its own folder's siblings when that is allowed, and the layers
//! below it. `sqlx` may appear only under `store/`.
//! There are no exceptions: a crossing fails the test.

use std::{
    collections::{BTreeMap, BTreeSet},
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

// No circles between the modules of one folder, in any crate of the workspace.
// compiler does not check (it checks the crates' one-way dependencies, and
// `layers.rs` the layers of `commands`). Two sibling modules that import each other, or
// a longer ring, fail with the ring and the imports that make it.
//
// Reads every source file outside test code (`#[cfg(test)]` items and `tests.rs` files
// are skipped wherever they stand) and collects, per module, the sibling modules it
// names: `crate::a::b::sibling` paths (also inside `use crate::a::{…}` lists) and
// `super::sibling` (`super::super::sibling` from one folder deeper).

/// The crates' source folders, from `commands/`.
const CRATES: &[&str] = &["../rules/src", "../render/src", "../ai/src", "../pairing/src", "src", "../src"];

/// `source` without comments and without the items under `#[cfg(test)]` (a whole
/// `mod tests { … }`, or a test-only function or import), wherever they stand.
fn code_of(source: &str) -> String {
    let no_comments: String = source
        .lines()
        .map(|l| match l.find("//") {
            Some(i) if !l[..i].contains('"') => &l[..i],
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = String::new();
    let mut rest = no_comments.as_str();
    while let Some(i) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..i]);
        let after = &rest[i + "#[cfg(test)]".len()..];
        // The item ends at its closing brace, or at a `;` before any brace.
        let end = match (after.find('{'), after.find(';')) {
            (Some(open), Some(semi)) if semi < open => semi + 1,
            (Some(open), _) => {
                let mut depth = 0usize;
                let mut end = after.len();
                for (k, c) in after[open..].char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = open + k + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                end
            }
            (None, Some(semi)) => semi + 1,
            (None, None) => after.len(),
        };
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// The identifiers of a `{a, b::c, d::{e}}` list's top level.
fn list_heads(block: &str) -> Vec<String> {
    let mut heads = Vec::new();
    let (mut depth, mut item) = (0usize, String::new());
    for c in block.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                heads.push(std::mem::take(&mut item));
                continue;
            }
            _ => {}
        }
        item.push(c);
    }
    heads.push(item);
    heads.iter().map(|h| h.trim().split("::").next().unwrap_or_default().trim().to_string()).filter(|h| !h.is_empty()).collect()
}

/// The names that follow `prefix` in `code` (`prefix` + `x`, or `prefix` + `{x, y}`).
fn after_prefix(code: &str, prefix: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in code.match_indices(prefix) {
        // `super::` must not be the tail of `super::super::`, nor `crate::a::` of another path.
        if i > 0 && code[..i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let rest = &code[i + prefix.len()..];
        if let Some(block) = rest.strip_prefix('{') {
            out.extend(list_heads(block));
        } else {
            out.push(rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect());
        }
    }
    out
}

/// The modules directly in `folder` (a module's folder): each with its files (its own
/// file and everything in its folder), test-only files left out.
fn children(folder: &Path) -> BTreeMap<String, Vec<PathBuf>> {
    let mut out: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    for entry in std::fs::read_dir(folder).expect("a module folder") {
        let path = entry.expect("an entry").path();
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        if path.is_dir() {
            if path.join("mod.rs").exists() || folder.join(format!("{name}.rs")).exists() {
                sources(&path, out.entry(name).or_default());
            }
        } else if path.extension().is_some_and(|e| e == "rs")
            && !["mod", "lib", "main", "tests"].contains(&name.as_str())
            && !name.ends_with("_tests")
        {
            out.entry(name).or_default().push(path);
        }
    }
    for files in out.values_mut() {
        files.retain(|f| f.file_name().is_some_and(|n| n != "tests.rs") && !f.to_string_lossy().ends_with("_tests.rs"));
    }
    out
}

/// Sibling module -> the siblings it names, for the modules directly in `folder`, whose
/// module path under the crate root is `path` (`["base"]` for `commands/src/base`).
fn sibling_imports(folder: &Path, path: &[String]) -> BTreeMap<String, BTreeSet<String>> {
    let modules = children(folder);
    let names: BTreeSet<&String> = modules.keys().collect();
    let crate_prefix = if path.is_empty() { "crate::".to_string() } else { format!("crate::{}::", path.join("::")) };
    let mut graph = BTreeMap::new();
    for (module, files) in &modules {
        let mut named = BTreeSet::new();
        for file in files {
            let code = code_of(&std::fs::read_to_string(file).expect("readable"));
            // How deep the file is below `folder`: `x.rs` and `x/mod.rs` are module `x`
            // itself (its `super::` is `folder`), `x/y.rs` one deeper.
            let rel = file.strip_prefix(folder).expect("under the folder");
            let mut depth = rel.components().count();
            if rel.file_name().is_some_and(|n| n == "mod.rs") {
                depth -= 1;
            }
            let supers = "super::".repeat(depth);
            for name in after_prefix(&code, &crate_prefix).into_iter().chain(after_prefix(&code, &supers)) {
                if names.contains(&name) && &name != module {
                    named.insert(name);
                }
            }
        }
        graph.insert(module.clone(), named);
    }
    graph
}

/// A ring in `graph`, if there is one: the modules in order, the first repeated last.
fn ring(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == node) {
            let mut ring = path[i..].to_vec();
            ring.push(node.to_string());
            return Some(ring);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(ring) = visit(next, graph, path, done) {
                return Some(ring);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|start| visit(start, graph, &mut Vec::new(), &mut done))
}

/// Every module folder of the crate at `root`, with its module path.
fn module_folders(root: &Path, path: Vec<String>, out: &mut Vec<(PathBuf, Vec<String>)>) {
    out.push((root.to_path_buf(), path.clone()));
    for (name, _) in children(root) {
        let folder = root.join(&name);
        if folder.is_dir() {
            let mut sub = path.clone();
            sub.push(name);
            module_folders(&folder, sub, out);
        }
    }
}

#[test]
fn no_module_imports_itself_through_its_siblings() {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut rings = Vec::new();
    let mut folders_seen = 0;
    for krate in CRATES {
        let mut folders = Vec::new();
        module_folders(&manifest.join(krate), Vec::new(), &mut folders);
        for (folder, path) in folders {
            folders_seen += 1;
            if let Some(ring) = ring(&sibling_imports(&folder, &path)) {
                rings.push(format!("{}: {}", folder.display(), ring.join(" -> ")));
            }
        }
    }
    assert!(folders_seen > 20, "found the module folders ({folders_seen})");
    assert!(rings.is_empty(), "modules that import each other in a ring:\n{}", rings.join("\n"));
}

/// The reader itself, on made-up sources: test code and comments do not import, `super::`
/// counts from the file's depth, `use crate::a::{b, c::d}` names `b` and `c`.
#[test]
fn the_reader_sees_imports_and_skips_test_code() {
    let code = code_of(
        "use crate::base::{ids::GameId, text};\n// crate::base::names\n#[cfg(test)]\nfn helper() { crate::base::reply::x(); }\nfn f() { super::time::now(); }\n#[cfg(test)]\nmod tests { use super::i18n; }\n",
    );
    assert_eq!(after_prefix(&code, "crate::base::"), vec!["ids", "text"]);
    assert_eq!(after_prefix(&code, "super::"), vec!["time"]);
    assert!(!code.contains("names") && !code.contains("reply") && !code.contains("i18n"), "{code}");
    // `super::super::x` gives `super` (no module), never `x`.
    assert_eq!(after_prefix("super::super::x; super::y", "super::"), vec!["super", "y"]);
    let mut graph = BTreeMap::new();
    graph.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    graph.insert("b".to_string(), BTreeSet::from(["c".to_string()]));
    graph.insert("c".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(ring(&graph), Some(vec!["a".into(), "b".into(), "c".into(), "a".into()]));
    graph.insert("c".to_string(), BTreeSet::new());
    assert_eq!(ring(&graph), None);
}
