-- 0009_match_fairness.sql — what a match's walls were made from (include/ippon/fairness.h): the
-- server's secret, its commitment and every seat's contribution, as JSON
-- {"secret":hex,"commitment":hex,"contributions":["hex" or "", …]}. NULL for the matches stored
-- before it, whose seeds were drawn directly at random (their seeds alone check their walls).
ALTER TABLE matches ADD COLUMN fairness TEXT;
