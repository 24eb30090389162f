-- 0009_bots.sql — PostgreSQL, the cluster's records: bot accounts, as SQLite's 0016_bots.sql (read
-- it for what each column means). Dialect: times are BIGINT, flags INTEGER holding 0 or 1, the
-- token's hash BYTEA.
ALTER TABLE users ADD COLUMN is_bot INTEGER NOT NULL DEFAULT 0;

CREATE TABLE bots (
    user_id        TEXT PRIMARY KEY REFERENCES users (id),
    owner_id       TEXT NOT NULL REFERENCES users (id),
    description    TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 200),
    public         INTEGER NOT NULL DEFAULT 0,
    token_hash     BYTEA CHECK (token_hash IS NULL OR octet_length(token_hash) = 32),
    created_at     BIGINT NOT NULL,
    token_at       BIGINT,
    deleted_at     BIGINT,
    suspended_at   BIGINT,
    suspend_reason TEXT
);
CREATE UNIQUE INDEX bots_by_token ON bots (token_hash) WHERE token_hash IS NOT NULL;
CREATE INDEX bots_by_owner ON bots (owner_id, created_at) WHERE deleted_at IS NULL;
