//! `spieltisch`: the bot binary (CLI, config, platform adapters).

mod config;

use std::{io::Read, path::PathBuf, process::ExitCode, str::FromStr, sync::Arc};

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
    /// Run the bot on the platforms the configuration file names (`[discord]`).
    Run {
        /// The TOML configuration file.
        #[arg(long)]
        config: PathBuf,
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
        Command::Run { config } => {
            let result = tokio::runtime::Runtime::new().map_err(anyhow::Error::from).and_then(|rt| rt.block_on(run(&config)));
            match result {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("spieltisch run: {e}");
                    ExitCode::from(1)
                }
            }
        }
    }
}

/// Logs to stderr; `RUST_LOG` overrides the default. serenity's HTTP spans are off by
/// default: they carry interaction tokens in their URLs.
fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,serenity::http=off,serenity::gateway=warn,sqlx=warn"));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).try_init();
}

/// `spieltisch run --config FILE`: open the database, start the configured platforms,
/// run until Ctrl-C.
async fn run(path: &std::path::Path) -> anyhow::Result<()> {
    init_logging();
    let config = config::load(path)?;
    let language = match config.bot.language.as_deref() {
        Some(code) => commands::Lang::from_str(code).map_err(|e| anyhow::anyhow!("[bot] language: {e}"))?,
        None => commands::Lang::default(),
    };
    let options = commands::HostOptions { language, admins: config.bot.admins.clone(), ..Default::default() };
    let host = Arc::new(commands::Host::open(&config.database, options).await?);
    #[cfg(feature = "discord")]
    if let Some(discord) = &config.discord {
        let bot = spieltisch::discord::start(discord, host).await?;
        return bot.run_until_ctrl_c().await;
    }
    let _ = host;
    anyhow::bail!("{} names no platform: add a [discord] section", path.display())
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
