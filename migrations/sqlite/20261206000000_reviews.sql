-- The review of a finished game (issue 44): asked for once (`reviews`: where and in which
-- language the finished review is posted), computed in the background move by move
-- (`review_moves`: the mover's chances at each log entry, stored as they are computed, so
-- that a restart resumes where it stopped), posted once (`posted_at`). A process
-- computing it holds a lease (`claimed_at`, Unix ms) renewed after every move; a lease
-- left to expire (its process stopped) is taken over by another scheduler.
CREATE TABLE reviews (
    game_id      INTEGER NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    platform     TEXT    NOT NULL,
    channel      TEXT    NOT NULL,
    lang         TEXT    NOT NULL,
    requested_at INTEGER NOT NULL,
    claimed_at   INTEGER,
    posted_at    INTEGER
);
CREATE TABLE review_moves (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    idx     INTEGER NOT NULL,
    chances TEXT    NOT NULL,
    PRIMARY KEY (game_id, idx)
);
