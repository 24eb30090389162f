/*
 * matchmaking_events.c — the gateway's event hooks across a cluster (gateway_matchmaker.h): where
 * an event's entrants are connected before their round is seated (coord.h's presence), and the
 * notice that sends an entrant seated here from its node to this one (the matchmaker's "seated"
 * notice, which its node turns into "move"). src/server/EVENTS.md, "Cluster".
 */
#include "matchmaking/matchmaking_internal.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

/* one presence lookup: whom to answer */
typedef struct presence_ask {
    ippon_matchmaking *m;
    void (*done)(void *arg, const char *const *nodes, int n);
    void *arg;
    int n;
} presence_ask;

static void presence_answered(void *ctx, const ippon_coord_reply *r)
{
    presence_ask *p = ctx;
    ippon_matchmaking *m = p->m;
    m->pending--;
    if (!m->gw) { /* detached: nobody waits */
        free(p->arg);
        free(p);
        return;
    }
    bool ok = r->ok && r->items && (int)r->count == p->n;
    if (r->ok && !ok)
        ippon_log_warn("matchmaking: a presence lookup of %d user(s) answered %zu", p->n, r->count);
    const char **nodes = ok ? calloc((size_t)(p->n > 0 ? p->n : 1), sizeof *nodes) : NULL;
    for (int i = 0; nodes && i < p->n; i++)
        nodes[i] = r->items[i] && strcmp(r->items[i], mm_me(m)) != 0 ? r->items[i] : ""; /* here: not connected */
    p->done(p->arg, nodes, nodes ? p->n : 0);
    free(nodes);
    free(p);
}

void mm_presence_of(void *ctx, const char *const *users, int n,
                    void (*done)(void *arg, const char *const *nodes, int n), void *arg)
{
    ippon_matchmaking *m = ctx;
    presence_ask *p = calloc(1, sizeof *p);
    size_t len = 1;
    for (int i = 0; i < n; i++)
        len += strlen(users[i]) + 1;
    char *csv = p ? malloc(len) : NULL;
    if (!csv) {
        free(p);
        done(arg, NULL, 0);
        return;
    }
    size_t at = 0;
    for (int i = 0; i < n; i++) {
        size_t k = strlen(users[i]);
        if (i > 0)
            csv[at++] = ',';
        memcpy(csv + at, users[i], k);
        at += k;
    }
    csv[at] = '\0';
    *p = (presence_ask){.m = m, .done = done, .arg = arg, .n = n};
    m->pending++;
    ippon_coord_presence_of(m->coord, csv, presence_answered, p);
    free(csv);
}

void mm_seated_here(void *ctx, const char *user_id, const char *node, const char *table_id)
{
    mm_tell_seated(ctx, IPPON_MODE_4P, user_id, node, table_id);
}
