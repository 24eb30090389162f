-- 0008_counted_games_by_time.sql — the admin area's watch on collusion: which players meet at ranked tables
-- (src/server/store/store_admin.c ippon_store_admin_pairs, GET /api/admin/pairs).
--
-- The pairs are counted when an administrator asks, over a recent window (days), off the event
-- loop (a read-only store worker: store_writer.h). This index holds the counted games of humans
-- by end time with all the pairs query reads of them, so the query walks one range of it and
-- looks each partner up by its match; new games land at its end, so keeping it costs writes
-- almost nothing (a table of pairs kept up to date by triggers was measured first: each match
-- wrote six more leaf pages at random, and the match writes fell from 3,170 to 1,850 a second).
CREATE INDEX match_players_counted_time ON match_players (ended_at, match_id, user_id, result, won, dealt_in)
    WHERE counted = 1 AND is_bot = 0;
