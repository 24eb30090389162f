/*
 * gateway_sessions.h — the once-a-second check of the sockets' sessions (gateway_sessions.c),
 * started when the gateway is attached to its loop. Not a public header.
 */
#ifndef IPPON_SERVER_GATEWAY_SESSIONS_H
#define IPPON_SERVER_GATEWAY_SESSIONS_H

#include "game/gateway.h"

void gw_sessions_start(ippon_gateway *gw);

#endif
