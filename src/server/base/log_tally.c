/*
 * log_tally.c — events counted per key for summary log lines (log_tally.h): a string map of
 * keys to their period's start and counts; a report walks it, gathers the keys whose period is
 * over, hands each to the caller and removes it.
 */
#include "base/log_tally.h"

#include <stdlib.h>
#include <string.h>

#include "base/strmap.h"

typedef struct tally_entry {
    long long since;
    long long counts[IPPON_LOG_TALLY_KINDS];
} tally_entry;

struct ippon_log_tally {
    ippon_strmap *keys;
    long long period_ms;
    size_t max_keys;
};

ippon_log_tally *ippon_log_tally_new(long long period_ms, size_t max_keys)
{
    if (period_ms < 1 || max_keys < 1)
        return NULL;
    ippon_log_tally *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->keys = ippon_strmap_new();
    if (!t->keys) {
        free(t);
        return NULL;
    }
    t->period_ms = period_ms;
    t->max_keys = max_keys;
    return t;
}

static void free_entry(void *ctx, const char *key, void *value)
{
    (void)ctx;
    (void)key;
    free(value);
}

void ippon_log_tally_free(ippon_log_tally *t)
{
    if (!t)
        return;
    ippon_strmap_each(t->keys, free_entry, NULL);
    ippon_strmap_free(t->keys);
    free(t);
}

void ippon_log_tally_add(ippon_log_tally *t, const char *key, int kind, long long now_ms)
{
    if (kind < 0 || kind >= IPPON_LOG_TALLY_KINDS)
        return;
    tally_entry *e = ippon_strmap_get(t->keys, key);
    if (!e && ippon_strmap_count(t->keys) >= t->max_keys) {
        key = ""; /* the other keys, together */
        e = ippon_strmap_get(t->keys, key);
    }
    if (!e) {
        e = calloc(1, sizeof *e);
        if (!e)
            return;
        e->since = now_ms;
        if (ippon_strmap_put(t->keys, key, e) != 0) {
            free(e);
            return;
        }
    }
    e->counts[kind]++;
}

typedef struct due_walk {
    const ippon_log_tally *t;
    long long now_ms;
    bool all;
    char **keys;
    size_t n;
} due_walk;

static void gather_due(void *ctx, const char *key, void *value)
{
    due_walk *w = ctx;
    const tally_entry *e = value;
    if (w->all || w->now_ms - e->since >= w->t->period_ms) {
        char *copy = strdup(key);
        if (copy)
            w->keys[w->n++] = copy;
    }
}

void ippon_log_tally_report(ippon_log_tally *t, long long now_ms, bool all, ippon_log_tally_fn fn, void *ctx)
{
    size_t count = ippon_strmap_count(t->keys);
    if (count == 0)
        return;
    due_walk w = {.t = t, .now_ms = now_ms, .all = all, .keys = calloc(count, sizeof(char *))};
    if (!w.keys)
        return; /* reported at a later call */
    ippon_strmap_each(t->keys, gather_due, &w);
    for (size_t i = 0; i < w.n; i++) {
        tally_entry *e = ippon_strmap_remove(t->keys, w.keys[i]);
        if (e)
            fn(ctx, w.keys[i], e->counts);
        free(e);
        free(w.keys[i]);
    }
    free(w.keys);
}

size_t ippon_log_tally_size(const ippon_log_tally *t)
{
    return ippon_strmap_count(t->keys);
}
