/*
 * bots_json.h — a bot account (store_bots.h) as the REST replies show it, to its owner
 * (bots_rest.c) and to an administrator (admin_rest.c):
 *   {"id", "name", "description", "public", "created_at" (Unix s), "suspended", "suspend_reason" (null: none),
 *    "ladder_suspended", "ladder_reason" (null: none; the bot ladder's suspension for timeouts)}
 */
#ifndef IPPON_SERVER_BOTS_JSON_H
#define IPPON_SERVER_BOTS_JSON_H

#include <jansson.h>

#include "store/store_bots.h"

/* the bot's object (new reference), or NULL out of memory */
json_t *ippon_bot_json(const ippon_bot *bot);

/*
 * What a bot's profile adds (players_rest.c), if user_id is a bot account (deleted ones too):
 * "owner": {"id", "display_name"} and "description", into profile. 0 (nothing added for anyone
 * else) or -1 (the store failed).
 */
int ippon_json_add_bot_about(ippon_store *st, const char *user_id, json_t *profile);

#endif
