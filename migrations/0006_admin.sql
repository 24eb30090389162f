-- 0006_admin.sql — administering the service: why a user is banned, and the audit log of every
-- admin action. The admin role (users.is_admin) and the ban itself (users.banned_at) are in
-- 0002_identities.sql; run-time settings are rows of settings (0001_settings.sql). The SQL that
-- reads and writes these is src/server/store/store_admin.c.

-- the reason an administrator gave for the ban (NULL unless banned)
ALTER TABLE users ADD COLUMN ban_reason TEXT;

-- One row per admin action, never changed or deleted: who did what to what, when and why.
-- admin_id is NULL for the command line (`ippon admin ...`) and for failed admin logins, whose
-- target is the account tried; admin_name keeps the name as it was. detail is a JSON object
-- with what the action needs to be understood later (old and new values, the address...).
CREATE TABLE admin_audit (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    at         INTEGER NOT NULL,   -- unix ms
    admin_id   TEXT,
    admin_name TEXT NOT NULL,
    action     TEXT NOT NULL,      -- ban, unban, rename, void_match, close_table, settings, ...
    target     TEXT NOT NULL,      -- a user id, match id, table id or setting names; '' if none
    reason     TEXT NOT NULL,
    detail     TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX admin_audit_at ON admin_audit (at);
CREATE INDEX users_banned ON users (banned_at) WHERE banned_at IS NOT NULL;
