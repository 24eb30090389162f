/*
 * metrics.c — counters, histograms and the /metrics page (metrics.h).
 *
 * How it works: a histogram is a fixed list of upper bounds with a count per bound (and one
 * for +Inf), a sum and a total; observing is a short scan. The page is written into a
 * growing buffer: first the gauges read from the gateway (admin_live.h), then the counters,
 * then each histogram with its cumulative buckets, as Prometheus expects.
 */
#include "metrics.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "admin_live.h"
#include "db_health.h"

#ifndef IPPON_VERSION
#define IPPON_VERSION "0.0.0"
#endif

#define HIST_MAX_BOUNDS 16

typedef struct histogram {
    const double *bounds;
    int n;
    uint64_t counts[HIST_MAX_BOUNDS + 1]; /* counts[n]: above every bound */
    double sum;
    uint64_t total;
} histogram;

/* seconds; the action budget is 5 ms at the 99th percentile (DESIGN.md) */
static const double action_bounds[] = {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1};
/* seconds; bots fill a table after bot_fill_after (30 s by default) */
static const double wait_bounds[] = {1, 2, 5, 10, 20, 30, 45, 60, 120, 300, 600};

struct ippon_metrics {
    int64_t started_ms;
    uint64_t counters[IPPON_METRIC_COUNTERS];
    uint64_t http[6]; /* by status class: [1] 1xx … [5] 5xx, [0] anything else */
    histogram action_latency, queue_wait;
};

static int64_t monotonic_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

ippon_metrics *ippon_metrics_new(int64_t started_ms)
{
    ippon_metrics *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->started_ms = started_ms;
    m->action_latency.bounds = action_bounds;
    m->action_latency.n = (int)(sizeof action_bounds / sizeof action_bounds[0]);
    m->queue_wait.bounds = wait_bounds;
    m->queue_wait.n = (int)(sizeof wait_bounds / sizeof wait_bounds[0]);
    return m;
}

void ippon_metrics_free(ippon_metrics *m)
{
    free(m);
}

void ippon_metrics_count(ippon_metrics *m, ippon_metric_counter which)
{
    if (m && which < IPPON_METRIC_COUNTERS)
        m->counters[which]++;
}

void ippon_metrics_http(ippon_metrics *m, int status)
{
    if (m)
        m->http[status >= 100 && status < 600 ? status / 100 : 0]++;
}

static void observe(histogram *h, double v)
{
    int i = 0;
    while (i < h->n && v > h->bounds[i])
        i++;
    h->counts[i]++;
    h->sum += v;
    h->total++;
}

void ippon_metrics_action_latency(ippon_metrics *m, double seconds)
{
    if (m)
        observe(&m->action_latency, seconds);
}

void ippon_metrics_queue_wait(ippon_metrics *m, double seconds)
{
    if (m)
        observe(&m->queue_wait, seconds);
}

/* ---- the page -------------------------------------------------------------------------- */

typedef struct page {
    char *text;
    size_t len, cap;
    int failed;
} page;

static void put(page *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(page *p, const char *fmt, ...)
{
    for (int attempt = 0; attempt < 2 && !p->failed; attempt++) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(p->text ? p->text + p->len : NULL, p->text ? p->cap - p->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            p->failed = 1;
            return;
        }
        if (p->text && p->len + (size_t)n < p->cap) {
            p->len += (size_t)n;
            return;
        }
        size_t cap = p->cap ? p->cap : 4096;
        while (cap <= p->len + (size_t)n)
            cap *= 2;
        char *grown = realloc(p->text, cap);
        if (!grown) {
            p->failed = 1;
            return;
        }
        p->text = grown;
        p->cap = cap;
    }
}

static void family(page *p, const char *name, const char *type, const char *help)
{
    put(p, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

static void put_histogram(page *p, const char *name, const char *help, const histogram *h)
{
    family(p, name, "histogram", help);
    uint64_t cumulative = 0;
    for (int i = 0; i < h->n; i++) {
        cumulative += h->counts[i];
        put(p, "%s_bucket{le=\"%g\"} %llu\n", name, h->bounds[i], (unsigned long long)cumulative);
    }
    put(p, "%s_bucket{le=\"+Inf\"} %llu\n", name, (unsigned long long)h->total);
    put(p, "%s_sum %.6f\n%s_count %llu\n", name, h->sum, name, (unsigned long long)h->total);
}

static const char *const modes[2] = {"4p", "3p"};

char *ippon_metrics_render(const ippon_metrics *m, ippon_app *app, int64_t now_ms)
{
    page p = {0};
    ippon_live_gauges g;
    memset(&g, 0, sizeof g);
    if (app && app->gateway)
        ippon_live_gauges_get(app->gateway, &g);

    family(&p, "ippon_build_info", "gauge", "The server's version.");
    put(&p, "ippon_build_info{version=\"%s\"} 1\n", IPPON_VERSION);
    family(&p, "ippon_uptime_seconds", "gauge", "Seconds since the server started.");
    put(&p, "ippon_uptime_seconds %.3f\n", m ? (double)(now_ms - m->started_ms) / 1000.0 : 0.0);
    family(&p, "ippon_connections", "gauge", "Open game WebSockets.");
    put(&p, "ippon_connections %ld\n", g.connections);
    family(&p, "ippon_players_online", "gauge", "Signed-in players with an open WebSocket.");
    put(&p, "ippon_players_online %ld\n", g.players_online);
    family(&p, "ippon_tables", "gauge", "Running tables.");
    for (int i = 0; i < 2; i++)
        put(&p, "ippon_tables{mode=\"%s\"} %ld\n", modes[i], g.tables[i]);
    family(&p, "ippon_queue_length", "gauge", "Players waiting in the queue.");
    for (int i = 0; i < 2; i++)
        put(&p, "ippon_queue_length{mode=\"%s\"} %ld\n", modes[i], g.queued[i]);
    family(&p, "ippon_queue_longest_wait_seconds", "gauge", "How long the first player in the queue has waited.");
    for (int i = 0; i < 2; i++)
        put(&p, "ippon_queue_longest_wait_seconds{mode=\"%s\"} %.3f\n", modes[i], g.longest_wait_s[i]);
    family(&p, "ippon_draining", "gauge", "1 while the server shuts down (no new matches).");
    put(&p, "ippon_draining %d\n", g.draining ? 1 : 0);
    family(&p, "ippon_maintenance", "gauge", "1 in maintenance mode (no new matches; running ones finish).");
    put(&p, "ippon_maintenance %d\n", g.maintenance ? 1 : 0);

    if (app) {
        ippon_db_health h;
        ippon_db_health_get(app, &h);
        family(&p, "ippon_store_db_state", "gauge", "The database: 0 ok, 1 degraded (writes wait), 2 unwritable (writes fail).");
        put(&p, "ippon_store_db_state %d\n", (int)h.state);
        family(&p, "ippon_store_matches_waiting", "gauge", "Finished matches not stored yet.");
        put(&p, "ippon_store_matches_waiting %d\n", h.matches_waiting);
        family(&p, "ippon_store_writer_queue", "gauge", "Writes queued for the store writer (waiting or running).");
        put(&p, "ippon_store_writer_queue %zu\n", h.writer_queue);
        family(&p, "ippon_store_write_failures_total", "counter", "Write attempts that failed (each is tried again or given up).");
        put(&p, "ippon_store_write_failures_total %llu\n", (unsigned long long)h.write_failures);
    }

    family(&p, "ippon_matches_finished_total", "counter", "Tables that ended (won, or closed without a result).");
    put(&p, "ippon_matches_finished_total %ld\n", g.matches_finished);
    family(&p, "ippon_messages_received_total", "counter", "Game messages received from players.");
    put(&p, "ippon_messages_received_total %ld\n", g.messages_in);
    family(&p, "ippon_messages_sent_total", "counter", "Game messages queued to players.");
    put(&p, "ippon_messages_sent_total %ld\n", g.messages_out);
    family(&p, "ippon_errors_total", "counter",
           "Errors: bad game messages, matches the database did not take, HTTP 5xx replies.");
    put(&p, "ippon_errors_total{kind=\"bad_message\"} %ld\n", g.bad_messages);
    put(&p, "ippon_errors_total{kind=\"match_not_stored\"} %llu\n",
        m ? (unsigned long long)m->counters[IPPON_METRIC_MATCH_NOT_STORED] : 0ULL);
    put(&p, "ippon_errors_total{kind=\"http_5xx\"} %llu\n", m ? (unsigned long long)m->http[5] : 0ULL);
    family(&p, "ippon_http_responses_total", "counter", "REST replies by status class.");
    for (int c = 1; c <= 5; c++)
        put(&p, "ippon_http_responses_total{class=\"%dxx\"} %llu\n", c, m ? (unsigned long long)m->http[c] : 0ULL);
    family(&p, "ippon_logins_failed_total", "counter", "Logins with a wrong username or password.");
    put(&p, "ippon_logins_failed_total %llu\n", m ? (unsigned long long)m->counters[IPPON_METRIC_LOGIN_FAILED] : 0ULL);
    family(&p, "ippon_admin_logins_failed_total", "counter", "Failed logins to administrator accounts.");
    put(&p, "ippon_admin_logins_failed_total %llu\n",
        m ? (unsigned long long)m->counters[IPPON_METRIC_ADMIN_LOGIN_FAILED] : 0ULL);
    family(&p, "ippon_admin_actions_total", "counter", "Administrator actions (each one is in the audit log).");
    put(&p, "ippon_admin_actions_total %llu\n", m ? (unsigned long long)m->counters[IPPON_METRIC_ADMIN_ACTION] : 0ULL);

    if (m) {
        put_histogram(&p, "ippon_action_latency_seconds",
                      "Time to handle a player's action, from its message to the events queued for every seat.",
                      &m->action_latency);
        put_histogram(&p, "ippon_queue_wait_seconds", "How long queued players waited before being seated.",
                      &m->queue_wait);
    }
    if (p.failed) {
        free(p.text);
        return NULL;
    }
    return p.text;
}

void ippon_metrics_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    (void)req;
    char *text = ippon_metrics_render(app->metrics, app, monotonic_ms());
    if (!text) {
        ippon_rest_reply_error(res, 500, "internal", "out of memory");
        return;
    }
    free(res->body);
    res->status = 200;
    res->body = text;
    res->body_len = strlen(text);
    res->content_type = "text/plain; version=0.0.4; charset=utf-8";
}
