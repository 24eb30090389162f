/*
 * event_results_rest.c — what an event's rounds produced, as downloads (src/server/EVENTS.md
 * "REST"): GET /api/events/{id}/standings.csv, the standings as CSV (event_rounds_json.h), and GET
 * /api/events/{id}/logs?format=tenhou|mjai[&round=N], JSON Lines: one line per stored match of the
 * event (every round, or round N), round then table order, {"round","table","match_id","log"}
 * with the match's tenhou.net/6 game object or its array of mjai events as the match's own log
 * route gives them (match_logs.h). Anyone may ask, at any time: a table whose match is not stored
 * yet is left out (its log would show a game still being played).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/event_rounds_json.h"
#include "api/match_logs.h"
#include "api/rankings_json.h"
#include "api/rest.h"
#include "api/rest_params.h"
#include "store/store_event_results.h"
#include "store/store_event_rounds.h"

void ippon_rest_event_standings_csv_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    ippon_event_def ev;
    if (!ippon_rest_have_store(app, res) || ippon_rest_event_of_path(app, req, res, &ev) != 0)
        return;
    ippon_event_line *lines = NULL;
    int n = 0;
    size_t len = 0;
    char *csv = NULL;
    if (ippon_store_event_standings(app->store, &ev, &lines, &n) != 0)
        ippon_rest_store_failed(res);
    else if (!(csv = ippon_event_standings_csv(lines, n, ev.rounds, &len)))
        ippon_rest_reply_error(res, 500, "internal", "out of memory");
    else {
        ippon_rest_reply_cached_text(req, res, "text/csv; charset=utf-8", csv, len);
        if (res->status == 200 || res->status == 304)
            snprintf(res->disposition, sizeof res->disposition, "attachment; filename=\"event-%s-standings.csv\"",
                     ev.id);
    }
    free(csv);
    free(lines);
    ippon_event_clear(&ev);
}

/* one match's line of the logs into f: 0, or -1 after the reply (500) */
static int match_line(ippon_app *app, const ippon_event_round *r, const ippon_event_table *tb, bool tenhou, FILE *f,
                      ippon_rest_response *res)
{
    json_t *match = NULL;
    if (ippon_json_load_match_detail(app->store, tb->match_id, &match) != 0) {
        ippon_rest_store_failed(res);
        return -1;
    }
    ippon_replay_logs logs;
    char rules[32];
    int rc = ippon_rest_match_logs(app, tb->match_id, match, &logs, rules, res);
    json_decref(match);
    if (rc != 0)
        return -1;
    json_t *line = json_pack("{s:i, s:i, s:s, s:O}", "round", r->round, "table", tb->table, "match_id", tb->match_id,
                             "log", tenhou ? logs.tenhou : logs.mjai);
    ippon_replay_logs_free(&logs);
    if (!line || json_dumpf(line, f, JSON_COMPACT) != 0 || fputc('\n', f) == EOF) {
        json_decref(line);
        ippon_rest_reply_error(res, 500, "internal", "out of memory");
        return -1;
    }
    json_decref(line);
    return 0;
}

void ippon_rest_event_logs_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    char format[8] = "";
    int got = ippon_rest_param(req, "format", format, sizeof format);
    if (got != 1 || (strcmp(format, "tenhou") != 0 && strcmp(format, "mjai") != 0)) {
        ippon_rest_bad_param(res, "format", "\"tenhou\" or \"mjai\"");
        return;
    }
    int only = ippon_rest_int_param(req, res, "round", 0, 1, IPPON_EVENT_MAX_ROUNDS);
    if (only < 0)
        return;
    ippon_event_def ev;
    if (!ippon_rest_have_store(app, res) || ippon_rest_event_of_path(app, req, res, &ev) != 0)
        return;
    ippon_event_round *rounds = NULL;
    int n = 0;
    if (ippon_store_event_rounds(app->store, ev.id, &rounds, &n) != 0) {
        ippon_rest_store_failed(res);
        ippon_event_clear(&ev);
        return;
    }
    bool tenhou = strcmp(format, "tenhou") == 0;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    int rc = f ? 0 : -1;
    if (!f)
        ippon_rest_reply_error(res, 500, "internal", "out of memory");
    for (int i = 0; rc == 0 && i < n; i++)
        for (int t = 0; rc == 0 && t < rounds[i].n_tables; t++)
            if ((only == 0 || rounds[i].round == only) && rounds[i].tables[t].done)
                rc = match_line(app, &rounds[i], &rounds[i].tables[t], tenhou, f, res);
    if (f && fclose(f) != 0 && rc == 0) {
        rc = -1;
        ippon_rest_reply_error(res, 500, "internal", "out of memory");
    }
    if (rc == 0) {
        ippon_rest_reply_cached_text(req, res, "application/x-ndjson", text ? text : "", len);
        if (res->status == 200 || res->status == 304)
            snprintf(res->disposition, sizeof res->disposition, "attachment; filename=\"event-%s-%s.jsonl\"", ev.id,
                     format);
    }
    free(text);
    ippon_event_rounds_free(rounds, n);
    ippon_event_clear(&ev);
}
