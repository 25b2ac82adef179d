-- A review's live progress and the replay at a game's end (issue 44): as
-- ../sqlite/20261207030000_review_progress.sql.
ALTER TABLE reviews ADD COLUMN progress_at BIGINT;
ALTER TABLE channel_settings ADD COLUMN replay BIGINT;
