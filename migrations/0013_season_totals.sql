-- 0013_season_totals.sql — the point-sum leaderboard's seasons (src/server/base/season.h): per mode,
-- season and player the sums of its counted games that ended in the season (0004_rankings.sql says
-- what counts). Written by the match writer in the transaction that stores the match, counted again
-- for the match's players when an admin voids it, and rebuilt from the stored matches at start-up
-- when the seasons' length changes (src/server/store/season_writes.h). Read by the season board
-- (store_board.c) and a profile's season history (store_rankings.c).
CREATE TABLE season_totals (
    mode     TEXT NOT NULL CHECK (mode IN ('4p', '3p')),
    season   INTEGER NOT NULL, -- the season's first month: year × 12 + (month − 1) (2026-04 → 24315)
    user_id  TEXT NOT NULL,
    games    INTEGER NOT NULL, -- counted games in the season (> 0: a row without games is deleted)
    total    INTEGER NOT NULL, -- the sum of their results (final points − starting points)
    wins     INTEGER NOT NULL,
    best     INTEGER NOT NULL, -- the best result
    PRIMARY KEY (mode, season, user_id)
) WITHOUT ROWID;
-- a player's seasons, newest first (a profile)
CREATE INDEX season_totals_user ON season_totals (user_id, mode, season);

-- the seasons' length the table was counted with (the configuration's season_months); no row: not
-- counted yet, which the first start-up after this migration does (the matches stored before it)
CREATE TABLE season_basis (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    months INTEGER NOT NULL
);
