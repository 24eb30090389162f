/*
 * event_rounds_json.c — an event's rounds and standings as JSON and CSV (event_rounds_json.h).
 */
#include "api/event_rounds_json.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static json_t *user_json(const ippon_event_seat *s)
{
    return json_pack("{s:s, s:s}", "id", s->user_id, "display_name", s->display_name);
}

static json_t *table_json(const ippon_event_table *tb, bool show_match)
{
    json_t *seats = json_array();
    for (int s = 0; seats && s < tb->players; s++) {
        const ippon_event_seat *seat = &tb->seats[s];
        bool bot = !seat->user_id[0];
        json_array_append_new(seats, json_pack("{s:i, s:o, s:b, s:b}", "seat", s, "user",
                                               bot ? json_null() : user_json(seat), "stand_in", seat->stand_in,
                                               "bot", bot));
    }
    json_t *t = json_pack("{s:i, s:s?, s:o?, s:b}", "table", tb->table, "match_id",
                          show_match || tb->done ? tb->match_id : NULL, "seats", seats, "done", tb->done);
    if (t && tb->voided_at) /* its match ended without a record: no results, the round went on without it */
        json_object_set_new(t, "void", json_true());
    return t;
}

json_t *ippon_event_round_list_json(const ippon_event_round *rounds, int n, bool show_matches)
{
    json_t *list = json_array();
    for (int i = 0; list && i < n; i++) {
        const ippon_event_round *r = &rounds[i];
        json_t *tables = json_array(), *byes = json_array();
        for (int t = 0; tables && t < r->n_tables; t++)
            json_array_append_new(tables, table_json(&r->tables[t], show_matches));
        for (int b = 0; byes && b < r->n_byes; b++)
            json_array_append_new(byes, user_json(&r->byes[b]));
        json_t *round = json_pack("{s:i, s:s, s:I, s:s?, s:i, s:o?, s:o?}", "round", r->round, "status",
                                  ippon_round_status_name(r->status), "starts_at", (json_int_t)r->starts_at,
                                  "commitment", r->commitment[0] ? r->commitment : NULL, "first_dealer",
                                  r->first_dealer, "tables", tables, "byes", byes);
        if (round && r->status == IPPON_ROUND_DONE && r->secret[0])
            json_object_set_new(round, "secret", json_string(r->secret));
        if (!round || json_array_append_new(list, round) != 0) {
            json_decref(list);
            return NULL;
        }
    }
    return list;
}

json_t *ippon_event_standings_json(const ippon_event_line *lines, int n, int rounds)
{
    json_t *list = json_array();
    for (int i = 0; list && i < n; i++) {
        const ippon_event_line *l = &lines[i];
        json_t *results = json_array();
        for (int r = 0; results && r < rounds && r < IPPON_EVENT_MAX_ROUNDS; r++)
            json_array_append_new(results, l->played[r] ? json_integer(l->result[r]) : json_null());
        json_t *row = json_pack("{s:i, s:{s:s, s:s}, s:I, s:i, s:i, s:o, s:i, s:o?}", "rank", l->s.rank, "user", "id",
                                l->user_id, "display_name", l->display_name, "total", (json_int_t)l->s.total,
                                "played", l->s.played, "tops", l->s.tops, "best",
                                l->s.best == INT32_MIN ? json_null() : json_integer(l->s.best), "lasts", l->s.lasts,
                                "results", results);
        if (!row || json_array_append_new(list, row) != 0) {
            json_decref(list);
            return NULL;
        }
    }
    return list;
}

/* one CSV field: quoted when it holds a comma, a quote or a line break, its quotes doubled */
static void csv_field(FILE *f, const char *text)
{
    if (!strpbrk(text, ",\"\r\n")) {
        fputs(text, f);
        return;
    }
    fputc('"', f);
    for (const char *c = text; *c; c++) {
        if (*c == '"')
            fputc('"', f);
        fputc(*c, f);
    }
    fputc('"', f);
}

char *ippon_event_standings_csv(const ippon_event_line *lines, int n, int rounds, size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    if (!f)
        return NULL;
    fputs("rank,name,user_id,total,played,tops,best,lasts", f);
    for (int r = 1; r <= rounds && r <= IPPON_EVENT_MAX_ROUNDS; r++)
        fprintf(f, ",round_%d", r);
    fputs("\r\n", f);
    for (int i = 0; i < n; i++) {
        const ippon_event_line *l = &lines[i];
        fprintf(f, "%d,", l->s.rank);
        csv_field(f, l->display_name);
        fprintf(f, ",%s,%lld,%d,%d,", l->user_id, (long long)l->s.total, l->s.played, l->s.tops);
        if (l->s.best != INT32_MIN)
            fprintf(f, "%d", (int)l->s.best);
        fprintf(f, ",%d", l->s.lasts);
        for (int r = 0; r < rounds && r < IPPON_EVENT_MAX_ROUNDS; r++) {
            fputc(',', f);
            if (l->played[r])
                fprintf(f, "%d", (int)l->result[r]);
        }
        fputs("\r\n", f);
    }
    if (ferror(f)) {
        fclose(f);
        free(text);
        return NULL;
    }
    if (fclose(f) != 0) {
        free(text);
        return NULL;
    }
    return text;
}
