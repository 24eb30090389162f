/*
 * gateway_room_bots.h — AIs in private rooms (gateway_room_bots.c; PROTOCOL.md "AIs in a private
 * table", MJAI.md "Invitations"): the host of a room seats bot accounts' AIs by name — AIs waiting
 * at /mjai?room=invitations, or public ones waiting in the bot ladder's pool — and unseats them;
 * when the room starts they play their seats over mjai. Not a public header.
 */
#ifndef IPPON_SERVER_GATEWAY_ROOM_BOTS_H
#define IPPON_SERVER_GATEWAY_ROOM_BOTS_H

#include <jansson.h>
#include <stdbool.h>

#include "game/gateway.h"
#include "game/rooms.h"

/* the hosts' messages about AIs (room_bots, room_seat_bot, room_unseat_bot); false when `type` is
   none of them */
bool gw_room_bots_message(ippon_gateway *gw, ippon_conn *c, const char *type, const json_t *msg);
/* the AI of connection c (just opened at /mjai) is seated in a room: it stays there if it waits for
   the room's mode again (invitations or the ladder), else it leaves it, the members told */
void gw_room_bot_connected(ippon_gateway *gw, ippon_conn *c);
/* the AI bot_id's connection closed: it leaves the room it was seated in, the members told */
void gw_room_bot_gone(ippon_gateway *gw, const char *bot_id);
/* the AIs of a room that closed unplayed (their seats freed): those that came from the ladder's pool
   go back to it */
void gw_room_bots_released(ippon_gateway *gw, const ippon_room *room);

#endif
