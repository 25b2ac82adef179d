//! The settings of a `Host`: [`HostOptions`].

use crate::{i18n::Lang, time::ClockOptions};

/// Settings of a `Host`. `Debug` shows the daily secret as `***`.
#[derive(Clone)]
pub struct HostOptions {
    /// The language when the request names none (`[bot] language`).
    pub language: Lang,
    /// User ids of bot owners, admins everywhere (`[bot] admins`).
    pub admins: Vec<String>,
    /// Moves listed per page by `moves`.
    pub moves_per_page: usize,
    /// Whether boards and hands are drawn as PNGs (off: text only).
    pub pictures: bool,
    /// Turn clocks, reminders, invitations and vacations (`[clock]`).
    pub clock: ClockOptions,
    /// The secret the daily Hathor challenge's seed is derived from (`[hathor]
    /// daily_secret`, env `SPIELTISCH_HATHOR_SECRET`); `None`: one generated on first
    /// use and kept in the database.
    pub hathor_daily_secret: Option<String>,
    /// The web page's public address without a trailing slash (`[web] public_url`, e.g.
    /// `https://spiele.example.org`); `None`: no web page, chat carries no links.
    pub web_url: Option<String>,
    /// The search budget of a game's review (issue 44): that of this AI level
    /// (`normal`, the default; `easy` a quarter of it, for tests).
    pub review_level: ai::Level,
    /// The CPU time a `master` AI seat thinks about a move (issue 42; `[ai]
    /// master_seconds`, default [`ai::MASTER_CPU`], 30 s), in the background, one
    /// search at a time per process.
    pub master_cpu: std::time::Duration,
}

impl std::fmt::Debug for HostOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HostOptions")
            .field("language", &self.language)
            .field("admins", &self.admins)
            .field("moves_per_page", &self.moves_per_page)
            .field("pictures", &self.pictures)
            .field("clock", &self.clock)
            .field("hathor_daily_secret", &self.hathor_daily_secret.as_ref().map(|_| "***"))
            .field("web_url", &self.web_url)
            .field("review_level", &self.review_level)
            .field("master_cpu", &self.master_cpu)
            .finish()
    }
}

impl Default for HostOptions {
    fn default() -> Self {
        HostOptions { language: Lang::En, admins: Vec::new(), moves_per_page: 40, pictures: true, clock: Default::default(), hathor_daily_secret: None, web_url: None, review_level: ai::Level::Normal, master_cpu: ai::MASTER_CPU }
    }
}
