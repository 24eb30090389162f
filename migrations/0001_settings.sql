-- 0001_settings.sql — run-time settings that the admin area changes without a restart
-- (for example how long the lobby waits before filling seats with bots).
-- One row per setting; value is text that the code reading the setting parses;
-- updated_at is Unix time in seconds.
CREATE TABLE settings (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at INTEGER NOT NULL
);
