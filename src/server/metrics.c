/*
 * metrics.c — counters, histograms and the text of a /metrics page (metrics.h).
 *
 * How it works: a histogram is a fixed list of upper bounds with a count per bound (and one
 * for +Inf), a sum and a total; observing is a short scan. A page is a growing buffer; this
 * file writes its own counters and each histogram with its cumulative buckets, as Prometheus
 * expects. The gauges of the game and the store are written by the route (api/metrics_rest.c).
 */
#include "metrics.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


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

/* seconds; the budget is 20 ms at the 99th percentile (src/server/README.md, "Performance budgets") */
static const double action_bounds[] = {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1};
/* seconds; the relay's budget is 5 ms at the 99th percentile each way (src/server/README.md, "Performance
   budgets"): fine steps up to it, coarse ones after */
static const double relay_bounds[] = {0.000002, 0.000005, 0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005,
                                      0.001, 0.002, 0.003, 0.005, 0.01, 0.05, 0.25, 1};
_Static_assert(sizeof relay_bounds / sizeof relay_bounds[0] <= HIST_MAX_BOUNDS, "a histogram has 16 bounds at most");
/* seconds; bots fill a table after bot_fill_after (its default among the bounds) */
static const double wait_bounds[] = {1, 2, 5, 10, 20, 30, 45, 60, 120, 300, 600};

struct ippon_metrics {
    int64_t started_ms;
    uint64_t counters[IPPON_METRIC_COUNTERS];
    uint64_t http[6]; /* by status class: [1] 1xx … [5] 5xx, [0] anything else */
    histogram action_latency, queue_wait;
    histogram mjai_relay[IPPON_MJAI_RELAY_WAYS];
};

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
    for (int way = 0; way < IPPON_MJAI_RELAY_WAYS; way++) {
        m->mjai_relay[way].bounds = relay_bounds;
        m->mjai_relay[way].n = (int)(sizeof relay_bounds / sizeof relay_bounds[0]);
    }
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

void ippon_metrics_mjai_relay(ippon_metrics *m, ippon_mjai_relay_way way, double seconds)
{
    if (m && way < IPPON_MJAI_RELAY_WAYS)
        observe(&m->mjai_relay[way], seconds);
}

/* ---- the page -------------------------------------------------------------------------- */

struct ippon_metrics_page {
    char *text;
    size_t len, cap;
    int failed;
};
typedef ippon_metrics_page page;

ippon_metrics_page *ippon_metrics_page_new(void)
{
    return calloc(1, sizeof(page));
}

char *ippon_metrics_page_text(ippon_metrics_page *p)
{
    if (!p)
        return NULL;
    char *text = p->failed ? NULL : p->text;
    if (p->failed)
        free(p->text);
    free(p);
    return text;
}

void ippon_metrics_line(ippon_metrics_page *p, const char *fmt, ...)
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

void ippon_metrics_family(ippon_metrics_page *p, const char *name, const char *type, const char *help)
{
    ippon_metrics_line(p, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

static void put_histogram(page *p, const char *name, const char *help, const histogram *h)
{
    ippon_metrics_family(p, name, "histogram", help);
    uint64_t cumulative = 0;
    for (int i = 0; i < h->n; i++) {
        cumulative += h->counts[i];
        ippon_metrics_line(p, "%s_bucket{le=\"%g\"} %llu\n", name, h->bounds[i], (unsigned long long)cumulative);
    }
    ippon_metrics_line(p, "%s_bucket{le=\"+Inf\"} %llu\n", name, (unsigned long long)h->total);
    ippon_metrics_line(p, "%s_sum %.6f\n%s_count %llu\n", name, h->sum, name, (unsigned long long)h->total);
}

uint64_t ippon_metrics_counter(const ippon_metrics *m, ippon_metric_counter which)
{
    return m && which < IPPON_METRIC_COUNTERS ? m->counters[which] : 0;
}

uint64_t ippon_metrics_http_class(const ippon_metrics *m, int cls)
{
    return m && cls >= 0 && cls <= 5 ? m->http[cls] : 0;
}

void ippon_metrics_write(const ippon_metrics *m, ippon_metrics_page *p, int64_t now_ms)
{
    ippon_metrics_family(p, "ippon_build_info", "gauge", "The server's version.");
    ippon_metrics_line(p, "ippon_build_info{version=\"%s\"} 1\n", IPPON_VERSION);
    ippon_metrics_family(p, "ippon_uptime_seconds", "gauge", "Seconds since the server started.");
    ippon_metrics_line(p, "ippon_uptime_seconds %.3f\n", m ? (double)(now_ms - m->started_ms) / 1000.0 : 0.0);
    ippon_metrics_family(p, "ippon_http_responses_total", "counter", "REST replies by status class.");
    for (int c = 1; c <= 5; c++)
        ippon_metrics_line(p, "ippon_http_responses_total{class=\"%dxx\"} %llu\n", c,
                           (unsigned long long)ippon_metrics_http_class(m, c));
    ippon_metrics_family(p, "ippon_logins_failed_total", "counter", "Logins with a wrong username or password.");
    ippon_metrics_line(p, "ippon_logins_failed_total %llu\n",
                       (unsigned long long)ippon_metrics_counter(m, IPPON_METRIC_LOGIN_FAILED));
    ippon_metrics_family(p, "ippon_admin_logins_failed_total", "counter", "Failed logins to administrator accounts.");
    ippon_metrics_line(p, "ippon_admin_logins_failed_total %llu\n",
                       (unsigned long long)ippon_metrics_counter(m, IPPON_METRIC_ADMIN_LOGIN_FAILED));
    ippon_metrics_family(p, "ippon_admin_actions_total", "counter", "Administrator actions (each one is in the audit log).");
    ippon_metrics_line(p, "ippon_admin_actions_total %llu\n",
                       (unsigned long long)ippon_metrics_counter(m, IPPON_METRIC_ADMIN_ACTION));
    if (m) {
        put_histogram(p, "ippon_action_latency_seconds",
                      "Time to handle a player's action, from its message to the events queued for every seat.",
                      &m->action_latency);
        put_histogram(p, "ippon_queue_wait_seconds", "How long queued players waited before being seated.",
                      &m->queue_wait);
        put_histogram(p, "ippon_mjai_relay_out_seconds",
                      "An AI's line over mjai, from its table's event handed to its seat to the line written to its socket.",
                      &m->mjai_relay[IPPON_MJAI_RELAY_OUT]);
        put_histogram(p, "ippon_mjai_relay_in_seconds",
                      "An AI's answer over mjai, from its message arriving to the answer taken by its table.",
                      &m->mjai_relay[IPPON_MJAI_RELAY_IN]);
    }
}
