//! A host on a temporary database file, users, and a started game.

use std::sync::Arc;

use commands::{Audience, Command, GameId, Host, HostOptions, Lang, Origin, Reply, User};

pub struct Place {
    pub dir: tempfile::TempDir,
}

impl Place {
    pub fn new() -> Place {
        Place { dir: tempfile::tempdir().expect("temp dir") }
    }

    pub fn url(&self) -> String {
        format!("sqlite://{}", self.dir.path().join("games.db").display())
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
    let replies = host.handle(&at("alice"), &format!("new carat seed={seed}")).await;
    let id = replies.first().and_then(|r| r.game).expect("an invitation").id;
    let joined = host.run(&at("bob"), Command::Join { game: Some(id) }).await;
    assert!(!joined[0].refusal, "{}", texts(&joined));
    let started = host.run(&at("alice"), Command::Start { game: Some(id) }).await;
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
