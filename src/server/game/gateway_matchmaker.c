/*
 * gateway_matchmaker.c — the gateway's side of a cluster's matchmaker (gateway_matchmaker.h):
 * seating a group the matchmaker took, sending a player to the node of its table, and what the
 * matchmaker may ask of the running tables. Leaving the queue here and there at once is
 * gateway_lobby.c's.
 */
#include "game/gateway_matchmaker.h"

#include <stdio.h>
#include <string.h>

#include "base/log.h"
#include "game/gateway_conn.h"
#include "game/gateway_lobby.h"
#include "game/gateway_state.h"
#include "game/gateway_tables.h"

void ippon_gateway_set_matchmaker(ippon_gateway *gw, const ippon_gateway_matchmaker *mm)
{
    gw->has_mm = mm != NULL;
    if (mm)
        gw->mm = *mm;
}

bool ippon_gateway_forming(const ippon_gateway *gw)
{
    return !gw->draining && !gw->maintenance;
}

int ippon_gateway_seat_group(ippon_gateway *gw, ippon_mode mode, const ippon_lobby_entry *humans, int n,
                             const char *table_id)
{
    ippon_lobby_entry seated[IPPON_LOBBY_MAX_GROUP] = {0};
    if (n > IPPON_LOBBY_MAX_GROUP)
        return -1;
    for (int i = 0; i < n; i++) { /* queued at wall-clock times: the table's waits are on the gateway's clock */
        seated[i] = humans[i];
        seated[i].since = gw_mono_ms(gw, humans[i].since);
    }
    if (gw_start_table_as(gw, mode, seated, n, true, table_id) != 0)
        return -1; /* they still wait here, for the matchmaker's ippon_gateway_queue_refused */
    for (int i = 0; i < n; i++) /* off the shared queue already: only the lobby here forgets them */
        ippon_lobby_leave(gw->lobby, humans[i].user_id);
    return 0;
}

bool ippon_gateway_send_elsewhere(ippon_gateway *gw, const char *user_id, const char *node, const char *table,
                                  const char *reason)
{
    ippon_conn *c = gw_conn_of(gw, user_id);
    if (!c || c->closing)
        return false;
    ippon_lobby_leave(gw->lobby, user_id); /* off the shared queue already: the take or the seat says so */
    gw_send_move(gw, c, reason, node, "table", table);
    return true;
}

void ippon_gateway_queue_refused(ippon_gateway *gw, const char *user_id, const char *code, const char *message)
{
    ippon_conn *c = gw_conn_of(gw, user_id);
    if (ippon_lobby_mode_of(gw->lobby, user_id) < 0)
        return; /* it left meanwhile */
    ippon_lobby_leave(gw->lobby, user_id);
    if (!c || c->closing)
        return;
    gw_send_error(gw, c, code, message);
    gw_send(gw, c, json_pack("{s:s}", "type", "unqueued"));
}

void ippon_gateway_tell_lost(ippon_gateway *gw, const char *user_id, const char *table)
{
    ippon_conn *c = gw_conn_of(gw, user_id);
    if (!c || c->closing)
        return;
    gw_send(gw, c, json_pack("{s:s,s:s,s:s}", "type", "table_closed", "table", table, "reason",
                             "the server that hosted your match was lost: the match is void"));
}

void ippon_gateway_each_table(ippon_gateway *gw, void (*fn)(void *ctx, const char *id, const char *const *users, int n),
                              void *ctx)
{
    for (struct gw_table *gt = gw_table_first(gw); gt; gt = gw_table_next(gt)) {
        if (gw_table_finished(gt))
            continue;
        const char *users[IPPON_MAX_PLAYERS];
        int n = gw_table_humans(gw_table_game(gt), users);
        fn(ctx, ippon_table_id(gw_table_game(gt)), users, n);
    }
}

void ippon_gateway_replaced_elsewhere(ippon_gateway *gw, const char *user_id)
{
    ippon_conn *c = gw_conn_of(gw, user_id);
    if (!c || c->closing)
        return;
    ippon_log(IPPON_LOG_INFO, "gateway: user %s connected on another node: closing its socket here", user_id);
    gw_stop_waiting(gw, user_id);
    gw_send_error_and_close(gw, c, "replaced", "you connected from elsewhere");
    ippon_strmap_remove(gw->users, user_id); /* the socket is no longer the user's here: its close */
    c->user_id[0] = '\0';                    /* releases no presence (the other node holds it) */
}
