/*
 * gateway_watch.h — spectators (gateway_watch.c): "watch" and "unwatch", and the fan-out of a
 * table's public feed that the table's timer (gateway_tables.c) drives. Not a public header.
 */
#ifndef IPPON_SERVER_GATEWAY_WATCH_H
#define IPPON_SERVER_GATEWAY_WATCH_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "game/gateway.h"
#include "game/table.h"

struct gw_table;

/* a table's spectators: part of its gw_table, zero when it starts; gateway_watch.c's alone */
struct gw_spectators {
    ippon_conn **c;
    int n, cap;
    long sent;              /* the feed's entries before this one every spectator has */
    bool count_dirty;       /* the players have not heard the latest count yet */
    int64_t count_sent_at;
};

/* a seat of table t as spectators and the lobby's list see it: {"seat","name","bot","ai"}; bot: a
   built-in bot or a bot account's AI over mjai; ai: the latter (new reference) */
json_t *gw_seat_public_json(const ippon_table *t, int seat);

/* "watch" and "unwatch"; a closing connection stops watching */
void gw_watch(ippon_gateway *gw, ippon_conn *c, const json_t *msg, int64_t now);
void gw_unwatch(ippon_gateway *gw, ippon_conn *c);
void gw_watch_closed(ippon_gateway *gw, ippon_conn *c);
/* when the table next has something for its spectators or players (a due event, the count), or -1 */
int64_t gw_watch_due(const ippon_gateway *gw, struct gw_table *gt);
/* sends the spectators what is due, and the players the count */
void gw_watch_fan_out(ippon_gateway *gw, struct gw_table *gt, int64_t now);
/* a finished table's spectators have had all of it (or there are none) */
bool gw_watch_done(struct gw_table *gt);
/* the table goes: its spectators are told "watch_ended" */
void gw_watch_end(ippon_gateway *gw, struct gw_table *gt);

#endif
