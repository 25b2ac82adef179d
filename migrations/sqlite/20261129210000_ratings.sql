-- Ratings (issue 10): one Weng-Lin rating per player, game and scope (the channel or
-- room the game was played in), updated once after each finished game.
-- Never edit an applied migration (sqlx stores its checksum): add a new file instead.

CREATE TABLE ratings (
    platform    TEXT    NOT NULL,
    -- where the rating counts: the game's channel/room
    scope       TEXT    NOT NULL,
    -- rules::GameKind::id()
    kind        TEXT    NOT NULL,
    user_id     TEXT    NOT NULL,
    -- the display name at the last update, for leaderboards
    name        TEXT    NOT NULL,
    rating      REAL    NOT NULL,
    uncertainty REAL    NOT NULL,
    games       INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (platform, scope, kind, user_id)
);

-- The games whose result is in the ratings (so none counts twice).
CREATE TABLE rated_games (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    at      INTEGER NOT NULL
);
