//! The command layer's clock, injectable so that tests (and later reminders and turn
//! limits) can set the time.

use std::{
    sync::atomic::{AtomicI64, Ordering},
    time::{SystemTime, UNIX_EPOCH},
};

/// A source of the current time in Unix milliseconds.
pub trait Clock: Send + Sync {
    /// Milliseconds since 1970-01-01 UTC.
    fn now_ms(&self) -> i64;
}

/// The system's clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
    }
}

/// A clock that shows a set time until it is moved (for tests).
#[derive(Debug, Default)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    /// A clock standing at `ms`.
    pub fn at(ms: i64) -> ManualClock {
        ManualClock(AtomicI64::new(ms))
    }

    /// Moves the clock forward by `ms`.
    pub fn advance(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// The system's clock moved forward by an offset that only grows (the terminal's
/// `wait <time>`: try out reminders and time limits without waiting).
#[derive(Debug, Default)]
pub struct OffsetClock(AtomicI64);

impl OffsetClock {
    /// Moves the clock forward by `ms`.
    pub fn advance(&self, ms: i64) {
        self.0.fetch_add(ms.max(0), Ordering::SeqCst);
    }

    /// Sets the offset to `ms` when that is further ahead (the stored offset of the
    /// database, `Db::terminal_offset`): the clock never goes back.
    pub fn catch_up(&self, ms: i64) {
        self.0.fetch_max(ms, Ordering::SeqCst);
    }

    /// The offset (ms ahead of the system clock).
    pub fn offset(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

impl Clock for OffsetClock {
    fn now_ms(&self) -> i64 {
        SystemClock.now_ms().saturating_add(self.0.load(Ordering::SeqCst))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_manual_clock_moves_only_when_told() {
        let clock = ManualClock::at(1_000);
        assert_eq!(clock.now_ms(), 1_000);
        clock.advance(250);
        assert_eq!(clock.now_ms(), 1_250);
    }

    #[test]
    fn an_offset_clock_runs_ahead_of_the_system_clock() {
        let clock = OffsetClock::default();
        clock.advance(3_600_000);
        clock.advance(-5);
        let ahead = clock.now_ms() - SystemClock.now_ms();
        assert!((3_599_000..=3_600_000).contains(&ahead), "{ahead}");
    }

    #[test]
    fn an_offset_clock_catches_up_but_never_goes_back() {
        let clock = OffsetClock::default();
        clock.catch_up(5_000);
        clock.catch_up(2_000);
        assert_eq!(clock.offset(), 5_000);
        clock.advance(1_000);
        assert_eq!(clock.offset(), 6_000);
    }

    #[test]
    fn the_system_clock_is_after_2025() {
        assert!(SystemClock.now_ms() > 1_735_689_600_000);
    }
}
