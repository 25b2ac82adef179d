-- Tournaments in a channel (issue 39): Swiss (FIDE Dutch, the `pairing` crate) or round
-- robin (Berger tables) over the games' two-player form. Each game of a round is an
-- ordinary row of `games`, linked in `tournament_pairings`. Never edit an applied
-- migration: add a new file instead.

CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    -- rules::GameKind::id()
    kind        TEXT    NOT NULL,
    platform    TEXT    NOT NULL,
    channel     TEXT    NOT NULL,
    server      TEXT,
    -- the user id of the organiser (who opened it)
    organiser   TEXT    NOT NULL,
    -- 'swiss' or 'roundrobin'
    pairing     TEXT    NOT NULL,
    -- the rounds to play (NULL until the start when not given: Swiss ⌈log2 n⌉ + 1)
    rounds      INTEGER,
    -- every pairing played twice, the first move swapped
    twice       INTEGER NOT NULL DEFAULT 0,
    -- the most entrants (NULL: no limit)
    max_players INTEGER,
    -- the time per move of every game, ms
    move_ms     INTEGER NOT NULL,
    -- the games' options (JSON, without `players`)
    options     TEXT    NOT NULL,
    -- 'signup', 'running', 'finished', 'cancelled'
    status      TEXT    NOT NULL,
    -- the round being played (0 before the first)
    round       INTEGER NOT NULL DEFAULT 0,
    -- Unix milliseconds
    created_at  INTEGER NOT NULL,
    signup_ends INTEGER NOT NULL,
    started_at  INTEGER,
    finished_at INTEGER
);

CREATE INDEX tournaments_by_channel ON tournaments (platform, channel, status);
CREATE INDEX tournaments_by_status ON tournaments (status, signup_ends);

-- The entrants, by starting rank (the order they signed up in, from 1).
CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    rank          INTEGER NOT NULL,
    user_id       TEXT    NOT NULL,
    name          TEXT    NOT NULL,
    lang          TEXT,
    joined_at     INTEGER NOT NULL,
    -- when they left after the start (NULL: still in); before the start a leaver's row
    -- is deleted
    left_at       INTEGER,
    PRIMARY KEY (tournament_id, user_id),
    UNIQUE (tournament_id, rank)
);

-- The pairings of each round: `white` moves first (seat 0 of the game); `black` NULL
-- is the bye. `leg` 1 is the return game of a `double` tournament. `result` is
-- written once, when the round is counted: '1-0', '0-1', '1/2' (a draw or shared
-- first place), '0-0' (no result: aborted, or both gone), 'bye', '+-' / '-+' (a
-- forfeit: the named side left before the game was started).
CREATE TABLE tournament_pairings (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    leg           INTEGER NOT NULL DEFAULT 0,
    white         TEXT    NOT NULL,
    black         TEXT,
    game_id       INTEGER UNIQUE REFERENCES games (id) ON DELETE SET NULL,
    result        TEXT,
    PRIMARY KEY (tournament_id, round, board, leg)
);
