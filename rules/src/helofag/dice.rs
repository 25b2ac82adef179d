//! The three dice of a turn and which of them are used (spec "A turn", step 3: at most
//! two dice, except a triple action, which uses all three).

use std::fmt;

use super::action::{third_die, Action};
use crate::Refusal;

/// A roll of three dice, each 1-6, in the order rolled.
pub type Roll = [u8; 3];

/// Prints a roll as the bot shows it: `1 2 6`.
pub struct ShowRoll(pub Roll);

impl fmt::Display for ShowRoll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c] = self.0;
        write!(f, "{a} {b} {c}")
    }
}

/// The dice of the turn in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dice {
    roll: Roll,
    free: [bool; 3],
    used: u8,
}

impl Dice {
    /// All three dice free.
    pub fn new(roll: Roll) -> Self {
        Dice { roll, free: [true; 3], used: 0 }
    }

    /// How many dice have been used (0-3).
    pub fn used(&self) -> u8 {
        self.used
    }

    /// Whether a one-die action may still follow (fewer than two dice used).
    pub fn another_die_allowed(&self) -> bool {
        self.used < 2
    }

    /// How many free dice show `n`.
    pub fn count(&self, n: u8) -> usize {
        self.free.iter().zip(self.roll).filter(|&(&free, d)| free && d == n).count()
    }

    /// The distinct values of the free dice, ascending.
    pub fn values(&self) -> Vec<u8> {
        (1..=6).filter(|&n| self.count(n) > 0).collect()
    }

    fn take(&mut self, n: u8, how_many: usize) {
        let mut left = how_many;
        for (free, d) in self.free.iter_mut().zip(self.roll) {
            if left > 0 && *free && d == n {
                *free = false;
                left -= 1;
            }
        }
        self.used += how_many as u8;
    }

    /// Uses one die showing `n` (a step or a finish).
    ///
    /// # Errors
    /// `helofag-third-die` when two dice are used already, `helofag-die-used` when the
    /// roll's `n` is used up, `helofag-no-die` when the roll has no `n`.
    pub fn take_one(&mut self, n: u8) -> Result<(), Refusal> {
        if !self.another_die_allowed() {
            return Err(third_die());
        }
        if self.count(n) == 0 {
            let roll = ShowRoll(self.roll).to_string();
            return Err(if self.roll.contains(&n) {
                Refusal::new("helofag-die-used", format!("the {n} of the roll {roll} is already used"))
            } else {
                Refusal::new("helofag-no-die", format!("the roll {roll} has no {n}"))
            }
            .arg("die", n)
            .arg("roll", roll));
        }
        self.take(n, 1);
        Ok(())
    }

    /// Uses the pair *p p* for `action` (enter C, leave C).
    ///
    /// # Errors
    /// `helofag-third-die` when a die is used already, `helofag-wrong-pair` without the pair.
    pub fn take_pair(&mut self, p: u8, action: Action) -> Result<(), Refusal> {
        if self.used > 0 {
            return Err(third_die());
        }
        if self.count(p) < 2 {
            let roll = ShowRoll(self.roll).to_string();
            return Err(Refusal::new("helofag-wrong-pair", format!("{action} needs the pair {p} {p}; the roll is {roll}"))
                .arg("action", action)
                .arg("number", p)
                .arg("roll", roll));
        }
        self.take(p, 2);
        Ok(())
    }

    /// Uses all three dice, which must all show `p` (a triple action).
    ///
    /// # Errors
    /// `helofag-third-die` when a die is used already, `helofag-wrong-triple` without the triple.
    pub fn take_triple(&mut self, p: u8, action: Action) -> Result<(), Refusal> {
        if self.used > 0 {
            return Err(third_die());
        }
        if self.count(p) < 3 {
            let roll = ShowRoll(self.roll).to_string();
            return Err(Refusal::new(
                "helofag-wrong-triple",
                format!("{action} needs the triple {p} {p} {p}; the roll is {roll}"),
            )
            .arg("action", action)
            .arg("number", p)
            .arg("roll", roll));
        }
        self.take(p, 3);
        Ok(())
    }
}
