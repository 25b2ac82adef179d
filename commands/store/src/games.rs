//! A game's life in storage: created (also as a rematch), joined, started, moved,
//! withdrawn, moved to a thread; its rows and players read back. Which game a command
//! means is `choice.rs`, a challenge's entry `challenges.rs`, vacations `vacations.rs`.

use serde_json::Value;

use crate::base::ids::GameId;

use backend::{on, Lock, StoredRow, Tx};

use super::*;

impl Db {
    /// Creates an invitation with its creator in seat 0, `seated` in the seats after it
    /// (the AI seats, which join at once), its time per move and its invitees, in one
    /// transaction. With `max_open`, nothing is stored when the creator
    /// already has that many open invitations on the platform (checked inside the
    /// transaction, so concurrent requests cannot pass it together).
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn create_game(&self, new: &NewGame<'_>, max_open: Option<usize>, seated: &[PlayerRow]) -> Result<Created, StorageError> {
        let mut tx = self.begin(Lock::Store).await?;
        if let Some(max) = max_open {
            let open: i64 = on!(tx.exec(), |c| sqlx::query_scalar(
                "SELECT COUNT(*) FROM games WHERE platform = $1 AND creator = $2 AND status = 'invited'",
            )
            .bind(new.platform)
            .bind(new.creator_id)
            .fetch_one(c)
            .await)?;
            if usize::try_from(open).unwrap_or(usize::MAX) >= max {
                return Ok(Created::TooManyInvitations);
            }
        }
        let id = insert_game(&mut tx, new, None, seated).await?;
        tx.commit().await?;
        Ok(Created::Stored(id))
    }

    /// Stores `user`'s vote to play finished game `old` again; when with it every one of
    /// `players` has voted, also stores the new game `new`, running with `start` and the
    /// same players in the same seats, and marks `old` as played again, all in one
    /// transaction: of any number of concurrent last votes exactly one starts the game,
    /// and a vote after that gets [`RematchVote::Exists`].
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn vote_rematch(
        &self,
        old: GameId,
        user: &str,
        players: &[PlayerRow],
        new: &NewGame<'_>,
        start: Start<'_>,
    ) -> Result<RematchVote, StorageError> {
        let mut tx = self.begin(Lock::Store).await?;
        let again: Option<GameId> = on!(tx.exec(), |c| sqlx::query_scalar("SELECT new_game_id FROM rematches WHERE old_game_id = $1")
            .bind(old)
            .fetch_optional(c)
            .await)?;
        if let Some(again) = again {
            return Ok(RematchVote::Exists(again));
        }
        let first = on!(tx.exec(), |c| sqlx::query("INSERT INTO rematch_votes (game_id, user_id, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
            .bind(old)
            .bind(user)
            .bind(new.at)
            .execute(c)
            .await.map(|done| done.rows_affected()))?
            
            == 1;
        let votes: Vec<String> = on!(tx.exec(), |c| sqlx::query_scalar("SELECT user_id FROM rematch_votes WHERE game_id = $1 ORDER BY at, rowid")
            .bind(old)
            .fetch_all(c)
            .await)?;
        // AI seats always agree to play again.
        if players.iter().any(|p| !crate::base::ai_seat::is_ai(&p.user_id) && !votes.contains(&p.user_id)) {
            tx.commit().await?;
            return Ok(RematchVote::Waiting { first, votes });
        }
        let id = insert_game(&mut tx, new, Some(start), players.get(1..).unwrap_or_default()).await?;
        on!(tx.exec(), |c| sqlx::query("INSERT INTO rematches (old_game_id, new_game_id) VALUES ($1, $2)")
            .bind(old)
            .bind(id)
            .execute(c)
            .await.map(|done| done.rows_affected()))?;
        on!(tx.exec(), |c| sqlx::query("DELETE FROM rematch_votes WHERE game_id = $1").bind(old).execute(c).await.map(|done| done.rows_affected()))?;
        tx.commit().await?;
        Ok(RematchVote::Started(id))
    }

    /// The time per move game `id` keeps (ms); `None` when it has none stored (games
    /// stored before times were kept at creation, challenge games) or is not stored.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn move_ms(&self, id: GameId) -> Result<Option<i64>, StorageError> {
        let ms: Option<Option<i64>> =
            on!(self.exec(), |c| sqlx::query_scalar("SELECT move_ms FROM games WHERE id = $1").bind(id).fetch_optional(c).await)?;
        Ok(ms.flatten())
    }

    /// The game `id`, if stored.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails or the row is damaged.
    pub async fn game(&self, id: GameId) -> Result<Option<GameRow>, StorageError> {
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1");
        on!(self.exec(), |c| { let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(c).await?;
        row.map(|r| game_row(&r)).transpose()
        })
    }

    /// The players of game `id` in seat order.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn players(&self, id: GameId) -> Result<Vec<PlayerRow>, StorageError> {
        let mut players = self.stored_players(id).await?;
        // Players whose names look alike are told apart as they are shown (issue 38).
        let mut names: Vec<(String, String)> = players.iter().map(|p| (p.user_id.clone(), p.name.clone())).collect();
        crate::base::names::tell_apart(&mut names);
        for (player, (_, name)) in players.iter_mut().zip(names) {
            player.name = name;
        }
        Ok(players)
    }

    async fn stored_players(&self, id: GameId) -> Result<Vec<PlayerRow>, StorageError> {
        on!(self.exec(), |c| { let rows = sqlx::query("SELECT seat, user_id, name, lang FROM players WHERE game_id = $1 ORDER BY seat")
            .bind(id)
            .fetch_all(c)
            .await?;
        rows.iter()
            .map(|r| {
                Ok(PlayerRow {
                    seat: usize::try_from(r.get::<i64>(0)?)
                        .map_err(|_| StorageError::Damaged("negative seat".into()))?,
                    user_id: r.get(1)?,
                    name: r.get(2)?,
                    lang: r.get(3)?,
                })
            })
            .collect()
        })
    }

    /// Seats `user_id` (called `name`, speaking `lang`) at the next free seat of
    /// invitation `id`, if it is open, not full (`capacity` seats), and the user is not
    /// seated yet.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn join(
        &self,
        id: GameId,
        (user_id, name, lang): (&str, &str, Option<&str>),
        capacity: usize,
        at: i64,
    ) -> Result<Joined, StorageError> {
        let mut tx = self.begin(Lock::Store).await?;
        let status: Option<String> =
            on!(tx.exec(), |c| sqlx::query_scalar("SELECT status FROM games WHERE id = $1").bind(id).fetch_optional(c).await)?;
        if status.as_deref() != Some("invited") {
            return Ok(Joined::NotInvited);
        }
        let seated: Vec<(i64, String)> =
            on!(tx.exec(), |c| sqlx::query_as("SELECT seat, user_id FROM players WHERE game_id = $1 ORDER BY seat")
                .bind(id)
                .fetch_all(c)
                .await)?;
        if seated.iter().any(|(_, u)| u == user_id) {
            return Ok(Joined::AlreadyPlaying);
        }
        if seated.len() >= capacity {
            return Ok(Joined::Full);
        }
        insert_player(&mut tx, id, seated.len(), (user_id, name, lang), at).await?;
        on!(tx.exec(), |c| sqlx::query("UPDATE games SET updated_at = $1 WHERE id = $2").bind(at).bind(id).execute(c).await.map(|done| done.rows_affected()))?;
        tx.commit().await?;
        Ok(Joined::Seated(self.players(id).await?))
    }

    /// Starts invitation `id` with its final options and resolved setup; `false` when
    /// it was no longer an invitation (someone else started or withdrew it) or its
    /// players changed since they were read (`players` seats).
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn start(
        &self,
        id: GameId,
        players: usize,
        options: &Value,
        setup: &Value,
        to_move: &[usize],
        at: i64,
    ) -> Result<bool, StorageError> {
        // In the store's order of writers: the count of players below then sees every
        // join committed before (a join is such a writer too).
        let mut tx = self.begin(Lock::Store).await?;
        let done = on!(tx.exec(), |c| sqlx::query(
            "UPDATE games SET status = 'running', options = $1, setup = $2, to_move = $3, started_at = $4, updated_at = $5
             WHERE id = $6 AND status = 'invited'
             AND (SELECT COUNT(*) FROM players WHERE game_id = $7) = $8",
        )
        .bind(options.to_string())
        .bind(setup.to_string())
        .bind(seats_text(to_move))
        .bind(at)
        .bind(at)
        .bind(id)
        .bind(id)
        .bind(i64::try_from(players).unwrap_or(i64::MAX))
        .execute(c)
        .await.map(|done| done.rows_affected()))?;
        tx.commit().await?;
        Ok(done == 1)
    }

    /// Withdraws invitation `id`; `false` when it was no longer an invitation.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn withdraw(&self, id: GameId, at: i64) -> Result<bool, StorageError> {
        // In the store's order of writers, as a join is: a join that found the
        // invitation open is stored before it is withdrawn, or finds it withdrawn.
        let mut tx = self.begin(Lock::Store).await?;
        let done = on!(tx.exec(), |c| sqlx::query(
            "UPDATE games SET status = 'withdrawn', updated_at = $1, finished_at = $2 WHERE id = $3 AND status = 'invited'",
        )
        .bind(at)
        .bind(at)
        .bind(id)
        .execute(c)
        .await.map(|done| done.rows_affected()))?;
        tx.commit().await?;
        Ok(done == 1)
    }

    /// Moves game `id` from channel `from` into channel `to` (a Discord thread opened for
    /// it, issue 39): from then on its messages, reminders and commands without a game
    /// number belong to `to`. `false` (nothing changed) when the game is not in `from`
    /// (moved already, or another game). Its server, and so its ratings and settings,
    /// stay.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn move_game(&self, id: GameId, from: &str, to: &str) -> Result<bool, StorageError> {
        let mut tx = self.begin(Lock::Store).await?;
        let done = on!(tx.exec(), |c| sqlx::query("UPDATE games SET channel = $1 WHERE id = $2 AND channel = $3")
            .bind(to)
            .bind(id)
            .bind(from)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
        tx.commit().await?;
        Ok(done == 1)
    }

    /// Stores a move or event as move number `seen + 1` and advances the game, in one
    /// transaction; [`Appended::Stale`] (nothing stored) when the game is no longer at
    /// move `seen` or no longer running.
    ///
    /// # Errors
    /// [`StorageError`] when the write fails.
    pub async fn append(&self, advance: &Advance<'_>) -> Result<Appended, StorageError> {
        let seen = advance.seen.cast_signed();
        let mut tx = self.begin(Lock::Row).await?;
        let status = if advance.finished { "finished" } else { "running" };
        let moved = on!(tx.exec(), |c| sqlx::query(
            "UPDATE games SET seq = seq + 1, status = $1, to_move = $2, updated_at = $3,
                              finished_at = CASE WHEN $4 = 'finished' THEN $5 ELSE finished_at END
             WHERE id = $6 AND seq = $7 AND takebacks = $8 AND status = 'running'",
        )
        .bind(status)
        .bind(seats_text(advance.to_move))
        .bind(advance.at)
        .bind(status)
        .bind(advance.at)
        .bind(advance.game)
        .bind(seen)
        .bind(advance.takebacks)
        .execute(c)
        .await.map(|done| done.rows_affected()))?;
        if moved != 1 {
            return Ok(Appended::Stale);
        }
        on!(tx.exec(), |c| sqlx::query("INSERT INTO log (game_id, seq, seat, user_id, text, at, bank_left_ms) VALUES ($1, $2, $3, $4, $5, $6, $7)")
            .bind(advance.game)
            .bind(seen + 1)
            .bind(advance.seat.map(|s| i64::try_from(s).unwrap_or(i64::MAX)))
            .bind(advance.user_id)
            .bind(advance.text)
            .bind(advance.at)
            .bind(advance.bank_left_ms)
            .execute(c)
            .await.map(|done| done.rows_affected()))?;
        if advance.answer {
            on!(tx.exec(), |c| sqlx::query("INSERT INTO unanswered_moves (game_id, seq, user_id, text, at) VALUES ($1, $2, $3, $4, $5)")
                .bind(advance.game)
                .bind(seen + 1)
                .bind(advance.user_id)
                .bind(advance.text)
                .bind(advance.at)
                .execute(c)
                .await
                .map(drop))?;
        }
        if let Some(replay) = advance.replay.filter(|_| advance.finished) {
            on!(tx.exec(), |c| sqlx::query(
                "INSERT INTO replay_posts (game_id, platform, channel, lang, requested_at) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (game_id) DO NOTHING"
            )
            .bind(advance.game)
            .bind(replay.platform)
            .bind(replay.channel)
            .bind(replay.lang)
            .bind(advance.at)
            .execute(c)
            .await
            .map(drop))?;
        }
        tx.commit().await?;
        Ok(Appended::Stored(advance.seen + 1))
    }

    /// The log entries of game `id` after move number `after`, in order.
    ///
    /// # Errors
    /// [`StorageError`] when the read fails.
    pub async fn log_after(&self, id: GameId, after: u64) -> Result<Vec<LogEntry>, StorageError> {
        on!(self.exec(), |c| { let rows = sqlx::query("SELECT seq, seat, user_id, text, at FROM log WHERE game_id = $1 AND seq > $2 ORDER BY seq")
            .bind(id)
            .bind(after.cast_signed())
            .fetch_all(c)
            .await?;
        rows.iter()
            .map(|r| {
                Ok(LogEntry {
                    seq: r.get::<i64>(0)?.cast_unsigned(),
                    seat: r.get::<Option<i64>>(1)?.and_then(|s| usize::try_from(s).ok()),
                    user_id: r.get(2)?,
                    text: r.get(3)?,
                    at: r.get(4)?,
                })
            })
            .collect()
        })
    }
}

/// Inserts game `new` with its creator in seat 0 and `others` in the seats after (in
/// their order), its invitees and time per move: an invitation, or with `start` a game
/// running from `new.at`.
pub(super) async fn insert_game(
    tx: &mut Tx,
    new: &NewGame<'_>,
    start: Option<Start<'_>>,
    others: &[PlayerRow],
) -> Result<GameId, StorageError> {
    let (status, options, setup, to_move, started_at) = match start {
        None => ("invited", new.options.to_string(), None, String::new(), None),
        Some(s) => ("running", s.options.to_string(), Some(s.setup.to_string()), seats_text(s.to_move), Some(new.at)),
    };
    let id: GameId = on!(tx.exec(), |c| sqlx::query_scalar(
        "INSERT INTO games (kind, platform, channel, server, creator, options, seed, setup, status, to_move, move_ms,
                            created_at, started_at, updated_at, seeded, bank_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id",
    )
    .bind(new.kind)
    .bind(new.platform)
    .bind(new.channel)
    .bind(new.server)
    .bind(new.creator_id)
    .bind(options)
    .bind(new.seed.cast_signed())
    .bind(setup)
    .bind(status)
    .bind(to_move)
    .bind(new.move_ms)
    .bind(new.at)
    .bind(started_at)
    .bind(new.at)
    .bind(new.seeded)
    .bind(new.bank_ms)
    .fetch_one(c)
    .await)?;
    let creator = (new.creator_id, new.creator_name, new.creator_lang);
    let seats = std::iter::once(creator).chain(others.iter().map(|p| (p.user_id.as_str(), p.name.as_str(), p.lang.as_deref())));
    for (seat, player) in seats.enumerate() {
        insert_player(tx, id, seat, player, new.at).await?;
    }
    for invitee in new.invitees {
        on!(tx.exec(), |c| sqlx::query("INSERT INTO invitees (game_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
            .bind(id)
            .bind(invitee)
            .execute(c)
            .await.map(|done| done.rows_affected()))?;
    }
    Ok(id)
}

/// Seats `(user_id, name, lang)` at `seat` of game `id`, joined at `at` (Unix ms).
pub(super) async fn insert_player(
    tx: &mut Tx,
    id: GameId,
    seat: usize,
    (user_id, name, lang): (&str, &str, Option<&str>),
    at: i64,
) -> Result<(), StorageError> {
    on!(tx.exec(), |c| sqlx::query("INSERT INTO players (game_id, seat, user_id, name, lang, joined_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(id)
        .bind(i64::try_from(seat).unwrap_or(i64::MAX))
        .bind(user_id)
        .bind(name)
        .bind(lang)
        .bind(at)
        .execute(c)
        .await.map(|done| done.rows_affected()))?;
    Ok(())
}

pub(super) fn seats_text(seats: &[usize]) -> String {
    seats.iter().map(ToString::to_string).collect::<Vec<_>>().join(",")
}

pub(super) fn game_row(r: &impl StoredRow) -> Result<GameRow, StorageError> {
    let json = |text: String| {
        serde_json::from_str::<Value>(&text).map_err(|e| StorageError::Damaged(format!("bad JSON in games: {e}")))
    };
    let to_move: String = r.get("to_move")?;
    Ok(GameRow {
        id: r.get("id")?,
        kind: r.get("kind")?,
        platform: r.get("platform")?,
        channel: r.get("channel")?,
        server: r.get("server")?,
        creator: r.get("creator")?,
        options: json(r.get("options")?)?,
        seed: r.get::<i64>("seed")?.cast_unsigned(),
        seeded: r.get("seeded")?,
        setup: r.get::<Option<String>>("setup")?.map(json).transpose()?,
        status: r.get("status")?,
        seq: r.get::<i64>("seq")?.cast_unsigned(),
        to_move: to_move.split(',').filter_map(|s| s.parse().ok()).collect(),
        created_at: r.get("created_at")?,
        updated_at: r.get("updated_at")?,
        takebacks: r.get("takebacks")?,
        bank_ms: r.get("bank_ms")?,
    })
}
