-- 0012_ratings.sql — skill ratings and dan ranks, per player and mode (include/ippon/rating.h,
-- include/ippon/ladder.h; read and written by src/server/store/store_ratings.c).
--
-- A player with no row in a mode has never played a counted game of it (0004_rankings.sql says
-- what counts): it stands at the initial rating (mu0, sigma0) at Novice with 0 rank points.
CREATE TABLE ratings (
    mode        TEXT NOT NULL CHECK (mode IN ('4p', '3p')),
    user_id     TEXT NOT NULL,
    mu          REAL NOT NULL,    -- the estimated strength (rating.h's scale: a new player 1500)
    sigma       REAL NOT NULL,    -- its uncertainty; provisional while above the documented value
    games       INTEGER NOT NULL, -- counted matches rated
    tier        INTEGER NOT NULL, -- index into ippon_ladder_tiers (0 Novice … 19 10 dan)
    rank_points INTEGER NOT NULL, -- rank points within the tier
    PRIMARY KEY (mode, user_id)
) WITHOUT ROWID;
-- The rating and dan boards (store_ratings.c) find a page in their order from these alone, without
-- sorting and without reading the rows they skip (sigma is in the index: established or
-- provisional): by rating (mu desc, then user id) and by dan (tier desc, rank points desc, mu desc,
-- user id); a board's count reads ratings_by_sigma.
CREATE INDEX ratings_by_rating ON ratings (mode, mu DESC, user_id, sigma);
CREATE INDEX ratings_by_dan ON ratings (mode, tier DESC, rank_points DESC, mu DESC, user_id, sigma);
CREATE INDEX ratings_by_sigma ON ratings (mode, sigma);

-- Every counted match is rated once, when it is stored, in the order of seq (1, 2, 3 …; a match
-- stored late is rated when it is stored, not by its ended_at). Replaying the counted matches in
-- seq order from everyone's initial standing gives the stored values again bit for bit
-- (`ippon admin ratings --recompute`). A voided match leaves this table, and the ratings after it
-- are replayed without it.
CREATE TABLE rated_matches (
    seq      INTEGER PRIMARY KEY,
    match_id TEXT NOT NULL UNIQUE REFERENCES matches (id) ON DELETE CASCADE,
    mode     TEXT NOT NULL CHECK (mode IN ('4p', '3p'))
);
CREATE INDEX rated_matches_mode ON rated_matches (mode, seq);

-- One row per human and rated match: the standing before and after it (a player's history, newest
-- first by seq; the result screen's "before → after").
CREATE TABLE rating_history (
    user_id       TEXT NOT NULL,
    mode          TEXT NOT NULL CHECK (mode IN ('4p', '3p')),
    seq           INTEGER NOT NULL REFERENCES rated_matches (seq) ON DELETE CASCADE,
    match_id      TEXT NOT NULL,
    ended_at      INTEGER NOT NULL, -- the match's, copied (unix ms)
    mu_before     REAL NOT NULL,
    sigma_before  REAL NOT NULL,
    mu_after      REAL NOT NULL,
    sigma_after   REAL NOT NULL,
    tier_before   INTEGER NOT NULL,
    points_before INTEGER NOT NULL,
    tier_after    INTEGER NOT NULL,
    points_after  INTEGER NOT NULL,
    rank_delta    INTEGER NOT NULL, -- the rank points the match gave (ladder.h), before promotion or demotion
    PRIMARY KEY (user_id, mode, seq)
) WITHOUT ROWID;
CREATE INDEX rating_history_match ON rating_history (match_id);
