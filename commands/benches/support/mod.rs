//! What the command-layer benches share.

use commands::{Lang, Origin, User};

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
