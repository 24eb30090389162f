-- 0003_matches.sql — finished matches, one row each, and one row per player per match.
-- A match is written in one transaction when it ends (store_matches.c); its id is random
-- (128 bits, hex), so writing the same match twice is a no-op.
CREATE TABLE matches (
    id          TEXT PRIMARY KEY,
    mode        TEXT NOT NULL CHECK (mode IN ('4p', '3p')),
    rules       TEXT NOT NULL,                -- rule preset name
    ranked      INTEGER NOT NULL,             -- 1: counts in the rankings
    completed   INTEGER NOT NULL,             -- 0: ended without a winner (closed, shutdown)
    started_at  INTEGER NOT NULL,             -- unix ms
    ended_at    INTEGER NOT NULL,             -- unix ms
    hands       INTEGER NOT NULL,             -- hands played, exhaustive draws included
    seeds       TEXT NOT NULL,                -- JSON ["hex seed", …], one per hand (fairness)
    actions     TEXT NOT NULL,                -- JSON [[hand, seat, action], …]: replays the match
    wins        TEXT NOT NULL,                -- JSON: the winning hands as announced
    voided_at   INTEGER,                      -- set when an admin voids the match
    void_reason TEXT
);
CREATE INDEX matches_ended_at ON matches (ended_at);

CREATE TABLE match_players (
    match_id     TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    user_id      TEXT,                        -- NULL for a bot
    display_name TEXT NOT NULL,               -- as it was during the match
    is_bot       INTEGER NOT NULL,
    final_points INTEGER NOT NULL,
    result       INTEGER NOT NULL,            -- final points − starting points
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_players_user ON match_players (user_id, match_id);
