-- 0016_bots.sql — bot accounts: AI players a registered user makes, which sit at tables over the
-- mjai route (src/server/MJAI.md) with a token of their own. The SQL that reads and writes them is
-- src/server/store/store_bots.c; the routes are api/bots_rest.c (src/server/README.md, "Bots").
--
-- A bot is a users row — so its matches, leaderboards, profiles and ratings are kept as anyone's;
-- its display_name is the bot's name, under the names' usual rules — without username and
-- password_hash, like a guest's, but with is_bot = 1: a guest is a row with username NULL and
-- is_bot = 0, and nothing else. Lists of players read is_bot to mark bots without a join.
ALTER TABLE users ADD COLUMN is_bot INTEGER NOT NULL DEFAULT 0;

-- One row per bot. The token (32 random bytes, 64 hex on the wire, shown once) is never stored:
-- token_hash is its BLAKE2b (32 bytes), as a session's; NULL once revoked. A deleted bot (deleted_at)
-- keeps its users row and its history, and its token is revoked. Times are Unix seconds.
CREATE TABLE bots (
    user_id        TEXT PRIMARY KEY REFERENCES users(id),
    owner_id       TEXT NOT NULL REFERENCES users(id),
    description    TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 200), -- characters
    public         INTEGER NOT NULL DEFAULT 0,        -- 1: others may seat it (private rooms, the ladder)
    token_hash     BLOB CHECK (token_hash IS NULL OR length(token_hash) = 32),
    created_at     INTEGER NOT NULL,
    token_at       INTEGER,                           -- when the current token was made
    deleted_at     INTEGER,                           -- NULL while the bot lives
    suspended_at   INTEGER,                           -- NULL unless an administrator suspended it
    suspend_reason TEXT
);
CREATE UNIQUE INDEX bots_by_token ON bots (token_hash) WHERE token_hash IS NOT NULL;
CREATE INDEX bots_by_owner ON bots (owner_id, created_at) WHERE deleted_at IS NULL;
