//! The scheduler's work: what is due at a given time: turn reminders (half
//! the time gone, shortly before it runs out), "time is up" notices, expired
//! invitations, and messages waiting for other channels. Adapters poll
//! [`Host::due_notices_for`] (say every minute) with the platforms they serve and post
//! what it returns; work for other platforms stays in the database for their adapter.
//!
//! Everything lives in the database: a reminder is sent when its marker row in
//! `notices_sent` is inserted (`INSERT OR IGNORE`), an invitation expires when its
//! status changes, an outbox message is delivered when it is deleted. So a restart, or
//! two pollers at once, neither lose nor duplicate a notice.

use crate::{
    features::review::REVIEW_MOVES_PER_POLL,
    base::ai_seat::is_ai,
    base::reply::Audience,
    store::platforms::Platforms,
    host::Host,
    base::i18n::{Arg, Lang, Msg},
    base::reply::{GameRef, Reply, Slot, SlotAction, Text, User},
    store::StorageError,
    base::time::{format_duration, format_duration_dative},
    store::turns,
};

/// A message the scheduler wants posted: in `channel` of `platform`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub platform: String,
    pub channel: String,
    pub reply: Reply,
}

/// The kinds of turn notices, most urgent first (the stored `kind` words).
const KINDS: [&str; 3] = ["expired", "soon", "half"];

/// At most this many AI moves per game and poll: a game left to AI seats (its human
/// resigned) goes on at the next poll instead of holding this one.
pub const AI_MOVES_PER_POLL: usize = 40;

/// How long (ms) a stored move may wait for its answer before the scheduler takes its
/// process for stopped and tells the mover itself ([`Host::due_notices`]).
pub const UNANSWERED_GRACE_MS: i64 = 60 * 1000;

/// How often (ms of the host's clock) a process sweeps for finished games left unrated.
pub const RATING_SWEEP_MS: i64 = 10 * 60 * 1000;


impl Host {
    /// The host's time now (Unix ms), for [`Host::due_notices`].
    pub fn now(&self) -> i64 {
        self.clock.now_ms()
    }

    /// Everything due at `now` (Unix ms) on every platform that has not been sent yet,
    /// each exactly once. Failures are logged and the rest still comes back. A poller
    /// that serves only some platforms calls [`Host::due_notices_for`] instead.
    pub async fn due_notices(&self, now: i64) -> Vec<Notice> {
        self.due_notices_on(now, Platforms::All, AI_MOVES_PER_POLL).await
    }

    /// Like [`Host::due_notices`], for the games and channels of `platforms` only
    /// (`"discord"`, `"matrix"`, `"terminal"`): nothing of another platform is marked
    /// sent, deleted from the outbox or expired, so its adapter still gets it later.
    /// An empty list takes nothing.
    pub async fn due_notices_for(&self, now: i64, platforms: &[&str]) -> Vec<Notice> {
        self.due_notices_on(now, Platforms::Only(platforms), AI_MOVES_PER_POLL).await
    }

    /// Like [`Host::due_notices`], for one channel of `platform` only (a terminal chat
    /// prints its own channel's notices; another channel's wait for its own terminal).
    pub async fn due_notices_in(&self, now: i64, platform: &str, channel: &str) -> Vec<Notice> {
        self.due_notices_on(now, Platforms::Channel { platform, channel }, AI_MOVES_PER_POLL).await
    }

    /// Like [`Host::due_notices_in`], without playing AI turns: for a chat that plays
    /// them in the background with [`Host::ai_moves_in`], so that no answer waits for
    /// the AI's thinking.
    pub async fn due_notices_in_but_ai(&self, now: i64, platform: &str, channel: &str) -> Vec<Notice> {
        self.due_notices_on(now, Platforms::Channel { platform, channel }, 0).await
    }

    /// Plays at most one AI move in each game of `channel` of `platform` whose AI seat is
    /// to move; returns how many moves were played (0: no AI seat is to move there, or
    /// none could move) and their announcements (a game of an open challenge announces
    /// nothing). Called again and again, it posts the AI's moves one by one as they are
    /// made.
    ///
    /// Replays asked for at games' ends are drawn and posted here too, and reviews of the
    /// channel's games asked for (`review`) are worked on, a few moves per call, counted
    /// with the moves played.
    pub async fn ai_moves_in(&self, platform: &str, channel: &str) -> (usize, Vec<Notice>) {
        let mut out = Vec::new();
        let here = Platforms::Channel { platform, channel };
        let played = match self.ai_turns(here, &mut out, 1).await {
            Ok(played) => played,
            Err(e) => {
                self.db.saw(&e);
                tracing::error!(error = %e, "the scheduler failed to play the AI's turns");
                0
            }
        };
        if let Err(e) = self.replays(here, &mut out).await {
            self.db.saw(&e);
            tracing::error!(error = %e, "the scheduler failed to post the replays");
        }
        let reviewed = match self.reviews(here, &mut out, REVIEW_MOVES_PER_POLL).await {
            Ok(reviewed) => reviewed,
            Err(e) => {
                self.db.saw(&e);
                tracing::error!(error = %e, "the scheduler failed to work on the reviews");
                0
            }
        };
        self.hand_over(&mut out).await;
        (played + reviewed, out)
    }

    /// Draws and posts the replays asked for at games' ends
    /// ([`crate::table::replay::post_pending`]), each once.
    async fn replays(&self, platforms: Platforms<'_>, out: &mut Vec<Notice>) -> Result<(), StorageError> {
        let posts = crate::table::replay::post_pending(self, platforms).await?;
        out.extend(posts.into_iter().map(|(platform, channel, reply)| Notice { platform, channel, reply }));
        Ok(())
    }

    /// Works on the reviews asked for ([`crate::features::review::work`]): at most
    /// `moves` moves of each; a completed review is posted where it was asked for.
    async fn reviews(&self, platforms: Platforms<'_>, out: &mut Vec<Notice>, moves: usize) -> Result<usize, StorageError> {
        let (reviewed, posts) = crate::features::review::work(self, platforms, moves).await?;
        out.extend(posts.into_iter().map(|(platform, channel, reply)| Notice { platform, channel, reply }));
        Ok(reviewed)
    }

    async fn due_notices_on(&self, now: i64, platforms: Platforms<'_>, ai_moves: usize) -> Vec<Notice> {
        let mut out = Vec::new();
        for (what, result) in [
            ("outbox", self.outbox(platforms, &mut out).await),
            ("invitations", self.expire_invitations(now, platforms, &mut out).await),
            // Before the reminders: an AI seat's turn is played, never reminded.
            ("AI seats", self.ai_turns(platforms, &mut out, ai_moves).await.map(drop)),
            // Before the reminders: a tournament game whose time is up ends by itself.
            ("tournaments", self.tournaments(platforms, &mut out).await),
            // Only where AI turns are played (in the background): drawing a replay takes
            // a tenth of a second to a second, a review seconds.
            ("replays", if ai_moves > 0 { self.replays(platforms, &mut out).await } else { Ok(()) }),
            ("reviews", self.reviews(platforms, &mut out, if ai_moves > 0 { REVIEW_MOVES_PER_POLL } else { 0 }).await.map(drop)),
            ("reminders", self.turn_notices(now, platforms, &mut out).await),
            ("ratings", self.rating_sweep(now).await),
            ("unanswered moves", self.unanswered_moves(now, platforms, &mut out).await),
            // Last: the games' moves of this poll show in the dashboards at once.
            ("dashboards", self.dashboards(now, platforms, &mut out).await),
        ] {
            if let Err(e) = result {
                self.db.saw(&e);
                tracing::error!(error = %e, what, "the scheduler failed");
            }
        }
        self.hand_over(&mut out).await;
        out
    }

    /// The notices are handed to the chat: the moves they announce (a conditional reply is
    /// a person's move, played here) are answered, so no "stored, but the bot stopped"
    /// follows them; a `tidy=on` scope's announcements clear the game's older turn ping.
    async fn hand_over(&self, out: &mut [Notice]) {
        let replies: Vec<&mut Reply> = out.iter_mut().map(|n| &mut n.reply).collect();
        crate::table::tidy::mark_moves(&self.db, replies).await;
        let answers: Vec<(crate::base::ids::GameId, u64)> = out.iter().filter_map(|n| n.reply.game.map(|g| (g.id, g.seq))).collect();
        self.answered(&answers).await;
    }

    /// Drives the tournaments of `platforms` ([`crate::features::tournaments::drive`]):
    /// starts, time-outs, rounds counted and paired, final standings.
    async fn tournaments(&self, platforms: Platforms<'_>, out: &mut Vec<Notice>) -> Result<(), StorageError> {
        let posted = crate::features::tournaments::drive(self, platforms).await?;
        out.extend(posted.into_iter().map(|p| Notice { platform: p.platform, channel: p.channel, reply: p.reply }));
        Ok(())
    }

    /// Rates finished games left unrated by a process that stopped after their last move
    /// ([`crate::table::ratings::rate_unrated`]): at a process's first poll, and again
    /// every [`RATING_SWEEP_MS`] of its clock.
    async fn rating_sweep(&self, now: i64) -> Result<(), StorageError> {
        if !self.rating_sweep_due(now, RATING_SWEEP_MS) {
            return Ok(());
        }
        crate::table::ratings::rate_unrated(self, now).await.map(drop)
    }

    /// Edits each dashboard whose list changed (issue 40), at most once per
    /// [`EDIT_EVERY_MS`](crate::features::dashboard::EDIT_EVERY_MS) per channel; a
    /// claim on the stored text makes sure one process posts each change once.
    async fn dashboards(&self, now: i64, platforms: Platforms<'_>, out: &mut Vec<Notice>) -> Result<(), StorageError> {
        let limit = now - crate::features::dashboard::EDIT_EVERY_MS;
        for dashboard in self.db.dashboards_before(limit, platforms).await? {
            let lang = dashboard.lang.parse().unwrap_or(self.options.language);
            let text = crate::features::dashboard::text(self, &dashboard.platform, &dashboard.scope, lang, now).await?;
            if text == dashboard.shown || !self.db.claim_dashboard(&dashboard, &text, now).await? {
                continue;
            }
            let reply = Reply::channel(Text::plain_text(text)).in_slot(Slot::DASHBOARD, SlotAction::Edit);
            out.push(Notice { platform: dashboard.platform, channel: dashboard.channel, reply });
        }
        Ok(())
    }

    /// Tells each mover whose move was stored but never answered (its process stopped in
    /// between; issue 38), privately and once: "Your move c3 red in game #4 … was stored".
    async fn unanswered_moves(&self, now: i64, platforms: Platforms<'_>, out: &mut Vec<Notice>) -> Result<(), StorageError> {
        for (id, seq, user_id, text) in self.db.take_unanswered(now - UNANSWERED_GRACE_MS, platforms).await? {
            let Some(row) = self.db.game(id).await? else { continue };
            let players = self.db.players(id).await?;
            let chosen = crate::store::settings::user_lang(&self.db, &row.platform, &user_id).await?;
            let stored = players.iter().find(|p| p.user_id == user_id).and_then(|p| p.lang.as_deref());
            let lang = chosen.unwrap_or_else(|| self.lang_of(stored));
            let game = row.kind.parse::<rules::GameKind>().map_or(row.kind.clone(), |k| lang.game_name(k).to_string());
            let msg = Msg::new("move-stored-unanswered")
                .arg("move", text.as_str())
                .arg("id", id)
                .arg("game", game)
                .arg("channel", row.channel.clone());
            tracing::info!(game = %id, seq, "a stored move's answer was lost: the mover is told");
            let reply = Reply::private(&user_id, self.texts.text(lang, &msg)).about(GameRef { id, seq: seq.cast_unsigned() });
            out.push(Notice { platform: row.platform.clone(), channel: row.channel.clone(), reply });
        }
        Ok(())
    }

    /// A user's language: the one stored with their seat, else the bot's.
    fn lang_of(&self, stored: Option<&str>) -> Lang {
        stored.and_then(|l| l.parse().ok()).unwrap_or(self.options.language)
    }

    async fn outbox(&self, platforms: Platforms<'_>, out: &mut Vec<Notice>) -> Result<(), StorageError> {
        for (platform, channel, text) in self.db.take_outbox(platforms).await? {
            out.push(Notice { platform, channel, reply: Reply::channel(Text::plain_text(text)) });
        }
        Ok(())
    }

    async fn expire_invitations(&self, now: i64, platforms: Platforms<'_>, out: &mut Vec<Notice>) -> Result<(), StorageError> {
        let limit = now - self.options.clock.invitation_ms;
        for (id, kind, platform, channel, scope) in self.db.invitations_before(limit, platforms).await? {
            if !self.db.withdraw(id, now).await? {
                continue;
            }
            let players = self.db.players(id).await?;
            // A channel post: in the scope's language when it has one (issue 16), else
            // the inviter's.
            let here = crate::store::settings::channel_settings(&self.db, &platform, &scope).await?.lang;
            let lang = here.unwrap_or_else(|| self.lang_of(players.first().and_then(|p| p.lang.as_deref())));
            let game = kind.parse::<rules::GameKind>().map_or(kind.clone(), |k| lang.game_name(k).to_string());
            let seated: Vec<(String, String)> = players.iter().map(|p| (p.user_id.clone(), p.name.clone())).collect();
            let missing = crate::table::invitees::not_accepted(&self.db, id, &seated).await?;
            // A named invitation says who did not answer (some may have joined).
            let msg = if missing.is_empty() {
                Msg::new("invitation-expired")
            } else {
                Msg::new("invitation-expired-named").arg("players", crate::table::invitees::mentions(&missing)).arg("count", missing.len())
            };
            let text = self.texts.text(lang, &msg.arg("id", id).arg("game", game));
            tracing::info!(game = %id, "invitation expired");
            out.push(Notice { platform, channel, reply: Reply::channel(text).about(GameRef { id, seq: 0 }) });
        }
        Ok(())
    }

    /// Plays the turns of AI seats that are to move (docs: "Playing against the bot"),
    /// each game until a human is to move or it ends, at most `moves` moves per game
    /// (the pollers: [`AI_MOVES_PER_POLL`]; none: nothing is played), and posts the
    /// announcements.
    async fn ai_turns(&self, platforms: Platforms<'_>, out: &mut Vec<Notice>, moves: usize) -> Result<usize, StorageError> {
        let mut played = 0;
        if moves == 0 {
            return Ok(played);
        }
        for id in turns::ai_to_move(&self.db, platforms).await? {
            let Some(row) = self.db.game(id).await? else { continue };
            for _ in 0..moves {
                match crate::features::play::ai_turn(self, id).await {
                    Ok(Some((origin, replies))) => {
                        played += 1;
                        // A game of an open challenge stays hidden; its end is told.
                        let ctx = crate::table::context::acting(self, &origin, crate::grammar::Verb::Move).await;
                        let replies = match crate::features::challenges::guard(&ctx, crate::grammar::Verb::Move, replies).await {
                            Ok(replies) => replies,
                            Err(e) => {
                                tracing::error!(game = %id, error = ?e, "the challenge rules failed for an AI move");
                                Vec::new()
                            }
                        };
                        let public = replies.into_iter().filter(|r| !matches!(&r.audience, Audience::User(u) if is_ai(u)));
                        out.extend(public.map(|reply| Notice { platform: row.platform.clone(), channel: row.channel.clone(), reply }));
                    }
                    Ok(None) => break,
                    Err(e) => {
                        tracing::error!(game = %id, error = %e, "an AI turn failed");
                        break;
                    }
                }
            }
        }
        // The replies planned by conditional moves are played by the same machinery.
        for id in self.db.planned_games(platforms).await? {
            let Some(row) = self.db.game(id).await? else { continue };
            match crate::features::play::planned_replies(self, id).await {
                Ok((moves, replies)) => {
                    played += moves;
                    out.extend(replies.into_iter().map(|reply| Notice { platform: row.platform.clone(), channel: row.channel.clone(), reply }));
                }
                Err(e) => tracing::error!(game = %id, error = %e, "a conditional reply failed"),
            }
        }
        Ok(played)
    }

    async fn turn_notices(&self, now: i64, platforms: Platforms<'_>, out: &mut Vec<Notice>) -> Result<(), StorageError> {
        for turn in turns::turns_maybe_due(&self.db, platforms, now, self.options.clock.move_ms).await? {
            let here = crate::store::settings::channel_settings(&self.db, &turn.platform, &turn.scope).await?;
            let clock = &here.clock(&self.options.clock);
            let players = self.db.players(turn.game).await?;
            for &seat in &turn.to_move {
                // An AI seat plays its turn itself: no reminders, no "time is up".
                let Some(player) = players.get(seat).filter(|p| !crate::base::ai_seat::is_ai(&p.user_id)) else { continue };
                let seat_clock = turns::seat_clock(&self.db, &turn, &player.user_id, clock.move_ms, now).await?;
                let due = |kind: &str| match kind {
                    "expired" => seat_clock.expired(),
                    // "Shortly before the end": the configured lead, but never more than
                    // a quarter of the time per move (with `time=1h` and 12 h before, the
                    // reminder would otherwise come with the move).
                    "soon" => {
                        let lead = clock.soon_ms.min(seat_clock.move_ms / 4);
                        lead > 0 && seat_clock.left_ms() <= lead
                    }
                    _ => clock.half_reminder && seat_clock.used_ms * 2 >= seat_clock.move_ms,
                };
                let mut newly = Vec::new();
                for kind in KINDS.into_iter().filter(|k| due(k)) {
                    if self.db.mark_notice(turn.game, turn.seq, seat, kind, now).await? {
                        newly.push(kind);
                    }
                }
                // Only the most urgent of what became due since the last poll.
                let Some(&kind) = newly.first() else { continue };
                let chosen = crate::store::settings::user_lang(&self.db, &turn.platform, &player.user_id).await?;
                let stored = player.lang.as_deref().and_then(|l| l.parse().ok());
                // The notice is posted in the channel: its language is the scope's when it
                // has one, whoever it mentions; else the player's own.
                let lang = here.lang.or(chosen).or(stored).unwrap_or(self.options.language);
                let user = User::new(player.user_id.clone(), player.name.clone());
                let game = turn.kind.parse::<rules::GameKind>().map_or(turn.kind.clone(), |k| lang.game_name(k).to_string());
                // "läuft in 2 Tagen ab" takes the dative; "noch 2 Tage" does not. Half
                // time is the move's own: what is left of it (the bank follows). A half
                // time reminder sent once the time per move is used up (the bot was
                // down) says that the bank runs, not "0 minutes left".
                let bank = turn.bank_ms.is_some();
                let left_ms = if kind == "half" { seat_clock.move_left_ms() } else { seat_clock.left_ms() };
                let key = if kind == "half" && bank && left_ms == 0 { "clock-half-bank-used".to_string() } else { format!("clock-{kind}") };
                let left_ms = if key == "clock-half-bank-used" { seat_clock.bank_left_ms() } else { left_ms };
                let left = if kind == "soon" { format_duration_dative(&self.texts, lang, left_ms) } else { format_duration(&self.texts, lang, left_ms) };
                let msg = Msg::new(key.clone())
                    .arg("player", Arg::Mention(user))
                    .arg("id", turn.game)
                    .arg("game", game)
                    .arg("left", left);
                // With a bank (docs "Clocks with a bank"): what is left of both.
                let bank_line = (bank && kind != "expired" && key != "clock-half-bank-used")
                    .then(|| seat_clock.bank_msg("clock-bank-line", |ms| format_duration(&self.texts, lang, ms)));
                if kind != "expired" && !crate::store::settings::reminders_on(&self.db, &turn.platform, &player.user_id).await? {
                    continue;
                }
                tracing::info!(game = %turn.game, seat, kind, "turn notice");
                let mut text = self.texts.text(lang, &msg);
                if let Some(line) = bank_line {
                    text.push_line(self.texts.text(lang, &line));
                }
                let mut reply = Reply::channel(text).about(GameRef { id: turn.game, seq: turn.seq });
                if here.tidy.unwrap_or(false) {
                    reply = reply.in_slot(Slot::ping_key(turn.game), SlotAction::Replace);
                }
                out.push(Notice { platform: turn.platform.clone(), channel: turn.channel.clone(), reply });
                if kind == "expired" {
                    self.ai_claims(turn.game, &turn.to_move, &players, out).await;
                }
            }
        }
        Ok(())
    }

    /// When the time of a player in game `id` has run out and everyone else still in the
    /// game is an AI seat, the first of them claims it (nobody else would: a game
    /// abandoned against the AI would otherwise run for ever). Where another person
    /// waits, claiming is theirs to decide.
    async fn ai_claims(&self, id: crate::base::ids::GameId, to_move: &[usize], players: &[crate::store::PlayerRow], out: &mut Vec<Notice>) {
        let Ok(Some(row)) = self.db.game(id).await else { return };
        let Ok(loaded) = self.load(row).await else { return };
        let removed = loaded.game.as_ref().map(|g| g.removed().to_vec()).unwrap_or_default();
        let waiting: Vec<&crate::store::PlayerRow> =
            players.iter().filter(|p| !to_move.contains(&p.seat) && !removed.contains(&p.seat)).collect();
        let Some(claimer) = waiting.first().filter(|_| waiting.iter().all(|p| is_ai(&p.user_id))) else { return };
        let origin = crate::table::context::seat_origin(&loaded.row, &loaded.players, User::new(claimer.user_id.clone(), claimer.name.clone()));
        let ctx = crate::table::context::acting(self, &origin, crate::grammar::Verb::Claim).await;
        match crate::features::timeouts::claim(&ctx, Some(id)).await {
            Ok(replies) => {
                tracing::info!(game = %id, seat = claimer.seat, "the AI claimed a timeout");
                let public = replies.into_iter().filter(|r| !matches!(&r.audience, Audience::User(u) if is_ai(u)));
                out.extend(public.map(|reply| Notice { platform: origin.platform.clone(), channel: origin.channel.clone(), reply }));
            }
            Err(e) => tracing::warn!(game = %id, error = ?e, "the AI's claim was refused"),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use crate::base::i18n::{Lang, Texts};

    /// Every message id the play-over-days modules use (string literals with their
    /// prefixes, and the turn notices built from [`super::KINDS`]) exists in both
    /// languages.
    #[test]
    fn every_message_of_play_over_days_exists() {
        const FILES: [&str; 11] = [
            "scheduler.rs", "../base/src/time.rs", "../store/src/turns.rs", "../features/src/timeouts.rs", "../features/src/vacation.rs",
            "../features/src/reminders.rs", "../features/src/invitations.rs", "../features/src/takeback.rs", "../features/src/ratings.rs",
            "../features/src/lobby.rs", "../features/src/settings.rs",
        ];
        const PREFIXES: [&str; 12] = [
            "cmd-", "clock-", "claim-", "reminders-", "vacation-", "undo-", "rematch-", "history-", "leaderboard-",
            "stats-", "invitation-", "settings-",
        ];
        let dir = std::path::PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into())).join("src");
        let mut used: BTreeSet<String> = super::KINDS.iter().map(|k| format!("clock-{k}")).collect();
        for file in FILES {
            let source = std::fs::read_to_string(dir.join(file)).expect("a module of play over days");
            for (i, piece) in source.split('"').enumerate() {
                let id_like = piece.len() > 3 && piece.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
                if i % 2 == 1 && id_like && !piece.ends_with('-') && PREFIXES.iter().any(|p| piece.starts_with(p)) {
                    used.insert(piece.to_string());
                }
            }
        }
        assert!(used.len() > 30, "found the messages: {used:?}");
        // Every command word has its help text.
        used.extend(crate::grammar::VERBS.iter().map(|(verb, _)| format!("help-{}", verb.name())));
        let texts = Texts::load();
        for lang in Lang::ALL {
            for key in &used {
                assert!(texts.has(lang, key), "{lang} lacks the message {key}");
            }
        }
    }
}
