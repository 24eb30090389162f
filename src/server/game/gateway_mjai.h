/*
 * gateway_mjai.h — AIs at /mjai as the gateway's files see them (gateway_mjai.c): their tables'
 * lines and timeouts, and their answers. Not a public header (gateway.h has the socket side).
 */
#ifndef IPPON_SERVER_GATEWAY_MJAI_H
#define IPPON_SERVER_GATEWAY_MJAI_H

#include <stddef.h>

#include "game/gateway.h"
#include "game/table.h"

/* a line of table t for the AI user_id, if connected (the last, end_game, closes it: 1000) */
void gw_mjai_line(ippon_gateway *gw, ippon_table *t, const char *user_id, const char *line);
/* the AI at `seat` of t let its clock run out: logged */
void gw_mjai_timed_out(ippon_gateway *gw, ippon_table *t, int seat, const char *user_id);
/* the AI's table closed without a result: told, and its connection closed */
void gw_mjai_table_closed(ippon_gateway *gw, const char *user_id);
/* an answer from an AI's connection */
void gw_mjai_message(ippon_gateway *gw, ippon_conn *c, const char *text, size_t len);

#endif
