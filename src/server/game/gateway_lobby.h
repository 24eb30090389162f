/*
 * gateway_lobby.h — the queues (gateway_lobby.c): tables formed from the lobby, or by a cluster's
 * matchmaker, and the waiting told their status. Not a public header.
 */
#ifndef IPPON_SERVER_GATEWAY_LOBBY_H
#define IPPON_SERVER_GATEWAY_LOBBY_H

#include <stdint.h>

#include "base/mode.h"
#include "game/gateway.h"

/* a queue changed: the tables it allows are formed, and the lobby's timer runs while anyone waits */
void gw_lobby_changed(ippon_gateway *gw, ippon_mode mode, int64_t now);
/* user_id's rating in mode for the queue's window (queue_window.h): its mu, read from the store on
   the loop as other reads are; the initial rating (1500) for a player never rated, and when the
   store is away or cannot answer now (the queue does not wait for it) */
double gw_queue_rating(ippon_gateway *gw, ippon_mode mode, const char *user_id);
/* user_id stops waiting in the lobby here (and in the cluster's queue, gateway_matchmaker.h): the
   mode it waited for, or -1 if it was not queued */
int gw_stop_waiting(ippon_gateway *gw, const char *user_id);

#endif
