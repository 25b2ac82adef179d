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

/// How long the scheduler waits after a move that made it an AI seat's turn before it
/// plays that turn: the adapter posts the move's own reply first.
pub const AI_ANSWER_DELAY: Duration = Duration::from_secs(2);

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

    /// Posts one notice (the Matrix outbox retries on its own; Discord says whether to).
    async fn post(&self, host: &Host, due: &Due) -> Posted {
        #[cfg(feature = "matrix")]
        if due.platform == crate::matrix::bridge::PLATFORM
            && let Some(notifier) = &self.matrix
        {
            notifier.post(&due.channel, due.reply.clone());
            return Posted::Yes;
        }
        #[cfg(feature = "discord")]
        if due.platform == crate::discord::PLATFORM
            && let Some(notifier) = &self.discord
        {
            return match notifier.post(host, &due.channel, &due.reply).await {
                crate::discord::Delivery::Done => Posted::Yes,
                crate::discord::Delivery::TryAgain => Posted::Later,
            };
        }
        let _ = host;
        Posted::NoAdapter
    }
}

/// A notice for `channel` of `platform`.
#[derive(Debug, Clone)]
struct Due {
    platform: String,
    channel: String,
    reply: Reply,
}

enum Posted {
    Yes,
    Later,
    NoAdapter,
}

/// How many polls a notice that failed for a passing reason is tried again.
pub const RETRIES: u32 = 10;

/// Notices that could not be posted for a passing reason (a network error, Discord
/// answering 5xx), with how often each was tried; [`deliver`] tries them again first.
#[derive(Debug, Default)]
pub struct Retry(Vec<(Due, u32)>);

impl Retry {
    /// How many notices wait for another try.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Posts everything due now, once: the scheduler's notices, then the results of the
/// challenges that closed. Returns how many notices were posted. What fails for a
/// passing reason is dropped after logging; [`deliver`] keeps it for another try.
pub async fn deliver_due(host: &Host, routes: &NoticeRoutes) -> usize {
    deliver(host, routes, &mut Retry::default()).await
}

/// As [`deliver_due`], first trying again what `retry` holds; notices that fail for a
/// passing reason go (back) into `retry`, each at most [`RETRIES`] times.
pub async fn deliver(host: &Host, routes: &NoticeRoutes, retry: &mut Retry) -> usize {
    let platforms = routes.platforms();
    let mut due: Vec<(Due, u32)> = std::mem::take(&mut retry.0);
    let fresh = host.due_notices_for(host.now(), &platforms).await.into_iter();
    due.extend(fresh.map(|n| (Due { platform: n.platform, channel: n.channel, reply: n.reply }, 0)));
    match host.close_due_challenges_for(&platforms).await {
        Ok(closed) => {
            for c in closed {
                due.extend(c.replies.into_iter().map(|reply| {
                    (Due { platform: c.platform.clone(), channel: c.channel.clone(), reply }, 0)
                }));
            }
        }
        Err(e) => tracing::error!(error = %e, "closing the challenges whose time is up failed"),
    }
    let mut posted = 0;
    for (notice, tries) in due {
        match routes.post(host, &notice).await {
            Posted::Yes => posted += 1,
            Posted::Later if tries + 1 < RETRIES => retry.0.push((notice, tries + 1)),
            Posted::Later => {
                tracing::error!(platform = notice.platform, channel = notice.channel, "a notice failed {RETRIES} times; dropped");
            }
            Posted::NoAdapter => {
                tracing::warn!(platform = notice.platform, channel = notice.channel, "no adapter runs for this notice; dropped");
            }
        }
    }
    posted
}

/// Runs [`deliver`] every [`POLL_EVERY`], forever, keeping what failed for a passing
/// reason for the next round; also at once whenever an AI seat is to move
/// ([`Host::ai_turn_waiting`]), so the AI answers a move within seconds.
pub async fn poll(host: Arc<Host>, routes: NoticeRoutes) -> anyhow::Result<()> {
    let mut tick = tokio::time::interval(POLL_EVERY);
    let mut retry = Retry::default();
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            () = host.ai_turn_waiting() => {
                // The adapter posts the move that made it the AI's turn first.
                tokio::time::sleep(AI_ANSWER_DELAY).await;
            }
        }
        deliver(&host, &routes, &mut retry).await;
    }
}
