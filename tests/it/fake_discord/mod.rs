//! A fake Discord in the test process: the REST API (axum) and the gateway websocket
//! (tokio-tungstenite), enough of both for serenity + poise to connect, register commands
//! and answer interactions. Every REST request is recorded (with multipart uploads
//! parsed), so tests can assert what the bot sent and in which order.
//!
//! ```ignore
//! let discord = FakeDiscord::start().await;
//! // point the bot at discord.api_url, wait for discord.gateway.identifies() == 1, then
//! let sent = discord.slash(&alice, "new", vec![events::string("game", "carat")]);
//! let callback = discord.recorder.wait_for(0, SECS_5, "callback", |r| r.is_callback_for(sent.id)).await;
//! ```

#![allow(dead_code)] // a reusable harness: not every test uses every helper

pub mod events;
pub mod gateway;
pub mod recorder;
pub mod rest;
pub mod world;

use std::{
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
    time::Duration,
};

use serde_json::Value;
use tokio::net::TcpListener;

pub use events::Origin;
pub use gateway::Gateway;
pub use recorder::{Recorder, Request};
pub use world::{FakeUser, World, APP_ID, CHANNEL_ID, GUILD_ID};

/// An interaction the fake sent to the bot.
#[derive(Debug, Clone)]
pub struct Sent {
    pub id: u64,
    pub token: String,
    /// The recorder position when it was sent: the bot's answers come after it.
    pub from: usize,
}

/// The running fake: REST and gateway on two loopback ports.
pub struct FakeDiscord {
    /// `http://127.0.0.1:PORT`, for `[discord] api_url`.
    pub api_url: String,
    pub world: Arc<World>,
    pub recorder: Arc<Recorder>,
    pub gateway: Arc<Gateway>,
    next_interaction: AtomicU64,
}

impl FakeDiscord {
    /// Binds both servers on 127.0.0.1 (free ports) and starts serving.
    pub async fn start() -> FakeDiscord {
        let rest_listener = TcpListener::bind("127.0.0.1:0").await.expect("bind REST port");
        let gateway_listener = TcpListener::bind("127.0.0.1:0").await.expect("bind gateway port");
        let api_url = format!("http://{}", rest_listener.local_addr().expect("REST address"));
        let gateway_url = format!("ws://{}", gateway_listener.local_addr().expect("gateway address"));
        let world = Arc::new(World::default());
        let recorder = Arc::new(Recorder::default());
        let gateway = Gateway::start(gateway_listener, gateway_url.clone());
        let rest = Arc::new(rest::Rest { world: Arc::clone(&world), recorder: Arc::clone(&recorder), gateway_url });
        tokio::spawn(rest::serve(rest_listener, rest));
        FakeDiscord { api_url, world, recorder, gateway, next_interaction: AtomicU64::new(1) }
    }

    fn new_interaction(&self) -> (u64, String) {
        let n = self.next_interaction.fetch_add(1, Ordering::SeqCst);
        (980_000_000_000_000_000 + n, format!("interaction-token-{n}"))
    }

    fn send(&self, kind: u8, origin: &Origin<'_>, data: Value) -> Sent {
        let (id, token) = self.new_interaction();
        self.world.remember_interaction(&token, origin.channel_id);
        let from = self.recorder.len();
        self.gateway.dispatch("INTERACTION_CREATE", events::interaction(id, &token, kind, origin, data));
        Sent { id, token, from }
    }

    /// Makes the fake hold up every follow-up and edit of the next interaction it sends
    /// (by [`rest::STALL`] each): that interaction's answer is slow, as with a slow
    /// upload. Its callback (the deferral) is answered at once.
    pub fn stall_next_interaction(&self) {
        let n = self.next_interaction.load(Ordering::SeqCst);
        self.world.stall(&format!("interaction-token-{n}"));
    }

    /// A slash command in the default channel, English client.
    pub fn slash(&self, user: &FakeUser, name: &str, options: Vec<Value>) -> Sent {
        self.slash_from(&Origin { user, channel_id: CHANNEL_ID, locale: "en-US" }, name, options)
    }

    /// A slash command from anywhere.
    pub fn slash_from(&self, origin: &Origin<'_>, name: &str, options: Vec<Value>) -> Sent {
        self.send(2, origin, events::command_data(7_000 + name.len() as u64, name, options))
    }

    /// A slash command in the default channel whose user options name `users` (they
    /// come along in `data.resolved`, as from Discord).
    pub fn slash_with_users(&self, user: &FakeUser, name: &str, options: Vec<Value>, users: &[&FakeUser]) -> Sent {
        let origin = Origin { user, channel_id: CHANNEL_ID, locale: "en-US" };
        let data = events::with_resolved_users(events::command_data(7_000 + name.len() as u64, name, options), users);
        self.send(2, &origin, data)
    }

    /// An autocomplete request while the user types (one option `focused`).
    pub fn autocomplete(&self, user: &FakeUser, name: &str, options: Vec<Value>) -> Sent {
        let origin = Origin { user, channel_id: CHANNEL_ID, locale: "en-US" };
        self.send(4, &origin, events::command_data(7_000 + name.len() as u64, name, options))
    }

    /// A click on a button of a message the bot posted.
    pub fn click(&self, user: &FakeUser, message: &Value, custom_id: &str) -> Sent {
        self.component(user, message, events::button_data(custom_id))
    }

    /// A choice in a select menu of a message the bot posted.
    pub fn select(&self, user: &FakeUser, message: &Value, custom_id: &str, values: &[&str]) -> Sent {
        self.component(user, message, events::select_data(custom_id, values))
    }

    fn component(&self, user: &FakeUser, message: &Value, data: Value) -> Sent {
        let channel_id = message["channel_id"].as_str().and_then(|s| s.parse().ok()).unwrap_or(CHANNEL_ID);
        let (id, token) = self.new_interaction();
        self.world.remember_interaction(&token, channel_id);
        let origin = Origin { user, channel_id, locale: "en-US" };
        let mut payload = events::interaction(id, &token, 3, &origin, data);
        payload["message"] = message.clone();
        let from = self.recorder.len();
        self.gateway.dispatch("INTERACTION_CREATE", payload);
        Sent { id, token, from }
    }

    /// Waits for the first `n` requests answering `sent` (callback, follow-ups, edits).
    pub async fn answers(&self, sent: &Sent, n: usize, timeout: Duration) -> Vec<Request> {
        let token = sent.token.clone();
        self.recorder.wait_for_n(sent.from, n, timeout, "answers to the interaction", move |r| r.belongs_to(&token)).await
    }

    /// Waits for a request after `sent` that matches.
    pub async fn wait_after(&self, sent: &Sent, timeout: Duration, what: &str, matches: impl Fn(&Request) -> bool) -> Request {
        self.recorder.wait_for(sent.from, timeout, what, matches).await
    }
}
