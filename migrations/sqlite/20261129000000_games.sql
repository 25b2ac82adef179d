-- Games, their players, and the append-only log of moves and events.
-- Never edit an applied migration (sqlx stores its checksum): add a new file instead.

-- One row per game (an invitation, a running or a finished game).
CREATE TABLE games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    -- rules::GameKind::id(), e.g. 'carat'
    kind        TEXT    NOT NULL,
    -- the chat platform ('terminal', 'discord', 'matrix') and its channel/room id
    platform    TEXT    NOT NULL,
    channel     TEXT    NOT NULL,
    -- the user id of the player who created the invitation
    creator     TEXT    NOT NULL,
    -- the record's options as JSON, with "players" (the requested count until the start)
    options     TEXT    NOT NULL,
    -- the seed (a u64 stored bit for bit as a signed integer)
    seed        INTEGER NOT NULL,
    -- the resolved setup as JSON, known from the start on
    setup       TEXT,
    -- 'invited' (open invitation), 'running', 'finished' (won, drawn or aborted),
    -- 'withdrawn' (an invitation aborted before the start)
    status      TEXT    NOT NULL CHECK (status IN ('invited', 'running', 'finished', 'withdrawn')),
    -- the number of log entries (moves and events) applied so far: the move number
    seq         INTEGER NOT NULL DEFAULT 0,
    -- the seats to move now, comma-separated ('' when none), for "games" and reminders
    to_move     TEXT    NOT NULL DEFAULT '',
    -- timestamps in Unix milliseconds (from the command layer's clock)
    created_at  INTEGER NOT NULL,
    started_at  INTEGER,
    updated_at  INTEGER NOT NULL,
    finished_at INTEGER
);

CREATE INDEX games_by_channel ON games (platform, channel, status);

-- The players of a game in seat order (seat = the index in the record's "players").
CREATE TABLE players (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    user_id   TEXT    NOT NULL,
    name      TEXT    NOT NULL,
    -- the player's language when known ('en', 'de'), for private messages to them
    lang      TEXT,
    joined_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);

CREATE INDEX players_by_user ON players (user_id);

-- The append-only log: entry `seq` (1-based) is the seq-th move or event of the game,
-- canonically printed (rules::Match::play's result). The primary key makes a second
-- entry for the same move number impossible.
CREATE TABLE log (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    -- the seat that made the move or event; NULL for an admin who is not a player
    seat    INTEGER,
    user_id TEXT    NOT NULL,
    text    TEXT    NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
);
