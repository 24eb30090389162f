-- 0011_review_summaries.sql — PostgreSQL, the cluster's records: the review of each human seat of
-- each finished match, in figures, as SQLite's 0018_review_summaries.sql (read it for the meaning
-- of each column).
CREATE TABLE review_summaries (
    match_id   TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    version    INTEGER NOT NULL,
    failed     INTEGER NOT NULL DEFAULT 0,
    decisions  INTEGER NOT NULL,
    agreed     INTEGER NOT NULL,
    marks_efficiency INTEGER NOT NULL,
    marks_defence    INTEGER NOT NULL,
    marks_call       INTEGER NOT NULL,
    marks_riichi     INTEGER NOT NULL,
    marks_win        INTEGER NOT NULL,
    marks_small      INTEGER NOT NULL,
    marks_clear      INTEGER NOT NULL,
    marks_big        INTEGER NOT NULL,
    PRIMARY KEY (match_id, seat)
);
