-- 0017_bot_ladder.sql — the bot ladder (src/server/README.md, "The bot ladder"): public bots
-- seated against each other in duplicate sets — one set of walls (one secret, one first dealer)
-- played once per seat rotation, 4 matches in 4-player and 3 in 3-player — and rated among
-- themselves. Written in the transaction that stores each ladder match (store_matches.c →
-- ladder_writes.c); read by store_ladder.c.

-- Each stored ladder match: its set and its rotation (0 … players − 1: at rotation r the set's
-- bot k sits at seat (k + r) mod players). A set is complete when all its rotations are here.
CREATE TABLE ladder_matches (
    match_id TEXT PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    set_id   TEXT NOT NULL,                              -- 32 hex
    rotation INTEGER NOT NULL CHECK (rotation BETWEEN 0 AND 3),
    mode     TEXT NOT NULL CHECK (mode IN ('4p', '3p')),
    ended_at INTEGER NOT NULL                            -- Unix ms, as matches.ended_at
);
CREATE INDEX ladder_matches_by_set ON ladder_matches (set_id, rotation);
CREATE INDEX ladder_matches_by_mode ON ladder_matches (mode, ended_at DESC);

-- A bot's ladder rating per mode (include/ippon/rating.h's model, every seat rated: no fixed
-- seat), apart from the people's ratings (0012_ratings.sql), which bots never enter. Only
-- completed ladder matches count. A bot with no row has not finished a ladder match in the mode.
CREATE TABLE ladder_ratings (
    mode      TEXT NOT NULL CHECK (mode IN ('4p', '3p')),
    user_id   TEXT NOT NULL REFERENCES users (id),
    mu        REAL NOT NULL,
    sigma     REAL NOT NULL,
    matches   INTEGER NOT NULL,  -- completed ladder matches
    wins      INTEGER NOT NULL,  -- of them, matches it won (the hand that ended it)
    points    INTEGER NOT NULL,  -- the sum of its results (final − starting points)
    last_at   INTEGER NOT NULL,  -- Unix ms of its latest ladder match
    PRIMARY KEY (mode, user_id)
) WITHOUT ROWID;
CREATE INDEX ladder_ratings_by_rating ON ladder_ratings (mode, mu DESC, user_id);

-- A bot that let its clock run out too often in ladder matches is suspended from the ladder
-- (practice and private rooms stay open to it): when, and why. Its owner lifts it.
ALTER TABLE bots ADD COLUMN ladder_suspended_at INTEGER;
ALTER TABLE bots ADD COLUMN ladder_reason TEXT;
