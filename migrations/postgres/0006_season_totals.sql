-- 0006_season_totals.sql — PostgreSQL, the cluster's records: the point-sum leaderboard's seasons,
-- as SQLite's 0013_season_totals.sql (read it for the meaning of each column). Dialect: the sums
-- BIGINT.
CREATE TABLE season_totals (
    mode     TEXT NOT NULL CHECK (mode IN ('4p', '3p')),
    season   INTEGER NOT NULL,
    user_id  TEXT NOT NULL,
    games    BIGINT NOT NULL,
    total    BIGINT NOT NULL,
    wins     BIGINT NOT NULL,
    best     BIGINT NOT NULL,
    PRIMARY KEY (mode, season, user_id)
);
CREATE INDEX season_totals_user ON season_totals (user_id, mode, season);

CREATE TABLE season_basis (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    months INTEGER NOT NULL
);
