-- Conditional moves (issue 40): a player who is not to move plans replies, "if they
-- play X then I play Y", step by step. `from_seq` is the game's move number when the
-- plan was made (the opponent to move); step k's `their_move` is expected as log entry
-- from_seq + 2k + 1 and `my_move` is played as entry from_seq + 2k + 2. Whether a step
-- is due, played or broken is read from the log, so a restart or a second process
-- changes nothing; a plan is deleted when it is used up or broken. Never exported.
CREATE TABLE conditional_moves (
    game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id    TEXT    NOT NULL,
    seat       BIGINT  NOT NULL,
    step       BIGINT  NOT NULL,
    from_seq   BIGINT  NOT NULL,
    takebacks  BIGINT  NOT NULL,
    their_move TEXT    NOT NULL,
    my_move    TEXT    NOT NULL,
    created_at BIGINT  NOT NULL,
    PRIMARY KEY (game_id, user_id, step)
);

-- Clocks with a bank (issue 40, `time=1d+3d`): the bank each player starts with (ms),
-- used up when a move takes longer than the time per move; and, on each log entry of
-- such a game, what is left of its mover's bank after it (ms), so the bank replays
-- exactly from the log.
ALTER TABLE games ADD COLUMN bank_ms BIGINT;
ALTER TABLE log ADD COLUMN bank_left_ms BIGINT;
