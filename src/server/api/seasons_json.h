/*
 * seasons_json.h — the seasons in REST replies (src/server/README.md, "Seasons"): what a season
 * board's reply says of its season, and a profile's season history.
 *
 *   season board  the leaderboard's keys (rankings_json.h) and "period": "season", "season"
 *                 ("YYYY-MM", its first month), "season_start" and "season_end" (unix ms: its first
 *                 millisecond and the first one after it, UTC), "season_months", "final" (true once
 *                 the season is over: its standings are final)
 *   seasons       {"4p": [{"season", "rank" (null: fewer than leaderboard_min_games games in it),
 *                 "of", "points", "games", "final" (the season is over: its final standing)},
 *                 …newest first, at most 24], "3p": […]}; the profile beside it says
 *                 "season_months" (players_rest.c), so a client can name the seasons' months
 */
#ifndef IPPON_SERVER_SEASONS_JSON_H
#define IPPON_SERVER_SEASONS_JSON_H

#include <jansson.h>
#include <stdint.h>

#include "store/store.h"

/* sets a season board's keys of season (of months months) on board, as of now_ms: 0 or -1 */
int ippon_json_season_keys(json_t *board, int32_t season, int months, int64_t now_ms);

/* a player's seasons in every mode, read from the store: 0 with *out set, or -1 */
int ippon_json_load_seasons(ippon_store *st, const char *user_id, int months, int min_games, int64_t now_ms,
                            json_t **out);

#endif
