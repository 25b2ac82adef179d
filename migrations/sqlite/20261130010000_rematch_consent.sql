-- Rematches by consent (issue 10: nobody is pulled into a game): every player of a
-- finished game types `rematch`; the game is played again once all have, and only once.
-- Never edit an applied migration (sqlx stores its checksum): add a new file instead.

-- Who has asked to play a finished game again.
CREATE TABLE rematch_votes (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id TEXT    NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- The rematch of a finished game (at most one).
CREATE TABLE rematches (
    old_game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    new_game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE
);
