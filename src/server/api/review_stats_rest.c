/*
 * review_stats_rest.c — GET /api/players/{id}/review-stats?n=N: a player's review summaries over
 * their last N stored matches and their trend (src/server/README.md, "A player's review trend").
 *
 * The summaries are written by the store writer with each match (store/review_writes.h). A seat
 * without one (a match stored before them, or counted by an older review) is filled here, lazily:
 * at most REVIEW_FILL_MAX of them per request, by a job on the store writer's thread (reviewing a
 * match takes milliseconds: never on the event loop), the reply waiting for it (deferred); the
 * seats left over are counted in "unreviewed" and filled by the next requests. Public, like the
 * profile: only figures, and only stored (finished) matches.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "api/rest.h"
#include "api/rest_params.h"
#include "store/store_reviews.h"
#include "store/store_writer.h"

enum {
    REVIEW_STATS_DEFAULT = 20, /* matches, without ?n= */
    REVIEW_STATS_MAX = 100,
    REVIEW_FILL_MAX = 4 /* seats reviewed for one request (each a few ms on the writer) */
};

static const char *const category_names[IPPON_REVIEW_CATEGORIES] = {"efficiency", "defence", "call", "riichi",
                                                                    "win"};

/* sums of summaries */
typedef struct tally {
    int matches;
    ippon_review_summary sum;
} tally;

static void tally_add(tally *t, const ippon_review_summary *s)
{
    t->matches++;
    t->sum.decisions += s->decisions;
    t->sum.agreed += s->agreed;
    for (int c = 0; c < IPPON_REVIEW_CATEGORIES; c++)
        t->sum.by_category[c] += s->by_category[c];
    for (int v = IPPON_REVIEW_SMALL; v <= IPPON_REVIEW_BIG; v++)
        t->sum.by_severity[v] += s->by_severity[v];
}

static int marks_of(const ippon_review_summary *s)
{
    int n = 0;
    for (int c = 0; c < IPPON_REVIEW_CATEGORIES; c++)
        n += s->by_category[c];
    return n;
}

/* num / den rounded to `places` decimals, or null when den is 0 */
static json_t *ratio(double num, int den, int places)
{
    double scale = places == 3 ? 1000.0 : 10.0;
    return den ? json_real(round(num / den * scale) / scale) : json_null();
}

/* {"by_category": {...}, "by_severity": {...}} */
static json_t *marks_json(const ippon_review_summary *s)
{
    static const char *const severity_names[] = {NULL, "small", "clear", "big"};
    json_t *cat = json_object(), *sev = json_object();
    for (int c = 0; c < IPPON_REVIEW_CATEGORIES; c++)
        json_object_set_new(cat, category_names[c], json_integer(s->by_category[c]));
    for (int v = IPPON_REVIEW_SMALL; v <= IPPON_REVIEW_BIG; v++)
        json_object_set_new(sev, severity_names[v], json_integer(s->by_severity[v]));
    return json_pack("{s:o,s:o}", "by_category", cat, "by_severity", sev);
}

/* a summary's figures: decisions, agreed, agreement, marks */
static json_t *summary_json(const ippon_review_summary *s)
{
    return json_pack("{s:i,s:i,s:o,s:o}", "decisions", s->decisions, "agreed", s->agreed, "agreement",
                     ratio(s->agreed, s->decisions, 3), "marks", marks_json(s));
}

/* one half of the trend: its matches, decisions, agreement, marks per 100 decisions (all, and by category) */
static json_t *half_json(const tally *t)
{
    json_t *per_category = json_object();
    for (int c = 0; c < IPPON_REVIEW_CATEGORIES; c++)
        json_object_set_new(per_category, category_names[c], ratio(100.0 * t->sum.by_category[c], t->sum.decisions, 1));
    return json_pack("{s:i,s:i,s:o,s:o,s:o}", "matches", t->matches, "decisions", t->sum.decisions, "agreement",
                     ratio(t->sum.agreed, t->sum.decisions, 3), "marks_per_100",
                     ratio(100.0 * marks_of(&t->sum), t->sum.decisions, 1), "by_category_per_100", per_category);
}

/* newer − older of two rounded figures, or null when either is */
static json_t *change(const json_t *older, const json_t *newer, int places)
{
    if (!json_is_number(older) || !json_is_number(newer))
        return json_null();
    double scale = places == 3 ? 1000.0 : 10.0;
    return json_real(round((json_number_value(newer) - json_number_value(older)) * scale) / scale);
}

/* the reply (README "A player's review trend") of the seats read, newest first: the summarized ones
   listed, a seat without a summary counted in "unreviewed", a failed one left out */
static json_t *stats_json(const char *player, int n, const ippon_review_seats *seats)
{
    json_t *matches = json_array();
    const ippon_review_seat *ok[REVIEW_STATS_MAX];
    int k = 0, unreviewed = 0;
    tally total = {0};
    for (int i = 0; i < seats->n; i++) {
        const ippon_review_seat *r = &seats->rows[i];
        if (!r->summarized) {
            unreviewed++;
            continue;
        }
        if (r->row.failed || k == REVIEW_STATS_MAX)
            continue;
        ok[k++] = r;
        tally_add(&total, &r->row.sum);
        json_t *m = summary_json(&r->row.sum);
        json_object_set_new(m, "match_id", json_string(r->match_id));
        json_object_set_new(m, "seat", json_integer(r->seat));
        json_object_set_new(m, "ended_at", json_integer(r->ended_at));
        json_object_set_new(m, "mode", json_string(r->mode));
        json_array_append_new(matches, m);
    }
    /* the trend: the older half of the matches listed against the newer half (the middle one of an
       odd count in neither) */
    tally newer = {0}, older = {0};
    for (int i = 0; i < k / 2; i++) {
        tally_add(&newer, &ok[i]->row.sum);
        tally_add(&older, &ok[k - 1 - i]->row.sum);
    }
    json_t *older_json = half_json(&older), *newer_json = half_json(&newer);
    json_t *trend = json_pack(
        "{s:o,s:o,s:o,s:o}", "older", older_json, "newer", newer_json, "agreement_change",
        change(json_object_get(older_json, "agreement"), json_object_get(newer_json, "agreement"), 3),
        "marks_per_100_change",
        change(json_object_get(older_json, "marks_per_100"), json_object_get(newer_json, "marks_per_100"), 1));
    json_t *total_json = summary_json(&total.sum);
    json_object_set_new(total_json, "matches", json_integer(total.matches));
    return json_pack("{s:s,s:i,s:b,s:o,s:i,s:o,s:o}", "player", player, "n", n, "bot", seats->bot, "matches",
                     matches, "unreviewed", unreviewed, "total", total_json, "trend", trend);
}

/* reads the seats and makes the reply: 0 with *out, IPPON_STORE_NOT_FOUND or -1 */
static int load(ippon_store *st, const char *player, int n, ippon_review_seats *seats, json_t **out)
{
    int rc = ippon_store_review_seats(st, player, n, seats);
    *out = rc == 0 ? stats_json(player, n, seats) : NULL;
    return rc == 0 && !*out ? -1 : rc;
}

static void reply(ippon_rest_response *res, const char *player, int rc, json_t *out)
{
    if (rc == IPPON_STORE_NOT_FOUND)
        ippon_rest_reply_error(res, 404, "not_found", "no player %s", player);
    else if (rc != 0)
        ippon_rest_store_failed(res);
    else
        ippon_rest_reply_json(res, 200, out);
}

/* a fill on its way through the writer */
typedef struct review_fill {
    ippon_app *app;
    ippon_rest_deferred *deferred;
    char player[IPPON_USER_ID_LEN + 1];
    int n, gaps_n;
    ippon_review_gap gaps[REVIEW_FILL_MAX];
} review_fill;

static int fill_run(ippon_store *st, void *arg)
{
    review_fill *f = arg;
    return ippon_review_fill(st, f->gaps, f->gaps_n);
}

/* on the loop: the seats read again, whatever the fill did (a seat it could not fill stays
   unreviewed); the server stopping first: 503, the store left alone */
static void fill_done(void *arg, int rc)
{
    review_fill *f = arg;
    ippon_rest_response res;
    memset(&res, 0, sizeof res);
    ippon_review_seats seats = {0};
    json_t *out = NULL;
    if (rc == IPPON_WRITE_STOPPED || !f->app->store)
        ippon_rest_reply_error(&res, 503, "unavailable", "the server is stopping: try again");
    else
        reply(&res, f->player, load(f->app->store, f->player, f->n, &seats, &out), out);
    ippon_review_seats_free(&seats);
    ippon_rest_finish(f->deferred, &res);
    free(f);
}

void ippon_rest_player_review_stats_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    char id[IPPON_USER_ID_LEN + 1];
    if (ippon_rest_id_param(req->param, id) != 0) {
        ippon_rest_bad_param(res, "id", "32 hex digits (a player's id)");
        return;
    }
    int n = ippon_rest_int_param(req, res, "n", REVIEW_STATS_DEFAULT, 1, REVIEW_STATS_MAX);
    if (n < 0 || !ippon_rest_have_store(app, res))
        return;
    ippon_review_seats seats;
    json_t *out = NULL;
    int rc = load(app->store, id, n, &seats, &out);
    review_fill *f = NULL;
    if (rc == 0 && app->writer && ippon_store_reviewer() && (f = calloc(1, sizeof *f))) {
        for (int i = 0; i < seats.n && f->gaps_n < REVIEW_FILL_MAX; i++)
            if (!seats.rows[i].summarized) {
                ippon_review_gap *g = &f->gaps[f->gaps_n++];
                memcpy(g->match_id, seats.rows[i].match_id, sizeof g->match_id);
                g->seat = seats.rows[i].seat;
            }
    }
    ippon_review_seats_free(&seats);
    if (f && f->gaps_n > 0 && (f->deferred = ippon_rest_defer(req, res))) {
        f->app = app;
        f->n = n;
        memcpy(f->player, id, sizeof f->player);
        if (ippon_writer_submit(app->writer, IPPON_WRITE_ANSWER, fill_run, fill_done, f) == 0) {
            json_decref(out);
            return;
        }
        ippon_rest_undefer(res); /* the writer refused it (stopping): what there is, now */
    }
    free(f);
    if (rc == 0)
        free(ippon_rest_send_json(req, res, out));
    else
        reply(res, id, rc, out);
}
