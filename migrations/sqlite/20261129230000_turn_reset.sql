-- When a move was last taken back (`undo`), Unix ms: the turn that follows starts then,
-- not at the time of the move before (issue 10).
-- Never edit an applied migration (sqlx stores its checksum): add a new file instead.
ALTER TABLE games ADD COLUMN turn_reset_at INTEGER;
