-- Settings per channel/room and a user's own language (issue 10).
-- Never edit an applied migration (sqlx stores its checksum): add a new file instead.

-- Per channel/room; NULL: the bot's configuration applies.
CREATE TABLE channel_settings (
    platform      TEXT    NOT NULL,
    channel       TEXT    NOT NULL,
    -- 'en' or 'de': the language of the channel's messages when a user's is unknown
    lang          TEXT,
    -- the time per move of new games here (ms)
    move_ms       INTEGER,
    -- remind at half time (1) or not (0)
    half_reminder INTEGER,
    -- the second reminder this long before the end (ms; 0: none)
    soon_ms       INTEGER,
    -- open each game in its own thread (1) or not (0), for adapters that can
    threads       INTEGER,
    PRIMARY KEY (platform, channel)
);

-- A user's chosen language (overrides what the platform says).
ALTER TABLE user_settings ADD COLUMN lang TEXT;
