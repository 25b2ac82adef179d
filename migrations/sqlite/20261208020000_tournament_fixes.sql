-- The rating tie-break of a tournament (issue 39): each entrant's rating as it stood
-- when the tournament started (the game's rating in the tournament's scope), kept so
-- that the tournament's own games do not move it. NULL: unrated then. Written in the
-- transaction that stores the first round. Never edit an applied migration: add a new
-- file instead.
ALTER TABLE tournament_entrants ADD COLUMN start_rating REAL;

-- Tournaments started before this column: their ratings of now, the nearest known.
UPDATE tournament_entrants SET start_rating = (
    SELECT r.rating FROM ratings r, tournaments t
    WHERE t.id = tournament_entrants.tournament_id AND r.platform = t.platform
      AND r.scope = COALESCE(t.server, t.channel) AND r.kind = t.kind AND r.user_id = tournament_entrants.user_id)
WHERE tournament_id IN (SELECT id FROM tournaments WHERE round > 0);
