//! What the command-layer benches share.

use commands::{store::Status, GameId, Host, Lang, Origin, User};

/// `user` speaking English in `channel` of the `bench` platform, no admin.
pub fn origin(user: &str, channel: &str) -> Origin {
    Origin {
        platform: "bench".into(),
        channel: channel.into(),
        server: None,
        user: User::new(user, user),
        is_admin: false,
        lang: Some(Lang::En),
    }
}

/// The next move of game `id` in `channel`: the player to move, the middle one of their
/// legal moves (neither the first nor the last listed: a typical move) and the move
/// number the game stands at; `None` when the game is not running.
#[allow(dead_code)] // not every bench plays moves
pub async fn middle_move(host: &Host, id: GameId, channel: &str) -> Option<(String, String, u64)> {
    let row = host.db().game(id).await.expect("read").expect("game");
    if row.status != Status::Running {
        return None;
    }
    let players = host.db().players(id).await.expect("players");
    let mover = players[row.to_move[0]].user_id.clone();
    let moves = host.legal_moves(&origin(&mover, channel), Some(id), "").await.expect("moves");
    let line = moves[moves.len() / 2].clone();
    Some((mover, line, row.seq))
}
