-- 0014_queue_stats.sql — the ranked queue's statistics (src/server/store/store_queue_stats.h): how
-- the queue formed each ranked table, for the admin area's medians per mode and day
-- (GET /api/admin/queue).
--   matches.queue_spread        the humans' rating spread at the table (highest − lowest mu of the
--                               mode, src/server/game/queue_window.h); NULL for a match no queue
--                               formed (practice, private, resumed from its journal, older matches)
--   match_players.queue_wait_ms the human's wait in the queue (ms); NULL for a bot and as above
ALTER TABLE matches ADD COLUMN queue_spread REAL;
ALTER TABLE match_players ADD COLUMN queue_wait_ms INTEGER;
CREATE INDEX matches_queue_formed ON matches (started_at) WHERE queue_spread IS NOT NULL;
