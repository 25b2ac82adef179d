-- The replay at a game's end (issue 44): as ../sqlite/20261208030000_review_fixes.sql.
CREATE TABLE replay_posts (
    game_id      BIGINT NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    platform     TEXT   NOT NULL,
    channel      TEXT   NOT NULL,
    lang         TEXT   NOT NULL,
    requested_at BIGINT NOT NULL,
    claimed_at   BIGINT,
    posted_at    BIGINT
);
