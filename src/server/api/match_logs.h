/*
 * match_logs.h — a stored match's logs rebuilt for a REST reply: its seeds and actions read from
 * the store and replayed (game/replay_logs.h) with the seats' names and bots as the match's
 * detail has them. GET /api/matches/{id}?format=tenhou|mjai|replay (matches_rest.c) and its
 * review (review_rest.c) share it, so a review walks exactly the log that is downloaded.
 */
#ifndef IPPON_SERVER_MATCH_LOGS_H
#define IPPON_SERVER_MATCH_LOGS_H

#include <stdbool.h>

#include <jansson.h>

#include "api/rest.h"
#include "game/replay_logs.h"

/*
 * The stored detail of the match whose id is the route's {id} (ippon_json_load_match_detail),
 * its id into id[33]: the detail, or NULL after replying 400 (not an id), 503 (no store), 500
 * (the store failed) or 404 — or, with running_is_conflict, 409 "match_running" for a table
 * still being played here (its log would show hidden tiles; it can be asked for once it ends).
 */
json_t *ippon_rest_stored_match(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res,
                                bool running_is_conflict, char id[33]);

/*
 * The logs of stored match id, whose detail (ippon_json_load_match_detail) is match, into *logs
 * (free with ippon_replay_logs_free) and its rule preset's name into rules[32]. 0, or -1 after
 * replying 500 (the store failed, or the stored match does not replay: logged too).
 */
int ippon_rest_match_logs(ippon_app *app, const char *id, const json_t *match, ippon_replay_logs *logs,
                          char rules[32], ippon_rest_response *res);

#endif
