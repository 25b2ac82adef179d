//! A minimal headless-Chromium driver over the Chrome DevTools Protocol (CDP), for tests of
//! the web pages: launch, open a URL, evaluate JavaScript, press keys, screenshot an element.
//!
//! The browser comes from `scripts/chromium.sh install` (Debian's `chromium`, installed on
//! first use, as the Synapse tests install Synapse). Each [`Browser`] is one browser process
//! with a throwaway profile, stopped when it is dropped. Commands and their answers are
//! matched by `id`; events that arrive in between are kept (a few) for [`Browser::open`].

use std::{collections::VecDeque, process::Stdio, time::Duration};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::{
    io::{AsyncBufReadExt, BufReader},
    net::TcpStream,
    process::{Child, ChildStderr, Command},
    time::{Instant, timeout, timeout_at},
};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, tungstenite::Message};

/// The longest wait for the browser to start or to answer one command.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(30);
/// The longest wait for a page's load event.
const LOAD_TIMEOUT: Duration = Duration::from_secs(30);
/// The longest [`Browser::wait_for`], and how often it evaluates its condition.
const WAIT_TIMEOUT: Duration = Duration::from_secs(10);
const POLL_EVERY: Duration = Duration::from_millis(50);
/// The window, in CSS pixels at device scale 1.
const WIDTH: u32 = 1400;
const HEIGHT: u32 = 1800;
/// How many unclaimed events are kept.
const EVENTS_KEPT: usize = 256;

/// A headless Chromium with one page attached. Dropping it stops the browser (see its
/// `Drop`) and deletes its profile.
pub struct Browser {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The CDP session of the page (flat mode: its commands carry this `sessionId`).
    session: String,
    next_id: u64,
    /// Events of the page's session not yet claimed, oldest first.
    events: VecDeque<Value>,
    // (Dropped after `Drop::drop` has stopped the browser: the connection, the process,
    // then the dir of its profile and temporary files.)
    process: Child,
    _dir: tempfile::TempDir,
}

impl Browser {
    /// Installs the browser if it is missing (`scripts/chromium.sh install`), starts it
    /// headless at 1400×1800 and device scale 1, and attaches to a new page with the Page
    /// and Runtime domains enabled. Panics if any of that fails.
    pub async fn launch() -> Browser {
        let path = chromium_path().await;
        // The profile, and Chromium's own temporary files (its singleton socket), in one dir.
        let dir = tempfile::tempdir().expect("create a temporary dir for Chromium");
        let mut process = Command::new(&path)
            .args(["--headless=new", "--no-sandbox", "--disable-gpu", "--force-color-profile=srgb"])
            .args(["--hide-scrollbars", "--remote-debugging-port=0"])
            .arg(format!("--user-data-dir={}", dir.path().join("profile").display()))
            .arg(format!("--window-size={WIDTH},{HEIGHT}"))
            .arg("about:blank")
            .env("TMPDIR", dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {path}: {e}"));
        let stderr = process.stderr.take().expect("Chromium's stderr is piped");
        let url = timeout(COMMAND_TIMEOUT, devtools_url(stderr))
            .await
            .unwrap_or_else(|_| panic!("{path} printed no DevTools URL within {COMMAND_TIMEOUT:?}"));
        let (ws, _) = tokio_tungstenite::connect_async(url.as_str())
            .await
            .unwrap_or_else(|e| panic!("cannot connect to Chromium's DevTools at {url}: {e}"));
        let mut browser =
            Browser { ws, session: String::new(), next_id: 0, events: VecDeque::new(), process, _dir: dir };

        let target = browser.send(None, "Target.createTarget", json!({ "url": "about:blank" })).await;
        let target_id = target["targetId"].as_str().expect("Target.createTarget answers a targetId").to_string();
        let attach = json!({ "targetId": target_id, "flatten": true });
        let attached = browser.send(None, "Target.attachToTarget", attach).await;
        browser.session = attached["sessionId"].as_str().expect("Target.attachToTarget answers a sessionId").to_string();
        browser.command("Page.enable", json!({})).await;
        browser.command("Runtime.enable", json!({})).await;
        let metrics = json!({ "width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": false });
        browser.command("Emulation.setDeviceMetricsOverride", metrics).await;
        browser
    }

    /// Sets the window to `width` × `height` CSS pixels, as a phone (`mobile`) or not.
    pub async fn set_window(&mut self, width: u32, height: u32, mobile: bool) {
        let metrics = json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile });
        self.command("Emulation.setDeviceMetricsOverride", metrics).await;
    }

    /// Navigates the page to `url` and waits (up to 30 s) for its load event. Panics if the
    /// navigation fails or the page does not load in time. (A change of the hash alone
    /// fires no load event: it returns at once.)
    pub async fn open(&mut self, url: &str) {
        self.events.clear();
        let navigated = self.command("Page.navigate", json!({ "url": url })).await;
        if let Some(error) = navigated["errorText"].as_str() {
            panic!("opening {url} failed: {error}");
        }
        if navigated.get("loaderId").is_some() && self.wait_event("Page.loadEventFired", LOAD_TIMEOUT).await.is_none() {
            panic!("{url} fired no load event within {LOAD_TIMEOUT:?}");
        }
    }

    /// Evaluates the JavaScript expression `js` in the page (a promise is awaited) and
    /// returns its value as JSON (`null` for `undefined`). Panics if it throws.
    pub async fn eval(&mut self, js: &str) -> Value {
        self.try_eval(js).await.unwrap_or_else(|e| panic!("JavaScript `{js}` threw: {e}"))
    }

    /// Evaluates `js`, a boolean expression, every 50 ms until it is `true`; panics with the
    /// expression (and its last value or exception) after 10 s. An exception counts as
    /// "not yet" (the element it reads may not exist yet).
    pub async fn wait_for(&mut self, js: &str) {
        let deadline = Instant::now() + WAIT_TIMEOUT;
        loop {
            let last = match self.try_eval(js).await {
                Ok(Value::Bool(true)) => return,
                Ok(value) => format!("it was {value}"),
                Err(exception) => format!("it threw {exception}"),
            };
            if Instant::now() >= deadline {
                panic!("`{js}` was not true within {WAIT_TIMEOUT:?}: {last}");
            }
            tokio::time::sleep(POLL_EVERY).await;
        }
    }

    /// Presses and releases `key`, a DOM key name the game page answers to: "ArrowLeft",
    /// "ArrowRight", "Home" or "End". Panics on another key.
    pub async fn press(&mut self, key: &str) {
        let (code, key_code) = key_info(key);
        let event = |kind: &str| {
            json!({ "type": kind, "key": key, "code": code, "windowsVirtualKeyCode": key_code, "nativeVirtualKeyCode": key_code })
        };
        // A key that types nothing goes down "raw" (as in Puppeteer): no keypress event.
        self.command("Input.dispatchKeyEvent", event("rawKeyDown")).await;
        self.command("Input.dispatchKeyEvent", event("keyUp")).await;
    }

    /// A screenshot of the element with the id `id`, at device scale 1: the element is
    /// scrolled into view (an image is decoded first, and two frames pass), then the page is
    /// captured clipped to its bounding box. Panics if there is no such element.
    pub async fn screenshot_element(&mut self, id: &str) -> image::RgbaImage {
        let id_literal = Value::String(id.to_string()); // a JSON string is a JavaScript string
        let rect = self
            .eval(&format!(
                "(async () => {{
                    const element = document.getElementById({id_literal});
                    if (!element) return null;
                    element.scrollIntoView({{ block: 'center', inline: 'center' }});
                    if (element instanceof HTMLImageElement) await element.decode().catch(() => {{}});
                    await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
                    const r = element.getBoundingClientRect();
                    return {{ x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height }};
                }})()"
            ))
            .await;
        assert!(!rect.is_null(), "screenshot: the page has no element #{id}");
        let clip = json!({ "x": rect["x"], "y": rect["y"], "width": rect["width"], "height": rect["height"], "scale": 1 });
        let shot = self.command("Page.captureScreenshot", json!({ "format": "png", "clip": clip })).await;
        let data = shot["data"].as_str().expect("Page.captureScreenshot answers base64 data");
        let png = base64_decode(data).expect("Page.captureScreenshot answers valid base64");
        image::load_from_memory_with_format(&png, image::ImageFormat::Png)
            .unwrap_or_else(|e| panic!("the screenshot of #{id} is no PNG: {e}"))
            .to_rgba8()
    }

    async fn try_eval(&mut self, js: &str) -> Result<Value, String> {
        let params = json!({ "expression": js, "returnByValue": true, "awaitPromise": true });
        let mut answer = self.command("Runtime.evaluate", params).await;
        if let Some(details) = answer.get("exceptionDetails") {
            let description = details["exception"]["description"].as_str().or(details["text"].as_str());
            return Err(description.unwrap_or("an unknown exception").to_string());
        }
        Ok(answer["result"]["value"].take())
    }

    /// A command to the page's session; returns its result.
    async fn command(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.send(Some(&session), method, params).await
    }

    /// Sends a command (to the browser, or to a session) and waits for the answer with its
    /// id, keeping the events that arrive meanwhile. Panics on an error answer or timeout.
    async fn send(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if let Some(session) = session {
            message["sessionId"] = json!(session);
        }
        let sent = self.ws.send(Message::Text(message.to_string())).await;
        sent.unwrap_or_else(|e| panic!("CDP {method}: cannot send: {e}"));
        let deadline = Instant::now() + COMMAND_TIMEOUT;
        loop {
            let Some(mut message) = self.receive(deadline).await else {
                panic!("CDP {method}: no answer within {COMMAND_TIMEOUT:?}");
            };
            if message["id"] == id {
                if let Some(error) = message.get("error") {
                    panic!("CDP {method} failed: {error}");
                }
                return message["result"].take();
            }
            self.keep(message);
        }
    }

    /// Waits up to `within` for the event `method` of the page's session (kept or new).
    async fn wait_event(&mut self, method: &str, within: Duration) -> Option<Value> {
        if let Some(kept) = self.events.iter().position(|event| event["method"] == method) {
            return self.events.remove(kept);
        }
        let deadline = Instant::now() + within;
        loop {
            let message = self.receive(deadline).await?;
            if message["method"] == method && message["sessionId"] == self.session.as_str() {
                return Some(message);
            }
            self.keep(message);
        }
    }

    /// Keeps an event of the page's session for [`Browser::wait_event`] (the newest few).
    fn keep(&mut self, message: Value) {
        if message.get("method").is_some() && message["sessionId"] == self.session.as_str() {
            if self.events.len() == EVENTS_KEPT {
                self.events.pop_front();
            }
            self.events.push_back(message);
        }
    }

    /// The next message from the browser, or `None` once `deadline` has passed.
    async fn receive(&mut self, deadline: Instant) -> Option<Value> {
        loop {
            match timeout_at(deadline, self.ws.next()).await.ok()? {
                Some(Ok(Message::Text(text))) => {
                    return Some(serde_json::from_str(&text).unwrap_or_else(|e| panic!("CDP sent bad JSON ({e}): {text}")));
                }
                Some(Ok(_)) => {} // ping, pong, binary
                Some(Err(e)) => panic!("the DevTools connection failed: {e}"),
                None => panic!("Chromium closed the DevTools connection"),
            }
        }
    }
}

impl Drop for Browser {
    /// Asks Chromium to quit (SIGTERM: it ends its helper processes and exits, in well under
    /// a second), waits for that up to 2 s, else kills it. Only then is its dir deleted: the
    /// helpers of a killed browser linger for seconds and write into the deleted profile.
    fn drop(&mut self) {
        let Some(pid) = self.process.id() else { return };
        let asked = std::process::Command::new("kill").args(["-TERM", &pid.to_string()]).status();
        if asked.is_ok_and(|status| status.success()) {
            let deadline = std::time::Instant::now() + Duration::from_secs(2);
            while std::time::Instant::now() < deadline {
                if !matches!(self.process.try_wait(), Ok(None)) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        let _ = self.process.start_kill();
    }
}

/// The browser's path from `scripts/chromium.sh install`, which installs it if missing.
async fn chromium_path() -> String {
    let script = crate::support::manifest_dir().join("scripts/chromium.sh");
    let output = Command::new("bash")
        .arg(&script)
        .arg("install")
        .output()
        .await
        .expect("cannot run scripts/chromium.sh (bash missing?)");
    assert!(
        output.status.success(),
        "scripts/chromium.sh install failed ({}): the browser tests need Debian's chromium\n--- stderr\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}

/// Reads Chromium's stderr up to "DevTools listening on ws://…" and returns that URL; the
/// rest of stderr is drained in the background (so the pipe never fills).
async fn devtools_url(stderr: ChildStderr) -> String {
    let mut lines = BufReader::new(stderr).lines();
    let mut before = Vec::new();
    while let Ok(Some(line)) = lines.next_line().await {
        if let Some(url) = line.strip_prefix("DevTools listening on ") {
            tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
            return url.trim().to_string();
        }
        before.push(line);
    }
    panic!("Chromium exited without a DevTools URL:\n{}", before.join("\n"));
}

/// The CDP code and key code of a DOM key name (see [`Browser::press`]).
fn key_info(key: &str) -> (&'static str, u32) {
    const NAMED: &[(&str, u32)] = &[("ArrowLeft", 37), ("ArrowRight", 39), ("Home", 36), ("End", 35)];
    match NAMED.iter().find(|(name, _)| *name == key) {
        Some(&(name, key_code)) => (name, key_code),
        None => panic!("Browser::press does not know the key {key:?}"),
    }
}

/// Decodes standard base64 (padding optional); `None` on another character.
fn base64_decode(text: &str) -> Option<Vec<u8>> {
    let mut bytes = Vec::with_capacity(text.len() / 4 * 3);
    let (mut bits, mut pending) = (0u32, 0u32);
    for c in text.bytes().filter(|&c| c != b'=') {
        let value = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        };
        bits = ((bits << 6) | u32::from(value)) & 0xFFFF;
        pending += 6;
        if pending >= 8 {
            pending -= 8;
            bytes.push((bits >> pending) as u8);
        }
    }
    Some(bytes)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_drives_a_page() {
    use axum::{Router, http::header, response::Html, routing::get};

    const RED: [u8; 3] = [255, 0, 0];
    const BLUE: [u8; 3] = [0, 0, 255];
    const PAGE: &str = r#"<!doctype html>
<html><body style="margin: 0; background: #fff">
<img id="board" src="/1.png" alt="board" style="display: block">
<script>
document.addEventListener('keydown', event => {
  const board = document.getElementById('board');
  if (event.key === 'ArrowLeft') { board.src = '/0.png'; location.hash = '#0'; }
  if (event.key === 'ArrowRight') { board.src = '/1.png'; location.hash = '#1'; }
});
</script>
</body></html>"#;

    fn solid_png([r, g, b]: [u8; 3]) -> Vec<u8> {
        let mut png = Vec::new();
        image::RgbImage::from_pixel(300, 200, image::Rgb([r, g, b]))
            .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
            .expect("encode a PNG");
        png
    }
    fn png_route(png: Vec<u8>) -> axum::routing::MethodRouter {
        get(move || std::future::ready(([(header::CONTENT_TYPE, "image/png")], png.clone())))
    }
    fn assert_centre(shot: &image::RgbaImage, colour: [u8; 3], when: &str) {
        assert_eq!(shot.dimensions(), (300, 200), "the screenshot {when} has the image's size");
        let pixel = shot.get_pixel(150, 100).0;
        let close = pixel[..3].iter().zip(colour).all(|(&got, want)| got.abs_diff(want) <= 8);
        assert!(close, "the centre {when} is {pixel:?}, not {colour:?}");
    }

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind a port for the test page");
    let address = listener.local_addr().expect("the test page's address");
    let app = Router::new()
        .route("/", get(|| async { Html(PAGE) }))
        .route("/0.png", png_route(solid_png(RED)))
        .route("/1.png", png_route(solid_png(BLUE)));
    tokio::spawn(async move { axum::serve(listener, app).await.expect("serve the test page") });

    let mut browser = Browser::launch().await;
    browser.open(&format!("http://{address}/")).await;
    browser.wait_for("document.getElementById('board').complete").await;
    assert_centre(&browser.screenshot_element("board").await, BLUE, "before the key press");

    browser.press("ArrowLeft").await;
    browser.wait_for("location.hash === '#0' && document.getElementById('board').complete").await;
    assert_eq!(browser.eval("document.getElementById('board').naturalWidth").await, json!(300));
    assert_centre(&browser.screenshot_element("board").await, RED, "after ArrowLeft");
}
