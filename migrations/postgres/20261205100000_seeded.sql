-- Whether the creator chose the game's seed: as ../sqlite/20261205100000_seeded.sql.
ALTER TABLE games ADD COLUMN seeded BOOLEAN NOT NULL DEFAULT FALSE;
