/*
 * match_ladder.h — a bot-ladder match's set and rotation (stored_match.h, ippon_match_ladder) as
 * JSON, {"set": 32 hex, "rotation": r}: the one form the table's journal (game/table.c, its open
 * record) and the pending-matches file (store_spill.h) keep it in.
 */
#ifndef IPPON_SERVER_MATCH_LADDER_H
#define IPPON_SERVER_MATCH_LADDER_H

#include <jansson.h>

#include "store/stored_match.h"

/* the JSON of l, or NULL when the match is no ladder match (set_id "") */
json_t *ippon_match_ladder_json(const ippon_match_ladder *l);

/* v into out (v NULL: no ladder match, 0); -1 if v is not a set id (32 lowercase hex) and a
   rotation 0 … players − 1 (out then none) */
int ippon_match_ladder_read(const json_t *v, int players, ippon_match_ladder *out);

#endif
