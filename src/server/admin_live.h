/*
 * admin_live.h — what an administrator sees of, and does to, the running game: the tables in
 * progress (mode, players, hand, honba, sticks, how long), the queues and their waits, who is
 * connected; a table's public view; closing a stuck table; closing a banned user's connection.
 * Also the gauges of /metrics (metrics.h).
 *
 * It reads the gateway's insides (gateway_internal.h) but changes the game only through the
 * gateway's and the table's own functions. Public views come from ippon_table_public_view:
 * never a concealed tile.
 */
#ifndef IPPON_SERVER_ADMIN_LIVE_H
#define IPPON_SERVER_ADMIN_LIVE_H

#include <jansson.h>
#include <stdbool.h>

#include "gateway.h"

#define IPPON_LIVE_MAX_TABLES 500 /* tables listed by ippon_live_json (the count is always whole) */

typedef struct ippon_live_gauges {
    long connections, players_online;
    long tables[2], queued[2];  /* [0] 4p, [1] 3p */
    double longest_wait_s[2];   /* of the first in each queue; 0 if empty */
    long matches_finished, messages_in, messages_out, bad_messages;
    bool draining, maintenance;
} ippon_live_gauges;

void ippon_live_gauges_get(ippon_gateway *gw, ippon_live_gauges *out);

/*
 * The live view (new reference): {"connections", "players_online", "draining", "maintenance",
 * "queues": {"4p": {"size", "longest_wait_ms", "waiting": [{"user_id", "name", "waited_ms"}]},
 * "3p": …}, "tables_total", "tables": [{"id", "mode", "ranked", "hand_number", "round_wind",
 * "dealer", "honba", "sticks", "running_ms", "players": [{"seat", "name", "bot", "user_id",
 * "connected"}]}]} — the longest-running tables first, at most IPPON_LIVE_MAX_TABLES.
 */
json_t *ippon_live_json(ippon_gateway *gw);

/* the public view of the running table table_id (new reference; table.h), or NULL if none */
json_t *ippon_live_table_view(ippon_gateway *gw, const char *table_id);

/*
 * End the running table table_id without a result: its players get table_closed with reason,
 * nothing counts in the rankings, the record is stored as not completed. 0, or -1 if no such
 * table is running.
 */
int ippon_live_close_table(ippon_gateway *gw, const char *table_id, const char *reason);

/* close user_id's connection, if open, after an error {code, message}; true if there was one.
   The user also leaves the queue. */
bool ippon_live_disconnect(ippon_gateway *gw, const char *user_id, const char *code, const char *message);

/* user_id was renamed: its connection uses the new name from now on (tables keep the old one) */
void ippon_live_renamed(ippon_gateway *gw, const char *user_id, const char *display_name);

/* is user_id connected? */
bool ippon_live_online(ippon_gateway *gw, const char *user_id);

#endif
