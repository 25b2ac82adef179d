//! The gateway half of the fake Discord: a websocket server speaking Discord's gateway
//! protocol (HELLO, IDENTIFY → READY, heartbeats, RESUME → RESUMED) that pushes scripted
//! dispatch events to the bot's current session. Several sessions (one per shard) may be
//! open at once; the newest identified or resumed one gets the dispatches.

use std::{
    sync::{
        atomic::{AtomicUsize, Ordering},
        Arc, Mutex,
    },
    time::{Duration, Instant},
};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::{
    net::{TcpListener, TcpStream},
    sync::{mpsc, Notify},
};
use tokio_tungstenite::tungstenite::Message;

use super::world::{bot_user_json, APP_ID};

enum Control {
    Dispatch(&'static str, Value),
    Drop,
}

/// The gateway server's shared state.
pub struct Gateway {
    pub url: String,
    current: Mutex<Option<mpsc::UnboundedSender<Control>>>,
    identifies: AtomicUsize,
    resumes: AtomicUsize,
    tokens: Mutex<Vec<String>>,
    /// The `shard` of each IDENTIFY (`d.shard = [id, total]`), in order; `None` when it
    /// had none.
    shards: Mutex<Vec<Option<[u64; 2]>>>,
    changed: Notify,
}

impl Gateway {
    /// Listens on `listener` (its address is `url`) until the process ends.
    pub fn start(listener: TcpListener, url: String) -> Arc<Gateway> {
        let gateway = Arc::new(Gateway {
            url,
            current: Mutex::new(None),
            identifies: AtomicUsize::new(0),
            resumes: AtomicUsize::new(0),
            tokens: Mutex::new(Vec::new()),
            shards: Mutex::new(Vec::new()),
            changed: Notify::new(),
        });
        let accepting = Arc::clone(&gateway);
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(Arc::clone(&accepting).session(stream));
            }
        });
        gateway
    }

    /// How many IDENTIFYs (new sessions) the gateway has answered with READY.
    pub fn identifies(&self) -> usize {
        self.identifies.load(Ordering::SeqCst)
    }

    /// How many RESUMEs the gateway has answered.
    pub fn resumes(&self) -> usize {
        self.resumes.load(Ordering::SeqCst)
    }

    /// The tokens sent in IDENTIFY, in order.
    pub fn identify_tokens(&self) -> Vec<String> {
        self.tokens.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// The `[id, total]` shard of each IDENTIFY, in order (`None`: it named no shard).
    pub fn identify_shards(&self) -> Vec<Option<[u64; 2]>> {
        self.shards.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Waits until `check` holds for the gateway (e.g. "2 sessions identified").
    pub async fn wait_until(&self, timeout: Duration, what: &str, check: impl Fn(&Gateway) -> bool) {
        let deadline = Instant::now() + timeout;
        loop {
            let notified = self.changed.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if check(self) {
                return;
            }
            let now = Instant::now();
            if now >= deadline || tokio::time::timeout(deadline - now, notified).await.is_err() {
                panic!("gateway: timed out after {timeout:?} waiting until {what}");
            }
        }
    }

    /// Sends a dispatch event (op 0) to the current session (the newest identified or
    /// resumed one).
    pub fn dispatch(&self, event: &'static str, data: Value) {
        let current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        let sent = current.as_ref().is_some_and(|tx| tx.send(Control::Dispatch(event, data)).is_ok());
        assert!(
            sent,
            "gateway: no bot session to dispatch {event} to (session set: {}, identifies {}, resumes {})",
            current.is_some(),
            self.identifies(),
            self.resumes()
        );
    }

    /// Whether a bot session is connected (dispatches can be delivered).
    pub fn connected(&self) -> bool {
        self.current.lock().unwrap_or_else(|e| e.into_inner()).as_ref().is_some_and(|tx| !tx.is_closed())
    }

    /// Drops the current connection without a close frame, as a network failure would.
    pub fn drop_connection(&self) {
        if let Some(tx) = self.current.lock().unwrap_or_else(|e| e.into_inner()).take() {
            let _ = tx.send(Control::Drop);
        }
    }

    fn set_current(&self, tx: &mpsc::UnboundedSender<Control>) {
        *self.current.lock().unwrap_or_else(|e| e.into_inner()) = Some(tx.clone());
    }

    async fn session(self: Arc<Gateway>, stream: TcpStream) {
        let Ok(ws) = tokio_tungstenite::accept_async(stream).await else { return };
        let (mut sink, mut incoming) = ws.split();
        let (tx, mut rx) = mpsc::unbounded_channel();
        let mut seq: u64 = 0;
        let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}, "s": null, "t": null});
        if sink.send(Message::Text(hello.to_string())).await.is_err() {
            return;
        }
        loop {
            tokio::select! {
                message = incoming.next() => {
                    let Some(Ok(message)) = message else { break };
                    let Message::Text(text) = message else {
                        if matches!(message, Message::Close(_)) { break }
                        continue;
                    };
                    let Ok(payload) = serde_json::from_str::<Value>(&text) else { continue };
                    let reply = match payload["op"].as_u64() {
                        Some(1) => Some(json!({"op": 11, "d": null, "s": null, "t": null})),
                        Some(2) => {
                            let token = payload["d"]["token"].as_str().unwrap_or_default().to_string();
                            self.tokens.lock().unwrap_or_else(|e| e.into_inner()).push(token);
                            let shard = match payload["d"]["shard"].as_array().map(Vec::as_slice) {
                                Some([id, total]) => id.as_u64().zip(total.as_u64()).map(|(id, total)| [id, total]),
                                _ => None,
                            };
                            self.shards.lock().unwrap_or_else(|e| e.into_inner()).push(shard);
                            seq += 1;
                            let n = self.identifies.fetch_add(1, Ordering::SeqCst) + 1;
                            self.set_current(&tx);
                            let mut ready = json!({
                                "v": 10, "user": bot_user_json(), "guilds": [],
                                "session_id": format!("fake-session-{n}"),
                                "resume_gateway_url": self.url,
                                "application": {"id": APP_ID.to_string(), "flags": 0},
                                "private_channels": [], "relationships": [], "user_settings": {}
                            });
                            // Discord echoes the shard in READY.
                            if let Some(shard) = shard {
                                ready["shard"] = json!(shard);
                            }
                            Some(json!({"op": 0, "t": "READY", "s": seq, "d": ready}))
                        }
                        Some(6) => {
                            self.resumes.fetch_add(1, Ordering::SeqCst);
                            self.set_current(&tx);
                            seq += 1;
                            Some(json!({"op": 0, "t": "RESUMED", "s": seq, "d": {}}))
                        }
                        _ => None,
                    };
                    if let Some(reply) = reply {
                        if sink.send(Message::Text(reply.to_string())).await.is_err() {
                            break;
                        }
                        self.changed.notify_waiters();
                    }
                }
                control = rx.recv() => match control {
                    Some(Control::Dispatch(event, data)) => {
                        seq += 1;
                        let payload = json!({"op": 0, "t": event, "s": seq, "d": data});
                        if sink.send(Message::Text(payload.to_string())).await.is_err() {
                            break;
                        }
                    }
                    Some(Control::Drop) | None => break,
                },
            }
        }
        self.changed.notify_waiters();
    }
}
