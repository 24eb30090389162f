/*
 * ladder_json.h — the bot ladder's REST replies made of the store's rows (store/store_ladder.h):
 * the shapes src/server/README.md ("The bot ladder") documents. ladder_rest.c sends the board and
 * the recent sets; players_rest.c adds a bot's standings to its profile.
 *
 *   board      {"total", "bots": [{"rank", "user": {"id", "display_name", "bot": true},
 *              "owner": {"id", "display_name"} (null: no bots row), "description", "mu", "sigma",
 *              "provisional", "matches", "wins", "points", "average", "sets", "last_at",
 *              "suspended", "deleted"}]}
 *   sets       {"sets": [{"id", "complete", "ended_at", "rotations": [{"rotation", "match_id",
 *              "ended_at", "seats": [{"seat", "user": {"id" (null: a built-in bot),
 *              "display_name"}, "final_points", "result"}]}], "totals": [{"user", "points"}]}],
 *              "next_before" (null: no older set)}
 *   standing   {"mu", "sigma", "provisional", "matches", "wins", "points", "sets", "rank"}
 *   standings  {"4p": standing or null, "3p": standing or null}
 *
 * mu and sigma at full precision; "average" is points / matches rounded to a whole point (half
 * away from zero), 0 without matches; "provisional" as the people's ratings say it
 * (ippon_rating_provisional with ippon_rating_defaults). Each returns a new reference, or NULL if
 * out of memory.
 */
#ifndef IPPON_SERVER_LADDER_JSON_H
#define IPPON_SERVER_LADDER_JSON_H

#include <jansson.h>
#include <stdint.h>

#include "store/store_ladder.h"

json_t *ippon_json_ladder_board(const ippon_ladder_board *board);
json_t *ippon_json_ladder_sets(const ippon_ladder_sets *sets);

/*
 * A player's ladder standings read from the store into *out (the profile's "ladder"), and the
 * profile's stamp moved by its ranks (ippon_ladder_stamp) in *stamp: 0, or -1 (the store failed
 * or out of memory; *out NULL).
 */
int ippon_json_load_ladder(ippon_store *st, const char *user_id, json_t **out, uint64_t *stamp);

#endif
