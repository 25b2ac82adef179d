-- Which process is thinking about an AI seat's turn (issue 18: several bot processes on
-- one database): the first scheduler to see the turn (game, move number, take-backs)
-- claims it at `claimed_at` (Unix ms) and searches; the others leave it. A claim not
-- followed by a move within the lease (the claimer crashed) may be taken over.
CREATE TABLE ai_claims (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    takebacks  INTEGER NOT NULL,
    claimed_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq, takebacks)
);
