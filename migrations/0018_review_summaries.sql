-- 0018_review_summaries.sql — the review of each human seat of each finished match, in figures
-- (src/server/store/review_writes.h; src/review/README.md "Output": "summary"), for a player's
-- trend on the profile (GET /api/players/{id}/review-stats). One row per (match, seat) of a
-- registered or guest player; bots' seats have none. Written with the match by the store writer,
-- or later, for a match stored before this table, when a trend asks for it.
--   version      the review library's IPPON_REVIEW_VERSION the row was counted with
--   failed       1: the match did not replay or review (counted as nothing; not tried again)
--   decisions    the decisions that were choices; agreed: those that agreed
--   marks_efficiency … marks_win   the marked decisions per category
--   marks_small, marks_clear, marks_big  the marked decisions per severity
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
