-- The replay at a game's end (issue 44, replay=on) is posted by the scheduler, not with
-- the answer to the game's last move: the end asks for it here (`replay_posts`: where and
-- in which language), a scheduler claims it (`claimed_at`, Unix ms, a lease that another
-- process takes over when it expires), draws it and marks it posted (`posted_at`) before
-- posting it, so that of several processes exactly one posts it.
CREATE TABLE replay_posts (
    game_id      INTEGER NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    platform     TEXT    NOT NULL,
    channel      TEXT    NOT NULL,
    lang         TEXT    NOT NULL,
    requested_at INTEGER NOT NULL,
    claimed_at   INTEGER,
    posted_at    INTEGER
);
