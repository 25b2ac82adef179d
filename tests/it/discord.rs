//! The Discord adapter end to end: the real serenity + poise stack and the real command
//! layer (SQLite in a temporary directory) against the fake Discord of `fake_discord`.
//! Every wait is bounded.

use std::{sync::Arc, time::Duration};

use commands::{Host, HostOptions, Lang, Origin, User};
use serde_json::Value;
use spieltisch::{
    discord::{self, Bot, DiscordConfig, ShardRange},
    secret::Secret,
};
use tempfile::TempDir;

use crate::fake_discord::{events, FakeDiscord, FakeUser, Request, Sent, APP_ID, CHANNEL_ID, GUILD_ID};

const TOKEN: &str = "fake.bot-token.for-tests-0123456789";
pub(crate) const WAIT: Duration = Duration::from_secs(15);
/// How long to watch for messages that must not come.
pub(crate) const SETTLE: Duration = Duration::from_millis(700);
pub(crate) const PNG_MAGIC: &[u8] = b"\x89PNG\r\n\x1a\n";
/// Discord's flag for an ephemeral message.
pub(crate) const EPHEMERAL: u64 = 64;

/// The slash commands the adapter must register, with their German names.
const COMMANDS: [(&str, &str); 30] = [
    ("new", "neu"),
    ("join", "beitreten"),
    ("start", "starten"),
    ("move", "zug"),
    ("board", "brett"),
    ("hand", "hand"),
    ("moves", "züge"),
    ("conditional", "bedingt"),
    ("resign", "aufgeben"),
    ("abort", "abbrechen"),
    ("decline", "ablehnen"),
    ("claim", "reklamieren"),
    ("undo", "zurücknehmen"),
    ("rematch", "revanche"),
    ("games", "partien"),
    ("history", "verlauf"),
    ("replay", "nachspielen"),
    ("review", "analyse"),
    ("export", "exportieren"),
    ("vacation", "urlaub"),
    ("reminders", "erinnerungen"),
    ("dashboard", "übersicht"),
    ("leaderboard", "rangliste"),
    ("stats", "statistik"),
    ("daily", "täglich"),
    ("tournament", "turnier"),
    ("settings", "einstellungen"),
    ("language", "sprache"),
    ("help", "hilfe"),
    ("rules", "regeln"),
];

pub(crate) fn alice() -> FakeUser {
    FakeUser::new(100_000_000_000_000_001, "alice")
}

pub(crate) fn bob() -> FakeUser {
    FakeUser::new(100_000_000_000_000_002, "bob")
}

/// A bot over a database in `dir`, connected to `fake`, with its commands registered.
pub(crate) struct Running {
    pub bot: Bot,
    pub host: Arc<Host>,
    /// The recorded registration request.
    pub registration: Request,
}

pub(crate) async fn start_bot(fake: &FakeDiscord, dir: &TempDir) -> Running {
    start_bot_with_clock(fake, dir, Arc::new(commands::base::clock::SystemClock)).await
}

/// As [`start_bot`], with the command layer reading the time from `clock`.
pub(crate) async fn start_bot_with_clock(
    fake: &FakeDiscord,
    dir: &TempDir,
    clock: Arc<dyn commands::base::clock::Clock>,
) -> Running {
    start_bot_with(fake, dir, clock, HostOptions::default()).await
}

/// As [`start_bot_with_clock`], with the command layer's `options`.
pub(crate) async fn start_bot_with(
    fake: &FakeDiscord,
    dir: &TempDir,
    clock: Arc<dyn commands::base::clock::Clock>,
    options: HostOptions,
) -> Running {
    launch(fake, dir, clock, options, None).await
}

/// As [`start_bot`], running `shards` (as `[discord] shards` would); returns once the
/// first shard has identified and the commands are registered.
pub(crate) async fn start_bot_sharded(fake: &FakeDiscord, dir: &TempDir, shards: &str) -> Running {
    let shards = shards.parse::<ShardRange>().expect("a shard range");
    launch(fake, dir, Arc::new(commands::base::clock::SystemClock), HostOptions::default(), Some(shards)).await
}

async fn launch(
    fake: &FakeDiscord,
    dir: &TempDir,
    clock: Arc<dyn commands::base::clock::Clock>,
    options: HostOptions,
    shards: Option<ShardRange>,
) -> Running {
    let sessions_before = fake.gateway.identifies();
    let from = fake.recorder.len();
    let url = format!("sqlite://{}", dir.path().join("spieltisch.db").display());
    let host =
        Arc::new(Host::open_with_clock(&url, options, clock).await.expect("open the database"));
    let config = DiscordConfig {
        token: Some(Secret::new(TOKEN)),
        api_url: Some(fake.api_url.clone()),
        guilds: vec![GUILD_ID],
        shards,
    };
    let bot = tokio::time::timeout(WAIT, discord::start(&config, Arc::clone(&host)))
        .await
        .expect("start in time")
        .expect("the bot starts");
    fake.gateway
        .wait_until(WAIT, "the bot identified", |g| g.identifies() > sessions_before)
        .await;
    let path = format!("/api/v10/applications/{APP_ID}/guilds/{GUILD_ID}/commands");
    let registration = fake.recorder.wait_for(from, WAIT, "command registration", |r| r.method == "PUT" && r.path == path).await;
    Running { bot, host, registration }
}

/// The requests answering an interaction, once the deferral and `n` more have come.
pub(crate) async fn answers(fake: &FakeDiscord, sent: &Sent, n: usize) -> Vec<Request> {
    fake.answers(sent, n + 1, WAIT).await
}

/// Waits until the bot has sent its public follow-ups for `sent` (non-ephemeral
/// `POST /webhooks/...`), at least `n` of them.
pub(crate) async fn public_followups(fake: &FakeDiscord, sent: &Sent, n: usize) -> Vec<Request> {
    let token = sent.token.clone();
    fake.recorder
        .wait_for_n(sent.from, n, WAIT, "public follow-ups", move |r| r.belongs_to(&token) && r.is_followup() && !r.is_ephemeral())
        .await
}

/// The private answer of an interaction: the edit that fills its deferred response.
pub(crate) async fn private_answer(fake: &FakeDiscord, sent: &Sent) -> Request {
    let token = sent.token.clone();
    fake.wait_after(sent, WAIT, "the private answer", move |r| {
        r.belongs_to(&token) && r.method == "PATCH" && r.path.ends_with("/messages/@original")
    })
    .await
}

/// Asserts that the interaction was deferred ephemerally (callback type 5, flag 64).
fn assert_deferred_ephemerally(all: &[Request], sent: &Sent) {
    let callback = all.iter().find(|r| r.is_callback_for(sent.id)).expect("a callback");
    assert_eq!(callback.callback_type(), Some(5), "deferred: {:?}", callback.json);
    assert_eq!(callback.flags() & EPHEMERAL, EPHEMERAL, "deferred ephemerally: {:?}", callback.json);
}

/// The integer value of the choice named `name` of option `option` of a registered command.
pub(crate) fn choice_value(registration: &Request, command: &str, option: &str, name: &str) -> i64 {
    let commands = registration.json.as_ref().and_then(Value::as_array).expect("a command list");
    let command = commands.iter().find(|c| c["name"] == command).expect("the command");
    let option = command["options"].as_array().and_then(|o| o.iter().find(|o| o["name"] == option)).expect("the option");
    let choice = option["choices"].as_array().and_then(|c| c.iter().find(|c| c["name"] == name)).expect("the choice");
    choice["value"].as_i64().expect("an integer choice")
}

/// The integer value of the choice named `name` of option `option` of subcommand `sub`
/// of a registered command.
pub(crate) fn subcommand_choice_value(registration: &Request, command: &str, sub: &str, option: &str, name: &str) -> i64 {
    let commands = registration.json.as_ref().and_then(Value::as_array).expect("a command list");
    let command = commands.iter().find(|c| c["name"] == command).expect("the command");
    let sub = command["options"].as_array().and_then(|o| o.iter().find(|o| o["name"] == sub && o["type"] == 1)).expect("the subcommand");
    let option = sub["options"].as_array().and_then(|o| o.iter().find(|o| o["name"] == option)).expect("the option");
    let choice = option["choices"].as_array().and_then(|c| c.iter().find(|c| c["name"] == name)).expect("the choice");
    choice["value"].as_i64().expect("an integer choice")
}

/// The id of the user a message mentions first (`<@id>`).
pub(crate) fn first_mention(content: &str) -> Option<u64> {
    let start = content.find("<@")? + 2;
    let end = start + content[start..].find('>')?;
    content[start..end].trim_start_matches('!').parse().ok()
}

/// The id of the user a message mentions last: on a board, the player to move (the
/// "it is X's turn" line ends the text).
pub(crate) fn last_mention(content: &str) -> Option<u64> {
    let start = content.rfind("<@")? + 2;
    let end = start + content[start..].find('>')?;
    content[start..end].trim_start_matches('!').parse().ok()
}

/// The game id in a `custom_id` `g:<game>:<move>:<action>`.
pub(crate) fn game_of(custom_id: &str) -> i64 {
    custom_id.split(':').nth(1).and_then(|g| g.parse().ok()).expect("a game custom_id")
}

/// A two-player Carat game created by alice, joined by bob and started by alice.
#[derive(Clone)]
pub(crate) struct Game {
    pub id: i64,
    /// Who is to move first, and the other player.
    pub mover: FakeUser,
    pub waiter: FakeUser,
    /// The public board message posted at the start (as the fake stored it).
    pub board: Value,
}

pub(crate) async fn start_carat(fake: &FakeDiscord, running: &Running) -> Game {
    start_game(fake, running, "Carat", "seed=7").await
}

/// A two-player game of `game` (its choice name) with `options`, created by alice,
/// joined by bob and started by alice.
pub(crate) async fn start_game(fake: &FakeDiscord, running: &Running, game: &str, options: &str) -> Game {
    let choice = choice_value(&running.registration, "new", "game", game);
    let new = fake.slash(&alice(), "new", vec![events::integer("game", choice), events::string("options", options)]);
    let invitation = public_followups(fake, &new, 1).await.remove(0);
    let ids = invitation.custom_ids();
    let id = game_of(ids.first().expect("invitation buttons"));
    assert_eq!(ids, vec![format!("g:{id}:0:join"), format!("g:{id}:0:start")]);

    let join = fake.slash(&bob(), "join", vec![]);
    public_followups(fake, &join, 1).await;
    let start = fake.slash(&alice(), "start", vec![]);
    let board = public_followups(fake, &start, 1).await.remove(0);
    let first = last_mention(&board.content()).expect("the start names the player to move");
    let (mover, waiter) = if first == alice().id { (alice(), bob()) } else { (bob(), alice()) };
    Game { id, mover, waiter, board: board.message().expect("the board message") }
}

/// The command layer's own list of legal moves for the player to move.
pub(crate) async fn legal_moves(host: &Host, game: &Game) -> Vec<String> {
    let origin = Origin {
        platform: "discord".into(),
        channel: CHANNEL_ID.to_string(),
        server: Some(GUILD_ID.to_string()),
        user: User::new(game.mover.id.to_string(), game.mover.name.clone()),
        is_admin: false,
        lang: Some(Lang::En),
    };
    host.legal_moves(&origin, Some(commands::GameId(game.id)), "").await.expect("legal moves")
}

/// Plays the mover's first legal move by `/move`; returns the interaction.
pub(crate) async fn play_first_move(fake: &FakeDiscord, running: &Running, game: &Game) -> Sent {
    let moves = legal_moves(&running.host, game).await;
    let notation = moves.first().expect("a legal move").clone();
    fake.slash(&game.mover, "move", vec![events::string("notation", &notation)])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_registered_in_english_and_german() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let running = start_bot(&fake, &dir).await;

    let commands = running.registration.json.clone().and_then(|j| j.as_array().cloned()).expect("a command list");
    let names: Vec<&str> = commands.iter().filter_map(|c| c["name"].as_str()).collect();
    assert_eq!(names, COMMANDS.iter().map(|(en, _)| *en).collect::<Vec<_>>());
    for (command, (en, de)) in commands.iter().zip(COMMANDS) {
        assert_eq!(command["name_localizations"]["de"], de, "{en}");
        let description = command["description"].as_str().unwrap_or_default();
        let german = command["description_localizations"]["de"].as_str().unwrap_or_default();
        assert!(!description.is_empty() && !german.is_empty() && description != german, "{en}: {description} / {german}");
        // A subcommand's own options (type 1: `/tournament new`, …) are checked as well.
        let options = command["options"].as_array().cloned().unwrap_or_default();
        let nested = options.iter().filter(|o| o["type"] == 1).flat_map(|o| o["options"].as_array().cloned().unwrap_or_default());
        for option in options.iter().cloned().chain(nested) {
            let name = option["name"].as_str().unwrap_or_default();
            assert!(option["description"].as_str().is_some_and(|d| !d.is_empty()), "{en} {name}");
            assert!(option["description_localizations"]["de"].is_string(), "{en} {name}: German description");
            assert!(option["name_localizations"]["de"].is_string(), "{en} {name}: German name");
        }
    }
    let move_options = commands[3]["options"].as_array().cloned().unwrap_or_default();
    assert_eq!(move_options[0]["name"], "notation");
    assert_eq!(move_options[0]["autocomplete"], true);
    let choices: Vec<&str> = commands[0]["options"][0]["choices"]
        .as_array()
        .map(|c| c.iter().filter_map(|c| c["name"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(choices, ["Aratoth's Revenge", "Hathor", "Artifakes", "Helofag", "Carat"]);

    // The token went only where it belongs: the Authorization header and IDENTIFY.
    // (serenity sends IDENTIFY with the same `Bot ` prefix as its Authorization header.)
    let identified: Vec<String> =
        fake.gateway.identify_tokens().iter().map(|t| t.strip_prefix("Bot ").unwrap_or(t).to_string()).collect();
    assert_eq!(identified, vec![TOKEN.to_string()]);
    // Autosharded, with the fake recommending 1 shard: shard 0 of 1.
    assert_eq!(fake.gateway.identify_shards(), vec![Some([0, 1])]);
    for request in fake.recorder.all() {
        assert_eq!(request.authorization.as_deref(), Some(format!("Bot {TOKEN}").as_str()), "{}", request.path);
        let body = request.json.as_ref().map(Value::to_string).unwrap_or_default();
        assert!(!request.path.contains(TOKEN) && !body.contains(TOKEN), "token leaked into {}", request.path);
    }
    running.bot.stop().await;
}

/// serenity opens one shard every 5 s: a shard beyond those expected would identify
/// within this long after the last expected one.
const NEXT_SHARD: Duration = Duration::from_secs(7);

/// The `[id, total]` shards the gateway was identified with, sorted, once `n` sessions
/// have identified and no further one came within [`NEXT_SHARD`].
async fn settled_identify_shards(fake: &FakeDiscord, n: usize) -> Vec<Option<[u64; 2]>> {
    fake.gateway.wait_until(WAIT, &format!("{n} shards identified"), |g| g.identifies() >= n).await;
    tokio::time::sleep(NEXT_SHARD).await;
    let mut shards = fake.gateway.identify_shards();
    shards.sort();
    shards
}

/// `shards = "1-2/4"`: the process identifies shards 1 and 2 of 4, and no other (not
/// 0, not 3); it answers commands through them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shard_range_identifies_exactly_those_shards() {
    let fake = FakeDiscord::start().await;
    // what Discord would recommend is not asked for, and does not matter
    fake.world.set_recommended_shards(6);
    let dir = TempDir::new().expect("temp dir");
    let running = start_bot_sharded(&fake, &dir, "1-2/4").await;
    assert_eq!(settled_identify_shards(&fake, 2).await, vec![Some([1, 4]), Some([2, 4])]);
    assert_eq!(fake.gateway.identifies(), 2);
    let gateway_bot = fake.recorder.all().iter().filter(|r| r.path == "/api/v10/gateway/bot").count();
    assert_eq!(gateway_bot, 0, "a given range does not ask Discord for a shard count");

    let sent = fake.slash(&alice(), "help", vec![]);
    let help = private_answer(&fake, &sent).await;
    assert!(help.content().contains("/move"), "{}", help.content());
    running.bot.stop().await;
}

/// One shard of a total: `shards = "3/5"` identifies as shard [3, 5] alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_single_shard_identifies_alone() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let running = start_bot_sharded(&fake, &dir, "3/5").await;
    assert_eq!(settled_identify_shards(&fake, 1).await, vec![Some([3, 5])]);
    running.bot.stop().await;
}

/// Without `shards` the bot autoshards: it asks `GET /gateway/bot` and opens as many
/// shards as that recommends, [0, 2] and [1, 2] for 2.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_shards_the_bot_opens_as_many_as_discord_recommends() {
    let fake = FakeDiscord::start().await;
    fake.world.set_recommended_shards(2);
    let dir = TempDir::new().expect("temp dir");
    let running = start_bot(&fake, &dir).await;
    assert_eq!(settled_identify_shards(&fake, 2).await, vec![Some([0, 2]), Some([1, 2])]);
    assert!(fake.recorder.all().iter().any(|r| r.method == "GET" && r.path == "/api/v10/gateway/bot"), "asked for the count");
    running.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_join_start_move_posts_boards_after_deferring() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let running = start_bot(&fake, &dir).await;
    let game = start_carat(&fake, &running).await;

    let sent = play_first_move(&fake, &running, &game).await;
    let board = public_followups(&fake, &sent, 1).await.remove(0);
    let all = answers(&fake, &sent, 2).await;
    assert_deferred_ephemerally(&all, &sent);

    // The deferral reached Discord before the follow-up with the PNG.
    let deferral = all.iter().find(|r| r.is_callback_for(sent.id)).expect("the deferral");
    assert!(deferral.seq < board.seq && deferral.at <= board.at, "deferral #{} before board #{}", deferral.seq, board.seq);
    let png = board.uploads.first().expect("the move reply carries the board");
    assert!(png.bytes.starts_with(PNG_MAGIC), "a PNG, not {:?}", &png.bytes[..8.min(png.bytes.len())]);
    assert_eq!(png.content_type.as_deref(), Some("image/png"));
    assert!(png.bytes.len() < 1024 * 1024, "boards stay small: {} bytes", png.bytes.len());
    // Whose turn it is: the other player, mentioned and pinged (and only they).
    assert_eq!(last_mention(&board.content()), Some(game.waiter.id), "{}", board.content());
    let allowed = board.json.as_ref().expect("a body")["allowed_mentions"]["users"].as_array().cloned().unwrap_or_default();
    assert!(allowed.contains(&serde_json::json!(game.waiter.id.to_string())), "pings the player to move: {allowed:?}");
    assert!(board.json.as_ref().expect("a body")["allowed_mentions"]["parse"].as_array().is_none_or(|p| p.is_empty()), "no @everyone");
    // The new board's buttons carry the game and its new move number.
    assert!(board.custom_ids().contains(&format!("g:{}:1:hand", game.id)), "{:?}", board.custom_ids());
    // The mover's own answer is private.
    let mine = private_answer(&fake, &sent).await;
    assert!(mine.uploads.is_empty() || !mine.content().is_empty());
    assert_eq!(running.host.move_number(commands::GameId(game.id)).await.expect("read"), Some(1));
    running.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_offers_the_legal_moves_that_match() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let running = start_bot(&fake, &dir).await;
    let game = start_carat(&fake, &running).await;
    let legal = legal_moves(&running.host, &game).await;
    assert!(legal.len() > 25, "Carat's first move has many choices: {}", legal.len());

    let typed = legal[0].chars().take(2).collect::<String>();
    let sent = fake.autocomplete(&game.mover, "move", vec![events::focused("notation", &typed)]);
    let callback = fake.wait_after(&sent, WAIT, "the autocomplete answer", |r| r.is_callback_for(sent.id)).await;
    assert_eq!(callback.callback_type(), Some(8), "{:?}", callback.json);
    let choices = callback.json.as_ref().expect("a body")["data"]["choices"].as_array().cloned().unwrap_or_default();
    assert!(!choices.is_empty() && choices.len() <= 25, "{} choices", choices.len());
    let typed_lower = typed.to_lowercase();
    for choice in &choices {
        let value = choice["value"].as_str().expect("string values");
        assert!(legal.contains(&value.to_string()), "{value} is legal");
        assert!(value.to_lowercase().contains(&typed_lower), "{value} matches {typed}");
        assert_eq!(choice["name"], choice["value"]);
    }
    let expected = legal.iter().filter(|m| m.to_lowercase().starts_with(&typed_lower)).count().min(25);
    assert!(choices.len() >= expected, "{} choices, {expected} moves start with {typed}", choices.len());
    running.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refusal_is_ephemeral_and_says_why() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let running = start_bot(&fake, &dir).await;
    let game = start_carat(&fake, &running).await;
    let notation = legal_moves(&running.host, &game).await.remove(0);

    // The player who waits tries to move.
    let sent = fake.slash(&game.waiter, "move", vec![events::string("notation", &notation)]);
    let refusal = private_answer(&fake, &sent).await;
    let all = answers(&fake, &sent, 1).await;
    assert_deferred_ephemerally(&all, &sent);
    assert!(refusal.content().contains("turn"), "says why: {}", refusal.content());
    tokio::time::sleep(SETTLE).await;
    let token = sent.token.clone();
    let public: Vec<Request> =
        fake.recorder.all().into_iter().filter(|r| r.belongs_to(&token) && r.is_followup() && !r.is_ephemeral()).collect();
    assert!(public.is_empty(), "nothing public: {:?}", public.iter().map(Request::content).collect::<Vec<_>>());
    assert_eq!(running.host.move_number(commands::GameId(game.id)).await.expect("read"), Some(0), "nothing changed");

    // An illegal move by the right player: refused privately too.
    let sent = fake.slash(&game.mover, "move", vec![events::string("notation", "z9 purple")]);
    let refusal = private_answer(&fake, &sent).await;
    assert!(!refusal.content().is_empty());
    assert_deferred_ephemerally(&answers(&fake, &sent, 1).await, &sent);
    assert_eq!(running.host.move_number(commands::GameId(game.id)).await.expect("read"), Some(0));
    running.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_is_shown_only_to_its_owner() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let running = start_bot(&fake, &dir).await;
    let game = start_carat(&fake, &running).await;

    let sent = fake.slash(&game.waiter, "hand", vec![]);
    let hand = private_answer(&fake, &sent).await;
    assert_deferred_ephemerally(&answers(&fake, &sent, 1).await, &sent);
    assert!(!hand.content().is_empty());
    assert!(hand.uploads.iter().all(|u| u.bytes.starts_with(PNG_MAGIC)));

    // The "Show my hand" button under the board: the same, privately.
    let hand_button = format!("g:{}:0:hand", game.id);
    let click = fake.click(&game.mover, &game.board, &hand_button);
    let hand = private_answer(&fake, &click).await;
    assert_deferred_ephemerally(&answers(&fake, &click, 1).await, &click);
    assert!(!hand.content().is_empty());
    tokio::time::sleep(SETTLE).await;
    for sent in [&sent, &click] {
        let token = sent.token.clone();
        let public = fake.recorder.all().into_iter().filter(|r| r.belongs_to(&token) && r.is_followup() && !r.is_ephemeral()).count();
        assert_eq!(public, 0, "a hand never goes public");
    }
    running.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_click_on_an_out_of_date_board_is_refused() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let running = start_bot(&fake, &dir).await;
    let game = start_carat(&fake, &running).await;
    let sent = play_first_move(&fake, &running, &game).await;
    public_followups(&fake, &sent, 1).await;

    // The board posted at the start shows move 0; the game is at move 1.
    let click = fake.click(&game.waiter, &game.board, &format!("g:{}:0:board", game.id));
    let refusal = private_answer(&fake, &click).await;
    assert_deferred_ephemerally(&answers(&fake, &click, 1).await, &click);
    let text = refusal.content();
    assert!(text.contains("moved on") || text.contains("out of date"), "{text}");
    assert!(text.contains(&format!("#{}", game.id)), "names the game: {text}");
    tokio::time::sleep(SETTLE).await;
    let token = click.token.clone();
    assert_eq!(fake.recorder.all().iter().filter(|r| r.belongs_to(&token) && r.is_followup()).count(), 0);
    assert_eq!(running.host.move_number(commands::GameId(game.id)).await.expect("read"), Some(1));
    running.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_dms_are_reported_in_the_channel_without_the_hand() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let running = start_bot(&fake, &dir).await;
    let carat = choice_value(&running.registration, "new", "game", "Carat");
    let new = fake.slash(&alice(), "new", vec![events::integer("game", carat)]);
    public_followups(&fake, &new, 1).await;
    let join = fake.slash(&bob(), "join", vec![]);
    public_followups(&fake, &join, 1).await;
    fake.world.close_dms(bob().id);

    // At the start every player gets their hand: alice (who asked) privately, bob by DM,
    // which fails; the channel tells bob how to see it, and the game goes on.
    let start = fake.slash(&alice(), "start", vec![]);
    let public = public_followups(&fake, &start, 2).await;
    let dm = fake.wait_after(&start, WAIT, "the DM attempt", |r| r.method == "POST" && r.path.ends_with("/messages") && r.status == 403).await;
    assert!(dm.content().contains("hand") || !dm.uploads.is_empty(), "the DM held the hand");
    let notice = public.iter().find(|r| r.uploads.is_empty()).expect("a notice without the hand");
    assert_eq!(first_mention(&notice.content()), Some(bob().id), "{}", notice.content());
    assert!(notice.content().contains("/hand"), "{}", notice.content());
    let alices = private_answer(&fake, &start).await;
    assert!(!alices.content().is_empty(), "alice's own hand, privately");
    running.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn buttons_posted_before_a_restart_still_work() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let running = start_bot(&fake, &dir).await;
    let game = start_carat(&fake, &running).await;
    let sent = play_first_move(&fake, &running, &game).await;
    let board = public_followups(&fake, &sent, 1).await.remove(0).message().expect("the board message");
    running.bot.stop().await;

    let running = start_bot(&fake, &dir).await;
    assert_eq!(fake.gateway.identifies(), 2, "a second session");
    let click = fake.click(&game.waiter, &board, &format!("g:{}:1:board", game.id));
    let shown = public_followups(&fake, &click, 1).await.remove(0);
    assert!(shown.uploads.first().is_some_and(|u| u.bytes.starts_with(PNG_MAGIC)), "the board, for everyone");
    assert_deferred_ephemerally(&answers(&fake, &click, 2).await, &click);

    // And the game goes on after the restart.
    let game = Game { mover: game.waiter, waiter: game.mover, ..game };
    let sent = play_first_move(&fake, &running, &game).await;
    public_followups(&fake, &sent, 1).await;
    assert_eq!(running.host.move_number(commands::GameId(game.id)).await.expect("read"), Some(2));
    running.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_resumes_after_the_gateway_drops() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let running = start_bot(&fake, &dir).await;
    // (Counted from here: serenity may already have resumed once on its own.)
    let sessions = fake.gateway.resumes() + fake.gateway.identifies();
    fake.gateway.drop_connection();
    fake.gateway
        .wait_until(WAIT, "the bot came back", |g| g.resumes() + g.identifies() > sessions && g.connected())
        .await;
    let sent = fake.slash(&alice(), "help", vec![]);
    let help = private_answer(&fake, &sent).await;
    assert!(help.content().contains("/") || help.content().contains("move"), "{}", help.content());
    running.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_game_can_have_a_thread_of_its_own() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let running = start_bot(&fake, &dir).await;
    let carat = choice_value(&running.registration, "new", "game", "Carat");
    let new = fake.slash(&alice(), "new", vec![events::integer("game", carat), events::boolean("thread", true)]);
    let thread = fake.wait_after(&new, WAIT, "a thread", |r| r.method == "POST" && r.path.ends_with("/threads")).await;
    let thread_id: u64 = thread.response.as_ref().and_then(|t| t["id"].as_str()).and_then(|s| s.parse().ok()).expect("thread id");
    assert_eq!(thread.path, format!("/api/v10/channels/{CHANNEL_ID}/threads"));
    let invitation = fake
        .wait_after(&new, WAIT, "the invitation in the thread", |r| r.method == "POST" && r.path == format!("/api/v10/channels/{thread_id}/messages"))
        .await;
    assert!(invitation.custom_ids().iter().any(|id| id.ends_with(":join")), "{:?}", invitation.custom_ids());
    let pointer = private_answer(&fake, &new).await;
    assert!(pointer.content().contains(&format!("<#{thread_id}>")), "{}", pointer.content());

    // The game belongs to the thread: /join there finds it.
    let bob = bob();
    let origin = events::Origin { user: &bob, channel_id: thread_id, locale: "de" };
    let join = fake.slash_from(&origin, "join", vec![]);
    let joined = public_followups(&fake, &join, 1).await.remove(0);
    let text = joined.content();
    assert!(text.contains("bob") || text.contains(&bob.id.to_string()), "{text}");
    running.bot.stop().await;
}

/// One slow interaction holds up nothing else: while the fake holds up every answer of a
/// `/board` in one game (as a slow upload would), a `/new` in another channel is
/// deferred within Discord's 3 s and its invitation is posted before the slow board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_game_does_not_delay_another_games_interactions() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let running = start_bot(&fake, &dir).await;
    let game = start_carat(&fake, &running).await;

    fake.stall_next_interaction();
    let slow = fake.slash(&game.mover, "board", vec![]);
    // The slow interaction is deferred, then its answer hangs in the fake.
    fake.wait_after(&slow, WAIT, "the slow deferral", |r| r.is_callback_for(slow.id)).await;

    let carat = choice_value(&running.registration, "new", "game", "Carat");
    let other_channel = CHANNEL_ID + 1;
    let bob = bob();
    let origin = events::Origin { user: &bob, channel_id: other_channel, locale: "en-US" };
    let sent_at = std::time::Instant::now();
    let other = fake.slash_from(&origin, "new", vec![events::integer("game", carat)]);
    let deferral = fake.wait_after(&other, WAIT, "the other deferral", |r| r.is_callback_for(other.id)).await;
    assert!(
        deferral.at.duration_since(sent_at) < Duration::from_secs(3),
        "deferred after {:?}",
        deferral.at.duration_since(sent_at)
    );
    let invitation = public_followups(&fake, &other, 1).await.remove(0);
    assert!(invitation.custom_ids().iter().any(|id| id.ends_with(":join")), "{:?}", invitation.custom_ids());

    // The slow board comes afterwards, complete.
    let board = public_followups(&fake, &slow, 1).await.remove(0);
    assert!(invitation.seq < board.seq, "the invitation (#{}) did not wait for the slow board (#{})", invitation.seq, board.seq);
    assert!(board.uploads.first().is_some_and(|u| u.bytes.starts_with(PNG_MAGIC)));
    running.bot.stop().await;
}

/// `spieltisch run --config FILE` with a `[discord]` section starts the adapter: the
/// binary connects to the fake, registers the commands in the configured guild and
/// answers `/help`. The token from the file never shows in its output.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spieltisch_run_starts_discord_from_the_config() {
    let all = run_from_config(None).await;
    assert!(all.contains("Discord (token set"), "{all}");
    assert!(all.contains("API http://127.0.0.1") && all.contains(", autosharded)"), "{all}");
    assert!(all.contains("Discord: this process runs all shards, as many as Discord recommends"), "{all}");
    assert!(!all.contains(TOKEN), "the token leaked: {all}");
}

/// Issue 38: with `RUST_LOG=trace` the websocket library logged Discord's IDENTIFY frame,
/// token included. Now no log line shows the token, whatever the level: the frame
/// targets are held at `info` and every secret is hidden from the log.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_trace_level_the_log_shows_no_token() {
    let all = run_from_config(Some("trace")).await;
    assert!(all.lines().count() > 50, "the trace log was written: {all}");
    assert!(!all.contains(TOKEN), "the token leaked: {}", all.lines().filter(|l| l.contains(TOKEN)).collect::<Vec<_>>().join("\n"));
    // Nor any long piece of it (a frame split differently, the part after `Bot `).
    assert!(!all.contains("for-tests-0123456789"), "a part of the token leaked");
}

/// Runs `spieltisch run --config FILE` against a fake Discord (with `RUST_LOG` set to
/// `rust_log`, if given) until it has registered its commands and answered `/help`;
/// returns all it printed.
async fn run_from_config(rust_log: Option<&str>) -> String {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let config = dir.path().join("config.toml");
    let db = format!("sqlite://{}", dir.path().join("games.db").display());
    let text = format!(
        "[database]\nurl = \"{db}\"\n[discord]\ntoken = \"{TOKEN}\"\nguilds = [{GUILD_ID}]\napi_url = \"{}\"\n",
        fake.api_url
    );
    std::fs::write(&config, text).expect("write the config");
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_spieltisch"));
    command
        .args(["run", "--config", &config.display().to_string()])
        .current_dir(dir.path())
        .env_remove("SPIELTISCH_DISCORD_TOKEN")
        .env_remove("RUST_LOG")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true);
    if let Some(level) = rust_log {
        command.env("RUST_LOG", level);
    }
    let mut child = command.spawn().expect("start spieltisch run");

    let path = format!("/api/v10/applications/{APP_ID}/guilds/{GUILD_ID}/commands");
    let registration = fake.recorder.wait_for(0, WAIT, "command registration", |r| r.method == "PUT" && r.path == path).await;
    assert_eq!(registration.json.as_ref().and_then(Value::as_array).map(Vec::len), Some(COMMANDS.len()));
    let sent = fake.slash(&alice(), "help", vec![]);
    let help = private_answer(&fake, &sent).await;
    assert!(!help.content().is_empty());

    child.start_kill().expect("stop spieltisch run");
    let output = tokio::time::timeout(WAIT, child.wait_with_output()).await.expect("it stops").expect("its output");
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

/// The values of the options of the select menu with `custom_id` in a posted message.
fn menu_values(message: &Value, custom_id: &str) -> Vec<String> {
    let rows = message["components"].as_array().cloned().unwrap_or_default();
    rows.iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|c| c["custom_id"] == custom_id)
        .and_then(|menu| menu["options"].as_array().cloned())
        .map(|options| options.iter().filter_map(|o| o["value"].as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

/// A game with few choices (Helofag's dice) gets a menu of its legal moves under the
/// board; choosing one plays it, and choosing from the old menu afterwards is refused as
/// out of date.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn few_choices_come_as_a_menu_that_plays_the_move() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let running = start_bot(&fake, &dir).await;
    let game = start_game(&fake, &running, "Helofag", "seed=7").await;
    let legal = legal_moves(&running.host, &game).await;
    assert!(!legal.is_empty() && legal.len() <= 25, "this seed's first roll leaves few choices: {legal:?}");

    let menu_id = format!("g:{}:0:play", game.id);
    let offered = menu_values(&game.board, &menu_id);
    assert_eq!(offered, legal, "the menu offers exactly the legal moves");
    let choice = offered[0].clone();
    let sent = fake.select(&game.mover, &game.board, &menu_id, &[choice.as_str()]);
    let board = public_followups(&fake, &sent, 1).await.remove(0);
    assert_deferred_ephemerally(&answers(&fake, &sent, 2).await, &sent);
    assert!(board.uploads.first().is_some_and(|u| u.bytes.starts_with(PNG_MAGIC)), "the new board");
    // (At least one step: an automatic pass of the next player may follow the move.)
    let after = running.host.move_number(commands::GameId(game.id)).await.expect("read").expect("the game");
    assert!(after >= 1, "the move was played: {after}");

    // The old menu again: out of date, nothing changes.
    let again = fake.select(&game.waiter, &game.board, &menu_id, &[choice.as_str()]);
    let refusal = private_answer(&fake, &again).await;
    assert!(refusal.content().contains(&format!("#{}", game.id)), "{}", refusal.content());
    assert_eq!(running.host.move_number(commands::GameId(game.id)).await.expect("read"), Some(after));
    running.bot.stop().await;
}

/// With `[web]` configured the start's board carries a "Game page" link button (style
/// 5) to the game's page; without it (every other test here) none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_start_carries_the_game_page_as_a_link_button() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let options = HostOptions { web_url: Some("https://games.example.org".into()), ..HostOptions::default() };
    let running = start_bot_with(&fake, &dir, Arc::new(commands::base::clock::SystemClock), options).await;
    let game = start_carat(&fake, &running).await;
    let buttons: Vec<Value> = game.board["components"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter(|c| c["style"] == 5)
        .collect();
    assert_eq!(buttons.len(), 1, "one link button: {}", game.board);
    assert_eq!(buttons[0]["label"], "Game page");
    let url = buttons[0]["url"].as_str().unwrap_or_default();
    let token = url.strip_prefix("https://games.example.org/g/").unwrap_or_default();
    assert!(token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit()), "{url}");
}

/// Table talk on Discord (issue 16): a server set to German posts in German whoever
/// triggers the post (here players whose Discord speaks English); the start names the
/// time per move, and a resignation says who won and why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_server_posts_in_german_and_a_resignation_says_why() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let running = start_bot(&fake, &dir).await;
    let admin = FakeUser::admin(100_000_000_000_000_009, "admin");
    let deutsch = choice_value(&running.registration, "settings", "language", "Deutsch");
    let set = fake.slash(&admin, "settings", vec![events::integer("language", deutsch)]);
    let answer = private_answer(&fake, &set).await;
    assert!(!answer.content().contains("Only admins"), "{}", answer.content());

    let game = start_game(&fake, &running, "Carat", "seed=7 time=2h").await;
    let start = game.board["content"].as_str().unwrap_or_default().to_string();
    let id = game.id;
    assert!(start.starts_with(&format!("Partie #{id} Carat beginnt (startwert=7, 2 Stunden Bedenkzeit je Zug). Plätze: alice, bob.")), "{start}");

    let sent = fake.slash(&game.mover, "resign", vec![]);
    let post = public_followups(&fake, &sent, 1).await.remove(0).content();
    let (mover, waiter) = (&game.mover.name, &game.waiter.name);
    let mut lines = post.lines();
    assert_eq!(lines.next(), Some(format!("{mover} gibt Partie #{id} auf.").as_str()), "{post}");
    assert_eq!(lines.next(), Some(format!("Partie #{id} ist vorbei: {waiter} gewinnt, {mover} hat aufgegeben. Rangfolge:").as_str()), "{post}");
    assert_eq!(lines.next(), Some(format!("1. {waiter}: 0 Punkte").as_str()), "{post}");
    assert_eq!(lines.next(), Some(format!("2. {mover} (aufgegeben): 0 Punkte").as_str()), "{post}");
    running.bot.stop().await;
}

/// `/conditional` (issue 40): the plan is answered ephemerally, nothing of it is public,
/// and when the opponent plays the named move the reply is posted "as planned".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_conditional_move_is_planned_ephemerally_and_played_as_planned() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let running = start_bot(&fake, &dir).await;
    let game = start_carat(&fake, &running).await;
    let theirs = legal_moves(&running.host, &game).await.remove(0);
    // The reply: legal after their move, as the rules crate plays the exported record on.
    let record = running.host.record(commands::GameId(game.id)).await.expect("read").expect("started");
    let mut position = record.start().expect("setup");
    position.play(&theirs).expect("legal");
    let mine = position.legal_moves().remove(0);

    let plan = format!("if {theirs} then {mine}");
    let sent = fake.slash(&game.waiter, "conditional", vec![events::string("plan", &plan)]);
    let planned = private_answer(&fake, &sent).await;
    assert_deferred_ephemerally(&answers(&fake, &sent, 1).await, &sent);
    assert!(planned.content().starts_with(&format!("Planned for game #{}, seen only by you", game.id)), "{}", planned.content());
    tokio::time::sleep(SETTLE).await;
    let public: Vec<String> = fake.recorder.all().into_iter().filter(|r| r.belongs_to(&sent.token) && !r.is_ephemeral() && r.is_followup()).map(|r| r.content()).collect();
    assert!(public.is_empty(), "nothing public: {public:?}");

    // The bot's scheduler, as `spieltisch run` starts it: woken by the move.
    let routes = spieltisch::notices::NoticeRoutes { discord: Some(running.bot.notifier()), ..Default::default() };
    let poller = tokio::spawn(spieltisch::notices::poll(Arc::clone(&running.host), routes));
    fake.slash(&game.mover, "move", vec![events::string("notation", &theirs)]);
    let wanted = format!("plays {mine}");
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        let posted: Vec<String> = fake.recorder.all().iter().map(Request::content).filter(|c| c.contains("Played as planned.")).collect();
        if let Some(post) = posted.first() {
            assert!(post.contains(&wanted), "{post}");
            assert_eq!(posted.len(), 1, "{posted:?}");
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the planned reply was not posted");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(running.host.move_number(commands::GameId(game.id)).await.expect("read"), Some(2));
    poller.abort();
    running.bot.stop().await;
}

/// `/tournament` (issue 39) with subcommands: a round robin of three opened, joined and
/// started by `/tournament new|join|start` (Berger tables for 3: round 1 bob – carol,
/// alice has the bye); the number autocompletes from the channel's open tournaments; the
/// round's pairings and its game are posted, bob resigns with `/resign`, and the
/// scheduler posts the standings (carol before alice: level on points and Buchholz, one
/// win against none) and round 2 (alice – bob, carol has the bye).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_round_is_played_with_slash_commands() {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new().expect("temp dir");
    let running = start_bot(&fake, &dir).await;
    let carol = FakeUser::new(100_000_000_000_000_003, "carol");
    let sub = |name: &str, options: Vec<Value>| vec![events::subcommand(name, options)];
    let game = subcommand_choice_value(&running.registration, "tournament", "new", "game", "Carat");
    let new = fake.slash(&alice(), "tournament", sub("new", vec![events::integer("game", game), events::string("options", "roundrobin time=1d")]));
    let opened = public_followups(&fake, &new, 1).await.remove(0).content();
    assert!(opened.contains("opens tournament #1 (Carat, round robin, 1 day per move)"), "{opened}");
    // A second tournament, in sign-up: both are offered while a number is typed.
    let other = fake.slash(&bob(), "tournament", sub("new", vec![events::integer("game", game)]));
    public_followups(&fake, &other, 1).await;
    let typed = fake.autocomplete(&carol, "tournament", sub("join", vec![events::focused_integer("number", "")]));
    let callback = fake.wait_after(&typed, WAIT, "the autocomplete answer", |r| r.is_callback_for(typed.id)).await;
    assert_eq!(callback.callback_type(), Some(8), "{:?}", callback.json);
    let offered: Vec<(String, i64)> = callback.json.as_ref().expect("a body")["data"]["choices"]
        .as_array()
        .map(|c| c.iter().map(|c| (c["name"].as_str().unwrap_or_default().to_string(), c["value"].as_i64().unwrap_or(0))).collect())
        .unwrap_or_default();
    assert_eq!(offered, vec![
        ("#2: Carat, Swiss, sign-up open".to_string(), 2),
        ("#1: Carat, round robin, sign-up open".to_string(), 1),
    ]);
    let typed = fake.autocomplete(&carol, "tournament", sub("join", vec![events::focused_integer("number", "1")]));
    let callback = fake.wait_after(&typed, WAIT, "the autocomplete answer", |r| r.is_callback_for(typed.id)).await;
    let offered = callback.json.as_ref().expect("a body")["data"]["choices"].as_array().cloned().unwrap_or_default();
    assert_eq!(offered.iter().map(|c| c["value"].as_i64()).collect::<Vec<_>>(), vec![Some(1)], "what starts with 1");
    for user in [bob(), carol.clone()] {
        let join = fake.slash(&user, "tournament", sub("join", vec![events::integer("number", 1)]));
        public_followups(&fake, &join, 1).await;
    }
    let start = fake.slash(&alice(), "tournament", sub("start", vec![]));
    let posts: Vec<String> = public_followups(&fake, &start, 2).await.iter().map(Request::content).collect();
    assert!(posts[0].contains("Tournament #1, round 1 of 3:\n#1: bob – carol\nalice has the bye (1 point)."), "{posts:?}");
    assert!(posts[1].contains("game #1 starts, bob – carol"), "{posts:?}");
    let status = fake.slash(&carol, "tournament", sub("status", vec![]));
    let shown = public_followups(&fake, &status, 1).await.remove(0).content();
    assert!(shown.contains("Tournament #1 (Carat, round robin, 3 rounds, 1 day per move): round 1 of 3."), "carol's own: {shown}");

    let routes = spieltisch::notices::NoticeRoutes { discord: Some(running.bot.notifier()), ..Default::default() };
    let poller = tokio::spawn(spieltisch::notices::poll(Arc::clone(&running.host), routes));
    let resign = fake.slash(&bob(), "resign", vec![]);
    public_followups(&fake, &resign, 1).await;
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        let all: Vec<String> = fake.recorder.all().iter().map(Request::content).collect();
        if let Some(round) = all.iter().find(|c| c.contains("Tournament #1, round 2 of 3:")) {
            assert!(round.contains("#2: alice – bob\ncarol has the bye (1 point)."), "{round}");
            let standings = all.iter().find(|c| c.contains("Round 1 of tournament #1 is over.")).expect("the standings");
            assert!(standings.contains("1. carol: 1 (0, 0, 0, 1)\n2. alice: 1 (0, 0, 0, 0)\n3. bob: 0 (0, 1, 0, 0)"), "{standings}");
            assert_eq!(all.iter().filter(|c| c.contains("Tournament #1, round 2 of 3:")).count(), 1);
            break;
        }
        assert!(std::time::Instant::now() < deadline, "round 2 was not posted: {all:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    poller.abort();
    running.bot.stop().await;
}
