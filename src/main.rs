//! `spieltisch`: the bot binary (CLI, config, platform adapters).

use std::{io::Read, path::PathBuf, process::ExitCode};

use clap::{Parser, Subcommand};

/// Spieltisch: board games in chat (Discord, Matrix, and a terminal chat).
#[derive(Parser)]
#[command(name = "spieltisch", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Validate a game record and print its summary as JSON (exit status 0, or 2 on an
    /// illegal move or a malformed record).
    Replay {
        /// The record file, or `-` for standard input.
        file: String,
    },
    /// Draw the board of a game record as a spectator sees it.
    Render {
        /// The record file, or `-` for standard input.
        file: String,
        /// Draw the board after this many moves (default: all).
        #[arg(long)]
        after: Option<usize>,
        /// Where to write the PNG.
        #[arg(long)]
        out: PathBuf,
    },
}

fn read_input(file: &str) -> std::io::Result<String> {
    if file == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text)?;
        Ok(text)
    } else {
        std::fs::read_to_string(file)
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Replay { file } => {
            let text = match read_input(&file) {
                Ok(t) => t,
                Err(e) => {
                    let out = serde_json::json!({ "error": { "reason": format!("cannot read {file}: {e}") } });
                    println!("{out}");
                    return ExitCode::from(2);
                }
            };
            let replay = rules::record::replay(&text);
            println!("{}", serde_json::to_string_pretty(&replay.output).unwrap_or_default());
            ExitCode::from(replay.exit_status as u8)
        }
        Command::Render { file, after, out } => match render_record(&file, after, &out) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("spieltisch render: {e}");
                ExitCode::from(2)
            }
        },
    }
}

fn render_record(file: &str, after: Option<usize>, out: &PathBuf) -> anyhow::Result<()> {
    let text = read_input(file)?;
    let mut record: rules::record::Record = serde_json::from_str(&text)?;
    if let Some(n) = after {
        if n > record.moves.len() {
            anyhow::bail!("the record has only {} moves, not {n}", record.moves.len());
        }
        record.moves.truncate(n);
    }
    let (game, error) = rules::record::replay_record(&record)?;
    if let Some((index, reason)) = error {
        anyhow::bail!("move {index} (\"{}\") is illegal: {reason}", record.moves[index]);
    }
    let png = render::board_png(&game.view(rules::Viewer::Spectator), &record.players)?;
    std::fs::write(out, png)?;
    Ok(())
}
