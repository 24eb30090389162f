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
   room_again); false when
   `type` is none of them */
bool gw_room_message(ippon_gateway *gw, ippon_conn *c, const char *type, const json_t *msg, int64_t now);
bool gw_in_room(ippon_gateway *gw, const char *user_id);
/* after a hello: the room the player is in, again */
void gw_room_rejoin(ippon_gateway *gw, ippon_conn *c);
/* a room_join the limits admitted (shared: counted across the cluster too): its code is looked
   at, here or by the cluster's matchmaker */
void gw_room_join_go(ippon_gateway *gw, ippon_conn *c, const char *code, bool shared);
/* rooms nobody started in time close (once a second) */
void gw_rooms_expire(ippon_gateway *gw, int64_t now);

#endif
