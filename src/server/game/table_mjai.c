/*
 * table_mjai.c — a table seat played by an AI over mjai (table_mjai.h): the stream's lines kept and
 * numbered, and the AI's answers paired with them.
 */
#include "game/table_mjai.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct table_mjai {
    ippon_mjai_seat *stream;
    char **text;       /* line n is text[n - 1] */
    bool *asks;        /* ... and whether its answer was a decision */
    long n, cap;
    long answered;     /* answers taken: 1 … answered */
    long open_ask;     /* the line whose answer is the open decision, 0: none */
    bool ask_pending;  /* asked since the last take */
    bool ready;        /* start_game answered */
};

table_mjai *table_mjai_new(const ippon_rules *rules, int seat, const char *const *names)
{
    table_mjai *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->stream = ippon_mjai_seat_new(rules, seat, names);
    if (!w->stream) {
        free(w);
        return NULL;
    }
    return w;
}

void table_mjai_free(table_mjai *w)
{
    if (!w)
        return;
    for (long i = 0; i < w->n; i++)
        free(w->text[i]);
    free(w->text);
    free(w->asks);
    ippon_mjai_seat_free(w->stream);
    free(w);
}

void table_mjai_begin(table_mjai *w, int first_dealer) { ippon_mjai_seat_begin(w->stream, first_dealer); }
void table_mjai_event(table_mjai *w, const ippon_event *ev) { ippon_mjai_seat_event(w->stream, ev); }
long table_mjai_lines(const table_mjai *w) { return w->n; }
long table_mjai_answered(const table_mjai *w) { return w->answered; }
bool table_mjai_ready(const table_mjai *w) { return w->ready; }

const char *table_mjai_line(const table_mjai *w, long n)
{
    return n >= 1 && n <= w->n ? w->text[n - 1] : NULL;
}

void table_mjai_ask(table_mjai *w, const ippon_action *options, int n)
{
    ippon_mjai_seat_ask(w->stream, options, n);
    w->ask_pending = true;
}

void table_mjai_decided(table_mjai *w)
{
    w->open_ask = 0;
    w->ask_pending = false;
}

void table_mjai_restored(table_mjai *w)
{
    w->answered = w->open_ask ? w->open_ask - 1 : w->n;
    w->ready = true;
}

/* line n is the open decision's: its answer is still to come */
static void open_at(table_mjai *w, long n)
{
    w->open_ask = n;
    w->ask_pending = false;
    if (w->answered >= n)
        w->answered = n - 1;
}

void table_mjai_take(table_mjai *w, void (*out)(void *ctx, long number, const char *line), void *ctx)
{
    const char *line;
    bool asks;
    while ((line = ippon_mjai_seat_next(w->stream, &asks))) {
        if (w->n == w->cap) {
            long cap = w->cap ? 2 * w->cap : 256;
            char **text = realloc(w->text, (size_t)cap * sizeof *text);
            if (text)
                w->text = text;
            bool *flags = text ? realloc(w->asks, (size_t)cap * sizeof *flags) : NULL;
            if (flags)
                w->asks = flags;
            if (!text || !flags)
                return; /* out of memory: the lines wait in the stream */
            w->cap = cap;
        }
        char *copy = strdup(line);
        if (!copy)
            return;
        w->text[w->n] = copy;
        w->asks[w->n] = asks;
        w->n++;
        if (asks)
            open_at(w, w->n);
        if (out)
            out(ctx, w->n, copy);
    }
    /* asked, but the line it follows went out before (a restored table's decision prompted again
       after its hold): that line is the decision's */
    if (w->ask_pending && w->n > 0) {
        w->asks[w->n - 1] = true;
        open_at(w, w->n);
    }
}

/* line n is the seat's own draw (a tsumo with its own actor) */
static bool own_draw(const table_mjai *w, long n)
{
    json_t *msg = json_loads(w->text[n - 1], 0, NULL);
    bool own = msg && !strcmp(json_string_value(json_object_get(msg, "type")) ?: "", "tsumo") &&
               json_integer_value(json_object_get(msg, "actor")) == ippon_mjai_seat_id(w->stream);
    json_decref(msg);
    return own;
}

int table_mjai_answer(table_mjai *w, long n, const char *line, ippon_action *out, char *err, size_t cap)
{
    if (cap)
        err[0] = '\0';
    if (n <= w->answered)
        return TABLE_MJAI_DROPPED;
    if (n > w->n) {
        snprintf(err, cap, "an answer with no message to answer (%ld sent, all answered)", w->n);
        return TABLE_MJAI_NOTHING;
    }
    w->answered = n;
    if (n == 1)
        w->ready = true;
    if (n == w->open_ask) {
        int r = ippon_mjai_seat_answer(w->stream, line, out, err, cap);
        if (r == IPPON_MJAI_ACT || r == IPPON_MJAI_WAIT)
            w->open_ask = 0;
        return r == IPPON_MJAI_ACT ? TABLE_MJAI_ACT : r == IPPON_MJAI_WAIT ? TABLE_MJAI_WAIT : TABLE_MJAI_NOTHING;
    }
    json_t *answer = json_loads(line, JSON_REJECT_DUPLICATES, NULL);
    const char *type = json_string_value(json_object_get(answer, "type"));
    bool none = type && !strcmp(type, "none");
    bool riichi_draw = type && !strcmp(type, "dahai") && !w->asks[n - 1] && own_draw(w, n);
    json_decref(answer);
    if (none || riichi_draw)
        return TABLE_MJAI_NOTHING;
    if (w->asks[n - 1])
        snprintf(err, cap, "late: message %ld's decision was over (the clock took the default action) before "
                 "this answer came", n);
    else
        snprintf(err, cap, "message %ld asked for no decision: answer {\"type\":\"none\"}", n);
    return TABLE_MJAI_NOTHING;
}
