//! Time as players write and read it (the turn clocks): durations in
//! milliseconds, the bot's `[clock]` settings, and how much of a turn has been used
//! with vacations left out. Pure: the stored turns are in `turns`.

use crate::i18n::{Lang, Msg};

/// One minute, hour and day in milliseconds.
pub const MINUTE_MS: i64 = 60_000;
pub const HOUR_MS: i64 = 60 * MINUTE_MS;
pub const DAY_MS: i64 = 24 * HOUR_MS;

/// The clock settings of a `Host` (`[clock]` in the config).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockOptions {
    /// The time per move when `new` names none (ms; `[clock] move_time`, default 3 days).
    pub move_ms: i64,
    /// Whether the player to move is reminded when half the time has passed.
    pub half_reminder: bool,
    /// How long before the time runs out the second reminder comes (ms; 0: none).
    pub soon_ms: i64,
    /// How long an invitation stays open (ms; default 48 hours).
    pub invitation_ms: i64,
    /// How many open invitations one user may have created at once.
    pub max_open_invitations: usize,
    /// Vacation days a user may take in any 365 days.
    pub vacation_days_per_year: u32,
}

impl Default for ClockOptions {
    fn default() -> Self {
        ClockOptions {
            move_ms: 3 * DAY_MS,
            half_reminder: true,
            soon_ms: 12 * HOUR_MS,
            invitation_ms: 48 * HOUR_MS,
            max_open_invitations: 3,
            vacation_days_per_year: 30,
        }
    }
}

/// Reads a duration: `3d`, `12h`, `90m`, `2d12h`, `1d 6h` (no spaces inside a word);
/// a bare number means days. German `t` (Tage) and `std` work too. At least one minute,
/// at most a year.
pub fn parse_duration(text: &str) -> Option<i64> {
    let text = text.trim().to_lowercase();
    if let Ok(days) = text.parse::<i64>() {
        return (1..=365).contains(&days).then(|| days * DAY_MS);
    }
    let mut total: i64 = 0;
    let mut number = String::new();
    let mut chars = text.chars().peekable();
    let mut any = false;
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        if c == ' ' {
            continue;
        }
        let mut unit = String::from(c);
        while let Some(&n) = chars.peek() {
            if n.is_ascii_alphabetic() {
                unit.push(n);
                chars.next();
            } else {
                break;
            }
        }
        let per = match unit.as_str() {
            "d" | "t" | "day" | "days" | "tag" | "tage" => DAY_MS,
            "h" | "std" | "hour" | "hours" | "stunde" | "stunden" => HOUR_MS,
            "m" | "min" | "minute" | "minutes" | "minuten" => MINUTE_MS,
            _ => return None,
        };
        let n: i64 = number.parse().ok()?;
        number.clear();
        total = total.checked_add(n.checked_mul(per)?)?;
        any = true;
    }
    (any && number.is_empty() && (MINUTE_MS..=365 * DAY_MS).contains(&total)).then_some(total)
}

/// Reads a game's time control (`time=` of `new`): a time per move (`3d`), or a time
/// per move and a bank (`1d+3d`: 1 day per move, and 3 days each player may draw on when
/// a move takes longer; docs "Clocks with a bank"). Returns (move ms, bank ms).
///
/// # Errors
/// A message naming what is wrong: the part before `+` missing (`+3d`,
/// `cmd-bad-time-missing`) or no time (`cmd-bad-duration`: also negative, zero, over a
/// year); the bank after `+` missing (`1d+`, `cmd-bad-bank-missing`) or no time
/// (`cmd-bad-bank`: also negative, zero, a second `+`).
pub fn parse_time_control(text: &str) -> Result<(i64, Option<i64>), Msg> {
    let Some((per_move, bank)) = text.split_once('+') else {
        return parse_duration(text).map(|ms| (ms, None)).ok_or_else(|| Msg::new("cmd-bad-duration").arg("text", text));
    };
    if per_move.trim().is_empty() {
        return Err(Msg::new("cmd-bad-time-missing").arg("text", text));
    }
    if bank.trim().is_empty() {
        return Err(Msg::new("cmd-bad-bank-missing").arg("text", text));
    }
    let move_ms = parse_duration(per_move).ok_or_else(|| Msg::new("cmd-bad-duration").arg("text", per_move))?;
    let bank_ms = parse_duration(bank).ok_or_else(|| Msg::new("cmd-bad-bank").arg("text", bank))?;
    Ok((move_ms, Some(bank_ms)))
}

/// A duration in words (`2 days 5 hours`, `2 Tage 5 Stunden`): at most two units, the
/// smaller one rounded to the nearest (days and hours from 23 h 30 min on, else hours and
/// minutes), so that 1 day 11 hours 59 minutes reads "1 day 12 hours" and 10 h 59 min 40 s
/// "11 hours". Negative durations count as 0.
pub fn format_duration(texts: &crate::i18n::Texts, lang: Lang, ms: i64) -> String {
    duration_in_case(texts, lang, ms, "nominative")
}

/// [`format_duration`] in the dative, for German "seit 8 Tagen", "in 2 Tagen" (English
/// is the same as [`format_duration`]).
pub fn format_duration_dative(texts: &crate::i18n::Texts, lang: Lang, ms: i64) -> String {
    duration_in_case(texts, lang, ms, "dative")
}

/// A duration in words with the Fluent argument `case` (`nominative`, `dative`) that
/// the German unit words select on.
fn duration_in_case(texts: &crate::i18n::Texts, lang: Lang, ms: i64, case: &str) -> String {
    let exact = ms.max(0);
    let unit = if exact >= DAY_MS - HOUR_MS / 2 { HOUR_MS } else { MINUTE_MS };
    let ms = exact.saturating_add(unit / 2) / unit * unit;
    let days = ms / DAY_MS;
    let hours = (ms % DAY_MS) / HOUR_MS;
    let minutes = (ms % HOUR_MS) / MINUTE_MS;
    let mut parts = Vec::new();
    for (n, key) in [(days, "clock-days"), (hours, "clock-hours"), (minutes, "clock-minutes")] {
        if n > 0 && parts.len() < 2 {
            parts.push(texts.plain(lang, &Msg::new(key).arg("n", n).arg("case", case)));
        }
    }
    if parts.is_empty() {
        // Some seconds left ("runs out in less than a minute"), or none.
        let key = if exact > 0 { "clock-under-a-minute" } else { "clock-minutes" };
        parts.push(texts.plain(lang, &Msg::new(key).arg("n", 0_i64).arg("case", case)));
    }
    parts.join(" ")
}

/// How much of a turn that began at `since` has been used by `now`: the time passed,
/// less the parts of `vacations` (start, end) that fall into it. Vacations never
/// overlap one another (a new one starts after the last one ends).
pub fn used_ms(since: i64, now: i64, vacations: &[(i64, i64)]) -> i64 {
    let paused: i64 = vacations.iter().map(|&(s, e)| (e.min(now) - s.max(since)).max(0)).sum();
    (now - since - paused).max(0)
}

/// The clock of one seat in a turn: time per move, the seat's bank left when the turn
/// began (0 without a bank; docs "Clocks with a bank"), time used, and what is due. All
/// in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SeatClock {
    pub move_ms: i64,
    pub bank_ms: i64,
    pub used_ms: i64,
}

impl SeatClock {
    /// The time left, the move's and the bank's together (0 when it has run out).
    pub fn left_ms(self) -> i64 {
        (self.move_ms.saturating_add(self.bank_ms) - self.used_ms).max(0)
    }

    /// What is left of the time per move (0 once the bank is being used).
    pub fn move_left_ms(self) -> i64 {
        (self.move_ms - self.used_ms).max(0)
    }

    /// What is left of the bank: all of it while the time per move lasts, then less by
    /// what the move takes beyond it (0 when used up).
    pub fn bank_left_ms(self) -> i64 {
        (self.bank_ms - (self.used_ms - self.move_ms).max(0)).max(0)
    }

    /// Whether the time has run out: the time per move and the bank both used up.
    pub fn expired(self) -> bool {
        self.used_ms >= self.move_ms.saturating_add(self.bank_ms)
    }

    /// What is left of a clock with a bank, as message `key` says it (docs "Clocks with
    /// a bank"): while the time per move lasts, `key` with `move` and `bank` (both, in
    /// `words`); once it is used up, `key-used` with `bank` alone, so that a text never
    /// says "0 minutes for this move" while the bank runs.
    pub fn bank_msg(self, key: &str, words: impl Fn(i64) -> String) -> Msg {
        if self.move_left_ms() > 0 {
            Msg::new(key).arg("move", words(self.move_left_ms())).arg("bank", words(self.bank_left_ms()))
        } else {
            Msg::new(format!("{key}-used")).arg("bank", words(self.bank_left_ms()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_parse() {
        let cases = [
            ("3d", Some(3 * DAY_MS)),
            ("3", Some(3 * DAY_MS)),
            ("12h", Some(12 * HOUR_MS)),
            ("2d12h", Some(2 * DAY_MS + 12 * HOUR_MS)),
            ("1T6Std", Some(DAY_MS + 6 * HOUR_MS)),
            ("90m", Some(90 * MINUTE_MS)),
            ("0", None),
            ("0h", None),
            ("5x", None),
            ("h", None),
            ("12", Some(12 * DAY_MS)),
            ("400d", None),
            ("3d4", None),
            ("99999999999999999999d", None),
            // A bare number that fits an i64 but not in milliseconds (the fuzzer's
            // `wait 9223372036854775` once overflowed here), and a negative one.
            ("9223372036854775", None),
            ("-2", None),
        ];
        for (text, want) in cases {
            assert_eq!(parse_duration(text), want, "{text:?}");
        }
    }

    proptest::proptest! {
        #[test]
        fn any_text_parses_or_is_refused_without_panicking(text in ".{0,40}") {
            if let Some(ms) = parse_duration(&text) {
                proptest::prop_assert!((MINUTE_MS..=365 * DAY_MS).contains(&ms));
            }
        }
    }

    #[test]
    fn vacations_inside_a_turn_do_not_count() {
        // Turn from 100 to 1000: 900 passed; vacation 200..500 inside (300), one
        // before the turn (0..50), one running over now (900..2000: 100 of it).
        assert_eq!(used_ms(100, 1000, &[(0, 50), (200, 500), (900, 2000)]), 900 - 300 - 100);
        // A vacation that began before the turn counts only from the turn's start.
        assert_eq!(used_ms(100, 1000, &[(0, 300)]), 900 - 200);
        assert_eq!(used_ms(100, 1000, &[]), 900);
    }

    #[test]
    fn a_bank_is_used_after_the_time_per_move() {
        // 1 day per move and a bank of 3 days (time=1d+3d).
        let c = SeatClock { move_ms: DAY_MS, bank_ms: 3 * DAY_MS, used_ms: 20 * HOUR_MS };
        assert_eq!((c.move_left_ms(), c.bank_left_ms(), c.left_ms(), c.expired()), (4 * HOUR_MS, 3 * DAY_MS, 3 * DAY_MS + 4 * HOUR_MS, false));
        // 2 days 6 hours: the day per move and 1 day 6 hours of the bank are gone.
        let c = SeatClock { used_ms: 2 * DAY_MS + 6 * HOUR_MS, ..c };
        assert_eq!((c.move_left_ms(), c.bank_left_ms(), c.left_ms(), c.expired()), (0, DAY_MS + 18 * HOUR_MS, DAY_MS + 18 * HOUR_MS, false));
        // 4 days: both used up.
        let c = SeatClock { used_ms: 4 * DAY_MS, ..c };
        assert_eq!((c.bank_left_ms(), c.left_ms(), c.expired()), (0, 0, true));
    }

    #[test]
    fn time_controls_parse_or_say_what_is_wrong() {
        assert_eq!(parse_time_control("1d+3d"), Ok((DAY_MS, Some(3 * DAY_MS))));
        assert_eq!(parse_time_control("12h + 2d12h"), Ok((12 * HOUR_MS, Some(2 * DAY_MS + 12 * HOUR_MS))));
        assert_eq!(parse_time_control("2d"), Ok((2 * DAY_MS, None)));
        let key = |text: &str| parse_time_control(text).map_err(|m| m.key).err();
        assert_eq!(key("1d+").as_deref(), Some("cmd-bad-bank-missing"));
        assert_eq!(key("+3d").as_deref(), Some("cmd-bad-time-missing"));
        assert_eq!(key("1d+-3d").as_deref(), Some("cmd-bad-bank"));
        assert_eq!(key("1d+0").as_deref(), Some("cmd-bad-bank"));
        assert_eq!(key("0m+1d").as_deref(), Some("cmd-bad-duration"));
        assert_eq!(key("-1d+3d").as_deref(), Some("cmd-bad-duration"));
        assert_eq!(key("1d+400d").as_deref(), Some("cmd-bad-bank"));
    }

    #[test]
    fn a_seat_clock_runs_out() {
        let c = SeatClock { move_ms: 10, used_ms: 4, bank_ms: 0 };
        assert_eq!((c.left_ms(), c.expired()), (6, false));
        let c = SeatClock { move_ms: 10, used_ms: 12, bank_ms: 0 };
        assert_eq!((c.left_ms(), c.expired()), (0, true));
    }

    #[test]
    fn durations_read_well() {
        let texts = crate::i18n::Texts::load();
        assert_eq!(format_duration(&texts, Lang::En, 2 * DAY_MS + 5 * HOUR_MS + 7 * MINUTE_MS), "2 days 5 hours");
        assert_eq!(format_duration(&texts, Lang::De, DAY_MS + 5 * HOUR_MS + 40 * MINUTE_MS), "1 Tag 6 Stunden");
        // Rounded to the nearest smaller unit: half of 3 days a minute late,
        // and what is left of 1 day after 13 hours and a few seconds.
        assert_eq!(format_duration(&texts, Lang::En, DAY_MS + 11 * HOUR_MS + 59 * MINUTE_MS), "1 day 12 hours");
        assert_eq!(format_duration(&texts, Lang::En, 11 * HOUR_MS - 20_000), "11 hours");
        assert_eq!(format_duration(&texts, Lang::En, DAY_MS - 20_000), "1 day");
        assert_eq!(format_duration(&texts, Lang::De, 2 * HOUR_MS + 29 * MINUTE_MS + 31_000), "2 Stunden 30 Minuten");
        assert_eq!(format_duration(&texts, Lang::En, 45_000), "1 minute");
        assert_eq!(format_duration(&texts, Lang::En, HOUR_MS), "1 hour");
        assert_eq!(format_duration(&texts, Lang::En, 0), "0 minutes");
        // Seconds left are not "0 minutes".
        assert_eq!(format_duration(&texts, Lang::En, 29_000), "less than a minute");
        assert_eq!(format_duration(&texts, Lang::De, 1), "weniger als eine Minute");
        assert_eq!(format_duration_dative(&texts, Lang::De, 29_999), "weniger als einer Minute");
        // German after "seit"/"in": the dative plural ("seit 8 Tagen", "in 2 Tagen").
        assert_eq!(format_duration_dative(&texts, Lang::De, 8 * DAY_MS), "8 Tagen");
        assert_eq!(format_duration_dative(&texts, Lang::De, 2 * DAY_MS + 3 * HOUR_MS), "2 Tagen 3 Stunden");
        assert_eq!(format_duration_dative(&texts, Lang::De, DAY_MS + HOUR_MS), "1 Tag 1 Stunde");
        assert_eq!(format_duration_dative(&texts, Lang::En, 8 * DAY_MS), "8 days");
    }
}
