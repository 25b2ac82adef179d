-- The web page per tournament (`[web]`, `/t/<token>`; issue 39): one unguessable token
-- (128 random bits in hex) per tournament, made the first time its link is given out,
-- like the games' `web_links`. Never edit an applied migration: add a new file instead.

CREATE TABLE tournament_links (
    token         TEXT    PRIMARY KEY,
    tournament_id INTEGER NOT NULL UNIQUE REFERENCES tournaments (id) ON DELETE CASCADE
);
