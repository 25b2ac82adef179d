//! Every REST request the bot made, in arrival order, with its JSON body and uploaded files.

use std::{
    sync::Mutex,
    time::{Duration, Instant},
};

use serde_json::Value;
use tokio::sync::Notify;

/// One file of a multipart request (`files[n]`).
#[derive(Debug, Clone)]
pub struct Upload {
    /// The form field name, e.g. `files[0]`.
    pub field: String,
    pub filename: String,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

/// One REST request as the fake received it.
#[derive(Debug, Clone)]
pub struct Request {
    /// Position in arrival order, from 0.
    pub seq: usize,
    pub method: String,
    /// The path without query, e.g. `/api/v10/interactions/5/tok/callback`.
    pub path: String,
    pub query: Option<String>,
    /// The `Authorization` header as sent (tests check it, the fake never logs it).
    pub authorization: Option<String>,
    /// The JSON body, or the multipart `payload_json` part.
    pub json: Option<Value>,
    pub uploads: Vec<Upload>,
    pub at: Instant,
    /// The HTTP status the fake answered with.
    pub status: u16,
    /// The JSON the fake answered with (e.g. the posted message object).
    pub response: Option<Value>,
}

impl Request {
    /// The path split at `/`, without the `/api/v10` prefix.
    pub fn segments(&self) -> Vec<&str> {
        self.path.trim_start_matches("/api/v10").split('/').filter(|s| !s.is_empty()).collect()
    }

    /// Whether this is an interaction callback (`POST /interactions/{id}/{token}/callback`).
    pub fn is_callback_for(&self, interaction_id: u64) -> bool {
        let s = self.segments();
        self.method == "POST" && s.len() == 4 && s[0] == "interactions" && s[1] == interaction_id.to_string() && s[3] == "callback"
    }

    /// Whether this request answers the interaction with `token` in any way: callback,
    /// follow-up or edit of its original response.
    pub fn belongs_to(&self, token: &str) -> bool {
        let s = self.segments();
        (s.first() == Some(&"interactions") && s.get(2) == Some(&token))
            || (s.first() == Some(&"webhooks") && s.get(2) == Some(&token))
    }

    /// Whether this is a follow-up message of an interaction (`POST /webhooks/{app}/{token}`).
    pub fn is_followup(&self) -> bool {
        let s = self.segments();
        self.method == "POST" && s.len() == 3 && s[0] == "webhooks"
    }

    /// The message flags of the body (`flags`, or `data.flags` in a callback).
    pub fn flags(&self) -> u64 {
        let Some(json) = &self.json else { return 0 };
        json.get("flags")
            .or_else(|| json.get("data").and_then(|d| d.get("flags")))
            .and_then(Value::as_u64)
            .unwrap_or(0)
    }

    /// Whether the message is ephemeral (flag 64).
    pub fn is_ephemeral(&self) -> bool {
        self.flags() & 64 != 0
    }

    /// The message text of the body (`content`, or `data.content` in a callback).
    pub fn content(&self) -> String {
        let Some(json) = &self.json else { return String::new() };
        json.get("content")
            .or_else(|| json.get("data").and_then(|d| d.get("content")))
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    }

    /// The `custom_id`s of all components of the body, in order.
    pub fn custom_ids(&self) -> Vec<String> {
        let mut ids = Vec::new();
        if let Some(json) = &self.json {
            collect_custom_ids(json, &mut ids);
        }
        ids
    }

    /// The message object the fake answered with, when the request posted or edited one.
    pub fn message(&self) -> Option<Value> {
        self.response.clone().filter(|r| r.get("channel_id").is_some() && r.get("author").is_some())
    }

    /// The callback type of an interaction callback (`type`).
    pub fn callback_type(&self) -> Option<u64> {
        self.json.as_ref()?.get("type")?.as_u64()
    }
}

fn collect_custom_ids(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(id)) = map.get("custom_id") {
                out.push(id.clone());
            }
            map.values().for_each(|v| collect_custom_ids(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| collect_custom_ids(v, out)),
        _ => {}
    }
}

/// The log of requests; tests wait on it with a timeout.
#[derive(Default)]
pub struct Recorder {
    requests: Mutex<Vec<Request>>,
    changed: Notify,
}

impl Recorder {
    /// Appends a request (its `seq` is set here) and wakes the waiters.
    pub fn push(&self, mut request: Request) -> usize {
        let mut all = self.requests.lock().unwrap_or_else(|e| e.into_inner());
        request.seq = all.len();
        all.push(request);
        let seq = all.len() - 1;
        drop(all);
        self.changed.notify_waiters();
        seq
    }

    /// A copy of every request so far.
    pub fn all(&self) -> Vec<Request> {
        self.requests.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// How many requests have arrived.
    pub fn len(&self) -> usize {
        self.requests.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Waits until `count` requests at or after position `from` match, and returns them;
    /// fails with a listing of what did arrive after `timeout`.
    pub async fn wait_for_n(
        &self,
        from: usize,
        count: usize,
        timeout: Duration,
        what: &str,
        matches: impl Fn(&Request) -> bool,
    ) -> Vec<Request> {
        let deadline = Instant::now() + timeout;
        loop {
            let notified = self.changed.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            let found: Vec<Request> = self.all().into_iter().skip(from).filter(|r| matches(r)).collect();
            if found.len() >= count {
                return found;
            }
            let now = Instant::now();
            if now >= deadline || tokio::time::timeout(deadline - now, notified).await.is_err() {
                let seen: Vec<String> = self
                    .all()
                    .iter()
                    .skip(from)
                    .map(|r| format!("{} {} {}", r.method, r.path, r.json.as_ref().map(|j| j.to_string()).unwrap_or_default()))
                    .collect();
                panic!("timed out after {timeout:?} waiting for {count} x {what}; requests since #{from}:\n{}", seen.join("\n"));
            }
        }
    }

    /// Waits for the first request at or after `from` that matches.
    pub async fn wait_for(&self, from: usize, timeout: Duration, what: &str, matches: impl Fn(&Request) -> bool) -> Request {
        self.wait_for_n(from, 1, timeout, what, matches).await.remove(0)
    }
}
