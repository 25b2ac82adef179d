//! The `master` level's searches (issue 42; docs "AI players", "The levels"): a master
//! turn thinks in the background for up to the host's CPU budget per move
//! ([`crate::base::options::HostOptions::master_cpu`], `[ai] master_seconds`). One
//! search runs at a time per process, on a blocking thread (never on the async
//! runtime, so no command waits for it); the others queue in the order their turns were
//! claimed. The scheduler starts a search when it meets a master turn
//! ([`Masters::start`]) and plays the move at a later poll, once [`Masters::take`]
//! gives it; meanwhile the search keeps its turn's claim fresh
//! ([`crate::store::turns::renew_ai_turn`]), so no other process thinks about it too.
//! A process that stops gives its claims back ([`super::Table::release_ai_claims`]) and
//! one that dies lets them run out: either way another poll claims the turn and starts
//! the search again.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, PoisonError},
    time::Duration,
};

use tokio::sync::{mpsc, Notify};

use crate::{base::{clock::Clock, ids::GameId}, store::Db};

/// A master turn: the game, its move number and take-backs (as an AI turn's claim).
pub type Turn = (GameId, u64, i64);

/// How often a queued or running search renews its turn's claim: well within the
/// claims' lease (`crate::features::play::AI_CLAIM_LEASE_MS`, a minute).
const RENEW_EVERY: Duration = Duration::from_secs(20);

/// A search asked for: the turn, what the seat sees, the seed and the CPU budget.
struct Job {
    turn: Turn,
    view: ai::SeatView,
    seed: u64,
    cpu: Duration,
}

/// Where a master turn stands in this process.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Standing {
    /// No search of this turn here: claim it and [`Masters::start`] one.
    Absent,
    /// Queued or thinking.
    Thinking,
    /// The search is over: the move in the game's notation, or why none was found.
    Done(Result<String, String>),
}

/// The master searches of one process: a queue served by one worker task.
#[derive(Default)]
pub struct Masters {
    /// Searches queued or running (`None`) or done and not yet played (`Some`).
    turns: Arc<Mutex<HashMap<Turn, Option<Result<String, String>>>>>,
    /// The queue's sending end; the worker is started with the first search.
    queue: Mutex<Option<mpsc::UnboundedSender<Job>>>,
}

impl Masters {
    /// Where `turn` stands; a finished search is handed out once (and forgotten), and
    /// finished searches of the same game at other turns (a take-back came) are dropped.
    pub fn take(&self, turn: Turn) -> Standing {
        let mut turns = self.turns.lock().unwrap_or_else(PoisonError::into_inner);
        turns.retain(|t, done| t.0 != turn.0 || *t == turn || done.is_none());
        match turns.get(&turn) {
            None => Standing::Absent,
            Some(None) => Standing::Thinking,
            Some(Some(_)) => turns.remove(&turn).flatten().map_or(Standing::Absent, Standing::Done),
        }
    }

    /// Queues the search of `turn` (claimed by this process) behind those already
    /// queued: `view`'s seat at the master level with `seed` and `cpu` of CPU time.
    /// When it is done, `wake` is notified (the scheduler plays the move). The worker
    /// renews the claims of all queued and running turns in `db` at `clock`'s time.
    pub fn start(&self, turn: Turn, view: ai::SeatView, seed: u64, cpu: Duration, db: &Db, clock: &Arc<dyn Clock>, wake: &Arc<Notify>) {
        self.turns.lock().unwrap_or_else(PoisonError::into_inner).insert(turn, None);
        let mut queue = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
        let mut job = Job { turn, view, seed, cpu };
        if let Some(running) = queue.as_ref() {
            match running.send(job) {
                Ok(()) => return,
                // The worker has stopped: a new one takes the job.
                Err(mpsc::error::SendError(back)) => job = back,
            }
        }
        let (send, receive) = mpsc::unbounded_channel();
        let _ = send.send(job);
        *queue = Some(send);
        tokio::spawn(work(receive, self.turns.clone(), db.clone(), clock.clone(), wake.clone()));
    }
}

/// The worker: one search after another, in the order queued; while one runs, the
/// claims of every search not yet played are renewed every [`RENEW_EVERY`]. The renewals
/// keep their pace across searches (one timer for the worker, not one per search): with
/// searches shorter than [`RENEW_EVERY`] a timer started with each search would never
/// fire, and a turn queued behind a minute of them would lose its claim.
async fn work(
    mut queue: mpsc::UnboundedReceiver<Job>,
    turns: Arc<Mutex<HashMap<Turn, Option<Result<String, String>>>>>,
    db: Db,
    clock: Arc<dyn Clock>,
    wake: Arc<Notify>,
) {
    let mut renew = tokio::time::interval_at(tokio::time::Instant::now() + RENEW_EVERY, RENEW_EVERY);
    // After a time without searches, the next search renews at once, then every
    // [`RENEW_EVERY`] (no burst of the renewals missed meanwhile).
    renew.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    while let Some(Job { turn, view, seed, cpu }) = queue.recv().await {
        let search = tokio::task::spawn_blocking(move || ai::choose_within(&view, ai::Level::Master, seed, cpu));
        tokio::pin!(search);
        let result = loop {
            tokio::select! {
                done = &mut search => break match done {
                    Ok(Ok(notation)) => Ok(notation),
                    Ok(Err(e)) => Err(e.to_string()),
                    Err(e) => Err(e.to_string()),
                },
                _ = renew.tick() => {
                    let waiting: Vec<Turn> = turns.lock().unwrap_or_else(PoisonError::into_inner).iter().filter(|(_, d)| d.is_none()).map(|(t, _)| *t).collect();
                    for (game, seq, takebacks) in waiting {
                        if let Err(e) = crate::store::turns::renew_ai_turn(&db, game, seq, takebacks, clock.now_ms()).await {
                            tracing::warn!(game = %game, error = %e, "a master search's claim could not be renewed");
                        }
                    }
                }
            }
        };
        tracing::info!(game = %turn.0, seq = turn.1, ok = result.is_ok(), "a master search is done");
        turns.lock().unwrap_or_else(PoisonError::into_inner).insert(turn, Some(result));
        wake.notify_one();
    }
}
