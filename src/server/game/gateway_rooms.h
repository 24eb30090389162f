/*
 * gateway_rooms.h — private tables over the WebSocket (gateway_rooms.c). Not a public header.
 */
#ifndef IPPON_SERVER_GATEWAY_ROOMS_H
#define IPPON_SERVER_GATEWAY_ROOMS_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "game/gateway.h"

struct ippon_rooms *gw_rooms_new(void);
/* the rooms' messages (room_create, room_join, room_leave, room_close, room_start,
   room_again, and the AIs': gateway_room_bots.h); false when
   `type` is none of them */
bool gw_room_message(ippon_gateway *gw, ippon_conn *c, const char *type, const json_t *msg, int64_t now);
bool gw_in_room(ippon_gateway *gw, const char *user_id);
/* after a hello: the room the player is in, again */
void gw_room_rejoin(ippon_gateway *gw, ippon_conn *c);
/* a room_join the limits admitted (shared: counted across the cluster too): its code is looked
   at, here or by the cluster's matchmaker */
void gw_room_join_go(ippon_gateway *gw, ippon_conn *c, const char *code, bool shared);
/* the host's open room, or NULL with the error sent (no_room, not_host) */
struct ippon_room *gw_room_hosted(ippon_gateway *gw, ippon_conn *c);
/* every human member of the room hears it as it is now ("room") */
void gw_room_tell(ippon_gateway *gw, const struct ippon_room *room);
/* a rooms.h error (IPPON_ROOM_FULL...) sent to c with its code, counted as a bad message */
void gw_room_refuse(ippon_gateway *gw, ippon_conn *c, int err);
/* the cluster's matchmaker told: user joined room code (opened: as its host) */
void gw_room_told_entered(ippon_gateway *gw, const char *code, const char *user_id, bool opened);
/* ... users left room code (ended: it is over, and users were its members) */
void gw_room_told_left(ippon_gateway *gw, const char *code, const char *const *users, int n, bool ended);
/* rooms nobody started in time close (once a second) */
void gw_rooms_expire(ippon_gateway *gw, int64_t now);

#endif
