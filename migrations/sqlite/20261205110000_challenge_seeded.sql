-- Whether the creator chose the challenge's seed (`new hathor challenge seed=N`): anyone
-- who plays the same seed alone can know every stone in advance, so the challenge's
-- announcement and leaderboard say so (`seed=N`). Challenges stored before, and every
-- daily challenge: not chosen.
ALTER TABLE challenges ADD COLUMN seeded INTEGER NOT NULL DEFAULT 0;
