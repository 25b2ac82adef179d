//! The web page per game over real HTTP: every route's status, content type and cache
//! headers; boards and hands byte-equal to the pictures chat posted for the same
//! position; nothing hidden in the spectators' HTML, PNG or JSON of a running Carat and
//! Artifakes game; 404s for bad tokens and positions; 1,000 requests at once.

use std::{collections::HashMap, net::SocketAddr, sync::Arc};

use commands::{Audience, Host, HostOptions, Origin, Reply, User};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// One HTTP answer: status, headers (lower-case names), body.
pub struct Answer {
    pub status: u16,
    pub headers: HashMap<String, String>,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).map_or("", String::as_str)
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// `GET path` with extra request headers, over a fresh HTTP/1.1 connection.
pub async fn get(addr: SocketAddr, path: &str, extra: &[(&str, &str)]) -> Answer {
    request(addr, "GET", path, extra).await
}

/// `METHOD path` with extra request headers, over a fresh HTTP/1.1 connection.
pub async fn request(addr: SocketAddr, method: &str, path: &str, extra: &[(&str, &str)]) -> Answer {
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect to the web server");
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (name, value) in extra {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).await.expect("send the request");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.expect("read the answer");
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("an HTTP head");
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines.next().and_then(|l| l.split(' ').nth(1)).and_then(|s| s.parse().ok()).expect("a status line");
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Answer { status, headers, body: raw[split + 4..].to_vec() }
}

/// A host on a fresh database whose links point at the web server it serves.
pub struct Site {
    pub host: Arc<Host>,
    pub addr: SocketAddr,
    _dir: tempfile::TempDir,
}

impl Site {
    pub async fn start() -> Site {
        Site::start_with_clock(Arc::new(commands::base::clock::SystemClock)).await
    }

    /// [`Site::start`] with the host's clock.
    pub async fn start_with_clock(clock: Arc<dyn commands::base::clock::Clock>) -> Site {
        Site::start_with(clock, HostOptions::default()).await
    }

    /// [`Site::start`] with the host's clock and options (their `web_url` set here).
    pub async fn start_with(clock: Arc<dyn commands::base::clock::Clock>, options: HostOptions) -> Site {
        let dir = tempfile::tempdir().expect("a temp dir");
        let url = format!("sqlite://{}", dir.path().join("web.db").display());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("an address");
        let options = HostOptions { web_url: Some(format!("http://{addr}")), ..options };
        let host = Arc::new(Host::open_with_clock(&url, options, clock).await.expect("open the host"));
        let served = host.clone();
        tokio::spawn(async move { spieltisch::web::serve(listener, served).await });
        Site { host, addr, _dir: dir }
    }

    pub async fn say(&self, who: &str, line: &str) -> Vec<Reply> {
        self.host.handle(&origin(who), line).await
    }

    /// Plays the first legal move of whoever is to move (alice or bob); returns the
    /// replies of the accepted move.
    pub async fn play_first_legal(&self) -> Vec<Reply> {
        for who in ["alice", "bob"] {
            let origin = origin(who);
            let Ok(moves) = self.host.legal_moves(&origin, None, "").await else { continue };
            let Some(first) = moves.first() else { continue };
            let replies = self.host.handle(&origin, &format!("move {first}")).await;
            if !replies.iter().any(|r| r.refusal) {
                return replies;
            }
        }
        panic!("nobody could move");
    }
}

/// `who` speaking in the test's channel (not an admin).
fn origin(who: &str) -> Origin {
    Origin {
        platform: "terminal".into(),
        channel: "garden".into(),
        server: None,
        user: User::new(who, who),
        is_admin: false,
        lang: None,
    }
}

/// The path part (`/g/<token>`) of the link a reply carries.
fn link_path(reply: &Reply) -> String {
    let link = reply.link.as_ref().expect("the reply carries the game's link");
    let at = link.url.find("/g/").expect("a /g/ link");
    assert!(link.text.contains(&link.url), "the link's sentence names the URL: {}", link.text);
    link.url[at..].to_string()
}

fn channel_post(replies: &[Reply]) -> &Reply {
    replies.iter().find(|r| r.audience == Audience::Channel && r.file.is_some()).expect("a channel post with a board")
}

fn private_to<'a>(replies: &'a [Reply], user: &str) -> Option<&'a Reply> {
    replies.iter().find(|r| r.audience == Audience::User(user.into()))
}

/// Starts a two-player game of `game` between alice and bob; returns the start's replies.
async fn start(site: &Site, game: &str) -> Vec<Reply> {
    let invited = site.say("alice", &format!("new {game} @bob seed=11")).await;
    assert!(!invited.iter().any(|r| r.refusal), "{:?}", invited[0].text.plain());
    let started = site.say("bob", "join").await;
    assert!(started.iter().any(|r| r.text.plain().contains("begins")), "{:?}", started[0].text.plain());
    started
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_carat_game_is_shown_move_by_move_and_hides_the_hands() {
    let site = Site::start().await;
    let started = start(&site, "carat").await;
    let page = link_path(channel_post(&started));
    let alice_page = link_path(private_to(&started, "alice").expect("alice's hand"));
    let bob_page = link_path(private_to(&started, "bob").expect("bob's hand"));
    assert_ne!(page, alice_page);
    assert_ne!(alice_page, bob_page);
    assert!(page.len() == "/g/".len() + 32, "128 bits in hex: {page}");
    // The boards chat posted, position by position.
    let mut boards = vec![channel_post(&started).file.clone().expect("the start's board").bytes];
    let mut last_hands: HashMap<String, Vec<u8>> = HashMap::new();
    for user in ["alice", "bob"] {
        last_hands.insert(user.into(), private_to(&started, user).and_then(|r| r.file.clone()).expect("a hand").bytes);
    }
    for _ in 0..3 {
        let replies = site.play_first_legal().await;
        boards.push(channel_post(&replies).file.clone().expect("a board").bytes);
        for user in ["alice", "bob"] {
            if let Some(hand) = private_to(&replies, user).and_then(|r| r.file.clone()) {
                last_hands.insert(user.into(), hand.bytes);
            }
        }
    }
    // `board` carries the spectators' link, the same one.
    let board = site.say("bob", "board").await;
    assert_eq!(link_path(&board[0]), page);

    let html = get(site.addr, &page, &[]).await;
    assert_eq!(html.status, 200);
    assert_eq!(html.header("content-type"), "text/html; charset=utf-8");
    assert_eq!(html.header("cache-control"), "no-cache");
    assert_eq!(html.header("referrer-policy"), "no-referrer");
    assert!(html.header("content-security-policy").contains("script-src 'self'"));
    let text = html.text();
    assert!(text.contains("<title>Game #1: Carat · Spieltisch</title>"), "{text}");
    assert!(text.contains("<p id=\"position\">Position 3 of 3</p>"), "{text}");
    assert!(text.contains("max=\"3\" value=\"3\""), "the slider spans positions 0 to 3");
    assert_eq!(text.matches("<li class=\"current\"><a href=\"#3\">").count(), 1, "the last move is marked");
    assert_eq!(text.matches("<a href=\"#").count(), 3, "three moves listed");
    // Two players alternate: the first mover moved first and third, the other is to move.
    let mover = |n: usize| {
        let start = format!("<a href=\"#{n}\">");
        let line = text.lines().find(|l| l.contains(&start)).expect("a listed move");
        if line.contains(&format!("{start}alice: ")) { "alice" } else if line.contains(&format!("{start}bob: ")) { "bob" } else { panic!("{line}") }
    };
    let (first, second) = (mover(1), mover(2));
    assert_ne!(first, second);
    assert_eq!(mover(3), first);
    let moving = text.lines().find(|l| l.starts_with("<li class=\"to-move\">")).expect("a player to move");
    assert!(moving.starts_with(&format!("<li class=\"to-move\">{second} · ")), "{moving}");
    assert!(moving.contains(" point") && moving.ends_with(" · to move (3 days left)</li>"), "{moving}");
    assert!(text.contains(&format!("<p class=\"status\">It is {second}'s turn.</p>")), "{text}");
    assert!(!text.contains("id=\"hand\""), "the spectators' page shows no hand");
    assert!(text.contains("This page follows the game"), "a running game's page follows it");

    // Every position's board is the picture chat posted for it.
    for (n, posted) in boards.iter().enumerate() {
        let png = get(site.addr, &format!("{page}/{n}.png?t=0"), &[]).await;
        assert_eq!(png.status, 200, "position {n}");
        assert_eq!(png.header("content-type"), "image/png");
        assert_eq!(png.header("cache-control"), "public, max-age=31536000, immutable");
        assert!(png.header("etag").starts_with('"'), "a strong ETag");
        assert!(&png.body == posted, "position {n} is the board chat posted after {n} moves");
        let again = get(site.addr, &format!("{page}/{n}.png"), &[("If-None-Match", png.header("etag"))]).await;
        assert_eq!(again.status, 304, "a cached board is not sent again");
        assert!(again.body.is_empty());
    }
    let past = get(site.addr, &format!("{page}/4.png"), &[]).await;
    assert_eq!(past.status, 404);
    assert_eq!(past.header("content-type"), "text/html; charset=utf-8");
    assert!(past.text().contains("There is no such game page, or no such position"), "{}", past.text());

    // The record: the moves, but no setup and no seed while the game runs.
    let record = get(site.addr, &format!("{page}/record.json"), &[]).await;
    assert_eq!(record.status, 200);
    assert_eq!(record.header("content-type"), "application/json");
    let json: serde_json::Value = serde_json::from_slice(&record.body).expect("JSON");
    assert_eq!(json["game"], "carat");
    assert_eq!(json["players"], serde_json::json!(["alice", "bob"]));
    assert_eq!(json["moves"].as_array().map(Vec::len), Some(3));
    assert!(json.get("seed").is_none() && json.get("setup").is_none(), "{json}");
    let version = get(site.addr, &format!("{page}/version.json"), &[]).await;
    assert_eq!(version.header("cache-control"), "no-store");
    assert_eq!(serde_json::from_slice::<serde_json::Value>(&version.body).expect("JSON"), serde_json::json!({"seq": 3, "takebacks": 0, "finished": false}));

    // Hands: only on the player's own link, and the one chat sent them.
    assert_eq!(get(site.addr, &format!("{page}/hand.png"), &[]).await.status, 404, "spectators have no hand");
    for (user, own) in [("alice", &alice_page), ("bob", &bob_page)] {
        let mine = get(site.addr, own, &[]).await;
        assert!(mine.text().contains("<img id=\"hand\" src=\"") && mine.text().contains("\" alt=\"Your hand\">"), "{user}'s page shows the hand, named: {}", mine.text());
        let hand = get(site.addr, &format!("{own}/hand.png"), &[]).await;
        assert_eq!(hand.status, 200);
        assert_eq!(hand.header("cache-control"), "private, no-store");
        assert!(hand.body == last_hands[user], "{user}'s hand is the one chat sent them last");
    }

    // German, by the query or by the browser.
    let de = get(site.addr, &format!("{page}?lang=de"), &[]).await.text();
    assert!(de.contains("<html lang=\"de\">") && de.contains("Stellung 3 von 3") && de.contains("Partie #1: Carat"), "{de}");
    let browser = get(site.addr, &page, &[("Accept-Language", "de-DE,de;q=0.9,en;q=0.5")]).await.text();
    assert!(browser.contains("<html lang=\"de\">"));

    // Bad tokens and paths.
    for bad in ["/g/00000000000000000000000000000000", "/g/nothing", "/g/../../etc/passwd", "/nowhere", "/g/"] {
        assert_eq!(get(site.addr, bad, &[]).await.status, 404, "{bad}");
    }
    for bad in ["/x.png", "/-1.png", "/1.5.png", "/99999999999.png", "/record.xml"] {
        assert_eq!(get(site.addr, &format!("{page}{bad}"), &[]).await.status, 404, "{bad}");
    }
    let script = get(site.addr, "/static/page.js", &[]).await;
    assert_eq!((script.status, script.header("content-type")), (200, "text/javascript; charset=utf-8"));

    // The end: the whole record, and the page says it is over.
    site.say("bob", "resign").await;
    let json: serde_json::Value = serde_json::from_slice(&get(site.addr, &format!("{page}/record.json"), &[]).await.body).expect("JSON");
    assert_eq!(json["seed"], 11, "a finished game's record is whole");
    let over = get(site.addr, &page, &[]).await.text();
    assert!(over.contains("The game is over.") && over.contains("Game #1 is over: alice wins, bob resigned."), "{over}");
    assert!(!over.contains("class=\"to-move\""), "nobody is to move after the end: {over}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_artifakes_game_shows_no_hand_but_the_owners() {
    let site = Site::start().await;
    let started = start(&site, "artifakes").await;
    let page = link_path(channel_post(&started));
    // Nothing dealt at the start: each player gets their own link in a private line.
    let alice_page = link_path_or_line(private_to(&started, "alice").expect("alice's own link"));
    let bob_page = link_path_or_line(private_to(&started, "bob").expect("bob's own link"));
    // Play on until the excavation: cards in hand.
    let mut hands: HashMap<String, String> = HashMap::new();
    for _ in 0..60 {
        let replies = site.play_first_legal().await;
        for user in ["alice", "bob"] {
            if let Some(reply) = private_to(&replies, user) {
                hands.insert(user.into(), reply.text.plain());
            }
        }
        if hands.len() == 2 {
            break;
        }
    }
    assert_eq!(hands.len(), 2, "both players were dealt cards");
    let html = get(site.addr, &page, &[]).await.text();
    assert!(!html.contains("id=\"hand\""), "{html}");
    let record = get(site.addr, &format!("{page}/record.json"), &[]).await;
    let json: serde_json::Value = serde_json::from_slice(&record.body).expect("JSON");
    assert!(json.get("seed").is_none() && json.get("setup").is_none(), "the pile stays hidden: {json}");
    assert_eq!(get(site.addr, &format!("{page}/hand.png"), &[]).await.status, 404);
    let alice = get(site.addr, &format!("{alice_page}/hand.png"), &[]).await;
    let bob = get(site.addr, &format!("{bob_page}/hand.png"), &[]).await;
    assert_eq!((alice.status, bob.status), (200, 200));
    assert!(alice.body != bob.body, "each link shows its own player's hand");
    let last = json["moves"].as_array().map_or(0, Vec::len);
    let board = get(site.addr, &format!("{page}/{last}.png"), &[]).await;
    let posted = site.say("bob", "board").await;
    assert!(board.body == posted[0].file.clone().expect("a board").bytes, "the latest board is the one `board` posts");
}

/// The path of a player's own link: on their hand's reply, or in a line of its own.
fn link_path_or_line(reply: &Reply) -> String {
    if reply.link.is_some() {
        return link_path(reply);
    }
    let text = reply.text.plain();
    let at = text.find("/g/").expect("a link in the line");
    text[at..at + 3 + 32].to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_requests_at_once_are_all_answered() {
    let site = Site::start().await;
    let started = start(&site, "carat").await;
    let page = link_path(channel_post(&started));
    site.play_first_legal().await;
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..1000 {
        let addr = site.addr;
        let path = match i % 4 {
            0 => page.clone(),
            1 => format!("{page}/1.png"),
            2 => format!("{page}/version.json"),
            _ => format!("{page}/0.png"),
        };
        tasks.spawn(async move { get(addr, &path, &[]).await.status });
    }
    let mut statuses = HashMap::new();
    while let Some(status) = tasks.join_next().await {
        *statuses.entry(status.expect("a request task")).or_insert(0) += 1;
    }
    assert_eq!(statuses, HashMap::from([(200, 1000)]));
}

/// The share of pixels of `a` and `b` (same size) whose channels differ by at most 8.
fn alike(a: &image::RgbaImage, b: &image::RgbaImage) -> f64 {
    assert_eq!(a.dimensions(), b.dimensions());
    let same = a
        .pixels()
        .zip(b.pixels())
        .filter(|(p, q)| p.0.iter().zip(q.0.iter()).all(|(x, y)| x.abs_diff(*y) <= 8))
        .count();
    same as f64 / f64::from(a.width() * a.height())
}

/// A real browser (Debian's Chromium, installed by scripts/chromium.sh when missing)
/// opens a game's page at its latest position, steps back with the arrow key, and
/// shows the board of the position before: the screenshot of the board is that
/// position's PNG (and not the latest one).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_steps_back_with_the_arrow_key() {
    let site = Site::start().await;
    let started = start(&site, "carat").await;
    let page = link_path(channel_post(&started));
    let mut boards = vec![channel_post(&started).file.clone().expect("a board").bytes];
    for _ in 0..2 {
        boards.push(channel_post(&site.play_first_legal().await).file.clone().expect("a board").bytes);
    }
    let decode = |png: &[u8]| image::load_from_memory(png).expect("a PNG").to_rgba8();
    let mut browser = crate::browser::Browser::launch().await;
    browser.open(&format!("http://{}{page}?lang=en", site.addr)).await;
    browser.wait_for("document.getElementById('board').complete && location.hash === '#2'").await;
    let latest = browser.screenshot_element("board").await;
    let want_latest = decode(&boards[2]);
    let size = want_latest.dimensions();
    assert_eq!(latest.dimensions(), size, "the board is shown at its own size");
    assert!(alike(&latest, &want_latest) > 0.99, "the page opens on the latest board");

    browser.press("ArrowLeft").await;
    browser.wait_for("location.hash === '#1' && document.getElementById('board').complete && document.getElementById('board').src.includes('/1.png')").await;
    let shown = browser.screenshot_element("board").await;
    let before = decode(&boards[1]);
    assert!(alike(&shown, &before) > 0.99, "after ArrowLeft the board is position 1's: {:.4}", alike(&shown, &before));
    assert!(alike(&shown, &want_latest) < alike(&shown, &before), "and not the latest one");
    let label = browser.eval("document.getElementById('position').textContent").await;
    assert_eq!(label, serde_json::json!("Position 1 of 2"));
    let current = browser.eval("document.querySelector('#moves li.current a').getAttribute('href')").await;
    assert_eq!(current, serde_json::json!("#1"), "the move list marks move 1");

    // A link to a position opens there.
    browser.open(&format!("http://{}{page}#0", site.addr)).await;
    browser.wait_for("document.getElementById('board').complete && document.getElementById('board').src.includes('/0.png')").await;
    let start_shot = browser.screenshot_element("board").await;
    assert!(alike(&start_shot, &decode(&boards[0])) > 0.99, "#0 shows the start");
}

/// A player's own page lays the hand out at the page's width (issue 41: it was squeezed
/// into the right column, its words tiny) — on a phone right under the board, before
/// the list — and the step buttons and the slider stay on one row at phone width.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_players_page_shows_the_hand_wide_and_the_buttons_in_one_row() {
    let site = Site::start().await;
    let started = start(&site, "carat").await;
    let own = link_path_or_line(private_to(&started, "alice").expect("alice's own link"));
    let mut browser = crate::browser::Browser::launch().await;
    let rect = |id: &str| format!("(() => {{ const r = document.getElementById('{id}').getBoundingClientRect(); return [r.left, r.top, r.width, r.bottom]; }})()");
    let numbers = |v: serde_json::Value| -> Vec<f64> { v.as_array().expect("an array").iter().map(|n| n.as_f64().expect("a number")).collect() };
    for (width, phone) in [(360, true), (1400, false)] {
        browser.set_window(width, 900, phone).await;
        browser.open(&format!("http://{}{own}?lang=en", site.addr)).await;
        browser.wait_for("document.getElementById('hand').complete && document.getElementById('hand').naturalWidth > 0 && document.getElementById('board').complete").await;
        let page = browser.eval("document.documentElement.clientWidth").await.as_f64().expect("a width");
        let (board, hand, moves) = (numbers(browser.eval(&rect("board")).await), numbers(browser.eval(&rect("hand")).await), numbers(browser.eval(&rect("moves")).await));
        let natural = browser.eval("document.getElementById('hand').naturalWidth").await.as_f64().expect("a width");
        // As wide as the page allows (its own width, or the page's less the margins).
        assert!(hand[2] >= natural.min(page - 40.0), "{width} px: the hand is {} px wide of {page} (natural {natural})", hand[2]);
        assert!(hand[1] >= board[3], "{width} px: the hand is under the board: {hand:?} {board:?}");
        if phone {
            assert!(hand[3] <= moves[1], "on a phone the hand comes before the move list: {hand:?} {moves:?}");
            let tops = numbers(browser.eval("['first','prev','slider','next','last'].map(id => { const r = document.getElementById(id).getBoundingClientRect(); return r.top + r.height / 2; })").await);
            let (low, high) = tops.iter().fold((f64::MAX, f64::MIN), |(lo, hi), &t| (lo.min(t), hi.max(t)));
            assert!(high - low < 4.0, "one row of controls at {width} px: {tops:?}");
            let inside = browser.eval("document.getElementById('last').getBoundingClientRect().right <= document.documentElement.clientWidth").await;
            assert_eq!(inside, serde_json::json!(true), "the controls fit the width");
        } else {
            assert!(hand[1] >= moves[3] || hand[1] >= board[3], "on a wide screen the hand is under board and list");
        }
    }
}

/// `spieltisch local --web` serves the terminal's games: the start and `board` print
/// the link, with the port actually bound (`:0` picks a free one); without `--web`
/// nothing mentions a page.
#[test]
fn the_terminal_prints_the_link_with_web() {
    let place = crate::support::Place::new();
    let db = place.db_url();
    let boards = place.boards().display().to_string();
    let script = "new carat @bob seed=3\nas bob\njoin\nboard\n";
    let args = ["local", "--db", &db, "--boards", &boards, "--as", "alice", "--web", "127.0.0.1:0"];
    let run = crate::support::spieltisch(place.path(), &args, script, &[]);
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let links: Vec<&str> = run.stdout.lines().filter(|l| l.trim_start().starts_with("Game page (every move, live): http://127.0.0.1:")).collect();
    assert_eq!(links.len(), 2, "the start and `board` carry the link:\n{}", run.stdout);
    assert_eq!(links[0], links[1], "the same link both times");
    assert!(!links[0].contains("127.0.0.1:0/"), "the bound port, not 0: {}", links[0]);
    let token = links[0].rsplit("/g/").next().unwrap_or_default();
    assert!(token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit()), "{token}");
    let own = run.stdout.lines().filter(|l| l.contains("Your own game page, with your hand (keep it to yourself): http://")).count();
    assert_eq!(own, 1, "bob reads his own link with his hand (alice's waits for `as alice`):\n{}", run.stdout);
    let plain = place.local("board\n");
    assert!(!plain.stdout.contains("/g/"), "without --web no link: {}", plain.stdout);
}

/// `--web` takes a host name (`localhost:0`), and refuses an address for every
/// interface without a `public_url`: its links (`http://0.0.0.0:…`) would open nothing.
#[test]
fn the_terminal_web_address_may_be_a_name_but_not_every_interface() {
    let place = crate::support::Place::new();
    let db = place.db_url();
    let boards = place.boards().display().to_string();
    let args = ["local", "--db", &db, "--boards", &boards, "--as", "alice", "--web", "localhost:0"];
    let run = crate::support::spieltisch(place.path(), &args, "new carat seed=3\n", &[]);
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    assert!(run.stderr.contains("game pages at http://127.0.0.1:") || run.stderr.contains("game pages at http://[::1]:"), "{}", run.stderr);
    let args = ["local", "--db", &db, "--boards", &boards, "--as", "alice", "--web", "0.0.0.0:0"];
    let run = crate::support::spieltisch(place.path(), &args, "board\n", &[]);
    assert_eq!(run.code, Some(1), "{}\n{}", run.stdout, run.stderr);
    assert!(run.stderr.contains("the web page listens on every address (0.0.0.0:") && run.stderr.contains("set [web] public_url"), "{}", run.stderr);
    let args = ["local", "--db", &db, "--as", "alice", "--web", "no such host:80"];
    let run = crate::support::spieltisch(place.path(), &args, "board\n", &[]);
    assert_ne!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.contains("--web \"no such host:80\" is no address to listen on"), "{}", run.stderr);
}

/// A running Carat game and a second server of the same host with `limits`: the site
/// (its own server unbounded), the game page's path, and the bounded server's address.
async fn bounded(limits: spieltisch::web::Limits) -> (Site, String, SocketAddr) {
    let site = Site::start().await;
    let started = start(&site, "carat").await;
    let page = link_path(channel_post(&started));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("an address");
    let host = site.host.clone();
    tokio::spawn(async move { spieltisch::web::serve_bounded(listener, host, limits).await });
    (site, page, addr)
}

/// Connections that send nothing do not pile up: beyond the limit they wait unaccepted,
/// and each is closed after the idle time, after which the page is served again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_connections_are_bounded_and_closed() {
    let idle = std::time::Duration::from_millis(600);
    let (_site, page, addr) = bounded(spieltisch::web::Limits { connections: 4, idle, lifetime: std::time::Duration::from_secs(60) }).await;
    // Four silent clients take every slot.
    let mut silent = Vec::new();
    for _ in 0..4 {
        silent.push(tokio::net::TcpStream::connect(addr).await.expect("connect"));
    }
    // A fifth request waits until the silent ones are closed, then is answered.
    let waited = tokio::time::Instant::now();
    let answer = tokio::time::timeout(std::time::Duration::from_secs(10), get(addr, &page, &[])).await.expect("answered in time");
    assert_eq!(answer.status, 200);
    assert!(waited.elapsed() >= std::time::Duration::from_millis(500), "it had to wait for a slot: {:?}", waited.elapsed());
    // The silent ones were closed by the server: reading gives the end of the stream.
    for mut stream in silent {
        let mut byte = [0u8; 1];
        let read = tokio::time::timeout(std::time::Duration::from_secs(5), stream.read(&mut byte)).await.expect("closed in time");
        assert!(matches!(read, Ok(0) | Err(_)), "a silent connection is closed: {read:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_players_list_marks_who_left_and_a_move_whose_time_is_up() {
    let clock = Arc::new(commands::base::clock::ManualClock::at(1_780_000_000_000));
    let site = Site::start_with_clock(clock.clone()).await;
    let invited = site.say("alice", "new carat @bob @carol seed=11").await;
    assert!(!invited.iter().any(|r| r.refusal), "{:?}", invited[0].text.plain());
    site.say("bob", "join").await;
    let started = site.say("carol", "join").await;
    assert!(started.iter().any(|r| r.text.plain().contains("begins")), "{:?}", started[0].text.plain());
    let page = link_path(channel_post(&started));
    let resigned = site.say("bob", "resign").await;
    assert!(!resigned.iter().any(|r| r.refusal), "{:?}", resigned[0].text.plain());
    let text = get(site.addr, &page, &[]).await.text();
    let bob = text.lines().find(|l| l.contains(">bob · ")).expect("bob is listed");
    assert!(bob.starts_with("<li class=\"left\">bob · ") && bob.ends_with(" · left the game</li>"), "{bob}");
    let moving = text.lines().find(|l| l.starts_with("<li class=\"to-move\">")).expect("a player to move");
    assert!(moving.ends_with(" · to move (3 days left)</li>"), "{moving}");
    // Three days and a minute later the move's time has run out (nobody has ended the
    // turn yet): the page says so instead of "0 minutes left".
    clock.advance(3 * 86_400_000 + 60_000);
    let text = get(site.addr, &page, &[]).await.text();
    let moving = text.lines().find(|l| l.starts_with("<li class=\"to-move\">")).expect("a player to move");
    assert!(moving.ends_with(" · to move (time is up)</li>"), "{moving}");
    let german = get(site.addr, &format!("{page}?lang=de"), &[]).await.text();
    assert!(german.contains(" · hat das Spiel verlassen</li>"), "{german}");
    assert!(german.contains(" · am Zug (Zeit abgelaufen)</li>"), "{german}");
}

/// The security headers were set by each handler, so answers made elsewhere lacked them:
/// axum's `405` for a `POST`, and its plain-text `400` "Invalid URL: Invalid UTF-8 in
/// `token`" for `/g/%FF%FE`. Now an outermost layer sets them on every answer, and a
/// token that is not UTF-8 is a `404` page like any unknown token.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_answer_carries_the_security_headers() {
    let site = Site::start().await;
    let started = start(&site, "carat").await;
    let page = link_path(channel_post(&started));
    let secured = |answer: &Answer, what: &str| {
        assert_eq!(answer.header("referrer-policy"), "no-referrer", "{what}");
        assert_eq!(answer.header("x-content-type-options"), "nosniff", "{what}");
        assert_eq!(answer.header("x-robots-tag"), "noindex, nofollow", "{what}");
    };
    let posted = request(site.addr, "POST", &page, &[("Content-Length", "0")]).await;
    assert_eq!(posted.status, 405, "POST {page}");
    secured(&posted, "POST");
    for path in ["/g/%FF%FE".to_string(), format!("{page}/%FF.png"), "/g/%FF%FE/version.json".to_string()] {
        let answer = get(site.addr, &path, &[]).await;
        assert_eq!((answer.status, answer.header("content-type")), (404, "text/html; charset=utf-8"), "{path}: {}", answer.text());
        secured(&answer, &path);
    }
    for path in [page.clone(), format!("{page}/0.png"), format!("{page}/version.json"), "/static/page.css".to_string(), "/nowhere".to_string()] {
        let answer = get(site.addr, &path, &[]).await;
        secured(&answer, &path);
    }
}

/// A game of an open Hathor challenge has no page (its board would help the others), but
/// `version.json` answered 200 with its move number while the page, boards, hand and
/// record gave 404. Now every route hides it alike, until the challenge closes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_an_open_challenge_has_no_route_at_all() {
    let site = Site::start().await;
    let opened = site.say("alice", "new hathor challenge seed=5").await;
    let game = opened.iter().find_map(|r| r.game).expect("the challenge's game for alice").id;
    let token = "0123456789abcdef0123456789abcdef";
    let link = commands::store::web::WebLink { game, seat: None };
    assert_eq!(site.host.db().web_token(link, token).await.expect("a token"), token);
    let row = site.host.db().game(game).await.expect("read").expect("the game");
    assert_eq!(row.status, commands::store::Status::Running, "alice plays at once");
    for file in ["", "/version.json", "/record.json", "/0.png", "/hand.png"] {
        let answer = get(site.addr, &format!("/g/{token}{file}"), &[]).await;
        assert_eq!(answer.status, 404, "/g/<token>{file}: {}", answer.text());
    }
}

/// A client that sends a byte now and then, or sends requests and never reads the
/// answers, held its slot for ever (only a connection sending nothing was closed), so
/// 512 of them kept the page unreachable. Now a connection reads requests only for its
/// lifetime and is closed once its answer cannot be written for the idle time: with
/// every slot taken by such clients, a new request is answered after about lifetime +
/// idle (here 1.5 s + 1 s; the test allows 8 s, far below "never").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn trickling_and_unread_connections_are_closed_after_their_lifetime() {
    use std::time::Duration;
    let (_site, page, addr) = bounded(spieltisch::web::Limits { connections: 4, idle: Duration::from_secs(1), lifetime: Duration::from_millis(1500) }).await;
    // Two clients send a request a byte every 200 ms, for ever (well below the idle time).
    let mut trickling = Vec::new();
    for _ in 0..2 {
        let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
        let line = format!("GET {page} HTTP/1.1\r\nHost: x\r\nX-Slow: ");
        trickling.push(tokio::spawn(async move {
            let bytes = line.into_bytes().into_iter().chain(std::iter::repeat(b'a'));
            for byte in bytes {
                if stream.write_all(&[byte]).await.is_err() {
                    return tokio::time::Instant::now();
                }
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            unreachable!("an endless header")
        }));
    }
    // Two clients send 400 requests for a board at once and never read an answer:
    // the answers fill the socket buffers and the server's writes wait.
    let mut unread = Vec::new();
    let board = format!("GET {page}/0.png HTTP/1.1\r\nHost: x\r\n\r\n").repeat(400);
    for _ in 0..2 {
        let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
        stream.write_all(board.as_bytes()).await.expect("send the requests");
        unread.push(stream);
    }
    let waited = tokio::time::Instant::now();
    let answer = tokio::time::timeout(Duration::from_secs(8), get(addr, &page, &[])).await.expect("answered while they go on");
    assert_eq!(answer.status, 200);
    assert!(waited.elapsed() >= Duration::from_millis(1000), "it had to wait for a slot: {:?}", waited.elapsed());
    for client in trickling {
        let cut = tokio::time::timeout(Duration::from_secs(8), client).await.expect("the trickling client was cut off").expect("task");
        assert!(cut.duration_since(waited) < Duration::from_secs(8));
    }
    drop(unread);
}

/// Clients that send many requests and never read the answers are closed once the
/// server could write nothing to them for the idle time, long before their lifetime.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_whose_answers_are_not_read_are_closed_after_the_idle_time() {
    use std::time::Duration;
    let (site, page, addr) = bounded(spieltisch::web::Limits { connections: 2, idle: Duration::from_secs(1), lifetime: Duration::from_secs(600) }).await;
    let png = get(site.addr, &format!("{page}/0.png"), &[]).await.body.len();
    // Enough answers to fill any socket buffers (more than 64 MB in all).
    let count = (64 << 20) / png + 1;
    let board = format!("GET {page}/0.png HTTP/1.1\r\nHost: x\r\n\r\n").repeat(count);
    let waited = tokio::time::Instant::now();
    let mut unread = Vec::new();
    for _ in 0..2 {
        let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
        let requests = board.clone();
        unread.push(tokio::spawn(async move {
            let _ = stream.write_all(requests.as_bytes()).await;
            tokio::time::sleep(Duration::from_secs(30)).await;
            drop(stream);
        }));
    }
    let answer = tokio::time::timeout(Duration::from_secs(10), get(addr, &page, &[])).await.expect("answered long before the lifetime");
    assert_eq!(answer.status, 200);
    assert!(waited.elapsed() >= Duration::from_millis(900), "it had to wait for a slot: {:?}", waited.elapsed());
    for client in unread {
        client.abort();
    }
}

/// Issue 38: the page's links to its static files were made by rewriting `STATIC/` in
/// the finished page, escaped user text included, so a player named `STATIC/x` was shown
/// as `../static/x`; and `01.png` and `%31.png` served board 1 under other names. Now a
/// name shows as typed, and each position has one address.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_name_shows_as_typed_and_each_board_has_one_address() {
    let site = Site::start().await;
    let invited = site.say("STATIC/x", "new carat @bob seed=11").await;
    assert!(!invited.iter().any(|r| r.refusal), "{:?}", invited[0].text.plain());
    let started = site.say("bob", "join").await;
    let page = link_path(channel_post(&started));
    site.play_first_legal().await;
    let text = get(site.addr, &page, &[]).await.text();
    assert!(text.contains("<li class=\"to-move\">STATIC/x · ") || text.contains("<li>STATIC/x · "), "{text}");
    assert!(!text.contains("../static/x"), "{text}");
    assert!(text.contains("<link rel=\"stylesheet\" href=\"../static/page.css\">"), "{text}");
    assert_eq!(get(site.addr, &format!("{page}/1.png"), &[]).await.status, 200);
    assert_eq!(get(site.addr, &format!("{page}/0.png"), &[]).await.status, 200);
    for other in ["01.png", "%31.png", "00.png", "1%2Epng", "hand%2Epng"] {
        assert_eq!(get(site.addr, &format!("{page}/{other}"), &[]).await.status, 404, "{other}");
    }
}

/// Issue 41: the link of a finished game still read "Game page (every move, live)";
/// its page no longer follows anything. Now a finished game's link says so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_link_does_not_promise_a_live_page() {
    let site = Site::start().await;
    start(&site, "carat").await;
    let running = site.say("alice", "board").await;
    let link = running[0].link.as_ref().expect("a link");
    assert!(link.text.starts_with("Game page (every move, live): http://"), "{}", link.text);
    site.say("bob", "resign").await;
    // `board` right after the end shows the game that ended here (issue 41).
    let over = site.say("alice", "board").await;
    assert!(over[0].text.plain().contains("bob resigned"), "{}", over[0].text.plain());
    let link = over[0].link.as_ref().expect("a link");
    assert!(link.text.starts_with("Game page (every move): http://"), "{}", link.text);
    let german = site.host.handle(&Origin { lang: Some(commands::Lang::De), ..origin("alice") }, "brett #1").await;
    let link = german[0].link.as_ref().expect("a link");
    assert!(link.text.starts_with("Partieseite (jeder Zug): http://"), "{}", link.text);
}

/// A finished game's page shows its review once computed (issue 44): the graph under the
/// board, the marked moves named in the list, and "Next mistake" steps to the position
/// after the next marked move; `review.png` is there only once the review is.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reviewed_game_shows_its_graph_marks_and_steps_to_the_next_mistake() {
    let clock = Arc::new(commands::base::clock::SystemClock);
    let site = Site::start_with(clock, HostOptions { review_level: ai::Level::Easy, ..HostOptions::default() }).await;
    let started = start(&site, "carat").await;
    let page = link_path(channel_post(&started));
    for _ in 0..36 {
        site.play_first_legal().await;
    }
    let graph = get(site.addr, &format!("{page}/review.png"), &[]).await;
    assert_eq!(graph.status, 404, "no review yet");
    let asked = site.say("carol", "review").await;
    assert!(asked[0].text.plain().starts_with("Reviewing game #1 (36 moves)"), "{}", asked[0].text.plain());
    let mut posted = Vec::new();
    for _ in 0..10 {
        posted.extend(site.host.due_notices(site.host.now()).await.into_iter().filter(|n| n.reply.text.plain().starts_with("Review of game #1")));
        if !posted.is_empty() {
            break;
        }
    }
    assert_eq!(posted.len(), 1);
    let text = posted[0].reply.text.plain();
    let graph = get(site.addr, &format!("{page}/review.png?lang=en"), &[]).await;
    assert_eq!((graph.status, graph.header("content-type")), (200, "image/png"));
    assert_eq!(graph.body, posted[0].reply.file.as_ref().expect("the posted graph").bytes, "the page's graph is the posted one");
    let html = get(site.addr, &format!("{page}?lang=en"), &[]).await.text();
    assert!(html.contains("<img id=\"review\""), "{html}");
    // Every turning point the review names is marked in the list, under its number.
    for line in text.lines().filter(|l| l.starts_with("move ")) {
        let number: usize = line["move ".len()..].split(',').next().and_then(|n| n.parse().ok()).expect("a move number");
        let mark = ["blunder", "mistake", "inaccuracy"].into_iter().find(|m| line.contains(&format!("({m})"))).expect("a mark");
        assert!(html.contains(&format!("class=\"mark {mark}\"><a href=\"#{number}\">")) || html.contains(&format!("class=\"current mark {mark}\"><a href=\"#{number}\">")), "move {number} marked {mark} in {html}");
    }
    let mut browser = crate::browser::Browser::launch().await;
    for (width, phone) in [(360, true), (1400, false)] {
        browser.set_window(width, 900, phone).await;
        browser.open(&format!("http://{}{page}?lang=en#0", site.addr)).await;
        browser.wait_for("document.getElementById('review').complete && document.getElementById('review').naturalWidth > 0 && location.hash === '#0'").await;
        let first = browser.eval("Array.from(document.querySelectorAll('#moves li')).findIndex(li => li.classList.contains('mark')) + 1").await;
        browser.eval("document.getElementById('next-mark').click(), 0").await;
        browser.wait_for(&format!("location.hash === '#{first}'")).await;
        let under = browser.eval("document.getElementById('review').getBoundingClientRect().top >= document.getElementById('board').getBoundingClientRect().bottom").await;
        assert_eq!(under, serde_json::json!(true), "{width} px: the graph is under the board");
        let fits = browser.eval("document.getElementById('review').getBoundingClientRect().right <= document.documentElement.clientWidth").await;
        assert_eq!(fits, serde_json::json!(true), "{width} px: the graph fits the page");
        browser.eval("document.getElementById('prev-mark').click(), 0").await;
        browser.wait_for(&format!("location.hash === '#{first}'")).await;
    }
}

/// A hostile player name is text on the game page (issue 43: the page is a compiled
/// template that escapes every value): its `<`, `>`, `&` and `"` come out as entities
/// wherever the name is written (the players, whose turn, the move list), and the page
/// has no element the name would have made.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hostile_name_is_escaped_on_the_game_page() {
    let site = Site::start().await;
    let evil = r#"<img src=x onerror="alert(1)">&amp;"#;
    // By hand: & → &amp; first, then < > " (the `'` needs no escape in text or a
    // double-quoted attribute, and maud leaves it).
    let escaped = "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;amp;";
    let invited = site.host.handle(&Origin { user: User::new("eve", evil), ..origin("eve") }, "new carat @bob seed=11").await;
    assert!(!invited.iter().any(|r| r.refusal), "{:?}", invited[0].text.plain());
    let started = site.say("bob", "join").await;
    let page = link_path(channel_post(&started));
    for who in ["eve", "bob"] {
        let origin = Origin { user: User::new(who, if who == "eve" { evil } else { "bob" }), ..origin(who) };
        if let Ok(moves) = site.host.legal_moves(&origin, None, "").await
            && let Some(first) = moves.first()
        {
            site.host.handle(&origin, &format!("move {first}")).await;
            break;
        }
    }
    let text = get(site.addr, &page, &[]).await.text();
    assert!(!text.contains("<img src=x"), "{text}");
    assert!(!text.contains("onerror=\"alert"), "{text}");
    assert!(text.contains(&format!("<li>{escaped} · ")) || text.contains(&format!("<li class=\"to-move\">{escaped} · ")), "{text}");
    assert!(text.contains(&format!("<a href=\"#1\">{escaped}: ")) || text.contains(&format!("<p class=\"status\">It is {escaped}'s turn.</p>")), "{text}");
    assert_eq!(text.matches("<img ").count(), 1, "only the board is an image: {text}");
}

/// The path part (`/t/<token>`) of a tournament post's link.
fn tournament_path(replies: &[Reply]) -> String {
    let link = replies.iter().find_map(|r| r.link.as_ref()).expect("a post with the tournament's link");
    assert!(link.text.starts_with("Tournament page (standings, rounds, every game): http://"), "{}", link.text);
    let at = link.url.find("/t/").expect("a /t/ link");
    link.url[at..].to_string()
}

/// The `href` of the `<a>` at the start of the line of `html` that contains `text`.
fn game_href(html: &str, text: &str) -> String {
    let line = html.lines().find(|l| l.contains(text)).unwrap_or_else(|| panic!("no line with {text:?} in {html}"));
    let start = line.find("<a href=\"").expect("a link") + "<a href=\"".len();
    line[start..start + line[start..].find('"').expect("a closing quote")].to_string()
}

/// Issue 39: a tournament's page (`/t/<token>`) after round 1 of a Swiss of five, all
/// signed up in this order: alice 1, bob 2, carol 3, dave 4, erin 5. Round 1 by the Dutch
/// system: the bye to the lowest-ranked (erin), then S1 {1, 2} against S2 {3, 4}, colours
/// alternating by board from White for rank 1: alice – carol, dave – bob. carol and dave
/// resign. Standings by hand: alice, bob and erin 1 point; Buchholz: alice's only
/// opponent carol 0, bob's dave 0, erin none (a bye adds nothing): 0 each, cut 1 also 0;
/// carol's and dave's opponent has 1: Buchholz 1, cut 1 (less the lowest, that 1) 0;
/// Sonneborn-Berger 0 for everyone (every winner beat a player with 0); wins: alice and
/// bob 1, erin 0 (a bye is no win). So alice and bob share first place (level on all,
/// their ratings too: each beat one newcomer), erin is third, carol and dave share
/// fourth. Four rounds (⌈log2 5⌉ + 1, at most 4).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_tournaments_page_shows_standings_rounds_and_links_to_its_games() {
    let site = Site::start().await;
    let opened = site.say("alice", "tournament new carat time=1d").await;
    let page = tournament_path(&opened);
    assert!(page.len() == "/t/".len() + 32, "128 bits in hex: {page}");
    for who in ["bob", "carol", "dave", "erin"] {
        let joined = site.say(who, "tournament join").await;
        assert!(!joined.iter().any(|r| r.refusal), "{:?}", joined[0].text.plain());
    }
    let signup = get(site.addr, &page, &[]).await;
    assert_eq!((signup.status, signup.header("content-type")), (200, "text/html; charset=utf-8"));
    let text = signup.text();
    assert!(text.contains("<p id=\"signup\">Signed up (5, at least 3 needed): alice, bob, carol, dave, erin. Sign-up ends "), "{text}");
    assert!(text.contains("<p class=\"note\">No round has been paired yet.</p>"), "{text}");
    assert!(!text.contains("id=\"standings\""), "no standings before the start: {text}");

    let started = site.say("alice", "tournament start").await;
    assert_eq!(tournament_path(&started), page, "the round's post links the same page");
    let round_one = started.iter().map(|r| r.text.plain()).collect::<Vec<_>>().join("\n");
    assert!(round_one.contains("#1: alice – carol") && round_one.contains("#2: dave – bob") && round_one.contains("erin has the bye (1 point)."), "{round_one}");
    for (who, game) in [("carol", 1), ("dave", 2)] {
        let resigned = site.say(who, &format!("resign #{game}")).await;
        assert!(!resigned.iter().any(|r| r.refusal), "{:?}", resigned[0].text.plain());
    }
    // The scheduler counts round 1 and pairs round 2.
    let notices = site.host.due_notices(site.host.now()).await;
    let posted = notices.iter().map(|n| n.reply.text.plain()).collect::<Vec<_>>().join("\n");
    assert!(posted.contains("Tournament #1, round 2 of 4:"), "{posted}");

    let answer = get(site.addr, &page, &[]).await;
    assert_eq!(answer.status, 200);
    assert_eq!(answer.header("cache-control"), "no-cache");
    assert!(answer.header("content-security-policy").contains("script-src 'self'"));
    let text = answer.text();
    assert!(text.contains("<title>Tournament #1: Carat · Spieltisch</title>"), "{text}");
    assert!(text.contains("<p id=\"state\">Tournament #1 (Carat, Swiss, 4 rounds, 1 day per move): round 2 of 4.</p>"), "{text}");
    assert!(text.contains("<p class=\"caption\">Tournament #1: standings after round 1 of 4</p>"), "{text}");
    let row = |cells: [&str; 7]| {
        let tds: String = cells.iter().enumerate().map(|(i, c)| if i == 1 { format!("<td class=\"name\" title=\"{c}\">{c}</td>") } else { format!("<td class=\"num\">{c}</td>") }).collect();
        format!("<tr>{tds}</tr>")
    };
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("<tr><td")).collect();
    assert_eq!(rows, vec![
        row(["1", "alice", "1", "0", "0", "0", "1"]),
        row(["1", "bob", "1", "0", "0", "0", "1"]),
        row(["3", "erin", "1", "0", "0", "0", "0"]),
        row(["4", "carol", "0", "0", "1", "0", "0"]),
        row(["4", "dave", "0", "0", "1", "0", "0"]),
    ], "{text}");
    // Round 2 first (the newest), then round 1 with its results and the bye.
    let (two, one) = (text.find("<h3 id=\"round-2\">Round 2</h3>").expect("round 2"), text.find("<h3 id=\"round-1\">Round 1</h3>").expect("round 1"));
    assert!(two < one, "the newest round first");
    let round1 = &text[one..];
    assert!(round1.contains("</a> alice – carol: 1–0</li>") && round1.contains("</a> dave – bob: 0–1</li>"), "{round1}");
    assert!(round1.contains("<li class=\"bye\">erin has the bye (1 point).</li>"), "{round1}");
    let round2 = &text[two..one];
    assert_eq!(round2.matches(" to move</li>").count(), 2, "two games running in round 2: {round2}");
    assert_eq!(round2.matches("<li class=\"bye\">").count(), 1, "and one bye: {round2}");

    // Every game links to its game page: the page of that very game, the link `board` gives.
    for (id, players) in [(1, "alice – carol"), (2, "dave – bob")] {
        let href = game_href(round1, &format!(">#{id}</a> {players}"));
        assert!(href.starts_with("../g/") && href.len() == "../g/".len() + 32, "{href}");
        // Relative to the page at /t/<token>: /g/<token>.
        let path = format!("/{}", href.trim_start_matches("../"));
        let game = get(site.addr, &path, &[]).await;
        assert_eq!(game.status, 200, "{path}");
        assert!(game.text().contains(&format!("<title>Game #{id}: Carat · Spieltisch</title>")), "{}", game.text());
        let board = site.say("alice", &format!("board #{id}")).await;
        assert_eq!(link_path(&board[0]), path, "the game's one spectators' link");
    }
    for href in round2.lines().filter(|l| l.contains("<a href=")).map(|l| game_href(l, "<a href=")) {
        assert_eq!(get(site.addr, &format!("/{}", href.trim_start_matches("../")), &[]).await.status, 200, "{href}");
    }

    // What the page polls: by hand, two games ended with one log entry each (a resignation).
    let version = get(site.addr, &format!("{page}/version.json"), &[]).await;
    assert_eq!((version.status, version.header("cache-control")), (200, "no-store"));
    let json: serde_json::Value = serde_json::from_slice(&version.body).expect("JSON");
    assert_eq!(json, serde_json::json!({"stage": "running", "round": 2, "entrants": 5, "left": 0, "ended": 2, "moves": 2}));
    assert!(text.contains(&format!("data-version=\"{}\"", String::from_utf8_lossy(&version.body).replace('"', "&quot;"))), "the page carries its version: {text}");

    // German, and `tournament` in chat carries the link too.
    let de = get(site.addr, &format!("{page}?lang=de"), &[]).await.text();
    assert!(de.contains("<html lang=\"de\">") && de.contains("<title>Turnier #1: Carat · Spieltisch</title>") && de.contains("<h2>Tabelle</h2>"), "{de}");
    assert!(de.contains("<li class=\"bye\">erin ist spielfrei (1 Punkt).</li>") && de.contains("<h3 id=\"round-1\">Runde 1</h3>"), "{de}");
    let status = site.say("bob", "tournament").await;
    assert_eq!(tournament_path(&status), page);
    // The chat's standings are the page's: after round 1, dave's bye of round 2 not yet
    // counted (`place. name: points (cut 1, Buchholz, Sonneborn-Berger, wins)`).
    let said = status[0].text.plain();
    for line in ["1. alice: 1 (0, 0, 0, 1)", "1. bob: 1 (0, 0, 0, 1)", "3. erin: 1 (0, 0, 0, 0)", "4. carol: 0 (0, 1, 0, 0)", "4. dave: 0 (0, 1, 0, 0)"] {
        assert!(said.lines().any(|l| l == line), "{line:?} in {said}");
    }

    // Unknown tokens and files are a 404 page that says what was not found.
    for bad in ["/t/00000000000000000000000000000000", "/t/nothing", "/t/%FF%FE", "/t/", &format!("{page}/record.json"), &format!("{page}/0.png")] {
        let answer = get(site.addr, bad, &[]).await;
        assert_eq!((answer.status, answer.header("content-type")), (404, "text/html; charset=utf-8"), "{bad}");
        assert!(answer.text().contains("There is no such tournament page") || bad == "/t/", "{bad}: {}", answer.text());
    }

    // In a real browser at phone width: nothing wider than the screen but the table, which
    // scrolls sideways in its own box.
    let mut browser = crate::browser::Browser::launch().await;
    browser.set_window(360, 800, true).await;
    browser.open(&format!("http://{}{page}?lang=en", site.addr)).await;
    let fits = browser.eval("document.documentElement.scrollWidth <= document.documentElement.clientWidth").await;
    assert_eq!(fits, serde_json::json!(true), "the page is no wider than a phone");
    let inside = browser.eval("Array.from(document.querySelectorAll('.pairings li')).every(li => li.getBoundingClientRect().right <= document.documentElement.clientWidth)").await;
    assert_eq!(inside, serde_json::json!(true), "every pairing's line fits the width");
    // `SPIELTISCH_SCREENSHOTS=DIR`: the whole page at 360 px into DIR, to look at (the
    // docs' picture is one).
    if let Ok(dir) = std::env::var("SPIELTISCH_SCREENSHOTS") {
        browser.set_window(360, 1400, true).await;
        browser.open(&format!("http://{}{page}?lang=en", site.addr)).await;
        browser.eval("document.body.id = 'page', 0").await;
        browser.screenshot_element("page").await.save(format!("{dir}/tournament-page-360.png")).expect("save the screenshot");
    }
}

/// A hostile entrant's name is text on the tournament page too (issue 43): in the
/// sign-up list, the standings table (a round robin's, with its cross table) and the
/// pairings, `<`, `>`, `&` and `"` come out as entities, and no element of the name's
/// making appears.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hostile_name_is_escaped_on_the_tournament_page() {
    let site = Site::start().await;
    let evil = r#"<script>alert("x")</script>&amp;"#;
    // By hand: & → &amp; first, then < > ".
    let escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;amp;";
    let opened = site.host.handle(&Origin { user: User::new("eve", evil), ..origin("eve") }, "tournament new carat roundrobin time=1d").await;
    let page = tournament_path(&opened);
    for who in ["bob", "carol", "dave"] {
        site.say(who, "tournament join").await;
    }
    let signup = get(site.addr, &page, &[]).await.text();
    assert!(signup.contains(&format!("4, at least 3 needed): {escaped}, bob, carol, dave.")), "{signup}");
    assert!(!signup.contains("<script>alert"), "{signup}");
    let started = site.host.handle(&Origin { user: User::new("eve", evil), ..origin("eve") }, "tournament start").await;
    assert!(!started.iter().any(|r| r.refusal), "{:?}", started[0].text.plain());
    let text = get(site.addr, &page, &[]).await.text();
    assert!(!text.contains("<script>alert"), "{text}");
    assert_eq!(text.matches("<script").count(), 1, "only the page's own script: {text}");
    // Round 1 of the Berger tables for four: 1–4, 2–3 (eve is 1).
    assert!(text.contains(&format!("</a> {escaped} – dave: ")), "{text}");
    assert!(text.contains(&format!("<td class=\"name\" title=\"{escaped}\">{escaped}</td>")), "{text}");
    assert!(text.contains("<p class=\"caption\">Tournament #1: standings before the first results</p>"), "{text}");
    // The cross table: four numbered columns after the divider, each player's own cell dark.
    assert!(text.contains("<th scope=\"col\" class=\"num cross\">1</th>"), "{text}");
    assert_eq!(text.matches("class=\"num own\"").count() + text.matches("class=\"num cross own\"").count(), 4, "{text}");
    if let Ok(dir) = std::env::var("SPIELTISCH_SCREENSHOTS") {
        let mut browser = crate::browser::Browser::launch().await;
        browser.set_window(360, 1200, true).await;
        browser.open(&format!("http://{}{page}", site.addr)).await;
        browser.eval("document.body.id = 'page', 0").await;
        browser.screenshot_element("page").await.save(format!("{dir}/tournament-roundrobin-360.png")).expect("save the screenshot");
    }
}

/// Issue 39: with `--web` the terminal's tournament posts link every round game's page.
/// A round robin of four (Berger round 1: #1 alice – dave, #2 bob – carol): the round's
/// pairings give each game's page, the very link `board #N` prints; dave and carol
/// resign (both 1–0 for white), and the post of the standings after round 1 lists the
/// round's games with their results and the same pages, before round 2's pairings with
/// the pages of #3 and #4. Without `--web` the lines stay as they were.
#[test]
fn the_terminals_tournament_posts_link_each_games_page() {
    let place = crate::support::Place::new();
    let db = place.db_url();
    let boards = place.boards().display().to_string();
    let script = "tournament new carat roundrobin time=1d\nas bob\ntournament join\nas carol\ntournament join\nas dave\ntournament join\n\
                  as alice\ntournament start\nas dave\nresign #1\nas carol\nresign #2\nboard #1\nboard #2\nboard #3\n";
    let args = ["local", "--db", &db, "--boards", &boards, "--as", "alice", "--web", "127.0.0.1:0"];
    let run = crate::support::spieltisch(place.path(), &args, script, &[]);
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    let out = &run.stdout;
    // The page each `board #N` links (a finished game's: "every move", without "live").
    let page = |id: u32| -> String {
        let asked = out.find(&format!("> board #{id}\n")).unwrap_or_else(|| panic!("board #{id} in {out}"));
        let line = out[asked..].lines().find(|l| l.trim_start().starts_with("Game page (every move")).expect("the game page's line");
        line[line.find("http://").expect("a link")..].to_string()
    };
    let (one, two, three) = (page(1), page(2), page(3));
    assert!(one.starts_with("http://127.0.0.1:") && one.contains("/g/") && !one.contains(":0/"), "{one}");
    assert!(one != two && two != three && one != three, "a page per game: {one} {two} {three}");
    let lines: Vec<&str> = out.lines().map(str::trim).collect();
    let after = |header: &str, n: usize| -> Vec<&str> {
        let at = lines.iter().position(|l| l.ends_with(header)).unwrap_or_else(|| panic!("{header:?} in {out}"));
        lines[at + 1..at + 1 + n].to_vec()
    };
    assert_eq!(after("Tournament #1, round 1 of 3:", 2), [format!("#1: alice – dave ({one})"), format!("#2: bob – carol ({two})")], "{out}");
    // The standings after round 1, then the round's games.
    let over = after("Round 1 of tournament #1 is over.", 8);
    assert_eq!(over[5..], ["Round 1's games:".to_string(), format!("#1: alice – dave 1–0 ({one})"), format!("#2: bob – carol 1–0 ({two})")], "{out}");
    assert_eq!(after("Tournament #1, round 2 of 3:", 1), [format!("#3: dave – carol ({three})")], "{out}");

    // Without `--web`: no page named (a new tournament on the same file).
    let plain = place.local("tournament\n");
    assert!(!plain.stdout.contains("/g/") && !plain.stdout.contains("games:"), "{}", plain.stdout);
}
