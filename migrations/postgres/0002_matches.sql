-- 0002_matches.sql — PostgreSQL, the cluster's records: finished matches and one row per player
-- per match, as SQLite's 0003_matches.sql builds them with the columns 0005, 0007, 0009 and 0010
-- add and the indexes left after 0004–0008 (read those for what each column and index is for).
-- The final state only: no index that SQLite drops later, no backfill (the tables start empty).
-- Columns are in SQLite's order (match_players' added columns last, as ALTER TABLE left them).
--
-- Dialect: unix ms times are BIGINT; flags (ranked, completed, private, is_bot, won, dealt_in,
-- counted, voided) stay INTEGER holding 0 or 1, as SQLite's; points, seats and hands are INTEGER.
-- A comparison is boolean here, so match_copies casts its two to integer (0/1, as SQLite gives).
CREATE TABLE matches (
    id          TEXT PRIMARY KEY,
    mode        TEXT NOT NULL CHECK (mode IN ('4p', '3p')),
    rules       TEXT NOT NULL,
    ranked      INTEGER NOT NULL,
    completed   INTEGER NOT NULL,
    started_at  BIGINT NOT NULL,
    ended_at    BIGINT NOT NULL,
    hands       INTEGER NOT NULL,
    seeds       TEXT NOT NULL,
    actions     TEXT NOT NULL,
    wins        TEXT NOT NULL,
    voided_at   BIGINT,
    void_reason TEXT,
    fairness    TEXT,
    private     INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX matches_counted ON matches (mode, ended_at)
    WHERE ranked = 1 AND completed = 1 AND voided_at IS NULL;
CREATE INDEX matches_ended ON matches (ended_at, id);

CREATE TABLE match_players (
    match_id     TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    user_id      TEXT,
    display_name TEXT NOT NULL,
    is_bot       INTEGER NOT NULL,
    final_points INTEGER NOT NULL,
    result       INTEGER NOT NULL,
    won          INTEGER,
    dealt_in     INTEGER,
    ended_at     BIGINT,
    mode         TEXT,
    counted      INTEGER,
    voided       INTEGER,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_players_user_games ON match_players
    (user_id, ended_at, match_id, mode, counted, is_bot, result, final_points, seat)
    WHERE user_id IS NOT NULL;
CREATE INDEX match_players_counted_time ON match_players (ended_at, match_id, user_id, result, won, dealt_in)
    WHERE counted = 1 AND is_bot = 0;

-- what a match's players carry of it, defined once (SQLite's 0007)
CREATE VIEW match_copies AS
SELECT id, mode, (ranked = 1 AND completed = 1 AND voided_at IS NULL)::integer AS counted,
       (voided_at IS NOT NULL)::integer AS voided
FROM matches;
