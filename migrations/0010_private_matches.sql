-- 0010_private_matches.sql — matches played at a friends' private table (src/server/game/rooms.h):
-- never ranked, shown as private in the players' profiles and on the match's page.
ALTER TABLE matches ADD COLUMN private INTEGER NOT NULL DEFAULT 0;
