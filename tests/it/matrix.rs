//! End-to-end tests of the Matrix adapter against a real Synapse (see `synapse.rs`).
//! The bot runs in-process; the humans are independent matrix-sdk clients (they can
//! encrypt), logged in with the access tokens the registration returned.
//! Every wait is bounded.

use std::{
    path::Path,
    process::{Child, Command, Stdio},
    sync::Arc,
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
use commands::{Host, HostOptions};
use spieltisch::matrix::{Handler, MatrixBot, MatrixConfig, RetryStats, bridge::HostHandler};
use tokio::{
    sync::{mpsc, oneshot},
    task::JoinHandle,
};

use crate::{
    support::plan_carat,
    synapse::{Account, Limits, Synapse, synapse},
};

/// The longest any single expected message may take to arrive.
const WAIT: Duration = Duration::from_secs(60);

// ---------------------------------------------------------------- humans

/// A message a human's client saw.
#[derive(Debug, Clone)]
struct Seen {
    room_id: OwnedRoomId,
    event_id: OwnedEventId,
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
    /// Received messages not yet matched by [`Human::expect`].
    backlog: Vec<Seen>,
    /// Every message received so far, in order.
    history: Vec<Seen>,
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
                    event_id: event.event_id,
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
        Human { client, user_id, inbox, backlog: Vec::new(), history: Vec::new(), sync }
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

    /// Sends a text with an HTML body (pills as a client makes them) into `room`.
    async fn say_html(&self, room: &Room, body: &str, html: &str) -> OwnedEventId {
        let mine = self.client.get_room(room.room_id()).unwrap_or_else(|| panic!("{} is not in {}", self.user_id, room.room_id()));
        mine.send(RoomMessageEventContent::text_html(body, html)).await.expect("send").response.event_id
    }

    /// The next message (in arrival order, earlier non-matching ones kept) for which
    /// `wanted` holds; panics after [`WAIT`] naming `what`.
    async fn expect(&mut self, what: &str, wanted: impl Fn(&Seen) -> bool) -> Seen {
        self.expect_within(WAIT, what, wanted).await
    }

    /// [`Human::expect`] with another bound.
    async fn expect_within(&mut self, wait: Duration, what: &str, wanted: impl Fn(&Seen) -> bool) -> Seen {
        if let Some(i) = self.backlog.iter().position(&wanted) {
            return self.backlog.remove(i);
        }
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            match tokio::time::timeout_at(deadline, self.inbox.recv()).await {
                Ok(Some(seen)) => {
                    self.history.push(seen.clone());
                    if wanted(&seen) {
                        return seen;
                    }
                    self.backlog.push(seen);
                }
                Ok(None) => panic!("{}: the client stopped while waiting for {what}", self.user_id),
                Err(_) => panic!(
                    "{}: no {what} within {wait:?}; saw: {:#?}",
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
            self.history.push(seen.clone());
            let hit = wanted(&seen);
            self.backlog.push(seen);
            if hit {
                return true;
            }
        }
        false
    }

    /// Collects what arrives within `within`, then drops unmatched messages for which
    /// `old` holds (so a later [`Human::expect`] sees only newer ones).
    async fn forget(&mut self, within: Duration, old: impl Fn(&Seen) -> bool) {
        self.sees_within(within, |_| false).await;
        self.backlog.retain(|s| !old(s));
    }

    /// Downloads an `m.image`'s file (decrypting it in encrypted rooms).
    async fn download(&self, seen: &Seen) -> (Vec<u8>, MediaSource) {
        let MessageType::Image(image) = &seen.content.msgtype else { panic!("not an image: {seen:?}") };
        let request = MediaRequestParameters { source: image.source.clone(), format: MediaFormat::File };
        let bytes = self.client.media().get_media_content(&request, false).await.expect("download");
        (bytes, image.source.clone())
    }

    /// Waits until `user` has left `room` (kicked, seen from this client).
    async fn wait_for_leave(&self, room: &Room, user: &UserId) {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            if let Ok(Some(member)) = room.get_member(user).await
                && *member.membership() == matrix_sdk::ruma::events::room::member::MembershipState::Leave
            {
                return;
            }
            assert!(tokio::time::Instant::now() < deadline, "{user} did not leave {} within {WAIT:?}", room.room_id());
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
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

/// Whether `seen` is a reply to the event `to`.
fn replies_to(seen: &Seen, to: &OwnedEventId) -> bool {
    matches!(&seen.content.relates_to, Some(Relation::Reply(r)) if r.in_reply_to.event_id == *to)
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
    /// Posts the scheduler's notices through this bot.
    notifier: spieltisch::matrix::bridge::Notifier,
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
        let stats = bot.stats();
        let notifier = bot.notifier();
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(bot.run(handler, async move {
            let _ = stopped.await;
        }));
        RunningBot { user_id, notifier, stats, stop: Some(stop), task }
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

// ---------------------------------------------------------------- the command layer

/// The command layer on a fresh database in `dir`.
async fn host(dir: &Path) -> Arc<Host> {
    let url = format!("sqlite://{}", dir.join("games.db").display());
    Arc::new(Host::open(&url, HostOptions::default()).await.expect("open the games database"))
}

/// A bot with the real command layer, in-process.
async fn bot_with_host(hs: &Synapse, account: &Account, dir: &Path) -> (RunningBot, Arc<Host>) {
    let host = host(dir).await;
    let bot = RunningBot::start(hs, account, &dir.join("matrix-store"), HostHandler::new(host.clone())).await;
    (bot, host)
}

/// Whether `seen` is the bot's text, or the caption of its image, naming `needle`.
fn bot_says(seen: &Seen, bot: &UserId, needle: &str) -> bool {
    is_from(seen, bot) && seen.body().contains(needle)
}

/// Whether `seen` mentions `user` as Matrix clients expect: `m.mentions` and a pill.
fn mentions(seen: &Seen, user: &UserId) -> bool {
    let listed = seen.content.mentions.as_ref().is_some_and(|m| m.user_ids.contains(user));
    let formatted = match &seen.content.msgtype {
        MessageType::Text(t) => t.formatted.as_ref(),
        MessageType::Image(i) => i.formatted.as_ref(),
        _ => None,
    };
    let pill = formatted.is_some_and(|f| f.body.contains(&format!("https://matrix.to/#/{user}")));
    listed && pill
}

/// A room `name` that alice creates with the bot and bob in it (`encrypted` or not);
/// returns once both have joined.
async fn table(alice: &Human, bob: &Human, bot: &UserId, name: &str, encrypted: bool) -> Room {
    let room = alice.create_room(name, &[bot, &bob.user_id], encrypted).await;
    alice.wait_for_member(&room, bot).await;
    alice.wait_for_member(&room, &bob.user_id).await;
    room
}

/// Two humans open a Carat game in `room` (alice creates with `seed`, bob joins, alice
/// starts); returns after the start board arrived.
async fn open_carat(alice: &mut Human, bob: &mut Human, room: &Room, bot: &UserId, seed: u64) {
    alice.say(room, &format!("!st new carat seed={seed}")).await;
    alice.expect("the invitation", |s| s.room_id == room.room_id() && bot_says(s, bot, "invites you to a game of Carat")).await;
    bob.say(room, &format!("{bot}: join")).await;
    bob.expect("the join", |s| s.room_id == room.room_id() && bot_says(s, bot, "joins game #")).await;
    alice.say(room, "!st start").await;
    let board = alice.expect("the start board", |s| s.room_id == room.room_id() && is_image(s) && bot_says(s, bot, "begins")).await;
    assert_png(&alice.download(&board).await.0);
}

// ---------------------------------------------------------------- tests

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_humans_play_carat_by_commands() {
    let hs = synapse(Limits::Relaxed);
    let dir = tempfile::tempdir().expect("tempdir");
    let (bot, host) = bot_with_host(hs, &hs.register("bot"), dir.path()).await;
    let bot_id = bot.user_id.clone();
    let mut alice = Human::new(hs, "alice").await;
    let mut bob = Human::new(hs, "bob").await;

    let room = table(&alice, &bob, &bot_id, "Carat table", false).await;
    open_carat(&mut alice, &mut bob, &room, &bot_id, 7).await;

    // the first moves of a game the rules crate plays with the same seed
    let plan = plan_carat(7);
    for (k, (who, mv)) in plan.moves.iter().take(4).enumerate() {
        let (mover, other) = if who == "alice" { (&mut alice, &mut bob) } else { (&mut bob, &mut alice) };
        // bare moves and `move ...`, by prefix and by mention
        let line = match k {
            0 => format!("!st {mv}"),
            1 => format!("!st move {mv}"),
            2 => format!("{bot_id} {mv}"),
            _ => format!("!st {mv}"),
        };
        mover.say(&room, &line).await;
        // one event: the board with the announcement as its caption
        let announced = format!("plays {mv} (game #1, move {})", k + 1);
        let board = mover.expect("the board after the move", |s| s.room_id == room.room_id() && bot_says(s, &bot_id, &announced)).await;
        let MessageType::Image(image) = &board.content.msgtype else { panic!("the move is announced on its board: {board:?}") };
        assert_eq!(image.filename.as_deref(), Some(format!("game-1-move-{}.png", k + 1).as_str()), "the file's name, apart from the caption");
        assert!(image.body.contains(&announced) && image.caption() == Some(image.body.as_str()), "the text is the caption: {image:?}");
        assert_png(&mover.download(&board).await.0);
        assert!(mentions(&board, &other.user_id), "the player to move is mentioned (m.mentions and a pill): {:?}", board.content);
        assert!(!mentions(&board, &mover.user_id), "only the player to move is mentioned");
    }

    // an illegal move: the same site again, by the player to move
    let (who, _) = &plan.moves[4];
    let (mover, _) = if who == "alice" { (&mut alice, &mut bob) } else { (&mut bob, &mut alice) };
    let taken = &plan.moves[0].1;
    let offending = mover.say(&room, &format!("!st {taken}")).await;
    let refusal = mover
        .expect("the refusal", |s| {
            s.room_id == room.room_id() && is_from(s, &bot_id) && matches!(&s.content.relates_to, Some(Relation::Reply(r)) if r.in_reply_to.event_id == offending)
        })
        .await;
    assert!(!refusal.body().is_empty());
    assert_eq!(host.move_number(commands::GameId(1)).await.expect("db"), Some(4), "the refused move changed nothing");

    // the board on request
    mover.say(&room, "!st board").await;
    let board = mover
        .expect("the requested board", |s| s.room_id == room.room_id() && is_image(s) && bot_says(s, &bot_id, "Game #1 of Carat after 4 moves"))
        .await;
    assert_png(&mover.download(&board).await.0);

    // the hand: in alice's direct room only (her moves' hands, sent there too, are forgotten)
    alice.forget(Duration::from_secs(1), |s| s.room_id != room.room_id()).await;
    alice.say(&room, "!st hand").await;
    let hand = alice
        .expect("alice's hand", |s| s.room_id != room.room_id() && bot_says(s, &bot_id, "Your hand in game #1"))
        .await;
    assert!(hand.body().contains("Carat table"), "the direct message names the room: {}", hand.body());
    let dm = alice.client.get_room(&hand.room_id).expect("alice is in the direct room");
    let members: Vec<String> = dm
        .members(matrix_sdk::RoomMemberships::JOIN | matrix_sdk::RoomMemberships::INVITE)
        .await
        .expect("members")
        .iter()
        .map(|m| m.user_id().to_string())
        .collect();
    assert_eq!(members.len(), 2, "only alice and the bot: {members:?}");
    assert!(members.contains(&alice.user_id.to_string()) && members.contains(&bot_id.to_string()));
    assert!(bob.client.get_room(&hand.room_id).is_none_or(|r| r.state() != matrix_sdk::RoomState::Joined));
    // a second request reuses the direct room
    alice.say(&room, "!st hand").await;
    let again = alice.expect("alice's hand again", |s| s.room_id != room.room_id() && bot_says(s, &bot_id, "Your hand in game #1")).await;
    assert_eq!(again.room_id, hand.room_id);
    assert!(!bob.sees_within(Duration::from_millis(300), |s| s.room_id == hand.room_id).await);
    // each move was one event in the room: its board, captioned
    bob.forget(Duration::from_secs(1), |_| false).await;
    let announcements: Vec<&Seen> =
        bob.history.iter().filter(|s| s.room_id == room.room_id() && bot_says(s, &bot_id, "(game #1, move ")).collect();
    assert_eq!(announcements.len(), 4, "one event per move: {announcements:#?}");
    assert!(announcements.iter().all(|s| is_image(s)));
    // the replay so far: a GIF of five positions; without [web] no game page is named
    alice.say(&room, "!st replay").await;
    let replay = alice.expect("the replay", |s| s.room_id == room.room_id() && is_image(s) && bot_says(s, &bot_id, "The replay of game #1")).await;
    assert_eq!(replay.body(), "The replay of game #1 (Carat, 4 moves).");
    let (bytes, _) = alice.download(&replay).await;
    assert_eq!(crate::support::gif_frames(&bytes).0, [80, 80, 80, 80, 500]);
    bot.stop().await;
}

/// A pill in the middle of a command, as Element sends it (`formatted_body` with a
/// `matrix.to` link, the display name in `body`), names that user: only bob is invited,
/// and the game begins when he accepts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pill_in_a_command_invites_that_player() {
    let hs = synapse(Limits::Relaxed);
    let dir = tempfile::tempdir().expect("tempdir");
    let (bot, _host) = bot_with_host(hs, &hs.register("bot"), dir.path()).await;
    let bot_id = bot.user_id.clone();
    let mut alice = Human::new(hs, "alice").await;
    let mut bob = Human::new(hs, "bob").await;
    bob.client.account().set_display_name(Some("Bob B.")).await.expect("display name");
    let room = table(&alice, &bob, &bot_id, "Pill table", false).await;
    let pill = format!(r#"<a href="https://matrix.to/#/{}">Bobby</a>"#, bob.user_id);
    alice.say_html(&room, "!st new carat seed=3 Bobby", &format!("!st new carat seed=3 {pill}")).await;
    let invitation = alice.expect("the named invitation", |s| s.room_id == room.room_id() && bot_says(s, &bot_id, "to a game of Carat")).await;
    assert!(mentions(&invitation, &bob.user_id), "bob is the one invited: {:?}", invitation.content);
    // The invitee is named as the room shows him, not by his id.
    assert!(invitation.content.body().contains(" invites Bob B. to a game of Carat"), "{}", invitation.content.body());
    bob.say(&room, "!st join").await;
    bob.expect("the start", |s| s.room_id == room.room_id() && bot_says(s, &bot_id, "begins")).await;
    bot.stop().await;
}

/// Table talk on Matrix (issue 16): a room set to German posts in German whoever
/// triggers the post; the start names the time per move, and a resignation says who
/// won and why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_room_posts_in_german_and_a_resignation_says_why() {
    let hs = synapse(Limits::Relaxed);
    let dir = tempfile::tempdir().expect("tempdir");
    let (bot, _host) = bot_with_host(hs, &hs.register("bot"), dir.path()).await;
    let bot_id = bot.user_id.clone();
    let mut alice = Human::new(hs, "alice").await;
    let mut bob = Human::new(hs, "bob").await;
    let room = table(&alice, &bob, &bot_id, "Tisch", false).await;
    // alice created the room, so she is its admin.
    alice.say(&room, "!st settings language=de").await;
    alice.expect("the setting", |s| s.room_id == room.room_id() && bot_says(s, &bot_id, "Einstellungen hier")).await;
    alice.say(&room, "!st new carat seed=3 time=2h").await;
    alice.expect("the invitation", |s| s.room_id == room.room_id() && bot_says(s, &bot_id, "lädt zu einer Partie Carat")).await;
    bob.say(&room, "!st join").await;
    bob.expect("the join", |s| s.room_id == room.room_id() && bot_says(s, &bot_id, "tritt Partie #1 bei")).await;
    alice.say(&room, "!st start").await;
    let start = alice.expect("the start", |s| s.room_id == room.room_id() && bot_says(s, &bot_id, "beginnt")).await;
    let (a, b) = (alice.user_id.localpart().to_string(), bob.user_id.localpart().to_string());
    assert!(start.body().starts_with(&format!("Partie #1 Carat beginnt (startwert=3, 2 Stunden Bedenkzeit je Zug). Plätze: {a}, {b}.")), "{}", start.body());
    alice.say(&room, "!st resign").await;
    let over = alice.expect("the end", |s| s.room_id == room.room_id() && bot_says(s, &bot_id, "ist vorbei")).await;
    let body = over.body();
    let mut lines = body.lines();
    assert_eq!(lines.next(), Some(format!("{a} gibt Partie #1 auf.").as_str()), "{body}");
    assert_eq!(lines.next(), Some(format!("Partie #1 ist vorbei: {b} gewinnt, {a} hat aufgegeben. Rangfolge:").as_str()), "{body}");
    assert_eq!(lines.next(), Some(format!("1. {b}: 0 Punkte").as_str()), "{body}");
    assert_eq!(lines.next(), Some(format!("2. {a} (aufgegeben): 0 Punkte").as_str()), "{body}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_encrypted_room_reads_commands_and_gets_encrypted_boards() {
    let hs = synapse(Limits::Relaxed);
    let dir = tempfile::tempdir().expect("tempdir");
    let (bot, _host) = bot_with_host(hs, &hs.register("bot"), dir.path()).await;
    let bot_id = bot.user_id.clone();
    let mut alice = Human::new(hs, "alice").await;
    let mut bob = Human::new(hs, "bob").await;
    let room = table(&alice, &bob, &bot_id, "Secret table", true).await;
    assert!(room.latest_encryption_state().await.expect("state").is_encrypted());

    open_carat(&mut alice, &mut bob, &room, &bot_id, 11).await;
    let (who, mv) = &plan_carat(11).moves[0];
    let mover = if who == "alice" { &mut alice } else { &mut bob };
    mover.say(&room, &format!("!st {mv}")).await;
    let board = mover
        .expect("the encrypted board", |s| s.room_id == room.room_id() && is_image(s) && bot_says(s, &bot_id, &format!("plays {mv}")))
        .await;
    let (png, source) = mover.download(&board).await;
    assert!(matches!(source, MediaSource::Encrypted(_)), "the board was uploaded encrypted");
    assert_png(&png);
    bot.stop().await;
}

/// `spieltisch run --config FILE` as a child process.
struct BotProcess {
    child: Child,
}

impl BotProcess {
    fn start(config: &Path) -> BotProcess {
        let log = std::fs::File::create(config.with_extension("log")).expect("log file");
        let child = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
            .args(["run", "--config"])
            .arg(config)
            .current_dir(config.parent().expect("dir"))
            .env_remove("SPIELTISCH_MATRIX_PASSWORD")
            // Info, and each command as the bot receives it (`received`).
            .env("RUST_LOG", "info,spieltisch::matrix::handlers=debug")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("start spieltisch run");
        BotProcess { child }
    }

    /// How many commands the bot's log (next to `config`) shows received (the handler's
    /// debug line `command received`).
    fn commands_received(config: &Path) -> usize {
        Self::commands_in(&std::fs::read_to_string(config.with_extension("log")).unwrap_or_default())
    }

    fn commands_in(log: &str) -> usize {
        log.matches("command received").count()
    }

    /// Waits, at most `within`, until the bot's log shows `commands` commands received.
    fn received(config: &Path, commands: usize, within: Duration) {
        let deadline = std::time::Instant::now() + within;
        loop {
            let log = std::fs::read_to_string(config.with_extension("log")).unwrap_or_default();
            let seen = BotProcess::commands_in(&log);
            if seen >= commands {
                return;
            }
            assert!(std::time::Instant::now() < deadline, "the bot received {seen} of {commands} commands within {within:?}: {log}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Sends SIGTERM (as `kill` does) and waits, at most `within`, for the exit status.
    #[cfg(unix)]
    fn terminate(&mut self, within: Duration) -> std::process::ExitStatus {
        let status = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status().expect("run kill");
        assert!(status.success(), "kill -TERM failed");
        let deadline = std::time::Instant::now() + within;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait for the bot") {
                return status;
            }
            assert!(std::time::Instant::now() < deadline, "the bot did not stop within {within:?} of SIGTERM");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Kills the process without warning (as a crash or `kill -9` would).
    fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Writes a configuration for `spieltisch run` as `account` on `hs` into `dir` (the
/// database and the Matrix store there too) and returns its path.
fn bot_config(dir: &Path, hs: &Synapse, account: &Account) -> std::path::PathBuf {
    let config = dir.join("spieltisch.toml");
    std::fs::write(
        &config,
        format!(
            "[database]\nurl = \"sqlite://{db}\"\n\n[matrix]\nhomeserver = \"{url}\"\nuser = \"{user}\"\npassword = \"{password}\"\nstore_path = \"{store}\"\n",
            db = dir.join("games.db").display(),
            url = hs.url,
            user = account.user_id,
            password = account.password,
            store = dir.join("matrix-store").display(),
        ),
    )
    .expect("write config");
    config
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_binary_restarts_mid_game_without_repeating_a_command() {
    let hs = synapse(Limits::Relaxed);
    let account = hs.register("bot");
    let bot_id: OwnedUserId = account.user_id.as_str().try_into().expect("user id");
    let dir = tempfile::tempdir().expect("tempdir");
    let config = bot_config(dir.path(), hs, &account);
    let bot = BotProcess::start(&config);
    let mut alice = Human::new(hs, "alice").await;
    let mut bob = Human::new(hs, "bob").await;
    let room = alice.create_room("Restart table", &[&bot_id, &bob.user_id], true).await;
    alice.wait_for_member(&room, &bot_id).await;
    alice.wait_for_member(&room, &bob.user_id).await;
    open_carat(&mut alice, &mut bob, &room, &bot_id, 21).await;
    let plan = plan_carat(21);
    let play = async |alice: &mut Human, bob: &mut Human, k: usize| {
        let (who, mv) = &plan.moves[k];
        let mover = if who == "alice" { alice } else { bob };
        mover.say(&room, &format!("!st {mv}")).await;
        let announced = format!("plays {mv} (game #1, move {})", k + 1);
        mover.expect("the announcement", |s| s.room_id == room.room_id() && bot_says(s, &bot_id, &announced)).await;
    };
    play(&mut alice, &mut bob, 0).await;
    play(&mut alice, &mut bob, 1).await;
    let session: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("matrix-store/session.json")).expect("session saved")).expect("json");
    let device = session["device_id"].as_str().expect("device id").to_string();
    bot.kill();

    // a move written while the bot is down is played once after the restart
    let (who, mv) = &plan.moves[2];
    let mover = if who == "alice" { &mut alice } else { &mut bob };
    mover.say(&room, &format!("!st {mv}")).await;
    let bot = BotProcess::start(&config);
    let announced = format!("plays {mv} (game #1, move 3)");
    mover.expect("the move sent during the downtime", |s| s.room_id == room.room_id() && bot_says(s, &bot_id, &announced)).await;
    play(&mut alice, &mut bob, 3).await;

    // nothing was handled twice: each move announced exactly once
    assert!(!alice.sees_within(Duration::from_secs(2), |s| bot_says(s, &bot_id, "(game #1, move 5)")).await, "no stray move");
    let said: Vec<&str> = alice.history.iter().filter(|s| s.room_id == room.room_id() && is_from(s, &bot_id)).map(|s| s.body()).collect();
    for k in 1..=4 {
        let needle = format!("(game #1, move {k})");
        assert_eq!(said.iter().filter(|b| b.contains(&needle)).count(), 1, "move {k} announced once: {said:#?}");
    }
    assert_eq!(said.iter().filter(|b| b.contains("begins")).count(), 1, "the start announced once: {said:#?}");
    let session: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("matrix-store/session.json")).expect("session")).expect("json");
    assert_eq!(session["device_id"].as_str(), Some(device.as_str()), "the restart reused the device");
    let devices = alice.client.encryption().get_user_devices(&bot_id).await.expect("devices");
    assert_eq!(devices.devices().count(), 1, "one device for the bot, not one per start");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir.path().join("matrix-store/session.json")).expect("file").permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "the session file is private");
    }
    let log = std::fs::read_to_string(config.with_extension("log")).unwrap_or_default();
    assert!(!log.contains(&account.password), "the password is not logged");
    assert!(!log.contains(session["access_token"].as_str().expect("token")), "the access token is not logged");
    bot.kill();
}

/// The wait for one message of a rate-limited burst (10 messages over the burst at one
/// per 5 s take 50 s).
const PATIENCE: Duration = Duration::from_secs(180);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_default_rate_limits_a_burst_of_boards_all_arrives() {
    let hs = synapse(Limits::Default);
    let dir = tempfile::tempdir().expect("tempdir");
    let (bot, _host) = bot_with_host(hs, &hs.register("bot"), dir.path()).await;
    let bot_id = bot.user_id.clone();
    let mut alice = Human::new(hs, "alice").await;
    let bob = Human::new(hs, "bob").await;
    let mut rooms = Vec::new();
    for t in 0..2 {
        let room = alice.create_room(&format!("Busy table {t}"), &[&bot_id, &bob.user_id], false).await;
        alice.wait_for_member(&room, &bot_id).await;
        alice.wait_for_member(&room, &bob.user_id).await;
        rooms.push(room);
    }
    // two games opened at once, without waiting for the bot: the bot's answers (texts,
    // start boards, private hands: about 20 messages) come as one burst, twice Synapse's
    // burst of 10 messages, after which it allows one message every 5 s
    for (t, room) in rooms.iter().enumerate() {
        alice.say(room, &format!("!st new carat seed={}", 100 + t)).await;
    }
    for room in &rooms {
        bob.say(room, "!st join").await;
    }
    for room in &rooms {
        alice.say(room, "!st start").await;
    }
    for room in &rooms {
        alice.say(room, "!st board").await;
    }
    for room in &rooms {
        for (what, caption) in [("start board", "begins"), ("requested board", "after 0 moves")] {
            let board = alice
                .expect_within(PATIENCE, what, |s| s.room_id == room.room_id() && is_image(s) && bot_says(s, &bot_id, caption))
                .await;
            assert_png(&alice.download(&board).await.0);
        }
    }
    assert!(bot.stats.rate_limited() > 0, "the burst met the homeserver's rate limit (and was waited out)");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_recovers_when_the_homeserver_goes_away_and_comes_back() {
    let hs = Synapse::dedicated("reconnect", Limits::Relaxed);
    let dir = tempfile::tempdir().expect("tempdir");
    let (bot, _host) = bot_with_host(&hs, &hs.register("bot"), dir.path()).await;
    let bot_id = bot.user_id.clone();
    let mut alice = Human::new(&hs, "alice").await;
    let mut bob = Human::new(&hs, "bob").await;
    let room = alice.create_room("Flaky table", &[&bot_id, &bob.user_id], false).await;
    alice.wait_for_member(&room, &bot_id).await;
    alice.wait_for_member(&room, &bob.user_id).await;
    alice.say(&room, "!st new carat seed=3").await;
    alice.expect("the invitation", |s| bot_says(s, &bot_id, "invites you")).await;

    hs.stop();
    let deadline = tokio::time::Instant::now() + WAIT;
    while bot.stats.sync_failures() == 0 {
        assert!(tokio::time::Instant::now() < deadline, "the bot never noticed the outage");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    hs.restart();

    bob.say(&room, "!st join").await;
    bob.expect("the join after the outage", |s| bot_says(s, &bot_id, "joins game #1")).await;
    alice.say(&room, "!st start").await;
    let board = alice.expect("the board after the outage", |s| is_from(s, &bot_id) && is_image(s)).await;
    assert_png(&alice.download(&board).await.0);
    assert!(!bot.task.is_finished(), "the bot kept running through the outage");
    bot.stop().await;
}

/// Commands written while the bot was down in a room that went on talking (more events
/// than a sync's timeline holds) are all answered after the restart, once, in order.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_before_a_long_chat_while_the_bot_was_down_are_all_answered_in_order() {
    let hs = synapse(Limits::Relaxed);
    let account = hs.register("bot");
    let dir = tempfile::tempdir().expect("tempdir");
    let store = dir.path().join("matrix-store");
    let (bot, host) = bot_with_host(hs, &account, dir.path()).await;
    let bot_id = bot.user_id.clone();
    let mut alice = Human::new(hs, "alice").await;
    let bob = Human::new(hs, "bob").await;
    let carol = Human::new(hs, "carol").await;
    let dave = Human::new(hs, "dave").await;
    let room = alice.create_room("Busy room", &[&bot_id, &bob.user_id, &carol.user_id, &dave.user_id], false).await;
    for user in [&bot_id, &bob.user_id, &carol.user_id, &dave.user_id] {
        alice.wait_for_member(&room, user).await;
    }
    let probe = alice.say(&room, "!st board #5").await;
    let answer = alice.expect("the bot is listening", |s| is_from(s, &bot_id) && replies_to(s, &probe)).await;
    assert!(answer.body().contains("#5"), "{}", answer.body());
    bot.stop().await;

    let commands = [
        (alice.say(&room, "!st board #2").await, "#2"),
        (carol.say(&room, "!st board #1").await, "#1"),
        (bob.say(&room, "!st board #21").await, "#21"),
    ];
    for line in 0..30 {
        dave.say(&room, &format!("just chatting, line {line}")).await;
    }
    let bot = RunningBot::start(hs, &account, &store, HostHandler::new(host.clone())).await;
    for (event, game) in &commands {
        let answer = alice.expect("the answer to a command written during the downtime", |s| is_from(s, &bot_id) && replies_to(s, event)).await;
        assert!(answer.body().contains(game), "the answer names game {game}: {}", answer.body());
    }
    // proof the bot has moved on, then: every command answered once, in the order written
    let last = alice.say(&room, "!st board #6").await;
    alice.expect("the answer to a later command", |s| is_from(s, &bot_id) && replies_to(s, &last)).await;
    let answered: Vec<&OwnedEventId> = alice
        .history
        .iter()
        .filter(|s| is_from(s, &bot_id))
        .filter_map(|s| match &s.content.relates_to {
            Some(Relation::Reply(r)) => Some(&r.in_reply_to.event_id),
            _ => None,
        })
        .collect();
    assert_eq!(answered, vec![&probe, &commands[0].0, &commands[1].0, &commands[2].0, &last], "each command answered once, in order");
    bot.stop().await;
}

/// Commands written in a room before the bot was invited there are history, not
/// commands: the first game the bot opens there is #1.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_written_before_the_bot_was_invited_are_not_answered() {
    let hs = synapse(Limits::Relaxed);
    let dir = tempfile::tempdir().expect("tempdir");
    let (bot, _host) = bot_with_host(hs, &hs.register("bot"), dir.path()).await;
    let bot_id = bot.user_id.clone();
    let mut alice = Human::new(hs, "alice").await;
    let bob = Human::new(hs, "bob").await;
    let room = bob.create_room("Room C", &[&alice.user_id], false).await;
    bob.wait_for_member(&room, &alice.user_id).await;
    bob.say(&room, "!st new aratoth").await;
    bob.say(&room, "!st board #4").await;
    room.invite_user_by_id(&bot_id).await.expect("invite the bot");
    bob.wait_for_member(&room, &bot_id).await;
    bob.say(&room, "!st new carat seed=3").await;
    let invitation = alice.expect("the invitation", |s| s.room_id == room.room_id() && bot_says(s, &bot_id, "to a game of")).await;
    assert!(invitation.body().contains("to a game of Carat (#1)"), "the first game here is #1: {}", invitation.body());
    let said: Vec<&str> = alice.history.iter().filter(|s| is_from(s, &bot_id)).map(Seen::body).collect();
    assert_eq!(said.len(), 1, "only the command written after the join was answered: {said:#?}");
    bot.stop().await;
}

/// A bot kicked from a room, restarted and invited again answers only what is written
/// after its new join, not the room's earlier commands.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_invited_again_after_a_kick_and_a_restart_does_not_replay_old_commands() {
    let hs = synapse(Limits::Relaxed);
    let account = hs.register("bot");
    let dir = tempfile::tempdir().expect("tempdir");
    let store = dir.path().join("matrix-store");
    let (bot, host) = bot_with_host(hs, &account, dir.path()).await;
    let bot_id = bot.user_id.clone();
    let mut carol = Human::new(hs, "carol").await;
    let dave = Human::new(hs, "dave").await;
    let room = table(&carol, &dave, &bot_id, "Kick table", false).await;
    carol.say(&room, "!st new carat seed=3").await;
    carol.expect("the first invitation", |s| bot_says(s, &bot_id, "to a game of Carat (#1)")).await;
    let refused = carol.say(&room, "!st board #9").await;
    carol.expect("the refusal", |s| is_from(s, &bot_id) && replies_to(s, &refused)).await;
    room.kick_user(&bot_id, Some("enough")).await.expect("kick");
    carol.wait_for_leave(&room, &bot_id).await;
    bot.stop().await;

    let bot = RunningBot::start(hs, &account, &store, HostHandler::new(host.clone())).await;
    room.invite_user_by_id(&bot_id).await.expect("invite again");
    carol.wait_for_member(&room, &bot_id).await;
    carol.say(&room, "!st new aratoth").await;
    let again = carol.expect("the new invitation", |s| bot_says(s, &bot_id, "to a game of Aratoth")).await;
    assert!(again.body().contains("invites you to a game of Aratoth's Revenge (#2)"), "the old command was not replayed: {}", again.body());
    let probe = carol.say(&room, "!st board #8").await;
    carol.expect("the answer to a later command", |s| is_from(s, &bot_id) && replies_to(s, &probe)).await;
    let said: Vec<&str> = carol.history.iter().filter(|s| is_from(s, &bot_id)).map(Seen::body).collect();
    assert_eq!(said.len(), 4, "the two old answers and the two new ones, nothing replayed: {said:#?}");
    assert!(said[0].contains("to a game of Carat (#1)") && said[1] == "There is no game #9 here.", "{said:#?}");
    assert!(said[2].contains("Aratoth's Revenge (#2)") && said[3] == "There is no game #8 here.", "{said:#?}");
    bot.stop().await;
}

/// `kill` (SIGTERM) right after a move: the bot stops gracefully, exit status 0, and the
/// move's board and announcement are posted before it exits.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_right_after_a_move_still_posts_its_announcement_and_exits_0() {
    let hs = synapse(Limits::Relaxed);
    let account = hs.register("bot");
    let bot_id: OwnedUserId = account.user_id.as_str().try_into().expect("user id");
    let dir = tempfile::tempdir().expect("tempdir");
    let config = bot_config(dir.path(), hs, &account);
    let mut bot = BotProcess::start(&config);
    let mut alice = Human::new(hs, "alice").await;
    let mut bob = Human::new(hs, "bob").await;
    let room = table(&alice, &bob, &bot_id, "Term table", false).await;
    open_carat(&mut alice, &mut bob, &room, &bot_id, 5).await;
    let (who, mv) = &plan_carat(5).moves[0];
    let mover = if who == "alice" { &mut alice } else { &mut bob };
    let before = BotProcess::commands_received(&config);
    mover.say(&room, &format!("!st {mv}")).await;
    // SIGTERM as soon as the bot has the move, however slow the machine: a fixed pause
    // of 100 ms let a loaded machine kill it before it had it.
    let status = tokio::task::block_in_place(|| {
        BotProcess::received(&config, before + 1, WAIT);
        bot.terminate(WAIT)
    });
    assert!(status.success(), "the bot exits 0 on SIGTERM: {status:?}");
    let log = std::fs::read_to_string(config.with_extension("log")).unwrap_or_default();
    assert!(log.contains("Matrix adapter stopped"), "the Matrix adapter stopped gracefully: {log}");
    // no restart: the answer was sent before the exit
    let announced = format!("plays {mv} (game #1, move 1)");
    let board = mover.expect("the board of the move", |s| s.room_id == room.room_id() && is_image(s) && bot_says(s, &bot_id, &announced)).await;
    assert_png(&mover.download(&board).await.0);
}

/// Events and seconds per move on a Synapse with its default rate limits (`rc_message`:
/// 0.2 messages/s, burst 10): two humans play the first `MOVES` moves of a Carat game,
/// each move sent once the previous one is announced. Prints the bot's events per move
/// (in the room, and in the players' direct rooms) and the seconds per move; the figures
/// of docs/src/running/matrix.md come from it. A measurement, not a check: run by hand
/// with `cargo test -p spieltisch --test it events_and_seconds_per_move -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement run by hand (several minutes on the default-rate-limited Synapse)"]
async fn events_and_seconds_per_move_with_default_rate_limits() {
    const MOVES: usize = 16;
    let hs = Synapse::dedicated("per-move", Limits::Default);
    let dir = tempfile::tempdir().expect("tempdir");
    let (bot, _host) = bot_with_host(&hs, &hs.register("bot"), dir.path()).await;
    let bot_id = bot.user_id.clone();
    let mut alice = Human::new(&hs, "alice").await;
    let mut bob = Human::new(&hs, "bob").await;
    let room = table(&alice, &bob, &bot_id, "Rate table", false).await;
    // let the burst allowance refill after the start, so each run measures the same
    open_carat(&mut alice, &mut bob, &room, &bot_id, 11).await;
    tokio::time::sleep(Duration::from_secs(60)).await;
    let seen_before = [alice.history.len(), bob.history.len()];
    let plan = plan_carat(11);
    let started = std::time::Instant::now();
    for (k, (who, mv)) in plan.moves.iter().take(MOVES).enumerate() {
        let mover = if who == "alice" { &mut alice } else { &mut bob };
        mover.say(&room, &format!("!st {mv}")).await;
        let announced = format!("plays {mv} (game #1, move {})", k + 1);
        mover
            .expect_within(PATIENCE, "the move's announcement", |s| s.room_id == room.room_id() && is_from(s, &bot_id) && s.body().contains(&announced))
            .await;
    }
    let seconds = started.elapsed().as_secs_f64();
    // what is still on its way belongs to the last moves
    alice.forget(Duration::from_secs(12), |_| false).await;
    bob.forget(Duration::from_secs(12), |_| false).await;
    let in_room = alice.history[seen_before[0]..].iter().filter(|s| s.room_id == room.room_id() && is_from(s, &bot_id)).count();
    let direct = |h: &Human, from: usize| h.history[from..].iter().filter(|s| s.room_id != room.room_id() && is_from(s, &bot_id)).count();
    let direct = direct(&alice, seen_before[0]) + direct(&bob, seen_before[1]);
    println!(
        "[per move] {MOVES} moves: {in_room} events in the room, {direct} in direct rooms: {:.2} events/move in the room, {:.2} in all; {seconds:.1} s, {:.2} s/move; {} rate-limited requests",
        in_room as f64 / MOVES as f64,
        (in_room + direct) as f64 / MOVES as f64,
        seconds / MOVES as f64,
        bot.stats.rate_limited()
    );
    bot.stop().await;
}

/// A living board of games and a tidy room (issue 40) on Synapse, with the command
/// layer on a manual clock: `dashboard` posts one message that the scheduler's later
/// change edits (an `m.replace` of it), and with `tidy=on` the turn ping is redacted once
/// the game has moved on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_dashboard_is_edited_and_tidy_redacts_the_old_turn_ping() {
    const HOUR: i64 = 3_600_000;
    let hs = synapse(Limits::Relaxed);
    let dir = tempfile::tempdir().expect("tempdir");
    let clock = Arc::new(commands::base::clock::ManualClock::at(1_796_025_600_000));
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let host = Arc::new(Host::open_with_clock(&url, HostOptions::default(), clock.clone()).await.expect("open the games database"));
    let account = hs.register("bot");
    let bot = RunningBot::start(hs, &account, &dir.path().join("matrix-store"), HostHandler::new(host.clone())).await;
    let bot_id = bot.user_id.clone();
    let routes = spieltisch::notices::NoticeRoutes { matrix: Some(bot.notifier.clone()), ..Default::default() };
    let mut alice = Human::new(hs, "alice").await;
    let mut bob = Human::new(hs, "bob").await;
    let room = table(&alice, &bob, &bot_id, "Club room", false).await;
    let here = |s: &Seen| s.room_id == room.room_id();

    // alice created the room: she is its admin.
    alice.say(&room, "!st settings tidy=on").await;
    alice.expect("the settings", |s| here(s) && bot_says(s, &bot_id, "old turn pings deleted on")).await;
    alice.say(&room, "!st dashboard").await;
    let dashboard = alice.expect("the dashboard", |s| here(s) && bot_says(s, &bot_id, "No games running here")).await;
    open_carat(&mut alice, &mut bob, &room, &bot_id, 7).await;
    clock.advance(10_000);
    spieltisch::notices::deliver_due(&host, &routes).await;
    let edit = alice
        .expect("the dashboard's edit", |s| here(s) && matches!(&s.content.relates_to, Some(Relation::Replacement(r)) if r.event_id == dashboard.event_id))
        .await;
    let Some(Relation::Replacement(replacement)) = &edit.content.relates_to else { unreachable!() };
    let new_body = replacement.new_content.msgtype.body();
    let names = format!("{} – {}", alice.user_id.localpart(), bob.user_id.localpart());
    assert!(new_body.starts_with(&format!("One game running (this message keeps itself up to date):\n• #1 Carat: {names} · ")), "{new_body}");
    assert!(new_body.ends_with(" to move, 2 days 23 hours left"), "{new_body}");

    // Half time: the turn ping; then the move: the ping is redacted, the boards stay.
    clock.advance(36 * HOUR);
    spieltisch::notices::deliver_due(&host, &routes).await;
    let ping = alice.expect("the turn ping", |s| here(s) && bot_says(s, &bot_id, "half your time")).await;
    let plan = plan_carat(7);
    let (who, mv) = &plan.moves[0];
    let mover = if who == "alice" { &mut alice } else { &mut bob };
    mover.say(&room, &format!("!st {mv}")).await;
    let board = mover.expect("the move's board", |s| here(s) && is_image(s) && bot_says(s, &bot_id, &format!("plays {mv}"))).await;
    let deadline = tokio::time::Instant::now() + WAIT;
    let mine = alice.client.get_room(room.room_id()).expect("alice's room");
    loop {
        let event = mine.load_or_fetch_event(&ping.event_id, None).await.expect("the ping event");
        let json: serde_json::Value = event.raw().deserialize_as().expect("json");
        if json["unsigned"]["redacted_because"].is_object() {
            assert_eq!(json["content"], serde_json::json!({}), "redacted: {json}");
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "the old turn ping was not redacted: {json}");
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    let event = mine.load_or_fetch_event(&board.event_id, None).await.expect("the board event");
    let json: serde_json::Value = event.raw().deserialize_as().expect("json");
    assert!(json["unsigned"]["redacted_because"].is_null(), "the board stays: {json}");
    bot.stop().await;
}

/// A tournament in a room (issue 39): a round robin of three opened and joined by typed
/// commands (English and German), round 1 (Berger tables for 3: bob – carol, alice has the
/// bye) posted with its game's board; bob resigns and the scheduler posts the standings and
/// round 2 (alice – bob, carol has the bye).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_round_is_played_in_a_room() {
    let hs = synapse(Limits::Relaxed);
    let dir = tempfile::tempdir().expect("tempdir");
    let (bot, host) = bot_with_host(hs, &hs.register("bot"), dir.path()).await;
    let bot_id = bot.user_id.clone();
    let routes = spieltisch::notices::NoticeRoutes { matrix: Some(bot.notifier.clone()), ..Default::default() };
    let mut alice = Human::new(hs, "alice").await;
    let mut bob = Human::new(hs, "bob").await;
    let mut carol = Human::new(hs, "carol").await;
    let room = alice.create_room("Club tournament", &[&bot_id, &bob.user_id, &carol.user_id], false).await;
    for member in [&bot_id, &bob.user_id, &carol.user_id] {
        alice.wait_for_member(&room, member).await;
    }
    let here = |s: &Seen| s.room_id == room.room_id();
    let (a, b, c) = (alice.user_id.localpart().to_string(), bob.user_id.localpart().to_string(), carol.user_id.localpart().to_string());
    alice.say(&room, "!st tournament new carat roundrobin time=1d").await;
    alice.expect("the tournament", |s| here(s) && bot_says(s, &bot_id, "opens tournament #1 (Carat, round robin, 1 day per move)")).await;
    bob.say(&room, "!st tournament join").await;
    bob.expect("bob's sign-up", |s| here(s) && bot_says(s, &bot_id, "signs up for tournament #1 (2 players signed up)")).await;
    carol.say(&room, "!st turnier beitreten").await;
    carol.expect("carol's sign-up", |s| here(s) && bot_says(s, &bot_id, "signs up for tournament #1 (3 players signed up)")).await;
    alice.say(&room, "!st tournament start").await;
    let round = alice.expect("round 1", |s| here(s) && bot_says(s, &bot_id, "Tournament #1, round 1 of 3:")).await;
    assert!(round.body().contains(&format!("#1: {b} – {c}\n{a} has the bye (1 point).")), "{}", round.body());
    let board = alice.expect("the game's board", |s| here(s) && is_image(s) && bot_says(s, &bot_id, "game #1 starts")).await;
    assert_png(&alice.download(&board).await.0);
    bob.say(&room, "!st resign").await;
    bob.expect("the resignation", |s| here(s) && bot_says(s, &bot_id, "Game #1 is over")).await;
    spieltisch::notices::deliver_due(&host, &routes).await;
    let next = alice.expect("round 2", |s| here(s) && bot_says(s, &bot_id, "Tournament #1, round 2 of 3:")).await;
    assert!(next.body().contains(&format!("#2: {a} – {b}\n{c} has the bye (1 point).")), "{}", next.body());
    bot.stop().await;
}

/// Game #1 of Carat (seed 7) in `room`: eight moves of the planned game, the player to
/// move resigns, and alice asks for the review; the bot's progress message.
async fn eight_carat_moves_resigned_and_reviewed(alice: &mut Human, bob: &mut Human, room: &Room, bot_id: &UserId) -> Seen {
    let here = |s: &Seen| s.room_id == room.room_id();
    open_carat(alice, bob, room, bot_id, 7).await;
    let plan = plan_carat(7);
    for (k, (who, mv)) in plan.moves.iter().take(8).enumerate() {
        let mover = if who == "alice" { &mut *alice } else { &mut *bob };
        mover.say(room, &format!("!st {mv}")).await;
        let announced = format!("plays {mv} (game #1, move {})", k + 1);
        mover.expect("the move's board", |s| here(s) && bot_says(s, bot_id, &announced)).await;
    }
    let resigner = if plan.moves[8].0 == "alice" { &mut *alice } else { &mut *bob };
    resigner.say(room, "!st resign").await;
    resigner.expect("the end", |s| here(s) && bot_says(s, bot_id, "is over")).await;
    alice.say(room, "!st review").await;
    alice.expect("the progress message", |s| here(s) && bot_says(s, bot_id, "Reviewing game #1 (8 moves)")).await
}

/// The review and the replay on Synapse (issue 44), the command layer on a manual clock
/// with `[web]` set: `review` answers with a message that the scheduler edits
/// (`m.replace`) as the review goes on and a last time before the review follows with its
/// graph; `replay` posts the GIF as an image (`image/gif`) whose caption also carries the
/// game page's link (Matrix clients may show a GIF's first frame only).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_review_edits_its_progress_and_the_replay_carries_the_game_page() {
    let hs = synapse(Limits::Relaxed);
    let dir = tempfile::tempdir().expect("tempdir");
    let clock = Arc::new(commands::base::clock::ManualClock::at(1_796_025_600_000));
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let options = HostOptions { review_level: ai::Level::Easy, web_url: Some("https://games.example".into()), ..HostOptions::default() };
    let host = Arc::new(Host::open_with_clock(&url, options, clock.clone()).await.expect("open the games database"));
    let account = hs.register("bot");
    let bot = RunningBot::start(hs, &account, &dir.path().join("matrix-store"), HostHandler::new(host.clone())).await;
    let bot_id = bot.user_id.clone();
    let routes = spieltisch::notices::NoticeRoutes { matrix: Some(bot.notifier.clone()), ..Default::default() };
    let mut alice = Human::new(hs, "alice").await;
    let mut bob = Human::new(hs, "bob").await;
    let room = table(&alice, &bob, &bot_id, "Review room", false).await;
    let here = |s: &Seen| s.room_id == room.room_id();
    let progress = eight_carat_moves_resigned_and_reviewed(&mut alice, &mut bob, &room, &bot_id).await;
    let edit_of = |s: &Seen| match &s.content.relates_to {
        Some(Relation::Replacement(r)) if r.event_id == progress.event_id => Some(r.new_content.msgtype.body().to_string()),
        _ => None,
    };
    clock.advance(5_000);
    spieltisch::notices::deliver_due(&host, &routes).await;
    let first = alice.expect("the progress edit", |s| here(s) && edit_of(s).is_some()).await;
    assert_eq!(edit_of(&first).as_deref(), Some("Reviewing game #1: 6 of 8 moves so far…"));
    spieltisch::notices::deliver_due(&host, &routes).await;
    let last = alice.expect("the last edit", |s| here(s) && edit_of(s).is_some()).await;
    assert_eq!(edit_of(&last).as_deref(), Some("Game #1 reviewed (8 moves): the review follows."));
    let review = alice.expect("the review", |s| here(s) && is_image(s) && bot_says(s, &bot_id, "Review of game #1 (Carat, 8 moves;")).await;
    let (png, _) = alice.download(&review).await;
    let graph = image::load_from_memory_with_format(&png, image::ImageFormat::Png).expect("the graph");
    assert_eq!((graph.width(), graph.height()), (800, 540));

    alice.say(&room, "!st replay").await;
    let replay = alice.expect("the replay", |s| here(s) && is_image(s) && bot_says(s, &bot_id, "The replay of game #1")).await;
    let MessageType::Image(image) = &replay.content.msgtype else { unreachable!() };
    assert_eq!(image.filename.as_deref(), Some("game-1-replay.gif"));
    assert_eq!(image.info.as_ref().and_then(|i| i.mimetype.as_deref()), Some("image/gif"));
    let mut lines = replay.body().lines();
    assert_eq!(lines.next(), Some("The replay of game #1 (Carat, 8 moves)."));
    let link = lines.next().unwrap_or_default();
    assert!(link.starts_with("Game page (every move): https://games.example/g/"), "{}", replay.body());
    let (gif, _) = alice.download(&replay).await;
    // The start, eight moves and the resignation: ten frames, the last held 5 s.
    let (delays, _) = crate::support::gif_frames(&gif);
    assert_eq!(delays.len(), 10);
    assert!(delays[..9].iter().all(|&d| d == 80) && delays[9] == 500, "{delays:?}");
    bot.stop().await;
}

/// A review's progress message survives a restart on Matrix (issue 44): the answer to
/// `!st review` is kept in `tracked_messages` (slot `review:<game>`); the host and the bot
/// stop after 6 of the 8 moves; a new host on the same database and a new bot on the same
/// store finish the review, edit that same event a last time (`m.replace`) and post the
/// review: no second progress message, the review posted once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_midway_the_review_edits_the_same_progress_message() {
    let hs = synapse(Limits::Relaxed);
    let dir = tempfile::tempdir().expect("tempdir");
    let clock = Arc::new(commands::base::clock::ManualClock::at(1_796_025_600_000));
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let options = || HostOptions { review_level: ai::Level::Easy, ..HostOptions::default() };
    let host = Arc::new(Host::open_with_clock(&url, options(), clock.clone()).await.expect("open the games database"));
    let account = hs.register("bot");
    let store = dir.path().join("matrix-store");
    let bot = RunningBot::start(hs, &account, &store, HostHandler::new(host.clone())).await;
    let bot_id = bot.user_id.clone();
    let routes = spieltisch::notices::NoticeRoutes { matrix: Some(bot.notifier.clone()), ..Default::default() };
    let mut alice = Human::new(hs, "alice").await;
    let mut bob = Human::new(hs, "bob").await;
    let room = table(&alice, &bob, &bot_id, "Review restart room", false).await;
    let here = |s: &Seen| s.room_id == room.room_id();
    let progress = eight_carat_moves_resigned_and_reviewed(&mut alice, &mut bob, &room, &bot_id).await;
    let room_key = room.room_id().to_string();
    // The bot keeps the message once the server has answered with its event id, which may
    // come a moment after alice sees it: waited for, not read at once.
    let until = std::time::Instant::now() + Duration::from_secs(15);
    let kept = loop {
        if let Some(kept) = host.db().tracked("matrix", &room_key, "review:1").await.expect("read") {
            break kept;
        }
        assert!(std::time::Instant::now() < until, "the progress message is kept");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(kept.message_id, progress.event_id.to_string());
    let edit_of = |s: &Seen| match &s.content.relates_to {
        Some(Relation::Replacement(r)) if r.event_id == progress.event_id => Some(r.new_content.msgtype.body().to_string()),
        _ => None,
    };

    // Six of the eight moves, then the process stops.
    clock.advance(5_000);
    spieltisch::notices::deliver_due(&host, &routes).await;
    let first = alice.expect("the progress edit", |s| here(s) && edit_of(s).is_some()).await;
    assert_eq!(edit_of(&first).as_deref(), Some("Reviewing game #1: 6 of 8 moves so far…"));
    bot.stop().await;
    drop(routes);
    drop(host);

    // A new process on the same database and store: the review goes on from move 7, the
    // same event is edited a last time, and the only new message is the review.
    let host = Arc::new(Host::open_with_clock(&url, options(), clock.clone()).await.expect("open the games database again"));
    let bot = RunningBot::start(hs, &account, &store, HostHandler::new(host.clone())).await;
    let routes = spieltisch::notices::NoticeRoutes { matrix: Some(bot.notifier.clone()), ..Default::default() };
    clock.advance(5_000);
    spieltisch::notices::deliver_due(&host, &routes).await;
    let last = alice.expect("the last edit", |s| here(s) && edit_of(s).is_some_and(|b| b.starts_with("Game #1 reviewed"))).await;
    assert_eq!(edit_of(&last).as_deref(), Some("Game #1 reviewed (8 moves): the review follows."));
    alice.expect("the review", |s| here(s) && is_image(s) && bot_says(s, &bot_id, "Review of game #1 (Carat, 8 moves;")).await;
    spieltisch::notices::deliver_due(&host, &routes).await;
    // A later command's answer: everything the bot sent before it has arrived.
    let probe = alice.say(&room, "!st board #9").await;
    alice.expect("the answer to a later command", |s| is_from(s, &bot_id) && replies_to(s, &probe)).await;
    let from_bot: Vec<&Seen> = alice.history.iter().filter(|s| here(s) && is_from(s, &bot_id)).collect();
    let edits: Vec<&Seen> = from_bot.iter().copied().filter(|s| matches!(s.content.relates_to, Some(Relation::Replacement(_)))).collect();
    assert_eq!(edits.len(), 2, "two edits in all: {:#?}", edits.iter().map(|s| s.body()).collect::<Vec<_>>());
    assert!(edits.iter().all(|s| edit_of(s).is_some()), "every edit replaces the first answer");
    let posts: Vec<&str> = from_bot.iter().filter(|s| !matches!(s.content.relates_to, Some(Relation::Replacement(_)))).map(|s| s.body()).collect();
    assert_eq!(posts.iter().filter(|b| b.starts_with("Reviewing game #1")).count(), 1, "one progress message: {posts:#?}");
    assert_eq!(posts.iter().filter(|b| b.starts_with("Review of game #1")).count(), 1, "the review posted once: {posts:#?}");
    bot.stop().await;
}

/// Conditional moves on Matrix (issue 40): the player who waits plans a reply in a
/// direct room with the bot (`if #1 <their move> then <my move>`), and the confirmation
/// comes there; the opponent's move in the room is answered by the scheduler with the
/// planned reply, announced in the room on its board with "Played as planned."; the plan
/// itself is never seen in the room, by either player.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_conditional_reply_planned_privately_is_played_in_the_room() {
    let hs = synapse(Limits::Relaxed);
    let dir = tempfile::tempdir().expect("tempdir");
    let clock = Arc::new(commands::base::clock::ManualClock::at(1_796_025_600_000));
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let host = Arc::new(Host::open_with_clock(&url, HostOptions::default(), clock.clone()).await.expect("open the games database"));
    let account = hs.register("bot");
    let bot = RunningBot::start(hs, &account, &dir.path().join("matrix-store"), HostHandler::new(host.clone())).await;
    let bot_id = bot.user_id.clone();
    let routes = spieltisch::notices::NoticeRoutes { matrix: Some(bot.notifier.clone()), ..Default::default() };
    let mut alice = Human::new(hs, "alice").await;
    let mut bob = Human::new(hs, "bob").await;
    let room = table(&alice, &bob, &bot_id, "Carat table", false).await;
    let here = |s: &Seen| s.room_id == room.room_id();
    open_carat(&mut alice, &mut bob, &room, &bot_id, 7).await;

    // The same game in the rules crate: its first two moves, by the first mover and then
    // by the player who waits.
    let plan = plan_carat(7);
    let ((first, theirs), (_, mine)) = (plan.moves[0].clone(), plan.moves[1].clone());
    let (mover, waiter) = if first == "alice" { (&mut alice, &mut bob) } else { (&mut bob, &mut alice) };

    // The waiting player plans in a direct room of their own with the bot.
    let direct = waiter.create_room("with the bot", &[&bot_id], false).await;
    waiter.wait_for_member(&direct, &bot_id).await;
    waiter.say(&direct, &format!("!st if #1 {theirs} then {mine}")).await;
    let confirmation = waiter
        .expect("the plan's confirmation", |s| !here(s) && bot_says(s, &bot_id, "Planned for game #1, seen only by you"))
        .await;
    assert!(confirmation.body().ends_with(&format!("if {theirs} then {mine}")), "{}", confirmation.body());

    // The opponent's move in the room; the scheduler plays the reply at once.
    mover.say(&room, &format!("!st {theirs}")).await;
    mover.expect("the move's board", |s| here(s) && is_image(s) && bot_says(s, &bot_id, &format!("plays {theirs} (game #1, move 1)"))).await;
    clock.advance(1_000);
    spieltisch::notices::deliver_due(&host, &routes).await;
    let reply = mover
        .expect("the planned reply", |s| here(s) && is_image(s) && bot_says(s, &bot_id, &format!("plays {mine} (game #1, move 2)")))
        .await;
    assert!(reply.body().contains("Played as planned."), "{}", reply.body());
    assert!(mentions(&reply, &mover.user_id), "the opponent is to move again: {:?}", reply.content);
    assert_png(&mover.download(&reply).await.0);
    assert_eq!(host.move_number(commands::GameId(1)).await.expect("db"), Some(2));

    // Nothing of the plan in the room, for either player.
    alice.forget(Duration::from_secs(1), |_| false).await;
    bob.forget(Duration::from_secs(1), |_| false).await;
    for human in [&alice, &bob] {
        let in_room: Vec<&str> = human.history.iter().filter(|s| s.room_id == room.room_id()).map(Seen::body).collect();
        assert!(in_room.iter().all(|b| !b.contains("Planned for") && !b.contains(&format!("if {theirs}"))), "{in_room:#?}");
    }
    let opponent = if first == "alice" { &alice } else { &bob };
    assert!(opponent.history.iter().all(|s| !s.body().contains("Planned for")), "the opponent never sees the plan");
    bot.stop().await;
}
