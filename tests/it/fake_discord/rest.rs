//! The REST half of the fake Discord: one fallback handler that records every request and
//! answers the routes serenity and poise use, the way Discord does.

use std::{convert::Infallible, sync::Arc, time::Instant};

use axum::{
    body::to_bytes,
    extract::{Request as HttpRequest, State},
    http::{header, StatusCode},
    response::{IntoResponse, Response},
    Router,
};
use serde_json::{json, Value};

use super::{
    recorder::{Recorder, Request, Upload},
    world::{bot_user_json, World, APP_ID, BOT_NAME, CANNOT_DM},
};

/// How long the fake holds up a request of a stalled interaction ([`World::stall`]).
pub const STALL: std::time::Duration = std::time::Duration::from_secs(4);

/// What the REST handler shares.
pub struct Rest {
    pub world: Arc<World>,
    pub recorder: Arc<Recorder>,
    /// The gateway URL handed out at `GET /gateway`.
    pub gateway_url: String,
}

/// The router: everything goes through [`handle`].
pub fn router(rest: Arc<Rest>) -> Router {
    Router::new().fallback(handle).with_state(rest)
}

const BODY_LIMIT: usize = 32 * 1024 * 1024;

async fn handle(State(rest): State<Arc<Rest>>, request: HttpRequest) -> Response {
    let method = request.method().to_string();
    let path = request.uri().path().to_string();
    let query = request.uri().query().map(str::to_string);
    // (A block, so no borrow of the non-`Sync` request lives across the awaits below.)
    let (authorization, content_type) = {
        let header_text = |name: header::HeaderName| {
            request.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_string)
        };
        (header_text(header::AUTHORIZATION), header_text(header::CONTENT_TYPE).unwrap_or_default())
    };
    let bytes = match to_bytes(request.into_body(), BODY_LIMIT).await {
        Ok(b) => b,
        Err(_) => return (StatusCode::PAYLOAD_TOO_LARGE, "Request entity too large").into_response(),
    };
    let (json, uploads) = if content_type.starts_with("multipart/form-data") {
        match parse_multipart(&content_type, bytes.to_vec()).await {
            Ok(parts) => parts,
            Err(e) => return (StatusCode::BAD_REQUEST, format!("bad multipart body: {e}")).into_response(),
        }
    } else if bytes.is_empty() {
        (None, Vec::new())
    } else {
        match serde_json::from_slice::<Value>(&bytes) {
            Ok(v) => (Some(v), Vec::new()),
            Err(e) => return (StatusCode::BAD_REQUEST, format!("invalid JSON: {e}")).into_response(),
        }
    };
    let arrived = Instant::now();
    let segments: Vec<&str> = path.trim_start_matches("/api/v10").split('/').filter(|s| !s.is_empty()).collect();
    let stalled = matches!(segments.as_slice(), ["webhooks", _, token, ..] if rest.world.is_stalled(token));
    if stalled {
        tokio::time::sleep(STALL).await;
    }
    let mut recorded = Request { seq: 0, method, path, query, authorization, json, uploads, at: arrived, status: 0, response: None };
    let (status, body) = answer(&rest, &recorded);
    recorded.status = status.as_u16();
    recorded.response = body.clone();
    rest.recorder.push(recorded);
    match body {
        Some(body) => (status, [(header::CONTENT_TYPE, "application/json")], body.to_string()).into_response(),
        None => status.into_response(),
    }
}

/// Splits a multipart body into `payload_json` and the files.
async fn parse_multipart(content_type: &str, body: Vec<u8>) -> Result<(Option<Value>, Vec<Upload>), String> {
    let boundary = multer::parse_boundary(content_type).map_err(|e| e.to_string())?;
    let stream = futures_util::stream::once(async move { Ok::<_, Infallible>(body) });
    let mut multipart = multer::Multipart::new(stream, boundary);
    let mut json = None;
    let mut uploads = Vec::new();
    while let Some(field) = multipart.next_field().await.map_err(|e| e.to_string())? {
        let name = field.name().unwrap_or_default().to_string();
        let filename = field.file_name().map(str::to_string);
        let content_type = field.content_type().map(|m| m.to_string());
        let bytes = field.bytes().await.map_err(|e| e.to_string())?;
        if name == "payload_json" {
            json = Some(serde_json::from_slice(&bytes).map_err(|e| e.to_string())?);
        } else {
            uploads.push(Upload { field: name, filename: filename.unwrap_or_default(), content_type, bytes: bytes.to_vec() });
        }
    }
    Ok((json, uploads))
}

/// A status and an optional JSON body.
type Answer = (StatusCode, Option<Value>);

fn ok(value: Value) -> Answer {
    (StatusCode::OK, Some(value))
}

fn no_content() -> Answer {
    (StatusCode::NO_CONTENT, None)
}

/// A Discord JSON error (`{"code", "message"}`) with an HTTP status.
fn error(status: StatusCode, code: u64, message: &str) -> Answer {
    (status, Some(json!({"code": code, "message": message})))
}

fn answer(rest: &Rest, r: &Request) -> Answer {
    let world = &rest.world;
    let body = r.json.clone().unwrap_or(Value::Null);
    let s = r.segments();
    let id = |i: usize| s.get(i).and_then(|x| x.parse::<u64>().ok()).unwrap_or_default();
    match (r.method.as_str(), s.as_slice()) {
        ("GET", ["gateway"]) => ok(json!({"url": rest.gateway_url})),
        ("GET", ["gateway", "bot"]) => ok(json!({"url": rest.gateway_url, "shards": world.recommended_shards(),
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}})),
        ("GET", ["oauth2", "applications", "@me"]) => ok(json!({
            "id": APP_ID.to_string(), "name": BOT_NAME, "icon": null, "description": "",
            "bot_public": true, "bot_require_code_grant": false, "verify_key": "00",
            "owner": bot_user_json(), "flags": 0})),
        ("GET", ["users", "@me"]) => ok(bot_user_json()),
        ("PUT", ["applications", _, "commands"]) | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
            let guild = if s.len() == 5 { Some(s[3].to_string()) } else { None };
            let commands: Vec<Value> = body
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .map(|mut c| {
                    c["id"] = json!(world.new_id().to_string());
                    c["application_id"] = json!(APP_ID.to_string());
                    c["version"] = json!("1");
                    if c.get("type").is_none() {
                        c["type"] = json!(1);
                    }
                    if let Some(g) = &guild {
                        c["guild_id"] = json!(g);
                    }
                    c
                })
                .collect();
            ok(Value::Array(commands))
        }
        ("POST", ["interactions", _, token, "callback"]) => {
            match body.get("type").and_then(Value::as_u64) {
                Some(4) => {
                    let data = body.get("data").cloned().unwrap_or(json!({}));
                    world.set_original(token, &data, &r.uploads);
                }
                Some(5) => world.mark_deferred(token),
                _ => {}
            }
            no_content()
        }
        ("POST", ["webhooks", _, token]) => {
            if world.take_deferred(token) {
                ok(world.set_original(token, &body, &r.uploads))
            } else {
                ok(world.post_message(world.interaction_channel(token), &body, &r.uploads))
            }
        }
        ("GET", ["webhooks", _, token, "messages", "@original"]) => match world.original(token).and_then(|m| world.message(m)) {
            Some(m) => ok(m),
            None => error(StatusCode::NOT_FOUND, 10008, "Unknown Message"),
        },
        ("PATCH", ["webhooks", _, token, "messages", "@original"]) => {
            world.take_deferred(token);
            ok(world.set_original(token, &body, &r.uploads))
        }
        ("PATCH", ["webhooks", _, _, "messages", _]) => ok(world.edit_message(id(4), &body, &r.uploads)),
        ("DELETE", ["webhooks", _, _, "messages", _]) => no_content(),
        ("POST", ["users", "@me", "channels"]) => {
            let user = body.get("recipient_id").and_then(|v| v.as_str().map(str::to_string).or(v.as_u64().map(|n| n.to_string())));
            let user: u64 = user.and_then(|u| u.parse().ok()).unwrap_or_default();
            ok(world.channel_json(world.dm_channel(user)))
        }
        ("POST", ["channels", _, "messages"]) => {
            if world.in_outage(id(1)) {
                return error(StatusCode::SERVICE_UNAVAILABLE, 0, "upstream connect error");
            }
            if world.refuses_messages(id(1)) {
                let (status, code, message) = CANNOT_DM;
                return error(StatusCode::from_u16(status).unwrap_or(StatusCode::FORBIDDEN), code, message);
            }
            ok(world.post_message(id(1), &body, &r.uploads))
        }
        ("PATCH", ["channels", _, "messages", _]) => match world.message(id(3)) {
            Some(_) => ok(world.edit_message(id(3), &body, &r.uploads)),
            None => error(StatusCode::NOT_FOUND, 10008, "Unknown Message"),
        },
        ("DELETE", ["channels", _, "messages", _]) => match world.delete_message(id(3)) {
            true => no_content(),
            false => error(StatusCode::NOT_FOUND, 10008, "Unknown Message"),
        },
        ("PUT", ["channels", _, "pins", _]) | ("PUT", ["channels", _, "messages", "pins", _]) => {
            let message = s.last().and_then(|x| x.parse::<u64>().ok()).unwrap_or_default();
            if world.pin(message) { no_content() } else { error(StatusCode::FORBIDDEN, 50013, "Missing Permissions") }
        }
        ("POST", ["channels", _, "threads"]) | ("POST", ["channels", _, "messages", _, "threads"]) => {
            if !world.may_create_thread() {
                return error(StatusCode::FORBIDDEN, 50013, "Missing Permissions");
            }
            let name = body.get("name").and_then(Value::as_str).unwrap_or("thread");
            (StatusCode::CREATED, Some(world.create_thread(id(1), name)))
        }
        ("GET", ["channels", _]) => ok(world.channel_json(id(1))),
        ("PATCH", ["channels", _]) => ok(world.channel_json(id(1))),
        ("DELETE", ["channels", _]) => ok(world.channel_json(id(1))),
        ("PUT", ["channels", _, "thread-members", _]) => no_content(),
        _ => error(StatusCode::NOT_FOUND, 0, "404: Not Found (route unknown to the fake Discord)"),
    }
}

/// Serves `router` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, rest: Arc<Rest>) {
    let _ = axum::serve(listener, router(rest)).await;
}
