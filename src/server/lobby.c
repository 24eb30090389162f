/*
 * lobby.c — the waiting queues (lobby.h): a growable array per mode, kept in arrival order.
 */
#include "lobby.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct queue {
    ippon_lobby_entry *entries;
    int count, cap;
};

struct ippon_lobby {
    struct queue q[IPPON_LOBBY_MODES];
};

ippon_lobby *ippon_lobby_new(void) { return calloc(1, sizeof(ippon_lobby)); }

void ippon_lobby_free(ippon_lobby *l)
{
    if (!l)
        return;
    for (int m = 0; m < IPPON_LOBBY_MODES; m++)
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
    for (int m = 0; m < IPPON_LOBBY_MODES; m++) {
        int i = find(&l->q[m], user_id);
        if (i >= 0) {
            remove_at(&l->q[m], i);
            was = true;
        }
    }
    return was;
}

int ippon_lobby_join(ippon_lobby *l, int mode, const char *user_id, const char *name, int64_t now)
{
    if (mode < 0 || mode >= IPPON_LOBBY_MODES)
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
    e->since = now;
    return q->count;
}

int ippon_lobby_mode_of(const ippon_lobby *l, const char *user_id)
{
    for (int m = 0; m < IPPON_LOBBY_MODES; m++)
        if (find(&l->q[m], user_id) >= 0)
            return m;
    return -1;
}

int ippon_lobby_size(const ippon_lobby *l, int mode) { return l->q[mode].count; }

int64_t ippon_lobby_oldest(const ippon_lobby *l, int mode)
{
    return l->q[mode].count ? l->q[mode].entries[0].since : -1;
}

const ippon_lobby_entry *ippon_lobby_entries(const ippon_lobby *l, int mode, int *count)
{
    *count = l->q[mode].count;
    return l->q[mode].entries;
}

int ippon_lobby_take(ippon_lobby *l, int mode, int players, int64_t bot_fill_after_ms, int64_t now,
                     ippon_lobby_entry *out)
{
    struct queue *q = &l->q[mode];
    int n = 0;
    if (q->count >= players)
        n = players;
    else if (q->count > 0 && now - q->entries[0].since >= bot_fill_after_ms)
        n = q->count;
    for (int i = 0; i < n; i++)
        out[i] = q->entries[i];
    for (int i = 0; i < n; i++)
        remove_at(q, 0);
    return n;
}
