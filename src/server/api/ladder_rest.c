/*
 * ladder_rest.c — the bot ladder over REST (src/server/README.md, "The bot ladder"):
 *
 *     GET /api/ladder?mode=4p|3p&limit=50&offset=0
 *     GET /api/ladder/sets?mode=4p|3p&limit=10&before={ms}
 *
 * The board lists a mode's rated bots by mu (store_ladder.h), paged by offset; the sets are the
 * mode's recent duplicate sets, newest first, paged back in time by `before` (the reply's
 * next_before). Every bad parameter is a 400 naming it (rest_params.h); no database is a 503.
 * Replies carry an ETag and answer If-None-Match; nothing is kept between requests (the ladder
 * moves with every ladder match, and with suspensions no kept reply would see).
 */
#include <stdlib.h>

#include "api/ladder_json.h"
#include "api/rest.h"
#include "api/rest_params.h"
#include "base/mode.h"

#define BOARD_DEFAULT_LIMIT 50
#define BOARD_MAX_OFFSET 100000000
#define SETS_DEFAULT_LIMIT 10

/* {"mode"} followed by body's keys (body taken), or NULL (body NULL, or out of memory) */
static json_t *with_mode(ippon_mode mode, json_t *body)
{
    json_t *reply = body ? json_pack("{s:s}", "mode", ippon_mode_name(mode)) : NULL;
    if (reply && json_object_update_new(reply, body) == 0)
        return reply;
    if (!reply)
        json_decref(body);
    json_decref(reply);
    return NULL;
}

void ippon_rest_ladder_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    ippon_mode mode;
    if (!ippon_rest_mode_param(req, res, &mode))
        return;
    int limit = ippon_rest_int_param(req, res, "limit", BOARD_DEFAULT_LIMIT, 1, IPPON_LADDER_BOARD_MAX);
    if (limit < 0)
        return;
    int offset = ippon_rest_int_param(req, res, "offset", 0, 0, BOARD_MAX_OFFSET);
    if (offset < 0 || !ippon_rest_have_store(app, res))
        return;
    ippon_ladder_board board;
    json_t *reply = NULL;
    if (ippon_store_ladder_board(app->store, mode, limit, offset, &board) == 0) {
        reply = with_mode(mode, ippon_json_ladder_board(&board));
        ippon_ladder_board_free(&board);
    }
    if (!reply || json_object_set_new(reply, "limit", json_integer(limit)) != 0 ||
        json_object_set_new(reply, "offset", json_integer(offset)) != 0) {
        json_decref(reply);
        ippon_rest_store_failed(res);
        return;
    }
    free(ippon_rest_send_json(req, res, reply));
}

void ippon_rest_ladder_sets_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    ippon_mode mode;
    if (!ippon_rest_mode_param(req, res, &mode))
        return;
    int limit = ippon_rest_int_param(req, res, "limit", SETS_DEFAULT_LIMIT, 1, IPPON_LADDER_SETS_MAX);
    int64_t before;
    if (limit < 0 || !ippon_rest_before_param(req, res, "Unix ms, from next_before", &before) ||
        !ippon_rest_have_store(app, res))
        return;
    ippon_ladder_sets sets;
    json_t *reply = NULL;
    if (ippon_store_ladder_sets(app->store, mode, before, limit, &sets) == 0) {
        reply = with_mode(mode, ippon_json_ladder_sets(&sets));
        ippon_ladder_sets_free(&sets);
    }
    if (!reply || json_object_set_new(reply, "limit", json_integer(limit)) != 0) {
        json_decref(reply);
        ippon_rest_store_failed(res);
        return;
    }
    free(ippon_rest_send_json(req, res, reply));
}
