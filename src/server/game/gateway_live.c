/*
 * gateway_live.c — the running game as an administrator sees it (gateway_live.h), and the
 * gateway's numbers (ippon_gateway_stats_get).
 *
 * How it works: everything is read on demand from the gateway's own structures — the list of
 * running tables, the lobby's queues, the user → connection map — when the admin area or
 * /metrics asks, so playing costs nothing extra. A table's numbers (hand, honba, sticks) come
 * from its public view, the same one a spectator would get.
 */
#include "game/gateway_live.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/gateway_conn.h"
#include "game/gateway_ladder.h"
#include "game/gateway_lobby.h"
#include "game/gateway_state.h"
#include "game/gateway_tables.h"
#include "game/gateway_watch.h"

static ippon_mode table_mode(const ippon_table *t)
{
    return ippon_mode_of_players(ippon_table_players(t));
}

/* how long table t has gone without a public event (since its start if it has had none) */
static int64_t idle_ms(const ippon_table *t, int64_t now)
{
    const ippon_public_feed *f = ippon_table_feed(t);
    long next = ippon_feed_next(f);
    const struct feed_entry *last = next > 0 ? ippon_feed_get(f, next - 1) : NULL;
    int64_t since = 0;
    if (last) {
        since = last->at;
    } else {
        int wind, kyoku, honba;
        ippon_table_standing(t, &wind, &kyoku, &honba, &since);
    }
    return now > since ? now - since : 0;
}

void ippon_gateway_stats_get(const ippon_gateway *gw, ippon_gateway_stats *out)
{
    *out = gw->stats;
    int64_t now = gw_now(gw);
    out->connections = gw->n_conns;
    out->players_online = (long)ippon_strmap_count(gw->users);
    for (ippon_mode mode = 0; mode < IPPON_MODES; mode++) {
        out->tables[mode] = 0;
        out->queued[mode] = ippon_lobby_size(gw->lobby, mode);
        int64_t oldest = ippon_lobby_oldest(gw->lobby, mode);
        out->longest_wait_s[mode] = oldest < 0 ? 0.0 : (double)(now - oldest) / 1000.0;
    }
    out->longest_idle_s = 0.0;
    for (const struct gw_table *gt = gw_table_first(gw); gt; gt = gw_table_next(gt))
        if (!gw_table_finished(gt)) {
            out->tables[table_mode(gw_table_game(gt))]++;
            double idle = (double)idle_ms(gw_table_game(gt), now) / 1000.0;
            if (idle > out->longest_idle_s)
                out->longest_idle_s = idle;
        }
    out->draining = gw->draining;
    out->maintenance = gw->maintenance;
    gw_ladder_counts(gw, &out->ladder);
}

static json_t *queue_json(ippon_gateway *gw, ippon_mode mode, int64_t now)
{
    int count;
    const ippon_lobby_entry *e = ippon_lobby_entries(gw->lobby, mode, &count);
    json_t *waiting = json_array();
    for (int i = 0; i < count; i++)
        json_array_append_new(waiting, json_pack("{s:s,s:s,s:I}", "user_id", e[i].user_id, "name", e[i].name,
                                                 "waited_ms", (json_int_t)(now - e[i].since)));
    return json_pack("{s:i,s:I,s:o}", "size", count, "longest_wait_ms", (json_int_t)(count ? now - e[0].since : 0),
                     "waiting", waiting);
}

static json_t *table_json(ippon_gateway *gw, const struct gw_table *gt, int64_t now)
{
    const ippon_table *t = gw_table_game(gt);
    json_t *view = ippon_table_public_view(t, now);
    json_t *players = json_array();
    for (int s = 0; s < ippon_table_players(t); s++) {
        const ippon_seat_player *p = ippon_table_player_at(t, s);
        json_t *seat = gw_seat_public_json(t, s);
        json_object_set_new(seat, "user_id", p->bot ? json_null() : json_string(p->user_id));
        json_object_set_new(seat, "connected", json_boolean(!p->bot && gw_conn_of(gw, p->user_id)));
        json_array_append_new(players, seat);
    }
    json_t *o = json_pack("{s:s,s:s,s:O,s:O,s:O,s:O,s:O,s:O,s:O,s:o}", "id", ippon_table_id(t), "mode",
                          ippon_mode_name(table_mode(t)), "ranked", json_object_get(view, "ranked"), "hand_number",
                          json_object_get(view, "hand_number"), "round_wind", json_object_get(view, "round_wind"),
                          "dealer", json_object_get(view, "dealer"), "honba", json_object_get(view, "honba"), "sticks",
                          json_object_get(view, "sticks"), "running_ms", json_object_get(view, "running_ms"),
                          "players", players);
    json_object_set_new(o, "idle_ms", json_integer((json_int_t)idle_ms(t, now)));
    json_decref(view);
    return o;
}

json_t *ippon_gateway_live_json(ippon_gateway *gw)
{
    int64_t now = gw_now(gw);
    ippon_gateway_stats g;
    ippon_gateway_stats_get(gw, &g);
    struct gw_table *last = NULL;
    for (struct gw_table *gt = gw_table_first(gw); gt; gt = gw_table_next(gt))
        last = gt;
    json_t *tables = json_array(), *queues = json_object();
    long listed = 0, tables_total = 0;
    for (ippon_mode mode = 0; mode < IPPON_MODES; mode++) {
        json_object_set_new(queues, ippon_mode_name(mode), queue_json(gw, mode, now));
        tables_total += g.tables[mode];
    }
    for (struct gw_table *gt = last; gt && listed < IPPON_GATEWAY_LIVE_MAX_TABLES; gt = gw_table_prev(gt)) /* oldest first */
        if (!gw_table_finished(gt)) {
            json_array_append_new(tables, table_json(gw, gt, now));
            listed++;
        }
    return json_pack("{s:i,s:i,s:b,s:b,s:o,s:i,s:o,s:o}", "connections", (int)g.connections, "players_online",
                     (int)g.players_online, "draining", g.draining, "maintenance", g.maintenance, "queues", queues,
                     "tables_total", (int)tables_total, "tables", tables, "matches_lost",
                     ippon_gateway_lost_json(&g));
}

json_t *ippon_gateway_lost_json(const ippon_gateway_stats *g)
{
    return json_pack("{s:I,s:I}", "journals_unreadable", (json_int_t)g->journals_unreadable, "voided_at_resume",
                     (json_int_t)g->matches_voided_at_resume);
}

static struct gw_table *find_table(ippon_gateway *gw, const char *table_id)
{
    for (struct gw_table *gt = gw_table_first(gw); gt; gt = gw_table_next(gt))
        if (!gw_table_finished(gt) && !ippon_table_over(gw_table_game(gt)) && !strcmp(ippon_table_id(gw_table_game(gt)), table_id))
            return gt;
    return NULL;
}

json_t *ippon_gateway_table_view(ippon_gateway *gw, const char *table_id)
{
    struct gw_table *gt = find_table(gw, table_id);
    if (!gt)
        return NULL;
    int64_t now = gw_now(gw);
    json_t *view = ippon_table_public_view(gw_table_game(gt), now);
    json_t *summary = table_json(gw, gt, now);
    json_object_set(view, "mode", json_object_get(summary, "mode"));
    json_object_set(view, "players_info", json_object_get(summary, "players"));
    json_decref(summary);
    return view;
}

int ippon_gateway_close_table(ippon_gateway *gw, const char *table_id, const char *reason)
{
    struct gw_table *gt = find_table(gw, table_id);
    if (!gt)
        return -1;
    gw_table_close(gw, gt, reason);
    return 0;
}

bool ippon_gateway_disconnect(ippon_gateway *gw, const char *user_id, const char *code, const char *message)
{
    gw_stop_waiting(gw, user_id);
    ippon_conn *c = gw_conn_of(gw, user_id);
    if (!c)
        return false;
    gw_send_error_and_close(gw, c, code, message);
    return true;
}

void ippon_gateway_renamed(ippon_gateway *gw, const char *user_id, const char *display_name)
{
    ippon_conn *c = gw_conn_of(gw, user_id);
    if (c)
        snprintf(c->name, sizeof c->name, "%s", display_name);
}

bool ippon_gateway_online(ippon_gateway *gw, const char *user_id)
{
    return gw_conn_of(gw, user_id) != NULL;
}
