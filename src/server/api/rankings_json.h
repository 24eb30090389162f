/*
 * rankings_json.h — the rankings' REST replies made of the store's rows (store/store_rankings.h):
 * the shapes src/server/README.md ("Rankings") documents. The routes (leaderboard_rest.c,
 * players_rest.c, matches_rest.c) and the admin's void (admin_rest.c) send them.
 *
 *   leaderboard  {"total", "rows": [{"rank", "user_id", "display_name", "games", "total",
 *                "average", "wins", "best"}]}
 *   profile      {"user_id", "display_name", "created_at", "modes": {"4p": {"games", "total",
 *                "average", "wins", "win_rate", "best", "hands", "deal_ins", "deal_in_rate",
 *                "hand_win_rate"}, "3p": {…}}, "recent": [{"id", "mode", "ended_at", "result",
 *                "final_points", "seat", "counted"}], "history": {"4p": [{"ended_at",
 *                "cumulative"}], "3p": […]}}
 *   match list   {"total", "matches": [{"id", "mode", "rules", "ranked", "completed", "voided",
 *                "hands", "started_at", "ended_at", "players": [seat…]}]}
 *   match        {"id", "mode", "rules", "ranked", "completed", "voided_at", "void_reason",
 *                "hands", "started_at", "ended_at", "players": [seat…], "wins", "seeds"}
 *   seat         {"seat", "user_id" (null: a bot), "display_name", "bot", "final_points", "result"}
 *
 * Rates are null when there is nothing to divide by (deal_in_rate, hand_win_rate); an average
 * or a win rate of no games is 0. Each returns a new reference, or NULL if out of memory.
 */
#ifndef IPPON_SERVER_RANKINGS_JSON_H
#define IPPON_SERVER_RANKINGS_JSON_H

#include <jansson.h>

#include "store/store_rankings.h"

/* read from the store and made JSON in one step: the store's code (0, IPPON_STORE_NOT_FOUND,
   -1; -1 also when out of memory) with *out set on 0 */
int ippon_json_load_leaderboard(ippon_store *st, const ippon_leaderboard_query *q, json_t **out);
int ippon_json_load_profile(ippon_store *st, const char *user_id, json_t **out);
int ippon_json_load_matches(ippon_store *st, const char *user_id, int page, int limit, json_t **out);
int ippon_json_load_match_detail(ippon_store *st, const char *id, json_t **out);

#endif
