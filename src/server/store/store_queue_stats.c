/*
 * store_queue_stats.c — the ranked queue's statistics (store_queue_stats.h). The medians are
 * computed here, not in SQL: SQLite has no median, and one way for both engines keeps their
 * answers equal. A day's rows are read sorted by mode, day and value, so each median is the middle
 * of a run (rows of one mode and day), one pass over at most the days asked for.
 */
#include "store/store_queue_stats.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store/store_private.h"

static int run(ippon_store *st, ippon_sql_stmt *q, const char *what)
{
    int rc = ippon_sql_step(q);
    ippon_sql_reset(q);
    ippon_sql_clear_bindings(q);
    if (rc != IPPON_SQL_DONE) {
        ippon_store_failed(st, what);
        return -1;
    }
    return 0;
}

int ippon_store_queue_record(ippon_store *st, const ippon_stored_match *rec)
{
    if (!rec->queue.formed)
        return 0;
    ippon_sql_stmt *m = ippon_store_prepare(st, "UPDATE matches SET queue_spread = ? WHERE id = ?");
    ippon_sql_stmt *p = ippon_store_prepare(st, "UPDATE match_players SET queue_wait_ms = ? WHERE match_id = ? AND seat = ?");
    int rc = m && p ? 0 : -1;
    if (rc != 0)
        ippon_store_failed(st, "prepare the queue's statistics");
    if (rc == 0) {
        ippon_sql_bind_double(m, 1, rec->queue.spread);
        ippon_sql_bind_text(m, 2, rec->id);
        rc = run(st, m, "record the queue's spread");
    }
    for (int s = 0; rc == 0 && s < rec->players && s < 4; s++) {
        if (rec->seats[s].bot)
            continue;
        ippon_sql_bind_int64(p, 1, rec->queue.wait_ms[s]);
        ippon_sql_bind_text(p, 2, rec->id);
        ippon_sql_bind_int64(p, 3, s);
        rc = run(st, p, "record a queue wait");
    }
    ippon_sql_finalize(m);
    ippon_sql_finalize(p);
    return rc;
}

json_t *ippon_match_queue_json(const ippon_match_queue *q, int players)
{
    json_t *waits = json_array();
    for (int s = 0; waits && s < players && s < 4; s++)
        json_array_append_new(waits, json_integer(q->wait_ms[s]));
    return json_pack("{s:f,s:o}", "spread", q->spread, "wait_ms", waits);
}

void ippon_match_queue_read(const json_t *v, int players, ippon_match_queue *out)
{
    memset(out, 0, sizeof *out);
    const json_t *spread = json_object_get(v, "spread"), *waits = json_object_get(v, "wait_ms");
    if (!json_is_number(spread) || !json_is_array(waits) || (int)json_array_size(waits) != players || players > 4)
        return;
    for (int s = 0; s < players; s++)
        out->wait_ms[s] = json_integer_value(json_array_get(waits, (size_t)s));
    out->spread = json_number_value(spread);
    out->formed = true;
}

static void day_of(int64_t ms, char out[11])
{
    time_t t = (time_t)(ms / 1000);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(out, 11, "%Y-%m-%d", &tm);
}

static double median(const double *v, int64_t n)
{
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

/* the list of days, grown one at a time (ordered as read: the caller sorts) */
typedef struct days {
    ippon_queue_day *d;
    int n, cap;
} days;

static ippon_queue_day *day_at(days *ds, const char *mode, const char *day)
{
    for (int i = 0; i < ds->n; i++)
        if (!strcmp(ds->d[i].mode, mode) && !strcmp(ds->d[i].day, day))
            return &ds->d[i];
    if (ds->n == ds->cap) {
        int cap = ds->cap ? 2 * ds->cap : 16;
        ippon_queue_day *d = realloc(ds->d, (size_t)cap * sizeof *d);
        if (!d)
            return NULL;
        ds->d = d;
        ds->cap = cap;
    }
    ippon_queue_day *d = &ds->d[ds->n++];
    memset(d, 0, sizeof *d);
    snprintf(d->mode, sizeof d->mode, "%s", mode);
    snprintf(d->day, sizeof d->day, "%s", day);
    return d;
}

/*
 * Reads (mode, started_at, value) rows, and for each mode and day sets the median of the values:
 * of the spreads (spread; their count is the day's tables) or of the waits. The rows come sorted
 * by mode and value: each mode and day's values are gathered apart, in order, then their median
 * taken. 0 or -1.
 */
static int medians(ippon_store *st, days *ds, const char *sql, int64_t since_ms, bool spread)
{
    ippon_sql_stmt *q = ippon_store_prepare(st, sql);
    if (!q) {
        ippon_store_failed(st, "read the queue's statistics");
        return -1;
    }
    ippon_sql_bind_int64(q, 1, since_ms);
    typedef struct run_values {
        double *v;
        int64_t n, cap;
    } run_values;
    run_values *runs = NULL; /* one per day of ds, by index */
    int nruns = 0, rc = 0, step;
    while ((step = ippon_sql_step(q)) == IPPON_SQL_ROW && rc == 0) {
        char day[11];
        const char *mode = ippon_sql_column_text(q, 0);
        day_of(ippon_sql_column_int64(q, 1), day);
        ippon_queue_day *d = day_at(ds, mode ? mode : "", day);
        int at = d ? (int)(d - ds->d) : -1;
        if (at >= nruns) {
            run_values *r = realloc(runs, (size_t)ds->cap * sizeof *r);
            if (r) {
                memset(r + nruns, 0, (size_t)(ds->cap - nruns) * sizeof *r);
                runs = r;
                nruns = ds->cap;
            }
        }
        if (at < 0 || at >= nruns) {
            rc = -1;
            break;
        }
        run_values *r = &runs[at];
        if (r->n == r->cap) {
            int64_t cap = r->cap ? 2 * r->cap : 16;
            double *v = realloc(r->v, (size_t)cap * sizeof *v);
            if (!v) {
                rc = -1;
                break;
            }
            r->v = v;
            r->cap = cap;
        }
        r->v[r->n++] = ippon_sql_column_double(q, 2);
    }
    if (rc == 0 && step != IPPON_SQL_DONE && step != IPPON_SQL_ROW) {
        ippon_store_failed(st, "read the queue's statistics");
        rc = -1;
    }
    ippon_sql_finalize(q);
    for (int i = 0; i < nruns && i < ds->n; i++) {
        if (rc == 0 && runs[i].n > 0) {
            double m = median(runs[i].v, runs[i].n);
            if (spread)
                ds->d[i].median_spread = m;
            else
                ds->d[i].median_wait_ms = m;
            if (spread)
                ds->d[i].tables = runs[i].n;
        }
    }
    for (int i = 0; i < nruns; i++)
        free(runs[i].v);
    free(runs);
    return rc;
}

static int newest_first(const void *a, const void *b)
{
    const ippon_queue_day *x = a, *y = b;
    int c = strcmp(y->day, x->day);
    return c ? c : strcmp(x->mode, y->mode) == 0 ? 0 : strcmp(x->mode, "4p") == 0 ? -1 : 1;
}

int ippon_store_queue_days(ippon_store *st, int64_t since_ms, ippon_queue_day **out)
{
    static const char spreads[] =
        "SELECT mode, started_at, queue_spread FROM matches"
        " WHERE queue_spread IS NOT NULL AND started_at >= ? AND ranked = 1 ORDER BY mode, queue_spread";
    static const char waits[] =
        "SELECT m.mode, m.started_at, p.queue_wait_ms FROM matches m JOIN match_players p ON p.match_id = m.id"
        " WHERE m.queue_spread IS NOT NULL AND m.started_at >= ? AND m.ranked = 1 AND p.queue_wait_ms IS NOT NULL"
        " ORDER BY m.mode, p.queue_wait_ms";
    days ds = {0};
    *out = NULL;
    if (medians(st, &ds, spreads, since_ms, true) != 0 || medians(st, &ds, waits, since_ms, false) != 0) {
        free(ds.d);
        return -1;
    }
    if (ds.n > 1)
        qsort(ds.d, (size_t)ds.n, sizeof *ds.d, newest_first);
    *out = ds.d;
    return ds.n;
}
