/*
 * gateway_held.c — finished matches held back until this node can vouch for their result
 * (gateway_matchmaker.h, "Held results"): a cluster node whose lease may have run out (it was
 * frozen or cut off; another node may have voided its tables meanwhile) stores a completed match
 * only once the matchmaker has heard from Redis — as it ended, or void as the directory says.
 * A held match owns a copy of its record (the table is freed meanwhile).
 */
#include "game/gateway_finished.h"

#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "game/gateway_conn.h"
#include "game/gateway_state.h"
#include "ippon/match.h"

struct gw_held {
    struct gw_held *next;
    ippon_stored_match rec; /* its pointers into the fields below, its JSON held */
    char id[64];
    ippon_rules rules;
    ippon_seat_player seats[IPPON_MAX_PLAYERS];
    int32_t final_points[IPPON_MAX_PLAYERS], results[IPPON_MAX_PLAYERS];
};

static void held_free(struct gw_held *h)
{
    json_decref((json_t *)h->rec.seeds);
    json_decref((json_t *)h->rec.actions);
    json_decref((json_t *)h->rec.wins);
    json_decref((json_t *)h->rec.fairness);
    free(h);
}

void ippon_gateway_hold_results(ippon_gateway *gw)
{
    gw->results_wait = true;
}

bool gw_holds_results(const ippon_gateway *gw)
{
    if (gw->has_mm)
        return gw->mm.results_sure && !gw->mm.results_sure(gw->mm.ctx);
    return gw->results_wait;
}

int gw_hold(ippon_gateway *gw, const ippon_stored_match *rec)
{
    struct gw_held *h = calloc(1, sizeof *h);
    if (!h || rec->players > IPPON_MAX_PLAYERS || strlen(rec->id) >= sizeof h->id) {
        free(h);
        return -1;
    }
    h->rec = *rec;
    snprintf(h->id, sizeof h->id, "%s", rec->id);
    h->rules = *rec->rules;
    memcpy(h->seats, rec->seats, (size_t)rec->players * sizeof *h->seats);
    memcpy(h->final_points, rec->final_points, (size_t)rec->players * sizeof *h->final_points);
    memcpy(h->results, rec->results, (size_t)rec->players * sizeof *h->results);
    h->rec.id = h->id;
    h->rec.rules = &h->rules;
    h->rec.seats = h->seats;
    h->rec.final_points = h->final_points;
    h->rec.results = h->results;
    json_incref((json_t *)rec->seeds);
    json_incref((json_t *)rec->actions);
    json_incref((json_t *)rec->wins);
    json_incref((json_t *)rec->fairness);
    h->next = gw->held;
    gw->held = h;
    ippon_log_warn("gateway: match %s ended while this node's lease is not known to hold: its result waits for "
                   "the cluster's word", h->id);
    return 0;
}

static int held_humans(const struct gw_held *h, const char *users[IPPON_MAX_PLAYERS])
{
    int n = 0;
    for (int s = 0; s < h->rec.players; s++)
        if (!h->seats[s].bot)
            users[n++] = h->seats[s].user_id;
    return n;
}

void ippon_gateway_release_held(ippon_gateway *gw, const char *table_id, const char *void_reason)
{
    struct gw_held **at = &gw->held;
    while (*at) {
        struct gw_held *h = *at;
        if (table_id && strcmp(h->id, table_id) != 0) {
            at = &h->next;
            continue;
        }
        *at = h->next;
        const char *users[IPPON_MAX_PLAYERS];
        int n = held_humans(h, users);
        if (void_reason) { /* as a closed table's: no result, counted for no one */
            ippon_log_warn("gateway: match %s was voided in the cluster before this node could vouch for it: "
                           "stored void", h->id);
            h->rec.completed = false;
            h->rec.ranked = false;
            memset(h->results, 0, sizeof h->results);
            for (int i = 0; i < n; i++) {
                ippon_conn *c = gw_conn_of(gw, users[i]);
                if (c)
                    gw_send(gw, c, json_pack("{s:s,s:s,s:s}", "type", "table_closed", "table", h->id,
                                             "reason", void_reason));
            }
        }
        gw_store_finished(gw, &h->rec);
        if (gw->has_mm && n > 0)
            gw->mm.table_over(gw->mm.ctx, h->id, users, n);
        held_free(h);
    }
}

void ippon_gateway_each_held(ippon_gateway *gw, void (*fn)(void *ctx, const char *id, const char *const *users, int n),
                             void *ctx)
{
    for (struct gw_held *h = gw->held; h; h = h->next) {
        const char *users[IPPON_MAX_PLAYERS];
        fn(ctx, h->id, users, held_humans(h, users));
    }
}

void gw_held_free(ippon_gateway *gw)
{
    while (gw->held) {
        struct gw_held *h = gw->held;
        gw->held = h->next;
        ippon_log_warn("gateway: match %s is not stored yet (its result waited for the cluster): its journal keeps "
                       "it for the next start", h->id);
        held_free(h);
    }
}
