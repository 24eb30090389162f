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
