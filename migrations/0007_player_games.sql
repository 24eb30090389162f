-- 0007_player_games.sql — a player's games read from one index range, and the number of stored
-- matches kept instead of counted (src/server/store/store_rankings.c, store_matches.c).
--
-- A profile's recent matches and its cumulative chart, and a player's match list, used to check
-- each game against its match: "counted" (ranked = 1, completed = 1, voided_at IS NULL) needs
-- voided_at, which the matches row stores after the action log, so every check read the whole
-- log — up to a thousand of them per profile. Each match_players row now carries copies of its
-- match's mode, whether the match counts and whether it is voided; the player's index holds them.

-- the match's mode ('4p' or '3p')
ALTER TABLE match_players ADD COLUMN mode TEXT;
-- 1 if the match counts in the rankings (ranked = 1, completed = 1, voided_at IS NULL), else 0
ALTER TABLE match_players ADD COLUMN counted INTEGER;
-- 1 if an administrator voided the match (voided_at IS NOT NULL), else 0
ALTER TABLE match_players ADD COLUMN voided INTEGER;

-- what a match's players carry of it, defined once
CREATE VIEW match_copies AS
SELECT id, mode, (ranked = 1 AND completed = 1 AND voided_at IS NULL) AS counted, (voided_at IS NOT NULL) AS voided
FROM matches;

UPDATE match_players SET mode = c.mode, counted = c.counted, voided = c.voided
FROM match_copies c WHERE c.id = match_players.match_id;

-- The copies stay right whoever writes. A new row must carry its match's values (the match
-- writer binds them; a new match is never voided); anything else is refused, and the
-- transaction that tried leaves nothing behind. Like ended_at (0005), they are not written
-- otherwise: the trigger after this one copies every change of the match.
CREATE TRIGGER match_players_copy_new BEFORE INSERT ON match_players
WHEN NOT EXISTS (SELECT 1 FROM match_copies c WHERE c.id = NEW.match_id AND c.mode IS NEW.mode
                 AND c.counted IS NEW.counted AND c.voided IS NEW.voided)
BEGIN
    SELECT RAISE(ABORT, 'match_players: mode, counted and voided must be those of the match');
END;

-- a change to a match (an admin's void, a correction) is copied to its players in the same statement
CREATE TRIGGER match_players_copy_match AFTER UPDATE OF mode, ranked, completed, voided_at ON matches
BEGIN
    UPDATE match_players SET mode = c.mode, counted = c.counted, voided = c.voided
    FROM match_copies c WHERE c.id = NEW.id AND match_players.match_id = NEW.id;
END;

-- A player's games newest first with everything the profile and the match list show of them:
-- the recent matches, the chart of one mode's counted games (filtered inside the range) and the
-- list's order read the index alone. Replaces match_players_user_time (0005).
DROP INDEX match_players_user_time;
CREATE INDEX match_players_user_games ON match_players
    (user_id, ended_at, match_id, mode, counted, is_bot, result, final_points, seat)
    WHERE user_id IS NOT NULL;

-- only the profile's history joined to this; one index fewer to write per match
DROP INDEX matches_counted_by_id;

-- Every match newest first, ties by id, from the index alone: the list of all matches pages
-- through it without sorting (and without reading the rows it skips). Replaces matches_ended_at.
DROP INDEX matches_ended_at;
CREATE INDEX matches_ended ON matches (ended_at, id);

-- The number of stored matches (the list's "total"), kept by triggers instead of counted per
-- request. It lives in rank_version's one row, which a match write touches anyway.
ALTER TABLE rank_version ADD COLUMN matches INTEGER NOT NULL DEFAULT 0;
UPDATE rank_version SET matches = (SELECT count(*) FROM matches) WHERE id = 1;

CREATE TRIGGER match_count_added AFTER INSERT ON matches
BEGIN
    UPDATE rank_version SET matches = matches + 1 WHERE id = 1;
END;
CREATE TRIGGER match_count_deleted AFTER DELETE ON matches
BEGIN
    UPDATE rank_version SET matches = matches - 1 WHERE id = 1;
END;
