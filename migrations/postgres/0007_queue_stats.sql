-- 0007_queue_stats.sql — PostgreSQL, the cluster's records: the ranked queue's statistics, as
-- SQLite's 0014_queue_stats.sql (read it for the meaning of each column). Dialect: REAL is
-- DOUBLE PRECISION, INTEGER holding milliseconds BIGINT.
ALTER TABLE matches ADD COLUMN queue_spread DOUBLE PRECISION;
ALTER TABLE match_players ADD COLUMN queue_wait_ms BIGINT;
CREATE INDEX matches_queue_formed ON matches (started_at) WHERE queue_spread IS NOT NULL;
