/*
 * ratings_json.h — the ratings' REST replies made of the store's rows (store/store_ratings.h):
 * the shapes src/server/README.md ("Ratings") documents. players_rest.c adds a player's standings
 * to its profile; ratings_rest.c sends the history and the rating and dan boards.
 *
 *   dan        {"tier", "id", "name": {"en", "ja"}, "promote_at" (null at the top tier), "demotes"}
 *   standing   {"rating", "uncertainty" (both rounded to whole points), "provisional", "dan",
 *              "rank_points", "games"}
 *   standings  {"4p": standing, "3p": standing}
 *   history    {"entries": [{"seq", "match_id", "ended_at", "rating_before", "rating_after",
 *              "uncertainty_before", "uncertainty_after" (full precision), "dan_before",
 *              "dan_after", "rank_points_before", "rank_points_after", "rank_points_delta"}],
 *              "next_before" (the seq to ask for older entries; null when none are left)}
 *   board      {"total", "rows": [{"rank", "user_id", "display_name", standing's keys}]}
 *
 * Each returns a new reference, or NULL if out of memory.
 */
#ifndef IPPON_SERVER_RATINGS_JSON_H
#define IPPON_SERVER_RATINGS_JSON_H

#include <jansson.h>

#include "store/store_ratings.h"

json_t *ippon_json_dan(int32_t tier);
json_t *ippon_json_standing(const ippon_standing *s);
json_t *ippon_json_rating_history(const ippon_rating_history *h);
json_t *ippon_json_rating_board(const ippon_rating_board_page *page);

/* a player's standings in every mode, read from the store: 0 with *out set, or -1 */
int ippon_json_load_standings(ippon_store *st, const char *user_id, json_t **out);

#endif
