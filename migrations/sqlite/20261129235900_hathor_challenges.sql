-- Hathor challenges in a channel (spec hathor.md "Playing together in a channel"):
-- several players each play their own stored game (a row of `games`) from the same
-- options, setup and seed. Never edit an applied migration: add a new file instead.

CREATE TABLE challenges (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    -- rules::GameKind::id() ('hathor')
    kind       TEXT    NOT NULL,
    platform   TEXT    NOT NULL,
    channel    TEXT    NOT NULL,
    -- the user id of the player who opened it ('' for a daily challenge)
    creator    TEXT    NOT NULL,
    -- the UTC date 'YYYY-MM-DD' of a daily challenge, NULL for an ordinary one
    daily      TEXT,
    -- the options (JSON), the seed (a u64 stored bit for bit as a signed integer) and
    -- the resolved setup (JSON) every player's game is opened with
    options    TEXT    NOT NULL,
    seed       INTEGER NOT NULL,
    setup      TEXT    NOT NULL,
    -- Unix milliseconds: when it was opened, when it closes at the latest, when it closed
    created_at INTEGER NOT NULL,
    closes_at  INTEGER NOT NULL,
    closed_at  INTEGER,
    UNIQUE (platform, channel, daily)
);

CREATE INDEX challenges_open ON challenges (closed_at, closes_at);
CREATE INDEX challenges_by_channel ON challenges (platform, channel, closed_at);

-- The players of a challenge: one game each.
CREATE TABLE challenge_games (
    challenge_id INTEGER NOT NULL REFERENCES challenges (id) ON DELETE CASCADE,
    game_id      INTEGER NOT NULL UNIQUE REFERENCES games (id) ON DELETE CASCADE,
    user_id      TEXT    NOT NULL,
    PRIMARY KEY (challenge_id, user_id)
);

-- Values the bot generates once and keeps (e.g. the daily challenge's secret when the
-- config sets none).
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
