-- 0020_event_rounds.sql — events' rounds as the store writes them (store_event_rounds.c): a table's
-- match is found by its id when the match is stored (the round is done, in the match's transaction,
-- once every table's match is), so event_tables is indexed by match_id. A round's secret is stored
-- with the round when it starts (the tables need it; a node taking the event over reads it back) and
-- shown only once the round is done: 0019's "secret only once the round is done" is the replies' rule.
CREATE INDEX event_tables_by_match ON event_tables (match_id);
