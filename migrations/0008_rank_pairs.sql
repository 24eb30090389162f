-- 0008_rank_pairs.sql — pairs of players who meet at ranked tables, for the admin area's watch on
-- collusion (src/server/store_pairs.c, GET /api/admin/pairs).
--
-- One row per pair of humans (lo < hi, user ids) who played counted games together (a counted
-- game: ranked = 1, completed = 1, voided_at IS NULL — match_players.counted, 0007): how many,
-- each one's total result in them, how often each won on the other's discard, and when they last
-- met. Kept by triggers as the match writer inserts players, so the admin's list is one index read
-- however many matches are stored; a void (or any change of what counts) takes the match's pairs
-- out again, an un-void puts them back.

CREATE TABLE rank_pairs (
    lo              TEXT NOT NULL,    -- the smaller user id of the two
    hi              TEXT NOT NULL,    -- the larger
    games           INTEGER NOT NULL, -- counted games together
    lo_total        INTEGER NOT NULL, -- lo's results in those games, summed
    hi_total        INTEGER NOT NULL,
    lo_won_from_hi  INTEGER NOT NULL, -- wins of lo by ron on hi's discard
    hi_won_from_lo  INTEGER NOT NULL,
    last_at         INTEGER NOT NULL, -- ended_at (unix ms) of the latest of those games
    PRIMARY KEY (lo, hi)
) WITHOUT ROWID;
CREATE INDEX rank_pairs_by_games ON rank_pairs (games, last_at);

-- the pairs of one match with what the match adds to each (its wins read from the match's JSON)
CREATE VIEW match_pairs AS
SELECT a.match_id, a.user_id AS lo, b.user_id AS hi, a.result AS lo_result, b.result AS hi_result,
       (SELECT count(*) FROM json_each(m.wins) w
         WHERE json_extract(w.value, '$.seat') = a.seat AND json_extract(w.value, '$.from') = b.seat) AS lo_from_hi,
       (SELECT count(*) FROM json_each(m.wins) w
         WHERE json_extract(w.value, '$.seat') = b.seat AND json_extract(w.value, '$.from') = a.seat) AS hi_from_lo,
       m.ended_at
FROM match_players a
JOIN match_players b ON b.match_id = a.match_id AND b.user_id > a.user_id
JOIN matches m ON m.id = a.match_id
WHERE a.is_bot = 0 AND b.is_bot = 0 AND a.user_id IS NOT NULL AND b.user_id IS NOT NULL;

-- the games already stored
INSERT INTO rank_pairs
SELECT p.lo, p.hi, count(*), sum(p.lo_result), sum(p.hi_result), sum(p.lo_from_hi), sum(p.hi_from_lo), max(p.ended_at)
FROM match_pairs p JOIN match_players c ON c.match_id = p.match_id AND c.user_id = p.lo
WHERE c.counted = 1
GROUP BY p.lo, p.hi;

-- a counted game's player meets those of its match already written (the view sees only rows
-- inserted so far): each pair is added once, when the later of its two rows is written
CREATE TRIGGER rank_pairs_add AFTER INSERT ON match_players
WHEN NEW.counted = 1 AND NEW.is_bot = 0 AND NEW.user_id IS NOT NULL
BEGIN
    INSERT INTO rank_pairs
    SELECT p.lo, p.hi, 1, p.lo_result, p.hi_result, p.lo_from_hi, p.hi_from_lo, p.ended_at
    FROM match_pairs p
    WHERE p.match_id = NEW.match_id AND NEW.user_id IN (p.lo, p.hi)
    ON CONFLICT (lo, hi) DO UPDATE SET
        games = games + 1, lo_total = lo_total + excluded.lo_total, hi_total = hi_total + excluded.hi_total,
        lo_won_from_hi = lo_won_from_hi + excluded.lo_won_from_hi,
        hi_won_from_lo = hi_won_from_lo + excluded.hi_won_from_lo, last_at = max(last_at, excluded.last_at);
END;

-- a match stops counting (a void): its pairs come out; one that starts counting: they go in
CREATE TRIGGER rank_pairs_match_changed AFTER UPDATE OF ranked, completed, voided_at ON matches
WHEN (OLD.ranked = 1 AND OLD.completed = 1 AND OLD.voided_at IS NULL)
  <> (NEW.ranked = 1 AND NEW.completed = 1 AND NEW.voided_at IS NULL)
BEGIN
    INSERT INTO rank_pairs
    SELECT p.lo, p.hi, s.sign, s.sign * p.lo_result, s.sign * p.hi_result, s.sign * p.lo_from_hi,
           s.sign * p.hi_from_lo, p.ended_at
    FROM match_pairs p,
         (SELECT CASE WHEN NEW.ranked = 1 AND NEW.completed = 1 AND NEW.voided_at IS NULL THEN 1 ELSE -1 END AS sign) s
    WHERE p.match_id = NEW.id
    ON CONFLICT (lo, hi) DO UPDATE SET
        games = games + excluded.games, lo_total = lo_total + excluded.lo_total, hi_total = hi_total + excluded.hi_total,
        lo_won_from_hi = lo_won_from_hi + excluded.lo_won_from_hi,
        hi_won_from_lo = hi_won_from_lo + excluded.hi_won_from_lo,
        last_at = CASE WHEN excluded.games > 0 THEN max(last_at, excluded.last_at) ELSE last_at END;
    DELETE FROM rank_pairs WHERE games <= 0;
END;
