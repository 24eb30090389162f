/*
 * gateway_finished.h — what becomes of a finished match: queued for the store and written in
 * groups (gateway_finished.c), or held back until this cluster node can vouch for its result
 * (gateway_held.c). Not a public header.
 */
#ifndef IPPON_SERVER_GATEWAY_FINISHED_H
#define IPPON_SERVER_GATEWAY_FINISHED_H

#include <stdbool.h>

#include "game/gateway.h"
#include "store/stored_match.h"

/* a finished match (wall-clock times) queued for the store (group commit) */
void gw_store_finished(ippon_gateway *gw, const ippon_stored_match *rec);
/* the queued matches handed to the store writer now, and the queue freed (the gateway stops) */
void gw_finished_free(ippon_gateway *gw);

/* whether a completed match that ends now is held back rather than stored */
bool gw_holds_results(const ippon_gateway *gw);
/* holds rec (copied) until ippon_gateway_release_held; -1 if out of memory (then store it) */
int gw_hold(ippon_gateway *gw, const ippon_stored_match *rec);
/* drops the held matches unstored: their journals stay, and the next start replays them */
void gw_held_free(ippon_gateway *gw);

#endif
