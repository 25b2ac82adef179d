-- Ratings and settings per server (issue 10: "per server (guild/room)"), not per
-- channel: on Discord a game may live in a thread of its own, whose id is its channel.
-- Never edit an applied migration (sqlx stores its checksum): add a new file instead.

-- The server the game's channel belongs to (the Discord guild id); NULL where the
-- platform has none (Matrix: the room is the scope; the terminal; Discord direct
-- messages) and for games stored before this column. A game's scope, where its rating
-- counts and whose settings apply, is coalesce(server, channel).
-- `ratings.scope` and `channel_settings.channel` hold such scopes from now on.
ALTER TABLE games ADD COLUMN server TEXT;
