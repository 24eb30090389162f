-- 0001_identities.sql — PostgreSQL, the cluster's records (src/server/store/pg_store.c): who plays
-- and the run-time settings, shared by every node, as SQLite's 0001_settings.sql and
-- 0002_identities.sql are for a single node (read them for what each column means). The same
-- rows, in PostgreSQL's types: times are Unix seconds in BIGINT, flags are BOOLEAN, a token's
-- hash is BYTEA.
--
-- SQLite's COLLATE NOCASE (ASCII letters only) becomes unique indexes on lower(): the names'
-- own rules (auth/name_rules.c) keep them to what both fold alike.
CREATE TABLE settings (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE users (
    id            TEXT PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
    display_name  TEXT NOT NULL,
    username      TEXT,
    password_hash TEXT,
    is_admin      BOOLEAN NOT NULL DEFAULT false,
    banned_at     BIGINT,
    created_at    BIGINT NOT NULL,
    last_seen_at  BIGINT NOT NULL,
    CHECK ((username IS NULL) = (password_hash IS NULL))
);
CREATE UNIQUE INDEX users_display_name ON users (lower(display_name));
CREATE UNIQUE INDEX users_username ON users (lower(username));

CREATE TABLE sessions (
    token_hash   BYTEA PRIMARY KEY CHECK (octet_length(token_hash) = 32),
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    last_used_at BIGINT NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);
