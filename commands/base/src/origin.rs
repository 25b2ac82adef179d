//! Where a request comes from: [`Origin`].

use crate::{i18n::Lang, reply::User};

/// The platform name of the terminal chat (`spieltisch local`): its games are stored
/// under it, and the command layer treats it as the terminal (its bot user, its own
/// words in `help`).
pub const TERMINAL_PLATFORM: &str = "terminal";

/// Where a request comes from and who sends it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    /// `terminal`, `discord`, `matrix`.
    pub platform: String,
    /// The channel or room id (on Discord the thread's id when the game has one).
    pub channel: String,
    /// The server the channel belongs to, when the platform has one: the Discord guild
    /// id (`None` in direct messages). Matrix and the terminal: `None` (there the room or
    /// channel is the whole scope). Ratings and settings count per [`Origin::scope`].
    pub server: Option<String>,
    pub user: User,
    /// Set by the adapter: Discord Manage Server, Matrix power level >= 50, the
    /// terminal always. Bot owners from the config are admins too (`HostOptions::admins`).
    pub is_admin: bool,
    /// The user's language, when the platform knows it.
    pub lang: Option<Lang>,
}

impl Origin {
    /// Where ratings and channel settings count (per server, else room or channel): the
    /// server when the platform names one, else the channel or room itself. A game
    /// stores both, and its scope is `coalesce(server, channel)` in SQL
    /// (`GameRow::scope`).
    pub fn scope(&self) -> &str {
        self.server.as_deref().unwrap_or(&self.channel)
    }
}
