/*
 * match_logs.c — a stored match's logs rebuilt for a REST reply (match_logs.h).
 */
#include "api/match_logs.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "api/rankings_json.h"
#include "api/rest_params.h"
#include "base/log.h"
#include "game/gateway_live.h"
#include "store/store_rankings.h"

/* the seats' names as the match stored them, and whether a bot played each (a built-in bot or a
   bot account: the detail's "bot"), for the logs */
static void seat_players(const json_t *match, const char *names[4], bool bots[4])
{
    for (int s = 0; s < 4; s++) {
        const json_t *p = json_array_get(json_object_get(match, "players"), (size_t)s);
        names[s] = json_string_value(json_object_get(p, "display_name"));
        bots[s] = json_is_true(json_object_get(p, "bot"));
    }
}

json_t *ippon_rest_stored_match(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res,
                                bool running_is_conflict, char id[33])
{
    if (ippon_rest_id_param(req->param, id) != 0) {
        ippon_rest_bad_param(res, "id", "32 hex digits (a match's id)");
        return NULL;
    }
    if (!ippon_rest_have_store(app, res))
        return NULL;
    json_t *match = NULL;
    int rc = ippon_json_load_match_detail(app->store, id, &match);
    if (rc == 0)
        return match;
    if (rc != IPPON_STORE_NOT_FOUND) {
        ippon_rest_store_failed(res);
        return NULL;
    }
    json_t *live = running_is_conflict && app->gateway ? ippon_gateway_table_view(app->gateway, id) : NULL;
    if (live)
        ippon_rest_reply_error(res, 409, "match_running",
                               "match %s is still being played: it can be reviewed once it ends", id);
    else
        ippon_rest_reply_error(res, 404, "not_found", "no match %s", id);
    json_decref(live);
    return NULL;
}

int ippon_rest_match_logs(ippon_app *app, const char *id, const json_t *match, ippon_replay_logs *logs,
                          char rules[32], ippon_rest_response *res)
{
    ippon_stored_replay record;
    if (ippon_store_match_replay(app->store, id, &record) != 0) {
        ippon_rest_store_failed(res);
        return -1;
    }
    const char *names[4];
    bool bots[4];
    seat_players(match, names, bots);
    char err[256];
    int rc = ippon_replay_logs_build(record.rules, record.seeds, record.actions, names, bots, "ippon 一本勝負", id,
                                     logs, err, sizeof err);
    snprintf(rules, 32, "%s", record.rules);
    ippon_stored_replay_free(&record);
    if (rc != 0) {
        ippon_log_error("match %s: the stored match does not replay: %s", id, err);
        ippon_rest_reply_error(res, 500, "internal", "the log of match %s cannot be rebuilt: %s", id, err);
        return -1;
    }
    return 0;
}
