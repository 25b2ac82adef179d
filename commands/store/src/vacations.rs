//! Vacations in storage: a booking checked against the user's other vacations, one
//! booking after the other (spec README, "Vacations").

use backend::{on, Lock};

use super::*;

impl Db {
    /// Books a vacation for `user_id` on `platform` in one transaction: `decide` gets the
    /// user's vacations (start, end; Unix ms, oldest first) and returns the span to
    /// store or why not (the allowance is the caller's rule); with the span, `notices`
    /// (channel, text) go to the outbox. Concurrent bookings are decided one after the
    /// other, each seeing the others' spans.
    ///
    /// # Errors
    /// [`StorageError`] when the read or write fails.
    pub async fn book_vacation<T>(
        &self,
        platform: &str,
        user_id: &str,
        decide: impl FnOnce(&[(i64, i64)]) -> Result<(i64, i64), T>,
        notices: &[(String, String)],
        at: i64,
    ) -> Result<Result<(i64, i64), T>, StorageError> {
        let mut tx = self.begin(Lock::Store).await?;
        let spans: Vec<(i64, i64)> =
            on!(tx.exec(), |c| sqlx::query_as("SELECT starts, ends FROM vacations WHERE platform = $1 AND user_id = $2 ORDER BY starts")
                .bind(platform)
                .bind(user_id)
                .fetch_all(c)
                .await)?;
        let (starts, ends) = match decide(&spans) {
            Ok(span) => span,
            Err(refusal) => return Ok(Err(refusal)),
        };
        on!(tx.exec(), |c| sqlx::query("INSERT INTO vacations (platform, user_id, starts, ends) VALUES ($1, $2, $3, $4)")
            .bind(platform)
            .bind(user_id)
            .bind(starts)
            .bind(ends)
            .execute(c)
            .await.map(|done| done.rows_affected()))?;
        for (channel, text) in notices {
            on!(tx.exec(), |c| sqlx::query("INSERT INTO outbox (platform, channel, text, at) VALUES ($1, $2, $3, $4)")
                .bind(platform)
                .bind(channel)
                .bind(text)
                .bind(at)
                .execute(c)
                .await.map(|done| done.rows_affected()))?;
        }
        tx.commit().await?;
        Ok(Ok((starts, ends)))
    }
}
