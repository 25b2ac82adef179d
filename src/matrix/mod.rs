//! The Matrix adapter: logs in (or restores the saved session), syncs, recognises commands
//! (prefix or mention), hands them to a [`Handler`] and sends its answers: texts with
//! mentions, board images, replies, and private messages in direct-message rooms.
//!
//! Module map: [`bridge`] (to the command layer), [`config`] (the `[matrix]` section), [`session`] (login, session store),
//! [`sync`] (the sync loop), [`handlers`] (event handlers), [`command`] (prefix and
//! mention parsing), [`message`] (outgoing messages and their content), [`outbox`]
//! (sending, images, direct rooms), [`ratelimit`] (429 and reconnect handling).

pub mod bridge;
pub mod command;
pub mod config;
pub mod handlers;
pub mod message;
pub mod outbox;
pub mod ratelimit;
pub mod session;
pub mod sync;

use std::{future::Future, sync::Arc};

use matrix_sdk::{
    Client,
    ruma::{OwnedDeviceId, OwnedEventId, OwnedRoomId, OwnedUserId},
};
use tokio::sync::mpsc;

pub use self::{
    config::MatrixConfig,
    message::{Destination, Outgoing, Piece, ReplyTarget, Upload},
    outbox::Outbox,
    ratelimit::RetryStats,
};
use self::{command::Addressing, handlers::Shared};

/// How long a stopping bot waits for the commands it has received to be answered.
const FINISH_WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// A command addressed to the bot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Incoming {
    /// The room the command was written in.
    pub room_id: OwnedRoomId,
    /// The command's event (for replies).
    pub event_id: OwnedEventId,
    pub sender: OwnedUserId,
    /// The sender's display name in that room (or the localpart).
    pub sender_name: String,
    /// Whether the sender has power level 50 or more in the room.
    pub is_admin: bool,
    /// Whether the room is the direct-message room of the sender and the bot.
    pub is_direct: bool,
    /// The command without prefix or mention, e.g. `c3 red`.
    pub line: String,
}

impl Incoming {
    /// The command as a reply target.
    pub fn reply_target(&self) -> ReplyTarget {
        ReplyTarget { event_id: self.event_id.clone(), sender: self.sender.clone() }
    }
}

/// What answers commands: the command layer, seen from Matrix.
pub trait Handler: Send + Sync + 'static {
    /// The messages that answer `incoming` (in order).
    fn handle(&self, incoming: Incoming) -> impl Future<Output = Vec<Outgoing>> + Send;

    /// The command layer, whose storage keeps the ids of the messages the bot tracks
    /// (turn pings, the dashboard: [`Outgoing::slot`]); without it nothing is tracked.
    fn host(&self) -> Option<Arc<commands::Host>> {
        None
    }
}

/// A logged-in bot, ready to [`run`](MatrixBot::run).
pub struct MatrixBot {
    config: MatrixConfig,
    client: Client,
    stats: Arc<RetryStats>,
    outbox: Outbox,
}

impl MatrixBot {
    /// Logs in, or restores the session saved in `config.store_path`.
    pub async fn connect(config: MatrixConfig) -> anyhow::Result<MatrixBot> {
        let stats = Arc::new(RetryStats::default());
        let client = session::connect(&config, &stats).await?;
        let outbox = Outbox::start(client.clone(), stats.clone());
        Ok(MatrixBot { config, client, stats, outbox })
    }

    /// The bot's user id.
    pub fn user_id(&self) -> Option<OwnedUserId> {
        self.client.user_id().map(ToOwned::to_owned)
    }

    /// The bot's device id (the same after every restart with the same store).
    pub fn device_id(&self) -> Option<OwnedDeviceId> {
        self.client.device_id().map(ToOwned::to_owned)
    }

    /// The matrix-sdk client.
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// What the retry loop did so far (429 answers, network retries).
    pub fn stats(&self) -> Arc<RetryStats> {
        self.stats.clone()
    }

    /// The outbox, for messages that answer no command (e.g. reminders).
    pub fn outbox(&self) -> Outbox {
        self.outbox.clone()
    }

    /// Posts the scheduler's notices through this bot, naming commands with its prefix.
    pub fn notifier(&self) -> bridge::Notifier {
        bridge::Notifier::new(self.outbox(), &self.config.command_prefix)
    }

    /// The prefix that marks commands in rooms (`!st`).
    pub fn command_prefix(&self) -> &str {
        &self.config.command_prefix
    }

    /// Syncs and answers commands through `handler` until `shutdown` completes; then
    /// finishes the commands already received and sends what is queued. Never logs out.
    pub async fn run<H: Handler>(self, handler: H, shutdown: impl Future<Output = ()>) -> anyhow::Result<()> {
        let user_id = self.user_id().ok_or_else(|| anyhow::anyhow!("not logged in"))?;
        let display_name = match self.client.account().get_display_name().await {
            Ok(name) => name,
            Err(error) => {
                tracing::warn!("cannot read the bot's display name: {error}");
                None
            }
        };
        let addressing = Addressing { prefix: self.config.command_prefix.clone(), user_id: user_id.to_string(), display_name };
        let (incoming_tx, mut incoming_rx) = mpsc::unbounded_channel::<Incoming>();
        let shared = Arc::new(Shared::new(addressing, incoming_tx, self.stats.clone()));

        let outbox = self.outbox.clone();
        if let Some(host) = handler.host() {
            outbox.keep_messages_with(host);
        }
        let handler = Arc::new(handler);
        let worker = tokio::spawn(async move {
            while let Some(incoming) = incoming_rx.recv().await {
                // each command in a task of its own: a panic in the command layer costs
                // that command's answer, not the bot
                let handler = handler.clone();
                let event = incoming.event_id.clone();
                match tokio::spawn(async move { handler.handle(incoming).await }).await {
                    Ok(messages) => messages.into_iter().for_each(|m| outbox.send(m)),
                    Err(error) => tracing::error!(%event, "a command failed: {error}"),
                }
            }
        });

        let result = sync::run(&self.client, &self.config.store_path, shared.clone(), self.config.sync_timeout(), shutdown).await;

        // stop taking commands, finish those received, send what is queued (bounded)
        shared.close();
        let finish = async {
            if let Err(error) = worker.await {
                tracing::warn!("the command worker failed: {error}");
            }
            self.outbox.flush().await;
        };
        if tokio::time::timeout(FINISH_WAIT, finish).await.is_err() {
            tracing::warn!(wait_s = FINISH_WAIT.as_secs(), "stopping: commands or answers still pending after the wait were dropped");
        }
        tracing::info!("Matrix adapter stopped (session kept for the next start)");
        result
    }
}
