-- 0005_rank_totals.sql — what the rankings read cheaply at a million matches
-- (src/server/store/store_rankings.c, store_board.c): per player and match whether it won, whether it
-- dealt in and when the match ended; per player and mode the running totals of its counted
-- games; and a version number that changes whenever something the leaderboard shows changes.
--
-- Counted game, as in 0004_rankings.sql: a match_players row of a human (user_id NOT NULL,
-- is_bot = 0) in a match with ranked = 1, completed = 1 and voided_at IS NULL.

-- 1: the player's result is > 0 and no player of the match has a larger one (it won the hand
-- that ended the match; after a double ron, each winner with the top result). Set when the
-- match is written; existing rows are filled in below.
ALTER TABLE match_players ADD COLUMN won INTEGER;
-- 1: the player discarded the tile another seat won on (ron). Set when the match is written;
-- existing rows are filled in from the stored wins (their "seat" and "from"); NULL where those
-- cannot be read (unknown: such games are left out of the deal-in rate).
ALTER TABLE match_players ADD COLUMN dealt_in INTEGER;
-- the match's ended_at, copied, so that a player's games can be read newest first from an index
-- (profiles, match lists) without sorting all of them
ALTER TABLE match_players ADD COLUMN ended_at INTEGER;

UPDATE match_players SET
    won = (result > 0 AND result = (SELECT max(o.result) FROM match_players o
                                    WHERE o.match_id = match_players.match_id)),
    dealt_in = (SELECT CASE WHEN json_valid(m.wins) AND json_type(m.wins) = 'array' THEN EXISTS (
                    SELECT 1 FROM json_each(m.wins) w
                    WHERE json_extract(w.value, '$.from') = match_players.seat
                      AND json_extract(w.value, '$.seat') <> match_players.seat) END
                FROM matches m WHERE m.id = match_players.match_id),
    ended_at = (SELECT m.ended_at FROM matches m WHERE m.id = match_players.match_id);

-- a player's games in time order, with their results (a profile's history reads only the index):
-- replaces match_players_user (0003), which could only find them
DROP INDEX match_players_user;
CREATE INDEX match_players_user_time ON match_players (user_id, ended_at, match_id, result, is_bot)
    WHERE user_id IS NOT NULL;

-- A counted match's mode by its id, without reading the row: the row holds the action log before
-- voided_at, so checking "counted" on the row itself reads the whole log. A profile's history
-- joins its games to this.
CREATE INDEX matches_counted_by_id ON matches (id, mode)
    WHERE ranked = 1 AND completed = 1 AND voided_at IS NULL;

-- The leaderboard no longer joins match_players per request nor derives wins with a subquery
-- (won is stored, the boards are held in memory): the index 0004 made for that only costs
-- writes now.
DROP INDEX match_players_by_result;

-- One row per player and mode with at least one counted game: games, the sum and the best of
-- the results, wins, hands played, deal-ins and the hands of the games whose deal-in is known.
-- Kept by the triggers below, so it stays right whoever writes: the match writer, an admin
-- voiding a match, a bulk import.
CREATE TABLE rank_totals (
    mode      TEXT NOT NULL,
    user_id   TEXT NOT NULL,
    games     INTEGER NOT NULL,
    total     INTEGER NOT NULL,
    wins      INTEGER NOT NULL,
    best      INTEGER NOT NULL,
    hands     INTEGER NOT NULL,
    deal_ins  INTEGER NOT NULL,
    known_hands INTEGER NOT NULL,   -- hands of the games with dealt_in known (the deal-in rate's base)
    PRIMARY KEY (mode, user_id)
) WITHOUT ROWID;

INSERT INTO rank_totals
SELECT m.mode, p.user_id, count(*), sum(p.result), sum(p.won), max(p.result), sum(m.hands),
       sum(coalesce(p.dealt_in, 0)), sum(CASE WHEN p.dealt_in IS NULL THEN 0 ELSE m.hands END)
FROM matches m JOIN match_players p ON p.match_id = m.id
WHERE m.ranked = 1 AND m.completed = 1 AND m.voided_at IS NULL AND p.user_id IS NOT NULL AND p.is_bot = 0
GROUP BY m.mode, p.user_id;

-- data: bumped by every change to counted games (the in-memory leaderboard of a server reloads
-- when the number moved without its own writes); names: bumped when a display name changes.
CREATE TABLE rank_version (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    data  INTEGER NOT NULL,
    names INTEGER NOT NULL
);
INSERT INTO rank_version VALUES (1, 0, 0);

-- a new counted game adds to its player's totals
CREATE TRIGGER rank_totals_add AFTER INSERT ON match_players
WHEN NEW.user_id IS NOT NULL AND NEW.is_bot = 0
BEGIN
    INSERT INTO rank_totals
    SELECT m.mode, NEW.user_id, 1, NEW.result, coalesce(NEW.won, 0), NEW.result, m.hands,
           coalesce(NEW.dealt_in, 0), CASE WHEN NEW.dealt_in IS NULL THEN 0 ELSE m.hands END
    FROM matches m
    WHERE m.id = NEW.match_id AND m.ranked = 1 AND m.completed = 1 AND m.voided_at IS NULL
    ON CONFLICT (mode, user_id) DO UPDATE SET
        games = games + 1, total = total + excluded.total, wins = wins + excluded.wins,
        best = max(best, excluded.best), hands = hands + excluded.hands,
        deal_ins = deal_ins + excluded.deal_ins, known_hands = known_hands + excluded.known_hands;
    UPDATE rank_version SET data = data + 1
    WHERE id = 1 AND EXISTS (SELECT 1 FROM matches m WHERE m.id = NEW.match_id AND m.ranked = 1
                             AND m.completed = 1 AND m.voided_at IS NULL);
END;

-- anything else that changes what counts (a void, a change of ranked or completed, a deleted
-- match or row): the totals of the players concerned are counted again from their games
CREATE TRIGGER rank_totals_match_changed
AFTER UPDATE OF mode, ranked, completed, voided_at, hands ON matches
BEGIN
    DELETE FROM rank_totals
    WHERE mode IN (OLD.mode, NEW.mode)
      AND user_id IN (SELECT user_id FROM match_players WHERE match_id = NEW.id AND user_id IS NOT NULL);
    INSERT INTO rank_totals
    SELECT m.mode, p.user_id, count(*), sum(p.result), sum(coalesce(p.won, 0)), max(p.result), sum(m.hands),
           sum(coalesce(p.dealt_in, 0)), sum(CASE WHEN p.dealt_in IS NULL THEN 0 ELSE m.hands END)
    FROM match_players p JOIN matches m ON m.id = p.match_id
    WHERE p.user_id IN (SELECT user_id FROM match_players WHERE match_id = NEW.id AND user_id IS NOT NULL)
      AND m.mode IN (OLD.mode, NEW.mode) AND p.is_bot = 0
      AND m.ranked = 1 AND m.completed = 1 AND m.voided_at IS NULL
    GROUP BY m.mode, p.user_id;
    UPDATE rank_version SET data = data + 1 WHERE id = 1;
END;

CREATE TRIGGER rank_totals_player_deleted AFTER DELETE ON match_players
WHEN OLD.user_id IS NOT NULL
BEGIN
    DELETE FROM rank_totals WHERE user_id = OLD.user_id;
    INSERT INTO rank_totals
    SELECT m.mode, p.user_id, count(*), sum(p.result), sum(coalesce(p.won, 0)), max(p.result), sum(m.hands),
           sum(coalesce(p.dealt_in, 0)), sum(CASE WHEN p.dealt_in IS NULL THEN 0 ELSE m.hands END)
    FROM match_players p JOIN matches m ON m.id = p.match_id
    WHERE p.user_id = OLD.user_id AND p.is_bot = 0
      AND m.ranked = 1 AND m.completed = 1 AND m.voided_at IS NULL
    GROUP BY m.mode, p.user_id;
    UPDATE rank_version SET data = data + 1 WHERE id = 1;
END;

CREATE TRIGGER rank_totals_player_changed
AFTER UPDATE OF user_id, is_bot, result, won, dealt_in ON match_players
BEGIN
    DELETE FROM rank_totals WHERE user_id IN (OLD.user_id, NEW.user_id);
    INSERT INTO rank_totals
    SELECT m.mode, p.user_id, count(*), sum(p.result), sum(coalesce(p.won, 0)), max(p.result), sum(m.hands),
           sum(coalesce(p.dealt_in, 0)), sum(CASE WHEN p.dealt_in IS NULL THEN 0 ELSE m.hands END)
    FROM match_players p JOIN matches m ON m.id = p.match_id
    WHERE p.user_id IN (OLD.user_id, NEW.user_id) AND p.is_bot = 0
      AND m.ranked = 1 AND m.completed = 1 AND m.voided_at IS NULL
    GROUP BY m.mode, p.user_id;
    UPDATE rank_version SET data = data + 1 WHERE id = 1;
END;

-- the leaderboard shows current display names
CREATE TRIGGER rank_names_renamed AFTER UPDATE OF display_name ON users
BEGIN
    UPDATE rank_version SET names = names + 1 WHERE id = 1;
END;
CREATE TRIGGER rank_names_deleted AFTER DELETE ON users
BEGIN
    UPDATE rank_version SET names = names + 1 WHERE id = 1;
END;
