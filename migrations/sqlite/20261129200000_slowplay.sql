-- Play over days (issue 10): turn clocks, reminders, invitations to named players,
-- vacations, takebacks by consent, per-user settings.
-- Never edit an applied migration (sqlx stores its checksum): add a new file instead.

-- The time per move of a game in milliseconds, chosen at `new` (`time=3d`);
-- NULL: the channel's or the bot's default applies.
ALTER TABLE games ADD COLUMN move_ms INTEGER;

-- The users an invitation names (`new carat @bob @carol`): only they may join it.
CREATE TABLE invitees (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- the user id or the lower-case name as written after @
    user_id TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- Every notice the scheduler has sent (reminders, "time is up"), so that a restart
-- (or a second poller) never sends one twice. `seq` is the game's move number, so a
-- new turn has fresh markers; `kind` is 'half', 'soon' or 'expired'.
CREATE TABLE notices_sent (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    kind    TEXT    NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq, seat, kind)
);

-- Vacations: the user's clocks on this platform stand still from `starts` to `ends`
-- (Unix milliseconds).
CREATE TABLE vacations (
    platform TEXT    NOT NULL,
    user_id  TEXT    NOT NULL,
    starts   INTEGER NOT NULL,
    ends     INTEGER NOT NULL
);

CREATE INDEX vacations_by_user ON vacations (platform, user_id);

-- Agreements to take back move `seq` of a game (`undo`): once every player has
-- agreed, the move is taken back.
CREATE TABLE undo_votes (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    user_id TEXT    NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq, user_id)
);

-- Per-user settings on a platform: reminders on (1) or off (0).
CREATE TABLE user_settings (
    platform  TEXT    NOT NULL,
    user_id   TEXT    NOT NULL,
    reminders INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (platform, user_id)
);

-- Messages for other channels than the one a command came from (a vacation is
-- announced in every channel where the user plays), delivered once by the scheduler.
CREATE TABLE outbox (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    platform TEXT    NOT NULL,
    channel  TEXT    NOT NULL,
    text     TEXT    NOT NULL,
    at       INTEGER NOT NULL
);
