/*
 * matches_rest.c — stored matches over REST (src/server/README.md, "Rankings"):
 *
 *     GET /api/matches?player={id}&page=1&limit=50
 *     GET /api/matches/{id}[?format=json|tenhou|mjai|replay]
 *
 * Every bad parameter is a 400 bad_request naming it (rest_params.h); an unknown player or match
 * is a 404 not_found. Replies carry an ETag and a matching If-None-Match gets 304; pages of match
 * lists are kept by the store (ippon_store_reply_keep) until a match of the player's (any match,
 * for the list of every match), a void or a rename.
 *
 * A match's logs (?format=tenhou: the tenhou.net/6 JSON, ippon-<id>.json; ?format=mjai: mjai
 * events one per line, application/x-ndjson, ippon-<id>.mjson) are rebuilt on request by
 * replaying the stored seeds and actions (game/replay_logs.h, through match_logs.h) and sent as
 * downloads, each saying which seats bots played (the tenhou.net/6 game's "bots", mjai's
 * start_game "bots"); the plain detail names both under "logs". ?format=replay is the same replay for the browser's viewer:
 *
 *     {"id","mode","rules","ranked","completed","players":[…as in the detail],"numbers":{…},
 *      "first_dealer":2,"steps":[{"hand":0,"events":[…]},{"hand":0,"seat":2,"action":{…},
 *      "at_ms":5210,"bank_ms":20000,"events":[…]},…]}
 *
 * (steps: replay_logs.h). Only finished matches are stored, so nothing in it helps a live player.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/protocol.h"
#include "game/replay_logs.h"
#include "api/rest.h"
#include "api/match_logs.h"
#include "api/rankings_json.h"
#include "api/rest_params.h"
#include "store/store_rankings.h"

void ippon_rest_matches_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    char text[IPPON_USER_ID_LEN + 2], id[IPPON_USER_ID_LEN + 1];
    int got = ippon_rest_param(req, "player", text, sizeof text);
    if (got < 0 || (got > 0 && ippon_rest_id_param(text, id) != 0)) {
        ippon_rest_bad_param(res, "player", "32 hex digits (a player's id)");
        return;
    }
    int page, limit;
    if (!ippon_rest_paging(app, req, res, &page, &limit))
        return;
    ippon_kept_query kq = {got > 0 ? id : NULL, page, limit, 0};
    if (ippon_rest_sent_kept(app, req, res, &kq))
        return;
    json_t *list;
    int rc = ippon_json_load_matches(app->store, kq.user_id, page, limit, &list);
    if (rc == IPPON_STORE_NOT_FOUND) {
        ippon_rest_reply_error(res, 404, "not_found", "no player %s", id);
        return;
    }
    if (rc != 0) {
        ippon_rest_store_failed(res);
        return;
    }
    json_object_set_new(list, "player", got > 0 ? json_string(id) : json_null());
    json_object_set_new(list, "page", json_integer(page));
    json_object_set_new(list, "limit", json_integer(limit));
    ippon_rest_send_and_keep(app, req, res, &kq, list);
}

enum log_format { LOG_TENHOU, LOG_MJAI, LOG_REPLAY };

/* the replay viewer's reply: the match's players and numbers with the replay's steps */
static json_t *replay_reply(const json_t *match, const ippon_replay_logs *logs, const char *rules)
{
    const ippon_rules *preset = ippon_rules_preset(rules);
    return json_pack("{s:O,s:O,s:O,s:O,s:O,s:O,s:o,s:i,s:O}", "id", json_object_get(match, "id"), "mode",
                     json_object_get(match, "mode"), "rules", json_object_get(match, "rules"), "ranked",
                     json_object_get(match, "ranked"), "completed", json_object_get(match, "completed"), "players",
                     json_object_get(match, "players"), "numbers",
                     preset ? ippon_proto_numbers(preset) : json_null(), "first_dealer", logs->first_dealer, "steps",
                     logs->steps);
}

/* ?format=tenhou|mjai: the match's log, rebuilt by replaying its seeds and actions, as a download;
   ?format=replay: that replay's steps for the viewer */
static void match_log(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res, const char *id,
                      const json_t *match, enum log_format format)
{
    ippon_replay_logs logs;
    char rules[32];
    if (ippon_rest_match_logs(app, id, match, &logs, rules, res) != 0)
        return;
    if (format == LOG_REPLAY) {
        json_t *reply = replay_reply(match, &logs, rules);
        ippon_replay_logs_free(&logs);
        if (reply)
            ippon_rest_reply_cached(req, res, reply);
        else
            ippon_rest_reply_error(res, 500, "internal", "out of memory");
        return;
    }
    bool tenhou = format == LOG_TENHOU;
    if (tenhou) {
        ippon_rest_reply_cached(req, res, json_incref(logs.tenhou));
    } else {
        /* mjai: one event per line */
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        size_t i;
        json_t *ev;
        json_array_foreach(logs.mjai, i, ev) {
            if (f && (json_dumpf(ev, f, JSON_COMPACT) != 0 || fputc('\n', f) == EOF))
                break;
        }
        if (!f || fclose(f) != 0 || i < json_array_size(logs.mjai))
            ippon_rest_reply_error(res, 500, "internal", "out of memory");
        else
            ippon_rest_reply_cached_text(req, res, "application/x-ndjson", text, len);
        free(text);
    }
    if (res->status == 200 || res->status == 304)
        snprintf(res->disposition, sizeof res->disposition, "attachment; filename=\"ippon-%s.%s\"", id,
                 tenhou ? "json" : "mjson");
    ippon_replay_logs_free(&logs);
}

void ippon_rest_match_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    char id[IPPON_USER_ID_LEN + 1], format[10] = "json";
    int got = ippon_rest_param(req, "format", format, sizeof format);
    if (got < 0 || (strcmp(format, "json") && strcmp(format, "tenhou") && strcmp(format, "mjai") &&
                    strcmp(format, "replay"))) {
        ippon_rest_bad_param(res, "format", "\"json\", \"tenhou\", \"mjai\" or \"replay\"");
        return;
    }
    json_t *match = ippon_rest_stored_match(app, req, res, false, id);
    if (!match)
        return;
    if (strcmp(format, "json") != 0) {
        match_log(app, req, res, id, match,
                  !strcmp(format, "tenhou") ? LOG_TENHOU : !strcmp(format, "mjai") ? LOG_MJAI : LOG_REPLAY);
        json_decref(match);
        return;
    }
    char tenhou[96], mjai[96];
    snprintf(tenhou, sizeof tenhou, "/api/matches/%s?format=tenhou", id);
    snprintf(mjai, sizeof mjai, "/api/matches/%s?format=mjai", id);
    json_object_set_new(match, "logs", json_pack("{s:s,s:s}", "tenhou", tenhou, "mjai", mjai));
    ippon_rest_reply_cached(req, res, match);
}
