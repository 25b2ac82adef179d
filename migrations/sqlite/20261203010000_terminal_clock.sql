-- How far the terminal's clock runs ahead of the system clock (Unix ms), moved by
-- `wait <time>` in `spieltisch local`: kept per database, so play over days in the
-- terminal survives a restart and every terminal on the file shares one time.
CREATE TABLE terminal_clock (
    id        INTEGER PRIMARY KEY CHECK (id = 1),
    offset_ms INTEGER NOT NULL
);
