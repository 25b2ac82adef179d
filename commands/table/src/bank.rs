//! Clocks with a bank (issue 40, docs "Clocks with a bank"): a game's record with its
//! clock. The bank itself is kept on the log (each move's `bank_left_ms`, written by
//! [`crate::turn::store`]) and read by [`crate::store::turns::seat_clock`].

use rules::record::{Record, RecordClock};

use crate::{store::StorageError, context::Loaded, Table};

impl Table {
    /// The record of `loaded`'s game (`None` before the start), with its clock when it
    /// has a bank: the time per move, the bank, and what each log entry took from its
    /// mover's bank (the mover's bank before it less after it; for `@timeout P` all that
    /// P had left, as the time ran out; 0 for other entries that record none, such as
    /// resignations), so that `replay` gives every player's bank left
    /// exactly ([`rules::record::bank_left`]).
    ///
    /// # Errors
    /// [`StorageError`] when a read fails.
    pub async fn record_of(&self, loaded: &Loaded) -> Result<Option<Record>, StorageError> {
        let Some(game) = &loaded.game else { return Ok(None) };
        let mut record = Record::of(game.as_ref(), &loaded.names());
        let Some(bank_ms) = loaded.row.bank_ms else { return Ok(Some(record)) };
        let id = loaded.row.id;
        let move_ms = match self.db.move_ms(id).await? {
            Some(ms) => ms,
            None => self.options.clock.move_ms,
        };
        let entries = self.db.log_after(id, 0).await?;
        let banks = crate::store::turns::banks_by_entry(&self.db, id).await?;
        let mut left = vec![bank_ms; loaded.players.len()];
        let mut used = Vec::with_capacity(record.moves.len());
        for (entry, bank) in entries.iter().zip(banks).take(record.moves.len()) {
            // A game lost on time: the claim is taken only once the time per move and
            // the bank are both used up, so `@timeout P` takes what was left of P's
            // bank (P is its mover, as replay reckons it), not the claimer's.
            if let Some(Ok(rules::Event::Timeout(lost))) = rules::Event::parse(&entry.text)
                && let Some(before) = left.get_mut(lost)
            {
                used.push(std::mem::take(before));
                continue;
            }
            let taken = match (entry.seat.and_then(|s| left.get_mut(s)), bank) {
                (Some(before), Some(after)) => {
                    let taken = (*before - after).max(0);
                    *before = after;
                    taken
                }
                _ => 0,
            };
            used.push(taken);
        }
        record.clock = Some(RecordClock { move_ms, bank_ms, bank_used_ms: used });
        Ok(Some(record))
    }
}
