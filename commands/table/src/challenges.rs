//! Hathor's same-deal challenges at the table: a challenge's entries (each player's
//! game, best score first), its leaderboard text, and closing it when its time is up
//! (games still running end with `@timeout 0`). The commands that open and join
//! challenges are the feature `features::challenges`; this is what they and the
//! scheduler share. Spec: `hathor.md`, "Challenges".

use serde_json::Value;

use crate::{
    base::i18n::{Lang, Msg, Texts},
    base::ids::{ChallengeId, GameId},
    base::reply::{GameRef, Reply, Text},
    context::Loaded,
    store::challenges::ChallengeRow,
    store::platforms::Platforms,
    store::{Advance, Status, StorageError},
    Table,
};

/// The variant of the daily challenge.
pub const DAILY_VARIANT: u8 = 1;

/// The `settings` key of the daily secret generated when the config sets none.
const SECRET_SETTING: &str = "hathor-daily-secret";

/// Channel replies for an adapter to post in `channel` on `platform` (what
/// [`Table::close_due_challenges`] returns).
#[derive(Debug, Clone, PartialEq)]
pub struct ChannelReplies {
    pub platform: String,
    pub channel: String,
    pub replies: Vec<Reply>,
}

/// The variant of `challenge` (its option, else the daily one's).
pub fn variant(challenge: &ChallengeRow) -> i64 {
    challenge.options.get("variant").and_then(Value::as_i64).unwrap_or(i64::from(DAILY_VARIANT))
}

/// The challenge's seed as its texts show it after the variant (`, seed=5`; German
/// `, startwert=5`) when the creator chose it: anyone who played that seed alone knows
/// the stones, so everyone is told. Empty for a drawn seed.
pub fn seed_words(texts: &Texts, lang: Lang, challenge: &ChallengeRow) -> String {
    if !challenge.seeded {
        return String::new();
    }
    format!(", {}", texts.plain(lang, &Msg::new("new-seed").arg("seed", challenge.seed.to_string())))
}

/// One player of a challenge with their game.
pub struct Entry {
    pub user_id: String,
    pub name: String,
    pub loaded: Loaded,
}

impl Entry {
    pub fn score(&self) -> i64 {
        self.loaded.game.as_ref().and_then(|g| g.scores()).and_then(|s| s.first().copied()).unwrap_or(0)
    }

    pub fn finished(&self) -> bool {
        self.loaded.row.status != Status::Running
    }

    pub fn placed(&self) -> i64 {
        self.loaded
            .game
            .as_ref()
            .and_then(|g| g.details())
            .and_then(|d| d.get("placed").and_then(Value::as_i64))
            .unwrap_or(0)
    }
}

/// The UTC date of `ms` (Unix milliseconds) as `YYYY-MM-DD`.
pub fn utc_date(ms: i64) -> String {
    utc(ms).strftime("%Y-%m-%d").to_string()
}

/// `YYYY-MM-DD HH:MM UTC` of `ms`.
pub fn utc_time(ms: i64) -> String {
    utc(ms).strftime("%Y-%m-%d %H:%M UTC").to_string()
}

/// The instant `ms` (Unix milliseconds), kept within the calendar `jiff` knows (years
/// -9999 to 9999).
fn utc(ms: i64) -> jiff::Timestamp {
    jiff::Timestamp::from_millisecond(ms)
        .unwrap_or(if ms < 0 { jiff::Timestamp::MIN } else { jiff::Timestamp::MAX })
}

impl Table {
    /// The players of challenge `id` with their games, best score first.
    pub async fn entries(&self, id: ChallengeId) -> Result<Vec<Entry>, StorageError> {
        let links = self.db.challenge_games(id).await?;
        let mut entries = Vec::new();
        for (game_id, user_id) in links {
            let Some(row) = self.db.game(game_id).await? else { continue };
            let loaded = self.load(row).await?;
            let name = loaded.players.first().map_or_else(|| user_id.clone(), |p| p.name.clone());
            entries.push(Entry { user_id, name, loaded });
        }
        entries.sort_by_key(|e| std::cmp::Reverse(e.score()));
        Ok(entries)
    }

    /// The secret of the daily challenge: the configured one, else one generated on
    /// first use and kept in the database (so it survives restarts and is never in the
    /// source).
    pub async fn daily_secret(&self) -> Result<Vec<u8>, StorageError> {
        if let Some(secret) = self.options.hathor_daily_secret.as_ref().filter(|s| !s.is_empty()) {
            return Ok(secret.as_bytes().to_vec());
        }
        let fresh = crate::base::ids::random_hex(32);
        Ok(crate::store::settings::kept_setting(&self.db, SECRET_SETTING, &fresh).await?.into_bytes())
    }

    /// Closes every challenge whose time is up (on every platform) and returns what
    /// each channel is to be shown: the final leaderboard and the boards. Commands in a
    /// channel close its due challenges too. Texts in the language of the challenge's
    /// server (else channel) setting, else the configured one.
    ///
    /// # Errors
    /// [`StorageError`] when the database fails.
    pub async fn close_due_challenges(&self) -> Result<Vec<ChannelReplies>, StorageError> {
        self.close_due_on(Platforms::All).await
    }

    /// Like [`Table::close_due_challenges`], for the challenges of `platforms` only
    /// (`"discord"`, `"matrix"`, ...): adapters call this now and then (e.g. every
    /// minute) with the platforms they serve; a challenge of another platform stays open
    /// for its own adapter (or the next command in its channel). An empty list closes
    /// nothing.
    ///
    /// # Errors
    /// [`StorageError`] when the database fails.
    pub async fn close_due_challenges_for(&self, platforms: &[&str]) -> Result<Vec<ChannelReplies>, StorageError> {
        self.close_due_on(Platforms::Only(platforms)).await
    }

    /// Like [`Table::close_due_challenges`], for the challenges of one channel of
    /// `platform` (a terminal chat).
    ///
    /// # Errors
    /// [`StorageError`] when the database fails.
    pub async fn close_due_challenges_in(&self, platform: &str, channel: &str) -> Result<Vec<ChannelReplies>, StorageError> {
        self.close_due_on(Platforms::Channel { platform, channel }).await
    }

    pub async fn close_due_on(&self, platforms: Platforms<'_>) -> Result<Vec<ChannelReplies>, StorageError> {
        let due = self.db.due_challenges(platforms, self.clock.now_ms()).await?;
        let mut out = Vec::new();
        for challenge in due {
            let lang = self.challenge_lang(&challenge).await?;
            let replies = self.close(&challenge, lang).await?;
            if !replies.is_empty() {
                out.push(ChannelReplies { platform: challenge.platform, channel: challenge.channel, replies });
            }
        }
        Ok(out)
    }

    /// The language of `challenge`'s channel when nobody asked: its scope's setting
    /// (`settings language=`), else the bot's. The scope is the server of its games (the
    /// `challenges` table keeps none; every game of a challenge is opened from its
    /// channel, so they share it), else the channel.
    pub async fn challenge_lang(&self, challenge: &ChallengeRow) -> Result<Lang, StorageError> {
        let server = self.db.challenge_server(challenge.id).await?;
        let scope = server.as_deref().unwrap_or(&challenge.channel);
        let here = crate::store::settings::channel_settings(&self.db, &challenge.platform, scope).await?;
        Ok(here.lang.unwrap_or(self.options.language))
    }

    /// Ends the games of `challenge` still running with `@timeout 0`, closes it (once: a
    /// second caller gets nothing) and returns the channel's final leaderboard and boards.
    pub async fn close(&self, challenge: &ChallengeRow, lang: Lang) -> Result<Vec<Reply>, StorageError> {
        let now = self.clock.now_ms();
        // The games end first (each at most once, guarded by its move number), so a
        // crash in between leaves no running game in a closed challenge.
        for entry in self.entries(challenge.id).await? {
            self.end_game(entry.loaded.row.id, &entry.user_id, now).await?;
        }
        if !self.db.close_challenge(challenge.id, now).await? {
            return Ok(Vec::new());
        }
        // Someone who entered between the loop above and the close: their game ends too
        // (nobody can enter a closed challenge: the store orders entering and closing).
        for entry in self.entries(challenge.id).await? {
            if entry.loaded.row.status == crate::store::Status::Running {
                self.end_game(entry.loaded.row.id, &entry.user_id, now).await?;
            }
        }
        tracing::info!(challenge = %challenge.id, "challenge closed");
        let closed = ChallengeRow { closed_at: Some(now), ..challenge.clone() };
        let entries = self.entries(challenge.id).await?;
        let mut replies = vec![Reply::channel(self.standings(lang, &closed, &entries))];
        for entry in &entries {
            let Some(game) = &entry.loaded.game else { continue };
            let caption = self.texts.text(
                lang,
                &Msg::new("challenge-board-of")
                    .arg("player", entry.name.as_str())
                    .arg("points", entry.score())
                    .arg("id", entry.loaded.row.id),
            );
            let picture = self.board_png(entry.loaded.row.id, game.as_ref(), entry.loaded.names(), lang).await;
            let seq = game.moves_applied() as u64;
            replies.push(Reply::channel(caption).with_file(picture).about(GameRef { id: entry.loaded.row.id, seq }));
        }
        Ok(replies)
    }

    /// Ends game `id` of a closing challenge with `@timeout 0` (the score so far; before
    /// issue 41 such games were ended with `@resign 0` stored by no seat) if it
    /// still runs; a move stored at the same moment makes it try again.
    pub async fn end_game(&self, id: GameId, user_id: &str, now: i64) -> Result<(), StorageError> {
        for _ in 0..3 {
            let Some(row) = self.db.game(id).await? else { return Ok(()) };
            let loaded = self.load(row).await?;
            let Some(game) = loaded.game.as_ref().filter(|g| !g.is_finished()) else { return Ok(()) };
            let mut game = game.box_clone();
            let seen = game.moves_applied() as u64;
            let Ok(event) = game.play("@timeout 0") else { return Ok(()) };
            let advance = Advance {
                game: id,
                seen,
                takebacks: loaded.row.takebacks,
                seat: None,
                user_id,
                text: &event,
                finished: true,
                to_move: &[],
                at: now,
                bank_left_ms: None,
                answer: false,
                replay: None,
            };
            if self.db.append(&advance).await? != crate::store::Appended::Stale {
                self.remember(id, game.as_ref(), loaded.row.takebacks);
                return Ok(());
            }
        }
        tracing::warn!(game = %id, "a closing challenge's game kept moving; left running");
        Ok(())
    }

    /// The leaderboard text: header, then one line per player, best first (equal points
    /// share a place).
    pub fn standings(&self, lang: Lang, challenge: &ChallengeRow, entries: &[Entry]) -> Text {
        let header = match (challenge.closed_at, &challenge.daily) {
            (Some(_), _) => Msg::new("challenge-board-closed"),
            // A series round closes with its round, not at a time.
            (None, _) if let Some((tournament, round)) = challenge.series => {
                Msg::new("challenge-board-series").arg("tournament", tournament).arg("round", round)
            }
            (None, Some(date)) => Msg::new("challenge-board-daily").arg("date", date.as_str()),
            (None, None) => Msg::new("challenge-board-open"),
        };
        let mut text = self.texts.text(
            lang,
            &header
                .arg("id", challenge.id)
                .arg("game", lang.game_name(challenge.kind))
                .arg("variant", variant(challenge))
                .arg("seed", seed_words(&self.texts, lang, challenge))
                .arg("closes", utc_time(challenge.closes_at)),
        );
        if entries.is_empty() {
            text.push_line(self.texts.text(lang, &Msg::new("challenge-board-empty")));
        }
        for entry in entries {
            let key = if entry.finished() { "challenge-line-finished" } else { "challenge-line-playing" };
            // Equal points share a place (1, 1, 3).
            let place = 1 + entries.iter().filter(|other| other.score() > entry.score()).count();
            text.push_line(self.texts.text(
                lang,
                &Msg::new(key)
                    .arg("place", place)
                    .arg("player", entry.name.as_str())
                    .arg("points", entry.score())
                    .arg("placed", entry.placed()),
            ));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOUR_MS: i64 = 3_600_000;
    const DAY_MS: i64 = 86_400_000;

    #[test]
    fn dates_are_utc_calendar_dates() {
        assert_eq!(utc_date(0), "1970-01-01");
        assert_eq!(utc_date(DAY_MS - 1), "1970-01-01");
        assert_eq!(utc_date(DAY_MS), "1970-01-02");
        // 2000-03-01: 30 years (7 leap days) = 10,957 days to 2000-01-01, + 31 + 29.
        assert_eq!(utc_date(11_017 * DAY_MS), "2000-03-01");
        assert_eq!(utc_date(11_016 * DAY_MS), "2000-02-29");
        assert_eq!(utc_date(-1), "1969-12-31");
        assert_eq!(utc_time(11_017 * DAY_MS + 13 * HOUR_MS + 5 * 60_000), "2000-03-01 13:05 UTC");
    }
}
