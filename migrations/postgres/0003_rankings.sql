-- 0003_rankings.sql — PostgreSQL, the cluster's records: what the rankings read cheaply (the
-- running totals per player and mode, the version numbers, the number of stored matches) and the
-- triggers that keep them and match_players' copies of its match right whoever writes, as SQLite's
-- 0005_rank_totals.sql and 0007_player_games.sql do (read them for the meaning of each column and
-- trigger; "counted" is defined in 0004_rankings.sql).
--
-- Dialect: each SQLite trigger is a FOR EACH ROW trigger (SQLite's are all per row) of the same
-- name on the same event, running a plpgsql function of its name (rank_names_renamed and
-- rank_names_deleted share rank_names_changed, and the three recounts rank_totals_recount); a WHEN with a subquery (match_players_copy_new)
-- becomes an IF in the function, RAISE(ABORT, ...) a RAISE EXCEPTION with the same message
-- (SQLSTATE 23000, as SQLite reports a constraint), SQLite's IS an IS NOT DISTINCT FROM and its
-- scalar max(a, b) GREATEST. Counters are BIGINT. PostgreSQL fires a statement's AFTER row
-- triggers when the statement ends, SQLite after each row: the totals come out the same, as every
-- trigger recounts from the tables or adds one row's game.
CREATE TABLE rank_totals (
    mode        TEXT NOT NULL,
    user_id     TEXT NOT NULL,
    games       BIGINT NOT NULL,
    total       BIGINT NOT NULL,
    wins        BIGINT NOT NULL,
    best        BIGINT NOT NULL,
    hands       BIGINT NOT NULL,
    deal_ins    BIGINT NOT NULL,
    known_hands BIGINT NOT NULL,
    PRIMARY KEY (mode, user_id)
);

CREATE TABLE rank_version (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    data    BIGINT NOT NULL,
    names   BIGINT NOT NULL,
    matches BIGINT NOT NULL DEFAULT 0
);
INSERT INTO rank_version VALUES (1, 0, 0, 0);

-- a new counted game adds to its player's totals
CREATE FUNCTION rank_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO rank_totals AS t
    SELECT m.mode, NEW.user_id, 1, NEW.result, coalesce(NEW.won, 0), NEW.result, m.hands,
           coalesce(NEW.dealt_in, 0), CASE WHEN NEW.dealt_in IS NULL THEN 0 ELSE m.hands END
    FROM matches m
    WHERE m.id = NEW.match_id AND m.ranked = 1 AND m.completed = 1 AND m.voided_at IS NULL
    ON CONFLICT (mode, user_id) DO UPDATE SET
        games = t.games + 1, total = t.total + excluded.total, wins = t.wins + excluded.wins,
        best = GREATEST(t.best, excluded.best), hands = t.hands + excluded.hands,
        deal_ins = t.deal_ins + excluded.deal_ins, known_hands = t.known_hands + excluded.known_hands;
    UPDATE rank_version SET data = data + 1
    WHERE id = 1 AND EXISTS (SELECT 1 FROM matches m WHERE m.id = NEW.match_id AND m.ranked = 1
                             AND m.completed = 1 AND m.voided_at IS NULL);
    RETURN NULL;
END $$;
CREATE TRIGGER rank_totals_add AFTER INSERT ON match_players
FOR EACH ROW WHEN (NEW.user_id IS NOT NULL AND NEW.is_bot = 0)
EXECUTE FUNCTION rank_totals_add();

-- anything else that changes what counts: the totals of the players concerned are counted again,
-- in the modes given (NULL: all), by this one function the three triggers below share
CREATE FUNCTION rank_totals_recount(users TEXT[], modes TEXT[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM rank_totals
    WHERE user_id = ANY (users) AND (modes IS NULL OR mode = ANY (modes));
    INSERT INTO rank_totals
    SELECT m.mode, p.user_id, count(*), sum(p.result), sum(coalesce(p.won, 0)), max(p.result), sum(m.hands),
           sum(coalesce(p.dealt_in, 0)), sum(CASE WHEN p.dealt_in IS NULL THEN 0 ELSE m.hands END)
    FROM match_players p JOIN matches m ON m.id = p.match_id
    WHERE p.user_id = ANY (users) AND (modes IS NULL OR m.mode = ANY (modes)) AND p.is_bot = 0
      AND m.ranked = 1 AND m.completed = 1 AND m.voided_at IS NULL
    GROUP BY m.mode, p.user_id;
    UPDATE rank_version SET data = data + 1 WHERE id = 1;
END $$;

CREATE FUNCTION rank_totals_match_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM rank_totals_recount(ARRAY(SELECT user_id FROM match_players WHERE match_id = NEW.id AND user_id IS NOT NULL),
                                ARRAY[OLD.mode, NEW.mode]);
    RETURN NULL;
END $$;
CREATE TRIGGER rank_totals_match_changed
AFTER UPDATE OF mode, ranked, completed, voided_at, hands ON matches
FOR EACH ROW EXECUTE FUNCTION rank_totals_match_changed();

CREATE FUNCTION rank_totals_player_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM rank_totals_recount(ARRAY[OLD.user_id], NULL);
    RETURN NULL;
END $$;
CREATE TRIGGER rank_totals_player_deleted AFTER DELETE ON match_players
FOR EACH ROW WHEN (OLD.user_id IS NOT NULL)
EXECUTE FUNCTION rank_totals_player_deleted();

CREATE FUNCTION rank_totals_player_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM rank_totals_recount(ARRAY[OLD.user_id, NEW.user_id], NULL);
    RETURN NULL;
END $$;
CREATE TRIGGER rank_totals_player_changed
AFTER UPDATE OF user_id, is_bot, result, won, dealt_in ON match_players
FOR EACH ROW EXECUTE FUNCTION rank_totals_player_changed();

-- the leaderboard shows current display names
CREATE FUNCTION rank_names_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE rank_version SET names = names + 1 WHERE id = 1;
    RETURN NULL;
END $$;
CREATE TRIGGER rank_names_renamed AFTER UPDATE OF display_name ON users
FOR EACH ROW EXECUTE FUNCTION rank_names_changed();
CREATE TRIGGER rank_names_deleted AFTER DELETE ON users
FOR EACH ROW EXECUTE FUNCTION rank_names_changed();

-- a new row must carry its match's mode, counted and voided; anything else is refused
CREATE FUNCTION match_players_copy_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM match_copies c
                   WHERE c.id = NEW.match_id AND c.mode IS NOT DISTINCT FROM NEW.mode
                     AND c.counted IS NOT DISTINCT FROM NEW.counted
                     AND c.voided IS NOT DISTINCT FROM NEW.voided) THEN
        RAISE EXCEPTION 'match_players: mode, counted and voided must be those of the match'
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER match_players_copy_new BEFORE INSERT ON match_players
FOR EACH ROW EXECUTE FUNCTION match_players_copy_new();

-- a change to a match is copied to its players in the same statement
CREATE FUNCTION match_players_copy_match() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE match_players SET mode = c.mode, counted = c.counted, voided = c.voided
    FROM match_copies c WHERE c.id = NEW.id AND match_players.match_id = NEW.id;
    RETURN NULL;
END $$;
CREATE TRIGGER match_players_copy_match AFTER UPDATE OF mode, ranked, completed, voided_at ON matches
FOR EACH ROW EXECUTE FUNCTION match_players_copy_match();

-- the number of stored matches
CREATE FUNCTION match_count_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE rank_version SET matches = matches + 1 WHERE id = 1;
    RETURN NULL;
END $$;
CREATE TRIGGER match_count_added AFTER INSERT ON matches
FOR EACH ROW EXECUTE FUNCTION match_count_added();

CREATE FUNCTION match_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE rank_version SET matches = matches - 1 WHERE id = 1;
    RETURN NULL;
END $$;
CREATE TRIGGER match_count_deleted AFTER DELETE ON matches
FOR EACH ROW EXECUTE FUNCTION match_count_deleted();
