-- 0002_identities.sql — who plays: users (guests and registered accounts) and their
-- sessions. The logic is src/server/auth/auth.c; the SQL that reads and writes these tables is
-- src/server/store/store_users.c.
--
-- A guest is a users row without username and password_hash; its only credential is its
-- session token (kept by the browser). Registering, or claiming a guest (same id, so its
-- history stays), sets both. Times are Unix seconds.
CREATE TABLE users (
    id            TEXT PRIMARY KEY,                     -- 32 lowercase hex, random 128-bit
    display_name  TEXT NOT NULL UNIQUE COLLATE NOCASE,  -- shown to other players
    username      TEXT UNIQUE COLLATE NOCASE,           -- login name; NULL for a guest
    password_hash TEXT,                                 -- crypto_pwhash_str (argon2id); NULL for a guest
    is_admin      INTEGER NOT NULL DEFAULT 0,
    banned_at     INTEGER,                              -- NULL unless banned
    created_at    INTEGER NOT NULL,
    last_seen_at  INTEGER NOT NULL,
    CHECK ((username IS NULL) = (password_hash IS NULL))
);

-- One row per live session. The token itself (32 random bytes, 64 hex on the wire) is
-- never stored: token_hash is its crypto_generichash (BLAKE2b, 32 bytes), so a copy of
-- the database does not let anyone in. Expired rows are deleted lazily.
CREATE TABLE sessions (
    token_hash   BLOB PRIMARY KEY CHECK (length(token_hash) = 32),
    user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    last_used_at INTEGER NOT NULL
) WITHOUT ROWID;

CREATE INDEX sessions_by_user ON sessions(user_id);
CREATE INDEX sessions_by_expiry ON sessions(expires_at);
