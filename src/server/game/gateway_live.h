/*
 * gateway_live.h — the gateway's public interface for running the service: the tables in
 * progress (mode, players, hand, honba, sticks, how long), the queues and their waits, who is
 * connected; a table's public view; closing a stuck table; closing a banned user's connection.
 * The admin's REST routes (api/admin_rest.c) use it; the gauges of /metrics come from
 * ippon_gateway_stats_get (gateway.h).
 *
 * Public views come from ippon_table_public_view: never a concealed tile.
 */
#ifndef IPPON_SERVER_GATEWAY_LIVE_H
#define IPPON_SERVER_GATEWAY_LIVE_H

#include <jansson.h>
#include <stdbool.h>

#include "game/gateway.h"

#define IPPON_GATEWAY_LIVE_MAX_TABLES 500 /* tables listed by ippon_gateway_live_json (the count is always whole) */

/*
 * The live view (new reference): {"connections", "players_online", "draining", "maintenance",
 * "queues": {"4p": {"size", "longest_wait_ms", "waiting": [{"user_id", "name", "waited_ms"}]},
 * "3p": …}, "tables_total", "tables": [{"id", "mode", "ranked", "hand_number", "round_wind",
 * "dealer", "honba", "sticks", "running_ms", "players": [{"seat", "name", "bot", "ai", "user_id",
 * "connected"}]}]} — the longest-running tables first, at most IPPON_GATEWAY_LIVE_MAX_TABLES. A
 * seat's "bot" and "ai" are as GET /api/tables gives them (gw_seat_public_json, gateway_watch.h);
 * a bot account's AI has its user_id and is connected or not, as a person is.
 */
json_t *ippon_gateway_live_json(ippon_gateway *gw);

/* the public view of the running table table_id (new reference; table.h), or NULL if none */
json_t *ippon_gateway_table_view(ippon_gateway *gw, const char *table_id);

/*
 * End the running table table_id without a result: its players get table_closed with reason,
 * nothing counts in the rankings, the record is stored as not completed. 0, or -1 if no such
 * table is running.
 */
int ippon_gateway_close_table(ippon_gateway *gw, const char *table_id, const char *reason);

/* close user_id's connection, if open, after an error {code, message}; true if there was one.
   The user also leaves the queue. */
bool ippon_gateway_disconnect(ippon_gateway *gw, const char *user_id, const char *code, const char *message);

/* user_id was renamed: its connection uses the new name from now on (tables keep the old one) */
void ippon_gateway_renamed(ippon_gateway *gw, const char *user_id, const char *display_name);

/* an event organiser's announcement (api/events_rest.c, once stored) to the event's entrants
   connected here: event_announcement {"event","text"} (gateway_event_rounds.c) */
void ippon_gateway_event_announce(ippon_gateway *gw, const char *event_id, const char *text);
/* the cluster voided these tables of a node gone for good (cluster/node.h): an event's among them
   is made void in its event at once, so that its round ends without it (EVENTS.md, "Cluster") */
void ippon_gateway_event_tables_voided(ippon_gateway *gw, const char *const *tables, size_t n);

/* is user_id connected? */
bool ippon_gateway_online(ippon_gateway *gw, const char *user_id);

#endif
