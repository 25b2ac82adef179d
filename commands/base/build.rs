//! Lists every `commands/i18n/<lang>/*.ftl` file so that the crate compiles them in
//! (`OUT_DIR/i18n_files.rs`). A game helper drops in `i18n/en/<game>.ftl` and
//! `i18n/de/<game>.ftl`; no code changes.

use std::{env, fs, path::PathBuf};

fn main() {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR")).join("../i18n");
    println!("cargo:rerun-if-changed=../i18n");
    let mut files = Vec::new();
    let mut langs: Vec<_> = fs::read_dir(&root).expect("commands/i18n").filter_map(Result::ok).collect();
    langs.sort_by_key(|e| e.file_name());
    for lang in langs.into_iter().filter(|e| e.path().is_dir()) {
        println!("cargo:rerun-if-changed={}", lang.path().display());
        let mut ftl: Vec<_> = fs::read_dir(lang.path()).expect("language dir").filter_map(Result::ok).collect();
        ftl.sort_by_key(|e| e.file_name());
        for file in ftl.into_iter().filter(|e| e.path().extension().is_some_and(|x| x == "ftl")) {
            println!("cargo:rerun-if-changed={}", file.path().display());
            files.push(format!(
                "    ({:?}, {:?}, include_str!({:?})),\n",
                lang.file_name().to_string_lossy(),
                file.file_name().to_string_lossy(),
                file.path().display().to_string()
            ));
        }
    }
    let out = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR")).join("i18n_files.rs");
    let text = format!(
        "/// Every Fluent file: (language, file name, contents).\npub(crate) const FILES: &[(&str, &str, &str)] = &[\n{}];\n",
        files.concat()
    );
    fs::write(out, text).expect("write i18n_files.rs");
}
