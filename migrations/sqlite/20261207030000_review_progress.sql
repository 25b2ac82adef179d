-- A review's live progress and the replay at a game's end (issue 44).
-- progress_at: when the review's progress message was last posted or edited (Unix ms),
-- so that edits come at most once every few seconds, each posted by one process.
ALTER TABLE reviews ADD COLUMN progress_at INTEGER;
-- replay=on: the game's animated replay (GIF) is posted in the channel when a game ends.
ALTER TABLE channel_settings ADD COLUMN replay INTEGER;
