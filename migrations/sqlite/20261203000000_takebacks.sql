-- How many times moves of the game were taken back (`undo`). A move is stored only if
-- the game still stands where its mover saw it: at the same move number and after the
-- same number of take-backs (a take-back and another move can bring a game back to the
-- same move number with a different position). Cached games are checked the same way.
ALTER TABLE games ADD COLUMN takebacks INTEGER NOT NULL DEFAULT 0;
