-- Moves stored but not yet answered (issue 38): a row is written in the move's own
-- transaction and deleted once the command's answer has been handed to the chat. A row
-- that outlives a grace period belongs to a process that stopped in between: the
-- scheduler then tells the mover privately that the move was stored, once.
CREATE TABLE unanswered_moves (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     BIGINT NOT NULL,
    user_id TEXT   NOT NULL,
    text    TEXT   NOT NULL,
    at      BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
