-- The web page per tournament (`[web]`, `/t/<token>`; issue 39): one unguessable token
-- (128 random bits in hex) per tournament, made the first time its link is given out,
-- like the games' `web_links`. The same as ../sqlite/20261207000000_tournament_pages.sql.

CREATE TABLE tournament_links (
    token         TEXT   PRIMARY KEY,
    tournament_id BIGINT NOT NULL UNIQUE REFERENCES tournaments (id) ON DELETE CASCADE
);
