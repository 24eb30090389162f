/*
 * rankings_rest.c — the rankings over REST (src/server/README.md, "Rankings"):
 *
 *     GET /api/leaderboard?mode=4p|3p&period=all|month|week|day&page=1&limit=50
 *     GET /api/players/{id}
 *     GET /api/matches?player={id}&page=1&limit=50
 *     GET /api/matches/{id}[?format=json|tenhou|mjai]
 *
 * Every bad parameter is a 400 bad_request naming it (message "limit: …" and "fields":
 * {"limit": …}); an unknown player or match is a 404 not_found. Replies carry an ETag and a
 * matching If-None-Match gets 304. What counts and the tie rules: store_rankings.h.
 *
 * A match's logs (?format=tenhou: the tenhou.net/6 JSON, ippon-<id>.json; ?format=mjai: mjai
 * events one per line, application/x-ndjson, ippon-<id>.mjson) are rebuilt on request by
 * replaying the stored seeds and actions (match_logs.h) and sent as downloads; the plain detail
 * names both under "logs".
 *
 * Leaderboard replies are kept by the store (ippon_store_leaderboard_keep) and sent again while
 * nothing they show has changed (ippon_store_leaderboard_kept): a popular page costs one
 * lookup, not a rebuild; so are profiles and pages of match lists (ippon_store_reply_keep), until
 * a match of the player's (any match, for the list of every match), a void or a rename.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "log.h"
#include "match_logs.h"
#include "rest.h"
#include "store_rankings.h"

#define RANKINGS_DEFAULT_LIMIT 50
#define RANKINGS_MAX_LIMIT 100
#define RANKINGS_MAX_PAGE 1000000

/* 400 naming the parameter: {"error":{"code":"bad_request","message":"name: problem","fields":{name: problem}}} */
static void bad_param(ippon_rest_response *res, const char *name, const char *problem)
{
    ippon_rest_reply_error_fields(res, 400, "bad_request", json_pack("{s:s}", name, problem), "%s: %s", name,
                                  problem);
}

/* the query parameter's value: 1 (copied to out), 0 absent, -1 present but too long */
static int param(const ippon_rest_request *req, const char *name, char *out, size_t outlen)
{
    if (ippon_rest_query(req, name, out, outlen) >= 0)
        return 1;
    size_t n = strlen(name);
    for (size_t i = 0; i < req->arg_count; i++)
        if (!strncmp(req->args[i], name, n) && (req->args[i][n] == '=' || req->args[i][n] == '\0'))
            return -1;
    return 0;
}

/* an integer parameter min..max (decimal digits only), def if absent; -1 after a 400 */
static int int_param(const ippon_rest_request *req, ippon_rest_response *res, const char *name, int def, int min,
                     int max, const char *problem)
{
    char text[16];
    int got = param(req, name, text, sizeof text);
    if (got == 0)
        return def;
    long v = -1;
    if (got > 0 && text[0] && strspn(text, "0123456789") == strlen(text) && strlen(text) <= 9)
        v = strtol(text, NULL, 10);
    if (v < min || v > max) {
        bad_param(res, name, problem);
        return -1;
    }
    return (int)v;
}

/* an id (32 hex digits, either case) into out, lowercased; 0, or -1 if malformed */
static int parse_id(const char *text, char out[IPPON_USER_ID_LEN + 1])
{
    if (!text || strlen(text) != IPPON_USER_ID_LEN)
        return -1;
    for (int i = 0; i < IPPON_USER_ID_LEN; i++) {
        if (!isxdigit((unsigned char)text[i]))
            return -1;
        out[i] = (char)tolower((unsigned char)text[i]);
    }
    out[IPPON_USER_ID_LEN] = '\0';
    return 0;
}

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* 503 without a database; 1 if there is one */
static int have_store(ippon_app *app, ippon_rest_response *res)
{
    if (app && app->store)
        return 1;
    ippon_rest_reply_error(res, 503, "unavailable", "no database");
    return 0;
}

static void store_failed(ippon_rest_response *res)
{
    ippon_rest_reply_error(res, 500, "internal", "the database failed");
}

/* ?page= and ?limit= of a list, then the database: false after a 400 or 503 */
static bool paging(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res, int *page, int *limit)
{
    *page = int_param(req, res, "page", 1, 1, RANKINGS_MAX_PAGE, "an integer 1..1000000");
    if (*page < 0)
        return false;
    *limit = int_param(req, res, "limit", RANKINGS_DEFAULT_LIMIT, 1, RANKINGS_MAX_LIMIT, "an integer 1..100");
    return *limit >= 0 && have_store(app, res);
}

void ippon_leaderboard_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    char mode[8] = "4p", period_text[8] = "all";
    int got = param(req, "mode", mode, sizeof mode);
    if (got < 0 || (got > 0 && strcmp(mode, "4p") && strcmp(mode, "3p"))) {
        bad_param(res, "mode", "\"4p\" or \"3p\"");
        return;
    }
    got = param(req, "period", period_text, sizeof period_text);
    int period = got < 0 ? -1 : ippon_rank_period_parse(period_text);
    if (period < 0) {
        bad_param(res, "period", "\"all\", \"month\", \"week\" or \"day\"");
        return;
    }
    int page, limit;
    if (!paging(app, req, res, &page, &limit))
        return;
    ippon_leaderboard_query q = {
        .mode = mode,
        .period = (ippon_rank_period)period,
        .now_ms = now_ms(),
        .page = page,
        .limit = limit,
        .min_games = app->config ? app->config->leaderboard_min_games : 1,
    };
    const char *kept;
    size_t kept_len;
    int found = ippon_store_leaderboard_kept(app->store, &q, &kept, &kept_len);
    if (found > 0) {
        ippon_rest_reply_cached_text(req, res, NULL, kept, kept_len);
        return;
    }
    json_t *board;
    if (found < 0 || ippon_store_leaderboard(app->store, &q, &board) != 0) {
        store_failed(res);
        return;
    }
    json_object_set_new(board, "mode", json_string(mode));
    json_object_set_new(board, "period", json_string(ippon_rank_period_name(q.period)));
    json_object_set_new(board, "page", json_integer(page));
    json_object_set_new(board, "limit", json_integer(limit));
    json_object_set_new(board, "min_games", json_integer(q.min_games));
    char *text = json_dumps(board, JSON_COMPACT);
    json_decref(board);
    if (!text) {
        ippon_rest_reply_error(res, 500, "internal", "out of memory");
        return;
    }
    ippon_store_leaderboard_keep(app->store, &q, text, strlen(text));
    ippon_rest_reply_cached_text(req, res, NULL, text, strlen(text));
    free(text);
}

/* a reply the store kept for kq, sent: true if sent (or the store failed and that was sent) */
static bool sent_kept(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res,
                      const ippon_kept_query *kq)
{
    const char *kept, *tag;
    size_t len;
    int found = ippon_store_reply_kept(app->store, kq, &kept, &len, &tag);
    if (found > 0)
        ippon_rest_reply_tagged_text(req, res, NULL, kept, len, tag);
    else if (found < 0)
        store_failed(res);
    return found != 0;
}

/* sends reply (taking it) and keeps it, with its tag, for kq */
static void send_and_keep(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res,
                          const ippon_kept_query *kq, json_t *reply)
{
    char *text = json_dumps(reply, JSON_COMPACT);
    json_decref(reply);
    if (!text) {
        ippon_rest_reply_error(res, 500, "internal", "out of memory");
        return;
    }
    ippon_rest_reply_cached_text(req, res, NULL, text, strlen(text));
    if (res->status == 200 || res->status == 304)
        ippon_store_reply_keep(app->store, kq, text, strlen(text), res->etag);
    free(text);
}

void ippon_player_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    char id[IPPON_USER_ID_LEN + 1];
    if (parse_id(req->param, id) != 0) {
        bad_param(res, "id", "32 hex digits (a player's id)");
        return;
    }
    ippon_kept_query kq = {id, 0, 0};
    if (!have_store(app, res) || sent_kept(app, req, res, &kq))
        return;
    json_t *profile;
    int rc = ippon_store_player_profile(app->store, id, &profile);
    if (rc == IPPON_STORE_NOT_FOUND)
        ippon_rest_reply_error(res, 404, "not_found", "no player %s", id);
    else if (rc != 0)
        store_failed(res);
    else
        send_and_keep(app, req, res, &kq, profile);
}

void ippon_matches_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    char text[IPPON_USER_ID_LEN + 2], id[IPPON_USER_ID_LEN + 1];
    int got = param(req, "player", text, sizeof text);
    if (got < 0 || (got > 0 && parse_id(text, id) != 0)) {
        bad_param(res, "player", "32 hex digits (a player's id)");
        return;
    }
    int page, limit;
    if (!paging(app, req, res, &page, &limit))
        return;
    ippon_kept_query kq = {got > 0 ? id : NULL, page, limit};
    if (sent_kept(app, req, res, &kq))
        return;
    json_t *list;
    int rc = ippon_store_matches_list(app->store, kq.user_id, page, limit, &list);
    if (rc == IPPON_STORE_NOT_FOUND) {
        ippon_rest_reply_error(res, 404, "not_found", "no player %s", id);
        return;
    }
    if (rc != 0) {
        store_failed(res);
        return;
    }
    json_object_set_new(list, "player", got > 0 ? json_string(id) : json_null());
    json_object_set_new(list, "page", json_integer(page));
    json_object_set_new(list, "limit", json_integer(limit));
    send_and_keep(app, req, res, &kq, list);
}

/* the seats' names as the match stored them, for the logs */
static void seat_names(const json_t *match, const char *names[4])
{
    for (int s = 0; s < 4; s++)
        names[s] = json_string_value(json_object_get(json_array_get(json_object_get(match, "players"), (size_t)s),
                                                     "display_name"));
}

/* ?format=tenhou|mjai: the match's log, rebuilt by replaying its seeds and actions, as a download */
static void match_log(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res, const char *id,
                      const json_t *match, bool tenhou)
{
    json_t *record;
    int rc = ippon_store_match_record(app->store, id, &record);
    if (rc != 0) {
        store_failed(res);
        return;
    }
    const char *names[4];
    seat_names(match, names);
    char title[64], err[256];
    snprintf(title, sizeof title, "ippon %s", id);
    ippon_match_logs logs;
    rc = ippon_match_logs_build(json_string_value(json_object_get(record, "rules")), json_object_get(record, "seeds"),
                                json_object_get(record, "actions"), names, title, &logs, err, sizeof err);
    json_decref(record);
    if (rc != 0) {
        ippon_log_error("match %s: the stored match does not replay: %s", id, err);
        ippon_rest_reply_error(res, 500, "internal", "the log of match %s cannot be rebuilt: %s", id, err);
        return;
    }
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
    ippon_match_logs_free(&logs);
}

void ippon_match_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    char id[IPPON_USER_ID_LEN + 1], format[8] = "json";
    if (parse_id(req->param, id) != 0) {
        bad_param(res, "id", "32 hex digits (a match's id)");
        return;
    }
    int got = param(req, "format", format, sizeof format);
    if (got < 0 || (strcmp(format, "json") && strcmp(format, "tenhou") && strcmp(format, "mjai"))) {
        bad_param(res, "format", "\"json\", \"tenhou\" or \"mjai\"");
        return;
    }
    if (!have_store(app, res))
        return;
    json_t *match;
    int rc = ippon_store_match_detail(app->store, id, &match);
    if (rc == IPPON_STORE_NOT_FOUND) {
        ippon_rest_reply_error(res, 404, "not_found", "no match %s", id);
        return;
    }
    if (rc != 0) {
        store_failed(res);
        return;
    }
    if (strcmp(format, "json") != 0) {
        match_log(app, req, res, id, match, !strcmp(format, "tenhou"));
        json_decref(match);
        return;
    }
    char tenhou[96], mjai[96];
    snprintf(tenhou, sizeof tenhou, "/api/matches/%s?format=tenhou", id);
    snprintf(mjai, sizeof mjai, "/api/matches/%s?format=mjai", id);
    json_object_set_new(match, "logs", json_pack("{s:s,s:s}", "tenhou", tenhou, "mjai", mjai));
    ippon_rest_reply_cached(req, res, match);
}
