-- Hathor series (issue 39): a tournament of same-deal challenges, one per round, the
-- total points deciding (ties by the best single round). Never edit an applied
-- migration: add a new file instead.

-- The series' seed (a u64 stored as its two's-complement i64): round r deals from
-- rules::rng::series_round_seed(seed, r). NULL for a Swiss or round robin.
ALTER TABLE tournaments ADD COLUMN seed BIGINT;

-- The points of an entrant's game of a series round, written once with `result`
-- ('points') when the round is counted. NULL for a Swiss or round robin pairing.
ALTER TABLE tournament_pairings ADD COLUMN points BIGINT;

-- The series round a challenge is (NULL: an ordinary challenge anyone here may join).
-- Only the series' entrants play it; one challenge per series round.
ALTER TABLE challenges ADD COLUMN tournament_id BIGINT REFERENCES tournaments (id) ON DELETE CASCADE;
ALTER TABLE challenges ADD COLUMN tournament_round BIGINT;
CREATE UNIQUE INDEX challenges_of_series_rounds ON challenges (tournament_id, tournament_round);
