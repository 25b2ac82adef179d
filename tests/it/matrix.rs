//! End-to-end tests of the Matrix adapter against a real Synapse (see `synapse.rs`).
//! The bot runs in-process; the humans are independent matrix-sdk clients (they can
//! encrypt), logged in with the access tokens the registration returned.
//! Every wait is bounded.

use std::{
    path::Path,
    sync::{Arc, Mutex},
    time::Duration,
};

use matrix_sdk::{
    Client, Room, SessionMeta, SessionTokens,
    authentication::matrix::MatrixSession,
    config::SyncSettings,
    media::{MediaFormat, MediaRequestParameters},
    ruma::{
        OwnedEventId, OwnedRoomId, OwnedUserId, UserId,
        api::client::room::create_room::v3::Request as CreateRoomRequest,
        events::{
            InitialStateEvent,
            room::{
                MediaSource,
                encryption::RoomEncryptionEventContent,
                member::StrippedRoomMemberEvent,
                message::{MessageType, OriginalSyncRoomMessageEvent, Relation, RoomMessageEventContent},
            },
        },
    },
};
use spieltisch::matrix::{Destination, Handler, Image, Incoming, MatrixBot, MatrixConfig, Outgoing, Piece, RetryStats};
use tokio::{
    sync::{mpsc, oneshot},
    task::JoinHandle,
};

use crate::synapse::{Account, Limits, Synapse, synapse};

/// The longest any single expected message may take to arrive.
const WAIT: Duration = Duration::from_secs(60);

// ---------------------------------------------------------------- humans

/// A message a human's client saw.
#[derive(Debug, Clone)]
struct Seen {
    room_id: OwnedRoomId,
    sender: OwnedUserId,
    content: RoomMessageEventContent,
}

impl Seen {
    fn body(&self) -> &str {
        self.content.body()
    }
}

/// A person at the table: an independent matrix-sdk client, syncing in the background,
/// joining every invitation, collecting every message.
struct Human {
    client: Client,
    user_id: OwnedUserId,
    inbox: mpsc::UnboundedReceiver<Seen>,
    backlog: Vec<Seen>,
    sync: JoinHandle<()>,
}

impl Drop for Human {
    fn drop(&mut self) {
        self.sync.abort();
    }
}

impl Human {
    async fn new(hs: &Synapse, name: &str) -> Human {
        let account = hs.register(name);
        let client = Client::builder().homeserver_url(&hs.url).build().await.expect("client");
        let user_id: OwnedUserId = account.user_id.as_str().try_into().expect("user id");
        client
            .restore_session(MatrixSession {
                meta: SessionMeta { user_id: user_id.clone(), device_id: account.device_id.as_str().into() },
                tokens: SessionTokens { access_token: account.access_token.clone(), refresh_token: None },
            })
            .await
            .expect("restore session");
        client.sync_once(SyncSettings::default()).await.expect("first sync");
        let (tx, inbox) = mpsc::unbounded_channel();
        client.add_event_handler(move |event: OriginalSyncRoomMessageEvent, room: Room| {
            let tx = tx.clone();
            async move {
                let _ = tx.send(Seen {
                    room_id: room.room_id().to_owned(),
                    sender: event.sender,
                    content: event.content,
                });
            }
        });
        client.add_event_handler(|event: StrippedRoomMemberEvent, room: Room, client: Client| async move {
            if client.user_id() == Some(&*event.state_key) {
                tokio::spawn(async move {
                    for _ in 0..10 {
                        if room.join().await.is_ok() {
                            return;
                        }
                        tokio::time::sleep(Duration::from_millis(300)).await;
                    }
                });
            }
        });
        let syncing = client.clone();
        let sync = tokio::spawn(async move {
            // not `Client::sync`, which ends at the first error (a homeserver restart)
            let settings = SyncSettings::default().timeout(Duration::from_secs(5));
            loop {
                if syncing.sync_once(settings.clone()).await.is_err() {
                    tokio::time::sleep(Duration::from_millis(300)).await;
                }
            }
        });
        Human { client, user_id, inbox, backlog: Vec::new(), sync }
    }

    /// Creates a room named `name`, invites `invite`, optionally encrypted.
    async fn create_room(&self, name: &str, invite: &[&UserId], encrypted: bool) -> Room {
        let mut request = CreateRoomRequest::new();
        request.name = Some(name.to_string());
        request.invite = invite.iter().map(|u| (*u).to_owned()).collect();
        if encrypted {
            request.initial_state =
                vec![InitialStateEvent::with_empty_state_key(RoomEncryptionEventContent::with_recommended_defaults()).to_raw_any()];
        }
        self.client.create_room(request).await.expect("create room")
    }

    /// Sends a text from this client into `room` (whoever's handle it is) and returns its
    /// event id.
    async fn say(&self, room: &Room, body: &str) -> OwnedEventId {
        let mine = self.client.get_room(room.room_id()).unwrap_or_else(|| panic!("{} is not in {}", self.user_id, room.room_id()));
        mine.send(RoomMessageEventContent::text_plain(body)).await.expect("send").response.event_id
    }

    /// The next message (in arrival order, earlier non-matching ones kept) for which
    /// `wanted` holds; panics after [`WAIT`] naming `what`.
    async fn expect(&mut self, what: &str, wanted: impl Fn(&Seen) -> bool) -> Seen {
        if let Some(i) = self.backlog.iter().position(&wanted) {
            return self.backlog.remove(i);
        }
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            match tokio::time::timeout_at(deadline, self.inbox.recv()).await {
                Ok(Some(seen)) if wanted(&seen) => return seen,
                Ok(Some(seen)) => self.backlog.push(seen),
                Ok(None) => panic!("{}: the client stopped while waiting for {what}", self.user_id),
                Err(_) => panic!(
                    "{}: no {what} within {WAIT:?}; saw: {:#?}",
                    self.user_id,
                    self.backlog.iter().map(|s| (s.sender.as_str(), s.body())).collect::<Vec<_>>()
                ),
            }
        }
    }

    /// Whether a message matching `wanted` arrives within `within` (for absence checks,
    /// after a later message proved the bot has moved on).
    async fn sees_within(&mut self, within: Duration, wanted: impl Fn(&Seen) -> bool) -> bool {
        if self.backlog.iter().any(&wanted) {
            return true;
        }
        let deadline = tokio::time::Instant::now() + within;
        while let Ok(Some(seen)) = tokio::time::timeout_at(deadline, self.inbox.recv()).await {
            let hit = wanted(&seen);
            self.backlog.push(seen);
            if hit {
                return true;
            }
        }
        false
    }

    /// Downloads an `m.image`'s file (decrypting it in encrypted rooms).
    async fn download(&self, seen: &Seen) -> (Vec<u8>, MediaSource) {
        let MessageType::Image(image) = &seen.content.msgtype else { panic!("not an image: {seen:?}") };
        let request = MediaRequestParameters { source: image.source.clone(), format: MediaFormat::File };
        let bytes = self.client.media().get_media_content(&request, false).await.expect("download");
        (bytes, image.source.clone())
    }

    /// Waits until `user` has joined `room` (seen from this client).
    async fn wait_for_member(&self, room: &Room, user: &UserId) {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            if let Ok(Some(member)) = room.get_member(user).await
                && *member.membership() == matrix_sdk::ruma::events::room::member::MembershipState::Join
            {
                return;
            }
            assert!(tokio::time::Instant::now() < deadline, "{user} did not join {} within {WAIT:?}", room.room_id());
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

fn is_from(seen: &Seen, user: &UserId) -> bool {
    seen.sender == user
}

fn is_image(seen: &Seen) -> bool {
    matches!(seen.content.msgtype, MessageType::Image(_))
}

fn assert_png(bytes: &[u8]) {
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG signature");
    let decoded = image::load_from_memory_with_format(bytes, image::ImageFormat::Png).expect("a decodable PNG");
    assert!(decoded.width() > 0 && decoded.height() > 0);
}

// ---------------------------------------------------------------- the bot

/// A bot running in-process.
struct RunningBot {
    user_id: OwnedUserId,
    device_id: String,
    stats: Arc<RetryStats>,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<anyhow::Result<()>>,
}

impl RunningBot {
    async fn start<H: Handler>(hs: &Synapse, account: &Account, store: &Path, handler: H) -> RunningBot {
        let mut config = MatrixConfig::new(&hs.url, &account.user_id, store);
        config.password = Some(account.password.clone());
        config.sync_timeout_secs = 5;
        let bot = MatrixBot::connect(config).await.expect("bot connects");
        let user_id = bot.user_id().expect("logged in");
        let device_id = bot.device_id().expect("device").to_string();
        let stats = bot.stats();
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(bot.run(handler, async move {
            let _ = stopped.await;
        }));
        RunningBot { user_id, device_id, stats, stop: Some(stop), task }
    }

    /// Stops the bot (as on SIGTERM) and waits until it has finished.
    async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let result = tokio::time::timeout(WAIT, &mut self.task).await.expect("the bot stops within the wait");
        result.expect("bot task").expect("bot ends without error");
    }
}

// ---------------------------------------------------------------- a stand-in command layer

/// Answers a few plumbing commands (until the command layer is wired in): `ping` (text
/// with a mention), `board` (an image), `burst N` (N images), `secret` (a direct message),
/// `bad` (a refusal as a reply). Records every command it got.
#[derive(Clone, Default)]
struct Plumbing {
    got: Arc<Mutex<Vec<(OwnedEventId, String)>>>,
}

fn tiny_png(shade: u8) -> Vec<u8> {
    let img = image::RgbImage::from_pixel(32, 24, image::Rgb([shade, 120, 200]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).expect("encode");
    out.into_inner()
}

impl Handler for Plumbing {
    async fn handle(&self, incoming: Incoming) -> Vec<Outgoing> {
        self.got.lock().expect("lock").push((incoming.event_id.clone(), incoming.line.clone()));
        let room = Destination::Room(incoming.room_id.clone());
        let mention = Piece::Mention { user_id: incoming.sender.clone(), name: incoming.sender_name.clone() };
        let mut words = incoming.line.split_whitespace();
        match words.next() {
            Some("ping") => vec![Outgoing { to: room, text: vec![mention, Piece::Text(" pong".into())], image: None, reply_to: None }],
            Some("board") => vec![Outgoing {
                to: room,
                text: vec![Piece::Text("Your turn, ".into()), mention],
                image: Some(Image { name: "board.png".into(), png: tiny_png(10) }),
                reply_to: None,
            }],
            Some("burst") => {
                let n: u8 = words.next().and_then(|w| w.parse().ok()).unwrap_or(1);
                (0..n)
                    .map(|i| Outgoing {
                        to: room.clone(),
                        text: Vec::new(),
                        image: Some(Image { name: format!("board-{i}.png"), png: tiny_png(i) }),
                        reply_to: None,
                    })
                    .collect()
            }
            Some("secret") => vec![Outgoing {
                to: Destination::Direct { user: incoming.sender.clone(), origin: Some(incoming.room_id.clone()) },
                text: vec![Piece::Text("only for you".into())],
                image: None,
                reply_to: None,
            }],
            _ => vec![Outgoing {
                to: room,
                text: vec![Piece::Text(format!("Unknown command: {}", incoming.line))],
                image: None,
                reply_to: Some(incoming.reply_target()),
            }],
        }
    }
}

impl Plumbing {
    fn count(&self, event_id: &OwnedEventId) -> usize {
        self.got.lock().expect("lock").iter().filter(|(e, _)| e == event_id).count()
    }
}

// ---------------------------------------------------------------- tests

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_joins_answers_mentions_posts_images_replies_and_writes_directly() {
    let hs = synapse(Limits::Relaxed);
    let bot_account = hs.register("bot");
    let store = tempfile::tempdir().expect("tempdir");
    let handler = Plumbing::default();
    let bot = RunningBot::start(hs, &bot_account, store.path(), handler.clone()).await;
    let mut alice = Human::new(hs, "alice").await;
    let mut bob = Human::new(hs, "bob").await;

    let room = alice.create_room("Carat table", &[&bot.user_id, &bob.user_id], false).await;
    alice.wait_for_member(&room, &bot.user_id).await;
    alice.wait_for_member(&room, &bob.user_id).await;

    // prefix command -> a text mentioning the sender with a pill
    alice.say(&room, "!st ping").await;
    let pong = alice.expect("pong", |s| is_from(s, &bot.user_id) && s.body().ends_with("pong")).await;
    let mentions = pong.content.mentions.as_ref().expect("m.mentions");
    assert!(mentions.user_ids.contains(&alice.user_id));
    let MessageType::Text(text) = &pong.content.msgtype else { panic!("not a text") };
    let html = &text.formatted.as_ref().expect("formatted body").body;
    assert!(html.contains(&format!("https://matrix.to/#/{}", alice.user_id)), "{html}");

    // a mention instead of the prefix
    bob.say(&room, &format!("{}: board", bot.user_id)).await;
    let board = bob.expect("board image", |s| is_from(s, &bot.user_id) && is_image(s)).await;
    let (png, source) = bob.download(&board).await;
    assert_png(&png);
    assert!(matches!(source, MediaSource::Plain(_)));
    let turn_line = format!("Your turn, {}", bob.user_id.localpart());
    bob.expect("turn line", |s| is_from(s, &bot.user_id) && s.body() == turn_line).await;

    // an unknown command -> a reply to the offending message
    let bad = alice.say(&room, "!st frobnicate").await;
    let reply = alice.expect("reply", |s| is_from(s, &bot.user_id) && s.body().contains("Unknown command")).await;
    match &reply.content.relates_to {
        Some(Relation::Reply(r)) => assert_eq!(r.in_reply_to.event_id, bad),
        other => panic!("not a reply: {other:?}"),
    }

    // private information -> the sender's direct room (created once, then reused)
    alice.say(&room, "!st secret").await;
    let first = alice.expect("direct message", |s| is_from(s, &bot.user_id) && s.body().contains("only for you")).await;
    assert_ne!(first.room_id, room.room_id());
    assert!(first.body().contains("Carat table"), "names the room: {}", first.body());
    alice.say(&room, "!st secret").await;
    let second = alice.expect("second direct message", |s| is_from(s, &bot.user_id) && s.body().contains("only for you")).await;
    assert_eq!(second.room_id, first.room_id, "the direct room is reused");
    // bob never sees it
    bob.say(&room, "!st ping").await;
    let bob_id = bob.user_id.clone();
    bob.expect("bob's pong", |s| {
        is_from(s, &bot.user_id) && s.body().ends_with("pong") && s.content.mentions.as_ref().is_some_and(|m| m.user_ids.contains(&bob_id))
    })
    .await;
    assert!(!bob.sees_within(Duration::from_millis(500), |s| s.body().contains("only for you")).await);

    // the bot's own messages and non-commands are not handled
    alice.say(&room, "just chatting about carat").await;
    alice.say(&room, "!st ping").await;
    let alice_pong = format!("{} pong", alice.user_id.localpart());
    alice.expect("second pong", |s| is_from(s, &bot.user_id) && s.body() == alice_pong).await;
    let lines: Vec<String> = handler.got.lock().expect("lock").iter().map(|(_, l)| l.clone()).collect();
    assert_eq!(lines, ["ping", "board", "frobnicate", "secret", "secret", "ping", "ping"]);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn encrypted_room_commands_are_read_and_boards_posted() {
    let hs = synapse(Limits::Relaxed);
    let bot_account = hs.register("bot");
    let store = tempfile::tempdir().expect("tempdir");
    let bot = RunningBot::start(hs, &bot_account, store.path(), Plumbing::default()).await;
    let mut alice = Human::new(hs, "alice").await;
    let room = alice.create_room("Secret table", &[&bot.user_id], true).await;
    alice.wait_for_member(&room, &bot.user_id).await;
    assert!(room.latest_encryption_state().await.expect("state").is_encrypted());

    alice.say(&room, "!st board").await;
    let board = alice.expect("encrypted board", |s| is_from(s, &bot.user_id) && is_image(s)).await;
    let (png, source) = alice.download(&board).await;
    assert!(matches!(source, MediaSource::Encrypted(_)), "the board was uploaded encrypted");
    assert_png(&png);
    alice.expect("turn line", |s| is_from(s, &bot.user_id) && s.body().starts_with("Your turn")).await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_keeps_the_device_and_handles_every_command_once() {
    let hs = synapse(Limits::Relaxed);
    let bot_account = hs.register("bot");
    let store = tempfile::tempdir().expect("tempdir");
    let handler = Plumbing::default();
    let bot = RunningBot::start(hs, &bot_account, store.path(), handler.clone()).await;
    let device = bot.device_id.clone();
    let bot_id = bot.user_id.clone();
    let mut alice = Human::new(hs, "alice").await;
    let room = alice.create_room("Restart table", &[&bot_id], true).await;
    alice.wait_for_member(&room, &bot_id).await;

    let before = alice.say(&room, "!st ping").await;
    alice.expect("pong before the restart", |s| is_from(s, &bot_id) && s.body().ends_with("pong")).await;
    bot.stop().await;

    // written while the bot is down: handled once after the restart
    let during = alice.say(&room, "!st board").await;
    let bot = RunningBot::start(hs, &bot_account, store.path(), handler.clone()).await;
    assert_eq!(bot.device_id, device, "the restart reuses the device");
    let board = alice.expect("board after the restart", |s| is_from(s, &bot_id) && is_image(s)).await;
    assert_png(&alice.download(&board).await.0);
    let after = alice.say(&room, "!st ping").await;
    alice.expect("pong after the restart", |s| is_from(s, &bot_id) && s.body().ends_with("pong")).await;
    bot.stop().await;

    assert_eq!(handler.count(&before), 1);
    assert_eq!(handler.count(&during), 1);
    assert_eq!(handler.count(&after), 1);
    let devices = alice.client.encryption().get_user_devices(&bot_id).await.expect("devices");
    assert_eq!(devices.devices().count(), 1, "one device for the bot, not one per start");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_default_rate_limits_a_burst_of_boards_all_arrives() {
    let hs = synapse(Limits::Default);
    let bot_account = hs.register("bot");
    let store = tempfile::tempdir().expect("tempdir");
    let bot = RunningBot::start(hs, &bot_account, store.path(), Plumbing::default()).await;
    let mut alice = Human::new(hs, "alice").await;
    let room = alice.create_room("Busy table", &[&bot.user_id], false).await;
    alice.wait_for_member(&room, &bot.user_id).await;

    // Synapse's rc_message allows a burst of 10, then one message every 5 s
    const BOARDS: usize = 13;
    alice.say(&room, &format!("!st burst {BOARDS}")).await;
    for i in 0..BOARDS {
        let name = format!("board-{i}.png");
        alice.expect(&name, |s| is_from(s, &bot.user_id) && is_image(s) && s.body() == name).await;
    }
    assert!(bot.stats.rate_limited() > 0, "the burst should have met the homeserver's rate limit");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_recovers_when_the_homeserver_goes_away_and_comes_back() {
    let hs = Synapse::dedicated("reconnect", Limits::Relaxed);
    let bot_account = hs.register("bot");
    let store = tempfile::tempdir().expect("tempdir");
    let bot = RunningBot::start(&hs, &bot_account, store.path(), Plumbing::default()).await;
    let mut alice = Human::new(&hs, "alice").await;
    let room = alice.create_room("Flaky table", &[&bot.user_id], false).await;
    alice.wait_for_member(&room, &bot.user_id).await;
    alice.say(&room, "!st ping").await;
    alice.expect("pong before the outage", |s| is_from(s, &bot.user_id) && s.body().ends_with("pong")).await;

    hs.stop();
    let deadline = tokio::time::Instant::now() + WAIT;
    while bot.stats.sync_failures() == 0 {
        assert!(tokio::time::Instant::now() < deadline, "the bot never noticed the outage");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    hs.restart();

    alice.say(&room, "!st board").await;
    let board = alice.expect("board after the outage", |s| is_from(s, &bot.user_id) && is_image(s)).await;
    assert_png(&alice.download(&board).await.0);
    assert!(!bot.task.is_finished(), "the bot kept running through the outage");
    bot.stop().await;
}
