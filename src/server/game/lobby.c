/*
 * lobby.c — the waiting queues (lobby.h): a growable array per mode, kept in arrival order.
 * A group is picked by one walk in queue order per anchor (the anchors in queue order too: at most
 * n² steps for n waiting, a single server's queue holding a few tables' worth); the users picked
 * are then removed in one pass that keeps the others' order. QUEUE_TAKE in cluster/coord.c is the
 * same rule in Lua over the shared queue: change one, change both.
 */
#include "game/lobby.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct queue {
    ippon_lobby_entry *entries;
    int count, cap;
};

struct ippon_lobby {
    struct queue q[IPPON_MODES];
    bool shared_addresses; /* false: a group's players come from distinct addresses */
};

ippon_lobby *ippon_lobby_new(void) { return calloc(1, sizeof(ippon_lobby)); }

void ippon_lobby_distinct_addresses(ippon_lobby *l, bool on) { l->shared_addresses = !on; }

void ippon_lobby_free(ippon_lobby *l)
{
    if (!l)
        return;
    for (int m = 0; m < IPPON_MODES; m++)
        free(l->q[m].entries);
    free(l);
}

static int find(const struct queue *q, const char *user_id)
{
    for (int i = 0; i < q->count; i++)
        if (!strcmp(q->entries[i].user_id, user_id))
            return i;
    return -1;
}

static void remove_at(struct queue *q, int i)
{
    memmove(&q->entries[i], &q->entries[i + 1], (size_t)(q->count - i - 1) * sizeof q->entries[0]);
    q->count--;
}

bool ippon_lobby_leave(ippon_lobby *l, const char *user_id)
{
    bool was = false;
    for (int m = 0; m < IPPON_MODES; m++) {
        int i = find(&l->q[m], user_id);
        if (i >= 0) {
            remove_at(&l->q[m], i);
            was = true;
        }
    }
    return was;
}

int ippon_lobby_join(ippon_lobby *l, ippon_mode mode, const char *user_id, const char *name, const char *addr,
                     double rating, int64_t now)
{
    if ((unsigned)mode >= IPPON_MODES)
        return -1;
    ippon_lobby_leave(l, user_id);
    struct queue *q = &l->q[mode];
    if (q->count == q->cap) {
        int cap = q->cap ? 2 * q->cap : 16;
        ippon_lobby_entry *e = realloc(q->entries, (size_t)cap * sizeof *e);
        if (!e)
            return -1;
        q->entries = e;
        q->cap = cap;
    }
    ippon_lobby_entry *e = &q->entries[q->count++];
    snprintf(e->user_id, sizeof e->user_id, "%s", user_id);
    snprintf(e->name, sizeof e->name, "%s", name);
    snprintf(e->addr, sizeof e->addr, "%s", addr ? addr : "");
    e->rating = rating;
    e->since = now;
    return q->count;
}

int ippon_lobby_mode_of(const ippon_lobby *l, const char *user_id)
{
    for (int m = 0; m < IPPON_MODES; m++)
        if (find(&l->q[m], user_id) >= 0)
            return m;
    return -1;
}

int ippon_lobby_size(const ippon_lobby *l, ippon_mode mode) { return l->q[mode].count; }

int ippon_lobby_total(const ippon_lobby *l)
{
    int n = 0;
    for (int m = 0; m < IPPON_MODES; m++)
        n += l->q[m].count;
    return n;
}

int64_t ippon_lobby_oldest(const ippon_lobby *l, ippon_mode mode)
{
    return l->q[mode].count ? l->q[mode].entries[0].since : -1;
}

const ippon_lobby_entry *ippon_lobby_entries(const ippon_lobby *l, ippon_mode mode, int *count)
{
    *count = l->q[mode].count;
    return l->q[mode].entries;
}

/* whether entry e's address lets it join the group of the n entries picked (indexes into q) */
static bool address_fits(const ippon_lobby *l, const struct queue *q, const int *picked, int n,
                         const ippon_lobby_entry *e)
{
    if (l->shared_addresses || !e->addr[0])
        return true;
    for (int i = 0; i < n; i++)
        if (!strcmp(q->entries[picked[i]].addr, e->addr))
            return false;
    return true;
}

double ippon_lobby_spread(const ippon_lobby_entry *e, int n)
{
    if (n < 2)
        return 0.0;
    double lo = e[0].rating, hi = e[0].rating;
    for (int i = 1; i < n; i++) {
        lo = e[i].rating < lo ? e[i].rating : lo;
        hi = e[i].rating > hi ? e[i].rating : hi;
    }
    return hi - lo;
}

/* the group of anchor a: a, then the earliest others that fit (its window, distinct addresses),
   up to `players`; picked in queue order. Returns its size */
static int gather(const ippon_lobby *l, const struct queue *q, int a, int players, const ippon_queue_window *window,
                  int64_t now, int *picked)
{
    const ippon_lobby_entry *anchor = &q->entries[a];
    double width = window ? ippon_queue_window_width(window, now - anchor->since) : 0.0;
    double lo = anchor->rating, hi = anchor->rating;
    int n = 1;
    picked[0] = a;
    for (int i = 0; i < q->count && n < players; i++) {
        const ippon_lobby_entry *e = &q->entries[i];
        double nlo = e->rating < lo ? e->rating : lo, nhi = e->rating > hi ? e->rating : hi;
        if (i == a || (window && !ippon_queue_window_fits(nlo, nhi, width)) || !address_fits(l, q, picked, n, e))
            continue;
        lo = nlo;
        hi = nhi;
        int at = n++; /* kept in queue order: the anchor moves up past the earlier ones */
        while (at > 0 && picked[at - 1] > i) {
            picked[at] = picked[at - 1];
            at--;
        }
        picked[at] = i;
    }
    return n;
}

int ippon_lobby_take(ippon_lobby *l, ippon_mode mode, int players, const ippon_queue_window *window,
                     int64_t bot_fill_after_ms, int64_t now, ippon_lobby_entry *out)
{
    struct queue *q = &l->q[mode];
    int picked[IPPON_LOBBY_MAX_GROUP], n = 0;
    if (players > IPPON_LOBBY_MAX_GROUP)
        players = IPPON_LOBBY_MAX_GROUP;
    if (q->count == 0 || players < 1)
        return 0;
    for (int a = 0; a < q->count && n < players; a++)
        n = gather(l, q, a, players, window, now, picked);
    if (n < players) {
        if (now - q->entries[0].since < bot_fill_after_ms)
            return 0; /* no full table among equals yet, and nobody has waited long enough for bots */
        n = gather(l, q, 0, players, window, now, picked);
    }
    for (int i = 0; i < n; i++)
        out[i] = q->entries[picked[i]];
    int kept = 0, next = 0;
    for (int i = 0; i < q->count; i++) {
        if (next < n && picked[next] == i) {
            next++;
            continue;
        }
        q->entries[kept++] = q->entries[i];
    }
    q->count = kept;
    return n;
}
