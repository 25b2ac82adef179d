-- Whether the creator chose the game's seed (`new … seed=N`): such a game's deal can be
-- known in advance by anyone who plays the same seed, so its invitation and start say
-- so (`seed=N` among the details). Games stored before: not chosen.
ALTER TABLE games ADD COLUMN seeded INTEGER NOT NULL DEFAULT 0;
