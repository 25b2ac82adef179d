-- A tidy channel and a living board of games (issue 40).
-- Never edit an applied migration (sqlx stores its checksum): add a new file instead.

-- tidy=on: the bot deletes (Discord) or redacts (Matrix) its previous turn ping of a
-- game when the game moves on or the next ping comes (1), or keeps them (0, NULL).
ALTER TABLE channel_settings ADD COLUMN tidy INTEGER;

-- Messages the bot keeps track of, per channel and key: a game's board with buttons
-- (`board:<game>`, whose buttons go when the next board comes), its last turn ping
-- (`ping:<game>`) and the channel's dashboard (`dashboard`). `seq` is the game's move
-- number when the message was posted (0 for the dashboard).
CREATE TABLE tracked_messages (
    platform   TEXT    NOT NULL,
    channel    TEXT    NOT NULL,
    slot       TEXT    NOT NULL,
    message_id TEXT    NOT NULL,
    seq        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (platform, channel, slot)
);

-- Channels with a dashboard (`dashboard`): the text last shown (to edit only when it
-- changed), when it was last edited (Unix ms: at most one edit per 10 s) and the
-- language it is written in.
CREATE TABLE dashboards (
    platform  TEXT    NOT NULL,
    channel   TEXT    NOT NULL,
    scope     TEXT    NOT NULL,
    lang      TEXT    NOT NULL,
    shown     TEXT    NOT NULL DEFAULT '',
    edited_at INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (platform, channel)
);
