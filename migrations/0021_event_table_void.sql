-- 0021_event_table_void.sql — an event table whose match ended without a record (its journal lost
-- or unreadable at a restart, the match voided at resume): the runner marks it void after a grace
-- (src/server/EVENTS.md "The runner"), so its round is done without it and the event goes on.
-- Its seats have no result that round. NULL: not void.
ALTER TABLE event_tables ADD COLUMN voided_at INTEGER;
