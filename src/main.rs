//! `spieltisch`: the bot binary (CLI, config, platform adapters).

/// Prints a line to standard error and ignores any failure: a closed or broken standard
/// error never stops the bot (`eprintln!` panics on it). See [`spieltisch::logging`].
macro_rules! report {
    ($($arg:tt)*) => {
        spieltisch::logging::report_line(format_args!($($arg)*))
    };
}

mod arena;
mod line_editor;
mod terminal;

use std::{
    io::{Read, Write},
    path::PathBuf,
    process::ExitCode,
};

use clap::{Parser, Subcommand};

use commands::{Host, HostOptions, Lang};
use spieltisch::config::{self, Config};

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
        /// The language of the words on the board: en or de.
        #[arg(long, default_value = "en")]
        lang: render::Lang,
    },
    /// Play in the terminal: a chat over the same commands as Discord and Matrix, with
    /// the boards written as PNG files. Reads a script when standard input is not a
    /// terminal.
    Local {
        /// The configuration file (for `[database] url` and `[bot] language`).
        #[arg(long)]
        config: Option<PathBuf>,
        /// The database URL [default: the config's, else sqlite://spieltisch.db].
        #[arg(long)]
        db: Option<String>,
        /// Where the board pictures are written.
        #[arg(long, default_value = "boards")]
        boards: PathBuf,
        /// The channel the games belong to.
        #[arg(long, default_value = "local")]
        channel: String,
        /// Who speaks first [default: $USER, else "player"].
        #[arg(long = "as")]
        speaker: Option<String>,
        /// The language: en or de [default: the config's, else en].
        #[arg(long)]
        lang: Option<String>,
        /// Serve the games' web pages on this address (e.g. 127.0.0.1:8080 or
        /// localhost:8080); `board` and the start then carry each game's link
        /// [default: the config's `[web]`].
        #[arg(long)]
        web: Option<String>,
    },
    /// Start the chat platforms the configuration sets up.
    Run {
        /// The configuration file (see config.example.toml).
        #[arg(long)]
        config: PathBuf,
    },
    /// Print a stored game's record (JSON). Here everyone is an admin, so a running
    /// game's record is printed too.
    Export {
        /// The game's number (as in #12).
        game: i64,
        /// The configuration file (for `[database] url`).
        #[arg(long)]
        config: Option<PathBuf>,
        /// The database URL [default: the config's, else sqlite://spieltisch.db].
        #[arg(long)]
        db: Option<String>,
    },
    /// Pair the next round of a tournament read from a FIDE TRF-16 (TRF(x)) file by the
    /// Dutch system (FIDE C.04.3), printed as bbpPairings prints it: the number of
    /// pairs, then one `white black` pair of starting ranks per line (`0` for the bye).
    Pairings {
        /// The tournament file (TRF-16, with `XXR` for the number of rounds), or `-` for
        /// standard input.
        #[arg(long, value_name = "FILE.trf")]
        dutch: String,
        /// Write the pairings here instead of to standard output.
        #[arg(short = 'o', long = "output", value_name = "OUT")]
        output: Option<PathBuf>,
    },
    /// Seeded games between AI agents (random, greedy, greedy-value, easy, normal, hard): win rates
    /// with 95 % intervals, mean scores and time per move.
    Arena(ai::arena::Args),
}

/// Prints `text` and a newline to standard output. A reader that went away (a closed
/// pipe, as with `| head`) is a normal end, not an error; other write errors are told on
/// standard error. The exit status stays the command's own.
fn print_out(text: &str) {
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        Err(e) => report!("spieltisch: cannot write to standard output: {e}"),
    }
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
    spieltisch::logging::install_panic_hook();
    let cli = Cli::parse();
    match cli.command {
        Command::Replay { file } => {
            let text = match read_input(&file) {
                Ok(t) => t,
                Err(e) => {
                    let out = serde_json::json!({ "error": { "reason": format!("cannot read {file}: {e}") } });
                    print_out(&out.to_string());
                    return ExitCode::from(2);
                }
            };
            let replay = rules::record::replay(&text);
            print_out(&serde_json::to_string_pretty(&replay.output).unwrap_or_default());
            ExitCode::from(u8::try_from(replay.exit_status).unwrap_or(2))
        }
        Command::Pairings { dutch, output } => {
            let text = match read_input(&dutch) {
                Ok(text) => text,
                Err(e) => {
                    report!("spieltisch pairings: cannot read {dutch}: {e}");
                    return ExitCode::from(2);
                }
            };
            match pairing::pair_trf(&text) {
                Ok(pairs) => match output {
                    Some(path) => match std::fs::write(&path, &pairs) {
                        Ok(()) => ExitCode::SUCCESS,
                        Err(e) => {
                            report!("spieltisch pairings: cannot write {}: {e}", path.display());
                            ExitCode::from(2)
                        }
                    },
                    None => {
                        print_out(pairs.trim_end());
                        ExitCode::SUCCESS
                    }
                },
                Err(e) => {
                    report!("spieltisch pairings: {dutch}: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Command::Render { file, after, out, lang } => match render_record(&file, after, &out, lang) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                report!("spieltisch render: {e}");
                ExitCode::from(2)
            }
        },
        Command::Local { config, db, boards, channel, speaker, lang, web } => {
            let _log = spieltisch::logging::init("warn");
            run_async("local", async move {
                let mut config = load_config(config.as_deref())?;
                if let Some(listen) = web {
                    config.web = Some(config::WebConfig { listen: web_address(&listen).await?, public_url: None });
                }
                let requested_lang = match lang {
                    Some(l) => Some(l.parse::<Lang>().map_err(anyhow::Error::msg)?),
                    None => None,
                };
                let lang = requested_lang.unwrap_or(config.bot.language);
                let clock = std::sync::Arc::new(commands::base::clock::OffsetClock::default());
                let listener = bind_web(&mut config).await?;
                let history = Some(history_file(db.as_deref().unwrap_or(&config.database.url), &boards));
                let host = std::sync::Arc::new(open_host(&config, db, clock.clone()).await?);
                let web = listener.map(|l| start_web(l, &config, &host));
                let speaker = speaker
                    .or_else(|| std::env::var("USER").ok().filter(|u| !u.trim().is_empty()))
                    .unwrap_or_else(|| "player".to_string());
                if commands::base::ai_seat::reserved_name(&speaker) {
                    report!("spieltisch local: the name \"{}\" belongs to the bot's AI seats; choose another with --as", speaker.trim());
                    return Ok(ExitCode::from(2));
                }
                let settings = terminal::Settings { boards, channel, speaker, lang, requested_lang, clock: Some(clock), history };
                let ended = terminal::run_stdio(&host, settings).await;
                if let Some(web) = web {
                    web.abort();
                }
                host.db().close().await;
                // Whoever reads our output stopped (`spieltisch local | head`): a normal end.
                if let Err(e) = &ended
                    && e.kind() == std::io::ErrorKind::BrokenPipe
                {
                    return Ok(ExitCode::SUCCESS);
                }
                ended?;
                Ok(ExitCode::SUCCESS)
            })
        }
        Command::Run { config } => {
            let _log = spieltisch::logging::init(RUN_LOG_FILTER);
            run_async("run", async move {
                let mut config = Config::load(&config)?;
                let configured = config.platforms();
                if configured.is_empty() {
                    report!(
                        "spieltisch run: the configuration sets up no chat platform (add [discord] or [matrix]); \
                         to play in the terminal use `spieltisch local`"
                    );
                    return Ok(ExitCode::from(2));
                }
                // The whole configuration is checked before anything is touched (no
                // database created, no address bound, no Matrix login leaving a device
                // behind), and every problem is said at once.
                let problems = run_problems(&config, &configured);
                if !problems.is_empty() {
                    let list = problems.iter().map(|p| format!("\n  - {p}")).collect::<String>();
                    report!("spieltisch run: the configuration ({}) cannot be started:{list}", configured.join(", "));
                    return Ok(ExitCode::from(2));
                }
                let web_listener = bind_web(&mut config).await?;
                let host =
                    std::sync::Arc::new(open_host(&config, None, std::sync::Arc::new(commands::base::clock::SystemClock)).await?);
                tracing::info!("starting: {}", configured.join(", "));
                // Ctrl-C or SIGTERM: the adapters stop taking commands, finish those in
                // flight and send their answers, then the process exits 0.
                let shutdown = tokio_util::sync::CancellationToken::new();
                {
                    let shutdown = shutdown.clone();
                    tokio::spawn(async move {
                        spieltisch::shutdown::signal().await;
                        tracing::info!("signal received: shutting down");
                        shutdown.cancel();
                    });
                }
                let mut platforms = tokio::task::JoinSet::new();
                let mut services = tokio::task::JoinSet::new();
                let mut notices = spieltisch::notices::NoticeRoutes::default();
                #[cfg(feature = "matrix")]
                if let Some(matrix) = &config.matrix {
                    let bot = connect_matrix(matrix).await?;
                    // Inviting the bot's own user id takes an AI seat.
                    if let Some(me) = bot.user_id() {
                        host.set_bot_user(spieltisch::matrix::bridge::PLATFORM, me.as_str());
                    }
                    notices.matrix = Some(bot.notifier());
                    let handler = spieltisch::matrix::bridge::HostHandler::new(host.clone()).with_prefix(bot.command_prefix());
                    // Stopping the process at any moment is safe: no command is handled twice.
                    platforms.spawn(bot.run(handler, shutdown.clone().cancelled_owned()));
                }
                #[cfg(feature = "discord")]
                if let Some(discord) = &config.discord {
                    let bot = spieltisch::discord::start(&discord.into(), host.clone()).await?;
                    notices.discord = Some(bot.notifier());
                    platforms.spawn(bot.run_until(shutdown.clone().cancelled_owned()));
                }
                if platforms.is_empty() {
                    report!(
                        "spieltisch run: this build has no chat platform adapters yet for {}; to play in the \
                         terminal use `spieltisch local`",
                        configured.join(" and ")
                    );
                    return Ok(ExitCode::from(2));
                }
                services.spawn(spieltisch::notices::poll(host.clone(), notices));
                if let Some(listener) = web_listener {
                    let host = host.clone();
                    services.spawn(async move { spieltisch::web::serve(listener, host).await.map_err(anyhow::Error::from) });
                }
                // until every chat platform has stopped (on a signal, or by itself); the
                // notices and the web page then stop with them
                let mut code = ExitCode::SUCCESS;
                loop {
                    let ended = tokio::select! {
                        ended = platforms.join_next() => match ended {
                            Some(ended) => ended,
                            None => break,
                        },
                        Some(ended) = services.join_next() => ended,
                    };
                    if let Err(e) = ended.map_err(anyhow::Error::from).and_then(|r| r) {
                        report!("spieltisch run: {e:#}");
                        code = ExitCode::from(1);
                    }
                }
                services.abort_all();
                host.db().close().await;
                Ok(code)
            })
        }
        Command::Export { game, config, db } => {
            let _log = spieltisch::logging::init("warn");
            run_async("export", async move {
                let config = load_config(config.as_deref())?;
                let host = open_host(&config, db, std::sync::Arc::new(commands::base::clock::SystemClock)).await?;
                let record = host.record(commands::GameId(game)).await?;
                host.db().close().await;
                match record {
                    Some(record) => {
                        print_out(&serde_json::to_string_pretty(&record)?);
                        Ok(ExitCode::SUCCESS)
                    }
                    None => anyhow::bail!("there is no started game #{game} in the database"),
                }
            })
        }
        Command::Arena(args) => arena::run(&args),
    }
}

/// The log filter of `spieltisch run`: serenity's HTTP spans are off (their URLs carry
/// interaction tokens), its gateway only warns.
const RUN_LOG_FILTER: &str = "info,serenity::http=off,serenity::gateway=warn,sqlx=warn";

/// Runs `job` on a new multi-threaded runtime, as a task on its workers (as the chat
/// adapters run each command; the thread in `block_on` only waits for it): the exit code,
/// or 1 after reporting its error.
fn run_async(name: &str, job: impl std::future::Future<Output = anyhow::Result<ExitCode>> + Send + 'static) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            report!("spieltisch {name}: cannot start the async runtime: {e}");
            return ExitCode::from(1);
        }
    };
    let job = runtime.spawn(job);
    let result = runtime.block_on(job).unwrap_or_else(|e| Err(anyhow::anyhow!("the task failed: {e}")));
    // An AI search still running on a blocking thread (the terminal's background AI at
    // `quit`) is abandoned, not waited for: its move was not stored, and the next start
    // plays it again. Other tasks get a moment to end.
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    match result {
        Ok(code) => code,
        Err(e) => {
            report!("spieltisch {name}: {e:#}");
            ExitCode::from(1)
        }
    }
}

/// The configuration file when one is given, else the defaults; the secrets from the
/// environment apply either way.
fn load_config(path: Option<&std::path::Path>) -> anyhow::Result<Config> {
    Ok(match path {
        Some(p) => Config::load(p)?,
        None => {
            let config = Config::from_env();
            if std::env::var_os(config::ENV_DATABASE_URL).is_some() {
                config.check_database_url(None, true)?;
            }
            config
        }
    })
}

/// Logs the Matrix adapter in (or restores its session from `store_path`; it never logs
/// out, so the next start continues with the same device).
#[cfg(feature = "matrix")]
/// The line editor's history file of the terminal on the database at `url`: next to an
/// SQLite file (`games.db.history`), else (PostgreSQL, memory) in the boards directory.
fn history_file(url: &str, boards: &std::path::Path) -> std::path::PathBuf {
    match commands::store::sqlite_file(url) {
        Some(file) => std::path::PathBuf::from(format!("{file}.history")),
        None => boards.join("spieltisch-history"),
    }
}

/// Every problem of `config` that stops `run` before it starts, in the order of the
/// file: platforms this build lacks, a Discord section without a token or with a bad
/// `api_url`, a Matrix section without a password for its first login (no saved session
/// in `store_path`) or with a homeserver that is no http(s) URL, a `[web] public_url`
/// that is no http(s) URL. Empty when it may start. `configured` names the configured
/// platforms ([`Config::platforms`]).
fn run_problems(config: &Config, configured: &[String]) -> Vec<String> {
    let mut problems = Vec::new();
    let missing = config.unavailable_platforms();
    if !missing.is_empty() {
        problems.push(format!(
            "this build has no {} adapter, so the configuration ({}) cannot be started; remove that section, or to play \
             in the terminal use `spieltisch local`",
            missing.join(" or "),
            configured.join(" and ")
        ));
    }
    #[cfg(feature = "discord")]
    if let Some(discord) = &config.discord {
        let adapter = spieltisch::discord::DiscordConfig::from(discord);
        if let Err(e) = adapter.token() {
            problems.push(e.to_string());
        }
        if let Err(e) = adapter.api_url() {
            problems.push(e.to_string());
        }
    }
    #[cfg(feature = "matrix")]
    if let Some(matrix) = &config.matrix {
        let http = |url: &str| url.starts_with("http://") || url.starts_with("https://");
        if !http(&matrix.homeserver) {
            problems.push(format!("[matrix] homeserver must start with http:// or https://, not {:?}", config::redact_url(&matrix.homeserver)));
        }
        let password = matrix.password.as_ref().is_some_and(|p| !p.expose().is_empty());
        if !password && !spieltisch::matrix::session::has_saved_session(std::path::Path::new(&matrix.store_path)) {
            problems.push(
                "no Matrix password: set `password` in [matrix] or SPIELTISCH_MATRIX_PASSWORD for the first login, or leave \
                 the [matrix] section out to run without Matrix"
                    .to_string(),
            );
        }
    }
    problems.extend(config.web.as_ref().and_then(config::WebConfig::public_url_problem));
    problems
}

async fn connect_matrix(config: &config::MatrixConfig) -> anyhow::Result<spieltisch::matrix::MatrixBot> {
    use spieltisch::matrix::{MatrixBot, MatrixConfig};
    let mut settings = MatrixConfig::new(&config.homeserver, &config.user, &config.store_path);
    settings.password = config.password.as_ref().map(|p| p.expose().to_string());
    settings.command_prefix = config.command_prefix.clone();
    let bot = MatrixBot::connect(settings).await?;
    tracing::info!(user = ?bot.user_id(), device = ?bot.device_id(), "Matrix adapter running");
    Ok(bot)
}

async fn open_host(
    config: &Config,
    db: Option<String>,
    clock: std::sync::Arc<dyn commands::base::clock::Clock>,
) -> anyhow::Result<Host> {
    let url = db.unwrap_or_else(|| config.database.url.clone());
    let options = HostOptions {
        language: config.bot.language,
        admins: config.bot.admins.clone(),
        clock: config.clock.options(),
        hathor_daily_secret: config.hathor.daily_secret.as_ref().map(|s| s.expose().to_string()),
        web_url: config.web.as_ref().map(config::WebConfig::base_url),
        master_cpu: config.ai.master_cpu(),
        ..HostOptions::default()
    };
    Host::open_with_clock(&url, options, clock).await.map_err(|e| anyhow::anyhow!("cannot open the database {}: {e}", config::redact_url(&url)))
}

/// Binds the web page's address (`[web] listen`) when one is configured; without a
/// `public_url` the links use the address bound (so `--web 127.0.0.1:0` works).
async fn bind_web(config: &mut Config) -> anyhow::Result<Option<tokio::net::TcpListener>> {
    let Some(web) = &mut config.web else { return Ok(None) };
    if let Some(problem) = web.public_url_problem() {
        anyhow::bail!(problem);
    }
    let listener = tokio::net::TcpListener::bind(web.listen)
        .await
        .map_err(|e| anyhow::anyhow!("cannot serve the web page on {}: {e}", web.listen))?;
    if web.public_url.is_none()
        && let Ok(local) = listener.local_addr()
    {
        if local.ip().is_unspecified() {
            anyhow::bail!(
                "the web page listens on every address ({local}), so its links need the address people open: \
                 set [web] public_url (e.g. \"http://192.0.2.7:{port}\" or \"https://spiele.example.org\"), \
                 or listen on one address (e.g. 127.0.0.1:{port})",
                port = local.port()
            );
        }
        web.public_url = Some(format!("http://{local}"));
    }
    tracing::info!(listen = %web.listen, public = %web.base_url(), "web page served");
    Ok(Some(listener))
}

/// The address `text` names for `--web`: an IP address and port, or a host name and
/// port (`localhost:8080`), resolved to its first address.
///
/// # Errors
/// When `text` names no address.
async fn web_address(text: &str) -> anyhow::Result<std::net::SocketAddr> {
    if let Ok(addr) = text.parse() {
        return Ok(addr);
    }
    let mut found = tokio::net::lookup_host(text)
        .await
        .map_err(|e| anyhow::anyhow!("--web {text:?} is no address to listen on (write it as 127.0.0.1:8080 or localhost:8080): {e}"))?;
    found.next().ok_or_else(|| anyhow::anyhow!("--web {text:?} names no address to listen on"))
}

/// Serves the terminal's games' web pages on `listener` (bound by [`bind_web`]).
fn start_web(listener: tokio::net::TcpListener, config: &Config, host: &std::sync::Arc<Host>) -> tokio::task::JoinHandle<()> {
    if let Some(web) = &config.web {
        report!("spieltisch local: game pages at {}/g/…", web.base_url());
    }
    let host = host.clone();
    tokio::spawn(async move {
        if let Err(e) = spieltisch::web::serve(listener, host).await {
            report!("spieltisch local: the web page stopped: {e}");
        }
    })
}

fn render_record(file: &str, after: Option<usize>, out: &PathBuf, lang: render::Lang) -> anyhow::Result<()> {
    let text = read_input(file).map_err(|e| anyhow::anyhow!("cannot read {file}: {e}"))?;
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
    let png = render::board_png(&game.view(rules::Viewer::Spectator), &record.players, lang)?;
    std::fs::write(out, png).map_err(|e| anyhow::anyhow!("cannot write {}: {e}", out.display()))?;
    Ok(())
}
