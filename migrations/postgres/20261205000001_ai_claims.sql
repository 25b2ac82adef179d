-- Which process is thinking about an AI seat's turn: as ../sqlite/20261205000000_ai_claims.sql.
CREATE TABLE ai_claims (
    game_id    BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        BIGINT NOT NULL,
    takebacks  BIGINT NOT NULL,
    claimed_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq, takebacks)
);
