//! The Discord adapter (serenity + poise): slash commands with German and English names,
//! buttons and a move menu under boards, ephemeral refusals and hands, DMs with a
//! fallback, optional threads per game. It stays thin: it turns interactions into
//! [`commands::Command`]s for the shared [`Host`] and sends the replies out.
//!
//! * [`commands`](self::commands): one poise function per slash command;
//! * `session`: interaction → origin + command → replies, for commands and buttons;
//! * `deliver`: defer first, then ephemeral / public / DM answers;
//! * `components`, [`custom_id`]: buttons and menus, `g:<game>:<move>:<action>`;
//! * [`Notifier`]: reminders and other notices nobody asked for in an interaction;
//! * `connect`: the HTTP client and gateway URL (the real Discord, or `api_url`).

pub mod commands;
pub mod config;
mod connect;
mod components;
pub mod custom_id;
mod deliver;
mod notify;
mod redact;
mod round_threads;
mod session;
mod text;
mod tracked;

use std::sync::Arc;

use ::commands::Host;
use poise::serenity_prelude as serenity;
use tokio::task::JoinHandle;

pub use config::{DiscordConfig, ShardRange};
pub use notify::{Delivery, Notifier};
/// The platform name the command layer stores with every game.
pub const PLATFORM: &str = "discord";
pub use redact::redact;

/// What every command and event handler shares.
pub struct Data {
    pub host: Arc<Host>,
    /// The bot token, to scrub it from any error text we log.
    token: crate::secret::Secret,
}

/// The error type of commands: its text is logged (redacted), never shown raw to users.
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// The poise context of our commands.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// A running Discord bot.
pub struct Bot {
    shard_manager: Arc<serenity::ShardManager>,
    http: Arc<serenity::Http>,
    task: JoinHandle<Result<(), ::serenity::Error>>,
}

impl Bot {
    /// Posts the scheduler's notices and closed challenges through this bot's connection.
    pub fn notifier(&self) -> Notifier {
        Notifier::new(Arc::clone(&self.http))
    }

    /// Disconnects from the gateway and waits for the client to finish (bounded: 10 s).
    pub async fn stop(self) {
        self.shard_manager.shutdown_all().await;
        let _ = tokio::time::timeout(std::time::Duration::from_secs(10), self.task).await;
    }

    /// Runs until `shutdown` completes (then disconnects cleanly) or until the client
    /// stops by itself.
    ///
    /// # Errors
    /// As [`Bot::wait`].
    pub async fn run_until(self, shutdown: impl std::future::Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
        let manager = Arc::clone(&self.shard_manager);
        tokio::spawn(async move {
            shutdown.await;
            tracing::info!("Discord: shutting down");
            manager.shutdown_all().await;
        });
        self.wait().await
    }

    /// Runs until the client stops by itself (it reconnects on gateway failures; it
    /// stops on an invalid token or a shutdown).
    ///
    /// # Errors
    /// The client's error, with secrets removed.
    pub async fn wait(self) -> anyhow::Result<()> {
        match self.task.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(anyhow::anyhow!("Discord client stopped: {}", redact(&e.to_string(), ""))),
            Err(e) => Err(anyhow::anyhow!("Discord client task failed: {e}")),
        }
    }
}

/// Connects to Discord (or `[discord] api_url`), registers the slash commands (in the
/// configured guilds, else globally) once the gateway is ready, and answers
/// interactions with `host` until stopped.
///
/// With `[discord] shards` this process opens exactly those shards of their total;
/// without, all shards, as many as `GET /gateway/bot` recommends (serenity's
/// autosharding). serenity opens one shard every 5 seconds.
///
/// # Errors
/// A bad configuration, or an API that does not answer `GET /gateway` (with `api_url`
/// set the bot refuses to fall back to the real Discord). Never contains the token.
pub async fn start(config: &DiscordConfig, host: Arc<Host>) -> anyhow::Result<Bot> {
    let token = config.token()?;
    let http = connect::http(&token, config.api_url()?.as_deref());
    connect::check_gateway(&http, config.api_url()?.as_deref(), &token).await?;
    let guilds: Vec<serenity::GuildId> = config.guilds.iter().map(|g| serenity::GuildId::new(*g)).collect();
    let data_token = token.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            on_error: |error| Box::pin(on_error(error)),
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            ..Default::default()
        })
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                if guilds.is_empty() {
                    poise::builtins::register_globally(ctx, commands).await?;
                } else {
                    for guild in &guilds {
                        poise::builtins::register_in_guild(ctx, commands, *guild).await?;
                    }
                }
                tracing::info!(bot = %ready.user.name, commands = commands.len(), guilds = guilds.len(), "Discord: connected, commands registered");
                // Inviting the bot itself (`invite:@Spieltisch`) takes an AI seat.
                host.set_bot_user(PLATFORM, &ready.user.id.get().to_string());
                Ok(Data { host, token: data_token })
            })
        })
        .build();
    let intents = serenity::GatewayIntents::GUILDS;
    let mut client = serenity::ClientBuilder::new_with_http(http, intents)
        .framework(framework)
        .await
        .map_err(|e| anyhow::anyhow!("Discord client: {}", redact(&e.to_string(), token.expose())))?;
    let shard_manager = client.shard_manager.clone();
    let http = Arc::clone(&client.http);
    let shards = config.shards;
    match shards {
        Some(range) => tracing::info!(shards = %range, "Discord: this process runs {}", range.describe()),
        None => tracing::info!("Discord: this process runs all shards, as many as Discord recommends (autosharding)"),
    }
    let task = tokio::spawn(async move {
        match shards {
            // serenity 0.12's `start_shard_range` takes the range's end as the last shard
            // to start, included (`4..7` starts 4, 5, 6 and 7), hence `first..last`.
            Some(range) => client.start_shard_range(range.first()..range.last(), range.total()).await,
            None => client.start_autosharded().await,
        }
    });
    Ok(Bot { shard_manager, http, task })
}

/// Handles what poise does not: clicks on our buttons and menus; and logs each shard
/// that connects (its id and, as Discord's READY says, the total).
async fn on_event(framework: poise::FrameworkContext<'_, Data, Error>, event: &serenity::FullEvent) -> Result<(), Error> {
    let (ctx, data) = (framework.serenity_context, framework.user_data);
    if let serenity::FullEvent::Ready { data_about_bot } = event {
        let total = data_about_bot.shard.map(|s| s.total);
        tracing::info!(shard = ctx.shard_id.0, total, "Discord: shard connected");
    }
    if let serenity::FullEvent::InteractionCreate { interaction: serenity::Interaction::Component(click) } = event
        && let Err(e) = session::run_component(ctx, data, click).await
    {
        tracing::warn!(error = %redact(&e.to_string(), data.token.expose()), "Discord: answering a button click failed");
    }
    Ok(())
}

/// Logs command failures without secrets and tells the user briefly; the rest goes to
/// poise's default handler.
async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Setup { error, .. } => {
            tracing::error!(error = %redact(&error.to_string(), ""), "Discord: start-up failed (registering commands)");
        }
        poise::FrameworkError::Command { error, ctx, .. } => {
            let text = redact(&error.to_string(), ctx.data().token.expose());
            tracing::warn!(command = %ctx.command().name, error = %text, "Discord: command failed");
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!(error = %redact(&e.to_string(), ""), "Discord: error while reporting an error");
            }
        }
    }
}
