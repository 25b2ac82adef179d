//! The terminal transcripts of the README and the book (`docs/src`) hold: each ```text
//! block with prompt lines (`alice> new carat seed=7`) is replayed through the built
//! binary, its commands typed in order, and what the binary prints must be the block's
//! lines, up to a line `...` where the block leaves the rest out.
//!
//! A block's first line `$ cargo run -- ARGS` gives the binary's arguments, and the
//! block shows the greeting the binary prints first; without one it runs `local --as
//! NAME` with the name of the first prompt, and the block begins after the greeting.

use std::path::{Path, PathBuf};

use crate::support::{manifest_dir, spieltisch, Place};

/// A transcript found in a Markdown file.
#[derive(Debug)]
struct Transcript {
    /// Where it is (`README.md:29`).
    at: String,
    args: Vec<String>,
    /// The lines typed, in order.
    input: Vec<String>,
    /// What the binary prints, line by line (prompts with their commands included).
    output: Vec<String>,
    /// Whether the block shows the greeting (it begins with `$ cargo run`).
    greeting: bool,
}

/// The prompt of a transcript line (`alice` of `alice> join`) and the command typed.
fn prompt(line: &str) -> Option<(&str, &str)> {
    let (name, command) = line.split_once("> ")?;
    let plain = !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-');
    plain.then_some((name, command))
}

fn transcripts_in(path: &Path, shown: &str) -> Vec<Transcript> {
    let text = std::fs::read_to_string(path).expect("read a Markdown file");
    let mut out = Vec::new();
    let mut block: Option<(usize, Vec<&str>)> = None;
    for (i, line) in text.lines().enumerate() {
        match &mut block {
            None if line.trim_start() == "```text" => block = Some((i + 2, Vec::new())),
            None => {}
            Some((start, lines)) if line.trim_start() == "```" => {
                if lines.iter().any(|l| prompt(l).is_some()) {
                    out.push(transcript(format!("{shown}:{start}"), lines));
                }
                block = None;
            }
            Some((_, lines)) => lines.push(line),
        }
    }
    out
}

fn transcript(at: String, lines: &[&str]) -> Transcript {
    let (args, body, greeting) = match lines.first().and_then(|l| l.strip_prefix("$ cargo run -- ")) {
        Some(args) => (args.split_whitespace().map(str::to_string).collect(), &lines[1..], true),
        None => {
            let name = lines.iter().find_map(|l| prompt(l)).map_or("alice", |(n, _)| n);
            (vec!["local".to_string(), "--as".to_string(), name.to_string()], lines, false)
        }
    };
    let shown: Vec<&str> = body.iter().copied().take_while(|l| l.trim() != "...").collect();
    let input = body.iter().take_while(|l| l.trim() != "...").filter_map(|l| prompt(l)).map(|(_, c)| c.to_string()).collect();
    Transcript { at, args, input, output: shown.iter().map(|l| (*l).to_string()).collect(), greeting }
}

/// The Markdown files of the README and the book.
fn markdown_files() -> Vec<(PathBuf, String)> {
    let root = manifest_dir();
    let mut files = vec![(root.join("README.md"), "README.md".to_string())];
    let mut dirs = vec![root.join("docs/src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("read docs/src").flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                let shown = path.strip_prefix(&root).unwrap_or(&path).display().to_string();
                files.push((path, shown));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn the_terminal_transcripts_of_the_docs_hold() {
    let transcripts: Vec<Transcript> = markdown_files().iter().flat_map(|(path, shown)| transcripts_in(path, shown)).collect();
    assert!(transcripts.len() >= 2, "the README's game and the bot's game at least: {transcripts:?}");
    assert!(transcripts.iter().any(|t| t.at.starts_with("README.md")), "{transcripts:?}");
    for t in &transcripts {
        let place = Place::new();
        let mut args: Vec<String> = t.args.clone();
        args.extend(["--db".to_string(), place.db_url()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let input = t.input.iter().map(|l| format!("{l}\n")).collect::<String>();
        let run = spieltisch(place.path(), &args, &input, &[]);
        assert_eq!(run.code, Some(0), "{}: the run failed:\n{}\n{}", t.at, run.stdout, run.stderr);
        let printed: Vec<&str> = run.stdout.lines().skip(usize::from(!t.greeting)).collect();
        for (n, expected) in t.output.iter().enumerate() {
            let actual = printed.get(n).copied().unwrap_or("<nothing more>");
            assert_eq!(actual, expected.as_str(), "{}: line {} of the transcript differs; the binary printed:\n{}", t.at, n + 1, run.stdout);
        }
    }
}
