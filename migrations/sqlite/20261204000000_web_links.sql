-- The unguessable links of the web page per game (`[web]`): one for spectators
-- (seat -1) and one per player (their seat), which shows that player's hand too.
-- A token is 128 random bits in hex, made the first time a link is given out.
CREATE TABLE web_links (
    token   TEXT PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    UNIQUE (game_id, seat)
);
