/*
 * gateway_room_limits.h — the limits on room codes that lead nowhere (gateway_room_limits.c,
 * room_limits.h). A room_join of c for code is an attempt: refused, c gets rate_limited with
 * retry_after_ms; admitted, gw_room_join_go (gateway_rooms.h) runs — at once, or once a cluster's
 * shared buckets answered. Not a public header.
 */
#ifndef IPPON_SERVER_GATEWAY_ROOM_LIMITS_H
#define IPPON_SERVER_GATEWAY_ROOM_LIMITS_H

#include <stdbool.h>
#include <stdint.h>

#include "game/gateway.h"

int gw_room_limits_init(ippon_gateway *gw);
void gw_room_limits_free(ippon_gateway *gw);
void gw_room_join_ask(ippon_gateway *gw, ippon_conn *c, const char *code);
/* an admitted attempt of c ended: failed (its code led nowhere: it stays counted, and goes into the
   log's summary) or not (given back, across the cluster too when shared) */
void gw_room_join_end(ippon_gateway *gw, ippon_conn *c, bool shared, bool failed);
/* the summary lines of the addresses whose minute is over (every address: all) */
void gw_room_limits_report(ippon_gateway *gw, int64_t now, bool all);

#endif
