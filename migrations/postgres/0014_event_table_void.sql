-- 0014_event_table_void.sql — PostgreSQL, as SQLite's 0021_event_table_void.sql (read it for why):
-- an event table marked void when its match ended without a record.
ALTER TABLE event_tables ADD COLUMN voided_at BIGINT;
