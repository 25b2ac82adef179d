//! What the compiler cannot check about the layers of `commands`.
//!
//! The layers are crates, bottom up: `commands-base`; `commands-grammar` and
//! `commands-store` side by side; `commands-table`; `commands-features`; and `commands`
//! itself (the host, the scheduler and the web page: one layer, `impl Host` in three
//! files). A crate names only the crates it depends on, so an import against the layers
//! does not compile, `super::` and test code included, and Cargo refuses a ring of
//! dependencies. Left for this file:
//!
//! * the manifests: a layer depends only on layers below it (nothing sideways between
//!   grammar and store), and only the store uses `sqlx` (the base too, behind its
//!   feature `sqlx`, for the ids' SQL form; `commands` in its tests only);
//! * one feature never names another (all features are one crate);
//! * no folder of any crate of the workspace has modules that import each other in a
//!   ring (at the end of this file).

use std::{
    collections::{BTreeMap, BTreeSet},
    path::{Path, PathBuf},
};

/// The layer crates (folder under `commands/`, package name) bottom up, each with the
/// layers it may depend on.
const LAYERS: &[(&str, &str, &[&str])] = &[
    ("base", "commands-base", &[]),
    ("grammar", "commands-grammar", &["commands-base"]),
    ("store", "commands-store", &["commands-base"]),
    ("table", "commands-table", &["commands-base", "commands-grammar", "commands-store"]),
    ("features", "commands-features", &["commands-base", "commands-grammar", "commands-store", "commands-table"]),
    (
        ".",
        "commands",
        &["commands-base", "commands-grammar", "commands-store", "commands-table", "commands-features"],
    ),
];

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

/// The dependencies of one section (`[dependencies]`, `[dev-dependencies]`) of a
/// manifest: name -> the rest of its line (`.workspace = true`, `{ … optional = true }`).
fn section(manifest: &str, name: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut inside = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == format!("[{name}]");
            continue;
        }
        if inside && !line.is_empty() && !line.starts_with('#') {
            let (key, rest) = line.split_once(['=', '.']).unwrap_or((line, ""));
            out.insert(key.trim().to_string(), rest.to_string());
        }
    }
    out
}

#[test]
fn each_layer_crate_depends_on_layers_below_it_and_only_the_store_on_sqlx() {
    let commands = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut problems = Vec::new();
    for (folder, package, allowed) in LAYERS {
        let manifest = std::fs::read_to_string(commands.join(folder).join("Cargo.toml")).expect("a manifest");
        assert!(manifest.contains(&format!("name = \"{package}\"")), "{folder}/Cargo.toml is {package}");
        let deps = section(&manifest, "dependencies");
        for dep in deps.keys().filter(|d| d.starts_with("commands")) {
            if !allowed.contains(&dep.as_str()) {
                problems.push(format!("{package} depends on {dep}"));
            }
        }
        match (*package, deps.get("sqlx")) {
            (_, None) | ("commands-store", Some(_)) => {}
            ("commands-base", Some(how)) if how.contains("optional = true") => {}
            (_, Some(_)) => problems.push(format!("{package} depends on sqlx")),
        }
    }
    assert!(problems.is_empty(), "dependencies against the layers: {problems:?}");
}

/// The reader of manifests, on a made-up one.
#[test]
fn the_manifest_reader_finds_each_sections_dependencies() {
    let manifest = "[package]\nname = \"x\"\n\n[dependencies]\n# a comment\ncommands-base.workspace = true\nsqlx = { workspace = true, optional = true }\n\n[dev-dependencies]\ntempfile.workspace = true\n";
    let deps = section(manifest, "dependencies");
    assert_eq!(deps.keys().collect::<Vec<_>>(), ["commands-base", "sqlx"]);
    assert!(deps["sqlx"].contains("optional = true"));
    assert_eq!(section(manifest, "dev-dependencies").keys().collect::<Vec<_>>(), ["tempfile"]);
}

/// One feature never names another: in `commands-features`, no feature module names a
/// sibling (`crate::play`, `use crate::{play, …}`, `super::play`), its tests included;
/// and the crate root re-exports nothing that would be a way round.
#[test]
fn no_feature_names_another() {
    let features = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("features/src");
    let graph = sibling_imports(&features, &[], true);
    assert!(graph.len() >= 10, "found the features: {:?}", graph.keys());
    let crossings: Vec<_> = graph.iter().filter(|(_, named)| !named.is_empty()).collect();
    assert!(crossings.is_empty(), "features that name another feature: {crossings:?}");
    let root = std::fs::read_to_string(features.join("lib.rs")).expect("lib.rs");
    assert!(!root.contains("pub use"), "the features crate re-exports nothing");
}

// No circles between the modules of one folder, in any crate of the workspace, which the
// compiler does not check (it checks the crates' one-way dependencies, and
// `layers.rs` the layers of `commands`). Two sibling modules that import each other, or
// a longer ring, fail with the ring and the imports that make it.
//
// Reads every source file outside test code (`#[cfg(test)]` items and `tests.rs` files
// are skipped wherever they stand) and collects, per module, the sibling modules it
// names: `crate::a::b::sibling` paths (also inside `use crate::a::{…}` lists) and
// `super::sibling` (`super::super::sibling` from one folder deeper).

/// The crates' source folders, from `commands/`.
const CRATES: &[&str] = &[
    "../rules/src",
    "../render/src",
    "../ai/src",
    "../pairing/src",
    "base/src",
    "grammar/src",
    "store/src",
    "table/src",
    "features/src",
    "src",
    "../src",
];

/// `source` without comments and without the items under `#[cfg(test)]` (a whole
/// `mod tests { … }`, or a test-only function or import), wherever they stand.
fn code_of(source: &str) -> String {
    let no_comments = without_comments(source);
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

/// `source` without its comments (a `//` outside a string on its line, to the line's end).
fn without_comments(source: &str) -> String {
    source
        .lines()
        .map(|l| match l.find("//") {
            Some(i) if !l[..i].contains('"') => &l[..i],
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
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
/// module path under the crate root is `path` (`["games"]` for `commands/table/src/games`);
/// test code counts only when `with_tests`.
fn sibling_imports(folder: &Path, path: &[String], with_tests: bool) -> BTreeMap<String, BTreeSet<String>> {
    let modules = children(folder);
    let names: BTreeSet<&String> = modules.keys().collect();
    let crate_prefix = if path.is_empty() { "crate::".to_string() } else { format!("crate::{}::", path.join("::")) };
    let mut graph = BTreeMap::new();
    for (module, files) in &modules {
        let mut named = BTreeSet::new();
        for file in files {
            let source = std::fs::read_to_string(file).expect("readable");
            let code = if with_tests { without_comments(&source) } else { code_of(&source) };
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
            if let Some(ring) = ring(&sibling_imports(&folder, &path, false)) {
                rings.push(format!("{}: {}", folder.display(), ring.join(" -> ")));
            }
        }
    }
    assert!(folders_seen > 25, "found the module folders ({folders_seen})");
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
