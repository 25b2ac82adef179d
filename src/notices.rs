//! The scheduler's side of `spieltisch run`: once a minute, ask the command layer what is
//! due — turn reminders, "time is up", expired invitations, notes for other channels
//! ([`Host::due_notices_for`]) and Hathor challenges whose time is up
//! ([`Host::close_due_challenges_for`]) — and post each through the adapter of its platform.
//!
//! The command layer hands out each notice exactly once (its markers live in the
//! database), so a restart neither loses nor repeats one. Only the work of the platforms
//! whose adapters run is taken ([`NoticeRoutes::platforms`]); the rest stays in the
//! database until a run with that adapter.

use std::{sync::Arc, time::Duration};

use commands::{Host, Reply};

/// How often the scheduler is asked what is due.
pub const POLL_EVERY: Duration = Duration::from_secs(60);

/// Where notices go, per platform: the running adapters.
#[derive(Default, Clone)]
pub struct NoticeRoutes {
    #[cfg(feature = "matrix")]
    pub matrix: Option<crate::matrix::bridge::Notifier>,
    #[cfg(feature = "discord")]
    pub discord: Option<crate::discord::Notifier>,
}

impl NoticeRoutes {
    /// The platforms with a running adapter: `matrix` when the Matrix outbox is set,
    /// `discord` when the Discord notifier is.
    pub fn platforms(&self) -> Vec<&'static str> {
        let mut platforms = Vec::new();
        #[cfg(feature = "matrix")]
        if self.matrix.is_some() {
            platforms.push(crate::matrix::bridge::PLATFORM);
        }
        #[cfg(feature = "discord")]
        if self.discord.is_some() {
            platforms.push(crate::discord::PLATFORM);
        }
        platforms
    }

    /// Posts one notice for `channel` of `platform`; `false` when no adapter serves
    /// that platform (the notice is dropped).
    async fn post(&self, host: &Host, platform: &str, channel: &str, reply: Reply) -> bool {
        #[cfg(feature = "matrix")]
        if platform == crate::matrix::bridge::PLATFORM
            && let Some(notifier) = &self.matrix
        {
            notifier.post(channel, reply);
            return true;
        }
        #[cfg(feature = "discord")]
        if platform == crate::discord::PLATFORM
            && let Some(notifier) = &self.discord
        {
            notifier.post(host, channel, reply).await;
            return true;
        }
        let _ = (host, channel, reply);
        false
    }
}

/// Posts everything due now, once: the scheduler's notices, then the results of the
/// challenges that closed. Returns how many notices were posted.
pub async fn deliver_due(host: &Host, routes: &NoticeRoutes) -> usize {
    let mut posted = 0;
    let platforms = routes.platforms();
    let mut due: Vec<(String, String, Reply)> = host
        .due_notices_for(host.now(), &platforms)
        .await
        .into_iter()
        .map(|n| (n.platform, n.channel, n.reply))
        .collect();
    match host.close_due_challenges_for(&platforms).await {
        Ok(closed) => {
            for c in closed {
                due.extend(c.replies.into_iter().map(|r| (c.platform.clone(), c.channel.clone(), r)));
            }
        }
        Err(e) => tracing::error!(error = %e, "closing the challenges whose time is up failed"),
    }
    for (platform, channel, reply) in due {
        if routes.post(host, &platform, &channel, reply).await {
            posted += 1;
        } else {
            tracing::warn!(platform, channel, "no adapter runs for this notice; dropped");
        }
    }
    posted
}

/// Runs [`deliver_due`] every [`POLL_EVERY`], forever.
pub async fn poll(host: Arc<Host>, routes: NoticeRoutes) -> anyhow::Result<()> {
    let mut tick = tokio::time::interval(POLL_EVERY);
    loop {
        tick.tick().await;
        deliver_due(&host, &routes).await;
    }
}
