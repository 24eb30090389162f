-- 0004_rankings.sql — indexes for the rankings (src/server/store/store_rankings.c). No new data:
-- a game in the rankings is a match_players row of a human (user_id NOT NULL, is_bot = 0) in a
-- match with ranked = 1, completed = 1 and voided_at IS NULL; its score is result.
--
-- The leaderboard scans the counted matches of one mode since a time (the period). This
-- partial index holds only those, so unranked, unfinished and voided matches cost nothing;
-- queries repeat its WHERE clause word for word so that SQLite can use it.
CREATE INDEX matches_counted ON matches (mode, ended_at)
    WHERE ranked = 1 AND completed = 1 AND voided_at IS NULL;

-- Per match, its players by result: covers the leaderboard's join (user, bot, result without
-- reading the table) and finds a match's largest result (who won) in one step.
CREATE INDEX match_players_by_result ON match_players (match_id, result, user_id, is_bot);

-- A player's history (profile, match list) uses match_players_user (0003); the list of every
-- match, newest first, uses matches_ended_at (0003) backwards.
