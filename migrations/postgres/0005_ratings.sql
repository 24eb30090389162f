-- 0005_ratings.sql — PostgreSQL, the cluster's records: skill ratings and dan ranks, as SQLite's
-- 0012_ratings.sql (read it for the meaning of each column). Dialect: REAL is DOUBLE PRECISION
-- (both IEEE doubles: store/sql.h reads a rating back bit for bit on either engine).
CREATE TABLE ratings (
    mode        TEXT NOT NULL CHECK (mode IN ('4p', '3p')),
    user_id     TEXT NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    games       BIGINT NOT NULL,
    tier        INTEGER NOT NULL,
    rank_points INTEGER NOT NULL,
    PRIMARY KEY (mode, user_id)
);
