-- 0001_identities.sql — PostgreSQL, the cluster's records (src/server/store/sql_pg.c): who plays
-- and the run-time settings, shared by every node, as SQLite's 0001_settings.sql,
-- 0002_identities.sql and the ban's part of 0006_admin.sql are for a single node (read them for
-- what each column means). The same tables, columns in the same order, and the same rows: the
-- SQL the server runs is shared by both engines. Dialect: times are Unix seconds in BIGINT; flags
-- stay INTEGER holding 0 or 1, as SQLite's (the shared SQL writes is_admin = 1 and binds
-- integers); a token's hash is BYTEA; ban_reason (added by 0006 in SQLite) is in the table from
-- the start.
--
-- SQLite's COLLATE NOCASE (ASCII letters only) becomes unique indexes on lower(): the names'
-- own rules (auth/name_rules.c) keep them to what both fold alike. A plain "username = $1" is
-- case-sensitive here, unlike SQLite's: lookups by name compare lower() on both sides.
CREATE TABLE settings (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    display_name  TEXT NOT NULL,
    username      TEXT,
    password_hash TEXT,
    is_admin      INTEGER NOT NULL DEFAULT 0,
    banned_at     BIGINT,
    created_at    BIGINT NOT NULL,
    last_seen_at  BIGINT NOT NULL,
    ban_reason    TEXT,
    CHECK ((username IS NULL) = (password_hash IS NULL))
);
CREATE UNIQUE INDEX users_display_name ON users (lower(display_name));
CREATE UNIQUE INDEX users_username ON users (lower(username));
CREATE INDEX users_banned ON users (banned_at) WHERE banned_at IS NOT NULL;

CREATE TABLE sessions (
    token_hash   BYTEA PRIMARY KEY CHECK (octet_length(token_hash) = 32),
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    last_used_at BIGINT NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);
