//! A host on a temporary database file, users, and a started game.

use std::sync::Arc;

use commands::{Audience, Command, GameId, Host, HostOptions, Lang, Origin, Reply, User};

/// The environment variable that runs these tests on PostgreSQL instead of SQLite: the
/// URL of a server without a database name (`postgres://spieltisch@127.0.0.1:PORT`, as
/// `scripts/postgres.sh start` prints it). Each [`Place`] then is a new database there.
pub const POSTGRES_ENV: &str = "SPIELTISCH_TEST_POSTGRES";

/// The PostgreSQL server the tests run on, if [`POSTGRES_ENV`] names one.
pub fn postgres_server() -> Option<String> {
    std::env::var(POSTGRES_ENV).ok().map(|url| url.trim().trim_end_matches('/').to_string()).filter(|url| !url.is_empty())
}

/// Where a test's games are stored: a new SQLite file in a temporary directory, or a new
/// database on the PostgreSQL server of [`POSTGRES_ENV`] (created by the first open).
pub struct Place {
    pub dir: tempfile::TempDir,
    database: String,
}

impl Place {
    pub fn new() -> Place {
        static PLACES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        let n = PLACES.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let database = format!("t{}_{nanos}_{n}", std::process::id());
        Place { dir: tempfile::tempdir().expect("temp dir"), database }
    }

    pub fn url(&self) -> String {
        match postgres_server() {
            Some(server) => format!("{server}/{}", self.database),
            None => format!("sqlite://{}", self.dir.path().join("games.db").display()),
        }
    }

    /// A host (its own pool and cache, as another process would have) on this file.
    pub async fn host(&self) -> Arc<Host> {
        Arc::new(Host::open(&self.url(), HostOptions::default()).await.expect("open the database"))
    }
}

pub fn origin(user: &str, channel: &str) -> Origin {
    Origin {
        platform: "test".into(),
        channel: channel.into(),
        server: None,
        user: User::new(user, user),
        is_admin: false,
        lang: Some(Lang::En),
    }
}

pub fn admin(user: &str, channel: &str) -> Origin {
    Origin { is_admin: true, ..origin(user, channel) }
}

/// `user` in `channel` of `server` (a Discord guild, say): ratings and settings count
/// per server.
pub fn on_server(user: &str, channel: &str, server: &str) -> Origin {
    Origin { server: Some(server.into()), ..origin(user, channel) }
}

/// A score as the English texts write it: plain below 10 000, with commas from there
/// (`9500`, `64,200`, `134,100`).
pub fn amount(n: i64) -> String {
    if n.abs() < 10_000 {
        return n.to_string();
    }
    let digits: Vec<char> = n.abs().to_string().chars().collect();
    let groups: Vec<String> = digits.rchunks(3).rev().map(|g| g.iter().collect()).collect();
    format!("{}{}", if n < 0 { "-" } else { "" }, groups.join(","))
}

/// Every text of `replies`, one per line.
pub fn texts(replies: &[Reply]) -> String {
    replies.iter().map(|r| r.text.plain()).collect::<Vec<_>>().join("\n")
}

/// Whether the replies are one refusal for `user` that contains `part`.
pub fn refused(replies: &[Reply], user: &str, part: &str) -> bool {
    matches!(replies, [r] if r.refusal && r.audience == Audience::User(user.into()) && r.text.plain().contains(part))
}

/// Alice invites, Bob joins, Alice starts a two-player Carat game from `seed` in
/// `channel`; returns its id.
pub async fn started(host: &Host, channel: &str, seed: u64) -> GameId {
    started_where(host, |user| origin(user, channel), seed).await
}

/// Like [`started`], with each user's origin from `at` (e.g. a channel of a server).
pub async fn started_where(host: &Host, at: impl Fn(&str) -> Origin, seed: u64) -> GameId {
    started_between(host, at, ("alice", "bob"), seed).await
}

/// A running two-player Carat game (`seed`) that `players.0` created and `players.1`
/// joined, each speaking from `at`.
pub async fn started_between(host: &Host, at: impl Fn(&str) -> Origin, players: (&str, &str), seed: u64) -> GameId {
    let (creator, joiner) = players;
    let replies = host.handle(&at(creator), &format!("new carat seed={seed}")).await;
    let id = replies.first().and_then(|r| r.game).expect("an invitation").id;
    let joined = host.run(&at(joiner), Command::Join { game: Some(id) }).await;
    assert!(!joined[0].refusal, "{}", texts(&joined));
    let started = host.run(&at(creator), Command::Start { game: Some(id) }).await;
    assert!(!started[0].refusal, "{}", texts(&started));
    id
}

/// The user to move in game `id` and the legal moves.
pub async fn to_move(host: &Host, id: GameId) -> (String, Vec<String>) {
    let row = host.db().game(id).await.expect("read").expect("game");
    let players = host.db().players(id).await.expect("players");
    let user = players[row.to_move[0]].user_id.clone();
    let moves = host.legal_moves(&origin(&user, &row.channel), Some(id), "").await.expect("legal moves");
    (user, moves)
}

/// Runs `$body` with `$c` bound to `$db`'s pool, whichever database it is (the store's
/// own `on!` is private to it).
macro_rules! on_pool {
    ($db:expr, |$c:ident| $body:expr) => {
        match $db.exec() {
            commands::store::backend::Exec::SqlitePool($c) => $body,
            commands::store::backend::Exec::PgPool($c) => $body,
            _ => unreachable!("a Db runs statements on its pool"),
        }
    };
}

/// Runs `sql` (parameters `$1`, `$2`, ... bound to `args`) on `db`, whichever database it
/// is, for tests that change stored rows directly; the rows it changed.
pub async fn execute(db: &commands::store::Db, sql: &str, args: &[i64]) -> u64 {
    on_pool!(db, |c| {
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql.to_string()));
        for a in args {
            query = query.bind(*a);
        }
        query.execute(c).await.expect("write").rows_affected()
    })
}

/// The first column of the rows `sql` (parameters bound to `args`) reads from `db`, as
/// nullable integers.
pub async fn integers(db: &commands::store::Db, sql: &str, args: &[i64]) -> Vec<Option<i64>> {
    on_pool!(db, |c| {
        let mut query = sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string()));
        for a in args {
            query = query.bind(*a);
        }
        query.fetch_all(c).await.expect("read")
    })
}

/// The first column of the rows `sql` reads from `db`, as texts.
pub async fn texts_of(db: &commands::store::Db, sql: &str) -> Vec<String> {
    on_pool!(db, |c| sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string())).fetch_all(c).await.expect("read"))
}

/// The delays (hundredths of a second) of the frames of a GIF, decoded by the `gif`
/// crate (not the encoder's own code): one per frame.
pub fn gif_delays(bytes: &[u8]) -> Vec<u16> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes).expect("a GIF");
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        delays.push(frame.delay);
    }
    delays
}
