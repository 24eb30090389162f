/*
 * ratings_rest.c — the ratings over REST (src/server/README.md, "Ratings"):
 *
 *     GET /api/players/{id}/ratings?mode=4p|3p&limit=20&before={seq}
 *     GET /api/leaderboard?board=rating|dan&mode=4p|3p&provisional=0|1&page=1&limit=50
 *
 * The history is one entry per rated match of the player, newest first: `before` pages back (the
 * reply's next_before). The boards list the established players (provisional=0, the default) or
 * the provisional ones (provisional=1) apart, in the board's order (store_ratings.h); they have
 * no periods, so a period other than "all" is a 400. Every bad parameter is a 400 naming it
 * (rest_params.h), an unknown player a 404. Board replies are kept by the store until a counted
 * match is written or voided (ippon_store_rating_board_kept); both routes answer If-None-Match.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "api/rest.h"
#include "api/ratings_json.h"
#include "api/rest_params.h"
#include "base/mode.h"

#define HISTORY_DEFAULT_LIMIT 20
#define HISTORY_MAX_LIMIT 100

void ippon_rest_player_ratings_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    char id[IPPON_USER_ID_LEN + 1];
    if (ippon_rest_id_param(req->param, id) != 0) {
        ippon_rest_bad_param(res, "id", "32 hex digits (a player's id)");
        return;
    }
    ippon_mode mode;
    int64_t before;
    if (!ippon_rest_mode_param(req, res, &mode) ||
        !ippon_rest_before_param(req, res, "an entry's seq, from next_before", &before))
        return;
    int limit = ippon_rest_int_param(req, res, "limit", HISTORY_DEFAULT_LIMIT, 1, HISTORY_MAX_LIMIT);
    if (limit < 0 || !ippon_rest_have_store(app, res))
        return;
    ippon_rating_history h;
    int rc = ippon_store_rating_history(app->store, mode, id, before, limit, &h);
    if (rc == IPPON_STORE_NOT_FOUND) {
        ippon_rest_reply_error(res, 404, "not_found", "no player %s", id);
        return;
    }
    json_t *reply = rc == 0 ? ippon_json_rating_history(&h) : NULL;
    ippon_rating_history_free(&h);
    if (!reply) {
        ippon_rest_store_failed(res);
        return;
    }
    json_object_set_new(reply, "player", json_string(id));
    json_object_set_new(reply, "mode", json_string(ippon_mode_name(mode)));
    json_object_set_new(reply, "limit", json_integer(limit));
    free(ippon_rest_send_json(req, res, reply));
}

void ippon_rest_rating_board_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res, int board)
{
    ippon_rating_board_query q = { .board = board == IPPON_BOARD_DAN ? IPPON_BOARD_DAN : IPPON_BOARD_RATING };
    if (!ippon_rest_mode_param(req, res, &q.mode))
        return;
    char period[8];
    int got = ippon_rest_param(req, "period", period, sizeof period);
    if (got < 0 || (got > 0 && strcmp(period, "all") != 0)) {
        ippon_rest_bad_param(res, "period", "\"all\": the rating and dan boards have no periods");
        return;
    }
    int provisional = ippon_rest_int_param(req, res, "provisional", 0, 0, 1);
    if (provisional < 0 || !ippon_rest_paging(app, req, res, &q.page, &q.limit))
        return;
    q.provisional = provisional == 1;
    const char *kept, *tag;
    size_t kept_len;
    int found = ippon_store_rating_board_kept(app->store, &q, &kept, &kept_len, &tag);
    if (found > 0) {
        ippon_rest_reply_tagged_text(req, res, NULL, kept, kept_len, tag);
        return;
    }
    ippon_rating_board_page page;
    json_t *reply = NULL;
    if (found == 0 && ippon_store_rating_board(app->store, &q, &page) == 0) {
        reply = ippon_json_rating_board(&page);
        ippon_rating_board_page_free(&page);
    }
    if (!reply) {
        ippon_rest_store_failed(res);
        return;
    }
    json_object_set_new(reply, "board", json_string(q.board == IPPON_BOARD_DAN ? "dan" : "rating"));
    json_object_set_new(reply, "mode", json_string(ippon_mode_name(q.mode)));
    json_object_set_new(reply, "period", json_string("all"));
    json_object_set_new(reply, "provisional", json_boolean(q.provisional));
    json_object_set_new(reply, "page", json_integer(q.page));
    json_object_set_new(reply, "limit", json_integer(q.limit));
    char *text = ippon_rest_send_json(req, res, reply);
    if (text)
        ippon_store_rating_board_keep(app->store, &q, text, strlen(text), res->etag);
    free(text);
}
