-- 0010_bot_ladder.sql — PostgreSQL, the cluster's records: the bot ladder, as SQLite's
-- 0017_bot_ladder.sql (read it for what each column means). Dialect: times BIGINT, reals
-- DOUBLE PRECISION.
CREATE TABLE ladder_matches (
    match_id TEXT PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    set_id   TEXT NOT NULL,
    rotation INTEGER NOT NULL CHECK (rotation BETWEEN 0 AND 3),
    mode     TEXT NOT NULL CHECK (mode IN ('4p', '3p')),
    ended_at BIGINT NOT NULL
);
CREATE INDEX ladder_matches_by_set ON ladder_matches (set_id, rotation);
CREATE INDEX ladder_matches_by_mode ON ladder_matches (mode, ended_at DESC);

CREATE TABLE ladder_ratings (
    mode      TEXT NOT NULL CHECK (mode IN ('4p', '3p')),
    user_id   TEXT NOT NULL REFERENCES users (id),
    mu        DOUBLE PRECISION NOT NULL,
    sigma     DOUBLE PRECISION NOT NULL,
    matches   INTEGER NOT NULL,
    wins      INTEGER NOT NULL,
    points    BIGINT NOT NULL,
    last_at   BIGINT NOT NULL,
    PRIMARY KEY (mode, user_id)
);
CREATE INDEX ladder_ratings_by_rating ON ladder_ratings (mode, mu DESC, user_id);

ALTER TABLE bots ADD COLUMN ladder_suspended_at BIGINT;
ALTER TABLE bots ADD COLUMN ladder_reason TEXT;
