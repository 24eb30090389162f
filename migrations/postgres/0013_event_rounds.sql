-- 0013_event_rounds.sql — PostgreSQL, as SQLite's 0020_event_rounds.sql (read it for why): event
-- tables found by their match's id.
CREATE INDEX event_tables_by_match ON event_tables (match_id);
