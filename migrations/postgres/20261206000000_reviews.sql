-- The review of a finished game (issue 44): as ../sqlite/20261206000000_reviews.sql.
CREATE TABLE reviews (
    game_id      BIGINT NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    platform     TEXT   NOT NULL,
    channel      TEXT   NOT NULL,
    lang         TEXT   NOT NULL,
    requested_at BIGINT NOT NULL,
    claimed_at   BIGINT,
    posted_at    BIGINT
);
CREATE TABLE review_moves (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    idx     BIGINT NOT NULL,
    chances TEXT   NOT NULL,
    PRIMARY KEY (game_id, idx)
);
