-- 0015_rating_write_pages.sql — fewer pages written for each rated match (0012_ratings.sql's
-- tables; tests/bench/README.md, "match writes with ratings"). Two indexes put a random page of
-- their own into every match write: ratings_by_sigma (a player's entry moves with each match)
-- and rating_history_match (a random match id). The boards' counts read ratings_by_rating
-- instead, which holds sigma too; a match's history rows are found by their seq (the number the
-- match was rated under), whose index only ever grows at its end. The seq index also serves the
-- foreign key from rating_history to rated_matches, which a void's delete checks.
DROP INDEX ratings_by_sigma;
DROP INDEX rating_history_match;
CREATE INDEX rating_history_seq ON rating_history (seq);
